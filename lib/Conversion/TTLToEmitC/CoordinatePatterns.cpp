//===- CoordinatePatterns.cpp - core coordinate and grid extent -----------===//
//
//   ttl.node 0 / 1      -> get_absolute_logical_x() / get_absolute_logical_y()
//   ttl.grid_size 0 / 1 -> the static grid extent (size_t literal)
//   arith.divsi / remsi on index -> `/` / `%` on ptrdiff_t, cast back to size_t
//   arith.andi / ori / xori on i1 -> `&&` / `||` / `!=` on bool
//
// The operation grid starts at core (0, 0), so the absolute logical
// coordinate is the coordinate in the grid (docs/kernel-abi.md).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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

/// Signed division / remainder of indices. Indices are size_t in the kernel,
/// and the upstream arith-to-emitc patterns emit `/` and `%` on the converted
/// operands, which would divide unsigned (-2 / 3 as a huge size_t). They are
/// computed on ptrdiff_t instead (C truncates toward zero, as divsi / remsi
/// do); ttl-expand-index-division builds Python's floor `//` and `%` from them.
template <typename ArithOp, typename EmitOp>
struct SignedIndexDivRemPattern : public OpConversionPattern<ArithOp> {
  SignedIndexDivRemPattern(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<ArithOp>(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<IndexType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "not an index operation");
    Type size = this->getTypeConverter()->convertType(op.getType());
    if (!size)
      return failure();
    Type signedSize = emitc::PtrDiffTType::get(op.getContext());
    Location loc = op.getLoc();
    Value lhs = emitc::CastOp::create(rewriter, loc, signedSize, adaptor.getLhs());
    Value rhs = emitc::CastOp::create(rewriter, loc, signedSize, adaptor.getRhs());
    Value result = EmitOp::create(rewriter, loc, signedSize, lhs, rhs);
    rewriter.replaceOpWithNewOp<emitc::CastOp>(op, size, result);
    return success();
  }
};

/// Boolean `and` / `or` / `xor` as C++'s logical operators. The upstream
/// patterns print `&` / `|` / `^`, which clang warns about as the condition
/// of a `?:` (-Wbitwise-conditional-parentheses: `a != b & c < 0 ? x : y`,
/// as Python's `//` expands); on bool the results are the same.
template <typename ArithOp, typename EmitOp>
struct BooleanPattern : public OpConversionPattern<ArithOp> {
  BooleanPattern(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<ArithOp>(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "not a boolean operation");
    Type boolean = this->getTypeConverter()->convertType(op.getType());
    if (!boolean)
      return failure();
    if constexpr (std::is_same_v<EmitOp, emitc::CmpOp>)
      rewriter.replaceOpWithNewOp<emitc::CmpOp>(op, boolean,
                                                emitc::CmpPredicate::ne,
                                                adaptor.getLhs(),
                                                adaptor.getRhs());
    else
      rewriter.replaceOpWithNewOp<EmitOp>(op, boolean, adaptor.getLhs(),
                                          adaptor.getRhs());
    return success();
  }
};
} // namespace

void emitc_lowering::populateCoordinatePatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                const LoweringFacts &facts) {
  patterns.add<NodePattern>(converter, patterns.getContext());
  patterns.add<GridSizePattern>(converter, patterns.getContext(), facts);
  patterns.add<SignedIndexDivRemPattern<arith::DivSIOp, emitc::DivOp>,
               SignedIndexDivRemPattern<arith::RemSIOp, emitc::RemOp>>(
      converter, patterns.getContext());
  patterns.add<BooleanPattern<arith::AndIOp, emitc::LogicalAndOp>,
               BooleanPattern<arith::OrIOp, emitc::LogicalOrOp>,
               BooleanPattern<arith::XOrIOp, emitc::CmpOp>>(
      converter, patterns.getContext());
}
