//===- AssignDFBIndices.cpp - physical DFB index assignment ---------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLASSIGNDFBINDICES
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {
struct AssignDFBIndicesPass
    : public ttl::impl::TTLAssignDFBIndicesBase<AssignDFBIndicesPass> {
  using TTLAssignDFBIndicesBase::TTLAssignDFBIndicesBase;

  void runOnOperation() override {
    const TargetCapacity *capacity = lookupTarget(target);
    if (!capacity) {
      getOperation().emitError("unknown target '")
          << target << "'; supported targets: " << supportedTargetNames();
      return signalPassFailure();
    }
    WalkResult result = getOperation().walk([&](func::FuncOp func) {
      return assignInFunction(func, *capacity);
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  WalkResult assignInFunction(func::FuncOp func,
                              const TargetCapacity &capacity) {
    llvm::SmallBitVector used(capacity.dataflowBuffers);
    SmallVector<CreateDataflowBufferOp> unassigned;
    WalkResult result = func.walk([&](CreateDataflowBufferOp op) {
      std::optional<int32_t> index = op.getPhysicalIndex();
      if (!index) {
        unassigned.push_back(op);
        return WalkResult::advance();
      }
      if (*index >= static_cast<int32_t>(capacity.dataflowBuffers)) {
        op.emitOpError("physical_index ")
            << *index << " is out of range for " << capacity.name << " ("
            << capacity.dataflowBuffers << " dataflow buffers)";
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
      return result;
    Builder builder(func.getContext());
    for (CreateDataflowBufferOp op : unassigned) {
      int free = used.find_first_unset();
      if (free < 0) {
        op.emitOpError("needs a physical dataflow buffer index, but all ")
            << capacity.dataflowBuffers << " of " << capacity.name
            << " are in use in '" << func.getSymName() << "'";
        return WalkResult::interrupt();
      }
      used.set(free);
      op.setPhysicalIndexAttr(builder.getI32IntegerAttr(free));
    }
    return WalkResult::advance();
  }
};
} // namespace
