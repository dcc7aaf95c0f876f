//===- Pool.cpp - max_pool2d, ttnn 0.81.1's sliding-window pipeline --------===//
//
// ttnn 0.81.1 runs max_pool2d on a row-major input in DRAM as four steps
// (mock-device traces on Wormhole and Blackhole, bench/opmodel_cases_cnn.py):
//
//   1. interleaved_to_sharded: the input is resharded into L1 by the applied
//      scheme (height: whole sticks over up to every core; block: sticks
//      over the grid's rows, channels over its columns; width: channels over
//      C / 16 cores, every stick on each);
//   2. halo: each core gathers the padded input sticks its output windows
//      read (its output shard's first window's first stick to its last
//      window's last stick) into a halo buffer, driven by four config tensors
//      (padding runs and gather routes, split between the two data-movement
//      cores); the reshard is freed after it;
//   3. the halo buffer is reallocated (moved) and
//   4. the pool program writes the output shard, reading a small reader-index
//      tensor (one start / end pair per output row segment of the core).
//
// Kernels, strides and paddings need not be square, nor the input (measured
// on both mock devices: 3x2, 2x3 and 3x1 kernels, 2x1 and 1x2 strides, 1x0
// and 0x1 paddings, H != W; row-major and tiled inputs, each scheme).
// The halo and its config tensors are shared with conv2d
// (SlidingWindow.cpp). The figures the calibration compares are the peaks
// of those phases (docs/op-model.md, "CNN ops").
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "SlidingWindow.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// Channels per stick shard unit: ttnn splits row-major channels in
/// multiples of 16 (half a tile); channels that are not a multiple of 16
/// are padded to whole tiles across the cores sharing them (measured:
/// 24 -> 32, 40 -> 64 height or block sharded, 200 -> 224 block sharded;
/// width sharding keeps 16-channel units: 40 -> 3 x 16, 200 -> 13 x 16).
constexpr int64_t kChannelUnit = 16;
/// The pool program's fixed CBs: the bf16 scalar (2 tiles) and one tile.
constexpr uint64_t kPoolFixedCBBytes = 2 * kBf16TileBytes + kBf16TileBytes;

/// The largest divisor of `a` (and of `b`) not above `max`.
int64_t largestDivisor(int64_t a, int64_t b, int64_t max) {
  int64_t d = std::min(max, a);
  while (a % d || b % d)
    --d;
  return d;
}

/// ttnn 0.81.1's split: output sticks evenly over the cores (ceil), the
/// cores that get some are used, and the input sticks over the same cores.
/// A tiled input's channels split in whole tiles instead of 16-channel
/// units (measured: 64 channels block sharded on 2 columns of 32, 320 width
/// sharded on 10 cores of 32).
Distribution distribute(const Window &w, TensorMemoryLayout scheme,
                        bool tiled) {
  const DeviceModel &device = currentDevice();
  int64_t unit = tiled ? kTileDim : kChannelUnit;
  int64_t units = ceilDiv(w.channels, unit);
  int64_t align = tiled || w.channels % kChannelUnit ? kTileDim : kChannelUnit;
  int64_t blocks = ceilDiv(w.channels, align);
  Distribution d{};
  switch (scheme) {
  case TensorMemoryLayout::HeightSharded:
    d.channelCores = 1;
    d.channelsPerCore = alignTo(w.channels, align);
    d.stickCores = device.numCores();
    break;
  case TensorMemoryLayout::BlockSharded:
    // The largest channel split over the grid's columns dividing both the
    // 16-channel units and the aligned channel blocks.
    d.channelCores = largestDivisor(units, blocks, device.gridCols);
    d.channelsPerCore = int64_t(alignTo(w.channels, d.channelCores * align)) /
                        d.channelCores;
    d.stickCores = device.gridRows;
    break;
  case TensorMemoryLayout::WidthSharded:
    d.channelCores = largestDivisor(units, units, device.numCores());
    d.channelsPerCore = units / d.channelCores * unit;
    d.stickCores = 1;
    break;
  case TensorMemoryLayout::Interleaved:
    llvm_unreachable("the scheme is a sharded layout");
  }
  d.outSticksPerCore = ceilDiv(w.outSticks(), d.stickCores);
  d.stickCores = ceilDiv(w.outSticks(), d.outSticksPerCore);
  d.inSticksPerCore = ceilDiv(w.inSticks(), d.stickCores);
  return d;
}

/// The pool program's two window CBs (pool_utils.cpp's calculate_pool_cb_sizes
/// for a max pool with split readers): each 2 pages of the window's rows
/// (kernel_h x kernel_w up to a face of 16, else a whole tile of 32) by the
/// core's channel tiles (at most 8 per reduction), padded to whole tiles of
/// bf16 elements.
uint64_t poolWindowCBBytes(const Window &w, int64_t channelsPerCore) {
  constexpr int64_t kFaceRows = 16, kMaxTilesPerReduction = 8;
  int64_t area = w.kernelH * w.kernelW;
  int64_t rows = area <= kFaceRows ? area : kTileDim;
  int64_t tiles = std::min(ceilDiv(channelsPerCore, kTileDim),
                           kMaxTilesPerReduction);
  uint64_t page = alignTo(uint64_t(tiles * kTileDim * rows),
                          uint64_t(kTileDim * kTileDim)) *
                  kStickElementBytes;
  return 2 * 2 * page;
}

/// The output layout ttnn builds: row-major bf16 in L1, `scheme`, on the
/// cores of `d` (a grid of whole rows of the worker grid for height and
/// width sharding, whose cores need not fill it).
LayoutAttr producedLayout(MLIRContext *context, TensorMemoryLayout scheme,
                          const Window &w, const Distribution &d) {
  const DeviceModel &device = currentDevice();
  int64_t grid[2], shard[2];
  if (scheme == TensorMemoryLayout::BlockSharded) {
    grid[0] = d.stickCores;
    grid[1] = d.channelCores;
  } else {
    int64_t cores = d.stickCores * d.channelCores;
    grid[0] = ceilDiv(cores, device.gridCols);
    grid[1] = grid[0] == 1 ? cores : device.gridCols;
  }
  shard[0] = scheme == TensorMemoryLayout::WidthSharded ? w.outSticks()
                                                        : d.outSticksPerCore;
  shard[1] = d.channelsPerCore;
  return LayoutAttr::get(context, PageLayout::RowMajor, BufferType::L1, scheme,
                         DataType::BFloat16, grid, shard);
}

llvm::Expected<Window> checkWindow(llvm::StringRef name,
                                   llvm::ArrayRef<int64_t> window) {
  if (window.size() != 10)
    return backendError(name + ": the window has " +
                        llvm::Twine(window.size()) + " values, not 10");
  Window w{window[0], window[1], window[2], window[3], window[4], window[5],
           window[6], window[7], window[8], window[8], window[9], window[9]};
  if (w.outH() < 1 || w.outW() < 1)
    return backendError(name + ": the window does not fit the input");
  return w;
}

/// Everything the query needs: the phases' L1 and the output layout.
struct PoolAnalysis {
  Window window;
  std::vector<int64_t> outputShape;
  LayoutAttr output;
  /// The two programs: the halo (its reshard, halo buffer and configs;
  /// the halo buffer stays for the pool), then the pool window program (the
  /// output and its reader-index tensor beside the halo buffer).
  ProgramStep halo, pool;
  int64_t cores;
};

llvm::Expected<PoolAnalysis> analyse(llvm::ArrayRef<int64_t> inputShape,
                                     LayoutAttr inputLayout,
                                     llvm::ArrayRef<int64_t> window,
                                     LayoutAttr outputLayout) {
  llvm::StringRef name = MaxPool2dOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  if (!outputLayout)
    return backendError(name + ": the output has no #ttnn.layout");
  // ttnn 0.81.1's pool program checks that its globally allocated CBs
  // match its own sizes (pool_multi_core_program_factory.cpp:
  // `actual_global_cb_size == cb_sizes.global_cb_total() ||
  // is_graph_capture_no_dispatch_mode`), which an L1 input fails under the
  // mock devices' graph capture: the model rejects it as ttnn does there.
  if (inputLayout.isL1())
    return backendError(
        name + ": input " + describe(inputLayout) +
        ": ttnn 0.81.1's pool program fails its global CB size check for an "
        "L1 input (TT_FATAL, measured on both mock devices)");
  if (inputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(name + ": input " + describe(inputLayout) +
                             " is not modelled: only a bf16 input in DRAM");
  bool tiled = !inputLayout.isRowMajor();
  if (!outputLayout.isSharded() || !outputLayout.isRowMajor() ||
      outputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(
        name + ": output " + describe(outputLayout) +
        " is not modelled: ttnn writes a row_major bf16 L1 output sharded by "
        "the applied scheme (height_sharded, block_sharded or width_sharded)");
  auto w = checkWindow(name, window);
  if (!w)
    return w.takeError();
  TensorMemoryLayout scheme = outputLayout.getMemoryLayout();
  // ttnn 0.81.1 slices a large input through DRAM, its result then in DRAM
  // (measured: 1x112x112x24 and 2x85x85x64 tiled, width sharded), by an L1
  // estimate that is not derived: inputs of more sticks than the largest
  // measured in one pass are not modelled. Width sharded: 10000 tiled, 12544
  // row-major; height sharded: 4x112x112x64 and 1x224x224x64 tiled, 1x320x
  // 320x16 row-major; block sharded: 1x224x224x64 tiled, 2x112x112x128
  // row-major (both devices, 15 probes from 16384 sticks up, all exact).
  int64_t onePassSticks = 0;
  switch (scheme) {
  case TensorMemoryLayout::WidthSharded:
    onePassSticks = tiled ? 10000 : 12544;
    break;
  case TensorMemoryLayout::HeightSharded:
    onePassSticks = tiled ? 50176 : 102400;
    break;
  default:
    onePassSticks = tiled ? 50176 : 25088;
    break;
  }
  if (w->inSticks() > onePassSticks)
    return notSupportedError(
        name + ": an input of " + llvm::Twine(w->inSticks()) +
        " sticks may be sliced through DRAM (ttnn's slicing estimate is not "
        "modelled beyond " +
        llvm::Twine(onePassSticks) + " sticks under this scheme)");
  Distribution d = distribute(*w, scheme, tiled);
  // A tiled input is resharded in whole tiles: its sticks per core rounded
  // up to a tile row; the halo untilizes it (HaloInput).
  if (tiled)
    d.inSticksPerCore = alignTo(d.inSticksPerCore, kTileDim);
  // The reshard and the halo move the input's own sticks: only the pool's
  // output and CBs pad channels that are not a multiple of 16 to tiles
  // (measured: 24 and 40 channels height sharded, 24 and 200 block sharded on
  // one channel column, 48 B / 80 B / 400 B sticks).
  // A tiled input's reshard and halo move whole tiles of channels, padded
  // like the output's (measured: 8, 24, 40, 48, 56, 72, 80 and 200 channels,
  // height, block and width sharded, both devices).
  Distribution input = d;
  if (!tiled && w->channels % kChannelUnit != 0 &&
      scheme != TensorMemoryLayout::WidthSharded) {
    if (d.channelCores != 1 ||
        (w->channels * kStickElementBytes) % currentDevice().l1Alignment)
      return notSupportedError(
          name + ": " + llvm::Twine(w->channels) +
          " channels (not a multiple of 16) are modelled on one channel "
          "column of a row-major input, in sticks of whole L1 alignment units");
    input.channelsPerCore = w->channels;
  }
  int64_t columns = std::min(d.stickCores, currentDevice().gridCols);
  HaloBuffers halo = haloBuffers(*w, input, HaloInput{tiled, columns});
  uint64_t reader = readerIndexBytes(readerIndexEntries(*w, d));
  PoolAnalysis a;
  a.window = *w;
  a.outputShape = {1, 1, w->outSticks(), w->channels};
  // A tiled input's output keeps a core's channels when they are whole
  // 16-channel units (at least one), else pads them to a tile (measured: 8
  // -> 16, 16, 48 and 80 height sharded kept; 24 -> 32, 40 -> 64, 72 -> 96;
  // block sharded 48 -> 2 x 32, 200 -> 7 x 32; width sharded 8 and 16 -> 16).
  Distribution produced = d;
  if (tiled) {
    int64_t held = ceilDiv(std::max(w->channels, kChannelUnit), d.channelCores);
    produced.channelsPerCore =
        held % kChannelUnit == 0 ? held : int64_t(alignTo(held, kTileDim));
  }
  a.output = producedLayout(outputLayout.getContext(), scheme, *w, produced);
  a.halo.circularBytes = halo.cbBytes;
  a.halo.scratchpadBytes = halo.scratch;
  a.halo.allocatedL1 = halo.phase();
  a.halo.freedL1 = halo.phase() - halo.halo;
  a.pool.circularBytes =
      kPoolFixedCBBytes + poolWindowCBBytes(*w, d.channelsPerCore);
  a.pool.allocatedL1 = bytesPerBank(a.outputShape, a.output) + reader;
  a.pool.overlapsPreviousBuffers = false;
  a.cores = d.stickCores * d.channelCores;
  return a;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<MaxPool2dOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto a = analyse(inputShape, inputLayout, window, outputLayout);
  if (!a)
    return a.takeError();
  return finishPrograms(MaxPool2dOp::getOperationName(), {a->halo, a->pool},
                        a->outputShape, a->output, initialState);
}

llvm::Expected<size_t> OpModel<MaxPool2dOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout) {
  auto a = analyse(inputShape, inputLayout, window, outputLayout);
  if (!a)
    return a.takeError();
  // Read once from DRAM, written once to the output shard; the window's
  // kernel_h x kernel_w maxima per output element on the FPU.
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  const Window &w = a->window;
  double outElements = double(w.outSticks()) * w.channels;
  work.computeCycles = outElements / (kTileDim * kTileDim) * w.kernelH *
                       w.kernelW * kFpuCyclesPerTile;
  work.cores = a->cores;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
