//===- RecordKernelABI.cpp - each kernel's ABI and DFB specs --------------===//
//
// ttl-record-kernel-abi: the argument layout of every kernel function
// (computeKernelABI, KernelABI.h) as `ttl.abi`, its DFBs as
// `ttl.dataflow_buffers` (#ttl.dfb_spec) and its DFB reconfiguration rings as
// `ttl.dfb_configurations` (#ttl.dfb_config); ttl-package-kernels moves them
// into the kernel's #ttl.kernel_record, from which convert-ttl-to-emitc takes
// its argument slots.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelABI.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <map>

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLRECORDKERNELABI
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// "file:line" of the user's source line that made a DFB ("" without one):
/// reports about a circular buffer (an emulated deadlock) point there.
std::string describeLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + Twine(file.getLine())).str();
  return "";
}

/// The #ttl.dfb_spec of each of the kernel's DFBs, ascending index: what the
/// runtime allocates (CBDescriptor).
ArrayAttr describeDataflowBuffers(func::FuncOp kernel, const KernelABI &abi) {
  MLIRContext *context = kernel.getContext();
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
    DataFormat format = type.getElementType().isF32() ? DataFormat::Float32
                                                      : DataFormat::Bfloat16;
    // The initial ring plus the ring of every reconfiguration.
    int64_t total = abi.configs.totalBytes.at(index);
    int64_t blockBytes = largest.getPagesPerBlock() * largest.getPageSizeBytes();
    // total_size is block bytes x (block_count + reconfigured blocks).
    list.push_back(DataflowBufferSpecAttr::get(
        context, getDataflowBufferName(op, index), index, format,
        type.getPageSizeBytes(), total,
        DenseI64ArrayAttr::get(context, largest.getShape()),
        largest.getBlockCount(), total / blockBytes - largest.getBlockCount(),
        describeLocation(op.getLoc()), largest.getLayout()));
  }
  return ArrayAttr::get(context, list);
}

/// The #ttl.dfb_config of each of a kernel's DFB configurations.
ArrayAttr describeDataflowBufferConfigs(MLIRContext *context,
                                        const DataflowBufferConfigLayout &layout) {
  SmallVector<Attribute> list;
  for (const DataflowBufferConfig &config : layout.configs)
    list.push_back(DataflowBufferConfigAttr::get(context, config.name,
                                                 config.dfbName, config.offset));
  return ArrayAttr::get(context, list);
}

struct RecordKernelABIPass
    : public ttl::impl::TTLRecordKernelABIBase<RecordKernelABIPass> {
  using TTLRecordKernelABIBase::TTLRecordKernelABIBase;

  void runOnOperation() override {
    const TargetCapacity *capacity =
        lookupTargetOrEmitError(getOperation(), target);
    if (!capacity)
      return signalPassFailure();
    if (failed(forEachKernelFunction(getOperation(), [&](func::FuncOp kernel) {
          return record(kernel, *capacity);
        })))
      signalPassFailure();
  }

  LogicalResult record(func::FuncOp kernel, const TargetCapacity &target) {
    for (BlockArgument arg : kernel.getArguments()) {
      // Scalar parameters are runtime words: an int's value (index) or a
      // number's f32 bits (i32).
      if (isa<IndexType>(arg.getType()) || arg.getType().isInteger(32))
        continue;
      auto tensor = dyn_cast<RankedTensorType>(arg.getType());
      if (!tensor || !isa_and_nonnull<LayoutAttr>(tensor.getEncoding()))
        return kernel.emitOpError("parameter ")
               << arg.getArgNumber() << " has type " << arg.getType()
               << "; kernel parameters must be tensors with a #ttl.layout or "
                  "scalar parameters (index, i32)";
    }
    if (kernel.getNumResults() != 0)
      return kernel.emitOpError("kernel function must not return values");
    FailureOr<KernelABI> abi = computeKernelABI(kernel, target);
    if (failed(abi))
      return failure();
    MLIRContext *context = &getContext();
    kernel->setAttr(TTLDialect::kAbiAttrName, abi->toAttr(context));
    kernel->setAttr(TTLDialect::kDataflowBuffersAttrName,
                    describeDataflowBuffers(kernel, *abi));
    if (!abi->configs.configs.empty())
      kernel->setAttr(TTLDialect::kDfbConfigurationsAttrName,
                      describeDataflowBufferConfigs(context, abi->configs));
    return success();
  }
};

} // namespace
