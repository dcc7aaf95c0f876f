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
/// batch dimensions, a bias of one value per output column, and the result
/// the product's shape in a's element type. Dynamic dimensions are left to
/// the op model, which reports them as a typed error.
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
  if (result.getShape() != ArrayRef<int64_t>(expected) ||
      result.getElementType() != a.getElementType())
    return emitOpError("result must be ")
           << RankedTensorType::get(expected, a.getElementType())
           << " (the product's shape in a's element type), got " << result;
  if (Value bias = getBias()) {
    auto type = cast<RankedTensorType>(bias.getType());
    ArrayRef<int64_t> shape = type.getShape();
    bool perColumn = !shape.empty() && shape.back() == n &&
                     llvm::all_of(shape.drop_back(),
                                  [](int64_t d) { return d == 1; });
    if (!perColumn)
      return emitOpError("bias must hold one value per output column (shape [")
             << n << "] or [1, ..., 1, " << n << "]), got " << type;
  }
  return success();
}
