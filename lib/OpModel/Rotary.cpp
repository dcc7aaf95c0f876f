//===- Rotary.cpp - rotary position embedding (prefill) -------------------===//
//
// ttnn 0.81.1's multi-core rotary program (rotary_embedding_program_factory),
// checked on the mock Wormhole device (bench/opmodel_cases_compute.py). Each
// core takes whole rows of Wt tiles; its CBs: input, rotated input, cos, sin
// and output of 2 Wt tiles each (their formats), a bf16 scalar tile (the -1 of
// rotate_half) and 1-tile intermediates in the input, cos and sin formats.
// For Wt = 1 ttnn 0.81.1 allocates one 2 KiB CB less (measured in bf16:
// 8 CBs, 24576 B); the model drops the rotated-input CB there.
// A height-sharded input or output is its own CB (globally allocated).
// With an interleaved input, ttnn 0.81.1 ignores a height-sharded output's
// shard spec and splits the rows over the whole worker grid, ceil(tile rows /
// cores) tile rows per core (measured on the mock Wormhole and Blackhole
// devices: 8x8 / 3x8 / 4x4 requests all give the full-grid split).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
/// Two multiplies, an add and the rotation: about four FPU passes per tile.
constexpr double kCyclesPerTile = 4 * kFpuCyclesPerTile;

/// The output layout ttnn produces for `requested` (see the file comment).
/// The cores it uses need not form a rectangle (Blackhole: 128 of 13x10);
/// the layout names the smallest grid of whole rows of the worker grid that
/// holds them, with the per-core shard.
LayoutAttr producedOutputLayout(llvm::ArrayRef<int64_t> shape,
                                LayoutAttr input, LayoutAttr requested) {
  if (input.isSharded() ||
      requested.getMemoryLayout() != TensorMemoryLayout::HeightSharded)
    return requested;
  const DeviceModel &device = currentDevice();
  Geometry geo = geometry(shape);
  int64_t perCore = ceilDiv(geo.heightTiles, device.numCores());
  int64_t used = ceilDiv(geo.heightTiles, perCore);
  int64_t gridRows = ceilDiv(used, device.gridCols);
  int64_t grid[] = {gridRows, gridRows == 1 ? used : device.gridCols};
  int64_t shard[] = {perCore * kTileDim, geo.widthTiles * kTileDim};
  return requested.withShards(grid, shard);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<RotaryEmbeddingOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> cosShape, LayoutAttr cosLayout,
    llvm::ArrayRef<int64_t> sinShape, LayoutAttr sinLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = RotaryEmbeddingOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "cos", cosShape, cosLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "sin", sinShape, sinLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "output", inputShape, outputLayout))
    return err;
  for (auto [role, layout] :
       {std::pair<llvm::StringRef, LayoutAttr>{"input", inputLayout},
        {"output", outputLayout}})
    if (layout.isSharded() &&
        layout.getMemoryLayout() != TensorMemoryLayout::HeightSharded)
      return notSupportedError(name + ": " + role + " " + describe(layout) +
                               " is not modelled (ttnn shards whole rows: "
                               "height sharding only)");
  if (cosLayout.isSharded() || sinLayout.isSharded())
    return notSupportedError(name + ": sharded cos / sin tables are not "
                                    "modelled");
  if (inputLayout.isSharded() && outputLayout.isSharded() &&
      !shardedAlike(inputLayout, outputLayout))
    return backendError(name + ": input " + describe(inputLayout) +
                        " and output " + describe(outputLayout) +
                        " must share one shard spec");

  outputLayout = producedOutputLayout(inputShape, inputLayout, outputLayout);
  int64_t wt = geometry(inputShape).widthTiles;
  int64_t rows = 2 * wt;
  uint64_t inTile = tileBytes(inputLayout);
  uint64_t cbBytes = streamingCB(rows, inputLayout) +
                     (wt == 1 ? 0 : rows) * inTile +
                     rows * (tileBytes(cosLayout) + tileBytes(sinLayout)) +
                     kBf16TileBytes + inTile + tileBytes(cosLayout) +
                     tileBytes(sinLayout) + streamingCB(rows, outputLayout);
  return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                         initialState);
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
