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
//    stable loop indices -- identified by its SSA value (one value of the
//    unified operation function, recomputed identically by every kernel).
//
// Negation (`xori %p, true`, `cmpi eq %c, 0`), conjunction and disjunction
// are understood; anything else (e.g. the result of an ordinary external call,
// which each kernel evaluates on its own) is Unknown, and every use of an
// Unknown formula stays conservative.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_CONDITIONIDENTITY_H
#define TTL_TRANSFORMS_TTL_CONDITIONIDENTITY_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::ttl {

class ConditionIdentity {
public:
  using FormulaId = unsigned;

  /// The formula of an i1 predicate (memoized).
  FormulaId formulaOf(Value predicate);

  /// True when `formula` contains an Unknown leaf.
  bool isUnknown(FormulaId formula) const;

  /// Variables (indices into the variable table) that `formula` mentions.
  void collectVariables(FormulaId formula,
                        SmallVectorImpl<unsigned> &variables) const;

  /// The value of a known formula under `assignment` (indexed by variable).
  bool evaluate(FormulaId formula, ArrayRef<bool> assignment) const;

  /// "#0", "not #0", "(#0 and #1)", "%p@file:3" ... for remarks and errors.
  std::string print(FormulaId formula) const;
  std::string printVariable(unsigned variable) const;

  unsigned numVariables() const { return variables.size(); }

  /// True for a dispatch-condition declaration, false for a stable predicate.
  bool isDeclaration(unsigned variable) const {
    return variables[variable].declaration.has_value();
  }

  /// Whether `value` is the same in every kernel of one dispatch and launch
  /// coordinate (see the file comment).
  bool isDispatchStable(Value value);

private:
  enum class Kind { True, False, Var, Not, And, Or, Unknown };
  struct Node {
    Kind kind;
    unsigned variable = 0;
    FormulaId lhs = 0, rhs = 0;
  };
  struct Variable {
    std::optional<int64_t> declaration; // dispatch-condition ordinal
    Value predicate;                    // else a stable predicate
  };

  FormulaId make(Node node) {
    nodes.push_back(node);
    return nodes.size() - 1;
  }
  FormulaId compute(Value predicate);
  FormulaId variableFormula(std::optional<int64_t> declaration,
                            Value predicate);
  /// The ordinal when `value` is the result of a dispatch-condition call.
  std::optional<int64_t> declarationOf(Value value) const;

  SmallVector<Node> nodes;
  SmallVector<Variable> variables;
  llvm::DenseMap<Value, FormulaId> formulas;
  llvm::DenseMap<int64_t, unsigned> declarationVariables;
  llvm::DenseMap<Value, unsigned> predicateVariables;
  llvm::DenseMap<Value, bool> stable;
};

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_CONDITIONIDENTITY_H
