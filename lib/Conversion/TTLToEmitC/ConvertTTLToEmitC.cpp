//===- ConvertTTLToEmitC.cpp - split TTL kernels to TT-Metal EmitC --------===//
//
// Driver of convert-ttl-to-emitc: a translation of decided IR, setup then
// conversion. Setup collects facts about each kernel function from its
// #ttl.kernel_record (ttl-package-kernels put each kernel in its emitc.file
// with that record, made of the records of the passes before it:
// lib/Transforms/TTL's processor roles, ABI, tile-math plan) and from its
// ops; the conversion is a full dialect conversion with the pattern families
// of this directory and the upstream arith / scf / func to EmitC patterns.
// Before it, ttl-lower-tile-math lowers the tile math and
// ttl-expand-index-division Python's `//` and `%`; after it,
// ttl-clean-up-kernels removes the casts and literals it leaves behind.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelABI.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_CONVERTTTLTOEMITC
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

Type emitc_lowering::getAutoType(MLIRContext *context) {
  return emitc::OpaqueType::get(context, "auto");
}

void emitc_lowering::populateKernelTypeConversions(TypeConverter &converter) {
  converter.addConversion([](Type type) -> std::optional<Type> {
    if (emitc::isSupportedEmitCType(type))
      return type;
    return std::nullopt;
  });
  populateEmitCSizeTTypeConversions(converter);
  converter.addConversion([](Type type) -> std::optional<Type> {
    if (isa<DataflowBufferType, BlockType, TransferType>(type))
      return getUint32Type(type.getContext());
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      if (isa_and_nonnull<LayoutAttr>(tensor.getEncoding()))
        return getAutoType(type.getContext());
    return std::nullopt;
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  converter.addSourceMaterialization(materialize);
  converter.addTargetMaterialization(materialize);
}

//===----------------------------------------------------------------------===//
// Setup
//===----------------------------------------------------------------------===//

namespace {

/// True when the kernel produces into `dfb`: it reserves blocks of it, or an
/// external call says (its DFB effects) that the C++ reserves or pushes on it.
bool reservesBlocks(Value dfb) {
  return llvm::any_of(dfb.getUsers(), [&](Operation *user) {
    if (isa<ReserveOp>(user))
      return true;
    auto call = dyn_cast<CallExternFuncOp>(user);
    if (!call)
      return false;
    SmallVector<Value> dependencies = call.getDFBDependencyOperands();
    return llvm::any_of(call.getDfbEffects(), [&](Attribute attr) {
      auto effect = cast<DFBEffectAttr>(attr);
      return (effect.getKind() == DFBEffectKind::Reserve ||
              effect.getKind() == DFBEffectKind::Push) &&
             dependencies[effect.getDependency()] == dfb;
    });
  });
}

/// Where a reconfiguration's offset is, and the ring it leaves: the kernel's
/// previous configuration of the same DFB, else the DFB's initial ring.
LoweringFacts::Reconfiguration
reconfigurationFacts(ReconfigureDataflowBufferOp op, const KernelABI &abi) {
  ArrayRef<DataflowBufferConfig> configs = abi.configs.configs;
  const auto *config = llvm::find_if(
      configs, [&](const DataflowBufferConfig &c) { return c.op == op; });
  auto create = op.getDfb().getDefiningOp<CreateDataflowBufferOp>();
  DataflowBufferType type = create.getResult().getType();
  LoweringFacts::Reconfiguration facts{
      abi.callerCountWord,
      static_cast<int64_t>(config - configs.begin()),
      config->pages,
      config->pageBytes,
      std::nullopt,
      type.getTotalSizeBytes() / type.getPageSizeBytes(),
      reservesBlocks(create.getResult())};
  for (const auto *previous = configs.begin(); previous != config; ++previous)
    if (previous->physicalIndex == config->physicalIndex) {
      facts.previousIndex = previous - configs.begin();
      facts.previousPages = previous->pages;
    }
  return facts;
}

struct ConvertTTLToEmitCPass
    : public ttl::impl::ConvertTTLToEmitCBase<ConvertTTLToEmitCPass> {
  void runOnOperation() override;

  /// Setup of one kernel that ttl-package-kernels put in its emitc.file: the
  /// facts its patterns read, from its #ttl.kernel_record and its ops.
  LogicalResult collectFacts(func::FuncOp kernel, KernelRecordAttr record,
                             LoweringFacts &facts);
};

/// The kernel function of each emitc.file ttl-package-kernels made; a kernel
/// function outside one is an error.
FailureOr<SmallVector<std::pair<func::FuncOp, KernelRecordAttr>>>
getPackagedKernels(ModuleOp module) {
  FailureOr<SmallVector<func::FuncOp>> unpackaged = getKernelFunctions(module);
  if (failed(unpackaged))
    return failure();
  if (!unpackaged->empty())
    return unpackaged->front().emitOpError(
        "is not in an emitc.file; run ttl-package-kernels before "
        "convert-ttl-to-emitc");
  SmallVector<std::pair<func::FuncOp, KernelRecordAttr>> kernels;
  for (auto file : module.getOps<emitc::FileOp>()) {
    auto record = file->getAttrOfType<KernelRecordAttr>(
        TTLDialect::kKernelRecordAttrName);
    if (!record)
      continue;
    auto functions = file.getOps<func::FuncOp>();
    if (!llvm::hasSingleElement(functions))
      return file.emitOpError("with a '")
             << TTLDialect::kKernelRecordAttrName
             << "' must hold one kernel function";
    kernels.push_back({*functions.begin(), record});
  }
  return kernels;
}

} // namespace

LogicalResult ConvertTTLToEmitCPass::collectFacts(func::FuncOp kernel,
                                                  KernelRecordAttr record,
                                                  LoweringFacts &facts) {
  // The layout ttl-record-kernel-abi recorded.
  FailureOr<KernelABI> abi = KernelABI::fromAttr(record.getAbi(), kernel);
  if (failed(abi))
    return failure();
  if (failed(collectPrintFacts(
          kernel, record.getRole() == ProcessorRole::Compute, facts)))
    return failure();
  auto grid =
      kernel->getAttrOfType<DenseI64ArrayAttr>(TTLDialect::kGridAttrName);
  WalkResult walk = kernel.walk([&](Operation *op) -> WalkResult {
    if (auto create = dyn_cast<CreateDataflowBufferOp>(op)) {
      facts.dfbWord[op] = *abi->dfbWord(*create.getPhysicalIndex());
    } else if (auto wait = dyn_cast<TransferWaitOp>(op)) {
      Operation *producer = wait.getTransfer().getDefiningOp();
      bool read = isa_and_nonnull<LoadTilesOp, LoadRowsOp>(producer);
      facts.waitsForRead[op] = read;
      // A pipe transfer is complete when its op returns (PipePatterns.cpp):
      // its wait needs no barrier, and is no barrier for the next wait.
      auto isPipeWait = [](Operation *wait) {
        return isa_and_nonnull<PipeSendOp, PipeReceiveOp>(
            cast<TransferWaitOp>(wait).getTransfer().getDefiningOp());
      };
      auto previous = dyn_cast_or_null<TransferWaitOp>(op->getPrevNode());
      if (isPipeWait(op) ||
          (previous && !isPipeWait(previous) &&
           facts.waitsForRead.lookup(previous) == read))
        facts.redundantWaits.insert(op);
    } else if (isa<LoadTilesOp, StoreTilesOp>(op)) {
      Value tensor = isa<LoadTilesOp>(op) ? cast<LoadTilesOp>(op).getTensor()
                                          : cast<StoreTilesOp>(op).getTensor();
      auto type = cast<RankedTensorType>(tensor.getType());
      // Pages follow the padded tile grid of the last two dimensions, one
      // matrix of a batch after another (the verifier checked the rank).
      facts.tensorTileCols[op] = tilesCovering(type.getShape().back());
    } else if (auto reconfigure = dyn_cast<ReconfigureDataflowBufferOp>(op)) {
      facts.reconfigurations[op] = reconfigurationFacts(reconfigure, *abi);
      auto create =
          reconfigure.getDfb().getDefiningOp<CreateDataflowBufferOp>();
      DataflowBufferType type = create.getResult().getType();
      facts.initialRings[create] = {type.getTotalSizeBytes() /
                                        type.getPageSizeBytes(),
                                    type.getPageSizeBytes()};
    } else if (isa<StoreOp>(op)) {
      // Tile math is lowered by ttl-lower-tile-math, as
      // ttl-plan-accumulation and ttl-plan-unpack-to-dest decided.
      return op->emitOpError("is not lowered; run ttl-lower-tile-math before "
                             "convert-ttl-to-emitc");
    } else if (auto size = dyn_cast<GridSizeOp>(op)) {
      if (!grid)
        return op->emitOpError("needs a static grid ('")
               << TTLDialect::kGridAttrName << "' on its kernel function)";
      facts.gridExtent[op] = grid[size.getDim()];
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (failed(collectExternFacts(kernel, *abi, facts)))
    return failure();
  facts.abi[kernel] = std::move(*abi);
  return success();
}

void ConvertTTLToEmitCPass::runOnOperation() {
  MLIRContext *context = &getContext();

  // Setup: the facts the patterns read, from each kernel's record (which
  // ttl-package-kernels made of the records of the passes before) and ops.
  FailureOr<SmallVector<std::pair<func::FuncOp, KernelRecordAttr>>> kernels =
      getPackagedKernels(getOperation());
  if (failed(kernels))
    return signalPassFailure();
  LoweringFacts facts;
  SmallVector<emitc::FileOp> files;
  for (auto [kernel, record] : *kernels) {
    if (failed(collectFacts(kernel, record, facts)))
      return signalPassFailure();
    files.push_back(cast<emitc::FileOp>(kernel->getParentOp()));
  }

  // The conversion.
  TypeConverter converter;
  populateKernelTypeConversions(converter);
  ConversionTarget target(*context);
  target.addLegalDialect<emitc::EmitCDialect>();
  target.addLegalOp<UnrealizedConversionCastOp>();
  target.addIllegalDialect<TTLDialect, arith::ArithDialect, scf::SCFDialect,
                           func::FuncDialect>();
  RewritePatternSet patterns(context);
  populateKernelFunctionPatterns(converter, patterns, facts);
  populateDataflowBufferPatterns(converter, patterns, facts);
  populateReconfigurePatterns(converter, patterns, facts);
  populateCopyPatterns(converter, patterns, facts);
  populatePipePatterns(converter, patterns);
  populateCoordinatePatterns(converter, patterns, facts);
  populateDPrintPatterns(converter, patterns, facts);
  populateExternCallPatterns(converter, patterns, facts);
  populateArithToEmitCPatterns(converter, patterns);
  populateSCFToEmitCConversionPatterns(patterns, converter);
  populateFuncToEmitCPatterns(converter, patterns);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (emitc::FileOp file : files)
    if (failed(applyFullConversion(file, target, frozen)))
      return signalPassFailure();
}
