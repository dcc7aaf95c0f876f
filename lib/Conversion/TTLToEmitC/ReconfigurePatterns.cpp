//===- ReconfigurePatterns.cpp - DFB reconfiguration -> device helper -----===//
//
//   ttl.reconfigure_dfb %dfb block_count = n
//     -> uint32_t to = get_arg_val<uint32_t>(
//            get_compile_time_arg_val(<caller count word>) + k);
//        [cb_reserve_back(dfb, old_pages - pages);]  producer, shrinking
//        ttl::reconfigure_dfb(dfb, from, to, pages, page_bytes);
//
// `k` is the reconfiguration's position among the kernel's; without caller
// words (an operation without runtime resources) the offset is per-core word
// `k`. `from` is the offset of the ring the DFB leaves: the kernel's previous
// configuration of it (read the same way), or 0 for the initial ring. A
// producer that shrinks the ring first waits (cb_reserve_back of the
// difference, in the old ring) until at most `pages` pages are in flight:
// TT-Metal counts free pages in 16 bits, so more in flight than the new ring
// holds would wrap to 65535 free pages. The helper is
// python/ttlang/include/ttlang/dfb_reconfigure.h.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {
/// The per-core word holding the offset of the kernel's `k`-th configuration.
Value offsetArgument(ConversionPatternRewriter &rewriter, Location loc,
                     const LoweringFacts::Reconfiguration &info, int64_t k) {
  MLIRContext *context = rewriter.getContext();
  Type u32 = getUint32Type(context);
  CallArg index = k;
  if (info.callerCountWord) {
    Value count = emitCall(rewriter, loc, "get_compile_time_arg_val", u32,
                           {*info.callerCountWord})
                      .getResult(0);
    Value offset = emitc::ConstantOp::create(
        rewriter, loc, u32, emitc::OpaqueAttr::get(context, std::to_string(k)));
    index = emitc::AddOp::create(rewriter, loc, u32, count, offset).getResult();
  }
  return emitCall(rewriter, loc, "get_arg_val", u32, {index},
                  {emitc::OpaqueAttr::get(context, "uint32_t")})
      .getResult(0);
}

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
    Value from = info.previousIndex
                     ? offsetArgument(rewriter, loc, info, *info.previousIndex)
                     : emitc::ConstantOp::create(
                           rewriter, loc, getUint32Type(op.getContext()),
                           emitc::OpaqueAttr::get(op.getContext(), "0"))
                           .getResult();
    Value to = offsetArgument(rewriter, loc, info, info.index);
    if (info.producer && info.pages < info.previousPages)
      emitCall(rewriter, loc, "cb_reserve_back", Type(),
               {adaptor.getDfb(), info.previousPages - info.pages});
    emitCall(rewriter, loc, "ttl::reconfigure_dfb", Type(),
             {adaptor.getDfb(), from, to, info.pages, info.pageBytes});
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
