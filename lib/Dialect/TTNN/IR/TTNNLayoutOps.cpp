//===- TTNNLayoutOps.cpp - concat, slice, repeat ---------------------------===//
//
// The shape rule of each op (inferResultShape) lives here, once: the
// verifiers compare the result type with it and the op model derives the
// output shape of a query from it.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/TileGeometry.h"

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

// ttnn 0.81.1 checks each end against the input's padded shape
// (slice_device_operation.cpp: slice_end <= padded_shape), so a tiled input
// of rank >= 2 takes ends inside the tile padding of its last two dimensions,
// and the result is end - begin long there, not clamped to the logical size
// (1x1x721x576 [0:736] -> 1x1x736x128, measured on the mock devices). Only its
// tile program runs such a window: unit steps and tile-multiple begins in the
// last two dimensions; its row-major path (other begins, steps, row-major or
// rank-1 inputs) sees the logical size as the padded one and fails (TT_FATAL,
// measured).
llvm::Expected<SmallVector<int64_t>>
SliceOp::inferResultShape(ArrayRef<int64_t> shape, ArrayRef<int64_t> begins,
                          ArrayRef<int64_t> ends, ArrayRef<int64_t> step,
                          bool tiled) {
  constexpr int64_t kTile = ttlang::tile::kSide;
  size_t rank = shape.size();
  if (begins.size() != rank || ends.size() != rank || step.size() != rank)
    return shapeError(llvm::formatv(
        "begins, ends and step need one entry per dimension ({0}), got {1}, "
        "{2} and {3}",
        rank, begins.size(), ends.size(), step.size()));
  bool unitSteps = llvm::all_of(step, [](int64_t s) { return s == 1; });
  bool tileProgram = tiled && rank >= 2 && unitSteps &&
                     begins[rank - 1] % kTile == 0 &&
                     begins[rank - 2] % kTile == 0;
  SmallVector<int64_t> result;
  for (size_t d = 0; d < rank; ++d) {
    if (step[d] < 1)
      return shapeError(
          llvm::formatv("step[{0}] = {1} must be at least 1", d, step[d]));
    int64_t limit = shape[d];
    if (tileProgram && d + 2 >= rank)
      limit = (shape[d] + kTile - 1) / kTile * kTile;
    if (begins[d] < 0 || begins[d] >= ends[d] || ends[d] > limit) {
      if (ends[d] > shape[d] && d + 2 >= rank && rank >= 2 &&
          ends[d] <= (shape[d] + kTile - 1) / kTile * kTile && begins[d] >= 0 &&
          begins[d] < ends[d])
        return shapeError(llvm::formatv(
            "dimension {0}: an end inside the tile padding (past {1}, got {2}) "
            "needs a tiled input, unit steps and tile-multiple begins in the "
            "last two dimensions (ttnn 0.81.1 checks ends against the padded "
            "shape)",
            d, shape[d], ends[d]));
      return shapeError(llvm::formatv(
          "dimension {0}: need 0 <= begin < end <= {1}, got [{2}, {3})", d,
          limit, begins[d], ends[d]));
    }
    result.push_back((ends[d] - begins[d] + step[d] - 1) / step[d]);
  }
  return result;
}

LogicalResult SliceOp::verify() {
  // Without a #ttnn.layout the layout is chosen later: the op model checks
  // the window against the layout it is asked about.
  auto type = cast<RankedTensorType>(getInput().getType());
  auto layout = dyn_cast_or_null<LayoutAttr>(type.getEncoding());
  bool tiled = !layout || !layout.isRowMajor();
  return checkResult(*this, inferResultShape(shapeOf(getInput()), getBegins(),
                                             getEnds(), getStep(), tiled));
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
