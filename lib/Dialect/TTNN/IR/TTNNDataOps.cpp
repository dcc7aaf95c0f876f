//===- TTNNDataOps.cpp - reshape, permute, pad, embedding, argmax --------===//
//
// The shape rule of each op (inferResultShape) lives here, once: the
// verifiers compare the result type with it and the op model derives the
// output shape of a query from it.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

#include "ShapeRules.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::ttnn;
using namespace mlir::ttnn::shape_rules;

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
ReshapeOp::inferResultShape(ArrayRef<int64_t> input, ArrayRef<int64_t> shape) {
  int64_t inputElements = 1, elements = 1;
  for (int64_t size : input)
    inputElements *= size;
  for (auto [index, size] : llvm::enumerate(shape)) {
    if (size <= 0)
      return shapeError(llvm::formatv(
          "shape[{0}] = {1} must be positive", index, size));
    elements *= size;
  }
  if (elements != inputElements)
    return shapeError(llvm::formatv(
        "shape {0} holds {1} elements, the input {2} has {3}",
        describe(shape), elements, describe(input), inputElements));
  return SmallVector<int64_t>(shape);
}

LogicalResult ReshapeOp::verify() {
  return checkResult(*this, inferResultShape(shapeOf(getInput()), getShape()));
}

//===----------------------------------------------------------------------===//
// permute
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
PermuteOp::inferResultShape(ArrayRef<int64_t> shape,
                            ArrayRef<int64_t> permutation) {
  int64_t rank = shape.size();
  if (int64_t(permutation.size()) != rank)
    return shapeError(llvm::formatv(
        "permutation needs one entry per dimension ({0}), got {1}", rank,
        permutation.size()));
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> result;
  for (auto [index, dim] : llvm::enumerate(permutation)) {
    if (dim < 0 || dim >= rank)
      return shapeError(llvm::formatv(
          "permutation[{0}] = {1} is not a dimension in [0, {2})", index, dim,
          rank));
    if (seen[dim])
      return shapeError(llvm::formatv(
          "permutation names dimension {0} twice", dim));
    seen[dim] = true;
    result.push_back(shape[dim]);
  }
  return result;
}

LogicalResult PermuteOp::verify() {
  return checkResult(*this,
                     inferResultShape(shapeOf(getInput()), getPermutation()));
}

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
PadOp::inferResultShape(ArrayRef<int64_t> shape, ArrayRef<int64_t> padding) {
  if (padding.size() != 2 * shape.size())
    return shapeError(llvm::formatv(
        "padding needs a (front, back) pair per dimension ({0} entries), got "
        "{1}",
        2 * shape.size(), padding.size()));
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(shape)) {
    int64_t front = padding[2 * d], back = padding[2 * d + 1];
    if (front < 0 || back < 0)
      return shapeError(llvm::formatv(
          "dimension {0}: padding ({1}, {2}) must not be negative", d, front,
          back));
    result.push_back(size + front + back);
  }
  return result;
}

LogicalResult PadOp::verify() {
  return checkResult(*this, inferResultShape(shapeOf(getInput()), getPadding()));
}

//===----------------------------------------------------------------------===//
// embedding
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
EmbeddingOp::inferResultShape(ArrayRef<int64_t> indices,
                              ArrayRef<int64_t> weight) {
  if (indices.size() != 2)
    return shapeError(llvm::formatv(
        "indices must be [batch, seq], got rank {0}", indices.size()));
  if (weight.size() != 2)
    return shapeError(llvm::formatv(
        "weight must be [rows, hidden], got rank {0}", weight.size()));
  return SmallVector<int64_t>{indices[0], indices[1], weight[1]};
}

LogicalResult EmbeddingOp::verify() {
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto weight = cast<RankedTensorType>(getWeight().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (!indices.getElementType().isUnsignedInteger(32))
    return emitOpError("indices must be ui32, got ")
           << indices.getElementType();
  if (result.getElementType() != weight.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the weight's "
           << weight.getElementType();
  return checkResult(*this, inferResultShape(indices.getShape(),
                                             weight.getShape()));
}

//===----------------------------------------------------------------------===//
// argmax
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
ArgMaxOp::inferResultShape(ArrayRef<int64_t> shape, std::optional<int64_t> dim,
                           bool keepDim) {
  int64_t rank = shape.size();
  if (!dim)
    return keepDim ? SmallVector<int64_t>(rank, 1) : SmallVector<int64_t>{};
  if (*dim < -rank || *dim >= rank)
    return shapeError(llvm::formatv("dim {0} must be in [{1}, {2})", *dim,
                                    -rank, rank));
  int64_t axis = *dim < 0 ? *dim + rank : *dim;
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (int64_t(d) != axis)
      result.push_back(size);
    else if (keepDim)
      result.push_back(1);
  }
  return result;
}

LogicalResult ArgMaxOp::verify() {
  auto result = cast<RankedTensorType>(getResult().getType());
  if (!result.getElementType().isUnsignedInteger(32))
    return emitOpError("result must be ui32 indices, got ")
           << result.getElementType();
  std::optional<int64_t> dim;
  if (getDim())
    dim = *getDim();
  return checkResult(*this,
                     inferResultShape(shapeOf(getInput()), dim, getKeepDim()));
}
