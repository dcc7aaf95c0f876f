//===- ConditionIdentity.cpp - dispatch-condition identity ----------------===//

#include "ttl/Transforms/TTL/ConditionIdentity.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::ttl;

static std::optional<FileLineColLoc> fileLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return fileLocation(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return fileLocation(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::optional<FileLineColLoc> file = fileLocation(inner))
        return file;
  return std::nullopt;
}

std::string mlir::ttl::describeLocation(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (std::optional<FileLineColLoc> file = fileLocation(loc))
    os << file->getFilename().getValue() << ":" << file->getLine();
  else
    os << loc;
  return text;
}

namespace {
/// First element of a structural key.
enum KeyKind : uintptr_t { Argument, InductionVariable, Loop, PureOp };
} // namespace

unsigned ConditionIdentity::intern(std::vector<uintptr_t> key) {
  auto [it, inserted] = classes.try_emplace(std::move(key), classes.size());
  return it->second;
}

std::optional<unsigned> ConditionIdentity::classOf(Value value) {
  auto it = valueClasses.find(value);
  if (it != valueClasses.end())
    return it->second;
  valueClasses[value] = std::nullopt; // Cycles (loop-carried values).
  std::optional<unsigned> result;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<func::FuncOp>(owner)) {
      result = intern({Argument, arg.getArgNumber()});
    } else if (auto loop = dyn_cast_or_null<scf::ForOp>(owner)) {
      // The induction variable of a loop with stable bounds; iter_args may
      // carry anything.
      if (arg == loop.getInductionVar())
        if (std::optional<unsigned> loopClass = loopClassOf(loop))
          result = intern({InductionVariable, *loopClass});
    }
  } else {
    Operation *def = value.getDefiningOp();
    if (def->getNumRegions() == 0 && isMemoryEffectFree(def)) {
      std::vector<uintptr_t> key = {
          PureOp,
          reinterpret_cast<uintptr_t>(def->getName().getAsOpaquePointer()),
          reinterpret_cast<uintptr_t>(
              def->getAttrDictionary().getAsOpaquePointer()),
          reinterpret_cast<uintptr_t>(value.getType().getAsOpaquePointer()),
          cast<OpResult>(value).getResultNumber()};
      bool stable = true;
      for (Value operand : def->getOperands()) {
        std::optional<unsigned> operandClass = classOf(operand);
        stable &= operandClass.has_value();
        if (!stable)
          break;
        key.push_back(*operandClass);
      }
      if (stable)
        result = intern(std::move(key));
    }
  }
  valueClasses[value] = result;
  return result;
}

std::optional<unsigned> ConditionIdentity::loopClassOf(scf::ForOp loop) {
  auto it = loopClasses.find(loop);
  if (it != loopClasses.end())
    return it->second;
  loopClasses[loop] = std::nullopt;
  std::vector<uintptr_t> key = {Loop};
  for (Value bound : {loop.getLowerBound(), loop.getUpperBound(),
                      loop.getStep()}) {
    std::optional<unsigned> boundClass = classOf(bound);
    if (!boundClass)
      return std::nullopt;
    key.push_back(*boundClass);
  }
  // The enclosing loop: its class, or the loop itself when its bounds are not
  // stable (then only that loop op encloses the same iterations).
  if (auto parent = loop->getParentOfType<scf::ForOp>()) {
    std::optional<unsigned> parentClass = loopClassOf(parent);
    key.push_back(parentClass ? 1 : 2);
    key.push_back(parentClass ? *parentClass
                              : reinterpret_cast<uintptr_t>(parent.getOperation()));
  } else {
    key.push_back(0);
  }
  unsigned result = intern(std::move(key));
  loopClasses[loop] = result;
  return result;
}

std::optional<int64_t> ConditionIdentity::declarationOf(Value value) const {
  auto call = value.getDefiningOp<CallExternFuncOp>();
  if (!call || !call.getCondition())
    return std::nullopt;
  return call.getCondition()->getOrdinal();
}

ConditionIdentity::FormulaId
ConditionIdentity::variableFormula(std::optional<int64_t> declaration,
                                   Value predicate, bool perKernel) {
  unsigned index;
  if (declaration) {
    auto [it, inserted] =
        declarationVariables.try_emplace(*declaration, variables.size());
    if (inserted)
      variables.push_back({declaration, predicate, false});
    index = it->second;
  } else if (perKernel) {
    auto [it, inserted] =
        perKernelVariables.try_emplace(predicate, variables.size());
    if (inserted)
      variables.push_back({std::nullopt, predicate, true});
    index = it->second;
  } else {
    auto [it, inserted] =
        stableVariables.try_emplace(*classOf(predicate), variables.size());
    if (inserted)
      variables.push_back({std::nullopt, predicate, false});
    index = it->second;
  }
  return make({Kind::Var, index, 0, 0, predicate});
}

ConditionIdentity::FormulaId ConditionIdentity::formulaOf(Value predicate) {
  auto it = formulas.find(predicate);
  if (it != formulas.end())
    return it->second;
  FormulaId result = compute(predicate);
  formulas[predicate] = result;
  return result;
}

ConditionIdentity::FormulaId ConditionIdentity::compute(Value predicate) {
  auto isZero = [](Value value) { return matchPattern(value, m_Zero()); };
  if (matchPattern(predicate, m_One()))
    return make({Kind::True});
  if (matchPattern(predicate, m_Zero()))
    return make({Kind::False});
  if (Operation *def = predicate.getDefiningOp()) {
    if (auto xorOp = dyn_cast<arith::XOrIOp>(def)) {
      for (auto [a, b] : {std::pair(xorOp.getLhs(), xorOp.getRhs()),
                          std::pair(xorOp.getRhs(), xorOp.getLhs())})
        if (matchPattern(b, m_One()))
          return make({Kind::Not, 0, formulaOf(a)});
    }
    if (auto andOp = dyn_cast<arith::AndIOp>(def))
      return make({Kind::And, 0, formulaOf(andOp.getLhs()),
                   formulaOf(andOp.getRhs())});
    if (auto orOp = dyn_cast<arith::OrIOp>(def))
      return make({Kind::Or, 0, formulaOf(orOp.getLhs()),
                   formulaOf(orOp.getRhs())});
    if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
      Value other;
      if (isZero(cmp.getRhs()))
        other = cmp.getLhs();
      else if (isZero(cmp.getLhs()))
        other = cmp.getRhs();
      std::optional<int64_t> declaration =
          other ? declarationOf(other) : std::nullopt;
      if (declaration && (cmp.getPredicate() == arith::CmpIPredicate::ne ||
                          cmp.getPredicate() == arith::CmpIPredicate::eq)) {
        FormulaId var = variableFormula(declaration, predicate, false);
        if (cmp.getPredicate() == arith::CmpIPredicate::ne)
          return var;
        return make({Kind::Not, 0, var});
      }
    }
  }
  return variableFormula(std::nullopt, predicate,
                         /*perKernel=*/!isDispatchStable(predicate));
}

bool ConditionIdentity::isUnknown(FormulaId formula) const {
  const Node &node = nodes[formula];
  switch (node.kind) {
  case Kind::Var:
    return variables[node.variable].perKernel;
  case Kind::Not:
    return isUnknown(node.lhs);
  case Kind::And:
  case Kind::Or:
    return isUnknown(node.lhs) || isUnknown(node.rhs);
  default:
    return false;
  }
}

void ConditionIdentity::collectLeaves(
    FormulaId formula,
    SmallVectorImpl<std::pair<unsigned, Value>> &leaves) const {
  const Node &node = nodes[formula];
  if (node.kind == Kind::Var) {
    std::pair<unsigned, Value> leaf{node.variable, node.leaf};
    if (!llvm::is_contained(leaves, leaf))
      leaves.push_back(leaf);
    return;
  }
  if (node.kind == Kind::Not || node.kind == Kind::And || node.kind == Kind::Or)
    collectLeaves(node.lhs, leaves);
  if (node.kind == Kind::And || node.kind == Kind::Or)
    collectLeaves(node.rhs, leaves);
}

bool ConditionIdentity::evaluate(
    FormulaId formula,
    function_ref<bool(unsigned variable, Value leaf)> valueOf) const {
  const Node &node = nodes[formula];
  switch (node.kind) {
  case Kind::True:
    return true;
  case Kind::False:
    return false;
  case Kind::Var:
    return valueOf(node.variable, node.leaf);
  case Kind::Not:
    return !evaluate(node.lhs, valueOf);
  case Kind::And:
    return evaluate(node.lhs, valueOf) && evaluate(node.rhs, valueOf);
  case Kind::Or:
    return evaluate(node.lhs, valueOf) || evaluate(node.rhs, valueOf);
  }
  return false;
}

std::string ConditionIdentity::printVariable(unsigned variable) const {
  const Variable &var = variables[variable];
  if (var.declaration)
    return "#" + std::to_string(*var.declaration);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << (var.perKernel ? "per-kernel value at " : "stable predicate at ")
     << describeLocation(var.predicate.getLoc());
  return text;
}

std::string ConditionIdentity::print(FormulaId formula) const {
  const Node &node = nodes[formula];
  switch (node.kind) {
  case Kind::True:
    return "true";
  case Kind::False:
    return "false";
  case Kind::Var:
    return variables[node.variable].perKernel ? "unknown"
                                              : printVariable(node.variable);
  case Kind::Not:
    return "not " + print(node.lhs);
  case Kind::And:
    return "(" + print(node.lhs) + " and " + print(node.rhs) + ")";
  case Kind::Or:
    return "(" + print(node.lhs) + " or " + print(node.rhs) + ")";
  }
  return "unknown";
}
