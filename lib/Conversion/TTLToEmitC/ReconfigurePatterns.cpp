//===- ReconfigurePatterns.cpp - DFB reconfiguration -> device helper -----===//
//
//   ttl.reconfigure_dfb %dfb block_count = n
//     -> uint32_t offset = get_arg_val<uint32_t>(
//            get_compile_time_arg_val(<caller count word>) + k);
//        ttl::reconfigure_dfb(dfb, offset, pages, page_bytes);
//
// `k` is the reconfiguration's position among the kernel's; without caller
// words (an operation without runtime resources) the offset is per-core word
// `k`. The helper is python/ttlang/include/ttlang/dfb_reconfigure.h.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {
struct ReconfigurePattern : public FactsPattern<ReconfigureDataflowBufferOp> {
  using FactsPattern::FactsPattern;

  LogicalResult
  matchAndRewrite(ReconfigureDataflowBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = facts.reconfigurations.find(op);
    if (it == facts.reconfigurations.end())
      return rewriter.notifyMatchFailure(op, "reconfiguration outside a kernel");
    const LoweringFacts::Reconfiguration &info = it->second;
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Type u32 = getUint32Type(context);
    CallArg index = info.index;
    if (info.callerCountWord) {
      Value count = emitCall(rewriter, loc, "get_compile_time_arg_val", u32,
                             {*info.callerCountWord})
                        .getResult(0);
      Value k = emitc::ConstantOp::create(
          rewriter, loc, u32, emitc::OpaqueAttr::get(
                                  context, std::to_string(info.index)));
      index = emitc::AddOp::create(rewriter, loc, u32, count, k).getResult();
    }
    Value offset = emitCall(rewriter, loc, "get_arg_val", u32, {index},
                            {emitc::OpaqueAttr::get(context, "uint32_t")})
                       .getResult(0);
    emitCall(rewriter, loc, "ttl::reconfigure_dfb", Type(),
             {adaptor.getDfb(), offset, info.pages, info.pageBytes});
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void emitc_lowering::populateReconfigurePatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns,
                                                 const LoweringFacts &facts) {
  patterns.add<ReconfigurePattern>(converter, patterns.getContext(), facts);
}
