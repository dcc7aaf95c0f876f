//===- ConditionIdentity.h - dispatch-condition identity --------*- C++ -*-===//
//
// Boolean formulas for the predicates of `scf.if` ops, over variables whose
// value is the same in every logical kernel of one dispatch and launch
// coordinate:
//
//  * a dispatch-condition declaration (`#ttl.dispatch_condition<N, T>`): the
//    truth value (nonzero) of every call carrying that attribute, whichever
//    kernel evaluates it -- identified by the attribute, so it survives
//    splitting and composition;
//  * a dispatch-stable predicate: an i1 computed only from side-effect-free
//    ops over constants, operation arguments, launch coordinates and
//    stable loop indices -- identified by its structural class (see
//    `classOf`): two predicates computed by the same formula, e.g. one
//    `col == 0` in each explicit thread, are one variable. (On a static
//    grid the DFB lifecycle proof also evaluates the predicates over
//    coordinates on every core -- CoreEvaluation.h -- so `col == 0` and
//    `col < 1` agree there although they are two variables here.)
//  * a per-kernel value: any other predicate (e.g. the result of an ordinary
//    external call, which each kernel evaluates on its own, or a loop-carried
//    value) -- identified by its SSA value, and equal only within one logical
//    kernel. It prints as `unknown`.
//
// Negation (`xori %p, true`, `cmpi eq %c, 0`), conjunction and disjunction
// are understood.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_CONDITIONIDENTITY_H
#define TTL_TRANSFORMS_TTL_CONDITIONIDENTITY_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::ttl {

/// "file:line" of the first file location in `loc` (through names, call
/// sites and fusions), for messages; the printed location otherwise.
std::string describeLocation(Location loc);

class ConditionIdentity {
public:
  using FormulaId = unsigned;

  ConditionIdentity() = default;
  /// As an MLIR analysis of a function (`getChildAnalysis`), shared by the
  /// passes of one pipeline: formulas and classes are memoized per value.
  explicit ConditionIdentity(Operation *) {}

  /// The formula of an i1 predicate (memoized).
  FormulaId formulaOf(Value predicate);

  /// True when `formula` mentions a per-kernel variable.
  bool isUnknown(FormulaId formula) const;

  /// Leaves of `formula`: each variable occurrence with the predicate it was
  /// derived from (distinct predicates of one variable are distinct leaves).
  void collectLeaves(FormulaId formula,
                     SmallVectorImpl<std::pair<unsigned, Value>> &leaves) const;

  /// The value of `formula` when each leaf (variable, predicate) has the
  /// value `valueOf` gives.
  bool evaluate(FormulaId formula,
                function_ref<bool(unsigned variable, Value leaf)> valueOf) const;

  /// "#0", "not #0", "(#0 and #1)", "%p@file:3" ... for remarks and errors.
  std::string print(FormulaId formula) const;
  std::string printVariable(unsigned variable) const;

  /// True for a dispatch-condition declaration.
  bool isDeclaration(unsigned variable) const {
    return variables[variable].declaration.has_value();
  }
  /// True for a per-kernel value (each kernel has its own).
  bool isPerKernel(unsigned variable) const {
    return variables[variable].perKernel;
  }
  /// The predicate of a stable or per-kernel variable.
  Value predicateOf(unsigned variable) const {
    return variables[variable].predicate;
  }

  /// Whether `value` is the same in every kernel of one dispatch and launch
  /// coordinate (see the file comment).
  bool isDispatchStable(Value value) { return classOf(value).has_value(); }

  /// The structural class of a dispatch-stable value, none for other values.
  /// Values of one class are equal in every kernel of one dispatch and launch
  /// coordinate: constants by attribute, operation arguments by position,
  /// side-effect-free ops by name, attributes, result and operand classes,
  /// loop induction variables by their loop's class.
  std::optional<unsigned> classOf(Value value);

  /// The class of an `scf.for` whose bounds are dispatch-stable: its bound
  /// classes and the class of the enclosing loop (so the induction variables
  /// of two nested loops never share a class). Loops of one class run the
  /// same iterations. None when a bound is not stable.
  std::optional<unsigned> loopClassOf(scf::ForOp loop);

private:
  enum class Kind { True, False, Var, Not, And, Or };
  struct Node {
    Kind kind;
    unsigned variable = 0;
    FormulaId lhs = 0, rhs = 0;
    Value leaf = {}; // Var: the predicate this occurrence was derived from
  };
  struct Variable {
    std::optional<int64_t> declaration; // dispatch-condition ordinal
    Value predicate;                    // else a stable / per-kernel predicate
    bool perKernel = false;
  };

  FormulaId make(Node node) {
    nodes.push_back(node);
    return nodes.size() - 1;
  }
  FormulaId compute(Value predicate);
  FormulaId variableFormula(std::optional<int64_t> declaration,
                            Value predicate, bool perKernel);
  unsigned intern(std::vector<uintptr_t> key);
  /// The ordinal when `value` is the result of a dispatch-condition call.
  std::optional<int64_t> declarationOf(Value value) const;

  SmallVector<Node> nodes;
  SmallVector<Variable> variables;
  llvm::DenseMap<Value, FormulaId> formulas;
  llvm::DenseMap<int64_t, unsigned> declarationVariables;
  llvm::DenseMap<unsigned, unsigned> stableVariables; // by class
  llvm::DenseMap<Value, unsigned> perKernelVariables;
  /// Structural keys (full keys are compared) -> class.
  std::map<std::vector<uintptr_t>, unsigned> classes;
  llvm::DenseMap<Value, std::optional<unsigned>> valueClasses;
  llvm::DenseMap<Operation *, std::optional<unsigned>> loopClasses;
};

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_CONDITIONIDENTITY_H
