//===- TTNNModelOps.cpp - verifiers of TTNNModelOps.td ops ----------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/TileGeometry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

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

/// gelu_bw: grad, x and the result of one shape (ttnn 0.81.1 TT_FATALs on
/// two, leading 1s included); the result in x's element type (ttnn writes it in x's
/// data type), grad in any.
template <typename OpTy>
LogicalResult verifySameShapeBackward(OpTy op) {
  auto grad = cast<RankedTensorType>(op.getLhs().getType());
  auto input = cast<RankedTensorType>(op.getRhs().getType());
  auto result = cast<RankedTensorType>(op.getResult().getType());
  if (grad.getShape() != input.getShape() ||
      result.getShape() != input.getShape())
    return op.emitOpError("grad, input and result must have one shape, got ")
           << grad << ", " << input << " and " << result;
  if (result.getElementType() != input.getElementType())
    return op.emitOpError("result must have the input's element type, got ")
           << result << " for " << input;
  return success();
}

/// The numpy broadcast of two shapes, or nothing when they do not broadcast.
std::optional<SmallVector<int64_t>> broadcastOf(ArrayRef<int64_t> a,
                                                ArrayRef<int64_t> b) {
  SmallVector<int64_t> broadcast(std::max(a.size(), b.size()), 1);
  for (size_t back = 1; back <= broadcast.size(); ++back) {
    int64_t da = back <= a.size() ? a[a.size() - back] : 1;
    int64_t db = back <= b.size() ? b[b.size() - back] : 1;
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    broadcast[broadcast.size() - back] = da == 1 ? db : da;
  }
  return broadcast;
}

/// Two shapes that differ only in leading 1s (one tensor's views).
bool equalUpToLeadingOnes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  auto strip = [](ArrayRef<int64_t> s) {
    return s.drop_while([](int64_t d) { return d == 1; });
  };
  return strip(a) == strip(b);
}
} // namespace

LogicalResult GeluBackwardOp::verify() {
  return verifySameShapeBackward(*this);
}

/// silu_bw writes its last binary_ng step, grad * sigmoid(x) * (...), into
/// an output of x's shape, which binary_ng TT_FATALs on unless it is the
/// steps' broadcast shape (binary_ng_device_operation.cpp, shapes_equal;
/// measured: grad 64x32 with x 3x64x32 runs, grad 3x64x32 with x 64x32
/// fails): grad broadcasts to x's shape, the result is x's shape, each up
/// to leading 1s; the result in x's element type.
LogicalResult SiluBackwardOp::verify() {
  auto grad = cast<RankedTensorType>(getLhs().getType());
  auto input = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  std::optional<SmallVector<int64_t>> broadcast =
      broadcastOf(grad.getShape(), input.getShape());
  if (!broadcast || !equalUpToLeadingOnes(*broadcast, input.getShape()))
    return emitOpError("grad ") << grad << " must broadcast to input "
                                << input << "'s shape";
  if (!equalUpToLeadingOnes(result.getShape(), input.getShape()))
    return emitOpError("result must have the input's shape, got ")
           << result << " for " << input;
  if (result.getElementType() != input.getElementType())
    return emitOpError("result must have the input's element type, got ")
           << result << " for " << input;
  return success();
}

/// relu_bw multiplies grad by x > 0 with binary_ng, which broadcasts: the
/// result has the operands' numpy broadcast shape and their one element
/// type.
LogicalResult ReluBackwardOp::verify() {
  auto grad = cast<RankedTensorType>(getLhs().getType());
  auto input = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (grad.getElementType() != input.getElementType() ||
      result.getElementType() != input.getElementType())
    return emitOpError("grad, input and result must have one element type, "
                       "got ")
           << grad << ", " << input << " and " << result;
  std::optional<SmallVector<int64_t>> broadcast =
      broadcastOf(grad.getShape(), input.getShape());
  if (!broadcast)
    return emitOpError("grad ") << grad << " and input " << input
                                << " do not broadcast";
  if (result.getShape() != ArrayRef<int64_t>(*broadcast))
    return emitOpError("result shape must be the broadcast of grad and "
                       "input, got ")
           << result;
  return success();
}

LogicalResult LayerNormOp::verify() { return verifyNorm(*this); }
LogicalResult RmsNormOp::verify() { return verifyNorm(*this); }

LogicalResult MorehSoftmaxBackwardOp::verify() {
  auto output = cast<RankedTensorType>(getOutput().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t rank = output.getRank();
  int64_t dim = getDim(); // I64Attr reads back unsigned
  if (dim < 0 || dim >= rank)
    return emitOpError("dim must be in [0, ")
           << rank << ") (ttnn takes an unsigned dimension), got " << dim;
  if (result.getElementType() != output.getElementType())
    return emitOpError("result must have the output's element type, got ")
           << result << " for " << output;
  return success();
}

namespace {
/// ttnn's canonical form of a stats or parameter shape: rank 0 is [1, 1],
/// rank 1 is [1, d].
SmallVector<int64_t> canonicalShape(ArrayRef<int64_t> dims) {
  SmallVector<int64_t> shape(dims);
  while (shape.size() < 2)
    shape.insert(shape.begin(), 1);
  return shape;
}
} // namespace

SmallVector<int64_t>
MorehLayerNormBackwardOp::statsShape(ArrayRef<int64_t> input,
                                     int64_t normalizedDims) {
  return canonicalShape(input.drop_back(normalizedDims));
}

SmallVector<int64_t>
MorehLayerNormBackwardOp::paramShape(ArrayRef<int64_t> input,
                                     int64_t normalizedDims) {
  return canonicalShape(input.take_back(normalizedDims));
}

LogicalResult MorehLayerNormBackwardOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  ArrayRef<int64_t> shape = input.getShape();
  int64_t dims = getNormalizedDims();
  if (dims < 1 || dims > input.getRank())
    return emitOpError("normalized_dims must be in [1, ")
           << input.getRank() << "], got " << dims;
  auto dy = cast<RankedTensorType>(getOutputGrad().getType());
  if (dy.getShape() != shape)
    return emitOpError("output_grad must have the input's shape, got ")
           << dy << " for " << input;
  SmallVector<int64_t> stats = statsShape(shape, dims);
  SmallVector<int64_t> params = paramShape(shape, dims);
  auto describe = [](ArrayRef<int64_t> s) {
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::interleave(s, os, "x");
    return text;
  };
  for (auto [name, value] : {std::pair<StringRef, Value>{"mean", getMean()},
                             {"rstd", getRstd()}})
    if (cast<RankedTensorType>(value.getType()).getShape() !=
        ArrayRef(stats))
      return emitOpError() << name << " must be " << describe(stats)
                           << " (the input's leading dimensions), got "
                           << value.getType();
  if (Value gamma = getGamma())
    if (cast<RankedTensorType>(gamma.getType()).getShape() != ArrayRef(params))
      return emitOpError("gamma must be ")
             << describe(params) << " (the normalized dimensions), got "
             << gamma.getType();
  SmallVector<std::pair<StringRef, ArrayRef<int64_t>>, 3> wanted;
  if (getInputGrad())
    wanted.push_back({"input_grad", shape});
  if (getGammaGrad())
    wanted.push_back({"gamma_grad", params});
  if (getBetaGrad())
    wanted.push_back({"beta_grad", params});
  if (wanted.empty())
    return emitOpError("computes no gradient (input_grad, gamma_grad and "
                       "beta_grad are all false)");
  if (getGrads().size() != wanted.size())
    return emitOpError("has ")
           << getGrads().size() << " results for " << wanted.size()
           << " gradients";
  for (auto [grad, want] : llvm::zip(getGrads(), wanted)) {
    auto type = cast<RankedTensorType>(grad.getType());
    if (type.getShape() != want.second ||
        type.getElementType() != dy.getElementType())
      return emitOpError() << want.first << " must be " << describe(want.second)
                           << " of the output_grad's element type, got "
                           << type;
  }
  return success();
}

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
  // ttnn compares the tables' head dim with the input's padded to whole
  // tiles (rotary_embedding.cpp: padded_shape()[-1]; measured: a 16-wide
  // table with a 32-wide input runs, 32 with 64 fails).
  auto padded = [](int64_t dim) {
    return llvm::divideCeil(dim, ::ttlang::tile::kSide) * ::ttlang::tile::kSide;
  };
  bool leadingOnes = table.size() == 4 && table[0] == 1 && table[1] == 1;
  if (!leadingOnes || padded(table[3]) != padded(x.back()) ||
      table[2] < x[x.size() - 2])
    return emitOpError("cos and sin must be [1, 1, seq', head_dim'] with "
                       "seq' >= ")
           << x[x.size() - 2] << " and head_dim' padded to tiles as "
           << x.back() << " is, got " << cos;
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
