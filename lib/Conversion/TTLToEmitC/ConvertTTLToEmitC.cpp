//===- ConvertTTLToEmitC.cpp - split TTL kernels to TT-Metal EmitC --------===//
//
// Driver of convert-ttl-to-emitc: collects facts about each kernel function,
// lowers tile math (greedy, before the conversion), wraps each kernel in an
// emitc.file with its includes and records, then runs a full dialect
// conversion with the pattern families of this directory and the upstream
// arith / scf / func to EmitC patterns.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Conversion/TTLToEmitC/KernelABI.h"
#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <map>
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

Type emitc_lowering::getUint32Type(MLIRContext *context) {
  return emitc::OpaqueType::get(context, "uint32_t");
}
Type emitc_lowering::getSizeType(MLIRContext *context) {
  return emitc::SizeTType::get(context);
}
Type emitc_lowering::getAutoType(MLIRContext *context) {
  return emitc::OpaqueType::get(context, "auto");
}

emitc::CallOpaqueOp emitc_lowering::emitCall(OpBuilder &b, Location loc,
                                             StringRef callee, Type result,
                                             ArrayRef<CallArg> args,
                                             ArrayRef<Attribute> templateArgs) {
  SmallVector<Value> operands;
  SmallVector<Attribute> argAttrs;
  bool hasLiteral = false;
  for (const CallArg &arg : args) {
    if (auto *value = std::get_if<Value>(&arg)) {
      argAttrs.push_back(b.getIndexAttr(operands.size()));
      operands.push_back(*value);
    } else {
      hasLiteral = true;
      argAttrs.push_back(b.getI32IntegerAttr(std::get<int64_t>(arg)));
    }
  }
  TypeRange results = result ? TypeRange(result) : TypeRange();
  return emitc::CallOpaqueOp::create(
      b, loc, results, callee, operands,
      hasLiteral ? b.getArrayAttr(argAttrs) : ArrayAttr(),
      templateArgs.empty() ? ArrayAttr() : b.getArrayAttr(templateArgs));
}

Value emitc_lowering::emitIndex(OpBuilder &b, Location loc, int64_t value) {
  // The same attribute arith-to-emitc gives index constants, so CSE merges them.
  return emitc::ConstantOp::create(b, loc, getSizeType(b.getContext()),
                                   b.getIndexAttr(value));
}

void emitc_lowering::emitTileLoop(
    OpBuilder &b, Location loc, int64_t extent,
    llvm::function_ref<void(OpBuilder &, Value)> body) {
  if (extent == 1) {
    body(b, emitIndex(b, loc, 0));
    return;
  }
  Value lb = emitIndex(b, loc, 0);
  Value ub = emitIndex(b, loc, extent);
  Value step = emitIndex(b, loc, 1);
  emitc::ForOp::create(b, loc, lb, ub, step,
                       [&](OpBuilder &nested, Location bodyLoc, Value iv) {
                         body(nested, iv);
                         emitc::YieldOp::create(nested, bodyLoc);
                       });
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
  return SmallVector<std::string>(headers.begin(), headers.end());
}

/// Inclusive core rectangles [x0, y0, x1, y1] of a kernel: what
/// ttl-specialize-cores recorded, else the whole static grid.
FailureOr<ArrayAttr> getCoreRanges(func::FuncOp kernel) {
  if (auto ranges = kernel->getAttrOfType<ArrayAttr>(kCoreRangesAttrName))
    return ranges;
  auto grid = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TTLDialect::kGridAttrName);
  if (!grid)
    return kernel.emitError("kernel function has no '")
           << TTLDialect::kGridAttrName
           << "'; the grid of every kernel must be static to lower it";
  Builder b(kernel.getContext());
  return b.getArrayAttr(
      {b.getDenseI64ArrayAttr({0, 0, grid[0] - 1, grid[1] - 1})});
}

/// "file:line" of the user's source line that made a DFB ("" without one):
/// reports about a circular buffer (an emulated deadlock) point there.
std::string describeLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + Twine(file.getLine())).str();
  return "";
}

/// [{name, index, data_format, page_size, total_size, block_shape,
/// block_count, reconfigured_blocks, location}] of the kernel's DFBs,
/// ascending index: what the runtime allocates (CBDescriptor).
ArrayAttr describeDataflowBuffers(func::FuncOp kernel, const KernelABI &abi) {
  Builder b(kernel.getContext());
  // Per index: the last DFB created (its name, format and location are the
  // record's) and the largest type (DFBs sharing an index: the allocation
  // fits the largest).
  std::map<int32_t, std::pair<CreateDataflowBufferOp, DataflowBufferType>>
      byIndex;
  kernel.walk([&](CreateDataflowBufferOp op) {
    DataflowBufferType type = op.getResult().getType();
    auto [it, first] =
        byIndex.try_emplace(*op.getPhysicalIndex(), op, type);
    it->second.first = op;
    if (!first && type.getTotalSizeBytes() > it->second.second.getTotalSizeBytes())
      it->second.second = type;
  });
  SmallVector<Attribute> list;
  for (auto &[index, entry] : byIndex) {
    auto [op, largest] = entry;
    DataflowBufferType type = op.getResult().getType();
    StringRef format = type.getElementType().isF32() ? "float32" : "bfloat16";
    // The initial ring plus the ring of every reconfiguration.
    int64_t total = abi.configs.totalBytes.at(index);
    int64_t blockBytes = largest.getTilesPerBlock() * largest.getTileSizeBytes();
    list.push_back(b.getDictionaryAttr({
        b.getNamedAttr("name", b.getStringAttr(getDataflowBufferName(op, index))),
        b.getNamedAttr("index", b.getI64IntegerAttr(index)),
        b.getNamedAttr("data_format", b.getStringAttr(format)),
        b.getNamedAttr("page_size", b.getI64IntegerAttr(type.getTileSizeBytes())),
        b.getNamedAttr("total_size", b.getI64IntegerAttr(total)),
        // The !ttl.dfb type (block shape in tiles, block count) and the
        // blocks of the rings its reconfigurations add: total_size is
        // block bytes x (block_count + reconfigured_blocks).
        b.getNamedAttr("block_shape",
                       b.getDenseI64ArrayAttr(largest.getShape())),
        b.getNamedAttr("block_count",
                       b.getI64IntegerAttr(largest.getBlockCount())),
        b.getNamedAttr("reconfigured_blocks",
                       b.getI64IntegerAttr(total / blockBytes -
                                           largest.getBlockCount())),
        b.getNamedAttr("location", b.getStringAttr(describeLocation(op.getLoc()))),
    }));
  }
  return b.getArrayAttr(list);
}

/// [{name, dfb, address}] of a kernel's DFB configurations (address: the
/// ring's byte offset from the DFB's base).
ArrayAttr describeDataflowBufferConfigs(const DataflowBufferConfigLayout &layout) {
  SmallVector<Attribute> list;
  for (const DataflowBufferConfig &config : layout.configs) {
    Builder b(config.op->getContext());
    list.push_back(b.getDictionaryAttr({
        b.getNamedAttr("name", b.getStringAttr(config.name)),
        b.getNamedAttr("dfb", b.getStringAttr(config.dfbName)),
        b.getNamedAttr("address", b.getI64IntegerAttr(config.offset)),
    }));
  }
  return ArrayAttr::get(layout.configs.front().op->getContext(), list);
}

/// Every kernel of an operation that uses a DFB reconfigures it at the same
/// synchronized points: the same configurations in the same order.
LogicalResult
checkSynchronizedReconfigurations(ArrayRef<func::FuncOp> kernels,
                                  const LoweringFacts &facts) {
  // (operation id, DFB index) -> first kernel seen and its sequence.
  std::map<std::pair<std::string, int32_t>,
           std::pair<func::FuncOp, SmallVector<int64_t>>>
      seen;
  for (func::FuncOp kernel : kernels) {
    const KernelABI &abi = facts.abi.at(kernel);
    std::map<int32_t, SmallVector<int64_t>> sequences;
    for (const auto &[index, bytes] : abi.configs.totalBytes)
      sequences[index];
    for (const DataflowBufferConfig &config : abi.configs.configs)
      sequences[config.physicalIndex].push_back(config.pages);
    auto id = kernel->getAttrOfType<StringAttr>(TTLDialect::kOperationIdAttrName);
    std::string operation = id ? id.getValue().str() : "";
    for (auto &[index, sequence] : sequences) {
      auto [it, inserted] =
          seen.try_emplace({operation, index}, kernel, sequence);
      if (inserted || it->second.second == sequence)
        continue;
      auto describe = [](ArrayRef<int64_t> pages) {
        std::string text = "[";
        for (auto [i, p] : llvm::enumerate(pages))
          text += (i ? ", " : "") + std::to_string(p) + " pages";
        return text + "]";
      };
      InFlightDiagnostic diag =
          kernel.emitError("kernel '")
          << kernel.getSymName() << "' reconfigures DFB " << index << " as "
          << describe(sequence) << " but kernel '"
          << it->second.first.getSymName() << "' as "
          << describe(it->second.second)
          << "; every kernel that uses a DFB must reconfigure it at the same "
             "synchronized points";
      diag.attachNote(it->second.first.getLoc()) << "other kernel here";
      return failure();
    }
  }
  return success();
}

struct ConvertTTLToEmitCPass
    : public ttl::impl::ConvertTTLToEmitCBase<ConvertTTLToEmitCPass> {
  void runOnOperation() override;

  LogicalResult collectFacts(func::FuncOp kernel, LoweringFacts &facts);
  FailureOr<emitc::FileOp> wrapInFile(func::FuncOp kernel, StringRef role,
                                      const KernelABI &abi);
};

} // namespace

LogicalResult ConvertTTLToEmitCPass::collectFacts(func::FuncOp kernel,
                                                  LoweringFacts &facts) {
  for (BlockArgument arg : kernel.getArguments()) {
    auto tensor = dyn_cast<RankedTensorType>(arg.getType());
    if (!tensor || !isa_and_nonnull<LayoutAttr>(tensor.getEncoding()))
      return kernel.emitOpError("parameter ")
             << arg.getArgNumber() << " has type " << arg.getType()
             << "; kernel parameters must be tensors with a #ttl.layout";
  }
  if (kernel.getNumResults() != 0)
    return kernel.emitOpError("kernel function must not return values");
  FailureOr<KernelABI> abi = computeKernelABI(kernel);
  if (failed(abi))
    return failure();
  auto grid =
      kernel->getAttrOfType<DenseI64ArrayAttr>(TTLDialect::kGridAttrName);
  WalkResult walk = kernel.walk([&](Operation *op) -> WalkResult {
    if (auto create = dyn_cast<CreateDataflowBufferOp>(op)) {
      facts.dfbWord[op] = *abi->dfbWord(*create.getPhysicalIndex());
    } else if (auto wait = dyn_cast<TransferWaitOp>(op)) {
      Operation *producer = wait.getTransfer().getDefiningOp();
      bool read = isa_and_nonnull<LoadTilesOp>(producer);
      facts.waitsForRead[op] = read;
      auto previous = dyn_cast_or_null<TransferWaitOp>(op->getPrevNode());
      if (previous && facts.waitsForRead.lookup(previous) == read)
        facts.redundantWaits.insert(op);
    } else if (isa<LoadTilesOp, StoreTilesOp>(op)) {
      Value tensor = isa<LoadTilesOp>(op) ? cast<LoadTilesOp>(op).getTensor()
                                          : cast<StoreTilesOp>(op).getTensor();
      auto type = cast<RankedTensorType>(tensor.getType());
      if (type.getRank() != 2)
        return op->emitOpError("copies a tensor that is not 2-D; got ")
               << type;
      // Pages follow the padded tile grid.
      facts.tensorTileCols[op] = tilesCovering(type.getDimSize(1));
    } else if (isa<ReconfigureDataflowBufferOp>(op)) {
      const auto *config = llvm::find_if(abi->configs.configs,
                                         [&](const DataflowBufferConfig &c) {
                                           return c.op == op;
                                         });
      facts.reconfigurations[op] = {
          abi->callerCountWord,
          static_cast<int64_t>(config - abi->configs.configs.begin()),
          config->pages, config->pageBytes};
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
ConvertTTLToEmitCPass::wrapInFile(func::FuncOp kernel, StringRef role,
                                  const KernelABI &abi) {
  FailureOr<ArrayAttr> ranges = getCoreRanges(kernel);
  if (failed(ranges))
    return failure();
  OpBuilder b(kernel);
  auto file = emitc::FileOp::create(b, kernel.getLoc(), kernel.getSymName());
  file->setAttr(kKernelIdentityAttrName,
                kernel->getAttr(TTLDialect::kKernelAttrName));
  file->setAttr(kKernelRoleAttrName, b.getStringAttr(role));
  file->setAttr(kCoreRangesAttrName, *ranges);
  file->setAttr(kKernelAbiAttrName, abi.toAttr(&getContext()));
  file->setAttr(kDataflowBuffersAttrName, describeDataflowBuffers(kernel, abi));
  if (role == "compute" && needsFp32DestAccumulation(kernel))
    file->setAttr(kFp32DestAccAttrName, b.getUnitAttr());
  if (!abi.configs.configs.empty()) {
    file->setAttr(kDataflowBufferConfigsAttrName,
                  describeDataflowBufferConfigs(abi.configs));
    // ttlang/dfb_reconfigure.h is a header of this project.
    file->setAttr(kProjectIncludeAttrName, b.getUnitAttr());
  }
  Region &region = file.getBodyRegion();
  Block &body = region.empty() ? region.emplaceBlock() : region.front();
  b.setInsertionPointToStart(&body);
  SmallVector<std::string> headers;
  if (role == "compute")
    headers = computeHeaders(kernel);
  else
    headers = {"api/dataflow/dataflow_api.h"};
  if (!abi.configs.configs.empty()) {
    if (role == "compute")
      headers.push_back("api/compute/common.h"); // get_arg_val
    headers.push_back(kDataflowBufferReconfigureHeader.str());
  }
  emitc::IncludeOp::create(b, kernel.getLoc(), "cstdint",
                           /*is_standard_include=*/true);
  for (const std::string &header : llvm::make_range(
           headers.begin(), std::unique(headers.begin(), headers.end())))
    emitc::IncludeOp::create(b, kernel.getLoc(), header);
  kernel->moveBefore(&body, body.end());
  addExternIncludes(kernel, file);
  kernel->removeAttr(kCoreRangesAttrName);
  return file;
}

void ConvertTTLToEmitCPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();

  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func->hasAttr(TTLDialect::kKernelAttrName)) {
      kernels.push_back(func);
      continue;
    }
    if (func->hasAttr(TTLDialect::kOperationIdAttrName)) {
      func.emitError("operation is not split into kernels; run "
                     "ttl-split-kernels before convert-ttl-to-emitc");
      return signalPassFailure();
    }
  }

  // Processor roles: the compute kernel on the TRISCs, the first logical
  // data-movement kernel on RISC-V 0 (BRISC), the second on RISC-V 1.
  SmallVector<std::string> roles;
  SmallVector<Attribute> movers;
  for (func::FuncOp kernel : kernels) {
    auto id = cast<KernelAttr>(kernel->getAttr(TTLDialect::kKernelAttrName));
    if (id.getKind() == KernelKind::Compute) {
      roles.push_back("compute");
      continue;
    }
    auto *it = llvm::find(movers, id);
    if (it == movers.end()) {
      if (movers.size() == 2) {
        kernel.emitError("more than two data-movement kernels in one module; "
                         "a Tensix core has two data-movement processors");
        return signalPassFailure();
      }
      movers.push_back(id);
      it = movers.end() - 1;
    }
    roles.push_back(it == movers.begin() ? "data_movement_0"
                                         : "data_movement_1");
  }

  // Python's `//` is arith.floordivsi (and ceildivsi may come from folds),
  // which have no EmitC lowering: expand them into divsi / remsi / cmpi /
  // select, which do (C's `/` truncates; the expansion corrects the quotient
  // when the signs differ and the division is inexact).
  {
    RewritePatternSet expand(context);
    arith::populateCeilFloorDivExpandOpsPatterns(expand);
    FrozenRewritePatternSet frozenExpand(std::move(expand));
    for (func::FuncOp kernel : kernels)
      if (failed(applyPatternsGreedily(kernel, frozenExpand)))
        return signalPassFailure();
  }

  // Tile math first: it needs the TTL types of the DFBs it reads. Which f32
  // DFBs copy_tile unpacks straight to DEST is decided before (the format
  // reconfigurations depend on it) and recorded after it.
  llvm::DenseMap<Operation *, llvm::SmallSetVector<Value, 4>> unpackToDest;
  for (func::FuncOp kernel : kernels) {
    if (failed(markL1Accumulation(kernel)))
      return signalPassFailure();
    const llvm::SmallSetVector<Value, 4> &plan =
        unpackToDest[kernel] = planUnpackToDest(kernel);
    emitDataFormatReconfigs(kernel, plan);
    RewritePatternSet patterns(context);
    populateTileMathPatterns(patterns);
    // Top-down: the first math of the kernel chooses the hardware startup.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    if (failed(applyPatternsGreedily(kernel, std::move(patterns), config)))
      return signalPassFailure();
    // A store left over had its error reported by the pattern.
    if (kernel->walk([](StoreOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      return signalPassFailure();
  }

  LoweringFacts facts;
  SmallVector<emitc::FileOp> files;
  for (auto [kernel, role] : llvm::zip(kernels, roles)) {
    if (failed(collectFacts(kernel, facts)))
      return signalPassFailure();
    FailureOr<emitc::FileOp> file =
        wrapInFile(kernel, role, facts.abi[kernel]);
    if (failed(file) ||
        failed(recordUnpackToDest(kernel, *file, unpackToDest[kernel])))
      return signalPassFailure();
    files.push_back(*file);
  }

  if (failed(checkSynchronizedReconfigurations(kernels, facts)))
    return signalPassFailure();

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
  populateCoordinatePatterns(converter, patterns, facts);
  populateExternCallPatterns(converter, patterns, facts);
  populateArithToEmitCPatterns(converter, patterns);
  populateSCFToEmitCConversionPatterns(patterns, converter);
  populateFuncToEmitCPatterns(converter, patterns);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (emitc::FileOp file : files)
    if (failed(applyFullConversion(file, target, frozen)))
      return signalPassFailure();

  // The tile-math stage bridged DFBs to uint32_t with casts; after the
  // conversion they are identities or cancelling pairs.
  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  for (UnrealizedConversionCastOp cast : casts) {
    if (cast.getNumOperands() != 1 || cast.getNumResults() != 1)
      continue;
    Value input = cast.getOperand(0);
    if (auto inner = input.getDefiningOp<UnrealizedConversionCastOp>())
      if (inner.getNumOperands() == 1)
        input = inner.getOperand(0);
    if (input.getType() == cast.getResult(0).getType())
      cast.getResult(0).replaceAllUsesWith(input);
  }
  for (UnrealizedConversionCastOp cast : llvm::reverse(casts))
    if (cast->use_empty())
      cast.erase();
  // Index literals of single-tile loops that folded away.
  for (emitc::FileOp file : files)
    file.walk([](emitc::ConstantOp constant) {
      if (constant->use_empty())
        constant.erase();
    });
  WalkResult leftover = module.walk([](UnrealizedConversionCastOp cast) {
    cast.emitError("unresolved type conversion in generated kernel");
    return WalkResult::interrupt();
  });
  if (leftover.wasInterrupted())
    signalPassFailure();
}
