//===- Eltwise.cpp - unary, binary and ternary eltwise families -----------===//
//
// TTNN's eltwise programs stream tiles through double-buffered circular
// buffers: one 2-page CB per operand and one for the output (plus 2-page
// intermediate CBs for an op whose compute kernel needs them; none in ttnn
// 0.81.1, where cbrt also uses 2 CBs). An operand
// sharded in L1 needs no streaming CB: its CB is globally allocated on the
// shard. Sharded programs run core-local, so every operand must be sharded
// exactly like the output, but binary and unary ops also take mixed sharded /
// interleaved placements (streamed). See docs/op-model.md.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
/// Per-op facts of a unary eltwise program.
struct UnaryInfo {
  /// 2-page intermediate CBs besides input and output.
  int64_t intermediateCBs;
  /// SFPU cycles per tile (roofline compute).
  double cyclesPerTile;
};

template <typename OpTy>
constexpr UnaryInfo unaryInfo();
template <> constexpr UnaryInfo unaryInfo<ReluOp>() { return {0, 32}; }
template <> constexpr UnaryInfo unaryInfo<NegOp>() { return {0, 32}; }
template <> constexpr UnaryInfo unaryInfo<AbsOp>() { return {0, 32}; }
template <> constexpr UnaryInfo unaryInfo<SqrtOp>() { return {0, 128}; }
template <> constexpr UnaryInfo unaryInfo<RsqrtOp>() { return {0, 128}; }
template <> constexpr UnaryInfo unaryInfo<ExpOp>() { return {0, 128}; }
template <> constexpr UnaryInfo unaryInfo<TanhOp>() { return {0, 128}; }
// cbrt = sign(x) * exp(log(|x|) / 3). ttnn 0.81.1 (mock device) allocates only
// input and output CBs for it; the late-2025 hardware reference (row 5) had a
// third CB for |x|. The pinned ttnn wins (docs/op-model.md, Calibration).
template <> constexpr UnaryInfo unaryInfo<CbrtOp>() { return {0, 384}; }
// Activations and pow with a scalar exponent: input and output CBs only in
// ttnn 0.81.1 (mock device), transcendental SFPU cost.
template <> constexpr UnaryInfo unaryInfo<GeluOp>() { return {0, 128}; }
template <> constexpr UnaryInfo unaryInfo<SiluOp>() { return {0, 128}; }
template <> constexpr UnaryInfo unaryInfo<SigmoidOp>() { return {0, 128}; }
template <> constexpr UnaryInfo unaryInfo<PowScalarOp>() { return {0, 128}; }

/// Binary eltwise runs on the FPU: one tile op per output tile.
constexpr double kBinaryCyclesPerTile = kFpuCyclesPerTile;
/// where = two FPU passes (select via multiply-add).
constexpr double kTernaryCyclesPerTile = 64;
constexpr int64_t kPagesPerCB = 2;
/// where's extra CBs for a row-broadcast operand (ttnn 0.81.1).
constexpr int64_t kWhereRowBroadcastCBs = 3;

/// Operands are checked before their shapes are broadcast (a dynamic or
/// oversized operand is reported as such, not as a broadcast mismatch).
llvm::Error
checkOperands(llvm::StringRef opName,
              llvm::ArrayRef<std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>>
                  operands) {
  for (auto [index, operand] : llvm::enumerate(operands))
    if (llvm::Error err =
            checkLayout(opName, "operand " + std::to_string(index),
                        operand.first, operand.second))
      return err;
  return llvm::Error::success();
}

/// Sharded programs are core-local: every operand sharded like the output.
llvm::Error checkShardedAlike(
    llvm::StringRef opName,
    llvm::ArrayRef<std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>> operands,
    llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout) {
  bool anySharded = outLayout.isSharded();
  for (const auto &operand : operands)
    anySharded |= operand.second.isSharded();
  if (!anySharded)
    return llvm::Error::success();
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (!shardedAlike(operand.second, outLayout))
      return backendError(opName + ": operand " + llvm::Twine(index) + " is " +
                          describe(operand.second) + " but the output is " +
                          describe(outLayout) +
                          "; a sharded program needs every operand sharded "
                          "like its output");
    if (operand.first != outShape)
      return backendError(opName + ": sharded operands cannot broadcast (" +
                          describeShape(operand.first) + " vs " +
                          describeShape(outShape) + ")");
  }
  return llvm::Error::success();
}

/// True when some operand or the output is sharded but not every operand is
/// sharded like the output: binary_ng's mixed placement.
bool mixedSharding(
    llvm::ArrayRef<std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>> operands,
    LayoutAttr outLayout) {
  bool anySharded = outLayout.isSharded();
  bool alike = true;
  for (const auto &operand : operands) {
    anySharded |= operand.second.isSharded();
    alike &= shardedAlike(operand.second, outLayout);
  }
  return anySharded && !alike;
}

/// CBs of a binary op with mixed sharded and interleaved placements (ttnn
/// 0.81.1 binary_ng, measured on both mock devices with height sharding and
/// every data type): every operand and the output stream through a 2-page CB
/// in their own formats, sharded ones included, except a sharded output of
/// L1-interleaved operands, whose CB is the shard itself.
uint64_t mixedShardingCBBytes(
    llvm::ArrayRef<std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>> operands,
    LayoutAttr outLayout) {
  uint64_t bytes = 0;
  bool operandsL1Interleaved = true;
  for (const auto &operand : operands) {
    bytes += kPagesPerCB * tileBytes(operand.second);
    operandsL1Interleaved &=
        operand.second.isL1() && !operand.second.isSharded();
  }
  if (!(outLayout.isSharded() && operandsL1Interleaved))
    bytes += kPagesPerCB * tileBytes(outLayout);
  return bytes;
}

/// How an op takes mixed sharded / interleaved placements.
enum class MixedSharding {
  /// Illegal (where: not measured).
  Rejected,
  /// binary_ng: mixedShardingCBBytes.
  Binary,
  /// Unary (ttnn 0.81.1, both mock devices, height and block sharding, bf16
  /// and f32, either direction, L1 or DRAM on the interleaved side): the
  /// shard streams through the input's and the output's 2-page CBs, as an
  /// interleaved program does.
  Streamed,
};

llvm::Expected<Analysis> analyzeEltwise(
    llvm::StringRef opName,
    llvm::ArrayRef<std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>> operands,
    LayoutAttr outLayout, int64_t intermediateCBs,
    MixedSharding mixed = MixedSharding::Rejected) {
  if (llvm::Error err = checkOperands(opName, operands))
    return err;
  std::vector<int64_t> outShape(operands[0].first.begin(),
                                operands[0].first.end());
  for (const auto &operand : operands.drop_front()) {
    auto shape = broadcastShapes(outShape, operand.first);
    if (!shape)
      return backendError(opName + ": operand shapes " +
                          describeShape(operands[0].first) + " and " +
                          describeShape(operand.first) +
                          " are not broadcast-compatible");
    outShape = *shape;
  }
  if (llvm::Error err = checkLayout(opName, "output", outShape, outLayout))
    return err;
  Analysis analysis;
  if (mixed == MixedSharding::Binary && mixedSharding(operands, outLayout)) {
    analysis.cbBytes = mixedShardingCBBytes(operands, outLayout);
  } else if (mixed == MixedSharding::Streamed &&
             mixedSharding(operands, outLayout)) {
    for (const auto &operand : operands)
      analysis.cbBytes += kPagesPerCB * tileBytes(operand.second);
    analysis.cbBytes += kPagesPerCB * tileBytes(outLayout);
  } else {
    if (llvm::Error err =
            checkShardedAlike(opName, operands, outShape, outLayout))
      return err;
    for (const auto &operand : operands)
      analysis.cbBytes += streamingCB(kPagesPerCB, operand.second);
    analysis.cbBytes += streamingCB(kPagesPerCB, outLayout);
  }
  analysis.cbBytes +=
      intermediateCBs * kPagesPerCB * tileBytes(operands[0].second);
  analysis.outputs.push_back({outShape, outLayout});
  return analysis;
}

/// True when `operand` is broadcast along the output's height or width (its
/// last two dimensions, missing ones counting as 1): the binary program then
/// replicates the operand's row, column or scalar tile through a 2-page CB
/// (ttnn 0.81.1 binary_ng; broadcasting over batch dimensions needs none).
bool broadcastsWithinTiles(llvm::ArrayRef<int64_t> operand,
                           llvm::ArrayRef<int64_t> out) {
  for (size_t back = 1; back <= 2 && back <= out.size(); ++back) {
    int64_t extent = back <= operand.size() ? operand[operand.size() - back] : 1;
    if (extent == 1 && out[out.size() - back] > 1)
      return true;
  }
  return false;
}

/// True when `operand` is a row broadcast along the output's height only: a
/// 1 x W operand of an H x W output, H > 1 and W > 1 (missing dimensions
/// count as 1).
bool broadcastsRowOnly(llvm::ArrayRef<int64_t> operand,
                       llvm::ArrayRef<int64_t> out) {
  if (out.size() < 2)
    return false;
  int64_t height = operand.size() >= 2 ? operand[operand.size() - 2] : 1;
  int64_t width = operand.empty() ? 1 : operand.back();
  return height == 1 && out[out.size() - 2] > 1 && width == out.back() &&
         width > 1;
}

llvm::Expected<size_t> eltwiseRuntime(
    llvm::Expected<OpConstraints> constraints,
    llvm::ArrayRef<std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>> operands,
    LayoutAttr outLayout, double cyclesPerTile) {
  if (!constraints)
    return constraints.takeError();
  // The output has the broadcast shape; its tile count bounds the work.
  Work work;
  int64_t outTiles = 0;
  for (const auto &operand : operands) {
    addTensorTraffic(work, operand.first, operand.second);
    outTiles = std::max(outTiles, geometry(operand.first).tiles());
  }
  work.dramBytes += outLayout.isL1() ? 0 : double(outTiles) * tileBytes(outLayout);
  work.nocBytes += outLayout.isL1() && !outLayout.isSharded()
                       ? double(outTiles) * tileBytes(outLayout)
                       : 0;
  work.computeCycles = cyclesPerTile * outTiles;
  work.cores = outTiles;
  return roofline(work);
}
} // namespace

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

template <typename OpTy>
llvm::Expected<OpConstraints> UnaryEltwiseOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  auto analysis = analyzeEltwise(name, {{inputShape, inputLayout}},
                                 outputLayout,
                                 unaryInfo<OpTy>().intermediateCBs,
                                 MixedSharding::Streamed);
  if (!analysis)
    return analysis.takeError();
  return finish(name, *analysis, initialState);
}

template <typename OpTy>
llvm::Expected<size_t> UnaryEltwiseOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout) {
  return eltwiseRuntime(getOpConstraints(inputShape, inputLayout, outputLayout),
                        {{inputShape, inputLayout}}, outputLayout,
                        unaryInfo<OpTy>().cyclesPerTile);
}

template struct UnaryEltwiseOpModel<ReluOp>;
template struct UnaryEltwiseOpModel<SqrtOp>;
template struct UnaryEltwiseOpModel<ExpOp>;
template struct UnaryEltwiseOpModel<TanhOp>;
template struct UnaryEltwiseOpModel<CbrtOp>;
template struct UnaryEltwiseOpModel<NegOp>;
template struct UnaryEltwiseOpModel<AbsOp>;
template struct UnaryEltwiseOpModel<RsqrtOp>;
template struct UnaryEltwiseOpModel<GeluOp>;
template struct UnaryEltwiseOpModel<SiluOp>;
template struct UnaryEltwiseOpModel<SigmoidOp>;
template struct UnaryEltwiseOpModel<PowScalarOp>;

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

template <typename OpTy>
llvm::Expected<OpConstraints> BinaryEltwiseOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> lhsShape, LayoutAttr lhsLayout,
    llvm::ArrayRef<int64_t> rhsShape, LayoutAttr rhsLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  auto analysis =
      analyzeEltwise(name, {{lhsShape, lhsLayout}, {rhsShape, rhsLayout}},
                     outputLayout, 0, MixedSharding::Binary);
  if (!analysis)
    return analysis.takeError();
  // The broadcast CB holds the broadcast operand's tiles, in its format
  // (measured: a bf16 product plus an f32 row, ttnn.linear's bias add).
  const std::vector<int64_t> &outShape = analysis->outputs.front().shape;
  if (broadcastsWithinTiles(lhsShape, outShape))
    analysis->cbBytes += kPagesPerCB * tileBytes(lhsLayout);
  else if (broadcastsWithinTiles(rhsShape, outShape))
    analysis->cbBytes += kPagesPerCB * tileBytes(rhsLayout);
  return finish(name, *analysis, initialState);
}

template <typename OpTy>
llvm::Expected<size_t> BinaryEltwiseOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> lhsShape, LayoutAttr lhsLayout,
    llvm::ArrayRef<int64_t> rhsShape, LayoutAttr rhsLayout,
    LayoutAttr outputLayout) {
  return eltwiseRuntime(
      getOpConstraints(lhsShape, lhsLayout, rhsShape, rhsLayout, outputLayout),
      {{lhsShape, lhsLayout}, {rhsShape, rhsLayout}}, outputLayout,
      kBinaryCyclesPerTile);
}

template struct BinaryEltwiseOpModel<AddOp>;
template struct BinaryEltwiseOpModel<SubtractOp>;
template struct BinaryEltwiseOpModel<MultiplyOp>;
template struct BinaryEltwiseOpModel<MaximumOp>;
template struct BinaryEltwiseOpModel<MinimumOp>;
template struct BinaryEltwiseOpModel<PowTensorOp>;
// gelu_bw: one UnaryBackward program with a 2-page CB per operand and the
// output (ttnn 0.81.1); its operands have the output's shape (the op's traits).
template struct BinaryEltwiseOpModel<GeluBackwardOp>;

//===----------------------------------------------------------------------===//
// Ternary
//===----------------------------------------------------------------------===//

template <typename OpTy>
llvm::Expected<OpConstraints> TernaryEltwiseOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> cShape, LayoutAttr cLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  auto analysis = analyzeEltwise(
      name, {{aShape, aLayout}, {bShape, bLayout}, {cShape, cLayout}},
      outputLayout, 0);
  if (!analysis)
    return analysis.takeError();
  // An operand broadcast along the height only (a 1 x W row of an H x W
  // output, H > 1): ttnn 0.81.1's where allocates three more 2-page CBs (7 in
  // all), whichever operand or operands broadcast (measured on both mock
  // devices, bf16 and f32, L1 and DRAM). A column (H x 1), a scalar (1 x 1) or
  // a batch broadcast needs none.
  const std::vector<int64_t> &outShape = analysis->outputs.front().shape;
  std::pair<llvm::ArrayRef<int64_t>, LayoutAttr> operands[] = {
      {aShape, aLayout}, {bShape, bLayout}, {cShape, cLayout}};
  const auto *row = llvm::find_if(operands, [&](const auto &operand) {
    return broadcastsRowOnly(operand.first, outShape);
  });
  if (row != std::end(operands))
    analysis->cbBytes +=
        kWhereRowBroadcastCBs * kPagesPerCB * tileBytes(row->second);
  return finish(name, *analysis, initialState);
}

template <typename OpTy>
llvm::Expected<size_t> TernaryEltwiseOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> cShape, LayoutAttr cLayout,
    LayoutAttr outputLayout) {
  return eltwiseRuntime(getOpConstraints(aShape, aLayout, bShape, bLayout,
                                         cShape, cLayout, outputLayout),
                        {{aShape, aLayout}, {bShape, bLayout}, {cShape, cLayout}},
                        outputLayout, kTernaryCyclesPerTile);
}

template struct TernaryEltwiseOpModel<WhereOp>;

} // namespace mlir::ttnn::op_model
