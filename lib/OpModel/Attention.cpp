//===- Attention.cpp - scaled dot-product attention -----------------------===//
//
// ttnn 0.81.1's SDPA program (sdpa_program_factory) without a program
// config: q and k/v chunks of one tile row (32 x 32), so every CB is a
// multiple of DHt = D / 32 tiles. Checked on the mock Wormhole device
// (bench/opmodel_cases_compute.py):
//
//   q       DHt tiles, double-buffered when a core takes more than one q
//           chunk, or for a causal op with an even number of q chunks
//           (0.81.1 then pairs chunk i with n-1-i on one core)
//   k, v    2 DHt tiles each (their formats)
//   mask    2 bf16 tiles: causal, or (the padded mask) a key length that
//           is not a multiple of the 32-row chunk (sdpa.cpp's
//           use_padded_mask; the two are exclusive, one mask CB either way)
//   pairing on Blackhole: one more 96 B CB when causal chunks are paired
//           (measured on the mock Blackhole device for every paired case,
//           whatever the shape, head_dim or formats; absent on Wormhole;
//           no device fact explains it, so it is listed per device)
//   out     2 DHt tiles (output format), also for a sharded output (its
//           buffer is the shard; q, k and v must be interleaved)
//   bf16 intermediates: q k^T, scale, two identity scalars (1 tile each),
//           two output accumulators of DHt tiles, 5 statistics tiles.
//
// Work is split over the grid by batch, then heads, then q chunks.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// Two matmuls per q/k tile pair and head_dim tile: 64 cycles each (as
/// matmul), plus the softmax statistics (not counted).
constexpr double kCyclesPerTileProduct = 64;

/// The CB ttnn 0.81.1 adds on Blackhole when causal q chunks are paired.
uint64_t pairedCausalExtraBytes(const DeviceModel &device) {
  return llvm::StringRef(device.name) == "blackhole" ? 96 : 0;
}

/// Whether each core holds two q chunks (the q CB is double-buffered).
bool doubleBufferedQ(int64_t batch, int64_t heads, int64_t qChunks,
                     bool isCausal, int64_t cores) {
  if (isCausal && qChunks % 2 == 0)
    return true;
  int64_t batchFactor = std::min(batch, cores);
  int64_t headFactor = std::min(cores / batchFactor, heads);
  int64_t qFactor = std::min(cores / (batchFactor * headFactor), qChunks);
  // A core's q chunks: of its batches, its heads and its share of the
  // chunks (more heads than a core row: 4 x 32 heads on Wormhole's 64 cores
  // give each two, measured).
  return ceilDiv(batch, batchFactor) * ceilDiv(heads, headFactor) *
             ceilDiv(qChunks, qFactor) >
         1;
}
} // namespace

llvm::Expected<OpConstraints>
OpModel<ScaledDotProductAttentionOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> qShape, LayoutAttr qLayout,
    llvm::ArrayRef<int64_t> kShape, LayoutAttr kLayout,
    llvm::ArrayRef<int64_t> vShape, LayoutAttr vLayout, bool isCausal,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = ScaledDotProductAttentionOp::getOperationName();
  if (qShape.size() != 4 || kShape.size() != 4 || vShape.size() != 4)
    return backendError(name + ": query, key and value must have rank 4");
  for (auto [role, shape, layout] :
       {std::tuple<llvm::StringRef, llvm::ArrayRef<int64_t>, LayoutAttr>{
            "query", qShape, qLayout},
        {"key", kShape, kLayout},
        {"value", vShape, vLayout},
        {"output", qShape, outputLayout}}) {
    // The output may be sharded, on a grid with idle cores too: the writer
    // fills the shards through the same CBs (measured on both mock devices,
    // height / width / block). Sharded inputs, idle cores or not, are
    // rejected below (sdpa_device_operation.cpp TT_FATAL !is_sharded()).
    if (llvm::Error err =
            checkLayout(name, role, shape, layout, /*rowMajorAllowed=*/false,
                        /*indicesAllowed=*/false,
                        /*idleCoresAllowed=*/true))
      return err;
    if (role != "output" && layout.isSharded())
      return backendError(name + ": the " + role + " is " + describe(layout) +
                          "; ttnn's SDPA takes interleaved inputs only");
    if (role != "output" && layout.getDataType() == DataType::Float32)
      return backendError(name + ": the " + role +
                          " is f32; ttnn's SDPA takes bf16 or bfp8_b");
  }
  // SDPA takes no data type: the result is the query's.
  if (llvm::Error err = checkResultDataType(name, outputLayout, qLayout))
    return err;
  int64_t headDim = qShape[3];
  if (headDim % kTileDim != 0)
    return backendError(name + ": head_dim " + llvm::Twine(headDim) +
                        " is not a multiple of 32 (ttnn needs unpadded "
                        "tiles)");
  if (isCausal && qShape[2] != kShape[2])
    return backendError(name + ": causal attention needs equal query and key "
                               "lengths, got " +
                        llvm::Twine(qShape[2]) + " and " +
                        llvm::Twine(kShape[2]));

  int64_t dht = headDim / kTileDim;
  int64_t qChunks = ceilDiv(qShape[2], kTileDim);
  int64_t qBuffers = doubleBufferedQ(qShape[0], qShape[1], qChunks, isCausal,
                                     currentDevice().numCores())
                         ? 2
                         : 1;
  bool paired = isCausal && qChunks % 2 == 0;
  bool needsMask = isCausal || kShape[2] % kTileDim != 0;
  // A query length that is not a multiple of 32 over a whole-tile key
  // length adds one bf16 tile, whatever the formats (measured on both
  // devices: Sq 412 / Sk 256, 125 / 2048, 50 / 64 in bfp8_b, 300 / 512,
  // each 2048 B above its tile-multiple query length).
  bool paddedQuery = qShape[2] % kTileDim != 0 && kShape[2] % kTileDim == 0;
  uint64_t cbBytes = qBuffers * dht * tileBytes(qLayout) +
                     (paired ? pairedCausalExtraBytes(currentDevice()) : 0) +
                     2 * dht * (tileBytes(kLayout) + tileBytes(vLayout)) +
                     (needsMask ? 2 * kBf16TileBytes : 0) +
                     (paddedQuery ? kBf16TileBytes : 0) +
                     (4 + 2 * dht + 5) * kBf16TileBytes +
                     2 * dht * tileBytes(outputLayout);
  return finishOneOutput(name, cbBytes, qShape, outputLayout, initialState);
}

llvm::Expected<size_t> OpModel<ScaledDotProductAttentionOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> qShape, LayoutAttr qLayout,
    llvm::ArrayRef<int64_t> kShape, LayoutAttr kLayout,
    llvm::ArrayRef<int64_t> vShape, LayoutAttr vLayout, bool isCausal,
    LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(qShape, qLayout, kShape, kLayout, vShape,
                                      vLayout, isCausal, outputLayout);
  if (!constraints)
    return constraints.takeError();
  Work work;
  addTensorTraffic(work, qShape, qLayout);
  addTensorTraffic(work, kShape, kLayout);
  addTensorTraffic(work, vShape, vLayout);
  addTensorTraffic(work, qShape, outputLayout);
  // q k^T and p v: 2 x Sq/32 x Sk/32 x D/32 tile products per head; causal
  // skips about half.
  double products = 2.0 * qShape[0] * qShape[1] * ceilDiv(qShape[2], kTileDim) *
                    ceilDiv(kShape[2], kTileDim) * (qShape[3] / kTileDim);
  work.computeCycles =
      kCyclesPerTileProduct * (isCausal ? products / 2 : products);
  work.cores = qShape[0] * qShape[1] * ceilDiv(qShape[2], kTileDim);
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
