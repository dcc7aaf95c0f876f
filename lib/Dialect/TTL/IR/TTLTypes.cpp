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

/// The block shape and element type of !ttl.dfb and !ttl.block; the messages
/// name the shape `shapeWhat` and the element type `typeWhat`'s.
static LogicalResult
verifyTileBlock(function_ref<InFlightDiagnostic()> emitError,
                StringRef shapeWhat, StringRef typeWhat,
                ArrayRef<int64_t> shape, Type elementType) {
  if (shape.size() != 2)
    return emitError() << shapeWhat
                       << " shape must have 2 dimensions (rows, cols in "
                          "tiles), got "
                       << shape.size();
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << shapeWhat << " dimensions must be positive, got "
                         << dim;
  if (!elementType.isBF16() && !elementType.isF32())
    return emitError() << typeWhat << " element type must be bf16 or f32, got "
                       << elementType;
  return success();
}

// !ttl.dfb<ROWSxCOLSxELEMENT, BLOCK_COUNT>
Type DataflowBufferType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  int64_t blockCount = 0;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseInteger(blockCount) || parser.parseGreater())
    return {};
  return parser.getChecked<DataflowBufferType>(parser.getContext(), shape,
                                               elementType, blockCount);
}

void DataflowBufferType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer << getElementType() << ", " << getBlockCount() << '>';
}

LogicalResult
DataflowBufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> shape, Type elementType,
                           int64_t blockCount) {
  if (failed(verifyTileBlock(emitError, "dataflow buffer block",
                             "dataflow buffer", shape, elementType)))
    return failure();
  if (blockCount < 1)
    return emitError() << "dataflow buffer block count must be at least 1, got "
                       << blockCount;
  if (!ringBytes(tileSizeBytes(elementType), {shape[0], shape[1], blockCount}))
    return emitError() << "dataflow buffer of " << shape[0] << "x" << shape[1]
                       << " tiles x " << blockCount
                       << " blocks needs more than 4 GiB: a circular buffer's "
                          "size is a 32-bit byte count";
  return success();
}

int64_t DataflowBufferType::getTilesPerBlock() const {
  int64_t tiles = 1;
  for (int64_t dim : getShape())
    tiles *= dim;
  return tiles;
}

int64_t DataflowBufferType::getTileSizeBytes() const {
  return tileSizeBytes(getElementType());
}

int64_t DataflowBufferType::getTotalSizeBytes() const {
  return getTilesPerBlock() * getTileSizeBytes() * getBlockCount();
}

// !ttl.block<ROWSxCOLSxELEMENT>
Type BlockType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<BlockType>(parser.getContext(), shape, elementType);
}

void BlockType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer << getElementType() << '>';
}

LogicalResult BlockType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType) {
  return verifyTileBlock(emitError, "block", "block", shape, elementType);
}
