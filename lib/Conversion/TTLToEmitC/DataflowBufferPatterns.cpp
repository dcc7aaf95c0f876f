//===- DataflowBufferPatterns.cpp - DFB ops -> circular-buffer API --------===//
//
//   ttl.create_dfb  -> uint32_t v = get_compile_time_arg_val(<ABI word>);
//                      (a DFB the kernel reconfigures: then
//                      ttl::configure_initial_dfb(v, pages, page_bytes))
//   ttl.reserve     -> cb_reserve_back(v, tiles)   (the block is the DFB id)
//   ttl.push        -> cb_push_back(v, tiles)
//   ttl.wait        -> cb_wait_front(v, tiles)
//   ttl.pop         -> cb_pop_front(v, tiles)
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {
struct CreateDataflowBufferPattern
    : public FactsPattern<CreateDataflowBufferOp> {
  using FactsPattern::FactsPattern;

  LogicalResult
  matchAndRewrite(CreateDataflowBufferOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto word = facts.dfbWord.find(op);
    if (word == facts.dfbWord.end())
      return rewriter.notifyMatchFailure(op, "DFB outside a kernel function");
    Value cb = emitCall(rewriter, op.getLoc(), "get_compile_time_arg_val",
                        getUint32Type(op.getContext()), {word->second})
                   .getResult(0);
    auto ring = facts.initialRings.find(op);
    if (ring != facts.initialRings.end())
      emitCall(rewriter, op.getLoc(), "ttl::configure_initial_dfb", Type(),
               {cb, ring->second.first, ring->second.second});
    rewriter.replaceOp(op, cb);
    return success();
  }
};

/// reserve / wait: the call, and the block becomes its DFB's id.
template <typename OpTy>
struct AcquirePattern : public OpConversionPattern<OpTy> {
  AcquirePattern(const TypeConverter &converter, MLIRContext *context,
                 StringRef callee)
      : OpConversionPattern<OpTy>(converter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A block's pages: its tiles, or its rows when row-major.
    int64_t pages = op.getBlock().getType().getPagesPerBlock();
    emitCall(rewriter, op.getLoc(), callee, Type(), {adaptor.getDfb(), pages});
    rewriter.replaceOp(op, adaptor.getDfb());
    return success();
  }

  StringRef callee;
};

/// push / pop.
template <typename OpTy>
struct ReleasePattern : public OpConversionPattern<OpTy> {
  ReleasePattern(const TypeConverter &converter, MLIRContext *context,
                 StringRef callee)
      : OpConversionPattern<OpTy>(converter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<BlockType>(op.getBlock().getType());
    emitCall(rewriter, op.getLoc(), callee, Type(),
             {adaptor.getBlock(), type.getPagesPerBlock()});
    rewriter.eraseOp(op);
    return success();
  }

  StringRef callee;
};
} // namespace

void emitc_lowering::populateDataflowBufferPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const LoweringFacts &facts) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CreateDataflowBufferPattern>(converter, context, facts);
  patterns.add<AcquirePattern<ReserveOp>>(converter, context, "cb_reserve_back");
  patterns.add<AcquirePattern<WaitOp>>(converter, context, "cb_wait_front");
  patterns.add<ReleasePattern<PushOp>>(converter, context, "cb_push_back");
  patterns.add<ReleasePattern<PopOp>>(converter, context, "cb_pop_front");
}
