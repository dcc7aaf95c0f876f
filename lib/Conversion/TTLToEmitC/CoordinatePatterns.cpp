//===- CoordinatePatterns.cpp - core coordinate and grid extent -----------===//
//
//   ttl.node 0 / 1      -> get_absolute_logical_x() / get_absolute_logical_y()
//   ttl.grid_size 0 / 1 -> the static grid extent (size_t literal)
//
// The operation grid starts at core (0, 0), so the absolute logical
// coordinate is the coordinate in the grid (docs/kernel-abi.md).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {
struct NodePattern : public OpConversionPattern<NodeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(NodeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef callee = op.getDim() == 0 ? "get_absolute_logical_x"
                                        : "get_absolute_logical_y";
    rewriter.replaceOp(op, emitCall(rewriter, op.getLoc(), callee,
                                    getSizeType(op.getContext()), {}));
    return success();
  }
};

struct GridSizePattern : public FactsPattern<GridSizeOp> {
  using FactsPattern::FactsPattern;

  LogicalResult
  matchAndRewrite(GridSizeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto extent = facts.gridExtent.find(op);
    if (extent == facts.gridExtent.end())
      return rewriter.notifyMatchFailure(op, "grid extent unknown");
    rewriter.replaceOp(op, emitIndex(rewriter, op.getLoc(), extent->second));
    return success();
  }
};
} // namespace

void emitc_lowering::populateCoordinatePatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                const LoweringFacts &facts) {
  patterns.add<NodePattern>(converter, patterns.getContext());
  patterns.add<GridSizePattern>(converter, patterns.getContext(), facts);
}
