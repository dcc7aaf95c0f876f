//===- MaterializeReduceScalers.cpp - scaler tiles for reductions ---------===//
//
// reduce_tile reads its scaling factors from a circular buffer, so a
// reduction written without a scaler (`ttl.math.reduce_sum(x, dims=[1])`)
// gets a compiler-owned one-tile DFB that the compute kernel fills with ones
// right before the reduction (see Passes.td). Filling it in the compute
// kernel keeps the design local: no tensor, no data-movement work, and the
// DFB is an ordinary one for every later pass.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLMATERIALIZEREDUCESCALERS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// The factor every scaler element holds: a plain sum / maximum.
constexpr float kScalerOne = 1.0f;

/// The one store of `reduce`'s result in its block, or null.
StoreOp getOwnStore(Operation *reduce) {
  Value result = reduce->getResult(0);
  if (!result.hasOneUse())
    return nullptr;
  auto store = dyn_cast<StoreOp>(*result.getUsers().begin());
  if (!store || store.getValue() != result ||
      store->getBlock() != reduce->getBlock())
    return nullptr;
  return store;
}

/// `reduce` with `scaler` as its scaler operand, created at the builder.
template <typename ReduceOpT>
Value withScaler(OpBuilder &b, ReduceOpT reduce, Value scaler) {
  return ReduceOpT::create(b, reduce.getLoc(), reduce.getResult().getType(),
                           reduce.getInput(), scaler, reduce.getDimsAttr());
}

LogicalResult materialize(func::FuncOp func) {
  SmallVector<Operation *> reductions;
  func.walk([&](Operation *op) {
    if (isa<ReduceSumOp, ReduceMaxOp>(op) && op->getNumOperands() == 1)
      reductions.push_back(op);
  });
  if (reductions.empty())
    return success();
  MLIRContext *context = func.getContext();
  OpBuilder b(context);
  DenseMap<Type, Value> scalerDfbs;
  for (Operation *reduce : reductions) {
    StoreOp store = getOwnStore(reduce);
    if (!store)
      return reduce->emitError(
          "a reduction is stored on its own: "
          "blk.store(ttl.math.reduce_sum(x, dims=[...])); store it into a "
          "DFB block, then wait for that block to use it in other math");
    auto input = cast<BlockType>(reduce->getOperand(0).getType());
    Type element = input.getElementType();
    auto blockType = BlockType::get(context, {1, 1}, element);
    Value &dfb = scalerDfbs[element];
    if (!dfb) {
      b.setInsertionPointToStart(&func.front());
      auto type = DataflowBufferType::get(context, {1, 1}, element, 1);
      dfb = CreateDataflowBufferOp::create(b, reduce->getLoc(), type,
                                           IntegerAttr())
                .getResult();
    }
    Location loc = reduce->getLoc();
    b.setInsertionPoint(reduce);
    Value slot = ReserveOp::create(b, loc, blockType, dfb);
    Value ones = FillOp::create(b, loc, blockType, b.getF32FloatAttr(kScalerOne));
    StoreOp::create(b, loc, ones, slot);
    PushOp::create(b, loc, slot);
    Value scaler = WaitOp::create(b, loc, blockType, dfb);
    Value scaled =
        isa<ReduceSumOp>(reduce)
            ? withScaler(b, cast<ReduceSumOp>(reduce), scaler)
            : withScaler(b, cast<ReduceMaxOp>(reduce), scaler);
    reduce->getResult(0).replaceAllUsesWith(scaled);
    reduce->erase();
    b.setInsertionPointAfter(store);
    PopOp::create(b, loc, scaler);
  }
  return success();
}

struct MaterializeReduceScalersPass
    : public ttl::impl::TTLMaterializeReduceScalersBase<
          MaterializeReduceScalersPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (failed(materialize(func)))
        return signalPassFailure();
  }
};

} // namespace
