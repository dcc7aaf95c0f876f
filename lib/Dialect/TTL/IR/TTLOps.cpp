//===- TTLOps.cpp - TTL operations ----------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ttl;

// `: T` when the stored value and the destination have one type, else
// `: V -> D` (a store that packs converting to the destination's format).
static ParseResult parseStoreTypes(OpAsmParser &parser, Type &valueType,
                                   Type &destType) {
  if (parser.parseType(valueType))
    return failure();
  destType = valueType;
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(destType);
  return success();
}

static void printStoreTypes(OpAsmPrinter &printer, Operation *, Type valueType,
                            Type destType) {
  printer << valueType;
  if (destType != valueType)
    printer << " -> " << destType;
}

#define GET_OP_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOps.cpp.inc"

LogicalResult CreateDataflowBufferOp::verify() {
  std::optional<int32_t> index = getPhysicalIndex();
  if (index && (*index < 0 || *index >= kMaxPhysicalIndices))
    return emitOpError("physical_index must be in [0, ")
           << kMaxPhysicalIndices << "), got " << *index;
  return success();
}

//===----------------------------------------------------------------------===//
// Acquire / release
//===----------------------------------------------------------------------===//

static LogicalResult verifyAcquire(Operation *op, DataflowBufferType dfb,
                                   BlockType block) {
  if (dfb.getShape() != block.getShape() ||
      dfb.getElementType() != block.getElementType() ||
      dfb.getLayout() != block.getLayout())
    return op->emitOpError("result ")
           << block << " does not match the blocks of " << dfb;
  return success();
}

LogicalResult ReserveOp::verify() {
  return verifyAcquire(*this, getDfb().getType(), getBlock().getType());
}

LogicalResult WaitOp::verify() {
  return verifyAcquire(*this, getDfb().getType(), getBlock().getType());
}

LogicalResult PushOp::verify() {
  if (!getBlock().getDefiningOp<ReserveOp>())
    return emitOpError("pushes a block that does not come from ttl.reserve");
  return success();
}

LogicalResult PopOp::verify() {
  if (!getBlock().getDefiningOp<WaitOp>())
    return emitOpError("pops a block that does not come from ttl.wait");
  return success();
}

TypedValue<DataflowBufferType> PushOp::getDataflowBuffer() {
  return getBlock().getDefiningOp<ReserveOp>().getDfb();
}

TypedValue<DataflowBufferType> PopOp::getDataflowBuffer() {
  return getBlock().getDefiningOp<WaitOp>().getDfb();
}

//===----------------------------------------------------------------------===//
// Tile copies
//===----------------------------------------------------------------------===//

/// Checks that `tensor` is a tiled TTL tensor whose tile grid (of rank > 2:
/// the batch's matrices stacked along the rows) holds the `block` slice at
/// (row, col) when those are constants; with `matrixRows`, the block's rows
/// are runs of that many tile rows, one per matrix.
static LogicalResult verifyTileSlice(Operation *op, RankedTensorType tensor,
                                     BlockType block, Value row, Value col,
                                     std::optional<int64_t> matrixRows) {
  auto layout = dyn_cast_or_null<LayoutAttr>(tensor.getEncoding());
  if (!layout)
    return op->emitOpError("tensor ")
           << tensor << " has no #ttl.layout memory placement";
  if (layout.getTensorLayout() != TensorLayout::Tiled)
    return op->emitOpError("copies tiles of a ")
           << stringifyTensorLayout(layout.getTensorLayout())
           << " tensor; tile copies need a tiled tensor (pass it in tile "
              "layout: ttnn.to_layout(t, ttnn.TILE_LAYOUT))";
  // A tensor of rank > 2 is a batch of matrices: its tiles are those of the
  // last two dimensions, batch-major (ttnn's page order), so the slice's row
  // runs over the batch's tile rows one matrix after another.
  if (tensor.getRank() < 2)
    return op->emitOpError("tensor must have rank 2 or more, got ")
           << tensor.getRank();
  if (tensor.getElementType() != block.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType() << " does not match block element type "
           << block.getElementType();
  ArrayRef<int64_t> shape = tensor.getShape();
  // A logical extent that is not a multiple of the tile side is padded to
  // whole tiles: copies address the padded tile grid.
  for (int64_t dim : shape)
    if (ShapedType::isDynamic(dim) || dim <= 0)
      return op->emitOpError("tensor dimensions must be static and positive, "
                             "got ")
             << tensor;
  Value starts[2] = {row, col};
  int64_t batch = 1;
  for (int64_t dim : shape.drop_back(2))
    batch *= dim;
  int64_t perMatrix = tilesCovering(shape[shape.size() - 2]);
  int64_t grid[2] = {batch * perMatrix, tilesCovering(shape.back())};
  // The tile rows the slice spans: one run, or `matrixRows` rows of each
  // consecutive matrix, the last run ending where the block's last row lands.
  int64_t span = block.getShape()[0];
  if (matrixRows) {
    int64_t runs = *matrixRows;
    if (shape.size() < 3)
      return op->emitOpError("matrix_rows needs a tensor of rank > 2, got ")
             << tensor;
    if (runs <= 0 || runs > perMatrix || block.getShape()[0] % runs != 0)
      return op->emitOpError("matrix_rows = ")
             << runs << " must be positive, at most a matrix's " << perMatrix
             << " tile rows and divide the block's " << block.getShape()[0]
             << " rows";
    span = (block.getShape()[0] / runs - 1) * perMatrix + runs;
    APInt start;
    if (matchPattern(row, m_ConstantInt(&start)) &&
        start.getSExtValue() % perMatrix + runs > perMatrix)
      return op->emitOpError("tile rows [")
             << start.getSExtValue() % perMatrix << ", "
             << start.getSExtValue() % perMatrix + runs
             << ") of a matrix are outside its " << perMatrix << " tile rows";
  }
  int64_t extents[2] = {span, block.getShape()[1]};
  for (int i = 0; i < 2; ++i) {
    APInt start;
    if (!matchPattern(starts[i], m_ConstantInt(&start)))
      continue;
    int64_t tiles = grid[i];
    int64_t first = start.getSExtValue();
    if (first < 0 || first + extents[i] > tiles)
      return op->emitOpError("tile slice ")
             << (i == 0 ? "rows" : "cols") << " [" << first << ", "
             << first + extents[i] << ") is outside the tensor's "
             << tiles << " tile " << (i == 0 ? "rows" : "cols");
  }
  return success();
}

LogicalResult LoadTilesOp::verify() {
  if (!getBlock().getDefiningOp<ReserveOp>())
    return emitOpError("copies into a block that does not come from "
                       "ttl.reserve");
  return verifyTileSlice(*this, getTensor().getType(), getBlock().getType(),
                         getRow(), getCol(), getMatrixRows());
}

LogicalResult StoreTilesOp::verify() {
  if (!getBlock().getDefiningOp<WaitOp>())
    return emitOpError("copies a block that does not come from ttl.wait");
  return verifyTileSlice(*this, getTensor().getType(), getBlock().getType(),
                         getRow(), getCol(), getMatrixRows());
}

/// ttl.load_rows / ttl.store_rows: whole rows of an interleaved row-major
/// tensor of the block's element type, into or out of an element-shaped
/// block; a constant first row keeps the block's rows inside the tensor.
static LogicalResult verifyRowSlice(Operation *op, RankedTensorType tensor,
                                    BlockType block, Value row) {
  auto layout = dyn_cast_or_null<LayoutAttr>(tensor.getEncoding());
  if (!layout)
    return op->emitOpError("tensor ")
           << tensor << " has no #ttl.layout memory placement";
  if (layout.getTensorLayout() != TensorLayout::RowMajor)
    return op->emitOpError("copies rows of a ")
           << stringifyTensorLayout(layout.getTensorLayout())
           << " tensor; row copies need a row_major tensor (ttl.load_tiles / "
              "ttl.store_tiles copy the tiles of a tiled one)";
  if (layout.isSharded())
    return op->emitOpError("copies rows of a ")
           << stringifyMemoryLayout(layout.getMemoryLayout())
           << " row_major tensor; row copies need an interleaved tensor "
              "(pass it interleaved, or in tile layout to shard it)";
  if (block.isTiled())
    return op->emitOpError("copies rows into a block of tiles ")
           << block
           << "; a row copy moves an element-shaped row_major block (a DFB "
              "made like the row-major tensor)";
  if (tensor.getElementType() != block.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType() << " does not match block element type "
           << block.getElementType();
  ArrayRef<int64_t> shape = tensor.getShape();
  if (shape.empty())
    return op->emitOpError("tensor must have rank 1 or more");
  for (int64_t dim : shape)
    if (ShapedType::isDynamic(dim) || dim <= 0)
      return op->emitOpError("tensor dimensions must be static and positive, "
                             "got ")
             << tensor;
  if (block.getShape()[1] != shape.back())
    return op->emitOpError("block rows of ")
           << block.getShape()[1] << " elements are not the tensor's rows of "
           << shape.back()
           << " elements: a row copy moves whole rows (pages)";
  int64_t rows = 1;
  for (int64_t dim : shape.drop_back())
    rows *= dim;
  APInt start;
  if (matchPattern(row, m_ConstantInt(&start))) {
    int64_t first = start.getSExtValue();
    if (first < 0 || first + block.getShape()[0] > rows)
      return op->emitOpError("rows [")
             << first << ", " << first + block.getShape()[0]
             << ") are outside the tensor's " << rows << " rows";
  }
  return success();
}

LogicalResult LoadRowsOp::verify() {
  if (!getBlock().getDefiningOp<ReserveOp>())
    return emitOpError("copies into a block that does not come from "
                       "ttl.reserve");
  return verifyRowSlice(*this, getTensor().getType(), getBlock().getType(),
                        getRow());
}

LogicalResult StoreRowsOp::verify() {
  if (!getBlock().getDefiningOp<WaitOp>())
    return emitOpError("copies a block that does not come from ttl.wait");
  return verifyRowSlice(*this, getTensor().getType(), getBlock().getType(),
                        getRow());
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

/// Element types between which the packer converts (bf16 <-> f32); the
/// block types admit no others today, but the rule is the op's, not the type's.
static bool isPackConvertible(Type from, Type to) {
  auto supported = [](Type t) { return t.isBF16() || t.isF32(); };
  return supported(from) && supported(to);
}

/// The number of `{}` placeholders in a device-print format, or -1 when a
/// brace is neither one nor doubled (`{{`, `}}`).
static int64_t countPlaceholders(StringRef format) {
  int64_t count = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c != '{' && c != '}')
      continue;
    if (i + 1 < format.size() && format[i + 1] == c) {
      ++i;
      continue;
    }
    if (c == '{' && i + 1 < format.size() && format[i + 1] == '}') {
      ++count;
      ++i;
      continue;
    }
    return -1;
  }
  return count;
}

LogicalResult DPrintOp::verify() {
  int64_t placeholders = countPlaceholders(getFormat());
  if (placeholders < 0)
    return emitOpError("format has a brace that is neither `{}` nor doubled "
                       "(`{{`, `}}`): ")
           << getFormat();
  if (placeholders != static_cast<int64_t>(getValues().size()))
    return emitOpError("format has ")
           << placeholders << " `{}` but the print has " << getValues().size()
           << " value(s)";
  if (std::optional<StringRef> thread = getThread();
      thread && !llvm::is_contained({"unpack", "math", "pack"}, *thread))
    return emitOpError("thread must be \"unpack\", \"math\" or \"pack\", got \"")
           << *thread << "\"";
  for (Value value : getValues()) {
    if (!isa<BlockType>(value.getType()))
      continue;
    if (getValues().size() != 1 || getFormat() != "{}")
      return emitOpError("a block is printed alone (format \"{}\")");
    if (!value.getDefiningOp<ReserveOp>() && !value.getDefiningOp<WaitOp>())
      return emitOpError("prints a block that is not held from ttl.wait or "
                         "ttl.reserve (tile math is printed after storing it)");
  }
  return success();
}

LogicalResult StoreOp::verify() {
  if (!getDest().getDefiningOp<ReserveOp>())
    return emitOpError("stores into a block that does not come from "
                       "ttl.reserve");
  BlockType value = getValue().getType(), dest = getDest().getType();
  if (value.getShape() != dest.getShape())
    return emitOpError("stored value ")
           << value << " and destination " << dest
           << " must have the same shape in tiles";
  if (!isPackConvertible(value.getElementType(), dest.getElementType()))
    return emitOpError("cannot pack ")
           << value.getElementType() << " into " << dest.getElementType()
           << ": a store converts only between bf16 and f32";
  return success();
}

LogicalResult MatmulOp::verify() {
  BlockType lhs = getLhs().getType(), rhs = getRhs().getType(),
            result = getResult().getType();
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError("operands must have one element type, got ")
           << lhs.getElementType() << " and " << rhs.getElementType();
  if (!isPackConvertible(lhs.getElementType(), result.getElementType()))
    return emitOpError("cannot pack a product of ")
           << lhs.getElementType() << " operands as " << result.getElementType()
           << ": the result must be bf16 or f32";
  ArrayRef<int64_t> a = lhs.getShape(), b = rhs.getShape(),
                    c = result.getShape();
  // transpose_rhs: rhs is N x K tiles.
  bool transposed = getTransposeRhs();
  int64_t k = transposed ? b[1] : b[0], n = transposed ? b[0] : b[1];
  if (a[1] != k)
    return emitOpError("inner dimensions differ: lhs is ")
           << a[0] << "x" << a[1] << " tiles and rhs " << b[0] << "x" << b[1]
           << " tiles; "
           << (transposed ? "(M x K) @ transpose(N x K) needs lhs cols == rhs "
                            "cols"
                          : "(M x K) @ (K x N) needs lhs cols == rhs rows");
  if (c[0] != a[0] || c[1] != n)
    return emitOpError("result must be ")
           << a[0] << "x" << n << " tiles (M x N), got " << c[0] << "x"
           << c[1];
  return success();
}

//===----------------------------------------------------------------------===//
// Launch coordinates
//===----------------------------------------------------------------------===//

static LogicalResult verifyGridDim(Operation *op, int64_t dim) {
  if (dim != 0 && dim != 1)
    return op->emitOpError("dim must be 0 (columns) or 1 (rows), got ") << dim;
  return success();
}

//===----------------------------------------------------------------------===//
// Block-scalar math
//===----------------------------------------------------------------------===//

/// A block-scalar op takes its scalar either as the f32 constant `scalar` or
/// as the run-time f32 bits `scalar_bits` (a scalar parameter), never both.
template <typename ScalarOp>
static LogicalResult verifyScalarOperand(ScalarOp op) {
  if (bool(op.getScalarBits()) == bool(op.getScalarAttr()))
    return op.emitOpError("takes its scalar either as an f32 constant or as "
                          "run-time f32 bits (`%bits bits`), exactly one");
  return success();
}

#define TTL_SCALAR_OP_VERIFIER(Op)                                             \
  LogicalResult Op::verify() { return verifyScalarOperand(*this); }
TTL_SCALAR_OP_VERIFIER(AddScalarOp)
TTL_SCALAR_OP_VERIFIER(SubScalarOp)
TTL_SCALAR_OP_VERIFIER(RsubScalarOp)
TTL_SCALAR_OP_VERIFIER(MulScalarOp)
TTL_SCALAR_OP_VERIFIER(RdivScalarOp)
TTL_SCALAR_OP_VERIFIER(PowScalarOp)
#undef TTL_SCALAR_OP_VERIFIER

std::optional<APFloat> DivScalarOp::getReciprocal() {
  std::optional<APFloat> divisor = getScalar();
  if (!divisor)
    return std::nullopt;
  APFloat reciprocal(APFloat::IEEEsingle(), 1);
  reciprocal.divide(*divisor, APFloat::rmNearestTiesToEven);
  if (!reciprocal.isFinite())
    return std::nullopt;
  return reciprocal;
}

LogicalResult DivScalarOp::verify() {
  if (failed(verifyScalarOperand(*this)))
    return failure();
  // div_unary_tile multiplies by a reciprocal the host computes
  // (ckernel_sfpu_binop_with_unary.h), so the divisor must be a constant.
  if (getScalarBits())
    return emitOpError("divides a block by a run-time scalar; the compute "
                       "API multiplies by a reciprocal computed at compile "
                       "time: pass the reciprocal as the parameter and "
                       "multiply (x * inv_s)");
  if (getScalar()->isZero())
    return emitOpError("divides a block by zero (the divisor is 0 as an "
                       "f32); a compile-time zero divisor is rejected");
  if (!getReciprocal()) {
    SmallString<16> text;
    getScalar()->toString(text);
    return emitOpError("divides a block by ")
           << text << ", whose reciprocal overflows f32; the kernel "
              "multiplies by 1 / divisor, so the divisor must exceed 2^-128 "
              "(about 2.9e-39) in magnitude";
  }
  return success();
}

LogicalResult NodeOp::verify() { return verifyGridDim(*this, getDim()); }
LogicalResult GridSizeOp::verify() { return verifyGridDim(*this, getDim()); }

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

LogicalResult ThreadOp::verify() {
  if (!isa_and_nonnull<func::FuncOp>((*this)->getParentOp()))
    return emitOpError("must appear directly in an operation function");
  WalkResult result = getBody().walk([&](Operation *nested) {
    auto selection =
        nested->getAttrOfType<ArrayAttr>(TTLDialect::kKernelsAttrName);
    if (!selection)
      return WalkResult::advance();
    for (Attribute selector : selection.getValue())
      if (selector != getKernel()) {
        nested->emitOpError("selects logical kernel ")
            << selector << " inside the thread of " << getKernel();
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// FloorModOp
//===----------------------------------------------------------------------===//

APInt FloorModOp::compute(const APInt &lhs, const APInt &rhs) {
  APInt remainder = lhs.srem(rhs);
  if (!remainder.isZero() && remainder.isNegative() != rhs.isNegative())
    remainder += rhs;
  return remainder;
}

OpFoldResult FloorModOp::fold(FoldAdaptor adaptor) {
  auto rhs = dyn_cast_or_null<IntegerAttr>(adaptor.getRhs());
  if (!rhs || rhs.getValue().isZero())
    return {};
  if (rhs.getValue().isOne() || rhs.getValue().isAllOnes())
    return IntegerAttr::get(getType(), 0);
  auto lhs = dyn_cast_or_null<IntegerAttr>(adaptor.getLhs());
  if (!lhs)
    return {};
  return IntegerAttr::get(getType(), compute(lhs.getValue(), rhs.getValue()));
}
