//===- Conv.cpp - conv2d, ttnn 0.81.1's conv programs ----------------------===//
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
// Every other block-sharded convolution of a row-major bf16 DRAM input runs
// the halo and ttnn's block-sharded conv program:
//
//   1. the input is resharded into L1 block sharded: the output's tile rows
//      over find_closest_largest_divisor_with_num_padding(out tiles, grid
//      rows) rows of cores (every shard a whole number of tile rows, the
//      input's sticks padded the same way), the input channels in blocks of
//      half the L1 alignment over that divisor of the grid's columns (the
//      channels padded to fill them);
//   2. the halo gathers each core's window rows of its channels, as in the
//      height-sharded pipeline;
//   3. the conv program: act blocks of the output shard's tile rows by one
//      kernel row of the core's channels (read and tilized, bf16), a weight
//      block of that many rows by the core's output tiles and a bias row
//      (the weights' format), the 64 B scratch CB; the output channels over
//      their own divisor of the grid's columns; the reader-index tensor
//      holds two readers' indices from two tile rows on;
//   4. ttnn copies the output to DRAM interleaved (out 0).
//
// Every width-sharded convolution of a row-major bf16 DRAM input (1x1
// stride-1 ones too: width sharding never takes the matmul) runs ttnn's
// width-sharded conv program, the fifth pipeline:
//
//   1. the input is resharded into L1 width sharded: every core holds all
//      the input pixels and a share of the channel tiles, over
//      find_closest_largest_divisor_with_num_padding(in tiles, cores)
//      cores; the output's channel tiles go over their own divisor;
//   2. the halo gathers the window rows, as in the other pipelines, except
//      for a 1x1 stride-1 unpadded conv, which reads the reshard directly
//      (a contiguous reader-index tensor of 8 B);
//   3. the conv program: one act block of all the output's tile rows by
//      the whole kernel of the core's channels (read and tilized, bf16), a
//      row-major act CB of two act-block widths, a weight block of that
//      many rows by the core's output tiles and a bias row (the weights'
//      format), the 64 B scratch CB;
//   4. ttnn copies the output to DRAM interleaved (out 0).
//
// A row-major L1 input takes the same pipelines with the same peaks (the
// input exists before the op), but ttnn keeps the result in L1, sharded by
// the scheme on the program's grid, instead of copying it to DRAM.
// Convolutions that ttnn slices over DRAM (the single-slice buffers beyond
// L1) and an L1 input of the block-sharded matmul are not modelled.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "SlidingWindow.h"

#include <array>

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

/// The grid (rows x columns) of `cores` cores taken row by row.
std::array<int64_t, 2> gridOf(int64_t cores) {
  int64_t cols = currentDevice().gridCols;
  return {ceilDiv(cores, cols), std::min(cores, cols)};
}

/// The 1x1 stride-1 path (the file comment's first pipeline).
/// (Either interleaved input buffer: DRAM and L1 measured the same.)
llvm::Expected<ConvAnalysis> analyseMatmul(const ConvWindow &w,
                                           LayoutAttr /*inputLayout*/,
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
  std::array<int64_t, 2> grid = gridOf(cores);
  int64_t shard[2] = {rows, nTiles * kTileDim};
  a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::L1,
                             TensorMemoryLayout::HeightSharded,
                             DataType::BFloat16, grid, shard);
  a.outputShape = {1, 1, w.pixels(), w.outChannels};
  return a;
}

/// The input channels every path but the height-sharded matmul was
/// measured for: whole tiles. `path` names the path in the error.
llvm::Error checkWholeTileChannels(const ConvWindow &w, llvm::StringRef path) {
  if (w.inChannels % kTileDim == 0)
    return llvm::Error::success();
  return notSupportedError(Conv2dOp::getOperationName() + ": " +
                           llvm::Twine(w.inChannels) +
                           " input channels are not a multiple of 32: " +
                           path + " was measured for whole tiles of "
                           "channels only");
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
                                                LayoutAttr /*inputLayout*/,
                                                LayoutAttr weightLayout,
                                                LayoutAttr biasLayout,
                                                LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  // An L1 input measured the same figures as a DRAM one: the tilize and the
  // reshard allocate the same shard and CBs either way.
  if (llvm::Error err =
          checkWholeTileChannels(w, "the block-sharded matmul path"))
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

/// What ttnn's conv program runs on each core: `d` (its output and input
/// sticks and channels), the act block (`hTiles` x `wTiles`), the output
/// tiles per core, the split of the reader indices, the row-major act CB
/// (width sharding's, in tiles) and whether the input comes through the halo
/// (else the conv reads the resharded input itself).
struct ConvBlocks {
  Distribution d;
  int64_t hTiles, wTiles, nTilesPerCore;
  int64_t firstReaderSticks = 0; // 0: one reader's indices
  int64_t rowMajorActTiles = 0;
  bool throughHalo = true;
  int64_t cores, kTiles;
  /// The output's scheme and grid (rows x columns) when it stays in L1.
  TensorMemoryLayout scheme = TensorMemoryLayout::HeightSharded;
  std::array<int64_t, 2> outGrid = {1, 1};
};

/// The reader indices of a conv that reads its resharded input directly
/// (1x1, stride 1, unpadded): every core's sticks are one contiguous run, a
/// start / end pair and the closing pair (measured: 8 B on both devices).
constexpr int64_t kContiguousReaderEntries = 4;

/// The window of a path through the conv program, for whole tiles of
/// input channels (DRAM or L1 input).
llvm::Expected<Window> haloWindow(const ConvWindow &w, llvm::StringRef path) {
  if (llvm::Error err = checkWholeTileChannels(w, path))
    return err;
  Window sliding = w.sliding();
  if (sliding.outH() < 1 || sliding.outW() < 1)
    return backendError(Conv2dOp::getOperationName() +
                        ": the window does not fit the input");
  return sliding;
}

/// Every path through ttnn's conv program, from its blocks: the reshard and
/// halo (SlidingWindow.cpp; or the reshard alone), then get_cb_info's act
/// block read and tilized (bf16 both), a weight block of `wTiles` x the
/// core's output tiles and a bias row in the weights' format, the row-major
/// act CB, the 64 B scratch CB; the partials, output, input and
/// reader-index CBs are tensors (globally allocated). ttnn copies the output
/// to DRAM.
llvm::Expected<ConvAnalysis> analyseConvProgram(const ConvWindow &w,
                                                const Window &sliding,
                                                const ConvBlocks &b,
                                                LayoutAttr inputLayout,
                                                LayoutAttr weightLayout,
                                                LayoutAttr biasLayout,
                                                LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  HaloBuffers halo =
      b.throughHalo ? haloBuffers(sliding, b.d) : reshardBuffers(b.d);
  int64_t weightTiles = b.wTiles * b.nTilesPerCore;
  ConvAnalysis a;
  a.cbBytes =
      uint64_t(2 * b.hTiles * b.wTiles + b.rowMajorActTiles) * kBf16TileBytes +
      uint64_t(weightTiles + (biasLayout ? b.nTilesPerCore : 0)) *
          tileBytes(weightLayout) +
      kConvScratchCBBytes;
  uint64_t out = uint64_t(b.d.outSticksPerCore) * b.nTilesPerCore * kTileDim *
                 kStickElementBytes;
  uint64_t reader = readerIndexBytes(
      b.throughHalo ? readerIndexEntries(sliding, b.d, b.firstReaderSticks)
                    : kContiguousReaderEntries);
  // The conv reads the halo's buffer, or the reshard itself.
  uint64_t input = b.throughHalo ? halo.halo : halo.reshard;
  uint64_t convPhase = input + out + reader;
  // The input shard before the halo, when there is one.
  uint64_t inputShard = b.throughHalo ? halo.reshard : 0;
  // ttnn runs one slice when the input shard, the conv phase and its CBs
  // fit L1 (measured: 1,526,880 B is sliced on Wormhole, not on Blackhole);
  // else it slices the input in DRAM, which cannot shrink the CBs.
  if (a.cbBytes > device.usableL1())
    return outOfMemoryError(
        name + ": the conv program's CBs (" + llvm::Twine(a.cbBytes) +
        " B, a weight block of " + llvm::Twine(weightTiles) +
        " tiles) exceed the " + llvm::Twine(device.usableL1()) +
        " B of usable L1 per core (ttnn 0.81.1 finds no slicing that fits)");
  if (inputShard + convPhase + a.cbBytes > device.usableL1())
    return notSupportedError(
        name + ": the input shard, halo, output and CBs (" +
        llvm::Twine(inputShard + convPhase + a.cbBytes) + " B) exceed usable L1: " +
        (inputLayout.isL1() ? "an L1 input was not measured there"
                            : "ttnn slices the input over DRAM, which is not "
                              "modelled"));
  a.scratch = halo.scratch;
  a.tensorPeak = std::max(halo.phase(), convPhase);
  a.overallPeak =
      std::max(halo.phase() + halo.scratch, convPhase + a.cbBytes);
  a.cores = b.cores;
  a.kTiles = b.kTiles;
  a.nTiles = ceilDiv(w.outChannels, kTileDim);
  a.mTiles = ceilDiv(sliding.outSticks(), kTileDim);
  a.outputShape = {1, 1, sliding.outSticks(), w.outChannels};
  if (inputLayout.isL1()) {
    // ttnn keeps an L1 input's result in L1, sharded by the scheme (measured:
    // the same peaks as from DRAM).
    a.intermediateL1 = std::max(halo.phase(), input + reader);
    int64_t shard[2] = {b.d.outSticksPerCore, b.nTilesPerCore * kTileDim};
    a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::L1,
                               b.scheme, DataType::BFloat16, b.outGrid, shard);
    return a;
  }
  // A DRAM input's result ends in DRAM: every L1 buffer is an intermediate.
  a.intermediateL1 = a.tensorPeak;
  a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::DRAM,
                             TensorMemoryLayout::Interleaved,
                             DataType::BFloat16, {}, {});
  return a;
}

/// The halo and conv programs, height sharded (the file comment's second
/// pipeline).
llvm::Expected<ConvAnalysis> analyseConv(const ConvWindow &w,
                                         LayoutAttr inputLayout,
                                         LayoutAttr weightLayout,
                                         LayoutAttr biasLayout,
                                         LayoutAttr outputLayout) {
  auto sliding =
      haloWindow(w, "a convolution through the halo and conv programs");
  if (!sliding)
    return sliding.takeError();
  auto [rows, cores] = splitRows(sliding->outSticks());
  ConvBlocks b;
  b.d = {cores, rows, ceilDiv(ceilDiv(w.pixels(), cores), kTileDim) * kTileDim,
         1, w.inChannels};
  b.hTiles = rows / kTileDim;
  b.wTiles = w.kernelW * w.inChannels / kTileDim;
  b.nTilesPerCore = ceilDiv(w.outChannels, kTileDim);
  // Split, the act CB holds the first reader's tile rows and a second CB
  // the other's: the same tiles, but each reader has its own indices.
  bool split = splitReaderViable(
      b.hTiles, b.wTiles, w.kernelW * w.inChannels * kStickElementBytes,
      b.wTiles * b.nTilesPerCore, tileBytes(weightLayout));
  b.firstReaderSticks = split ? (b.hTiles - b.hTiles / 2) * kTileDim : 0;
  b.cores = cores;
  b.kTiles = w.kernelH * b.wTiles;
  b.outGrid = gridOf(cores);
  return analyseConvProgram(w, *sliding, b, inputLayout, weightLayout,
                            biasLayout, outputLayout);
}

/// ttnn's input channel alignment for a row-major DRAM input through the
/// halo (get_input_channels_alignment): half the L1 alignment in elements,
/// so that one stick moves over the NoC aligned.
int64_t haloChannelAlignment() {
  return int64_t(currentDevice().l1Alignment / kStickElementBytes);
}

/// Block sharding through the halo and ttnn's block-sharded conv program
/// (the file comment's fourth pipeline).
llvm::Expected<ConvAnalysis> analyseBlockConv(const ConvWindow &w,
                                              LayoutAttr inputLayout,
                                              LayoutAttr weightLayout,
                                              LayoutAttr biasLayout,
                                              LayoutAttr outputLayout) {
  const DeviceModel &device = currentDevice();
  auto sliding =
      haloWindow(w, "a block-sharded convolution through the halo");
  if (!sliding)
    return sliding.takeError();
  // determine_parallel_config: the output's tile rows over the grid's rows;
  // the input's channel blocks (padded) over its columns; the output's
  // channel tiles over their own columns (determine_output_parallel_config).
  int64_t rowCores = closestDivisorWithPadding(
      ceilDiv(sliding->outSticks(), kTileDim), device.gridRows);
  int64_t align = haloChannelAlignment();
  int64_t inColumns = closestDivisorWithPadding(ceilDiv(w.inChannels, align),
                                                device.gridCols);
  int64_t channelsPerCore =
      int64_t(alignTo(w.inChannels, inColumns * align)) / inColumns;
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  int64_t outColumns = closestDivisorWithPadding(nTiles, device.gridCols);
  // Both shards' heights: the sticks padded to whole tile rows per grid row.
  auto rowsPerCore = [&](int64_t sticks) {
    return int64_t(alignTo(sticks, rowCores * kTileDim)) / rowCores;
  };
  ConvBlocks b;
  b.d = {rowCores, rowsPerCore(sliding->outSticks()),
         rowsPerCore(sliding->inSticks()), inColumns, channelsPerCore};
  // Act blocks of one kernel row of the core's channels.
  b.hTiles = b.d.outSticksPerCore / kTileDim;
  b.wTiles = ceilDiv(w.kernelW * channelsPerCore, kTileDim);
  b.nTilesPerCore = ceilDiv(nTiles, outColumns);
  // The block-sharded reader splits each core's indices between its two
  // readers from two tile rows on (measured), though the act CB is whole.
  b.firstReaderSticks =
      b.hTiles >= 2 ? (b.hTiles - b.hTiles / 2) * kTileDim : 0;
  b.cores = rowCores * std::max(inColumns, outColumns);
  b.scheme = TensorMemoryLayout::BlockSharded;
  b.outGrid = {rowCores, outColumns};
  b.kTiles = w.kernelH * b.wTiles * inColumns;
  return analyseConvProgram(w, *sliding, b, inputLayout, weightLayout,
                            biasLayout, outputLayout);
}

/// Width sharding (the file comment's fifth pipeline): every core holds all
/// the pixels and a share of the channels.
llvm::Expected<ConvAnalysis> analyseWidthConv(const ConvWindow &w,
                                              LayoutAttr inputLayout,
                                              LayoutAttr weightLayout,
                                              LayoutAttr biasLayout,
                                              LayoutAttr outputLayout) {
  const DeviceModel &device = currentDevice();
  auto sliding = haloWindow(w, "a width-sharded convolution");
  if (!sliding)
    return sliding.takeError();
  // determine_parallel_config: the input's channel tiles over the padded
  // divisor of the whole grid; determine_output_parallel_config: the
  // output's channel tiles over their own.
  int64_t inTiles = ceilDiv(w.inChannels, kTileDim);
  int64_t inCores = closestDivisorWithPadding(inTiles, device.numCores());
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  int64_t outCores = closestDivisorWithPadding(nTiles, device.numCores());
  ConvBlocks b;
  // The output's sticks in whole tile rows; the input's as they are.
  b.d = {1, int64_t(alignTo(sliding->outSticks(), kTileDim)),
         sliding->inSticks(), inCores, ceilDiv(inTiles, inCores) * kTileDim};
  // One act block of the whole shard by the core's channels of the whole
  // kernel; the row-major act CB holds two act-block widths.
  b.hTiles = b.d.outSticksPerCore / kTileDim;
  b.wTiles = w.kernelH * w.kernelW * b.d.channelsPerCore / kTileDim;
  b.nTilesPerCore = ceilDiv(nTiles, outCores);
  b.rowMajorActTiles = 2 * b.wTiles;
  // A 1x1 stride-1 unpadded conv reads its input shard without the halo.
  b.throughHalo = !w.isMatmul();
  b.cores = std::max(inCores, outCores);
  b.scheme = TensorMemoryLayout::WidthSharded;
  b.outGrid = gridOf(outCores);
  b.kTiles = b.wTiles * inCores;
  return analyseConvProgram(w, *sliding, b, inputLayout, weightLayout,
                            biasLayout, outputLayout);
}

llvm::Expected<ConvAnalysis> analyse(llvm::ArrayRef<int64_t> inputShape,
                                     LayoutAttr inputLayout,
                                     LayoutAttr weightLayout,
                                     LayoutAttr biasLayout,
                                     llvm::ArrayRef<int64_t> window,
                                     LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  if (window.size() != 12)
    return backendError(name + ": the window has " +
                        llvm::Twine(window.size()) + " values, not 12");
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
  if (outputLayout.isRowMajor() ||
      outputLayout.getDataType() != DataType::BFloat16 ||
      (outputLayout.isL1() && !outputLayout.isSharded()))
    return notSupportedError(
        name + ": output " + describe(outputLayout) +
        " is not modelled: only a tiled bf16 output, L1 sharded by the conv "
        "config's scheme or DRAM interleaved");
  // The conv config's scheme: the sharded output's, or `shard_layout` for a
  // DRAM output (ttnn shards by it, then copies the result to DRAM).
  std::optional<TensorMemoryLayout> configured;
  if (window[11] >= 0) {
    if (window[11] <= int64_t(UINT32_MAX))
      configured = symbolizeTensorMemoryLayout(uint32_t(window[11]));
    if (!configured)
      return backendError(name + ": shard_layout " + llvm::Twine(window[11]) +
                          " is not a TensorMemoryLayout");
  }
  TensorMemoryLayout scheme =
      outputLayout.isSharded() ? outputLayout.getMemoryLayout()
                               : configured.value_or(TensorMemoryLayout::Interleaved);
  if (configured && *configured != scheme)
    return backendError(name + ": the output is " +
                        stringifyTensorMemoryLayout(scheme) +
                        " but the conv config's shard_layout is " +
                        stringifyTensorMemoryLayout(*configured));
  if (scheme == TensorMemoryLayout::Interleaved)
    return notSupportedError(name + ": a DRAM output needs the conv config's "
                                    "shard_layout (ttnn's automatic choice is "
                                    "not modelled)");
  // ttnn's program per scheme and kernel (1x1 stride-1 or not): width
  // sharding never takes the matmul (use_matmul_for_1x1_conv).
  using ConvPath = llvm::Expected<ConvAnalysis> (*)(
      const ConvWindow &, LayoutAttr, LayoutAttr, LayoutAttr, LayoutAttr);
  struct SchemePaths {
    TensorMemoryLayout scheme;
    ConvPath window, matmul;
  };
  static constexpr SchemePaths kPaths[] = {
      {TensorMemoryLayout::HeightSharded, analyseConv, analyseMatmul},
      {TensorMemoryLayout::BlockSharded, analyseBlockConv, analyseBlockMatmul},
      {TensorMemoryLayout::WidthSharded, analyseWidthConv, analyseWidthConv}};
  const SchemePaths *paths = llvm::find_if(
      kPaths, [&](const SchemePaths &p) { return p.scheme == scheme; });
  auto a = (w.isMatmul() ? paths->matmul : paths->window)(
      w, inputLayout, weightLayout, biasLayout, outputLayout);
  if (a && !outputLayout.isL1() && a->output.isL1()) {
    // sharded_to_interleaved copies the L1 result out (no CBs of its own):
    // every L1 buffer is then an intermediate.
    a->output = outputLayout;
    a->intermediateL1 = a->tensorPeak;
  }
  return a;
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
