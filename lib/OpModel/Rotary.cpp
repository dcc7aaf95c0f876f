//===- Rotary.cpp - rotary position embedding (prefill) -------------------===//
//
// ttnn 0.81.1's rotary program (rotary_embedding_program_factory.cpp, its
// single-tile and multi-tile descriptors), checked on the mock Wormhole and
// Blackhole devices (bench/opmodel_cases_compute.py). Each core takes whole
// rows of Wt tiles. Its CBs:
//
//   Wt >= 2: input, rotated input, cos, sin and output of 2 Wt tiles each
//            (input, input, cos, sin, output formats), a bf16 scalar tile
//            (the -1 of rotate_half) and 1-tile intermediates in the input,
//            cos and sin formats;
//   Wt = 1:  rotate_half is a matmul with an L1 transformation matrix: input,
//            cos, sin and output of 2 tiles, the matrix (1 tile, bfp8_b for a
//            bfp8_b input, else bf16) and three 1-tile intermediates in the
//            input's format.
//
// A sharded input (height or block shards as wide as the padded head dim)
// or a height-sharded output is its own CB (globally allocated); the
// tables are read through accessors, sharded or not (the same CBs).
// ttnn places a sharded output itself (compute_output_specs): with the
// input's shard spec when the input is sharded, else over the largest
// number of cores (at most the worker grid) that divides the tile rows,
// taken row by row, whatever shard spec was asked for.
//
// Validation (rotary_embedding.cpp, rotary_embedding_device_operation.cpp):
// the padded head dim is one tile or a multiple of two; a sharded input is
// not width sharded, its shard holds whole rows and divides the rows; a
// sharded output is not width sharded and its spec must fit its grid.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// Two multiplies, an add and the rotation: about four FPU passes per tile.
constexpr double kCyclesPerTile = 4 * kFpuCyclesPerTile;

/// The rows of tiles ttnn splits: every dimension but the last, the
/// second-to-last padded to a tile (physical_volume / padded width).
int64_t tileRows(llvm::ArrayRef<int64_t> shape) {
  return geometry(shape).heightTiles;
}

/// The sharded output ttnn produces for `requested` (see the file comment):
/// the grid and shard it derives, named by the smallest grid of whole rows
/// of the worker grid holding its cores (Blackhole: 128 of 13x10 cores is
/// 10x13), or a backend error when that spec does not fit a block-sharded
/// request's grid.
llvm::Expected<LayoutAttr> producedOutputLayout(llvm::ArrayRef<int64_t> shape,
                                                LayoutAttr input,
                                                LayoutAttr requested) {
  llvm::StringRef name = RotaryEmbeddingOp::getOperationName();
  if (!requested.isSharded())
    return requested;
  if (requested.getMemoryLayout() == TensorMemoryLayout::WidthSharded)
    return backendError(name + ": the output " + describe(requested) +
                        " is width sharded (ttnn 0.81.1: TT_FATAL; interleaved "
                        "or height sharded only)");
  const DeviceModel &device = currentDevice();
  int64_t rows = tileRows(shape);
  llvm::SmallVector<int64_t, 2> grid, shard;
  int64_t shardRows;
  if (input.isSharded()) {
    grid.assign(input.getGrid().begin(), input.getGrid().end());
    shard.assign(input.getShard().begin(), input.getShard().end());
    shardRows = shard[0] / kTileDim;
  } else {
    int64_t cores = device.numCores();
    while (rows % cores != 0)
      --cores;
    shardRows = rows / cores;
    int64_t gridRows = ceilDiv(cores, device.gridCols);
    grid = {gridRows, gridRows == 1 ? cores : device.gridCols};
    shard = {shardRows * kTileDim, geometry(shape).widthTiles * kTileDim};
  }
  if (requested.getMemoryLayout() == TensorMemoryLayout::BlockSharded) {
    // The row-shaped spec on a block-sharded buffer: its shards go down the
    // grid's rows, which must hold them all (ttnn: shard grid fit TT_FATAL).
    if (ceilDiv(rows, shardRows) > grid[0])
      return backendError(name + ": a block-sharded output gets ttnn's " +
                          describeShape(shard) + " shards on a " +
                          describeShape(grid) + " grid, which do not fit it "
                          "(ttnn 0.81.1: TT_FATAL)");
  }
  return requested.withShards(grid, shard);
}

/// The CBs of ttnn's single-tile (Wt = 1) or multi-tile program.
uint64_t rotaryCBBytes(int64_t wt, LayoutAttr input, LayoutAttr cos,
                       LayoutAttr sin, LayoutAttr output) {
  uint64_t inTile = tileBytes(input);
  uint64_t tables = 2 * wt * (tileBytes(cos) + tileBytes(sin));
  uint64_t ends = streamingCB(2 * wt, input) + streamingCB(2 * wt, output);
  if (wt == 1) {
    uint64_t matrix = input.getDataType() == DataType::BFloat8B
                          ? inTile
                          : kBf16TileBytes;
    return ends + tables + matrix + 3 * inTile;
  }
  return ends + tables + 2 * wt * inTile + kBf16TileBytes + inTile +
         tileBytes(cos) + tileBytes(sin);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<RotaryEmbeddingOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> cosShape, LayoutAttr cosLayout,
    llvm::ArrayRef<int64_t> sinShape, LayoutAttr sinLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = RotaryEmbeddingOp::getOperationName();
  // A sharded input may leave cores of its grid idle (ttnn reads its rows
  // per shard); a sharded output's spec is ttnn's own (checked below).
  if (llvm::Error err =
          checkLayout(name, "input", inputShape, inputLayout,
                      /*rowMajorAllowed=*/false, /*indicesAllowed=*/false,
                      /*idleCoresAllowed=*/true))
    return err;
  if (llvm::Error err = checkLayout(name, "cos", cosShape, cosLayout, false,
                                    false, /*idleCoresAllowed=*/true))
    return err;
  if (llvm::Error err = checkLayout(name, "sin", sinShape, sinLayout, false,
                                    false, /*idleCoresAllowed=*/true))
    return err;
  if (!outputLayout)
    return backendError(name + ": the output has no #ttnn.layout");
  if (!outputLayout.isSharded())
    if (llvm::Error err =
            checkLayout(name, "output", inputShape, outputLayout))
      return err;
  // rotary_embedding takes no data type: the result is the input's.
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  int64_t wt = geometry(inputShape).widthTiles;
  if (wt != 1 && wt % 2 != 0)
    return backendError(name + ": head dim " + llvm::Twine(inputShape.back()) +
                        " pads to " + llvm::Twine(wt) +
                        " tiles; ttnn 0.81.1 takes one tile or an even "
                        "number (TT_FATAL)");
  if (inputLayout.isSharded()) {
    if (inputLayout.getMemoryLayout() == TensorMemoryLayout::WidthSharded)
      return backendError(name + ": the input " + describe(inputLayout) +
                          " is width sharded (ttnn 0.81.1: TT_FATAL)");
    // Validated and run for height and block shards alike: the program
    // takes the shard spec's grid and shape, whatever the memory layout
    // (rotary_embedding_device_operation.cpp, the factory; measured on both
    // devices: block shards on grids of 1, 2, 3, 4 and 8 rows, with idle
    // grid columns too, Wt 1 to 4, bf16, f32 and bfp8_b, into DRAM, L1,
    // height shards; a 2816-row input in 576-row block shards).
    if (tileRows(inputShape) % (inputLayout.getShard()[0] / kTileDim) != 0)
      return backendError(name + ": the input's " +
                          llvm::Twine(tileRows(inputShape) * kTileDim) +
                          " rows are not a multiple of its shard height " +
                          llvm::Twine(inputLayout.getShard()[0]) +
                          " (ttnn 0.81.1: TT_FATAL)");
    // ... and its shard width against the padded head dim (measured: 64 of
    // 256).
    int64_t paddedWidth = geometry(inputShape).widthTiles * kTileDim;
    if (inputLayout.getShard()[1] != paddedWidth)
      return backendError(name + ": the input's shards are " +
                          llvm::Twine(inputLayout.getShard()[1]) +
                          " wide, not its padded head dim " +
                          llvm::Twine(paddedWidth) +
                          " (ttnn 0.81.1: TT_FATAL)");
  }
  auto produced = producedOutputLayout(inputShape, inputLayout, outputLayout);
  if (!produced)
    return produced.takeError();
  return finishOneOutput(
      name, rotaryCBBytes(wt, inputLayout, cosLayout, sinLayout, *produced),
      inputShape, *produced, initialState);
}

llvm::Expected<size_t> OpModel<RotaryEmbeddingOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> cosShape, LayoutAttr cosLayout,
    llvm::ArrayRef<int64_t> sinShape, LayoutAttr sinLayout,
    LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(inputShape, inputLayout, cosShape,
                                      cosLayout, sinShape, sinLayout,
                                      outputLayout);
  if (!constraints)
    return constraints.takeError();
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, cosShape, cosLayout);
  addTensorTraffic(work, sinShape, sinLayout);
  addTensorTraffic(work, inputShape, outputLayout);
  Geometry geo = geometry(inputShape);
  work.computeCycles = kCyclesPerTile * geo.tiles();
  work.cores = geo.heightTiles;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
