//===- AssignDFBIndices.cpp - lifecycle-aware physical DFB indices --------===//
//
// Gives every ttl.create_dfb a physical circular-buffer index. In an
// operation function the DFB lifecycle analysis (DFBLifecycle.h) runs first:
// an unbalanced protocol is an error, and two buffers share an index only
// when one FIFO stream between the same producer and consumer kernels can
// carry both (DFBLifecycle.h). Other functions get sequential indices.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/RingBytes.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"
#include "ttl/Transforms/TTL/DFBLifecycle.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLASSIGNDFBINDICES
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::ttl;

namespace {

struct AssignDFBIndicesPass
    : public ttl::impl::TTLAssignDFBIndicesBase<AssignDFBIndicesPass> {
  using TTLAssignDFBIndicesBase::TTLAssignDFBIndicesBase;

  void runOnOperation() override {
    const TargetCapacity *capacity =
        lookupTargetOrEmitError(getOperation(), target);
    if (!capacity)
      return signalPassFailure();
    WalkResult result = getOperation().walk([&](func::FuncOp func) {
      return failed(assignInFunction(func, *capacity)) ? WalkResult::interrupt()
                                                       : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // Only physical_index attributes changed: ttl-split-kernels reuses both.
    markAnalysesPreserved<OwnershipAnalysis, ConditionIdentity>();
  }

  /// Lifecycles of an operation function's DFBs, or none elsewhere.
  FailureOr<std::vector<DFBLifecycle>> lifecycles(func::FuncOp func) {
    auto operationId =
        func->getAttrOfType<StringAttr>(TTLDialect::kOperationIdAttrName);
    if (!operationId)
      return std::vector<DFBLifecycle>();
    FailureOr<const Ownership *> ownership =
        getChildAnalysis<OwnershipAnalysis>(func).get();
    if (failed(ownership))
      return failure();
    return analyzeDFBLifecycles(func, **ownership,
                                getChildAnalysis<ConditionIdentity>(func));
  }

  LogicalResult assignInFunction(func::FuncOp func,
                                 const TargetCapacity &capacity) {
    // Before the lifecycle analysis, which evaluates guards on every core of
    // the grid: its work is bounded by the target's worker grid.
    if (auto grid = func->getAttrOfType<DenseI64ArrayAttr>(
            TTLDialect::kGridAttrName))
      if (failed(checkWorkerGrid(func, grid.asArrayRef(), capacity)))
        return failure();
    FailureOr<std::vector<DFBLifecycle>> analysed = lifecycles(func);
    if (failed(analysed))
      return failure();
    llvm::DenseMap<Operation *, const DFBLifecycle *> lifecycleOf;
    for (const DFBLifecycle &lifecycle : *analysed)
      lifecycleOf[lifecycle.op] = &lifecycle;

    llvm::SmallBitVector used(capacity.circularBuffers);
    SmallVector<CreateDataflowBufferOp> unassigned;
    WalkResult result = func.walk([&](CreateDataflowBufferOp op) {
      std::optional<int32_t> index = op.getPhysicalIndex();
      if (!index) {
        unassigned.push_back(op);
        return WalkResult::advance();
      }
      if (*index >= static_cast<int32_t>(capacity.circularBuffers)) {
        op.emitOpError("physical_index ")
            << *index << " is out of range for " << capacity.name << " ("
            << capacity.circularBuffers << " dataflow buffers)";
        return WalkResult::interrupt();
      }
      if (used.test(*index)) {
        op.emitOpError("physical_index ") << *index << " is already in use";
        return WalkResult::interrupt();
      }
      used.set(*index);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();

    // Greedy in program order: join the first index all of whose buffers
    // this one may follow, else take a free index.
    SmallVector<std::pair<int32_t, SmallVector<const DFBLifecycle *>>> shared;
    Builder builder(func.getContext());
    for (CreateDataflowBufferOp op : unassigned) {
      const DFBLifecycle *lifecycle = lifecycleOf.lookup(op);
      std::optional<int32_t> chosen;
      const DFBLifecycle *partner = nullptr;
      if (lifecycle) {
        for (auto &[index, members] : shared) {
          if (llvm::all_of(members, [&](const DFBLifecycle *member) {
                return lifecyclesMayShareIndex(*member, *lifecycle);
              })) {
            chosen = index;
            partner = members.back();
            members.push_back(lifecycle);
            break;
          }
        }
      }
      if (!chosen) {
        int free = used.find_first_unset();
        if (free < 0) {
          op.emitOpError("needs a physical dataflow buffer index, but all ")
              << capacity.circularBuffers << " of " << capacity.name
              << " are in use in '" << func.getSymName() << "'";
          return failure();
        }
        used.set(free);
        chosen = free;
        if (lifecycle)
          shared.push_back({free, {lifecycle}});
      }
      op.setPhysicalIndexAttr(builder.getI32IntegerAttr(*chosen));
      if (reportLifecycles && lifecycle)
        report(*lifecycle, *chosen, partner);
    }
    return checkL1(func, capacity);
  }

  /// The L1 the DFBs of `func` take on each core: per physical index the
  /// largest ring of the DFBs sharing it plus the ring of every
  /// reconfiguration (as the runtime allocates them), against the target's.
  LogicalResult checkL1(func::FuncOp func, const TargetCapacity &capacity) {
    // Every ring is below 4 GiB (the type and reconfigure verifiers,
    // ringBytes): sums of them stay far inside int64.
    auto ring = [](DataflowBufferType type, int64_t blocks) {
      return int64_t(*ringBytes(type.getPageSizeBytes(),
                                {type.getPagesPerBlock(), blocks}));
    };
    std::map<int32_t, std::pair<int64_t, CreateDataflowBufferOp>> rings;
    std::map<int32_t, int64_t> reconfigured;
    func.walk([&](Operation *op) {
      if (auto create = dyn_cast<CreateDataflowBufferOp>(op)) {
        DataflowBufferType type = create.getResult().getType();
        int64_t bytes = ring(type, type.getBlockCount());
        auto &largest = rings[*create.getPhysicalIndex()];
        if (!largest.second || bytes > largest.first)
          largest = {bytes, create};
      } else if (auto reconfigure = dyn_cast<ReconfigureDataflowBufferOp>(op)) {
        auto create =
            reconfigure.getDfb().getDefiningOp<CreateDataflowBufferOp>();
        if (!create || !create.getPhysicalIndex())
          return;
        DataflowBufferType type = create.getResult().getType();
        reconfigured[*create.getPhysicalIndex()] +=
            ring(type, reconfigure.getBlockCount());
      }
    });
    int64_t total = 0;
    std::pair<int64_t, CreateDataflowBufferOp> largest{-1, nullptr};
    for (auto &[index, indexRing] : rings) {
      int64_t bytes = indexRing.first + reconfigured[index];
      total += bytes;
      if (bytes > largest.first)
        largest = {bytes, indexRing.second};
    }
    if (total <= capacity.l1UnreservedBytes)
      return success();
    DataflowBufferType type = largest.second.getResult().getType();
    auto bytesText = [](int64_t bytes) { return std::to_string(bytes) + " B"; };
    InFlightDiagnostic diag = largest.second.emitError(
        "the dataflow buffers of this operation need ");
    diag << bytesText(total) << " of L1 per core but target '"
         << capacity.name << "' has " << capacity.l1UnreservedBytes
         << " B for them; the largest, this one (" << type.getBlockCount()
         << " blocks of " << type.getPagesPerBlock()
         << (type.isTiled() ? " tiles of " : " rows of ")
         << type.getPageSizeBytes() << " B";
    if (int64_t extra = reconfigured[*largest.second.getPhysicalIndex()])
      diag << ", plus " << bytesText(extra) << " for its reconfigurations";
    diag << "), takes " << bytesText(largest.first);
    return diag;
  }

  void report(const DFBLifecycle &lifecycle, int32_t index,
              const DFBLifecycle *partner) {
    InFlightDiagnostic remark = lifecycle.op->emitRemark("DFB lifecycle: ");
    if (lifecycle.opaque)
      remark << "opaque (" << lifecycle.reason << ")";
    else if (lifecycle.isBounded())
      remark << "bounded";
    else
      remark << "unchecked (" << lifecycle.balanceDetail << ")";
    remark << "; physical index " << index;
    if (partner)
      remark.attachNote(partner->op->getLoc())
          << "shares the index with this DFB: the same producer and consumer "
             "kernels use it first";
  }
};

} // namespace
