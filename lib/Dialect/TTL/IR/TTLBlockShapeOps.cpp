//===- TTLBlockShapeOps.cpp - fill, broadcast, reduce, transpose ----------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// `dims` is a nonempty, sorted, repeat-free subset of {0, 1}.
LogicalResult verifyDims(Operation *op, ArrayRef<int64_t> dims) {
  if (dims.empty() || dims.size() > 2 || !llvm::is_sorted(dims) ||
      llvm::any_of(dims, [](int64_t d) { return d != 0 && d != 1; }) ||
      (dims.size() == 2 && dims[0] == dims[1]))
    return op->emitOpError("dims must be [0], [1] or [0, 1] (block "
                           "dimensions in tiles: 0 rows, 1 columns), got [")
           << llvm::make_range(dims.begin(), dims.end()) << "]";
  return success();
}

/// `narrow` has one tile along each dimension of `dims` and `wide`'s size
/// along the others.
LogicalResult verifyNarrowed(Operation *op, ArrayRef<int64_t> dims,
                             BlockType narrow, BlockType wide,
                             StringRef narrowName, StringRef wideName) {
  if (narrow.getElementType() != wide.getElementType())
    return op->emitOpError()
           << narrowName << " and " << wideName
           << " must have one element type, got " << narrow.getElementType()
           << " and " << wide.getElementType();
  for (int64_t d : {0, 1}) {
    int64_t expected = llvm::is_contained(dims, d) ? 1 : wide.getShape()[d];
    if (narrow.getShape()[d] != expected)
      return op->emitOpError()
             << narrowName << " must be "
             << (llvm::is_contained(dims, 0) ? 1 : wide.getShape()[0]) << "x"
             << (llvm::is_contained(dims, 1) ? 1 : wide.getShape()[1])
             << " tiles along dims ["
             << llvm::make_range(dims.begin(), dims.end()) << "] of the "
             << wide.getShape()[0] << "x" << wide.getShape()[1] << "-tile "
             << wideName << ", got " << narrow.getShape()[0] << "x"
             << narrow.getShape()[1];
  }
  return success();
}

template <typename ReduceOpT> LogicalResult verifyReduce(ReduceOpT op) {
  if (failed(verifyDims(op, op.getDims())))
    return failure();
  BlockType input = op.getInput().getType();
  if (Value scaler = op.getScaler()) {
    Type scalerType = cast<BlockType>(scaler.getType()).getElementType();
    if (scalerType != input.getElementType())
      return op.emitOpError("scaler must have the input's element type ")
             << input.getElementType() << ", got " << scalerType;
  }
  return verifyNarrowed(op, op.getDims(), op.getResult().getType(), input,
                        "result", "input");
}

} // namespace

LogicalResult FillOp::verify() {
  if (!getValue().isFinite())
    return emitOpError("value must be a finite f32");
  return success();
}

LogicalResult BroadcastOp::verify() {
  if (failed(verifyDims(*this, getDims())))
    return failure();
  return verifyNarrowed(*this, getDims(), getInput().getType(),
                        getResult().getType(), "input", "result");
}

StringRef BroadcastOp::getBroadcastType() {
  ArrayRef<int64_t> dims = getDims();
  if (dims.size() == 2)
    return "BroadcastType::SCALAR";
  // Along the columns each row repeats its column 0: B[h, 0].
  return dims[0] == 1 ? "BroadcastType::COL" : "BroadcastType::ROW";
}

LogicalResult ReduceSumOp::verify() { return verifyReduce(*this); }
LogicalResult ReduceMaxOp::verify() { return verifyReduce(*this); }

LogicalResult TransposeOp::verify() {
  BlockType input = getInput().getType(), result = getResult().getType();
  if (input.getElementType() != result.getElementType() ||
      input.getShape()[0] != result.getShape()[1] ||
      input.getShape()[1] != result.getShape()[0])
    return emitOpError("result must be the input's ")
           << input.getShape()[1] << "x" << input.getShape()[0] << " tiles of "
           << input.getElementType() << ", got " << result;
  return success();
}
