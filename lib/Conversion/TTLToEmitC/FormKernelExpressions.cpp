//===- FormKernelExpressions.cpp - C++ expressions of kernels -------------===//
//
// ttl-form-kernel-expressions: single-use C operators become emitc.expression
// ops folded into their users, with the greedy driver's region simplification
// off (Passes.td says why).
//
//===----------------------------------------------------------------------===//

#include "ttl/Conversion/TTLToEmitC/Passes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLFORMKERNELEXPRESSIONS
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;

namespace {

struct TTLFormKernelExpressionsPass
    : public ttl::impl::TTLFormKernelExpressionsBase<
          TTLFormKernelExpressionsPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    getOperation()->walk([&](Operation *op) {
      if (op->getNumResults() == 1 && isa<emitc::CExpressionInterface>(op) &&
          !op->getParentOfType<emitc::ExpressionOp>())
        emitc::createExpression(op, builder);
    });
    RewritePatternSet patterns(&getContext());
    emitc::populateExpressionPatterns(patterns);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
