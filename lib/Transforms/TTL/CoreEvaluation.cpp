//===- CoreEvaluation.cpp - integer values per core -----------------------===//

#include "ttl/Transforms/TTL/CoreEvaluation.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace mlir;
using namespace mlir::ttl;

std::optional<StaticGrid> mlir::ttl::staticGridOf(func::FuncOp func) {
  auto grid = func->getAttrOfType<DenseI64ArrayAttr>(TTLDialect::kGridAttrName);
  if (!grid || grid.size() != 2 || grid[0] < 1 || grid[1] < 1)
    return std::nullopt;
  return StaticGrid{grid[0], grid[1]};
}

std::optional<int64_t> mlir::ttl::coordinateValue(Value value, int64_t x,
                                                  int64_t y, StaticGrid grid) {
  if (auto node = value.getDefiningOp<NodeOp>())
    return node.getDim() == 0 ? x : y;
  if (auto size = value.getDefiningOp<GridSizeOp>())
    return size.getDim() == 0 ? grid.cols : grid.rows;
  return std::nullopt;
}

bool mlir::ttl::dependsOnNode(Value value, llvm::DenseMap<Value, bool> &memo) {
  auto it = memo.find(value);
  if (it != memo.end())
    return it->second;
  memo[value] = false; // Cycles through regions.
  Operation *op = value.getDefiningOp();
  bool result = false;
  if (op && isa<NodeOp>(op))
    result = true;
  else if (op)
    result = llvm::any_of(op->getOperands(),
                          [&](Value v) { return dependsOnNode(v, memo); });
  // The values an `if` yields count too, not only its condition.
  if (auto branch = dyn_cast_or_null<scf::IfOp>(op); branch && !result)
    for (Region &region : branch->getRegions())
      if (!region.empty())
        result |= llvm::any_of(
            region.front().getTerminator()->getOperands(),
            [&](Value v) { return dependsOnNode(v, memo); });
  memo[value] = result;
  return result;
}

static std::optional<int64_t>
compute(Value value, LeafValues leaf,
        DenseMap<Value, std::optional<int64_t>> *memo) {
  if (std::optional<int64_t> given = leaf(value))
    return given;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getBitWidth() == 1 ? int64_t(constant.getZExtValue())
                                       : constant.getSExtValue();
  Operation *def = value.getDefiningOp();
  // A value an `if` selects (`count = base; if core < extra: count += 1`):
  // the yield of the branch its condition takes.
  if (auto branch = dyn_cast_or_null<scf::IfOp>(def)) {
    std::optional<int64_t> condition =
        evaluateInteger(branch.getCondition(), leaf, memo);
    if (!condition || (*condition == 0 && branch.getElseRegion().empty()))
      return std::nullopt;
    Region &taken =
        *condition ? branch.getThenRegion() : branch.getElseRegion();
    auto yield = cast<scf::YieldOp>(taken.front().getTerminator());
    return evaluateInteger(
        yield.getOperand(cast<OpResult>(value).getResultNumber()), leaf,
        memo);
  }
  if (!def || def->getNumOperands() == 0 || def->getNumOperands() > 3)
    return std::nullopt;
  SmallVector<int64_t, 3> operands;
  for (Value operand : def->getOperands()) {
    std::optional<int64_t> known = evaluateInteger(operand, leaf, memo);
    if (!known)
      return std::nullopt;
    operands.push_back(*known);
  }
  auto binary = [&](auto fn) -> std::optional<int64_t> {
    return fn(operands[0], operands[1]);
  };
  auto checked = [&](auto overflows) -> std::optional<int64_t> {
    int64_t result;
    if (overflows(operands[0], operands[1], result))
      return std::nullopt;
    return result;
  };
  auto nonzeroDivisor = [&](auto fn) -> std::optional<int64_t> {
    if (operands[1] == 0 || (operands[1] == -1 && operands[0] == INT64_MIN))
      return std::nullopt;
    return fn(operands[0], operands[1]);
  };
  // Unsigned ops agree with signed ones on nonnegative operands only.
  auto nonnegative = [&](auto fn) -> std::optional<int64_t> {
    if (operands[0] < 0 || operands[1] < 0)
      return std::nullopt;
    return fn();
  };
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(def)
      .Case([&](arith::AddIOp) {
        return checked([](int64_t a, int64_t b, int64_t &r) {
          return llvm::AddOverflow(a, b, r);
        });
      })
      .Case([&](arith::SubIOp) {
        return checked([](int64_t a, int64_t b, int64_t &r) {
          return llvm::SubOverflow(a, b, r);
        });
      })
      .Case([&](arith::MulIOp) {
        return checked([](int64_t a, int64_t b, int64_t &r) {
          return llvm::MulOverflow(a, b, r);
        });
      })
      .Case([&](arith::DivSIOp) {
        return nonzeroDivisor(std::divides<int64_t>());
      })
      .Case([&](arith::RemSIOp) {
        return nonzeroDivisor(std::modulus<int64_t>());
      })
      .Case([&](arith::DivUIOp) {
        return nonnegative(
            [&] { return nonzeroDivisor(std::divides<int64_t>()); });
      })
      .Case([&](arith::RemUIOp) {
        return nonnegative(
            [&] { return nonzeroDivisor(std::modulus<int64_t>()); });
      })
      .Case([&](arith::FloorDivSIOp) {
        return nonzeroDivisor([](int64_t a, int64_t b) {
          int64_t q = a / b;
          return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
        });
      })
      .Case([&](FloorModOp) {
        return nonzeroDivisor([](int64_t a, int64_t b) {
          return FloorModOp::compute(APInt(64, a, /*isSigned=*/true),
                                     APInt(64, b, /*isSigned=*/true))
              .getSExtValue();
        });
      })
      .Case([&](arith::MinSIOp) {
        return binary([](int64_t a, int64_t b) { return std::min(a, b); });
      })
      .Case([&](arith::MaxSIOp) {
        return binary([](int64_t a, int64_t b) { return std::max(a, b); });
      })
      .Case([&](arith::AndIOp) { return binary(std::bit_and<int64_t>()); })
      .Case([&](arith::OrIOp) { return binary(std::bit_or<int64_t>()); })
      .Case([&](arith::XOrIOp) { return binary(std::bit_xor<int64_t>()); })
      // i1 holds 0 / 1: sign extension makes true -1.
      .Case<arith::IndexCastOp, arith::ExtSIOp>([&](auto) {
        bool boolean = def->getOperand(0).getType().isInteger(1);
        return boolean ? -operands[0] : operands[0];
      })
      .Case([&](arith::ExtUIOp) -> std::optional<int64_t> {
        bool boolean = def->getOperand(0).getType().isInteger(1);
        if (!boolean && operands[0] < 0)
          return std::nullopt;
        return operands[0];
      })
      .Case([&](arith::SelectOp) {
        return operands[0] ? operands[1] : operands[2];
      })
      .Case([&](arith::CmpIOp cmp) -> std::optional<int64_t> {
        int64_t a = operands[0], b = operands[1];
        switch (cmp.getPredicate()) {
        case arith::CmpIPredicate::eq:
          return a == b;
        case arith::CmpIPredicate::ne:
          return a != b;
        case arith::CmpIPredicate::slt:
          return a < b;
        case arith::CmpIPredicate::sle:
          return a <= b;
        case arith::CmpIPredicate::sgt:
          return a > b;
        case arith::CmpIPredicate::sge:
          return a >= b;
        case arith::CmpIPredicate::ult:
          return nonnegative([&] { return int64_t(a < b); });
        case arith::CmpIPredicate::ule:
          return nonnegative([&] { return int64_t(a <= b); });
        case arith::CmpIPredicate::ugt:
          return nonnegative([&] { return int64_t(a > b); });
        case arith::CmpIPredicate::uge:
          return nonnegative([&] { return int64_t(a >= b); });
        }
        return std::nullopt;
      })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<int64_t>
mlir::ttl::evaluateInteger(Value value, LeafValues leaf,
                           DenseMap<Value, std::optional<int64_t>> *memo) {
  if (!memo)
    return compute(value, leaf, memo);
  auto it = memo->find(value);
  if (it != memo->end())
    return it->second;
  std::optional<int64_t> result = compute(value, leaf, memo);
  (*memo)[value] = result;
  return result;
}
