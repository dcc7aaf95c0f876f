//===- Softmax.cpp - TTNN's multi-core softmax over the last dimension ----===//
//
// Each core owns whole rows of Wt tiles. Calibrated on ttnn 0.81.1's mock
// device (the late-2025 reference row 13 had 4 x block + Wt + 3 tiles, block
// <= 8). 0.81.1 works in blocks of up to 4 tiles: for Wt <= 4 the block is the
// row; for Wt = 6 and 9 it is 3 tiles without padding; otherwise block = 4 and
// the row is padded to a multiple of 4 (Wt' >= Wt). Measured on both mock
// devices for Wt = 1..10, 12, 14, 15, 18, 21, 24, 27, 30, 32, 33, 45 (bf16) and
// in f32 and bfp8_b: 3 is taken exactly when Wt is divisible by 3 and padding
// it to 4 would add more than a quarter of the row (Wt < 12); 15, 18, 21, 27,
// 33 and 45 are padded. Its CBs: the input row, Wt' tiles in the input format;
// exp(x), Wt' tiles, and two 1-tile CBs in the intermediate format (f32 for an
// f32 input, else bf16: a bfp8_b input has bf16 intermediates); 2 x block
// output tiles; three bf16 CBs of 2, 2 and 1 tiles (scaler, mask, ...):
// Wt' in + (Wt' + 2) intermediate + 2 x block out + 5 bf16 tiles. For Wt = 32
// that is 79 tiles = 161792 B in bf16. Sharded operands (height, width or
// block, either side, both devices, bf16 / f32 / bfp8_b) run the same program
// with the same CBs: the rows are whole tensor rows whatever the shards.
// Other dimensions run ttnn's general programs (generalBuffers), with the
// same CBs for interleaved and height / width / block sharded tensors on
// either side (measured on both mock devices: ranks 2-4, bf16 / f32 /
// bfp8_b, unaligned dimensions too).
// A last dimension that is not a tile multiple (the writer masks the padded
// columns, softmax_program_factory_attention_optimized.cpp) streams the input
// through 2 x block tiles and keeps the row, Wt' tiles, in one more
// intermediate CB (cb_x): `2 block in + (2 Wt' + 2) im + 2 block out + 5`
// (measured on both mock devices, Wt = 1..32, bf16 / f32 / bfp8_b). The
// result then goes through ttnn's reshape to its logical width, which rejects
// shards narrower than the padded row (tensor_ops.cpp). Row-major inputs:
// rowMajorSoftmax.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// exp, max, sum, multiply: about five SFPU/FPU passes per tile.
constexpr double kCyclesPerTile = 5 * 128;
constexpr int64_t kBlock = 4;
/// The unpadded block ttnn 0.81.1 takes for rows of a multiple of 3 tiles
/// shorter than kThirdsBelowTiles (Wt = 6, 9).
constexpr int64_t kThirdsBlock = 3, kThirdsBelowTiles = 12;
/// Intermediate and scaler CBs that are bf16 whatever the data type.
constexpr uint64_t kFixedBf16Tiles = 5;
/// ttnn 0.81.1's general programs for a dimension other than the last
/// (softmax_program_factory_general_{h_small,h_large,c_large}.cpp, measured
/// on both devices): T tiles in the tensor's format, S single tiles (f32 for
/// f32, else bf16), F f32 tiles.
///  - the second-to-last dimension, Ht tiles along it: "small" keeps the
///    column, `Ht T in + Ht T out + 3 S + 2 Ht F + 3 F`, while the allocator
///    base plus those CBs stay within 512 KiB (moreh softmax's switch, as
///    Moreh.cpp); else "large" streams it, `2 T + 2 T + 3 S + 6 F`;
///  - any other dimension: `5 T + 3 F + 2 F` whatever the shape.
constexpr uint64_t kGeneralSmallLimit = 512 * 1024;

uint64_t generalBuffers(llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                        int64_t dim) {
  uint64_t t = tileBytes(layout);
  uint64_t single = layout.getDataType() == DataType::Float32 ? kF32TileBytes
                                                              : kBf16TileBytes;
  int64_t rank = shape.size();
  if (dim != rank - 2)
    return 5 * t + 5 * kF32TileBytes;
  uint64_t ht = llvm::divideCeil(shape[rank - 2], kTileDim);
  uint64_t small = ht * 2 * t + 3 * single + (2 * ht + 3) * kF32TileBytes;
  if (currentDevice().l1AllocatorBase + small <= kGeneralSmallLimit)
    return small;
  return 4 * t + 3 * single + 6 * kF32TileBytes;
}
/// ttnn 0.81.1's softmax of a row-major input (softmax(),
/// softmax_device_operation.cpp): it counts the dimension on the input
/// unsqueezed to rank 4 and tilizes the input (-inf padding, in its memory
/// config) only when that is the input's own last index: a rank-4 input
/// over dimension 3, a rank-3 one over dimension 1. The tiled program then
/// runs, its result tiled; the tilized copy is freed after it. Any other
/// row-major input reaches the programs row-major (TT_FATAL,
/// softmax_device_operation.cpp:181). Measured on both mock devices: bf16
/// and f32, ranks 1-4, every dimension's spelling, DRAM / L1 inputs into
/// DRAM, L1 and height shards.
llvm::Expected<OpConstraints>
rowMajorSoftmax(llvm::ArrayRef<int64_t> shape, LayoutAttr inputLayout,
                int64_t dimension, int64_t dim, LayoutAttr outputLayout,
                const MockAllocatorState *initialState) {
  llvm::StringRef name = SoftmaxOp::getOperationName();
  int64_t rank = shape.size();
  if (rank > 4 || dim + 4 - rank != rank - 1)
    return backendError(name + ": the input is row_major (" +
                        describe(inputLayout) +
                        "): ttnn 0.81.1 tilizes a row-major input only for "
                        "a rank-4 one over dimension 3 and a rank-3 one over "
                        "dimension 1; convert with ttnn.to_layout");
  if (inputLayout.isSharded())
    return notSupportedError(name + ": the tilize of a row-major sharded "
                                    "input (" +
                             describe(inputLayout) + ") is not modelled");
  LayoutAttr tiled = inputLayout.withPageLayout(PageLayout::Tile);
  auto tilize = conversionProgram(shape, inputLayout, tiled);
  if (!tilize)
    return tilize.takeError();
  LayoutAttr tiledOut = outputLayout.withPageLayout(PageLayout::Tile);
  auto program = OpModel<SoftmaxOp>::getOpConstraints(shape, tiled, dimension,
                                                      tiledOut, nullptr);
  if (!program)
    return program.takeError();
  uint64_t tilizedL1 = l1BytesPerBank(shape, tiled);
  ProgramStep steps[2];
  steps[0].circularBytes = tilize->circularBytes;
  steps[0].dataflowBytes = tilize->dataflowBytes;
  steps[0].scratchpadBytes = tilize->scratchpadBytes;
  steps[0].allocatedL1 = tilizedL1;
  // Graph capture counts the softmax programs' CBs as dataflow buffers.
  steps[1].dataflowBytes = program->cbL1PeakSize;
  steps[1].allocatedL1 = program->outputL1BufferSize;
  steps[1].freedL1 = tilizedL1;
  return finishPrograms(name, steps, shape, tiledOut, initialState);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<SoftmaxOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    int64_t dimension, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = SoftmaxOp::getOperationName();
  int64_t rank = inputShape.size();
  if (rank == 0)
    return backendError(name + ": the input must have rank >= 1");
  auto dim = normalizeDim(name, dimension, rank);
  if (!dim)
    return dim.takeError();
  if (inputLayout && inputLayout.isRowMajor())
    return rowMajorSoftmax(inputShape, inputLayout, dimension, *dim,
                           outputLayout, initialState);
  // Softmax's programs do not depend on the shard grid: ttnn runs shards
  // that leave cores of their grid idle.
  for (auto [role, layout] : {std::pair{"input", inputLayout},
                              std::pair{"output", outputLayout}})
    if (llvm::Error err = checkLayout(name, role, inputShape, layout,
                                      /*rowMajorAllowed=*/false,
                                      /*indicesAllowed=*/false,
                                      /*idleCoresAllowed=*/true))
      return err;
  // ttnn.softmax takes no data type: the result is in the input's.
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  // Whatever the dimension, the result's reshape to its logical width
  // rejects shards narrower than the padded row (measured).
  int64_t wt = geometry(inputShape).widthTiles;
  bool maskedRow = inputShape.back() % kTileDim != 0;
  if (maskedRow && outputLayout.isSharded() &&
      outputLayout.getShard()[1] != wt * kTileDim)
    return backendError(
        name + ": a last dimension of " + llvm::Twine(inputShape.back()) +
        " (not a tile multiple) cannot be written into shards narrower than "
        "its padded row (" +
        describe(outputLayout) +
        "): ttnn's reshape to the logical width rejects it; shard by height");
  if (*dim != rank - 1)
    return finishOneOutput(name, generalBuffers(inputShape, inputLayout, *dim),
                           inputShape, outputLayout, initialState);
  int64_t block = kBlock;
  if (wt <= kBlock)
    block = wt;
  else if (wt % kThirdsBlock == 0 && wt < kThirdsBelowTiles)
    block = kThirdsBlock;
  int64_t paddedWt = llvm::divideCeil(wt, block) * block;
  uint64_t intermediateTile = inputLayout.getDataType() == DataType::Float32
                                  ? kF32TileBytes
                                  : kBf16TileBytes;
  int64_t inputTiles = maskedRow ? 2 * block : paddedWt;
  int64_t rowCopyTiles = maskedRow ? paddedWt : 0;
  uint64_t cbBytes = inputTiles * tileBytes(inputLayout) +
                     (rowCopyTiles + paddedWt + 2) * intermediateTile +
                     2 * block * tileBytes(outputLayout) +
                     kFixedBf16Tiles * kBf16TileBytes;
  return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                         initialState);
}

llvm::Expected<size_t>
OpModel<SoftmaxOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                 LayoutAttr inputLayout, int64_t dimension,
                                 LayoutAttr outputLayout) {
  auto constraints =
      getOpConstraints(inputShape, inputLayout, dimension, outputLayout);
  if (!constraints)
    return constraints.takeError();
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, inputShape, outputLayout);
  work.computeCycles = kCyclesPerTile * geometry(inputShape).tiles();
  work.cores = geometry(inputShape).heightTiles;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
