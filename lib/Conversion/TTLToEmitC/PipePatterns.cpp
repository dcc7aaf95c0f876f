//===- PipePatterns.cpp - pipe transfers -> the device pipe helpers -------===//
//
//   ttl.pipe_send #ttl.pipe<..., src (sx, sy), dst (x0, y0) to (x1, y1)> from %blk
//     -> ttlang::pipe_send(get_read_ptr(cb) | get_write_ptr(cb), bytes,
//                          x0, y0, x1, y1, ready, address, valid, flag);
//   ttl.pipe_recv #ttl.pipe<...> into %blk
//     -> ttlang::pipe_receive(get_write_ptr(cb), sx, sy, ready, address, valid);
//
// A send whose destinations ttl-plan-pipes split into several rectangles
// (`ttl.pipe_multicasts`, a 1-D pipe's run of cores) waits once for all of
// its receivers and then writes each rectangle:
//     -> uint32_t d = ttlang::pipe_send_ready(receivers, ready, address, flag);
//        ttlang::pipe_send_write(src, bytes, d, x0, y0, x1, y1, valid, flag);
//        ... (one per rectangle)
//
// A sent block from ttl.wait is read at the DFB's read pointer, one from
// ttl.reserve (filled by this kernel) at its write pointer. The semaphore ids
// are ttl-plan-pipes' (`ttl.pipe_semaphores`); the helpers, in
// python/ttlang/include/ttlang/pipe.h, do the TT-Metal handshake. Both ops
// complete before they return, so their ttl.transfer_wait emits nothing
// (ConvertTTLToEmitC.cpp, collectFacts).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLPipes.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

FailureOr<ArrayRef<int64_t>> semaphoresOf(Operation *op) {
  auto ids = op->getAttrOfType<DenseI64ArrayAttr>(kPipeSemaphoresAttrName);
  if (!ids || ids.size() != 4)
    return op->emitOpError("has no '")
           << kPipeSemaphoresAttrName
           << "'; run ttl-plan-pipes before convert-ttl-to-emitc";
  return ids.asArrayRef();
}

/// The rectangles a send writes to, four words each: ttl-plan-pipes'
/// record, or the pipe's own rectangle.
FailureOr<SmallVector<int64_t>> multicastsOf(PipeSendOp op) {
  if (auto words =
          op->getAttrOfType<DenseI64ArrayAttr>(kPipeMulticastsAttrName))
    return SmallVector<int64_t>(words.asArrayRef());
  PipeAttr pipe = op.getPipe();
  if (pipe.getRun())
    return op.emitOpError("sends to a run of cores with no '")
           << kPipeMulticastsAttrName
           << "'; run ttl-plan-pipes before convert-ttl-to-emitc";
  return SmallVector<int64_t>{pipe.getX0(), pipe.getY0(), pipe.getX1(),
                              pipe.getY1()};
}

int64_t blockBytes(BlockType block) {
  return block.getPageSizeBytes() * block.getPagesPerBlock();
}

struct PipeSendPattern : public OpConversionPattern<PipeSendOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PipeSendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ArrayRef<int64_t>> ids = semaphoresOf(op);
    if (failed(ids))
      return failure();
    Location loc = op.getLoc();
    bool filledHere = isa_and_nonnull<ReserveOp>(op.getBlock().getDefiningOp());
    Value source =
        emitCall(rewriter, loc, filledHere ? "get_write_ptr" : "get_read_ptr",
                 getUint32Type(op.getContext()), {adaptor.getBlock()})
            .getResult(0);
    FailureOr<SmallVector<int64_t>> corners = multicastsOf(op);
    if (failed(corners))
      return failure();
    int64_t bytes = blockBytes(op.getBlock().getType());
    const SmallVector<int64_t> &c = *corners;
    if (c.size() == 4) {
      emitCall(rewriter, loc, "ttlang::pipe_send", Type(),
               {source, bytes, c[0], c[1], c[2], c[3], (*ids)[0], (*ids)[1],
                (*ids)[2], (*ids)[3]});
      rewriter.replaceOp(op, adaptor.getBlock());
      return success();
    }
    int64_t receivers = 0;
    for (size_t i = 0; i < c.size(); i += 4)
      receivers += (c[i + 2] - c[i] + 1) * (c[i + 3] - c[i + 1] + 1);
    Value destination =
        emitCall(rewriter, loc, "ttlang::pipe_send_ready",
                 getUint32Type(op.getContext()),
                 {receivers, (*ids)[0], (*ids)[1], (*ids)[3]})
            .getResult(0);
    for (size_t i = 0; i < c.size(); i += 4)
      emitCall(rewriter, loc, "ttlang::pipe_send_write", Type(),
               {source, bytes, destination, c[i], c[i + 1], c[i + 2],
                c[i + 3], (*ids)[2], (*ids)[3]});
    rewriter.replaceOp(op, adaptor.getBlock());
    return success();
  }
};

struct PipeReceivePattern : public OpConversionPattern<PipeReceiveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PipeReceiveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ArrayRef<int64_t>> ids = semaphoresOf(op);
    if (failed(ids))
      return failure();
    Location loc = op.getLoc();
    Value destination =
        emitCall(rewriter, loc, "get_write_ptr", getUint32Type(op.getContext()),
                 {adaptor.getBlock()})
            .getResult(0);
    PipeAttr pipe = op.getPipe();
    emitCall(rewriter, loc, "ttlang::pipe_receive", Type(),
             {destination, pipe.getSrcX(), pipe.getSrcY(), (*ids)[0],
              (*ids)[1], (*ids)[2]});
    rewriter.replaceOp(op, adaptor.getBlock());
    return success();
  }
};

} // namespace

bool emitc_lowering::usesPipes(func::FuncOp kernel) {
  return kernel
      ->walk([](Operation *op) {
        return isa<PipeSendOp, PipeReceiveOp>(op) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

void emitc_lowering::populatePipePatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<PipeSendPattern, PipeReceivePattern>(converter,
                                                    patterns.getContext());
}
