//===- LowerTileMath.cpp - ttl-lower-tile-math driver ---------------------===//
//
// Lowers the tile math of every kernel function as ttl-plan-accumulation and
// ttl-plan-unpack-to-dest decided: the unpacker / packer reconfigurations
// between stores of different formats (DataFormatReconfig.cpp), then each
// `ttl.store` of tile math into compute-API calls (TileMathPatterns.cpp,
// greedily top-down: the first math of a kernel chooses its hardware
// startup), then checks the lowered calls against the recorded
// unpack-to-DEST plan. The DFBs, their blocks and the rest of the kernel stay
// TTL for convert-ttl-to-emitc; the calls name the DFBs through unrealized
// casts to uint32_t.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "TileMath.h"

#include "ttl/Conversion/TTLToEmitC/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLLOWERTILEMATH
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

/// The recorded unpack-to-DEST plan of `kernel` (none for a data-movement
/// kernel); fails when the planning passes did not run on a kernel with
/// tile math.
FailureOr<ArrayRef<int64_t>> getPlan(func::FuncOp kernel) {
  WalkResult unplanned = kernel.walk([](StoreOp store) {
    if (!store.getAccumulate() ||
        store->hasAttr(TTLDialect::kAccumulationAttrName))
      return WalkResult::advance();
    store.emitOpError("has no '")
        << TTLDialect::kAccumulationAttrName
        << "'; run ttl-plan-accumulation before ttl-lower-tile-math";
    return WalkResult::interrupt();
  });
  if (unplanned.wasInterrupted())
    return failure();
  if (auto plan = kernel->getAttrOfType<DenseI64ArrayAttr>(
          TTLDialect::kUnpackToDestAttrName))
    return plan.asArrayRef();
  auto id = kernel->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName);
  bool math = kernel->walk([](StoreOp) { return WalkResult::interrupt(); })
                  .wasInterrupted();
  if (id.getKind() == KernelKind::Compute && math)
    return kernel.emitOpError("has no '")
           << TTLDialect::kUnpackToDestAttrName
           << "'; run ttl-plan-unpack-to-dest before ttl-lower-tile-math";
  return ArrayRef<int64_t>();
}

struct TTLLowerTileMathPass
    : public ttl::impl::TTLLowerTileMathBase<TTLLowerTileMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTileMathPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    // Top-down: the first math of the kernel chooses the hardware startup.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    auto lower = [&](func::FuncOp kernel) -> LogicalResult {
      FailureOr<ArrayRef<int64_t>> plan = getPlan(kernel);
      if (failed(plan))
        return failure();
      emitDataFormatReconfigs(kernel, *plan);
      if (failed(applyPatternsGreedily(kernel, frozen, config)))
        return failure();
      // A store left over had its error reported by the pattern.
      if (kernel->walk([](StoreOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        return failure();
      return checkUnpackToDest(kernel, *plan);
    };
    if (failed(forEachKernelFunction(getOperation(), lower)))
      signalPassFailure();
  }
};

} // namespace
