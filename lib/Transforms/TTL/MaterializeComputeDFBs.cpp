//===- MaterializeComputeDFBs.cpp - DFBs of FPU-read operands -------------===//
//
// Broadcasts, transposes and reductions read their inputs (and a reduction
// its scaler) from circular buffers. Where the program gives computed tile
// math, or no scaler, the compute kernel writes a compiler-owned one-block
// DFB itself right before the op and waits for it (see Passes.td): no tensor,
// no data-movement work, and the DFB is an ordinary one for every later pass.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLMATERIALIZECOMPUTEDFBS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// The factor every scaler element holds: a plain sum / maximum.
constexpr float kScalerOne = 1.0f;

bool isReduction(Operation *op) { return isa<ReduceSumOp, ReduceMaxOp>(op); }

/// Ops whose block operands the lowering unpacks from their DFBs.
bool readsDfbOperands(Operation *op) {
  return isa<BroadcastOp, TransposeOp>(op) || isReduction(op);
}

/// The last store in `op`'s block whose value is computed from `op`'s result
/// (through tile math), or null when a use leaves the block or reaches no
/// store.
StoreOp lastConsumingStore(Operation *op) {
  StoreOp last;
  SmallVector<Value> worklist{op->getResult(0)};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != op->getBlock())
        return nullptr;
      if (auto store = dyn_cast<StoreOp>(user)) {
        if (store.getValue() != value)
          return nullptr;
        if (!last || last->isBeforeInBlock(store))
          last = store;
        continue;
      }
      if (user->getNumResults() != 1 ||
          !isa<BlockType>(user->getResult(0).getType()))
        return nullptr;
      worklist.push_back(user->getResult(0));
    }
  }
  return last;
}

struct Materializer {
  explicit Materializer(func::FuncOp func)
      : func(func), b(func.getContext()) {}

  func::FuncOp func;
  OpBuilder b;
  DenseMap<Type, Value> scalerDfbs;

  /// A new one-block DFB of `type`'s blocks, first in the function.
  Value createDfb(BlockType type, Location loc) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&func.front());
    auto dfbType = DataflowBufferType::get(b.getContext(), type.getShape(),
                                           type.getElementType(), 1);
    return CreateDataflowBufferOp::create(b, loc, dfbType, IntegerAttr())
        .getResult();
  }

  /// Before `op`: `value` stored into a block of `dfb`, pushed and waited
  /// for; the waited block is popped after `consumer`.
  Value passThrough(Operation *op, Value dfb, Value value, StoreOp consumer) {
    Location loc = op->getLoc();
    auto type = cast<BlockType>(value.getType());
    b.setInsertionPoint(op);
    Value slot = ReserveOp::create(b, loc, type, dfb);
    StoreOp::create(b, loc, value, slot);
    PushOp::create(b, loc, slot);
    Value waited = WaitOp::create(b, loc, type, dfb);
    b.setInsertionPointAfter(consumer);
    PopOp::create(b, loc, waited);
    return waited;
  }

  LogicalResult run(Operation *op) {
    StoreOp consumer = lastConsumingStore(op);
    if (isReduction(op) &&
        !(consumer && op->getResult(0).hasOneUse() &&
          consumer.getValue() == op->getResult(0)))
      return op->emitError(
          "a reduction is stored on its own: "
          "blk.store(ttl.math.reduce_sum(x, dims=[...])); store it into a "
          "DFB block, then wait for that block to use it in other math");
    if (!consumer)
      return op->emitError("the result of this ")
             << op->getName().stripDialect()
             << " must reach a store in its block (blk.store(...))";
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      if (value.getDefiningOp<WaitOp>())
        continue;
      auto type = cast<BlockType>(value.getType());
      operand.set(passThrough(op, createDfb(type, op->getLoc()), value,
                              consumer));
    }
    if (isReduction(op) && op->getNumOperands() == 1)
      return addScaler(op, consumer);
    return success();
  }

  /// A reduction without a scaler reads a tile of ones.
  LogicalResult addScaler(Operation *reduce, StoreOp consumer) {
    Type element =
        cast<BlockType>(reduce->getOperand(0).getType()).getElementType();
    auto tile = BlockType::get(b.getContext(), {1, 1}, element);
    Value &dfb = scalerDfbs[element];
    if (!dfb)
      dfb = createDfb(tile, reduce->getLoc());
    b.setInsertionPoint(reduce);
    Value ones =
        FillOp::create(b, reduce->getLoc(), tile, b.getF32FloatAttr(kScalerOne));
    Value scaler = passThrough(reduce, dfb, ones, consumer);
    b.setInsertionPoint(reduce);
    Value scaled =
        isa<ReduceSumOp>(reduce)
            ? withScaler(cast<ReduceSumOp>(reduce), scaler)
            : withScaler(cast<ReduceMaxOp>(reduce), scaler);
    reduce->getResult(0).replaceAllUsesWith(scaled);
    reduce->erase();
    return success();
  }

  template <typename ReduceOpT>
  Value withScaler(ReduceOpT reduce, Value scaler) {
    return ReduceOpT::create(b, reduce.getLoc(), reduce.getResult().getType(),
                             reduce.getInput(), scaler, reduce.getDimsAttr());
  }
};

LogicalResult materialize(func::FuncOp func) {
  // Last op first: materializing an op's computed input stores it, so an
  // earlier reduction it holds (a broadcast of a reduction) is then stored
  // on its own, with the new store as its consumer.
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (readsDfbOperands(op))
      ops.push_back(op);
  });
  Materializer materializer(func);
  for (Operation *op : llvm::reverse(ops))
    if (failed(materializer.run(op)))
      return failure();
  return success();
}

struct MaterializeComputeDFBsPass
    : public ttl::impl::TTLMaterializeComputeDFBsBase<
          MaterializeComputeDFBsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (failed(materialize(func)))
        return signalPassFailure();
  }
};

} // namespace
