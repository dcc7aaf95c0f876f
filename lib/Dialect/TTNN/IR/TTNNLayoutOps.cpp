//===- TTNNLayoutOps.cpp - concat, slice, repeat ---------------------------===//
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
// concat
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
ConcatOp::inferResultShape(ArrayRef<SmallVector<int64_t>> shapes, int64_t dim) {
  if (shapes.empty())
    return shapeError("takes at least one input");
  int64_t rank = shapes.front().size();
  if (dim < -rank || dim >= rank)
    return shapeError(llvm::formatv("dim {0} must be in [{1}, {2})", dim,
                                    -rank, rank));
  int64_t axis = dim < 0 ? dim + rank : dim;
  SmallVector<int64_t> result = shapes.front();
  for (auto [index, shape] : llvm::enumerate(shapes.drop_front())) {
    if (int64_t(shape.size()) != rank)
      return shapeError(llvm::formatv("input {0} has rank {1}, input 0 has {2}",
                                      index + 1, shape.size(), rank));
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      if (shape[d] != result[d])
        return shapeError(llvm::formatv(
            "input {0} is {1}, input 0 is {2}: dimension {3} differs and is "
            "not the concatenated one ({4})",
            index + 1, describe(shape), describe(shapes.front()), d, axis));
    }
    result[axis] += shape[axis];
  }
  return result;
}

LogicalResult ConcatOp::verify() {
  SmallVector<SmallVector<int64_t>> shapes;
  for (Value input : getInputs())
    shapes.push_back(shapeOf(input));
  return checkResult(*this, inferResultShape(shapes, getDim()));
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
SliceOp::inferResultShape(ArrayRef<int64_t> shape, ArrayRef<int64_t> begins,
                          ArrayRef<int64_t> ends, ArrayRef<int64_t> step) {
  size_t rank = shape.size();
  if (begins.size() != rank || ends.size() != rank || step.size() != rank)
    return shapeError(llvm::formatv(
        "begins, ends and step need one entry per dimension ({0}), got {1}, "
        "{2} and {3}",
        rank, begins.size(), ends.size(), step.size()));
  SmallVector<int64_t> result;
  for (size_t d = 0; d < rank; ++d) {
    if (step[d] < 1)
      return shapeError(
          llvm::formatv("step[{0}] = {1} must be at least 1", d, step[d]));
    if (begins[d] < 0 || begins[d] >= ends[d] || ends[d] > shape[d])
      return shapeError(llvm::formatv(
          "dimension {0}: need 0 <= begin < end <= {1}, got [{2}, {3})", d,
          shape[d], begins[d], ends[d]));
    result.push_back((ends[d] - begins[d] + step[d] - 1) / step[d]);
  }
  return result;
}

LogicalResult SliceOp::verify() {
  return checkResult(*this, inferResultShape(shapeOf(getInput()), getBegins(),
                                             getEnds(), getStep()));
}

//===----------------------------------------------------------------------===//
// repeat
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<int64_t>>
RepeatOp::inferResultShape(ArrayRef<int64_t> shape, ArrayRef<int64_t> repeats) {
  if (repeats.size() != shape.size())
    return shapeError(llvm::formatv(
        "repeats needs one entry per dimension ({0}), got {1}", shape.size(),
        repeats.size()));
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (repeats[d] < 1)
      return shapeError(llvm::formatv("repeats[{0}] = {1} must be at least 1",
                                      d, repeats[d]));
    result.push_back(size * repeats[d]);
  }
  return result;
}

LogicalResult RepeatOp::verify() {
  return checkResult(*this,
                     inferResultShape(shapeOf(getInput()), getRepeats()));
}

//===----------------------------------------------------------------------===//
// to_layout
//===----------------------------------------------------------------------===//

LogicalResult ToLayoutOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (input.getShape() != result.getShape())
    return emitOpError("result type ")
           << result << " has another shape than the input type " << input
           << " (to_layout changes pages, not shape)";
  if (input.getElementType() != result.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the input's "
           << input.getElementType() << " (convert with ttnn.typecast)";
  return success();
}
