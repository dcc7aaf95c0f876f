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

#include "TileMathLowering.h"

#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLLOWERTILEMATH
#include "ttl/Transforms/TTL/Passes.h.inc"
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

/// How an emitted compute-API call reads the CBs among its operands.
enum class CbUse { Copy, Unpack, None };

CbUse classifyCall(StringRef callee) {
  return llvm::StringSwitch<CbUse>(callee)
      .Cases({"copy_init", "copy_tile", "unary_bcast_init", "unary_bcast",
              "unary_bcast_uninit", "transpose_init", "transpose_tile"},
             CbUse::Copy)
      // Configuration and packing: they unpack nothing.
      .Cases({"compute_kernel_hw_startup", "reconfig_data_format",
              "reconfig_data_format_srca", "reconfig_data_format_srcb",
              "pack_reconfig_data_format", "pack_tile"},
             CbUse::None)
      // Everything else that names a CB (add_tiles, matmul_tiles, their
      // inits, ...) unpacks it into SrcA / SrcB.
      .Default(CbUse::Unpack);
}

/// The DFB an operand of an emitted call stands for: the tile-math lowering
/// bridges DFBs to uint32_t with unrealized casts.
Value dfbOfCbOperand(Value operand) {
  auto cast = operand.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast.getNumOperands() != 1)
    return nullptr;
  Value input = cast.getOperand(0);
  return isa<DataflowBufferType>(input.getType()) ? input : nullptr;
}

/// After `kernel`'s tile math is lowered: checks the recorded plan against
/// the compute-API calls the lowering emitted (every planned DFB is read by
/// copy_tile and by no other unpacking call). Fails with an error otherwise.
LogicalResult checkUnpackToDest(func::FuncOp kernel,
                                ArrayRef<int64_t> unpackToDest) {
  if (unpackToDest.empty())
    return success();
  // CBs of the lowered calls, by physical index (-1: a CB without one).
  llvm::DenseSet<int64_t> copied, unpacked;
  kernel.walk([&](emitc::CallOpaqueOp call) {
    CbUse use = classifyCall(call.getCallee());
    if (use == CbUse::None)
      return;
    for (Value operand : call.getOperands())
      if (Value dfb = dfbOfCbOperand(operand))
        (use == CbUse::Copy ? copied : unpacked)
            .insert(hasPhysicalIndex(dfb) ? physicalIndexOf(dfb) : -1);
  });
  for (int64_t index : unpackToDest)
    if (!copied.contains(index) || unpacked.contains(index) ||
        unpacked.contains(-1))
      return kernel.emitError("internal error: DFB ")
             << index
             << " is planned to unpack straight to DEST, but the lowered "
                "tile math "
             << (copied.contains(index) ? "may also unpack it into SrcA / SrcB"
                                        : "does not read it with copy_tile");
  return success();
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
