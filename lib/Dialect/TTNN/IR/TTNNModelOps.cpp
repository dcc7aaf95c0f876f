//===- TTNNModelOps.cpp - verifiers of TTNNModelOps.td ops ----------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

using namespace mlir;
using namespace mlir::ttnn;

namespace {
/// layer_norm / rms_norm: the result is the input's shape and element type;
/// weight and bias hold one value per column (last dimension the input's,
/// every other dimension 1).
template <typename OpTy>
LogicalResult verifyNorm(OpTy op) {
  auto input = cast<RankedTensorType>(op.getInput().getType());
  auto result = cast<RankedTensorType>(op.getResult().getType());
  if (input.getRank() == 0)
    return op.emitOpError("input must have rank >= 1");
  if (result.getShape() != input.getShape() ||
      result.getElementType() != input.getElementType())
    return op.emitOpError("result must have the input's shape and element "
                          "type, got ")
           << result << " for " << input;
  int64_t columns = input.getShape().back();
  for (auto [name, value] : {std::pair<StringRef, Value>{"weight", op.getWeight()},
                             {"bias", op.getBias()}}) {
    if (!value)
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    ArrayRef<int64_t> shape = type.getShape();
    bool perColumn = !shape.empty() && shape.back() == columns &&
                     llvm::all_of(shape.drop_back(),
                                  [](int64_t d) { return d == 1; });
    if (!perColumn)
      return op.emitOpError()
             << name << " must hold one value per column of the input (shape "
             << "[1, ..., " << columns << "]), got " << type;
  }
  return success();
}
} // namespace

LogicalResult LayerNormOp::verify() { return verifyNorm(*this); }
LogicalResult RmsNormOp::verify() { return verifyNorm(*this); }

LogicalResult RotaryEmbeddingOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (input.getRank() < 2)
    return emitOpError("input must be [..., seq, head_dim], got ") << input;
  if (result.getShape() != input.getShape() ||
      result.getElementType() != input.getElementType())
    return emitOpError("result must have the input's shape and element type, "
                       "got ")
           << result << " for " << input;
  auto cos = cast<RankedTensorType>(getCos().getType());
  auto sin = cast<RankedTensorType>(getSin().getType());
  if (cos.getShape() != sin.getShape())
    return emitOpError("cos and sin must have one shape, got ")
           << cos << " and " << sin;
  ArrayRef<int64_t> table = cos.getShape();
  ArrayRef<int64_t> x = input.getShape();
  bool leadingOnes = table.size() == 4 && table[0] == 1 && table[1] == 1;
  if (!leadingOnes || table[3] != x.back() || table[2] < x[x.size() - 2])
    return emitOpError("cos and sin must be [1, 1, seq', ")
           << x.back() << "] with seq' >= " << x[x.size() - 2] << ", got "
           << cos;
  return success();
}

LogicalResult ScaledDotProductAttentionOp::verify() {
  auto q = cast<RankedTensorType>(getQuery().getType());
  auto k = cast<RankedTensorType>(getKey().getType());
  auto v = cast<RankedTensorType>(getValue().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (q.getRank() != 4 || k.getRank() != 4 || v.getRank() != 4)
    return emitOpError("query, key and value must be [batch, heads, seq, "
                       "head_dim], got ")
           << q << ", " << k << ", " << v;
  if (k.getShape() != v.getShape())
    return emitOpError("key and value must have one shape, got ")
           << k << " and " << v;
  ArrayRef<int64_t> qs = q.getShape(), ks = k.getShape();
  if (qs[0] != ks[0] || qs[3] != ks[3])
    return emitOpError("query and key must share batch and head_dim, got ")
           << q << " and " << k;
  if (ks[1] <= 0 || qs[1] % ks[1] != 0)
    return emitOpError("query heads (")
           << qs[1] << ") must be a multiple of key / value heads (" << ks[1]
           << ")";
  if (result.getShape() != qs || result.getElementType() != q.getElementType())
    return emitOpError("result must have the query's shape and element type, "
                       "got ")
           << result << " for " << q;
  return success();
}
