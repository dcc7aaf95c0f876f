//===- L1SpillManagement.cpp - spill L1 tensors that do not fit -----------===//

#include "ttl/Transforms/TTNN/Passes.h"

#include "ttl/OpModel/OpModelTypes.h"
#include "ttl/Transforms/TTNN/OpConstraintValidation.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::ttnn {
#define GEN_PASS_DEF_TTNNL1SPILLMANAGEMENT
#include "ttl/Transforms/TTNN/Passes.h.inc"

namespace {

using op_model::OpModelAllocationRecord;

/// The live L1 buffers of the function, per value, as the stateful query
/// left them.
class L1Tracker {
public:
  /// Stateful validation on the current live set (engaged, even if empty).
  ValidationResult validate(Operation *op) const {
    SmallVector<OpModelAllocationRecord> flat;
    for (const auto &entry : live)
      flat.append(entry.second.begin(), entry.second.end());
    return validateOperation(op, getOperandLayouts(op), OpConfig(), flat);
  }

  void addTensor(Value value, ArrayRef<OpModelAllocationRecord> records) {
    for (const OpModelAllocationRecord &record : records)
      if (record.bufferType == BufferType::L1)
        live[value].push_back(record);
  }

  void remove(Value value) { live.erase(value); }
  bool isLive(Value value) const { return live.count(value); }
  SmallVector<Value> liveValues() const {
    SmallVector<Value> values;
    for (const auto &entry : live)
      values.push_back(entry.first);
    return values;
  }

private:
  llvm::MapVector<Value, SmallVector<OpModelAllocationRecord, 1>> live;
};

/// The op of `block` that contains `op`.
Operation *inBlock(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
}

/// Whether `value` has a use in `block` after `op` (or at it when `inclusive`).
bool usedAfter(Value value, Operation *op, bool inclusive) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = inBlock(op->getBlock(), use.getOwner());
    if (user && (op->isBeforeInBlock(user) || (inclusive && user == op)))
      return true;
  }
  return false;
}

/// Position of `value`'s first use after `op` in the block (or ~0 for none).
unsigned nextUseDistance(Value value, Operation *op) {
  unsigned distance = 0;
  for (Operation *it = op->getNextNode(); it; it = it->getNextNode()) {
    ++distance;
    for (Value operand : it->getOperands())
      if (operand == value)
        return distance;
    bool nestedUse = false;
    it->walk([&](Operation *nested) {
      if (nested != it && llvm::is_contained(nested->getOperands(), value))
        nestedUse = true;
    });
    if (nestedUse)
      return distance;
  }
  return ~0u;
}

RankedTensorType withLayout(RankedTensorType type, LayoutAttr layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

LayoutAttr dramLayoutLike(LayoutAttr layout) {
  return LayoutAttr::get(layout.getContext(), BufferType::DRAM,
                         TensorMemoryLayout::Interleaved,
                         layout.getDataType(), {}, {});
}

struct L1SpillManagement
    : impl::TTNNL1SpillManagementBase<L1SpillManagement> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    Block &block = func.getBody().front();
    L1Tracker tracker;
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (!isa<OpModelInterface>(op)) {
        release(tracker, &op);
        continue;
      }
      if (failed(place(tracker, &op)))
        return signalPassFailure();
      if (auto dealloc = dyn_cast<DeallocateOp>(op))
        tracker.remove(dealloc.getInput());
      release(tracker, &op);
    }
  }

  /// Drops the records of live values whose last use is `op`.
  void release(L1Tracker &tracker, Operation *op) {
    for (Value value : tracker.liveValues())
      if (!usedAfter(value, op, /*inclusive=*/false))
        tracker.remove(value);
  }

  LogicalResult place(L1Tracker &tracker, Operation *op) {
    while (true) {
      ValidationResult result = tracker.validate(op);
      if (result.isSuccess()) {
        for (auto [index, record] :
             llvm::enumerate(result.constraints->outputAllocations))
          if (index < op->getNumResults())
            tracker.addTensor(op->getResult(index), record);
        return success();
      }
      if (result.status != ValidationStatus::OutOfMemory) {
        // Not a fit question: leave the op as it is, the pass only spills.
        op->emitRemark("not placed by the L1 spill pass: ")
            << stringifyValidationStatus(result.status) << ": "
            << result.errorMessage;
        return success();
      }
      if (spillOne(tracker, op))
        continue;
      if (moveResultsToDram(op))
        continue;
      return op->emitOpError("does not fit in L1 even with every other live "
                             "tensor spilled: ")
             << result.errorMessage;
    }
  }

  /// Moves the live L1 tensor not used by `op` whose next use is furthest
  /// to DRAM. Returns false when there is none.
  bool spillOne(L1Tracker &tracker, Operation *op) {
    Value victim;
    unsigned victimDistance = 0;
    for (Value value : tracker.liveValues()) {
      if (llvm::is_contained(op->getOperands(), value))
        continue;
      unsigned distance = nextUseDistance(value, op);
      if (!victim || distance > victimDistance) {
        victim = value;
        victimDistance = distance;
      }
    }
    if (!victim)
      return false;
    auto type = cast<RankedTensorType>(victim.getType());
    auto layout = cast<LayoutAttr>(type.getEncoding());
    OpBuilder builder(op);
    auto copy = ToMemoryConfigOp::create(
        builder, op->getLoc(), withLayout(type, dramLayoutLike(layout)),
        victim);
    victim.replaceUsesWithIf(copy.getResult(), [&](OpOperand &use) {
      Operation *user = inBlock(op->getBlock(), use.getOwner());
      return user && user != copy && !user->isBeforeInBlock(op);
    });
    DeallocateOp::create(builder, op->getLoc(), victim);
    tracker.remove(victim);
    return true;
  }

  /// Places `op`'s L1 results in DRAM. Returns false when none can move
  /// (a result returned by the function keeps the function's type).
  bool moveResultsToDram(Operation *op) {
    bool changed = false;
    for (Value result : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      auto layout =
          type ? dyn_cast_or_null<LayoutAttr>(type.getEncoding()) : nullptr;
      if (!layout || !layout.isL1() ||
          llvm::any_of(result.getUsers(), [](Operation *user) {
            return user->hasTrait<mlir::OpTrait::IsTerminator>();
          }))
        continue;
      result.setType(withLayout(type, dramLayoutLike(layout)));
      changed = true;
    }
    return changed;
  }
};

} // namespace
} // namespace mlir::ttnn
