//===- Norm.cpp - layer_norm and rms_norm over the last dimension ---------===//
//
// ttnn 0.81.1's interleaved multi-core normalization program (one program for
// both; rms_norm drops the mean). Each core takes whole rows of Wt tiles, so
// its circular buffers depend on Wt only. Derived from the program factory
// (layernorm_op_multi_core.cpp) and checked on the mock Wormhole device
// (bench/opmodel_cases_compute.py):
//
//   - dest accumulation in f32 by default for layer_norm, not for rms_norm:
//     blocks of 4 tiles (layer_norm) or 8 (rms_norm), intermediates in f32
//     (4096 B tiles) or bf16 (2048 B);
//   - the row is padded to a whole number of blocks, Wt';
//   - CBs: input Wt' (input format), output 2 blocks (output format), the
//     reduce scaler and epsilon 2 bf16 tiles each, intermediates
//     x - mean Wt' (layer_norm only), (x - mean)^2 Wt', 2 + 8 tiles, and
//     2 more for layer_norm; with weight or bias 2 blocks of intermediates,
//     and Wt' tiles each for weight and bias (in their formats);
//   - when those CBs do not fit (ttnn: their sum >= 95% of the L1 above the
//     allocator's base and the L1 inputs, see choosePass), the "large
//     tensor" program streams the row through a fixed Wt' (112 tiles, 56
//     with weight, bias or an f32 input; halved with f32 dest) and adds
//     x - mean for rms_norm too and a 1-tile accumulator.
//
// The same program writes a sharded output (height, width or block) from an
// interleaved input with the same CBs (both mock devices, bf16 / f32 /
// bfp8_b, with weight and bias). A width- or block-sharded input runs the
// sharded program (shardedNormCBBytes, read from
// layernorm_op_multi_core_sharded and measured on both mock devices).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
struct NormInfo {
  bool fp32Dest;
  bool subtractsMean;
  /// ttnn 0.81.1's rms_norm TT_FATALs on a row-major input (rmsnorm.cpp);
  /// layer_norm runs its program on it.
  bool rejectsRowMajor;
};
template <typename OpTy>
constexpr NormInfo normInfo();
template <> constexpr NormInfo normInfo<LayerNormOp>() {
  return {true, true, false};
}
template <> constexpr NormInfo normInfo<RmsNormOp>() {
  return {false, false, true};
}

/// ttnn's switch to the large-tensor program (layernorm_op_multi_core.cpp,
/// CB_can_fit_in_L1): the single-pass CBs must sum to less than 95% of
/// get_max_l1_space, the L1 from the allocator's base up to the lowest
/// occupied address: the L1 inputs (input, weight, bias) sit at the top of L1
/// when the program is chosen; the output, allocated afterwards, does not
/// count (measured: an L1 output leaves the choice as from DRAM).
constexpr uint64_t kSinglePassPercent = 95;
/// This switch brackets the allocator's base more tightly than the shared
/// table (docs/op-model.md, "Devices"): measured with L1 tensors of known
/// per-bank size under the single-pass CBs of layer_norm and rms_norm, bf16 /
/// f32 / bfp8_b, with and without weight and bias, the base lies this far
/// from DeviceModel::l1AllocatorBase (tt-metal's own figure, 105,824 /
/// 111,744 B): Wormhole -32 to +48 B, Blackhole 0 to +48 B, widened by 32 B
/// each way. Sums between the two ends answer not_implemented.
struct BaseBracket {
  llvm::StringLiteral device;
  int64_t low, high;
};
constexpr BaseBracket kBaseAboveTable[] = {{"wormhole_b0", -64, 80},
                                           {"blackhole", -32, 80}};

enum class Pass { Single, Large, Unknown };

/// The program ttnn picks for single-pass CBs of `cbBytes` with `occupied`
/// bytes per bank of L1 inputs.
Pass choosePass(uint64_t cbBytes, uint64_t occupied) {
  const DeviceModel &device = currentDevice();
  const BaseBracket *bracket =
      llvm::find_if(kBaseAboveTable, [&](const BaseBracket &b) {
        return b.device == device.name;
      });
  if (bracket == std::end(kBaseAboveTable))
    return Pass::Unknown;
  auto fits = [&](int64_t above) {
    // `above` may be negative: signed arithmetic throughout.
    int64_t taken = int64_t(occupied) + above;
    int64_t space = int64_t(device.l1AboveAllocatorBase());
    return taken < space && int64_t(cbBytes) * 100 <
                                int64_t(kSinglePassPercent) * (space - taken);
  };
  if (fits(bracket->high))
    return Pass::Single;
  if (!fits(bracket->low))
    return Pass::Large;
  return Pass::Unknown;
}
/// The large-tensor program's row chunk, in tiles, before halving for f32
/// dest accumulation.
constexpr int64_t kLargeChunk = 112;
constexpr int64_t kLargeChunkWithWeights = 56;
/// mean, variance, normalize, scale: about four SFPU/FPU passes per tile.
constexpr double kCyclesPerTile = 4 * 128;

struct NormCBs {
  int64_t rowTiles; // Wt'
  bool large;
};

uint64_t normCBBytes(NormInfo info, int64_t rowTiles, bool large,
                     uint64_t inTile, uint64_t outTile, uint64_t weightTile,
                     uint64_t biasTile, bool hasWeight, bool hasBias) {
  int64_t block = info.fp32Dest ? 4 : 8;
  uint64_t im = info.fp32Dest ? kF32TileBytes : kBf16TileBytes;
  uint64_t bytes = rowTiles * inTile           // input
                   + 2 * block * outTile       // output
                   + 2 * 2 * kBf16TileBytes    // reduce scaler, epsilon
                   + 2 * im                    // 1 / sqrt(var + eps)
                   + rowTiles * im             // (x - mean)^2
                   + 8 * im;                   // reductions
  if (info.subtractsMean)
    bytes += 2 * im;                           // mean
  if (info.subtractsMean || large)
    bytes += rowTiles * im;                    // x - mean
  if (large)
    bytes += im;                               // row accumulator
  if (hasWeight || hasBias)
    bytes += 2 * block * im;                   // scaled / shifted
  if (hasWeight)
    bytes += rowTiles * weightTile;
  if (hasBias)
    bytes += rowTiles * biasTile;
  return bytes;
}

/// The sharded program's CBs (ttnn 0.81.1's layernorm_op_multi_core_sharded
/// with the program config ttnn derives from the input's shards: block_h x
/// block_w = the shard's tiles). The input and output CBs are the shards;
/// the reduction runs over `blocks` cores: a block-sharded row's columns, or
/// every core of a width-sharded input, which reduces in two stages (a row,
/// then a column: columns + rows - 1 partials) when its grid has more than
/// one row and column.
uint64_t shardedNormCBBytes(NormInfo info, LayoutAttr input,
                            uint64_t weightTile, uint64_t biasTile) {
  uint64_t im = info.fp32Dest ? kF32TileBytes : kBf16TileBytes;
  int64_t blockH = input.getShard()[0] / kTileDim;
  int64_t blockW = input.getShard()[1] / kTileDim;
  int64_t rows = input.getGrid()[0], cols = input.getGrid()[1];
  bool width = input.getMemoryLayout() == TensorMemoryLayout::WidthSharded;
  bool twoStage = width && cols > 1 && rows > 1;
  int64_t blocks = width ? rows * cols : cols;
  int64_t partials = twoStage ? cols + rows - 1 : blocks;
  int64_t rowsPerGather = llvm::divideCeil(blockH, twoStage ? cols : blocks);
  int64_t imTiles = 2 * blockH * blockW    // x, x - mean
                    + 3 * blockH           // E[x^2] partial, E[x^2], global
                    + partials             // the gathered E[x^2] partials
                    + rowsPerGather        // E[x^2] + eps of the gathered rows
                    + 1;                   // the column scaler
  if (info.subtractsMean)
    imTiles += 2 * blockH + partials;      // E[x] partial, E[x], partials
  return 2 * kBf16TileBytes                // scaler, epsilon
         + uint64_t(imTiles) * im + uint64_t(blockW) * (weightTile + biasTile);
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints> NormOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
    llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  constexpr NormInfo info = normInfo<OpTy>();
  if (inputShape.empty())
    return backendError(name + ": the input must have rank >= 1");
  if (info.rejectsRowMajor && inputLayout && inputLayout.isRowMajor())
    return backendError(name + ": the input is row_major (" +
                        describe(inputLayout) +
                        "): ttnn 0.81.1 normalizes tiled inputs only "
                        "(convert with ttnn.to_layout)");
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  bool rowMajor = inputLayout.isRowMajor();
  // The sharded program needs a shard on every core of the input's grid
  // (shard_spec_validation.cpp, validate_sharded_input: block shards
  // ceil(H / shard_h) x ceil(W / shard_w) == the grid's cores, width shards
  // padded to less than one shard past W; measured TT_FATAL on both devices,
  // rms_norm 384x64 in 7x1 block shards of 64x64, layer_norm 3x960x411 in 8x1
  // width shards of 2880x64). Row-major shards stay not modelled below.
  if (inputLayout.isSharded() && !rowMajor &&
      leavesCoresIdle(inputShape, inputLayout))
    return backendError(name + ": the input layout " + describe(inputLayout) +
                        " leaves cores of its grid idle for a " +
                        describeShape(inputShape) +
                        " tensor (ttnn 0.81.1: TT_FATAL, one shard a core)");
  if (rowMajor && !inputLayout.isSharded() &&
      inputShape.back() % kTileDim != 0)
    return backendError(name + ": a row-major input's last dimension (" +
                        llvm::Twine(inputShape.back()) +
                        ") must be a multiple of 32 (ttnn 0.81.1: "
                        "layernorm_device_operation.cpp TT_FATAL)");
  // Measured from interleaved row-major inputs into row-major results,
  // interleaved or in height, width or block shards (uneven too): one
  // program whose CBs do not depend on the output's placement.
  if (rowMajor && (inputLayout.isSharded() || !outputLayout ||
                   !outputLayout.isRowMajor()))
    return notSupportedError(name + ": a row-major input is modelled from "
                                    "interleaved memory into a row-major "
                                    "result only");
  bool hasWeight = bool(weightLayout), hasBias = bool(biasLayout);
  for (auto [role, shape, layout] :
       {std::tuple<llvm::StringRef, llvm::ArrayRef<int64_t>, LayoutAttr>{
            "weight", weightShape, weightLayout},
        {"bias", biasShape, biasLayout}}) {
    if (!layout)
      continue;
    if (llvm::Error err = checkLayout(name, role, shape, layout))
      return err;
    if (shape.empty() || shape.back() != inputShape.back())
      return backendError(name + ": " + role + " " + describeShape(shape) +
                          " does not have the input's last dimension (" +
                          llvm::Twine(inputShape.back()) + ")");
  }
  // ttnn writes output shards that leave cores of their grid idle (measured:
  // 512x864 into 7 of 8 block shards).
  if (llvm::Error err = checkLayout(name, "output", inputShape, outputLayout,
                                    /*rowMajorAllowed=*/rowMajor,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  // layer_norm and rms_norm take no data type: the result is the input's.
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  // Without a program config (ttnn 0.81.1, both devices): an interleaved
  // input runs the interleaved program into any output, sharded ones too; a
  // height-sharded input TT_FATALs, and a width- or block-sharded one runs
  // the sharded program, whose result must be sharded alike.
  if (inputLayout.getMemoryLayout() == TensorMemoryLayout::HeightSharded)
    return backendError(name + ": a height-sharded input needs a sharded "
                               "program config (ttnn 0.81.1: TT_FATAL without "
                               "one)");
  if (inputLayout.isSharded() &&
      outputLayout.getMemoryLayout() != inputLayout.getMemoryLayout())
    return backendError(name + ": a " +
                        stringifyTensorMemoryLayout(
                            inputLayout.getMemoryLayout()) +
                        " input's result must be " +
                        stringifyTensorMemoryLayout(
                            inputLayout.getMemoryLayout()) +
                        " too (ttnn 0.81.1: TT_FATAL), not " +
                        describe(outputLayout));
  if ((hasWeight && weightLayout.isSharded()) ||
      (hasBias && biasLayout.isSharded()))
    return notSupportedError(name + ": sharded weight or bias rows are not "
                                    "modelled");
  // The L1 inputs, allocated before the program is chosen.
  uint64_t l1InputBytes = l1BytesPerBank(inputShape, inputLayout);
  if (hasWeight)
    l1InputBytes += l1BytesPerBank(weightShape, weightLayout);
  if (hasBias)
    l1InputBytes += l1BytesPerBank(biasShape, biasLayout);
  uint64_t weightTile = hasWeight ? tileBytes(weightLayout) : 0;
  uint64_t biasTile = hasBias ? tileBytes(biasLayout) : 0;
  if (inputLayout.isSharded()) {
    // Shards need not be even: the CBs follow the shard shape (measured on
    // both devices with partial last shards in height and width).
    if (!shardedAlike(inputLayout, outputLayout))
      return notSupportedError(
          name + ": the sharded program is modelled into the input's own "
                 "shards only (input " + describe(inputLayout) +
          ", output " + describe(outputLayout) + ")");
    uint64_t cbBytes =
        shardedNormCBBytes(info, inputLayout, weightTile, biasTile);
    // Tile padding in the shards: a last dimension that is not a tile
    // multiple adds bf16 CBs of the shard's columns: rms_norm one row of
    // mask tiles, layer_norm two more of the shard's height (measured on
    // both devices: rms_norm 160, 547, 3x32x171, 256x796, 2x1x1024x82;
    // layer_norm 756, 2x32x100, 64x100, 96x100, 64x200, 128x180, bf16 / f32
    // / bfp8_b, 1 to 3 tile rows); padding in height changes nothing
    // (layer_norm 57x704, 3x57x704, 50x512, 100x256).
    if (inputShape.back() % kTileDim != 0) {
      llvm::ArrayRef<int64_t> shard = inputLayout.getShard();
      int64_t maskRows = info.subtractsMean ? 2 * (shard[0] / kTileDim) + 1 : 1;
      cbBytes += maskRows * (shard[1] / kTileDim) * kBf16TileBytes;
    }
    if (llvm::Error err = checkBuffersBelowInputs(name, cbBytes, l1InputBytes))
      return err;
    return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                           initialState);
  }

  int64_t block = info.fp32Dest ? 4 : 8;
  int64_t wt = geometry(inputShape).widthTiles;
  uint64_t inTile = tileBytes(inputLayout), outTile = tileBytes(outputLayout);
  int64_t rowTiles = llvm::divideCeil(wt, block) * block;
  uint64_t cbBytes = normCBBytes(info, rowTiles, /*large=*/false, inTile,
                                 outTile, weightTile, biasTile, hasWeight,
                                 hasBias);
  // A row-major input (layer_norm only): the program tilizes and untilizes
  // in its kernels, with the output row in Wt' tiles instead of 2 blocks
  // and 2 blocks of input tiles to tilize from (measured on both devices,
  // bf16 / f32, with and without weight and bias).
  if (rowMajor)
    cbBytes += rowTiles * outTile + 2 * block * inTile;
  Pass pass = choosePass(cbBytes, l1InputBytes);
  if (pass == Pass::Unknown)
    return notSupportedError(
        name + ": single-pass CBs of " + llvm::Twine(cbBytes) +
        " B are within the measured uncertainty of ttnn's switch to its "
        "large-tensor program (95% of the L1 above the allocator's base and "
        "the L1 inputs)");
  if (pass == Pass::Large && rowMajor)
    return notSupportedError(name + ": the large-tensor program of a "
                                    "row-major input is not modelled");
  if (pass == Pass::Large) {
    bool narrow = hasWeight || hasBias ||
                  inputLayout.getDataType() == DataType::Float32;
    int64_t chunk = narrow ? kLargeChunkWithWeights : kLargeChunk;
    if (info.fp32Dest)
      chunk /= 2;
    cbBytes = normCBBytes(info, chunk, /*large=*/true, inTile, outTile,
                          weightTile, biasTile, hasWeight, hasBias);
  }
  if (llvm::Error err = checkBuffersBelowInputs(name, cbBytes, l1InputBytes))
    return err;
  return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                         initialState);
}

template <typename OpTy>
llvm::Expected<size_t> NormOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
    llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
    LayoutAttr outputLayout) {
  auto constraints =
      getOpConstraints(inputShape, inputLayout, weightShape, weightLayout,
                       biasShape, biasLayout, outputLayout);
  if (!constraints)
    return constraints.takeError();
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, inputShape, outputLayout);
  // Every core reads the whole weight and bias rows.
  Geometry rows = geometry(inputShape);
  for (auto [shape, layout] :
       {std::pair<llvm::ArrayRef<int64_t>, LayoutAttr>{weightShape,
                                                       weightLayout},
        {biasShape, biasLayout}})
    if (layout)
      for (int64_t i = 0; i < std::min<int64_t>(rows.heightTiles, 64); ++i)
        addTensorTraffic(work, shape, layout);
  work.computeCycles = kCyclesPerTile * rows.tiles();
  work.cores = rows.heightTiles;
  return roofline(work);
}

template struct NormOpModel<LayerNormOp>;
template struct NormOpModel<RmsNormOp>;

} // namespace mlir::ttnn::op_model
