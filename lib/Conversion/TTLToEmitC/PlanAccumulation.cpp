//===- PlanAccumulation.cpp - how accumulating stores add -----------------===//
//
// ttl-plan-accumulation: an accumulating `ttl.store` (Python `blk += expr`)
// adds through the packer's L1 accumulation, except the first contribution to
// its reserved block, which overwrites what the block held (undefined after
// the reservation). Which contribution is first is decided here, per store,
// from the structure around it, and recorded as `ttl.accumulation`
// (#ttl.accumulation, TTLAttrs.td) for ttl-lower-tile-math:
//
// - `always_adds`: an earlier store into the block precedes it, in its block
//   or an enclosing one up to the reservation's;
// - `in_dest`: otherwise, a plain matmul of waited blocks alone in a loop
//   right below the reservation whose block fits one DEST section keeps its
//   partial sums in DEST across the loop, as tt-metal's bmm kernels do;
// - `first`: otherwise; it overwrites on the first iteration of every loop
//   between it and the reservation.
//
// Every store into a block with an accumulating store packs to tile indices
// (`ttl.indexed_pack`): in-order packs move on to the block's next pages and
// only cb_push_back resets them (api/compute/pack.h).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "ttl/Transforms/TTL/TileMath.h"

#include "ttl/Conversion/TTLToEmitC/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLPLANACCUMULATION
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

/// True when accumulating store `store` (the first contribution to its
/// block) can keep its partial sums in DEST across its loop: it stores a plain
/// matmul of waited blocks, its loop sits right in the block of the
/// reservation and holds no other store or external call, and the block fits
/// one DEST section.
bool keepsSumsInDest(func::FuncOp kernel, StoreOp store) {
  auto matmul = store.getValue().getDefiningOp<MatmulOp>();
  auto loop = dyn_cast<scf::ForOp>(store->getParentOp());
  if (!matmul || !loop || loop->getBlock() != store.getDest().getParentBlock())
    return false;
  if (!getWaitedDfb(matmul.getLhs()) || !getWaitedDfb(matmul.getRhs()))
    return false;
  bool other = loop.getBody()
                   ->walk([&](Operation *op) {
                     return (isa<StoreOp>(op) && op != store.getOperation()) ||
                                    isa<CallExternFuncOp>(op)
                                ? WalkResult::interrupt()
                                : WalkResult::advance();
                   })
                   .wasInterrupted();
  return !other && store.getDest().getType().getTilesPerBlock() <=
                       destTilesPerSection(needsFp32DestAccumulation(kernel));
}

/// The accumulation of accumulating store `store`, or failure (reported) when
/// it sits in a runtime `if` below its block's reservation.
FailureOr<Accumulation> decideAccumulation(func::FuncOp kernel,
                                           StoreOp store) {
  Value dest = store.getDest();
  Block *home = dest.getParentBlock();
  // An earlier store into the block, before the store or one of its
  // enclosing ops at any level up to the reservation's block.
  auto storesBefore = [&](Operation *op) {
    for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
      bool found = prev->walk([&](StoreOp other) {
                         return other.getDest() == dest ? WalkResult::interrupt()
                                                        : WalkResult::advance();
                       })
                       .wasInterrupted();
      if (found)
        return true;
    }
    return false;
  };
  bool earlier = storesBefore(store);
  for (Operation *op = store; op->getBlock() != home;) {
    op = op->getParentOp();
    if (!isa<scf::ForOp>(op)) {
      InFlightDiagnostic diag = store.emitError(
          "an accumulating store (blk += ...) sits in a runtime if below "
          "its block's reservation: which contribution comes first, and so "
          "overwrites the block, would be known only at run time");
      diag.attachNote(dest.getLoc()) << "the block reserved here";
      return diag;
    }
    earlier |= storesBefore(op);
  }
  if (earlier)
    return Accumulation::AlwaysAdds;
  return keepsSumsInDest(kernel, store) ? Accumulation::InDest
                                        : Accumulation::First;
}

struct TTLPlanAccumulationPass
    : public ttl::impl::TTLPlanAccumulationBase<TTLPlanAccumulationPass> {
  void runOnOperation() override {
    if (failed(forEachKernelFunction(getOperation(), planAccumulation)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult emitc_lowering::planAccumulation(func::FuncOp kernel) {
  MLIRContext *context = kernel.getContext();
  WalkResult result = kernel.walk([&](StoreOp store) {
    if (!store.getAccumulate())
      return WalkResult::advance();
    // Every store into a block that accumulates packs to tile indices.
    for (Operation *user : store.getDest().getUsers())
      if (isa<StoreOp>(user))
        user->setAttr(TTLDialect::kIndexedPackAttrName, UnitAttr::get(context));
    FailureOr<Accumulation> accumulation = decideAccumulation(kernel, store);
    if (failed(accumulation))
      return WalkResult::interrupt();
    store->setAttr(TTLDialect::kAccumulationAttrName,
                   AccumulationAttr::get(context, *accumulation));
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  // The reduction lowering packs plainly (one reduce_tile chain per result
  // tile): `+=` of a reduction would silently overwrite.
  result = kernel.walk([&](StoreOp store) {
    if (!store.getAccumulate() ||
        !isa_and_nonnull<ReduceSumOp, ReduceMaxOp>(
            store.getValue().getDefiningOp()))
      return WalkResult::advance();
    store.emitError("a reduction cannot be accumulated into a block (+=): "
                    "store it into a DFB, wait for it, and add that block");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}
