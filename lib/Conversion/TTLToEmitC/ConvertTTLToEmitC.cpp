//===- ConvertTTLToEmitC.cpp - split TTL kernels to TT-Metal EmitC --------===//
//
// Driver of convert-ttl-to-emitc: a translation of decided IR, setup then
// conversion. Setup collects facts about each kernel function from the
// records of the passes before it (lib/Transforms/TTL: processor roles, ABI,
// the tile-math plan) and wraps each kernel in an emitc.file with its
// includes and its #ttl.kernel_record; the conversion is a full dialect
// conversion with the pattern families of this directory and the upstream
// arith / scf / func to EmitC patterns. Before it, ttl-lower-tile-math lowers
// the tile math and ttl-expand-index-division Python's `//`; after it,
// ttl-clean-up-kernels removes the casts and literals it leaves behind.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelABI.h"
#include "ttl/Transforms/TTL/TileMath.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <set>

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
// Kernel records
//===----------------------------------------------------------------------===//

namespace {

/// Headers a kernel needs for the calls it makes (compute kernels include
/// only the api/compute headers they use).
StringRef headerForCall(StringRef callee) {
  // unary_bcast*, <op>_bcast_<kind>_init, <op>_tiles_bcast_<kind>.
  if (callee.contains("_bcast"))
    return "api/compute/bcast.h";
  return llvm::StringSwitch<StringRef>(callee)
      .Cases({"cb_wait_front", "cb_pop_front", "cb_reserve_back",
              "cb_push_back"},
             "api/compute/cb_api.h")
      .Case("compute_kernel_hw_startup", "api/compute/compute_kernel_hw_startup.h")
      .Cases({"binary_tiles_init", "add_tiles", "sub_tiles", "mul_tiles"},
             "api/compute/eltwise_binary.h")
      .Cases({"copy_init", "copy_tile"}, "api/compute/tile_move_copy.h")
      .Cases({"tile_regs_acquire", "tile_regs_commit", "tile_regs_wait",
              "tile_regs_release"},
             "api/compute/reg_api.h")
      .Case("pack_tile", "api/compute/pack.h")
      .Cases({"add_binary_tile_init", "add_binary_tile", "sub_binary_tile_init",
              "sub_binary_tile", "mul_binary_tile_init", "mul_binary_tile",
              "div_binary_tile_init", "div_binary_tile"},
             "api/compute/eltwise_binary_sfpu.h")
      .Cases({"eq_binary_tile_init", "eq_binary_tile", "ne_binary_tile_init",
              "ne_binary_tile", "lt_binary_tile_init", "lt_binary_tile",
              "le_binary_tile_init", "le_binary_tile", "gt_binary_tile_init",
              "gt_binary_tile", "ge_binary_tile_init", "ge_binary_tile"},
             "api/compute/eltwise_binary_sfpu.h")
      .Cases({"binary_max_tile_init", "binary_max_tile", "binary_min_tile_init",
              "binary_min_tile"},
             "api/compute/binary_max_min.h")
      .Cases({"where_tile_init", "where_tile"},
             "api/compute/eltwise_unary/where.h")
      .Cases({"gelu_tile_init", "gelu_tile"}, "api/compute/eltwise_unary/gelu.h")
      .Cases({"silu_tile_init", "silu_tile", "square_tile_init", "square_tile",
              "exp2_tile_init", "exp2_tile", "power_tile_init", "power_tile"},
             "api/compute/compute_kernel_api.h")
      .Cases({"exp_tile_init", "exp_tile"}, "api/compute/eltwise_unary/exp.h")
      .Cases({"relu_tile_init", "relu_tile"}, "api/compute/eltwise_unary/relu.h")
      .Cases({"sqrt_tile_init", "sqrt_tile"}, "api/compute/eltwise_unary/sqrt.h")
      .Cases({"negative_tile_init", "negative_tile"},
             "api/compute/eltwise_unary/negative.h")
      .Cases({"rsqrt_tile_init", "rsqrt_tile"},
             "api/compute/eltwise_unary/rsqrt.h")
      .Cases({"recip_tile_init", "recip_tile"},
             "api/compute/eltwise_unary/recip.h")
      .Cases({"sin_tile_init", "sin_tile", "cos_tile_init", "cos_tile"},
             "api/compute/eltwise_unary/trigonometry.h")
      .Cases({"abs_tile_init", "abs_tile", "sigmoid_tile_init", "sigmoid_tile",
              "tanh_tile_init", "tanh_tile", "log_tile_init", "log_tile"},
             "api/compute/compute_kernel_api.h")
      .Cases({"matmul_init", "matmul_tiles"}, "api/compute/matmul.h")
      .Cases({"reconfig_data_format", "reconfig_data_format_srca",
              "reconfig_data_format_srcb", "pack_reconfig_data_format"},
             "api/compute/reconfig_data_format.h")
      .Cases({"binop_with_scalar_tile_init", "add_unary_tile", "sub_unary_tile",
              "rsub_unary_tile", "mul_unary_tile", "div_unary_tile"},
             "api/compute/eltwise_unary/binop_with_scalar.h")
      .Cases({"rdiv_tile_init", "rdiv_tile"}, "api/compute/eltwise_unary/rdiv.h")
      .Cases({"fill_tile_init", "fill_tile_bitcast"},
             "api/compute/eltwise_unary/fill.h")
      .Cases({"reduce_init", "reduce_tile", "reduce_uninit"},
             "api/compute/reduce.h")
      .Cases({"transpose_init", "transpose_tile"}, "api/compute/transpose.h")
      .Cases({"get_absolute_logical_x", "get_absolute_logical_y",
              "get_common_arg_val"},
             "api/compute/common.h")
      .Default("");
}

/// Headers of a compute kernel: cb_api (DFB ops) plus every header of a call
/// the tile-math lowering emitted, in a stable order.
SmallVector<std::string> computeHeaders(func::FuncOp kernel) {
  std::set<std::string> headers{"api/compute/cb_api.h"};
  kernel.walk([&](emitc::CallOpaqueOp call) {
    StringRef header = headerForCall(call.getCallee());
    if (!header.empty())
      headers.insert(header.str());
  });
  if (kernel->walk([](NodeOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    headers.insert("api/compute/common.h");
  // A scalar parameter it reads is a get_common_arg_val (KernelFunctionPattern).
  if (llvm::any_of(kernel.getArguments(), [](BlockArgument arg) {
        return !isa<RankedTensorType>(arg.getType()) && !arg.use_empty();
      }))
    headers.insert("api/compute/common.h");
  return SmallVector<std::string>(headers.begin(), headers.end());
}

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

/// The #ttl.core_range rectangles of a kernel: what ttl-specialize-cores
/// recorded, else the whole static grid.
FailureOr<ArrayAttr> getCoreRanges(func::FuncOp kernel) {
  if (auto ranges =
          kernel->getAttrOfType<ArrayAttr>(TTLDialect::kCoreRangesAttrName))
    return ranges;
  auto grid = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TTLDialect::kGridAttrName);
  if (!grid)
    return kernel.emitError("kernel function has no '")
           << TTLDialect::kGridAttrName
           << "'; the grid of every kernel must be static to lower it";
  MLIRContext *context = kernel.getContext();
  return ArrayAttr::get(
      context, {CoreRangeAttr::get(context, 0, 0, grid[0] - 1, grid[1] - 1)});
}

struct ConvertTTLToEmitCPass
    : public ttl::impl::ConvertTTLToEmitCBase<ConvertTTLToEmitCPass> {
  void runOnOperation() override;

  /// Setup of one kernel: its facts, then its emitc.file.
  FailureOr<emitc::FileOp> prepare(func::FuncOp kernel, LoweringFacts &facts);
  LogicalResult collectFacts(func::FuncOp kernel, LoweringFacts &facts);
  FailureOr<emitc::FileOp> wrapInFile(func::FuncOp kernel, ProcessorRole role,
                                      const KernelABI &abi);
};

} // namespace

LogicalResult ConvertTTLToEmitCPass::collectFacts(func::FuncOp kernel,
                                                  LoweringFacts &facts) {
  // The layout ttl-record-kernel-abi recorded.
  auto record = kernel->getAttrOfType<KernelABIAttr>(TTLDialect::kAbiAttrName);
  if (!record)
    return kernel.emitOpError("has no '")
           << TTLDialect::kAbiAttrName
           << "'; run ttl-record-kernel-abi before convert-ttl-to-emitc";
  FailureOr<KernelABI> abi = KernelABI::fromAttr(record, kernel);
  if (failed(abi))
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

FailureOr<emitc::FileOp>
ConvertTTLToEmitCPass::wrapInFile(func::FuncOp kernel, ProcessorRole role,
                                  const KernelABI &abi) {
  FailureOr<ArrayAttr> ranges = getCoreRanges(kernel);
  if (failed(ranges))
    return failure();
  MLIRContext *context = &getContext();
  bool compute = role == ProcessorRole::Compute;
  bool reconfigures = !abi.configs.configs.empty();
  OpBuilder b(kernel);
  auto file = emitc::FileOp::create(b, kernel.getLoc(), kernel.getSymName());
  Region &region = file.getBodyRegion();
  Block &body = region.empty() ? region.emplaceBlock() : region.front();
  b.setInsertionPointToStart(&body);
  SmallVector<std::string> headers;
  if (compute)
    headers = computeHeaders(kernel);
  else
    headers = {"api/dataflow/dataflow_api.h"};
  if (reconfigures) {
    if (compute)
      headers.push_back("api/compute/common.h"); // get_arg_val
    headers.push_back(kDataflowBufferReconfigureHeader.str());
  }
  bool prints = kernel->walk([](DPrintOp) { return WalkResult::interrupt(); })
                    .wasInterrupted();
  bool printsBlock = printsBlocks(kernel);
  if (prints)
    headers.push_back(kDPrintHeader.str());
  if (printsBlock)
    headers.push_back(kDPrintBlockHeader.str());
  bool pipes = usesPipes(kernel);
  if (pipes)
    headers.push_back(kPipeHeader.str());
  emitc::IncludeOp::create(b, kernel.getLoc(), "cstdint",
                           /*is_standard_include=*/true);
  for (const std::string &header : llvm::make_range(
           headers.begin(), std::unique(headers.begin(), headers.end())))
    emitc::IncludeOp::create(b, kernel.getLoc(), header);
  kernel->moveBefore(&body, body.end());
  ExternIncludes includes = addExternIncludes(kernel, file);
  SmallVector<Attribute> paths;
  for (StringRef path : includes.paths)
    paths.push_back(b.getStringAttr(path));
  // ttlang/dfb_reconfigure.h and ttlang/dprint_block.h are headers of this
  // project.
  bool projectInclude =
      includes.projectInclude || reconfigures || printsBlock || pipes;
  // The facts the backend passes recorded on the function move into the
  // file's record.
  auto configs = kernel->getAttrOfType<ArrayAttr>(
      TTLDialect::kDfbConfigurationsAttrName);
  auto claims =
      kernel->getAttrOfType<ArrayAttr>(TTLDialect::kFabricClaimsAttrName);
  auto unpackToDest = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TTLDialect::kUnpackToDestAttrName);
  file->setAttr(
      TTLDialect::kKernelRecordAttrName,
      KernelRecordAttr::get(
          context, kernel->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName),
          role, *ranges,
          kernel->getAttrOfType<KernelABIAttr>(TTLDialect::kAbiAttrName),
          kernel->getAttrOfType<ArrayAttr>(TTLDialect::kDataflowBuffersAttrName),
          configs ? configs : b.getArrayAttr({}), b.getArrayAttr(paths),
          b.getBoolAttr(projectInclude),
          b.getBoolAttr(compute && needsFp32DestAccumulation(kernel)),
          unpackToDest ? unpackToDest : b.getDenseI64ArrayAttr({}),
          claims ? claims : b.getArrayAttr({})));
  for (StringRef name :
       {TTLDialect::kCoreRangesAttrName, TTLDialect::kProcessorRoleAttrName,
        TTLDialect::kAbiAttrName, TTLDialect::kDataflowBuffersAttrName,
        TTLDialect::kDfbConfigurationsAttrName,
        TTLDialect::kFabricClaimsAttrName, TTLDialect::kUnpackToDestAttrName})
    kernel->removeAttr(name);
  return file;
}

FailureOr<emitc::FileOp> ConvertTTLToEmitCPass::prepare(func::FuncOp kernel,
                                                        LoweringFacts &facts) {
  auto role = kernel->getAttrOfType<ProcessorRoleAttr>(
      TTLDialect::kProcessorRoleAttrName);
  if (!role)
    return kernel.emitOpError("has no '")
           << TTLDialect::kProcessorRoleAttrName
           << "'; run ttl-assign-processor-roles before convert-ttl-to-emitc";
  bool compute = role.getValue() == ProcessorRole::Compute;
  if (failed(collectFacts(kernel, facts)) ||
      failed(collectPrintFacts(kernel, compute, facts)))
    return failure();
  return wrapInFile(kernel, role.getValue(), facts.abi[kernel]);
}

void ConvertTTLToEmitCPass::runOnOperation() {
  MLIRContext *context = &getContext();

  // Setup: the facts the patterns read (from the records of the passes
  // before), and each kernel in its emitc.file with its #ttl.kernel_record.
  FailureOr<SmallVector<func::FuncOp>> kernels =
      getKernelFunctions(getOperation());
  if (failed(kernels))
    return signalPassFailure();
  LoweringFacts facts;
  SmallVector<emitc::FileOp> files;
  for (func::FuncOp kernel : *kernels) {
    FailureOr<emitc::FileOp> file = prepare(kernel, facts);
    if (failed(file))
      return signalPassFailure();
    files.push_back(*file);
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
