//===- ExpandIndexDivision.cpp - floor / ceil division for C --------------===//
//
// ttl-expand-index-division: arith.floordivsi / arith.ceildivsi (Python `//`)
// and ttl.floor_mod (Python `%`) have no EmitC lowering; upstream's expansion
// of the divisions and FloorModExpansion here turn them into the truncating
// division and remainder C has, with their sign corrections.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLEXPANDINDEXDIVISION
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// `a floor_mod b` -> `r = a remsi b; r != 0 && (r < 0) != (b < 0) ? r + b : r`
/// (C's remainder has the sign of `a`, Python's that of `b`).
struct FloorModExpansion : public OpRewritePattern<FloorModOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FloorModOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value b = op.getRhs();
    Value remainder = arith::RemSIOp::create(rewriter, loc, op.getLhs(), b);
    Value zero = arith::ConstantOp::create(rewriter, loc, op.getType(),
                                           rewriter.getZeroAttr(op.getType()));
    auto compare = [&](arith::CmpIPredicate predicate, Value lhs) {
      return arith::CmpIOp::create(rewriter, loc, predicate, lhs, zero);
    };
    Value nonzero = compare(arith::CmpIPredicate::ne, remainder);
    Value signsDiffer =
        arith::XOrIOp::create(rewriter, loc,
                              compare(arith::CmpIPredicate::slt, remainder),
                              compare(arith::CmpIPredicate::slt, b));
    Value fix = arith::AndIOp::create(rewriter, loc, nonzero, signsDiffer);
    Value sum = arith::AddIOp::create(rewriter, loc, remainder, b);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, fix, sum, remainder);
    return success();
  }
};

struct TTLExpandIndexDivisionPass
    : public ttl::impl::TTLExpandIndexDivisionBase<TTLExpandIndexDivisionPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    patterns.add<FloorModExpansion>(&getContext());
    FrozenRewritePatternSet expand(std::move(patterns));
    if (failed(forEachKernelFunction(getOperation(), [&](func::FuncOp kernel) {
          return applyPatternsGreedily(kernel, expand);
        })))
      signalPassFailure();
  }
};

} // namespace
