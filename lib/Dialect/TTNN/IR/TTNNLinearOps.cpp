//===- TTNNLinearOps.cpp - verifier of ttnn.linear ------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

using namespace mlir;
using namespace mlir::ttnn;

namespace {
/// Numpy broadcast of two static shapes, or failure when incompatible.
FailureOr<SmallVector<int64_t>> broadcast(ArrayRef<int64_t> x,
                                          ArrayRef<int64_t> y) {
  size_t rank = std::max(x.size(), y.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t dx = i < x.size() ? x[x.size() - 1 - i] : 1;
    int64_t dy = i < y.size() ? y[y.size() - 1 - i] : 1;
    if (dx != dy && dx != 1 && dy != 1)
      return failure();
    out[rank - 1 - i] = std::max(dx, dy);
  }
  return out;
}
} // namespace

/// Ranks >= 2, equal inner dimensions (after the transposes), broadcast
/// batch dimensions, the result the product's shape (in any element type:
/// ttnn's `dtype` picks the output's), and a bias that broadcasts over it
/// without changing its shape (ttnn fuses a one-row bias into the product
/// and adds any other after it). Dynamic dimensions are left to the op
/// model, which reports them as a typed error.
LogicalResult LinearOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (a.getRank() < 2 || b.getRank() < 2)
    return emitOpError("operands must have rank >= 2, got ")
           << a << " and " << b;
  if (!a.hasStaticShape() || !b.hasStaticShape() || !result.hasStaticShape())
    return success();
  ArrayRef<int64_t> aShape = a.getShape(), bShape = b.getShape();
  int64_t m = aShape[aShape.size() - 2], ka = aShape.back();
  int64_t kb = bShape[bShape.size() - 2], n = bShape.back();
  if (getTransposeA())
    std::swap(m, ka);
  if (getTransposeB())
    std::swap(kb, n);
  if (ka != kb)
    return emitOpError("inner dimensions differ: a is ")
           << m << "x" << ka << ", b is " << kb << "x" << n;
  auto batch = broadcast(aShape.drop_back(2), bShape.drop_back(2));
  if (failed(batch))
    return emitOpError("batch dimensions of ")
           << a << " and " << b << " are not broadcast-compatible";
  SmallVector<int64_t> expected = *batch;
  expected.push_back(m);
  expected.push_back(n);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result must have the product's shape ")
           << RankedTensorType::get(expected, result.getElementType())
           << ", got " << result;
  if (Value bias = getBias()) {
    auto type = cast<RankedTensorType>(bias.getType());
    ArrayRef<int64_t> shape = type.getShape();
    auto sum = broadcast(shape, expected);
    bool keepsShape = !shape.empty() && succeeded(sum) &&
                      ArrayRef<int64_t>(*sum).take_back(expected.size()) ==
                          ArrayRef<int64_t>(expected) &&
                      llvm::all_of(ArrayRef<int64_t>(*sum).drop_back(
                                       expected.size()),
                                   [](int64_t d) { return d == 1; });
    if (!keepsShape)
      return emitOpError("bias must broadcast over the result ")
             << result << " without changing its shape, got " << type;
  }
  return success();
}
