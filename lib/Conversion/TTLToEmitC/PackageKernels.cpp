//===- PackageKernels.cpp - each kernel in its emitc.file with its record -===//
//
// ttl-package-kernels, right before convert-ttl-to-emitc: wraps every kernel
// function in an `emitc.file` named after it, with the includes its calls
// need, and moves the facts the backend passes recorded on the function
// (processor role, core ranges, ABI, DFB specs and configurations, fabric
// claims, DFBs unpacked to DEST) into one #ttl.kernel_record on the file.
// The conversion then reads each kernel's role and ABI from that record.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/TileMath.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <set>

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLPACKAGEKERNELS
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

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

/// Wraps `kernel` in its emitc.file with its includes and #ttl.kernel_record.
LogicalResult package(func::FuncOp kernel) {
  auto role = kernel->getAttrOfType<ProcessorRoleAttr>(
      TTLDialect::kProcessorRoleAttrName);
  if (!role)
    return kernel.emitOpError("has no '")
           << TTLDialect::kProcessorRoleAttrName
           << "'; run ttl-assign-processor-roles before ttl-package-kernels";
  auto abi = kernel->getAttrOfType<KernelABIAttr>(TTLDialect::kAbiAttrName);
  auto dataflowBuffers =
      kernel->getAttrOfType<ArrayAttr>(TTLDialect::kDataflowBuffersAttrName);
  if (!abi || !dataflowBuffers)
    return kernel.emitOpError("has no '")
           << (abi ? TTLDialect::kDataflowBuffersAttrName
                   : TTLDialect::kAbiAttrName)
           << "'; run ttl-record-kernel-abi before ttl-package-kernels";
  FailureOr<ArrayAttr> ranges = getCoreRanges(kernel);
  if (failed(ranges))
    return failure();
  MLIRContext *context = kernel.getContext();
  bool compute = role.getValue() == ProcessorRole::Compute;
  // ttl-record-kernel-abi records `ttl.dfb_configurations` only for a kernel
  // that reconfigures a DFB.
  auto configs = kernel->getAttrOfType<ArrayAttr>(
      TTLDialect::kDfbConfigurationsAttrName);
  bool reconfigures = configs && !configs.empty();
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
  auto claims =
      kernel->getAttrOfType<ArrayAttr>(TTLDialect::kFabricClaimsAttrName);
  auto unpackToDest = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TTLDialect::kUnpackToDestAttrName);
  file->setAttr(
      TTLDialect::kKernelRecordAttrName,
      KernelRecordAttr::get(
          context, kernel->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName),
          role.getValue(), *ranges, abi, dataflowBuffers,
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
  return success();
}

struct TTLPackageKernelsPass
    : public ttl::impl::TTLPackageKernelsBase<TTLPackageKernelsPass> {
  void runOnOperation() override {
    if (failed(forEachKernelFunction(getOperation(), package)))
      signalPassFailure();
  }
};

} // namespace
