//===- TTLReconfigure.cpp - synchronized DFB reconfiguration --------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/RingBytes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ttl;

LogicalResult ReconfigureDataflowBufferOp::verify() {
  if (getBlockCount() < 1)
    return emitOpError("block_count must be at least 1, got ")
           << getBlockCount();
  DataflowBufferType type = getDfb().getType();
  int64_t blocks = int64_t(std::min<uint64_t>(
      getBlockCount(), std::numeric_limits<int64_t>::max()));
  if (!ringBytes(type.getPageSizeBytes(), {type.getPagesPerBlock(), blocks}))
    return emitOpError("block_count = ")
           << getBlockCount()
           << " of " << type.getPagesPerBlock()
           << (type.isTiled() ? "-tile" : "-row")
           << " blocks needs more than 4 GiB: a circular buffer's size "
              "is a 32-bit byte count";
  if (!getDfb().getDefiningOp<CreateDataflowBufferOp>())
    return emitOpError("reconfigures a value that does not come from "
                       "ttl.create_dfb");
  Operation *parent = (*this)->getParentOp();
  if (!isa<func::FuncOp, ThreadOp>(parent))
    return emitOpError("must be directly in an operation, thread or kernel "
                       "body, not in '")
           << parent->getName()
           << "': a synchronized point runs exactly once";
  // No block of the DFB may be outstanding in this body.
  Operation *self = getOperation();
  for (Operation &op : *self->getBlock()) {
    if (&op == self)
      break;
    Value block;
    if (auto reserve = dyn_cast<ReserveOp>(op); reserve &&
                                                reserve.getDfb() == getDfb())
      block = reserve.getBlock();
    else if (auto wait = dyn_cast<WaitOp>(op); wait && wait.getDfb() == getDfb())
      block = wait.getBlock();
    if (!block)
      continue;
    bool released = llvm::any_of(block.getUsers(), [&](Operation *user) {
      return isa<PushOp, PopOp>(user) && user->getBlock() == self->getBlock() &&
             user->isBeforeInBlock(self);
    });
    if (!released) {
      InFlightDiagnostic diag =
          emitOpError("reconfigures a DFB whose block is still outstanding; "
                      "push or pop it before the synchronized point");
      diag.attachNote(op.getLoc()) << "block acquired here";
      return diag;
    }
  }
  return success();
}
