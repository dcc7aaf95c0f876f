//===- TTLTypes.cpp - TTL types -------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/RingBytes.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ttl;

#define GET_TYPEDEF_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOpsTypes.cpp.inc"

void TTLDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ttl/Dialect/TTL/IR/TTLOpsTypes.cpp.inc"
      >();
}

/// The block shape, element type and layout of !ttl.dfb and !ttl.block; the
/// messages name the shape `shapeWhat` and the element type `typeWhat`'s.
static LogicalResult
verifyBlockShape(function_ref<InFlightDiagnostic()> emitError,
                 StringRef shapeWhat, StringRef typeWhat,
                 ArrayRef<int64_t> shape, Type elementType,
                 TensorLayout layout) {
  bool tiled = layout == TensorLayout::Tiled;
  if (shape.size() != 2)
    return emitError() << shapeWhat << " shape must have 2 dimensions ("
                       << (tiled ? "rows, cols in tiles"
                                 : "rows, elements per row")
                       << "), got " << shape.size();
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << shapeWhat << " dimensions must be positive, got "
                         << dim;
  if (!elementType.isBF16() && !elementType.isF32())
    return emitError() << typeWhat << " element type must be bf16 or f32, got "
                       << elementType;
  // A row is one page: its bytes (and the ring's) must fit a circular
  // buffer's 32-bit sizes (checked by ringBytes below for the DFB).
  if (!tiled && !ringBytes(elementType.getIntOrFloatBitWidth() / 8,
                           {shape[1]}))
    return emitError() << shapeWhat << " row of " << shape[1]
                       << " elements needs more than 4 GiB";
  return success();
}

/// `, row_major` after a block's shape (and a DFB's block count), if present.
static ParseResult parseOptionalLayout(AsmParser &parser,
                                       TensorLayout &layout) {
  layout = TensorLayout::Tiled;
  if (failed(parser.parseOptionalComma()))
    return success();
  SMLoc at = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<TensorLayout> parsed = symbolizeTensorLayout(keyword);
  if (!parsed || *parsed != TensorLayout::RowMajor)
    return parser.emitError(at, "expected 'row_major' (a tiled block is "
                                "written without a layout), got '")
           << keyword << "'";
  layout = *parsed;
  return success();
}

static void printLayout(AsmPrinter &printer, TensorLayout layout) {
  if (layout != TensorLayout::Tiled)
    printer << ", " << stringifyTensorLayout(layout);
}

// !ttl.dfb<ROWSxCOLSxELEMENT, BLOCK_COUNT[, row_major]>
Type DataflowBufferType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  int64_t blockCount = 0;
  TensorLayout layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseInteger(blockCount) || parseOptionalLayout(parser, layout) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<DataflowBufferType>(
      parser.getContext(), shape, elementType, blockCount, layout);
}

void DataflowBufferType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer << getElementType() << ", " << getBlockCount();
  printLayout(printer, getLayout());
  printer << '>';
}

LogicalResult
DataflowBufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> shape, Type elementType,
                           int64_t blockCount, TensorLayout layout) {
  if (failed(verifyBlockShape(emitError, "dataflow buffer block",
                              "dataflow buffer", shape, elementType, layout)))
    return failure();
  if (blockCount < 1)
    return emitError() << "dataflow buffer block count must be at least 1, got "
                       << blockCount;
  bool tiled = layout == TensorLayout::Tiled;
  std::optional<uint64_t> bytes =
      tiled ? ringBytes(tileSizeBytes(elementType),
                        {shape[0], shape[1], blockCount})
            : ringBytes(rowPageSizeBytes(elementType, shape[1]),
                        {shape[0], blockCount});
  if (!bytes)
    return emitError() << "dataflow buffer of " << shape[0] << "x" << shape[1]
                       << (tiled ? " tiles" : " elements") << " x "
                       << blockCount
                       << " blocks needs more than 4 GiB: a circular buffer's "
                          "size is a 32-bit byte count";
  return success();
}

int64_t DataflowBufferType::getPagesPerBlock() const {
  return isTiled() ? getShape()[0] * getShape()[1] : getShape()[0];
}

int64_t DataflowBufferType::getPageSizeBytes() const {
  return pageSizeBytes(getLayout(), getShape(), getElementType());
}

int64_t DataflowBufferType::getTotalSizeBytes() const {
  return getPagesPerBlock() * getPageSizeBytes() * getBlockCount();
}

// !ttl.block<ROWSxCOLSxELEMENT[, row_major]>
Type BlockType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  TensorLayout layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parseOptionalLayout(parser, layout) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<BlockType>(parser.getContext(), shape, elementType,
                                      layout);
}

void BlockType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer << getElementType();
  printLayout(printer, getLayout());
  printer << '>';
}

LogicalResult BlockType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType,
                                TensorLayout layout) {
  return verifyBlockShape(emitError, "block", "block", shape, elementType,
                          layout);
}

int64_t BlockType::getPageSizeBytes() const {
  return pageSizeBytes(getLayout(), getShape(), getElementType());
}
