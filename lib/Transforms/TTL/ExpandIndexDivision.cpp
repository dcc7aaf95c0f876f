//===- ExpandIndexDivision.cpp - floor / ceil division for C --------------===//
//
// ttl-expand-index-division: arith.floordivsi / arith.ceildivsi (Python `//`
// and `%`) have no EmitC lowering; upstream's expansion turns them into the
// truncating division and corrections C has.
//
//===----------------------------------------------------------------------===//

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

struct TTLExpandIndexDivisionPass
    : public ttl::impl::TTLExpandIndexDivisionBase<TTLExpandIndexDivisionPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    FrozenRewritePatternSet expand(std::move(patterns));
    if (failed(forEachKernelFunction(getOperation(), [&](func::FuncOp kernel) {
          return applyPatternsGreedily(kernel, expand);
        })))
      signalPassFailure();
  }
};

} // namespace
