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
//      for an unpadded conv (conv2d.cpp's bypass_halo), which reads the
//      reshard directly;
//   3. the conv program: one act block of all the output's tile rows by
//      the whole kernel of the core's channels (read and tilized, bf16), a
//      row-major act CB of two act-block widths, a weight block of that
//      many rows by the core's output tiles and a bias row (the weights'
//      format), the 64 B scratch CB;
//   4. ttnn copies the output to DRAM interleaved (out 0).
//
// Input channels are padded to ttnn's alignment (get_input_channels_alignment):
// half the L1 alignment (8 bf16 channels) on the halo paths of a row-major
// input, a tile (32) on the matmul paths and under width sharding, the shard
// width's own for a height-sharded input (32, 16 or 8). The conv program's
// CBs follow get_cb_info: the act CBs in the input's (bf16) or the output's
// format by scheme, the tilized act block in the output's, the weight block
// and bias row in the weights' (bf16, bfp8_b or f32).
//
// A row-major L1 input takes the same pipelines with the same peaks (the
// input exists before the op), but ttnn keeps the result in L1, sharded by
// the scheme on the program's grid, instead of copying it to DRAM; a height-
// sharded row-major input whose shards need no resharding runs the halo and
// conv program on its own grid. A DRAM input runs conv2d_DRAM: in one slice
// when ttnn's L1 estimate (op_slicing's get_L1_usage) fits the free L1, else
// in slices of the output (sliceConvolution), its result copied to DRAM
// whatever memory config was asked for (the matmul paths excepted). A result
// asked in L1 interleaved (memory_config) is copied out of its shards by
// sharded_to_interleaved while they are live. A height-sharded row-major
// input is read in place or resharded from L1 (analyseConv, analyseMatmul).
// Kernel-stride folding from DRAM under height or width sharding is ttnn
// 0.81.1's rejection; a tiled input in L1 and other folding are not
// modelled.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "SlidingWindow.h"

#include <array>

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// The window attributes (the `window` argument's, its padding as ttnn's
/// padding_n4: top, bottom, left, right), of the whole call or of one of its
/// DRAM slices.
struct ConvWindow {
  int64_t batch, height, width, inChannels, outChannels;
  int64_t kernelH, kernelW, strideH, strideW;
  int64_t padTop, padBottom, padLeft, padRight;
  /// One of conv2d_DRAM's slices (sliceWindow), not the whole call.
  bool sliced = false;
  /// The channels the activation's sticks hold, when more than
  /// `inChannels` (an L1 interleaved input through the halo:
  /// checkHeldChannels); 0: `inChannels`.
  int64_t held = 0;
  int64_t heldChannels() const { return held ? held : inChannels; }
  bool padded() const { return padTop || padBottom || padLeft || padRight; }
  int64_t pixels() const { return batch * height * width; }
  Window sliding(int64_t channels) const {
    return {batch,   height,  width,  channels,  kernelH, kernelW,
            strideH, strideW, padTop, padBottom, padLeft, padRight};
  }
  bool isMatmul() const {
    return kernelH == 1 && kernelW == 1 && strideH == 1 && strideW == 1 &&
           !padded();
  }
  /// ttnn folds a kernel equal to its stride (> 1) into a matmul over
  /// stride-sized patches for a DRAM input, row-major or unpadded, or a
  /// height-sharded one (auto_enable_kernel_folding; measured: a tiled DRAM
  /// input with padding 1 runs the unfolded conv, a row-major one folds).
  bool foldsKernel(LayoutAttr input) const {
    bool folds = kernelH == strideH && kernelW == strideW &&
                 (strideH > 1 || strideW > 1) &&
                 (height + padTop + padBottom) % strideH == 0 &&
                 (width + padLeft + padRight) % strideW == 0;
    bool dram = !input.isL1() && (input.isRowMajor() || !padded());
    return folds && (dram || input.getMemoryLayout() ==
                                 TensorMemoryLayout::HeightSharded);
  }
};

/// A matmul tile product, as the matmul family counts it.
constexpr double kCyclesPerTileProduct = 64;
/// The conv program's L1 scratch CB (get_cb_info's l1_scratchpad_CB_size).
constexpr uint64_t kConvScratchCBBytes = 64;

/// The call's tensors and the formats its buffers take: the halo's act
/// sticks are bf16; the result's format is the output layout's (ttnn's
/// `dtype`); the prepared weights and bias are in the weights' format.
struct ConvIO {
  LayoutAttr input, weight, bias, output; // output: the requested layout
  uint64_t weightTile, outTile;
  DataType outType;
  /// A tiled DRAM input: conv2d_DRAM reshapes it to [N, H, W, C] and back
  /// (ttnn's tiled reshape programs in DRAM: their dataflow CBs and total).
  bool tiled = false;
  /// The height shards of a folded input (analyseFoldedShards).
  bool folded = false;
  /// A DRAM slice of a tiled input (sliceConvolution): padded_slice's tiled
  /// program untilizes it into row-major shards of whole tile rows.
  bool tiledSlice = false;
  uint64_t reshapeCB = 0, reshapeTotal = 0, toImageCB = 0, toImageTotal = 0;
  int64_t biasTiles(int64_t n) const { return bias ? n : 0; }
  /// ttnn's input channel alignment for the halo paths
  /// (get_input_channels_alignment): half the L1 alignment in elements for
  /// row-major sticks (one stick moves over the NoC aligned), a tile for a
  /// tiled input.
  int64_t haloAlignment() const {
    return tiled ? kTileDim
                 : int64_t(currentDevice().l1Alignment / kStickElementBytes);
  }
  /// The conv's natural result: L1, `scheme`-sharded on `grid`.
  LayoutAttr sharded(TensorMemoryLayout scheme, llvm::ArrayRef<int64_t> grid,
                     llvm::ArrayRef<int64_t> shard) const {
    return LayoutAttr::get(output.getContext(), BufferType::L1, scheme,
                           outType, grid, shard);
  }
};

/// The analysis every path answers from: its programs in order (finished
/// by finishPrograms; graph capture reports the phases apart, so none
/// overlaps the previous one's buffers) and the result. A halo path from
/// DRAM also gives ttnn's L1 estimate of running it as one slice and the
/// part of its CBs no slicing shrinks (the weight block and bias row).
struct ConvAnalysis {
  std::vector<int64_t> outputShape;
  LayoutAttr output;
  llvm::SmallVector<ProgramStep, 4> programs;
  int64_t cores, kTiles, nTiles, mTiles;
  uint64_t sliceEstimate = 0, weightCBBytes = 0;
  /// From an L1 input the mock devices create the programs whatever their
  /// buffers (analyseConvProgram).
  StaticBuffers staticBuffers = StaticBuffers::Checked;
};

/// A phase of the conv pipeline: its circular buffers and scratchpads, the
/// L1 it allocates and what it frees when done.
ProgramStep convPhase(uint64_t circularBytes, uint64_t scratchpadBytes,
                      uint64_t allocatedL1, uint64_t freedL1) {
  ProgramStep phase{circularBytes, 0, allocatedL1, freedL1, scratchpadBytes};
  phase.overlapsPreviousBuffers = false;
  return phase;
}

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

/// Bytes of `rows` sticks of `nTiles` tiles of a tiled result in `tile`s.
uint64_t tiledRows(int64_t rows, int64_t nTiles, uint64_t tile) {
  return uint64_t(ceilDiv(rows, kTileDim) * nTiles) * tile;
}

/// The matmul paths take interleaved inputs (a sharded one: not modelled).
llvm::Error checkInterleavedInput(const ConvIO &io, llvm::StringRef path) {
  if (!io.input.isSharded())
    return llvm::Error::success();
  return notSupportedError(Conv2dOp::getOperationName() + ": a sharded input (" +
                           describe(io.input) + ") of " + path +
                           " is not modelled");
}

/// The 1x1 stride-1 path (the file comment's first pipeline).
/// (Either interleaved input buffer: DRAM and L1 measured the same.)
llvm::Expected<ConvAnalysis> analyseMatmul(const ConvWindow &w,
                                           const ConvIO &io) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  auto [rows, cores] = splitRows(w.pixels());
  std::array<int64_t, 2> grid = gridOf(cores);
  int64_t kTiles = ceilDiv(w.inChannels, kTileDim);
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  // A height-sharded input (the only sharded one this path sees) of whole
  // channel tiles and shards of whole tile rows is tilized where it is, on
  // the input's grid (measured on both devices: 56x56x64 on 7x7 cores of 64
  // rows). Shards of part tile rows (whole channel tiles) are resharded from
  // L1 as an interleaved input's (no scratchpad), padded by ttnn's pad
  // program into a second buffer (one input row of dataflow buffer) when the
  // pixels are not whole tile rows, tilized into a third; the reshard and the
  // padded copy are freed before the matmul (measured on both devices:
  // 14x14x64 on 2x2 cores of 49 rows, 14x14x1024 on 2x8 cores of 13 - fresh
  // draw seed 214009588 conv2d #5 -, 2x16x16x256 folded on 4x8 of 16).
  // Shards of part channel tiles (shard width in_channels) are always
  // resharded, into shards of the padded channels; pixels that are not whole
  // tile rows are then padded by two of ttnn's pads (pad.cpp splits a height
  // and width padding; pad_device_operation.cpp's select_program_factory):
  // the width into height shards of ceil(pixels / cores) rows, by the
  // sharded width-only program (its CBs the shards) when those are the
  // reshard's rows, else by the row-major default program (rowMajorPadProgram;
  // ttnn avoids the width-only one for shorter output shards); then the
  // height, into the reshard's shards (one row of pad value), created while
  // the width pad's buffers are live, its input freed after (measured on both
  // devices: 3 to 200 channels, 49 to 784 pixels, both pad programs; fresh
  // draws seed 745750128 conv2d #5 and #15, 338455128 #27). A folded input of
  // part tiles is not measured.
  bool sharded = io.input.isSharded();
  bool inPlace = false, padded = false, partialTiles = false;
  if (sharded) {
    llvm::ArrayRef<int64_t> shard = io.input.getShard();
    partialTiles = shard[1] % kTileDim != 0;
    if (partialTiles && (io.folded || shard[1] != w.inChannels))
      return notSupportedError(
          name + ": a height-sharded input (" + describe(io.input) +
          ") of the height-sharded matmul is modelled in shards of whole "
          "channel tiles, or of in_channels unfolded");
    padded = partialTiles || shard[0] % kTileDim != 0;
    inPlace = !padded;
    if (inPlace) {
      rows = shard[0];
      cores = ceilDiv(w.pixels(), rows);
      grid = {io.input.getGrid()[0], io.input.getGrid()[1]};
    }
  }
  uint64_t reshard = uint64_t(rows) * kTiles * kTileDim * kStickElementBytes;
  uint64_t out = tiledRows(rows, nTiles, io.outTile);
  ConvAnalysis a;
  uint64_t cbBytes =
      uint64_t(kTiles * nTiles + io.biasTiles(nTiles)) * io.weightTile;
  // A row-major reshard is tilized into a second buffer (with the
  // reshard's scratchpad, from an interleaved input); a tiled input's
  // reshard is the matmul's input.
  uint64_t tilized = io.tiled ? 0 : reshard;
  uint64_t scratch = io.tiled || sharded
                         ? 0
                         : reshardScratchBytes(kTiles * kTileDim *
                                               kStickElementBytes);
  if (inPlace)
    reshard = 0;
  a.cores = cores;
  a.kTiles = kTiles;
  a.nTiles = nTiles;
  a.mTiles = ceilDiv(w.pixels(), kTileDim);
  if (std::max(reshard, tilized) + out + cbBytes > device.usableL1())
    return outOfMemoryError(
        name + ": the weight and bias CBs (" + llvm::Twine(cbBytes) +
        " B, all of K x N tiles) and the input and output shards (" +
        llvm::Twine(reshard + out) + " B) exceed the " +
        llvm::Twine(device.usableL1()) + " B of usable L1 per core (ttnn "
        "0.81.1 fails to allocate its CBs)");
  // The reshard and its tilized copy, then the matmul of the tilized input
  // into the output.
  // The reshard (if any) is freed once tilized; a tiled input's reshard is
  // the matmul's input.
  a.programs = {convPhase(0, scratch, reshard + tilized, io.tiled ? 0 : reshard),
                convPhase(cbBytes, 0, out, 0)};
  if (padded && w.pixels() % kTileDim == 0)
    a.programs = {convPhase(0, 0, reshard, 0),
                  convPhase(0, 0, tilized, reshard),
                  convPhase(cbBytes, 0, out, 0)};
  else if (padded) {
    // The tilize allocates its output while the pad's row buffer is still
    // allocated (measured: 3x40x40x16 folded by 4, 512 B more total).
    ProgramStep tilize = convPhase(0, 0, tilized, 2 * reshard);
    tilize.overlapsPreviousBuffers = true;
    uint64_t row = uint64_t(kTiles * kTileDim) * kStickElementBytes;
    ProgramStep heightPad = convPhase(row, 0, reshard, 0);
    a.programs = {convPhase(0, 0, reshard, 0)};
    if (partialTiles) {
      int64_t widthRows = ceilDiv(w.pixels(), cores);
      ProgramStep widthPad = convPhase(
          0, 0, uint64_t(widthRows) * kTiles * kTileDim * kStickElementBytes,
          0);
      if (widthRows < rows) {
        auto pad = rowMajorPadProgram(row);
        if (!pad)
          return pad.takeError();
        widthPad.circularBytes = pad->circularBytes + pad->dataflowBytes;
        widthPad.scratchpadBytes = pad->scratchpadBytes;
      }
      heightPad.freedL1 = widthPad.allocatedL1;
      heightPad.overlapsPreviousBuffers = true;
      a.programs.push_back(widthPad);
    }
    a.programs.append({heightPad, tilize, convPhase(cbBytes, 0, out, 0)});
  }
  int64_t shard[2] = {rows, nTiles * kTileDim};
  a.output = io.sharded(TensorMemoryLayout::HeightSharded, grid, shard);
  a.outputShape = {1, 1, w.pixels(), w.outChannels};
  return a;
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
                                                const ConvIO &io) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  // An L1 input takes the same CBs and shard as a DRAM one, but its tilized
  // copy stays in L1 interleaved until the reshard is written (measured on
  // both devices: 2x14x14x1024 -> 256, fresh draw seed 370722752 conv2d #22,
  // 10240 / 4096 B more L1 than from DRAM).
  if (llvm::Error err = checkInterleavedInput(io, "the block-sharded matmul"))
    return err;
  // Channels that are not whole tiles are padded to them (a row-major input
  // by the tilize with padding, a tiled one holds them; measured: 80 and 48
  // channels row-major, 80 and 100 tiled).
  int64_t mTiles = ceilDiv(w.pixels(), kTileDim);
  int64_t kTiles = ceilDiv(w.inChannels, kTileDim);
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  // determine_parallel_config: the pixels' tile rows over the grid's rows,
  // the channels over its columns (a divisor of both in and out tiles).
  int64_t rowCores = closestDivisorWithPadding(mTiles, device.gridRows);
  int64_t colCores = commonDivisor(kTiles, nTiles, device.gridCols);
  int64_t perCoreM = ceilDiv(mTiles, rowCores);
  int64_t blockW = kTiles / colCores;
  int64_t perCoreN = ceilDiv(nTiles, colCores);
  // The 2-D multicast matmul: in0 and in1 blocks double-buffered when K runs
  // in more than one block, a bias row; in0 and the output are the shards.
  int64_t buffering = colCores > 1 ? 2 : 1;
  uint64_t mmCB = uint64_t(perCoreM * blockW * buffering) * kBf16TileBytes +
                  uint64_t(blockW * perCoreN * buffering +
                           io.biasTiles(perCoreN)) *
                      io.weightTile;
  // The tilize (to DRAM) of a row-major input before the reshard: to_layout's
  // tilize program (LayoutOps.cpp: one tile row in and out, or the block
  // tilize of a wide row, with its scratchpad; measured: 98 x 2048 takes the
  // block program's 16384 B and 384 B on Wormhole, 8192 B and 256 B on
  // Blackhole).
  uint64_t tilizeCB = 0, tilizeScratch = 0, tilizedL1 = 0;
  if (!io.tiled) {
    llvm::SmallVector<int64_t, 4> shape = {1, 1, w.pixels(), w.inChannels};
    LayoutAttr tiledDram = io.input.interleavedIn(
        PageLayout::Tile, BufferType::DRAM);
    auto tilize = conversionProgram(shape, io.input, tiledDram);
    if (!tilize)
      return tilize.takeError();
    tilizeCB = tilize->circularBytes + tilize->dataflowBytes;
    tilizeScratch = tilize->scratchpadBytes;
    tilizedL1 = l1BytesPerBank(
        shape, io.input.interleavedIn(PageLayout::Tile,
                                      io.input.getBufferType()));
  }
  uint64_t in = uint64_t(perCoreM * blockW) * kBf16TileBytes;
  uint64_t out = uint64_t(perCoreM * perCoreN) * io.outTile;
  ConvAnalysis a;
  // Beyond the usable L1 ttnn 0.81.1 still runs some under graph capture
  // (measured on Wormhole: 1x52x52x496 -> 264, f32 weights, 987136 B of CBs
  // beside 563200 B of shards; fresh draw seed 821435730 conv2d #16, which
  // the model rejected): where it fails was not measured.
  if (in + out + mmCB > device.usableL1() || in + tilizeCB > device.usableL1())
    return notSupportedError(
        name + ": the matmul's CBs (" + llvm::Twine(mmCB) +
        " B) and the input and output shards (" + llvm::Twine(in + out) +
        " B) exceed the " + llvm::Twine(device.usableL1()) +
        " B of usable L1 per core, where ttnn's block-sharded matmul was "
        "not measured");
  // The input shard is allocated while the tilize's CBs are live.
  a.programs = {convPhase(tilizeCB, tilizeScratch, tilizedL1 + in, tilizedL1),
                convPhase(mmCB, 0, out, 0)};
  a.cores = rowCores * colCores;
  a.kTiles = kTiles;
  a.nTiles = nTiles;
  a.mTiles = mTiles;
  int64_t grid[2] = {rowCores, colCores};
  int64_t shard[2] = {perCoreM * kTileDim, perCoreN * kTileDim};
  a.output = io.sharded(TensorMemoryLayout::BlockSharded, grid, shard);
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
/// to tilize a bf16 tile into a bf16 or a bfp8_b one without fp32
/// accumulation, get_tilize_cycles_per_tile).
struct SplitReaderCosts {
  llvm::StringLiteral device;
  float clockGHz;
  NocRate localL1, dram, multicast;
  float tilizeToBf16Cycles, tilizeToBfp8Cycles;
};
constexpr SplitReaderCosts kSplitReaderCosts[] = {
    {"wormhole_b0", 1.0f, {1024, 0.868f, 27.84f}, {2048, 0.436f, 28.411f},
     {65536, 0.318f, 25.345f}, 61, 40},
    {"blackhole", 1.35f, {4096, 1.124f, 80.48f}, {2048, 0.671f, 80.885f},
     {65536, 0.182f, 57.677f}, 72, 60},
};

/// ttnn's choice of two activation readers for an act block of `hTiles` x
/// `wTiles` (kernel_w x C channels per row) against a weight block of
/// `weightTiles` of `weightTileBytes`, tilized into `outType`: when reading
/// half the block, then tilizing while the weights arrive, starts the matmul
/// sooner than one reader with the weights in parallel.
bool splitReaderViable(int64_t hTiles, int64_t wTiles, int64_t rowBytes,
                       int64_t weightTiles, uint64_t weightTileBytes,
                       DataType outType) {
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
  float tilizeCycles = outType == DataType::BFloat8B
                           ? costs->tilizeToBfp8Cycles
                           : costs->tilizeToBf16Cycles;
  float tilize = tilizeCycles * float(hTiles * wTiles);
  return act / 2 + std::max(weights, tilize) <
         std::max(act + tilize, weights);
}

/// What ttnn's conv program runs on each core: `d` (its output and input
/// sticks and channels), the act block (`hTiles` x `wTiles`), the output
/// tiles per core, the split of the reader indices, whether the input comes
/// through the halo (else the conv reads the resharded input itself) and
/// whether it exists before the op (a sharded input, read where it is).
struct ConvBlocks {
  Distribution d;
  int64_t hTiles, wTiles, nTilesPerCore;
  int64_t firstReaderSticks = 0; // 0: one reader's indices
  bool throughHalo = true;
  bool inputInPlace = false;
  /// The columns the halo numbers its cores over (HaloInput).
  int64_t haloColumns = 1;
  int64_t cores, kTiles;
  /// The output's scheme and grid (rows x columns) when it stays in L1.
  TensorMemoryLayout scheme = TensorMemoryLayout::HeightSharded;
  std::array<int64_t, 2> outGrid = {1, 1};
  /// Block and width sharding: the input and output channels each on one
  /// core column (actCBBytes).
  bool skipActMcast = false;
};

/// The window of a path through the conv program over `channels` (the
/// input's, padded to ttnn's alignment).
llvm::Expected<Window> haloWindow(const ConvWindow &w, int64_t channels) {
  Window sliding = w.sliding(channels);
  if (sliding.outH() < 1 || sliding.outW() < 1)
    return backendError(Conv2dOp::getOperationName() +
                        ": the window does not fit the input");
  return sliding;
}

/// get_cb_info's act CBs by scheme, in bytes: the act block read (the
/// input's bf16 sticks) and tilized (the output's format). Height sharding
/// reads it in the input's format (split between two readers or not); block
/// sharding multicasts it in the output's format beside a bf16 row-major
/// block, which the act CB overlaps when that is the input's format too;
/// width sharding reads it in the output's format beside a row-major CB of
/// two act-block widths. Block and width sharding skip the act multicast
/// when both the input and the output channels sit on one core column
/// (conv_skip_mcast: num_cores_c_in == num_cores_c_out == 1); the act CB is
/// then overlapped by the tilized one (skip_act_cb_create) and the bf16
/// row-major block is always its own (measured: 56x56x8 -> 32 block sharded,
/// 14x14x32 -> 32 width sharded, bf16 and bfp8_b results).
uint64_t actCBBytes(TensorMemoryLayout scheme, int64_t hTiles, int64_t wTiles,
                    uint64_t outTile, bool skipActMcast) {
  uint64_t block = uint64_t(hTiles * wTiles);
  uint64_t act = skipActMcast ? 0 : block * outTile, tilized = block * outTile;
  switch (scheme) {
  case TensorMemoryLayout::HeightSharded:
    return block * (kBf16TileBytes + outTile);
  case TensorMemoryLayout::BlockSharded: {
    bool rowMajorOverlapped = outTile == kBf16TileBytes && !skipActMcast;
    return act + tilized + (rowMajorOverlapped ? 0 : block * kBf16TileBytes);
  }
  case TensorMemoryLayout::WidthSharded:
    return act + tilized + uint64_t(2 * wTiles) * kBf16TileBytes;
  case TensorMemoryLayout::Interleaved:
    break;
  }
  llvm_unreachable("the conv program runs a sharded scheme");
}

/// Every path through ttnn's conv program, from its blocks: the reshard and
/// halo (SlidingWindow.cpp; or the reshard alone), then get_cb_info's act
/// CBs (actCBBytes), a weight block of `wTiles` x the core's output tiles
/// and a bias row in the weights' format, the 64 B scratch CB; the
/// partials, output, input and reader-index CBs are tensors (globally
/// allocated).
llvm::Expected<ConvAnalysis> analyseConvProgram(const ConvWindow &w,
                                                const Window &sliding,
                                                const ConvBlocks &b,
                                                const ConvIO &io) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  const DeviceModel &device = currentDevice();
  HaloInput haloInput{io.tiled, b.haloColumns};
  HaloBuffers halo = b.throughHalo ? haloBuffers(sliding, b.d, haloInput)
                                   : reshardBuffers(b.d);
  // A tiled reshard, one of L1 shards and a DRAM slice's padded_slice (which
  // writes the slice into its shards) have no stick scratchpad.
  if (io.tiled || io.input.isSharded() || w.sliced)
    halo.scratch = 0;
  if (b.inputInPlace) {
    // A sharded input is the halo's input: no reshard, no scratchpad.
    halo.reshard = 0;
    halo.scratch = 0;
  }
  // The conv's halo of a row-major input holds two padding sticks of the
  // core's channels as CBs (measured on both devices under every scheme:
  // 2 x 128 B for 64 channels height sharded, 2 x 64 B for 32 a core width
  // sharded, 2 x 16 B for 8 a core block sharded); they show where the halo
  // holds the overall peak (width-sharded DRAM slices: 1x112x112 1x1
  // stride-2 convs, fresh draw seed 235901479 conv2d #20). Not beside the
  // reshard's scratchpad (always the larger): where the halo phase holds
  // the peak with one, the peak is its L1 and the scratchpad alone
  // (measured on both devices, block and width sharding from DRAM and L1
  // interleaved: 1x52x52x416 1x1 stride 2 pad 1, fresh draw seed 151897464
  // conv2d #34, and 12 probes of strides above the kernel, kernels 1-3,
  // 32-416 channels), nor for an unpadded window (4x224x224x4 4x4 stride 4
  // from L1, seed 395425510 #42).
  if (b.throughHalo && !io.tiled && w.padded() && halo.scratch == 0)
    halo.cbBytes += 2 * uint64_t(b.d.channelsPerCore) * kStickElementBytes;
  int64_t weightTiles = b.wTiles * b.nTilesPerCore;
  uint64_t weightCBs =
      uint64_t(weightTiles + io.biasTiles(b.nTilesPerCore)) * io.weightTile +
      kConvScratchCBBytes;
  ConvAnalysis a;
  uint64_t cbBytes = actCBBytes(b.scheme, b.hTiles, b.wTiles, io.outTile,
                                b.skipActMcast) +
                     weightCBs;
  uint64_t out = tiledRows(b.d.outSticksPerCore, b.nTilesPerCore, io.outTile);
  uint64_t reader = readerIndexBytes(
      readerIndexEntries(sliding, b.d, b.firstReaderSticks));
  // The conv reads the halo's buffer, or the reshard itself.
  uint64_t input = b.throughHalo ? halo.halo : halo.reshard;
  uint64_t convPhaseL1 = input + out + reader;
  if (io.input.isL1()) {
    // From an L1 input ttnn 0.81.1 does not slice, and under graph capture
    // it creates the programs whatever their buffers (tt-metal's static
    // buffer check does not fire; the validation's L1 ceiling rejects the
    // peak). Measured exact beyond L1 on both devices (fresh draw seeds
    // 885213751, 521463291, 839062755 and 20 probes): every scheme, 1x1
    // stride 2 and 3x3 to 7x7 padded windows, height and block sharding
    // also 16x16 stride 16; width sharding of 8 to 2048 channels. Width
    // sharding of sticks that are not whole L1 alignment units (3 or 4
    // channels) had 128 B more CB (224x224x3 k16s16, 2x128x128x3 k3s2p1:
    // seeds 839062755 #27, 451337702 #11), as had its unpadded windows
    // above 1x1, and a reshard that alone exceeds L1 (ttnn copies it with
    // its copy program: 224x224x16 k3s2p1, seed 917987003 conv2d #2):
    // not_implemented.
    if (halo.reshard + convPhaseL1 + cbBytes > device.usableL1()) {
      bool alignedSticks =
          (uint64_t(w.inChannels) * kStickElementBytes) % device.l1Alignment ==
          0;
      if (b.scheme == TensorMemoryLayout::WidthSharded &&
          (!alignedSticks || halo.reshard > device.usableL1() ||
           (!w.padded() && (w.kernelH > 1 || w.kernelW > 1))))
        return notSupportedError(
            name + ": the conv program's CBs (" + llvm::Twine(cbBytes) +
            " B) and buffers exceed the usable L1 per core from an L1 input "
            "(ttnn 0.81.1 runs them under capture); width sharding there is "
            "modelled for sticks of whole L1 alignment units, padded or 1x1 "
            "windows and a reshard within L1");
      a.staticBuffers = StaticBuffers::Unchecked;
    }
  } else {
    // From DRAM, conv2d_DRAM sizes a slice by op_slicing's get_L1_usage:
    // calculate_L1_usage_for_conv_op's larger of the halo's input and
    // output shards, and the CBs (calculate_L1_usage counts the act CB a
    // skipped multicast overlaps), the output shard and the halo's output
    // (measured at the switch to two slices: 56x56x64 and 28x28x128 3x3
    // convs on Wormhole, 56x56x64 on Blackhole, beside an L1 tensor of
    // growing pages). sliceConvolution decides from it.
    uint64_t stick = uint64_t(b.d.channelsPerCore) * kStickElementBytes;
    uint64_t haloIn = uint64_t(b.d.inSticksPerCore) * stick;
    uint64_t haloOut =
        uint64_t(simulateHalo(sliding, b.d, haloInput).sticks) * stick;
    uint64_t estimatedCBs =
        cbBytes + (b.skipActMcast ? uint64_t(b.hTiles * b.wTiles) * io.outTile
                                  : 0);
    a.sliceEstimate =
        std::max(haloIn + haloOut, estimatedCBs + out + haloOut);
    a.weightCBBytes = weightCBs;
  }
  // The DRAM reshapes of a tiled input (dataflow buffers, their peak as
  // their scratchpad; no L1 tensors), the halo (or the reshard alone),
  // whose buffer the conv reads, then the conv with its reader indices
  // (freed before the result is copied out).
  if (io.tiledSlice) {
    // padded_slice's tiled program (padded_slice_tile_program_factory.cpp):
    // input and untilized CBs of 4 x the tiles a shard row spans, a padding
    // row of the shard's width; the shard itself is its output CB.
    int64_t width = b.d.channelsPerCore, spanned = 0;
    for (int64_t core = 0; core < b.d.channelCores; ++core)
      spanned = std::max(spanned, ceilDiv((core + 1) * width, kTileDim) -
                                      core * width / kTileDim);
    constexpr int64_t kSliceTileRows = 4;
    a.programs.push_back(
        convPhase(uint64_t(2 * kSliceTileRows * spanned) * kBf16TileBytes +
                      uint64_t(width) * kStickElementBytes,
                  0, halo.reshard, 0));
  }
  if (io.reshapeTotal) {
    ProgramStep reshapes;
    reshapes.dataflowBytes = io.reshapeCB;
    reshapes.scratchpadBytes = io.reshapeTotal - io.reshapeCB;
    reshapes.overlapsPreviousBuffers = false;
    a.programs.push_back(reshapes);
  }
  uint64_t sliceWritten = io.tiledSlice ? halo.reshard : 0;
  a.programs.push_back(convPhase(halo.cbBytes, halo.scratch,
                                 halo.phase() - sliceWritten,
                                 halo.phase() - input));
  // The halo allocates its buffer while padded_slice's CBs are live
  // (measured: 112x112x128 1x1 stride 2 width sharded, the halo phase the
  // peak, 16448 B above a row-major input's; fresh draw seed 107619500
  // conv2d #35).
  a.programs.back().overlapsPreviousBuffers = io.tiledSlice;
  a.programs.push_back(convPhase(cbBytes, 0, out + reader, reader));
  // A slice's result is written into the DRAM result (slice_write, its CB
  // the shard) and freed with the slice's halo buffer.
  if (w.sliced)
    a.programs.push_back(convPhase(0, 0, 0, input + out));
  a.cores = b.cores;
  a.kTiles = b.kTiles;
  a.nTiles = ceilDiv(w.outChannels, kTileDim);
  a.mTiles = ceilDiv(sliding.outSticks(), kTileDim);
  a.outputShape = {1, 1, sliding.outSticks(), w.outChannels};
  if (io.input.isL1()) {
    // ttnn keeps an L1 input's result in L1, sharded by the scheme (measured:
    // the same peaks as from DRAM).
    int64_t shard[2] = {b.d.outSticksPerCore, b.nTilesPerCore * kTileDim};
    a.output = io.sharded(b.scheme, b.outGrid, shard);
    return a;
  }
  // A DRAM input's result ends in DRAM: every L1 buffer is an intermediate.
  a.output = LayoutAttr::get(io.output.getContext(), BufferType::DRAM,
                             TensorMemoryLayout::Interleaved, io.outType, {},
                             {});
  return a;
}

/// The alignment ttnn derives from a height-sharded row-major input's
/// shard width (get_input_channels_alignment): a tile, 16 or 8 channels,
/// whichever divides it first (else a tile).
int64_t shardChannelAlignment(int64_t shardWidth) {
  for (int64_t align : {kTileDim, int64_t(16), int64_t(8)})
    if (shardWidth % align == 0)
      return align;
  return kTileDim;
}

/// The halo and conv programs, height sharded (the file comment's second
/// pipeline); a height-sharded input whose shard width is aligned keeps its
/// grid and shards (no reshard).
llvm::Expected<ConvAnalysis> analyseConv(const ConvWindow &w,
                                         const ConvIO &io) {
  ConvBlocks b;
  // `channels` are the halo's (the sticks it moves), `convChannels` the
  // conv program's act block (in_channels').
  int64_t channels, convChannels, cores, rows, inRows;
  // A height-sharded input whose shard width meets its alignment is read in
  // place; one whose width does not is resharded from L1 like an
  // interleaved input (measured: 224x224x4 on 7x8 cores and 56x56x20 on 7x7,
  // the L1 interleaved input's figures on both devices, without its
  // scratchpad).
  bool inPlace = false;
  if (io.input.isSharded()) {
    int64_t width = io.input.getShard()[1];
    inPlace = width % shardChannelAlignment(width) == 0;
  }
  if (inPlace) {
    llvm::ArrayRef<int64_t> grid = io.input.getGrid(),
                            shard = io.input.getShard();
    channels = convChannels = shard[1];
    cores = grid[0] * grid[1];
    // get_conv_configs: the output's sticks in whole tile rows per core.
    auto sliding = haloWindow(w, channels);
    if (!sliding)
      return sliding.takeError();
    rows = int64_t(alignTo(sliding->outSticks(), cores * kTileDim)) / cores;
    inRows = shard[0];
    b.inputInPlace = true;
    b.outGrid = {grid[0], grid[1]};
  } else {
    channels = int64_t(alignTo(w.heldChannels(), io.haloAlignment()));
    convChannels = int64_t(alignTo(w.inChannels, io.haloAlignment()));
    auto sliding = haloWindow(w, channels);
    if (!sliding)
      return sliding.takeError();
    std::tie(rows, cores) = splitRows(sliding->outSticks());
    inRows = ceilDiv(ceilDiv(w.pixels(), cores), kTileDim) * kTileDim;
    b.outGrid = gridOf(cores);
  }
  // Height-sharded cores are numbered row by row over the grid's columns.
  b.haloColumns = b.outGrid[1];
  Window sliding = w.sliding(channels);
  b.d = {cores, rows, inRows, 1, channels};
  b.hTiles = rows / kTileDim;
  b.wTiles = ceilDiv(w.kernelW * convChannels, kTileDim);
  b.nTilesPerCore = ceilDiv(w.outChannels, kTileDim);
  // Split, the act CB holds the first reader's tile rows and a second CB
  // the other's: the same tiles, but each reader has its own indices.
  bool split = splitReaderViable(
      b.hTiles, b.wTiles, w.kernelW * convChannels * kStickElementBytes,
      b.wTiles * b.nTilesPerCore, io.weightTile, io.outType);
  b.firstReaderSticks = split ? (b.hTiles - b.hTiles / 2) * kTileDim : 0;
  b.cores = cores;
  b.kTiles = w.kernelH * b.wTiles;
  return analyseConvProgram(w, sliding, b, io);
}

/// Block sharding through the halo and ttnn's block-sharded conv program
/// (the file comment's fourth pipeline).
llvm::Expected<ConvAnalysis> analyseBlockConv(const ConvWindow &w,
                                              const ConvIO &io) {
  const DeviceModel &device = currentDevice();
  if (llvm::Error err =
          checkInterleavedInput(io, "a block-sharded convolution"))
    return err;
  // determine_parallel_config: the output's tile rows over the grid's rows;
  // the input's channel blocks (padded) over its columns; the output's
  // channel tiles over their own columns (determine_output_parallel_config).
  int64_t align = io.haloAlignment();
  int64_t inColumns = closestDivisorWithPadding(ceilDiv(w.inChannels, align),
                                                device.gridCols);
  int64_t channelsPerCore =
      int64_t(alignTo(w.inChannels, inColumns * align)) / inColumns;
  // Held channels (from L1 interleaved, checkHeldChannels): the halo moves
  // the held sticks over in_channels' columns; the conv's act block is
  // in_channels' padded to 8 a column, or, on some shapes, to the alignment
  // the halo's shard width has (shardChannelAlignment: 16 or 32 channels).
  // Which one is not derived (measured on both devices, 27 cases: 64 held as
  // 96 takes the second, 512 as 1024 on Blackhole the first): modelled where
  // both give the same act block width.
  int64_t heldPerCore =
      int64_t(alignTo(w.heldChannels(), inColumns * align)) / inColumns;
  int64_t shardAlign = shardChannelAlignment(heldPerCore);
  int64_t byShard =
      int64_t(alignTo(w.inChannels, inColumns * shardAlign)) / inColumns;
  if (w.held && ceilDiv(w.kernelW * byShard, kTileDim) !=
          ceilDiv(w.kernelW * channelsPerCore, kTileDim))
    return notSupportedError(
        Conv2dOp::getOperationName() + ": the input holds " +
        llvm::Twine(w.held) + " channels, in_channels is " +
        llvm::Twine(w.inChannels) +
        ": under block sharding its act block width (in_channels padded to " +
        llvm::Twine(align) + " or " + llvm::Twine(shardAlign) +
        " a column) is not derived");
  auto sliding = haloWindow(w, heldPerCore);
  if (!sliding)
    return sliding.takeError();
  int64_t rowCores = closestDivisorWithPadding(
      ceilDiv(sliding->outSticks(), kTileDim), device.gridRows);
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  int64_t outColumns = closestDivisorWithPadding(nTiles, device.gridCols);
  // Both shards' heights: the sticks padded to whole tile rows per grid row.
  auto rowsPerCore = [&](int64_t sticks) {
    return int64_t(alignTo(sticks, rowCores * kTileDim)) / rowCores;
  };
  ConvBlocks b;
  b.d = {rowCores, rowsPerCore(sliding->outSticks()),
         rowsPerCore(sliding->inSticks()), inColumns, heldPerCore};
  // Act blocks of one kernel row of the core's channels.
  b.hTiles = b.d.outSticksPerCore / kTileDim;
  b.wTiles = ceilDiv(w.kernelW * channelsPerCore, kTileDim);
  b.nTilesPerCore = ceilDiv(nTiles, outColumns);
  // The block-sharded reader splits each core's indices between its two
  // readers from two tile rows on (is_split_reader_viable always holds for
  // block sharding), though the act CB is whole.
  b.firstReaderSticks =
      b.hTiles >= 2 ? (b.hTiles - b.hTiles / 2) * kTileDim : 0;
  b.cores = rowCores * std::max(inColumns, outColumns);
  b.scheme = TensorMemoryLayout::BlockSharded;
  b.outGrid = {rowCores, outColumns};
  b.skipActMcast = inColumns == 1 && outColumns == 1;
  b.kTiles = w.kernelH * b.wTiles * inColumns;
  return analyseConvProgram(w, *sliding, b, io);
}

/// Width sharding (the file comment's fifth pipeline): every core holds all
/// the pixels and a share of the channels (padded to whole tiles).
llvm::Expected<ConvAnalysis> analyseWidthConv(const ConvWindow &w,
                                              const ConvIO &io) {
  const DeviceModel &device = currentDevice();
  if (llvm::Error err =
          checkInterleavedInput(io, "a width-sharded convolution"))
    return err;
  // determine_parallel_config: the input's channel tiles over the padded
  // divisor of the whole grid; determine_output_parallel_config: the
  // output's channel tiles over their own.
  int64_t inTiles = ceilDiv(w.inChannels, kTileDim);
  int64_t inCores = closestDivisorWithPadding(inTiles, device.numCores());
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  int64_t outCores = closestDivisorWithPadding(nTiles, device.numCores());
  int64_t channelsPerCore = ceilDiv(inTiles, inCores) * kTileDim;
  auto sliding = haloWindow(w, channelsPerCore);
  if (!sliding)
    return sliding.takeError();
  ConvBlocks b;
  // The output's sticks in whole tile rows; the input's as they are, or in
  // whole tile rows for a tiled input (its reshard holds tiles; measured:
  // 14x14x256 3x3 and 14x14x240 5x5 stride 2, both devices).
  int64_t inSticks = sliding->inSticks();
  if (io.tiled || io.tiledSlice)
    inSticks = int64_t(alignTo(inSticks, kTileDim));
  b.d = {1, int64_t(alignTo(sliding->outSticks(), kTileDim)), inSticks,
         inCores, channelsPerCore};
  // One act block of the whole shard by the core's channels of the whole
  // kernel; the row-major act CB holds two act-block widths.
  b.hTiles = b.d.outSticksPerCore / kTileDim;
  b.wTiles = w.kernelH * w.kernelW * channelsPerCore / kTileDim;
  b.nTilesPerCore = ceilDiv(nTiles, outCores);
  // Without padding ttnn bypasses the halo (conv2d.cpp's bypass_halo) for a
  // row-major input: the conv reads its input shard directly (measured: 1x1
  // stride 1 and 2); a tiled input is untilized by the halo whatever the
  // padding (measured: 7x7x512 1x1, fresh draw seed 148409860 conv2d #12).
  b.throughHalo = w.padded() || io.tiled;
  b.cores = std::max(inCores, outCores);
  b.scheme = TensorMemoryLayout::WidthSharded;
  b.outGrid = gridOf(outCores);
  b.skipActMcast = inCores == 1 && outCores == 1;
  b.kTiles = b.wTiles * inCores;
  return analyseConvProgram(w, *sliding, b, io);
}

/// ttnn's copy of the natural (L1 sharded) result into the requested
/// memory config (conv2d_L1's to_memory_config; the DRAM path's result is
/// DRAM whatever was asked): into DRAM no L1 is added; into L1 interleaved
/// sharded_to_interleaved allocates the result while the shards and the
/// conv's input are live, after the conv's CBs (no CBs of its own).
void copyOut(ConvAnalysis &a, LayoutAttr requested) {
  if (!a.output.isL1() || requested.isSharded())
    return;
  a.output = requested;
  if (!requested.isL1())
    return;
  ProgramStep copy; // no buffers of its own; after the conv's CBs
  copy.allocatedL1 = bytesPerBank(a.outputShape, requested);
  a.programs.push_back(copy);
}

/// Kernel-stride folding of row-major height shards under height sharding
/// (an unpadded window; ttnn's fold.cpp and conv2d's folding, measured on
/// both devices): shards that are not whole bands of stride x width input
/// pixels are resharded first (reshard_if_needed: the most cores up to the
/// grid that divide the bands, each a whole number of bands), ttnn's fold
/// writes the folded pixels (width / stride of them a band, C x stride^2
/// channels; the same bytes) into shards of its own (its CBs are the shards)
/// and the reshard is freed; the folded tensor, live to the end, is the input
/// of the height-sharded 1x1 matmul of C x stride^2 channels (analyseMatmul).
llvm::Expected<ConvAnalysis> analyseFoldedShards(const ConvWindow &w,
                                                 const ConvIO &io) {
  int64_t channels = w.inChannels;
  int64_t bandPixels = w.strideH * w.width;
  int64_t bands = w.batch * w.height / w.strideH;
  llvm::ArrayRef<int64_t> shard = io.input.getShard();
  int64_t rows = shard[0];
  int64_t cores = io.input.getGrid()[0] * io.input.getGrid()[1];
  llvm::SmallVector<ProgramStep, 4> fold;
  if (rows % bandPixels != 0) {
    cores = currentDevice().numCores();
    while (bands % cores != 0)
      --cores;
    rows = ceilDiv(w.pixels() / cores, bandPixels) * bandPixels;
    // The reshard is to_memory_config's (rowMajorMove): between height
    // shards whose rows are not whole L1 units (C x 2 B) it streams 2 x the
    // input shard's L1-aligned rows through a buffer (measured on both
    // devices: 4 channels, 224x224 folded by 4 from 784-, 1046- and
    // 2008-row shards: cb 25088, 33472 and 64256 B; fresh stress draw seed
    // 780793582 conv2d #28, where the model had none). ttnn's total then
    // holds 3 folded shards more than derived: not modelled.
    LayoutAttr target = LayoutAttr::get(
        io.input.getContext(), PageLayout::RowMajor, BufferType::L1,
        TensorMemoryLayout::HeightSharded, io.input.getDataType(),
        gridOf(cores), llvm::ArrayRef<int64_t>{rows, channels});
    Analysis reshard = rowMajorMove({w.pixels(), channels}, io.input, target);
    if (reshard.cbBytes != 0)
      return notSupportedError(
          "ttnn.conv2d: kernel-stride folding reshards " +
          describe(io.input) + " rows of " + llvm::Twine(channels) +
          " channels, not whole L1 units, through a buffer: not modelled");
    fold.push_back(convPhase(0, 0, uint64_t(rows) * channels *
                                       kStickElementBytes, 0));
  }
  uint64_t shardBytes = uint64_t(rows) * channels * kStickElementBytes;
  fold.push_back(convPhase(0, 0, shardBytes, fold.empty() ? 0 : shardBytes));
  ConvWindow folded = w;
  folded.height = w.height / w.strideH;
  folded.width = w.width / w.strideW;
  folded.inChannels = channels * w.strideH * w.strideW;
  folded.kernelH = folded.kernelW = folded.strideH = folded.strideW = 1;
  int64_t foldedRows = rows / (w.strideH * w.strideW);
  std::array<int64_t, 2> grid = gridOf(cores);
  ConvIO foldedIO = io;
  foldedIO.folded = true;
  foldedIO.input = LayoutAttr::get(
      io.input.getContext(), PageLayout::RowMajor, BufferType::L1,
      TensorMemoryLayout::HeightSharded, io.input.getDataType(), grid,
      llvm::ArrayRef<int64_t>{foldedRows, folded.inChannels});
  auto a = analyseMatmul(folded, foldedIO);
  if (!a)
    return a.takeError();
  a->programs.insert(a->programs.begin(), fold.begin(), fold.end());
  return a;
}

/// The call's formats, or why they are not modelled (see ConvIO).
llvm::Expected<ConvIO> convIO(llvm::ArrayRef<int64_t> inputShape,
                              LayoutAttr inputLayout, LayoutAttr weightLayout,
                              LayoutAttr biasLayout, LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  // ttnn runs a height-sharded input whose grid leaves cores idle on its
  // whole grid (measured: 784 pixels in shards of 40 on 5x5 cores).
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  if (!weightLayout || !outputLayout)
    return backendError(name + ": the weight and the output need a "
                               "#ttnn.layout");
  bool tiledDram = !inputLayout.isRowMajor() && !inputLayout.isL1();
  if ((!inputLayout.isRowMajor() && !tiledDram) ||
      inputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(name + ": input " + describe(inputLayout) +
                             " is not modelled: only a bf16 input, row_major "
                             "(DRAM or L1 interleaved, L1 height sharded) or "
                             "tiled in DRAM");
  for (auto [role, layout] : {std::pair<llvm::StringRef, LayoutAttr>{
                                  "weight", weightLayout},
                              {"bias", biasLayout}}) {
    if (!layout)
      continue;
    if (layout.isL1() || layout.isRowMajor() ||
        layout.getDataType() == DataType::UInt32)
      return notSupportedError(name + ": " + role + " " + describe(layout) +
                               " is not modelled: ttnn prepares weights and "
                               "bias as tiled bf16, bfp8_b or f32 in DRAM");
  }
  if (biasLayout && biasLayout.getDataType() != weightLayout.getDataType())
    return notSupportedError(name + ": bias " + describe(biasLayout) +
                             " and weight " + describe(weightLayout) +
                             ": ttnn prepares the bias in the weights' data "
                             "type");
  DataType outType = outputLayout.getDataType();
  if (outputLayout.isRowMajor() ||
      (outType != DataType::BFloat16 && outType != DataType::BFloat8B))
    return notSupportedError(name + ": output " + describe(outputLayout) +
                             " is not modelled: only a tiled bf16 or bfp8_b "
                             "output");
  ConvIO io{inputLayout, weightLayout, biasLayout, outputLayout,
            tileBytes(weightLayout), tileBytes(outputLayout), outType};
  io.tiled = tiledDram;
  return io;
}

/// A path of the conv program (the file comment's pipelines).
using ConvPath = llvm::Expected<ConvAnalysis> (*)(const ConvWindow &,
                                                  const ConvIO &);

/// The window of the DRAM slice of `w` that writes output rows (or columns,
/// `!alongHeight`) [begin, end), or nullopt when it reads no input
/// (op_slicing's get_input_slice and conv2d.cpp's
/// get_input_slice_and_padding): the input rows (columns) its windows read,
/// padded where they pass the input's edges, the call's own padding at the
/// output's edges; unless the slice reads the whole input, the right side is
/// padded further so that the conv writes whole tile rows of output columns
/// (the result is tiled).
std::optional<ConvWindow> sliceWindow(const ConvWindow &w, bool alongHeight,
                                      int64_t begin, int64_t end) {
  Window whole = w.sliding(w.inChannels);
  struct Range {
    int64_t first, last, before, after;
  };
  auto read = [](int64_t outFirst, int64_t outLast, int64_t outDim,
                 int64_t inDim, int64_t stride, int64_t kernel,
                 int64_t padBefore, int64_t padAfter) {
    int64_t first = outFirst * stride - padBefore;
    int64_t last = (outLast - 1) * stride - padBefore + kernel;
    Range r{std::max<int64_t>(0, first), std::min(inDim, last),
            std::max<int64_t>(0, -first), std::max<int64_t>(0, last - inDim)};
    if (outFirst == 0)
      r = {0, r.last, padBefore, r.after};
    if (outLast == outDim)
      r = {r.first, inDim, r.before, padAfter};
    return r;
  };
  int64_t outH = whole.outH(), outW = whole.outW();
  int64_t rowFirst = alongHeight ? begin : 0, rowLast = alongHeight ? end : outH;
  int64_t colFirst = alongHeight ? 0 : begin, colLast = alongHeight ? outW : end;
  Range rows = read(rowFirst, rowLast, outH, w.height, w.strideH, w.kernelH,
                    w.padTop, w.padBottom);
  Range cols = read(colFirst, colLast, outW, w.width, w.strideW, w.kernelW,
                    w.padLeft, w.padRight);
  const Range &along = alongHeight ? rows : cols;
  if (along.first >= along.last)
    return std::nullopt;
  ConvWindow slice = w;
  slice.height = rows.last - rows.first;
  slice.width = cols.last - cols.first;
  slice.padTop = rows.before;
  slice.padBottom = rows.after;
  slice.padLeft = cols.before;
  slice.padRight = cols.after;
  int64_t outCols = colLast - colFirst;
  bool wholeInput = slice.height == w.height && slice.width == w.width;
  if (outCols % kTileDim != 0 && !wholeInput)
    slice.padRight += (kTileDim - outCols % kTileDim) * w.strideW;
  slice.sliced = true;
  return slice;
}

/// The windows of `count` DRAM slices along the output's rows or columns
/// (op_slicing's run_sliced_op): the output dimension in units of a tile
/// width for columns (the result is tiled), else of one, the first
/// `units % count` slices a unit larger; a slice that reads no input is
/// skipped without moving on (as ttnn's loop does).
llvm::SmallVector<ConvWindow, 8> sliceWindows(const ConvWindow &w,
                                              bool alongHeight, int64_t count) {
  Window whole = w.sliding(w.inChannels);
  int64_t dim = alongHeight ? whole.outH() : whole.outW();
  int64_t rounding = alongHeight ? 1 : kTileDim;
  int64_t units = ceilDiv(dim, rounding);
  llvm::SmallVector<ConvWindow, 8> slices;
  int64_t begin = 0;
  for (int64_t index = 0; index < count && begin < dim; ++index) {
    int64_t size = rounding * (units / count + (index < units % count));
    int64_t end = std::min(dim, begin + size);
    if (end == begin)
      continue;
    std::optional<ConvWindow> slice = sliceWindow(w, alongHeight, begin, end);
    if (!slice)
      continue;
    slices.push_back(*slice);
    begin += size;
  }
  return slices;
}

/// conv2d_DRAM's slicing of a halo path from DRAM (op_slicing.cpp's
/// determine_slice_config and run_sliced_op, conv2d.cpp's Conv2dSliceAttr):
/// `whole` runs as one slice when ttnn's estimate of it fits the L1 above
/// the allocator's base (the free L1: nothing else is in L1). Else ttnn
/// slices the output along its height when the input is narrower than 200
/// pixels or taller than wide, else along its width (best_guess_slice_type
/// for a tiled result), taking the fewest slices (2 up to a slice per output
/// row, or per tile width of columns) whose largest estimate fits, then
/// tries the other dimension, and fails when neither fits. Each slice is
/// padded_slice'd from DRAM into the shards ttnn derives for it (no
/// scratchpad), run through the halo and conv programs, written into the
/// DRAM result by slice_write and freed; the 4-D result is then reshaped to
/// ttnn's flattened one (reshape's model). Slices never shrink the weight
/// block and bias row: beyond the free L1 they fail at once.
llvm::Expected<ConvAnalysis> sliceConvolution(const ConvWindow &w,
                                              const ConvIO &io, ConvPath path,
                                              ConvAnalysis whole) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  uint64_t freeL1 = currentDevice().l1AboveAllocatorBase();
  if (whole.weightCBBytes > freeL1)
    return outOfMemoryError(
        name + ": the conv program's weight block and bias row (" +
        llvm::Twine(whole.weightCBBytes) + " B) exceed the " +
        llvm::Twine(freeL1) +
        " B of free L1 per core (ttnn 0.81.1 finds no slicing that fits)");
  if (whole.sliceEstimate <= freeL1)
    return whole;
  std::string slicing = (name + ": ttnn's L1 estimate of one slice (" +
                         llvm::Twine(whole.sliceEstimate) +
                         " B) exceeds the free L1 (" + llvm::Twine(freeL1) +
                         " B): ttnn slices the input over DRAM")
                            .str();
  // A slice can turn into a 1x1 matmul or fold its kernel: not modelled.
  // A tiled input is reshaped to the image once and its slices untilized by
  // padded_slice's tiled program into row-major shards of whole tile rows
  // (ConvIO::tiledSlice), the row-major pipeline after. ttnn sizes its
  // slices by an estimate not derived (224x224x64 block sharded takes 3
  // slices on Wormhole where a row-major input's estimate says 2 and a tiled
  // one's 4; 200x200x128 takes 3 where both say 2): a count both agree on is
  // modelled under width sharding only (measured on both devices, 25 cases:
  // 3 to 520 channels, kernels 1 to 7, strides 1 and 2, padded or not,
  // batches 1 to 4; fresh draws seed 745750128 conv2d #4, #6 and 338455128
  // #23). Height and block sharding missed on such counts. Width sharding
  // never takes the matmul, so its 1x1 stride-1 slices are width convs like
  // the others (measured on both devices: 56x56 to 224x224, 64 to 256
  // channels, bf16 and bfp8_b weights; fresh draw seed 875028336 conv2d #16).
  bool ownStride = w.kernelH == w.strideH && w.kernelW == w.strideW;
  bool widthPath = path == analyseWidthConv;
  if (ownStride && !(widthPath && w.strideH == 1 && w.strideW == 1))
    return notSupportedError(slicing + "; a kernel of its own stride is not "
                                       "modelled there");
  // The tiled input is reshaped to [N, H, W, C] once, before the slices.
  ConvIO sliceIO = io;
  ProgramStep reshape;
  if (io.tiled && !widthPath)
    return notSupportedError(
        slicing + "; a tiled input is modelled there under width sharding "
                  "only (ttnn's estimate of its height- and block-sharded "
                  "slices is not derived)");
  if (io.tiled) {
    sliceIO.tiled = false;
    sliceIO.reshapeCB = sliceIO.reshapeTotal = 0;
    auto rowMajor = path(w, sliceIO);
    if (!rowMajor)
      return rowMajor.takeError();
    if (rowMajor->sliceEstimate <= freeL1)
      return notSupportedError(
          slicing + "; a row-major input's estimate (" +
          llvm::Twine(rowMajor->sliceEstimate) +
          " B) fits: whether ttnn slices this tiled input is not derived");
    sliceIO.tiledSlice = true;
    reshape.dataflowBytes = io.toImageCB;
    reshape.scratchpadBytes = io.toImageTotal - io.toImageCB;
    reshape.overlapsPreviousBuffers = false;
  }
  Window full = w.sliding(w.inChannels);
  bool heightFirst = w.width < 200 || w.height > w.width;
  for (bool alongHeight : {heightFirst, !heightFirst}) {
    int64_t dim = alongHeight ? full.outH() : full.outW();
    int64_t most = alongHeight ? dim : ceilDiv(dim, kTileDim);
    for (int64_t count = 2; count <= most; ++count) {
      llvm::SmallVector<ConvAnalysis, 8> slices;
      uint64_t largest = 0, largestTiled = 0;
      for (const ConvWindow &slice : sliceWindows(w, alongHeight, count)) {
        if (slice.isMatmul() && !widthPath)
          return notSupportedError(slicing + "; a slice without padding of a "
                                             "1x1 kernel is not modelled");
        auto a = path(slice, sliceIO);
        if (!a)
          return a.takeError();
        largest = std::max(largest, a->sliceEstimate);
        largestTiled = largest;
        if (io.tiled) {
          auto tiled = path(slice, io);
          if (!tiled)
            return tiled.takeError();
          largestTiled = std::max(largestTiled, tiled->sliceEstimate);
        }
        if (largest > freeL1 && largestTiled > freeL1)
          break;
        slices.push_back(std::move(*a));
      }
      if ((largest <= freeL1) != (largestTiled <= freeL1))
        return notSupportedError(
            slicing + "; whether " + llvm::Twine(count) +
            " slices fit by ttnn's estimate for a tiled input is not derived "
            "(a row-major input's: " +
            llvm::Twine(largest) + " B, a tiled one's: " +
            llvm::Twine(largestTiled) + " B)");
      if (largest > freeL1)
        continue;
      ConvAnalysis result = std::move(whole);
      result.programs.clear();
      if (io.tiled)
        result.programs.push_back(reshape);
      for (const ConvAnalysis &slice : slices)
        result.programs.append(slice.programs.begin(), slice.programs.end());
      llvm::SmallVector<int64_t, 4> image = {w.batch, full.outH(), full.outW(),
                                             w.outChannels};
      auto reshape = OpModel<ReshapeOp>::getOpConstraints(
          image, result.output, result.outputShape, result.output);
      if (!reshape)
        return reshape.takeError();
      ProgramStep flatten;
      flatten.dataflowBytes = reshape->cbL1PeakSize;
      flatten.scratchpadBytes =
          reshape->peakL1MemorySize - reshape->cbL1PeakSize;
      flatten.overlapsPreviousBuffers = false;
      result.programs.push_back(flatten);
      return result;
    }
  }
  return backendError(slicing + ", and no slicing fits (ttnn 0.81.1's "
                                "determine_slice_config fails): shard the "
                                "input in L1 or reduce the convolution");
}

/// An activation whose sticks hold other channels than `in_channels`
/// (measured on both devices): ttnn 0.81.1 rejects it from DRAM (conv2d_DRAM's
/// reshape to [N, H, W, in_channels], TT_FATAL in reshape.cpp, row-major or
/// tiled, every scheme), in the height- and block-sharded matmuls (their K
/// differs from the weights': matmul_device_operation.cpp; fresh draw seed
/// 183524651 conv2d #0), with fewer channels through the height-sharded conv
/// program (`input_channels_padded >= ashape[3]`), and under width sharding
/// when the held channels' tiles exceed in_channels' padded over its cores
/// (the factory's act_matrix_width == weight_matrix_height: 8 cases,
/// kernels 1-7, 3-2000 channels, 16 to 128 more). From an L1 interleaved
/// input the halo paths run; height sharding is modelled (47 cases exact,
/// kernels 1-7, strides 1-3, 3-512 channels, 16 to 128 more): the halo
/// moves the held sticks, the conv's CBs are in_channels'; block sharding
/// too where its act block width is derived (analyseBlockConv). Returns the
/// held channels to model, 0 for in_channels.
llvm::Expected<int64_t> checkHeldChannels(const ConvWindow &w, int64_t held,
                                          LayoutAttr input,
                                          TensorMemoryLayout scheme) {
  if (held == w.inChannels)
    return 0;
  std::string what = (Conv2dOp::getOperationName() + ": the input holds " +
                      llvm::Twine(held) + " channels, in_channels is " +
                      llvm::Twine(w.inChannels))
                         .str();
  std::string rejected = what + ": ttnn 0.81.1 rejects the call (give the "
                                "activation in_channels channels)";
  bool height = scheme == TensorMemoryLayout::HeightSharded;
  bool width = scheme == TensorMemoryLayout::WidthSharded;
  // The 1x1 matmuls (height and block) take K from the held channels.
  bool matmul = w.isMatmul() && !width;
  if (!input.isL1() || matmul || (height && held < w.inChannels))
    return backendError(rejected);
  if (held > w.inChannels && !input.isSharded()) {
    // Measured: in_channels of whole tiles, or held channels that are not
    // a multiple of 16 (then the act block is in_channels' padded to 8);
    // 24 held as 48 and 16 as 32 read a whole tile of channels instead.
    constexpr int64_t kHeldSixteen = 16;
    if (height &&
        (w.inChannels % kTileDim == 0 || held % kHeldSixteen != 0))
      return held;
    if (scheme == TensorMemoryLayout::BlockSharded)
      return held;
    int64_t inTiles = ceilDiv(w.inChannels, kTileDim);
    int64_t inCores =
        closestDivisorWithPadding(inTiles, currentDevice().numCores());
    if (width &&
        ceilDiv(held, kTileDim) > ceilDiv(inTiles, inCores) * inCores)
      return backendError(rejected);
  }
  return notSupportedError(what + ": not modelled (modelled from L1 "
                                  "interleaved under block sharding, and "
                                  "height sharding of in_channels of whole "
                                  "tiles or held channels not a multiple of "
                                  "16)");
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
               window[8], window[9], window[9], window[10],
               window[10]};
  auto io = convIO(inputShape, inputLayout, weightLayout, biasLayout,
                   outputLayout);
  if (!io)
    return io.takeError();
  // The conv config's scheme: the sharded output's, or `shard_layout` for an
  // interleaved output (ttnn shards by it, then copies the result out).
  std::optional<TensorMemoryLayout> configured;
  if (window[11] >= 0) {
    if (window[11] <= int64_t(UINT32_MAX))
      configured = symbolizeTensorMemoryLayout(uint32_t(window[11]));
    if (!configured)
      return backendError(name + ": shard_layout " + llvm::Twine(window[11]) +
                          " is not a TensorMemoryLayout");
  }
  TensorMemoryLayout scheme =
      outputLayout.isSharded()
          ? outputLayout.getMemoryLayout()
          : configured.value_or(TensorMemoryLayout::Interleaved);
  if (configured && *configured != scheme)
    return backendError(name + ": the output is " +
                        stringifyTensorMemoryLayout(scheme) +
                        " but the conv config's shard_layout is " +
                        stringifyTensorMemoryLayout(*configured));
  if (scheme == TensorMemoryLayout::Interleaved)
    return notSupportedError(name + ": an interleaved output needs the conv "
                                    "config's shard_layout (ttnn's automatic "
                                    "choice is not modelled)");
  if (w.foldsKernel(inputLayout)) {
    std::string what = (name + ": a " + llvm::Twine(w.kernelH) + "x" +
                        llvm::Twine(w.kernelW) +
                        " kernel of its own stride is folded into a matmul "
                        "by ttnn (kernel-stride folding)")
                           .str();
    // From DRAM, ttnn 0.81.1's folded height- and width-sharded programs
    // fail their own operand checks (matmul_device_operation.cpp's Kt_a ==
    // Kt_b, prepare_conv2d_weights.cpp's in1_block_h_datums >= inner_dim,
    // the width-sharded factory's act_matrix_width == weight_matrix_height;
    // measured on both devices: 3 to 128 channels, kernels 2, 4 and 16,
    // row-major and tiled inputs, every case).
    if (!inputLayout.isL1() && scheme != TensorMemoryLayout::BlockSharded)
      return backendError(what + ": ttnn 0.81.1 rejects it from DRAM under " +
                          stringifyTensorMemoryLayout(scheme) +
                          " (its folded operands disagree); shard by blocks "
                          "or give an L1 input");
    // Under block sharding from DRAM the folded activation's K (its
    // channels padded to at least a multiple of 64, times the kernel) has
    // more tiles than the prepared weights' (C x kernel) whenever padding C
    // to 64 adds a tile (matmul's Kt_a == Kt_b TT_FATAL; measured on both
    // devices, 20 cases: 3 to 120 channels, kernels 2, 3, 4, 8 and 16,
    // row-major and tiled, 32 to 768 out channels). Otherwise it runs on some
    // shapes (60, 63, 64, 124, 128, 192, 256 channels) and fails on others
    // (64 channels, kernel 4, 128 out channels): not modelled.
    if (!inputLayout.isL1()) {
      int64_t kernel = w.kernelH * w.kernelW;
      constexpr int64_t kFoldChannelAlignment = 64;
      int64_t padded =
          ceilDiv(w.inChannels, kFoldChannelAlignment) * kFoldChannelAlignment;
      if (ceilDiv(padded * kernel, kTileDim) !=
          ceilDiv(w.inChannels * kernel, kTileDim))
        return backendError(what + ": ttnn 0.81.1 rejects it from DRAM under "
                                   "block sharding when padding the " +
                            llvm::Twine(w.inChannels) +
                            " channels to a multiple of 64 adds a tile to K "
                            "(its folded operands disagree: Kt_a == Kt_b)");
    }
    if (inputLayout.isSharded() && inputLayout.isRowMajor() &&
        inputLayout.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
        scheme == TensorMemoryLayout::HeightSharded && !w.padded() &&
        inputShape.back() == w.inChannels) {
      auto a = analyseFoldedShards(w, *io);
      if (a)
        copyOut(*a, outputLayout);
      return a;
    }
    return notSupportedError(what + ", which is not modelled");
  }
  if (inputLayout.isSharded() && inputLayout.getMemoryLayout() != scheme)
    return notSupportedError(name + ": a " +
                             stringifyTensorMemoryLayout(
                                 inputLayout.getMemoryLayout()) +
                             " input under a " +
                             stringifyTensorMemoryLayout(scheme) +
                             " conv config is not modelled");
  auto held = checkHeldChannels(w, inputShape.back(), inputLayout, scheme);
  if (!held)
    return held.takeError();
  w.held = *held;
  // ttnn's program per scheme and kernel (1x1 stride-1 or not): width
  // sharding never takes the matmul (use_matmul_for_1x1_conv).
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
  ConvPath path = w.isMatmul() ? paths->matmul : paths->window;
  if (io->tiled && path != analyseMatmul && path != analyseBlockMatmul) {
    // conv2d_DRAM reshapes a tiled input to [N, H, W, C] and
    // shard_or_reshard flattens it back, both in DRAM.
    llvm::SmallVector<int64_t, 4> image = {w.batch, w.height, w.width,
                                           inputShape.back()};
    bool toImage = true;
    for (auto [from, to] :
         {std::pair<llvm::ArrayRef<int64_t>, llvm::ArrayRef<int64_t>>{
              inputShape, image},
          {image, inputShape}}) {
      auto reshape = OpModel<ReshapeOp>::getOpConstraints(from, inputLayout,
                                                          to, inputLayout);
      if (!reshape)
        return reshape.takeError();
      // A sliced input is only reshaped to the image (sliceConvolution).
      if (toImage) {
        io->toImageCB = reshape->cbL1PeakSize;
        io->toImageTotal = reshape->peakL1MemorySize;
        toImage = false;
      }
      io->reshapeCB = std::max(io->reshapeCB, reshape->cbL1PeakSize);
      io->reshapeTotal = std::max(io->reshapeTotal, reshape->peakL1MemorySize);
    }
  }
  auto a = path(w, *io);
  if (a && !inputLayout.isL1() && path != analyseMatmul &&
      path != analyseBlockMatmul)
    a = sliceConvolution(w, *io, path, std::move(*a));
  if (a)
    copyOut(*a, outputLayout);
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
  auto c = finishPrograms(Conv2dOp::getOperationName(), a->programs,
                          a->outputShape, a->output, initialState,
                          ProgramResult::NewTensor, a->staticBuffers);
  return c;
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
