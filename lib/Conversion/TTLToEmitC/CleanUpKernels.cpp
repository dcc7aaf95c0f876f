//===- CleanUpKernels.cpp - what the conversion leaves behind -------------===//
//
// ttl-clean-up-kernels, after convert-ttl-to-emitc: ttl-lower-tile-math
// bridged DFBs to uint32_t with unrealized casts, which after the conversion
// are identities or cancelling pairs; single-tile loops leave unused size_t
// literals. Both go; a cast that does not reconcile is an error.
//
//===----------------------------------------------------------------------===//

#include "ttl/Conversion/TTLToEmitC/Passes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLCLEANUPKERNELS
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;

namespace {

struct TTLCleanUpKernelsPass
    : public ttl::impl::TTLCleanUpKernelsBase<TTLCleanUpKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<UnrealizedConversionCastOp> casts, remaining;
    module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts, &remaining);
    module.walk([](emitc::ConstantOp constant) {
      if (constant->use_empty())
        constant.erase();
    });
    for (UnrealizedConversionCastOp cast : remaining) {
      cast.emitError("unresolved type conversion in generated kernel");
      return signalPassFailure();
    }
  }
};

} // namespace
