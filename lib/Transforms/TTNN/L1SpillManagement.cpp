//===- L1SpillManagement.cpp - spill L1 tensors that do not fit -----------===//
//
// Cost: the function's top-level ops are numbered once, and each tracked
// value keeps the sorted positions of its uses, so releasing values after
// their last use and choosing a spill victim (furthest next use) do not walk
// the block. The live records are kept sorted by address and handed to the
// stateful query as they are (no copy, applied by the mock allocator in
// O(n)). Ops the pass inserts (a copy to DRAM and a deallocate) go before
// the current op and only use the spilled value, which is no longer tracked,
// so the numbering stays valid for every tracked value.
//
//===----------------------------------------------------------------------===//

#include "ttl/Transforms/TTNN/Passes.h"

#include "ttl/OpModel/OpModelTypes.h"
#include "ttl/OpModel/ConstraintValidation.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <queue>

namespace mlir::ttnn {
#define GEN_PASS_DEF_TTNNL1SPILLMANAGEMENT
#include "ttl/Transforms/TTNN/Passes.h.inc"

namespace {

using op_model::OpModelAllocationRecord;

/// Positions of the function's top-level ops, numbered before the pass
/// changes anything.
class BlockPositions {
public:
  explicit BlockPositions(Block &block) {
    unsigned index = 0;
    for (Operation &op : block)
      positions[&op] = index++;
  }

  /// The position of an op of the block as numbered (not one inserted
  /// since).
  unsigned of(Operation *op) const { return positions.lookup(op); }
  bool contains(Operation *op) const { return positions.count(op); }

  /// Sorted positions of the top-level ops that use `value` (a use nested in
  /// an op's region counts as a use by that op).
  SmallVector<unsigned, 2> usesOf(Value value, Block &block) const {
    SmallVector<unsigned, 2> uses;
    for (OpOperand &use : value.getUses())
      if (Operation *user = block.findAncestorOpInBlock(*use.getOwner()))
        if (auto it = positions.find(user); it != positions.end())
          uses.push_back(it->second);
    llvm::sort(uses);
    return uses;
  }

private:
  DenseMap<Operation *, unsigned> positions;
};

/// The live L1 buffers of the function (the spec's MockAllocatorL1Tracker):
/// the records as the stateful query left them, sorted by address, the
/// bytes per core they hold, and the optimizer's byte ceiling it enforces on
/// top of the mock allocator's fit.
class L1Tracker {
public:
  L1Tracker(Block &block, const BlockPositions &positions, double cap)
      : block(block), positions(positions), cap(cap) {}

  /// Stateful validation on the current live set (engaged, even if empty),
  /// then the ceiling: the op's L1 peak on top of the live tensors.
  ValidationResult validate(Operation *op) const {
    ValidationResult result =
        validateOperation(op, getOperandLayouts(op), OpConfig(), records);
    if (!result.isSuccess())
      return result;
    if (auto over =
            checkL1Ceiling(op, result.constraints->peakL1MemorySize,
                           liveBytes, "live L1 tensors", cap)) {
      result.status = ValidationStatus::OutOfMemory;
      result.errorMessage = *over;
      result.constraints.reset();
    }
    return result;
  }

  void addTensor(Value value, ArrayRef<OpModelAllocationRecord> added) {
    for (const OpModelAllocationRecord &record : added) {
      if (record.bufferType != BufferType::L1)
        continue;
      auto [it, inserted] = values.try_emplace(value);
      if (inserted) {
        Operation *def = value.getDefiningOp();
        it->second.uses = positions.usesOf(value, block);
        it->second.order = {positions.of(def),
                            cast<OpResult>(value).getResultNumber()};
        unsigned lastUse =
            it->second.uses.empty() ? it->second.order.first
                                    : std::max(it->second.order.first,
                                               it->second.uses.back());
        releases.push({lastUse, value});
      }
      it->second.addresses.push_back(record.address);
      records.insert(llvm::upper_bound(records, record, byAddress), record);
      liveBytes += record.sizePerBank;
    }
  }

  void remove(Value value) {
    auto it = values.find(value);
    if (it == values.end())
      return;
    for (uint64_t address : it->second.addresses) {
      auto pos = llvm::lower_bound(
          records, OpModelAllocationRecord{BufferType::L1, address, 0},
          byAddress);
      liveBytes -= pos->sizePerBank;
      records.erase(pos);
    }
    values.erase(it);
  }

  /// Drops every value whose last use is at or before `position`.
  void releaseThrough(unsigned position) {
    while (!releases.empty() && releases.top().first <= position) {
      remove(releases.top().second);
      releases.pop();
    }
  }

  /// The live value not used by `op` whose next use after it is furthest
  /// (the earliest defined among equals), or null.
  Value furthestNextUse(Operation *op) const {
    unsigned here = positions.of(op);
    Value victim;
    std::tuple<unsigned, unsigned, unsigned> best{};
    for (const auto &[value, live] : values) {
      if (llvm::is_contained(op->getOperands(), value))
        continue;
      auto next = llvm::upper_bound(live.uses, here);
      unsigned distance = next == live.uses.end() ? ~0u : *next - here;
      // Larger distance first, then the earlier definition.
      std::tuple<unsigned, unsigned, unsigned> key{
          distance, ~live.order.first, ~live.order.second};
      if (!victim || key > best) {
        victim = value;
        best = key;
      }
    }
    return victim;
  }

private:
  static bool byAddress(const OpModelAllocationRecord &a,
                        const OpModelAllocationRecord &b) {
    return a.address < b.address;
  }

  struct LiveValue {
    SmallVector<unsigned, 2> uses;
    /// (position of the defining op, result number): the tie-break.
    std::pair<unsigned, unsigned> order;
    SmallVector<uint64_t, 1> addresses;
  };
  using Release = std::pair<unsigned, Value>;
  struct LaterRelease {
    bool operator()(const Release &a, const Release &b) const {
      return a.first > b.first;
    }
  };

  Block &block;
  const BlockPositions &positions;
  double cap;
  DenseMap<Value, LiveValue> values;
  std::vector<OpModelAllocationRecord> records;
  uint64_t liveBytes = 0;
  std::priority_queue<Release, std::vector<Release>, LaterRelease> releases;
};

/// The op of `block` that contains `op`.
Operation *inBlock(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
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
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    std::optional<double> cap = ceilingCap(func);
    if (!cap)
      return signalPassFailure();
    Block &block = func.getBody().front();
    BlockPositions positions(block);
    L1Tracker tracker(block, positions, *cap);
    for (Operation &op : llvm::make_early_inc_range(block)) {
      unsigned position = positions.of(&op);
      if (isa<OpModelInterface>(op)) {
        if (failed(place(tracker, positions, &op)))
          return signalPassFailure();
        if (auto dealloc = dyn_cast<DeallocateOp>(op))
          tracker.remove(dealloc.getInput());
      }
      tracker.releaseThrough(position);
    }
  }

  /// The ceiling's fraction of usable L1: the `l1-usage-cap` option, or the
  /// module's `ttnn.l1_usage_cap` (default 0.95) when the option is unset.
  std::optional<double> ceilingCap(func::FuncOp func) {
    if (l1UsageCap != 0) {
      if (isValidL1UsageCap(l1UsageCap))
        return double(l1UsageCap);
      func.emitError("ttnn-l1-spill-management: l1-usage-cap must be in "
                     "(0, 1] (0 takes the module's ")
          << kL1UsageCapAttrName << "), got " << l1UsageCap;
      return std::nullopt;
    }
    std::optional<double> cap = moduleL1UsageCap(func);
    if (!cap)
      func.emitError() << kL1UsageCapAttrName << " must be a float in (0, 1]";
    return cap;
  }

  LogicalResult place(L1Tracker &tracker, const BlockPositions &positions,
                      Operation *op) {
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
      if (spillOne(tracker, positions, op))
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
  bool spillOne(L1Tracker &tracker, const BlockPositions &positions,
                Operation *op) {
    Value victim = tracker.furthestNextUse(op);
    if (!victim)
      return false;
    auto type = cast<RankedTensorType>(victim.getType());
    auto layout = cast<LayoutAttr>(type.getEncoding());
    OpBuilder builder(op);
    auto copy = ToMemoryConfigOp::create(
        builder, op->getLoc(), withLayout(type, dramLayoutLike(layout)),
        victim);
    // Uses at or after `op` read the copy (by the numbering: comparing
    // block order after an insertion would renumber the whole block).
    unsigned here = positions.of(op);
    victim.replaceUsesWithIf(copy.getResult(), [&](OpOperand &use) {
      Operation *user = inBlock(op->getBlock(), use.getOwner());
      return user && positions.contains(user) && positions.of(user) >= here;
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
