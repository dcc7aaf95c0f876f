//===- TTNNAttrs.cpp - TTNN attributes ------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ttnn;

#include "ttl/Dialect/TTNN/IR/TTNNOpsEnums.cpp.inc"

// `8x8`, `448x32`: a static shape without an element type.
static ParseResult parseShape(AsmParser &parser,
                              SmallVector<int64_t> &shape) {
  return parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                   /*withTrailingX=*/false);
}

static void printShape(AsmPrinter &printer, ArrayRef<int64_t> shape) {
  llvm::interleave(shape, printer.getStream(), "x");
}

// An optional leading `row_major,`; a tiled layout prints nothing.
static ParseResult parsePageLayout(AsmParser &parser, PageLayout &layout) {
  layout = PageLayout::Tile;
  if (failed(parser.parseOptionalKeyword(
          stringifyPageLayout(PageLayout::RowMajor))))
    return success();
  layout = PageLayout::RowMajor;
  return parser.parseComma();
}

static void printPageLayout(AsmPrinter &printer, PageLayout layout) {
  if (layout == PageLayout::RowMajor)
    printer << stringifyPageLayout(layout) << ", ";
}

#define GET_ATTRDEF_CLASSES
#include "ttl/Dialect/TTNN/IR/TTNNOpsAttrs.cpp.inc"

void TTNNDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ttl/Dialect/TTNN/IR/TTNNOpsAttrs.cpp.inc"
      >();
}

int64_t LayoutAttr::getTileBytes() const {
  switch (getDataType()) {
  case DataType::BFloat16:
    return 32 * 32 * 2;
  case DataType::Float32:
    return 32 * 32 * 4;
  case DataType::BFloat8B:
    // 1024 one-byte mantissas plus one shared exponent per 16 values.
    return 32 * 32 + 64;
  case DataType::UInt32:
    return 32 * 32 * 4;
  }
  llvm_unreachable("unknown data type");
}

LayoutAttr LayoutAttr::withDataType(DataType dataType) const {
  return LayoutAttr::get(getContext(), getPageLayout(), getBufferType(),
                         getMemoryLayout(), dataType, getGrid(), getShard());
}

LayoutAttr LayoutAttr::withPageLayout(PageLayout pageLayout) const {
  return LayoutAttr::get(getContext(), pageLayout, getBufferType(),
                         getMemoryLayout(), getDataType(), getGrid(),
                         getShard());
}

LayoutAttr LayoutAttr::withShards(llvm::ArrayRef<int64_t> grid,
                                  llvm::ArrayRef<int64_t> shard) const {
  return LayoutAttr::get(getContext(), getPageLayout(), getBufferType(),
                         getMemoryLayout(), getDataType(), grid, shard);
}

LayoutAttr LayoutAttr::interleavedIn(PageLayout pageLayout,
                                     BufferType bufferType) const {
  return LayoutAttr::get(getContext(), pageLayout, bufferType,
                         TensorMemoryLayout::Interleaved, getDataType(), {},
                         {});
}

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 PageLayout pageLayout, BufferType bufferType,
                                 TensorMemoryLayout memoryLayout,
                                 DataType dataType, ArrayRef<int64_t> grid,
                                 ArrayRef<int64_t> shard) {
  if (pageLayout == PageLayout::RowMajor && dataType == DataType::BFloat8B)
    return emitError() << "bfp8_b is a tile format: a row_major layout "
                          "stores bf16 or f32";
  bool sharded = memoryLayout != TensorMemoryLayout::Interleaved;
  if (sharded && bufferType != BufferType::L1)
    return emitError() << "sharded layouts ("
                       << stringifyTensorMemoryLayout(memoryLayout)
                       << ") must be in l1";
  if (sharded && (grid.size() != 2 || shard.size() != 2))
    return emitError() << "a sharded layout needs a 2-d grid and a 2-d shard "
                          "shape";
  if (!sharded && (!grid.empty() || !shard.empty()))
    return emitError() << "an interleaved layout takes no grid or shard shape";
  for (int64_t dim : llvm::concat<const int64_t>(grid, shard))
    if (dim <= 0)
      return emitError() << "grid and shard dimensions must be positive, got "
                         << dim;
  return success();
}

//===----------------------------------------------------------------------===//
// ttnn.generic's records
//===----------------------------------------------------------------------===//

LogicalResult
CoreRangeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t startX, int64_t startY, int64_t endX,
                      int64_t endY) {
  if (startX < 0 || startY < 0)
    return emitError() << "core range start (" << startX << ", " << startY
                       << ") must not be negative";
  if (endX < startX || endY < startY)
    return emitError() << "core range end (" << endX << ", " << endY
                       << ") must not be before its start (" << startX << ", "
                       << startY << ")";
  return success();
}

/// A non-empty list of #ttnn.core_range.
static LogicalResult verifyCores(function_ref<InFlightDiagnostic()> emitError,
                                 const Twine &owner, ArrayAttr cores) {
  if (cores.empty())
    return emitError() << owner << " must list at least one core range";
  for (Attribute core : cores)
    if (!isa<CoreRangeAttr>(core))
      return emitError() << owner << " cores must be #ttnn.core_range, got "
                         << core;
  return success();
}

LogicalResult KernelAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ttl::KernelAttr kernel, ArrayAttr cores) {
  if (kernel.isCanonicalSelector())
    return emitError() << "kernel " << kernel
                       << " must be resolved (kind, name and operation, as "
                          "after ttl-split-kernels)";
  return verifyCores(emitError, "kernel '" + kernel.getDisplayName() + "'",
                     cores);
}

LogicalResult
DataflowBufferAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           StringRef name, int64_t index,
                           ttl::DataflowBufferType type, ArrayAttr cores,
                           int64_t reconfiguredBlocks) {
  if (name.empty())
    return emitError() << "a dataflow buffer needs a name";
  if (index < 0)
    return emitError() << "dataflow buffer '" << name
                       << "' has a negative physical index " << index;
  if (reconfiguredBlocks < 0)
    return emitError() << "dataflow buffer '" << name
                       << "' has a negative reconfigured_blocks "
                       << reconfiguredBlocks;
  return verifyCores(emitError, "dataflow buffer '" + name + "'", cores);
}

int64_t DataflowBufferAttr::getBytesPerCore() const {
  ttl::DataflowBufferType type = getType();
  return type.getPagesPerBlock() * type.getPageSizeBytes() *
         (type.getBlockCount() + getReconfiguredBlocks());
}
