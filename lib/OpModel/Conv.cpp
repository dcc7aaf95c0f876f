//===- Conv.cpp - conv2d, ttnn 0.81.1's 1x1 matmul path -------------------===//
//
// ttnn 0.81.1 runs a 1x1, stride-1, unpadded conv2d with a height-sharded
// conv config as a matmul (mock-device traces on Wormhole and Blackhole,
// bench/opmodel_cases_cnn.py):
//
//   1. the row-major input is resharded into L1: the pixels in blocks of a
//      whole number of tile rows over the cores (ceil(N*H*W / cores) rounded
//      up to 32 per core; the cores that get some are used), the channels
//      padded to a tile width;
//   2. it is tilized in L1 into a second buffer of the same size (both live,
//      with the reshard's scratchpad);
//   3. the prepared weights (in DRAM, in the weights' data type) multiply it
//      as a height-sharded matmul: the input and output CBs are the shards
//      themselves, the weight CB holds all of K x N tiles and the bias CB one
//      row of N tiles, both in the weights' format; the output shard is
//      written in L1.
//
// Every other height-sharded convolution of a row-major bf16 input in DRAM
// (ResNet-50's 3x3 convs, stride 1 or 2 with padding, and the 1x1 stride-2
// downsample) runs the halo and conv programs:
//
//   1. the input is resharded into L1: ceil(N*OH*OW / cores) output pixels
//      per core rounded up to a tile row, on the cores that get some, and
//      the input pixels over the same cores, also in whole tile rows;
//   2. the halo (max_pool2d's, SlidingWindow.cpp) gathers each core's
//      window rows; the reshard is freed and the halo buffer reallocated;
//   3. the conv program (conv2d_op_program_factory_common.cpp's
//      get_cb_info) writes the output shard with one act block of the whole
//      shard's tile rows (act_block_h) by one kernel row of input channels
//      (act_block_w = kernel_w x C / 32 tiles): act and tilized-act CBs of
//      that block (the act CB split between two readers when ttnn's
//      is_split_reader_viable says so), a weight block of act_block_w x
//      out-channel tiles and a bias row in the weights' format, a 64 B
//      scratch CB and a reader-index tensor; the partials, output, input
//      and reader-index CBs are tensors (globally allocated);
//   4. ttnn copies the output to DRAM interleaved (out 0).
//
// A 1x1 stride-1 unpadded conv with a block-sharded conv config runs:
//
//   1. the row-major input is tilized into DRAM (one tile row of input
//      channels in and out per core: 2 x C/32 bf16 tiles of CB);
//   2. it is resharded into L1 block sharded: the pixels' tile rows over
//      find_closest_largest_divisor_with_num_padding(M tiles, grid rows)
//      rows of cores, the channels over the largest common divisor of the
//      in and out channel tiles not above the grid's columns;
//   3. a block-sharded 2-D multicast matmul: in0 blocks of per-core-M x
//      (K / columns) bf16 tiles and in1 blocks of (K / columns) x per-core-N
//      tiles in the weights' format, both double-buffered when there is more
//      than one column, a bias row of per-core-N tiles; the input and output
//      CBs are the shards. The output stays block sharded in L1.
//
// Width sharding, block sharding through the halo, L1 inputs and
// convolutions that ttnn slices over DRAM (the single-slice buffers beyond
// L1) are not modelled.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "SlidingWindow.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
/// The window attributes, in the order of the `window` argument.
struct ConvWindow {
  int64_t batch, height, width, inChannels, outChannels;
  int64_t kernelH, kernelW, strideH, strideW, padH, padW;
  int64_t pixels() const { return batch * height * width; }
  Window sliding() const {
    return {batch,   height,  width,   inChannels, kernelH,
            kernelW, strideH, strideW, padH,       padW};
  }
  bool isMatmul() const {
    return kernelH == 1 && kernelW == 1 && strideH == 1 && strideW == 1 &&
           padH == 0 && padW == 0;
  }
};

/// A matmul tile product, as the matmul family counts it.
constexpr double kCyclesPerTileProduct = 64;
/// The conv program's L1 scratch CB (get_cb_info's l1_scratchpad_CB_size).
constexpr uint64_t kConvScratchCBBytes = 64;

/// The analysis both paths answer from: the last program's CBs, the phase
/// peaks and the L1 of the buffers besides the output.
struct ConvAnalysis {
  std::vector<int64_t> outputShape;
  LayoutAttr output;
  uint64_t cbBytes, intermediateL1, scratch, tensorPeak, overallPeak;
  int64_t cores, kTiles, nTiles, mTiles;
};

/// The output pixels per core, in whole tile rows, and the cores that get
/// some (ttnn's determine_parallel_config for height sharding).
std::pair<int64_t, int64_t> splitRows(int64_t pixels) {
  int64_t rows =
      ceilDiv(ceilDiv(pixels, currentDevice().numCores()), kTileDim) *
      kTileDim;
  return {rows, ceilDiv(pixels, rows)};
}

/// The 1x1 stride-1 path (the file comment's first pipeline).
llvm::Expected<ConvAnalysis> analyseMatmul(const ConvWindow &w,
                                           LayoutAttr weightLayout,
                                           LayoutAttr biasLayout,
                                           LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  auto [rows, cores] = splitRows(w.pixels());
  int64_t kTiles = ceilDiv(w.inChannels, kTileDim);
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  uint64_t reshard = uint64_t(rows) * kTiles * kTileDim * kStickElementBytes;
  uint64_t out = uint64_t(rows) * nTiles * kTileDim * kStickElementBytes;
  ConvAnalysis a;
  a.cbBytes = uint64_t(kTiles * nTiles + (biasLayout ? nTiles : 0)) *
              tileBytes(weightLayout);
  a.scratch = reshardScratchBytes(kTiles * kTileDim * kStickElementBytes);
  a.cores = cores;
  a.kTiles = kTiles;
  a.nTiles = nTiles;
  a.mTiles = ceilDiv(w.pixels(), kTileDim);
  if (reshard + out + a.cbBytes > device.usableL1())
    return outOfMemoryError(
        name + ": the weight and bias CBs (" + llvm::Twine(a.cbBytes) +
        " B, all of K x N tiles) and the input and output shards (" +
        llvm::Twine(reshard + out) + " B) exceed the " +
        llvm::Twine(device.usableL1()) + " B of usable L1 per core (ttnn "
        "0.81.1 fails to allocate its CBs)");
  // Stateful: the output, then the reshard and its tilized copy on top (both
  // live only before the output exists: conservative by the reshard there).
  a.intermediateL1 = 2 * reshard;
  a.tensorPeak = std::max(2 * reshard, reshard + out);
  a.overallPeak = std::max(2 * reshard + a.scratch, reshard + out + a.cbBytes);
  int64_t grid[2] = {ceilDiv(cores, device.gridCols),
                     cores <= device.gridCols ? cores : device.gridCols};
  int64_t shard[2] = {rows, nTiles * kTileDim};
  a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::L1,
                             TensorMemoryLayout::HeightSharded,
                             DataType::BFloat16, grid, shard);
  a.outputShape = {1, 1, w.pixels(), w.outChannels};
  return a;
}

/// The input both the block-sharded matmul path and the halo path were
/// measured for: a DRAM input with whole tiles of channels. `path` names
/// the path in the error.
llvm::Error checkDramWholeTileInput(const ConvWindow &w, LayoutAttr inputLayout,
                                    llvm::StringRef path) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  if (inputLayout.isL1())
    return notSupportedError(name + ": input " + describe(inputLayout) + ": " +
                             path + " is modelled for a DRAM input only");
  if (w.inChannels % kTileDim)
    return notSupportedError(name + ": " + llvm::Twine(w.inChannels) +
                             " input channels are not a multiple of 32: " +
                             path + " was measured for whole tiles of "
                             "channels only");
  return llvm::Error::success();
}

/// ttnn's find_closest_largest_divisor_with_num_padding: the most cores, at
/// most `start`, whose padding of `num` tiles is less than one core's share.
int64_t closestDivisorWithPadding(int64_t num, int64_t start) {
  int64_t d = start;
  int64_t padded = ceilDiv(num, d) * d;
  while (padded - num >= padded / d && d > 1) {
    --d;
    padded = ceilDiv(num, d) * d;
  }
  return d;
}

/// ttnn's find_closest_common_largest_divisor: the largest divisor of both
/// `a` and `b` not above `max`.
int64_t commonDivisor(int64_t a, int64_t b, int64_t max) {
  for (int64_t d = max; d > 1; --d)
    if (a % d == 0 && b % d == 0)
      return d;
  return 1;
}

/// The 1x1 stride-1 path, block sharded (the file comment's third pipeline).
llvm::Expected<ConvAnalysis> analyseBlockMatmul(const ConvWindow &w,
                                                LayoutAttr inputLayout,
                                                LayoutAttr weightLayout,
                                                LayoutAttr biasLayout,
                                                LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  if (llvm::Error err =
          checkDramWholeTileInput(w, inputLayout, "the block-sharded matmul path"))
    return err;
  int64_t mTiles = ceilDiv(w.pixels(), kTileDim);
  int64_t kTiles = w.inChannels / kTileDim;
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  // determine_parallel_config: the pixels' tile rows over the grid's rows,
  // the channels over its columns (a divisor of both in and out tiles).
  int64_t rowCores = closestDivisorWithPadding(mTiles, device.gridRows);
  int64_t colCores = commonDivisor(kTiles, nTiles, device.gridCols);
  int64_t perCoreM = ceilDiv(mTiles, rowCores);
  int64_t blockW = kTiles / colCores;
  int64_t perCoreN = ceilDiv(nTiles, colCores);
  uint64_t weightTile = tileBytes(weightLayout);
  // The 2-D multicast matmul: in0 and in1 blocks double-buffered when K runs
  // in more than one block, a bias row; in0 and the output are the shards.
  int64_t buffering = colCores > 1 ? 2 : 1;
  uint64_t mmCB = uint64_t(perCoreM * blockW * buffering) * kBf16TileBytes +
                  uint64_t(blockW * perCoreN * buffering +
                           (biasLayout ? perCoreN : 0)) *
                      weightTile;
  // The tilize (to DRAM) before the reshard: one tile row in and out.
  uint64_t tilizeCB = uint64_t(2 * kTiles) * kBf16TileBytes;
  uint64_t in = uint64_t(perCoreM * blockW) * kBf16TileBytes;
  uint64_t out = uint64_t(perCoreM * perCoreN) * kBf16TileBytes;
  ConvAnalysis a;
  a.cbBytes = std::max(mmCB, tilizeCB);
  if (in + out + mmCB > device.usableL1() || in + tilizeCB > device.usableL1())
    return outOfMemoryError(
        name + ": the matmul's CBs (" + llvm::Twine(mmCB) +
        " B) and the input and output shards (" + llvm::Twine(in + out) +
        " B) exceed the " + llvm::Twine(device.usableL1()) +
        " B of usable L1 per core (ttnn 0.81.1 fails to allocate its CBs)");
  a.scratch = 0;
  // The input shard is allocated while the tilize's CBs are live.
  a.intermediateL1 = in;
  a.tensorPeak = in + out;
  a.overallPeak = std::max(in + tilizeCB, in + out + mmCB);
  a.cores = rowCores * colCores;
  a.kTiles = kTiles;
  a.nTiles = nTiles;
  a.mTiles = mTiles;
  int64_t grid[2] = {rowCores, colCores};
  int64_t shard[2] = {perCoreM * kTileDim, perCoreN * kTileDim};
  a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::L1,
                             TensorMemoryLayout::BlockSharded,
                             DataType::BFloat16, grid, shard);
  a.outputShape = {1, 1, w.pixels(), w.outChannels};
  return a;
}

/// A NoC transfer rate (GB/s) growing linearly from `minRate` at the L1
/// alignment to `peakRate` at `threshold` bytes, flat beyond.
struct NocRate {
  uint32_t threshold;
  float minRate, peakRate;
  float at(uint32_t bytes) const {
    uint32_t floor = uint32_t(currentDevice().l1Alignment);
    uint32_t size = std::clamp(bytes, floor, threshold);
    return minRate + (peakRate - minRate) / float(threshold - floor) *
                         float(size - floor);
  }
};

/// The inputs of ttnn 0.81.1's is_split_reader_viable per architecture (its
/// measured NoC rates, the reference clock of those tables and the cycles
/// to tilize a bf16 tile into bf16 without fp32 accumulation).
struct SplitReaderCosts {
  llvm::StringLiteral device;
  float clockGHz;
  NocRate localL1, dram, multicast;
  float tilizeCycles;
};
constexpr SplitReaderCosts kSplitReaderCosts[] = {
    {"wormhole_b0", 1.0f, {1024, 0.868f, 27.84f}, {2048, 0.436f, 28.411f},
     {65536, 0.318f, 25.345f}, 61},
    {"blackhole", 1.35f, {4096, 1.124f, 80.48f}, {2048, 0.671f, 80.885f},
     {65536, 0.182f, 57.677f}, 72},
};

/// ttnn's choice of two activation readers for an act block of `hTiles` x
/// `wTiles` (kernel_w x C channels per row) against a weight block of
/// `weightTiles` of `weightTileBytes`: when reading half the block, then
/// tilizing while the weights arrive, starts the matmul sooner than one
/// reader with the weights in parallel.
bool splitReaderViable(int64_t hTiles, int64_t wTiles, int64_t rowBytes,
                       int64_t weightTiles, uint64_t weightTileBytes) {
  if (hTiles < 2)
    return false;
  const SplitReaderCosts *costs = nullptr;
  for (const SplitReaderCosts &c : kSplitReaderCosts)
    if (c.device == currentDevice().name)
      costs = &c;
  if (!costs)
    return false;
  float act = costs->clockGHz * float(hTiles * kTileDim * rowBytes) /
              costs->localL1.at(uint32_t(rowBytes));
  uint32_t weightBytes = uint32_t(weightTiles * weightTileBytes);
  float weights = costs->clockGHz * float(weightBytes) *
                  (1.0f / costs->dram.at(uint32_t(weightTileBytes)) +
                   1.0f / costs->multicast.at(weightBytes));
  float tilize = costs->tilizeCycles * float(hTiles * wTiles);
  return act / 2 + std::max(weights, tilize) <
         std::max(act + tilize, weights);
}

/// The halo and conv programs (the file comment's second pipeline).
llvm::Expected<ConvAnalysis> analyseConv(const ConvWindow &w,
                                         LayoutAttr inputLayout,
                                         LayoutAttr weightLayout,
                                         LayoutAttr biasLayout,
                                         LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  if (llvm::Error err = checkDramWholeTileInput(
          w, inputLayout, "a convolution through the halo and conv programs"))
    return err;
  Window sliding = w.sliding();
  if (sliding.outH() < 1 || sliding.outW() < 1)
    return backendError(name + ": the window does not fit the input");
  auto [rows, cores] = splitRows(sliding.outSticks());
  Distribution d{cores, rows,
                 ceilDiv(ceilDiv(w.pixels(), cores), kTileDim) * kTileDim, 1,
                 w.inChannels};
  HaloBuffers halo = haloBuffers(sliding, d);
  int64_t hTiles = rows / kTileDim;
  int64_t rowBytes = w.kernelW * w.inChannels * kStickElementBytes;
  int64_t wTiles = w.kernelW * w.inChannels / kTileDim;
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  int64_t weightTiles = wTiles * nTiles;
  uint64_t weightTile = tileBytes(weightLayout);
  bool split =
      splitReaderViable(hTiles, wTiles, rowBytes, weightTiles, weightTile);
  // Split, the act CB holds the first reader's tile rows and a second CB
  // the other's: the same tiles, but each reader has its own indices.
  int64_t firstRows = split ? hTiles - hTiles / 2 : hTiles;
  ConvAnalysis a;
  // The act block, read and tilized (bf16 both).
  a.cbBytes = uint64_t(2 * hTiles * wTiles) * kBf16TileBytes +
              uint64_t(weightTiles + (biasLayout ? nTiles : 0)) * weightTile +
              kConvScratchCBBytes;
  uint64_t out = uint64_t(rows) * nTiles * kTileDim * kStickElementBytes;
  uint64_t reader = readerIndexBytes(
      readerIndexEntries(sliding, d, split ? firstRows * kTileDim : 0));
  uint64_t convPhase = halo.halo + out + reader;
  // ttnn runs one slice when the input shard, the conv phase and its CBs
  // fit L1 (measured: 1,526,880 B is sliced on Wormhole, not on Blackhole);
  // else it slices the input in DRAM, which cannot shrink the CBs.
  if (a.cbBytes > device.usableL1())
    return outOfMemoryError(
        name + ": the conv program's CBs (" + llvm::Twine(a.cbBytes) +
        " B, a weight block of " + llvm::Twine(weightTiles) +
        " tiles) exceed the " + llvm::Twine(device.usableL1()) +
        " B of usable L1 per core (ttnn 0.81.1 finds no slicing that fits)");
  if (halo.reshard + convPhase + a.cbBytes > device.usableL1())
    return notSupportedError(
        name + ": the input shard, halo, output and CBs (" +
        llvm::Twine(halo.reshard + convPhase + a.cbBytes) +
        " B) exceed usable L1: ttnn slices the input over DRAM, which is not "
        "modelled");
  a.scratch = halo.scratch;
  a.tensorPeak = std::max(halo.phase(), convPhase);
  a.overallPeak =
      std::max(halo.phase() + halo.scratch, convPhase + a.cbBytes);
  // The output ends in DRAM: every L1 buffer is an intermediate.
  a.intermediateL1 = a.tensorPeak;
  a.cores = cores;
  a.kTiles = w.kernelH * wTiles;
  a.nTiles = nTiles;
  a.mTiles = ceilDiv(sliding.outSticks(), kTileDim);
  a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::DRAM,
                             TensorMemoryLayout::Interleaved,
                             DataType::BFloat16, {}, {});
  a.outputShape = {1, 1, sliding.outSticks(), w.outChannels};
  return a;
}

llvm::Expected<ConvAnalysis> analyse(llvm::ArrayRef<int64_t> inputShape,
                                     LayoutAttr inputLayout,
                                     LayoutAttr weightLayout,
                                     LayoutAttr biasLayout,
                                     llvm::ArrayRef<int64_t> window,
                                     LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  if (window.size() != 11)
    return backendError(name + ": the window has " +
                        llvm::Twine(window.size()) + " values, not 11");
  ConvWindow w{window[0], window[1], window[2], window[3],
               window[4], window[5], window[6], window[7],
               window[8], window[9], window[10]};
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  if (!weightLayout || !outputLayout)
    return backendError(name + ": the weight and the output need a "
                               "#ttnn.layout");
  if (!inputLayout.isRowMajor() || inputLayout.isSharded() ||
      inputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(name + ": input " + describe(inputLayout) +
                             " is not modelled: only a row_major bf16 "
                             "interleaved input (DRAM or L1)");
  for (auto [role, layout] : {std::pair<llvm::StringRef, LayoutAttr>{
                                  "weight", weightLayout},
                              {"bias", biasLayout}}) {
    if (!layout)
      continue;
    if (layout.isL1() || layout.isRowMajor() ||
        (layout.getDataType() != DataType::BFloat16 &&
         layout.getDataType() != DataType::BFloat8B))
      return notSupportedError(name + ": " + role + " " + describe(layout) +
                               " is not modelled: ttnn prepares weights and "
                               "bias as tiled bf16 or bfp8_b in DRAM");
  }
  if (biasLayout && biasLayout.getDataType() != weightLayout.getDataType())
    return notSupportedError(name + ": bias " + describe(biasLayout) +
                             " and weight " + describe(weightLayout) +
                             ": ttnn prepares the bias in the weights' data "
                             "type");
  bool block = outputLayout.isL1() &&
               outputLayout.getMemoryLayout() == TensorMemoryLayout::BlockSharded;
  if (!outputLayout.isL1() ||
      (outputLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded &&
       !block) ||
      outputLayout.isRowMajor() ||
      outputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(
        name + ": output " + describe(outputLayout) +
        " is not modelled: only the tiled bf16 L1 height- or block-sharded "
        "output of a height- or block-sharded conv config (width sharding and "
        "DRAM outputs are not)");
  if (block) {
    if (!w.isMatmul())
      return notSupportedError(
          name + ": a block-sharded conv through the halo and ttnn's "
                 "block-sharded conv program is not modelled (only the 1x1 "
                 "stride-1 unpadded matmul path is)");
    return analyseBlockMatmul(w, inputLayout, weightLayout, biasLayout,
                              outputLayout);
  }
  if (w.isMatmul())
    return analyseMatmul(w, weightLayout, biasLayout, outputLayout);
  return analyseConv(w, inputLayout, weightLayout, biasLayout, outputLayout);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<Conv2dOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr weightLayout, LayoutAttr biasLayout,
    llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto a = analyse(inputShape, inputLayout, weightLayout, biasLayout, window,
                   outputLayout);
  if (!a)
    return a.takeError();
  Analysis analysis;
  analysis.cbBytes = a->cbBytes;
  analysis.intermediateL1 = a->intermediateL1;
  analysis.scratchpadBytes = a->scratch;
  analysis.outputs.push_back({a->outputShape, a->output});
  return finishPipeline(Conv2dOp::getOperationName(), analysis, a->tensorPeak,
                        a->overallPeak, initialState);
}

llvm::Expected<size_t> OpModel<Conv2dOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr weightLayout, LayoutAttr biasLayout,
    llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout) {
  auto a = analyse(inputShape, inputLayout, weightLayout, biasLayout, window,
                   outputLayout);
  if (!a)
    return a.takeError();
  // The input read once, the prepared weights read from DRAM, the output
  // written to its shard; M x K x N tile products.
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  work.dramBytes +=
      double(a->kTiles * a->nTiles + a->nTiles) * tileBytes(weightLayout);
  work.computeCycles =
      double(a->mTiles) * a->kTiles * a->nTiles * kCyclesPerTileProduct;
  work.cores = a->cores;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
