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

bool ConditionIdentity::isDispatchStable(Value value) {
  auto it = stable.find(value);
  if (it != stable.end())
    return it->second;
  stable[value] = false; // Cycles (loop-carried values) are not stable.
  bool result = false;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<func::FuncOp>(owner)) {
      result = true;
    } else if (auto loop = dyn_cast_or_null<scf::ForOp>(owner)) {
      // The induction variable of a loop with stable bounds; iter_args may
      // carry anything.
      result = arg == loop.getInductionVar() &&
               isDispatchStable(loop.getLowerBound()) &&
               isDispatchStable(loop.getUpperBound()) &&
               isDispatchStable(loop.getStep());
    }
  } else {
    Operation *def = value.getDefiningOp();
    result = def->getNumRegions() == 0 && isMemoryEffectFree(def) &&
             llvm::all_of(def->getOperands(),
                          [&](Value operand) { return isDispatchStable(operand); });
  }
  stable[value] = result;
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
                                   Value predicate) {
  unsigned index;
  if (declaration) {
    auto [it, inserted] =
        declarationVariables.try_emplace(*declaration, variables.size());
    if (inserted)
      variables.push_back({declaration, Value()});
    index = it->second;
  } else {
    auto [it, inserted] =
        predicateVariables.try_emplace(predicate, variables.size());
    if (inserted)
      variables.push_back({std::nullopt, predicate});
    index = it->second;
  }
  return make({Kind::Var, index});
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
        FormulaId var = variableFormula(declaration, Value());
        if (cmp.getPredicate() == arith::CmpIPredicate::ne)
          return var;
        return make({Kind::Not, 0, var});
      }
    }
  }
  if (isDispatchStable(predicate))
    return variableFormula(std::nullopt, predicate);
  return make({Kind::Unknown});
}

bool ConditionIdentity::isUnknown(FormulaId formula) const {
  const Node &node = nodes[formula];
  switch (node.kind) {
  case Kind::Unknown:
    return true;
  case Kind::Not:
    return isUnknown(node.lhs);
  case Kind::And:
  case Kind::Or:
    return isUnknown(node.lhs) || isUnknown(node.rhs);
  default:
    return false;
  }
}

void ConditionIdentity::collectVariables(
    FormulaId formula, SmallVectorImpl<unsigned> &result) const {
  const Node &node = nodes[formula];
  if (node.kind == Kind::Var) {
    if (!llvm::is_contained(result, node.variable))
      result.push_back(node.variable);
    return;
  }
  if (node.kind == Kind::Not || node.kind == Kind::And || node.kind == Kind::Or)
    collectVariables(node.lhs, result);
  if (node.kind == Kind::And || node.kind == Kind::Or)
    collectVariables(node.rhs, result);
}

bool ConditionIdentity::evaluate(FormulaId formula,
                                 ArrayRef<bool> assignment) const {
  const Node &node = nodes[formula];
  switch (node.kind) {
  case Kind::True:
    return true;
  case Kind::False:
  case Kind::Unknown:
    return false;
  case Kind::Var:
    return assignment[node.variable];
  case Kind::Not:
    return !evaluate(node.lhs, assignment);
  case Kind::And:
    return evaluate(node.lhs, assignment) && evaluate(node.rhs, assignment);
  case Kind::Or:
    return evaluate(node.lhs, assignment) || evaluate(node.rhs, assignment);
  }
  return false;
}

std::string ConditionIdentity::printVariable(unsigned variable) const {
  const Variable &var = variables[variable];
  if (var.declaration)
    return "#" + std::to_string(*var.declaration);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "stable predicate at " << var.predicate.getLoc();
  return text;
}

std::string ConditionIdentity::print(FormulaId formula) const {
  const Node &node = nodes[formula];
  switch (node.kind) {
  case Kind::True:
    return "true";
  case Kind::False:
    return "false";
  case Kind::Unknown:
    return "unknown";
  case Kind::Var:
    return printVariable(node.variable);
  case Kind::Not:
    return "not " + print(node.lhs);
  case Kind::And:
    return "(" + print(node.lhs) + " and " + print(node.rhs) + ")";
  case Kind::Or:
    return "(" + print(node.lhs) + " or " + print(node.rhs) + ")";
  }
  return "unknown";
}
