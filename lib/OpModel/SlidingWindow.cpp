//===- SlidingWindow.cpp - the halo step ttnn's CNN pipelines share -------===//
//
// The halo op of ttnn 0.81.1's sliding-window pipelines (max_pool2d in
// Pool.cpp, conv2d's conv program in Conv.cpp): each core gathers the padded
// input sticks its output windows read, driven by four config tensors whose
// sizes come from simulating ttnn's config generation
// (sliding_window's generate_halo_kernel_config_tensors for a row-major
// input): per core, runs of padding sticks and of sticks copied from each
// source core.
//
//===----------------------------------------------------------------------===//

#include "SlidingWindow.h"

#include <algorithm>
#include <array>
#include <map>

namespace mlir::ttnn::op_model::analytical {

namespace {
/// Bytes of one entry of the halo and reader config tensors (uint16).
constexpr uint64_t kConfigEntryBytes = 2;
/// The block a tiled input's halo untilizes and gathers by: a tile row of
/// sticks (untilize_with_halo's block_size).
constexpr int64_t kHaloBlockSticks = kTileDim;

/// One gather transfer of a source core: its destination core, first
/// source stick and length.
struct Transfer {
  int64_t dst, src, length;
};

/// A gather config's uint16 entries: a route count, then per route (a run
/// of consecutive transfers to one destination) a 3-entry header and 3
/// entries per transfer.
int64_t gatherEntries(llvm::ArrayRef<Transfer> transfers) {
  int64_t entries = 1;
  for (size_t i = 0; i < transfers.size(); ++i)
    entries += (i == 0 || transfers[i].dst != transfers[i - 1].dst ? 3 : 0) + 3;
  return transfers.empty() ? 1 : entries;
}

/// A row-major input's gather: the transfers alternate between the two
/// data-movement cores (divide_transfers_between_cores).
std::array<int64_t, 2> alternatedGatherEntries(
    llvm::ArrayRef<Transfer> transfers) {
  std::vector<Transfer> half[2];
  for (size_t i = 0; i < transfers.size(); ++i)
    half[i % 2].push_back(transfers[i]);
  return {gatherEntries(half[0]), gatherEntries(half[1])};
}

/// A tiled input's gather: transfers split at block boundaries of the
/// source, ordered by source stick then destination core (its column, then
/// row), the even blocks to one data-movement core and the odd to the other
/// (quantize_transfers_along_block_boundaries, reorder_transfers_globally,
/// divide_blocks_between_cores).
std::array<int64_t, 2> blockedGatherEntries(llvm::ArrayRef<Transfer> transfers,
                                            int64_t coreColumns) {
  std::vector<Transfer> pieces;
  for (Transfer t : transfers) {
    while (t.length > 0) {
      int64_t length = std::min(t.length, kHaloBlockSticks -
                                              t.src % kHaloBlockSticks);
      pieces.push_back({t.dst, t.src, length});
      t.src += length;
      t.length -= length;
    }
  }
  std::sort(pieces.begin(), pieces.end(),
            [&](const Transfer &a, const Transfer &b) {
              auto key = [&](const Transfer &t) {
                return std::array<int64_t, 3>{t.src, t.dst % coreColumns,
                                              t.dst / coreColumns};
              };
              return key(a) < key(b);
            });
  std::vector<Transfer> half[2];
  for (const Transfer &t : pieces)
    half[(t.src / kHaloBlockSticks) % 2].push_back(t);
  return {gatherEntries(half[0]), gatherEntries(half[1])};
}
} // namespace

int64_t windowStart(const Window &w, int64_t out) {
  int64_t hp = w.paddedH(), wp = w.paddedW();
  int64_t outH = w.outH(), outW = w.outW();
  int64_t n = out / (outH * outW), r = out % (outH * outW);
  return n * hp * wp + (r / outW) * w.strideH * wp + (r % outW) * w.strideW;
}

/// ttnn's halo config generation for a row-major input, sized (see the file
/// comment): sticks are indexed in the padded input, image after image.
Halo simulateHalo(const Window &w, const Distribution &d,
                  const HaloInput &input) {
  int64_t hp = w.paddedH(), wp = w.paddedW();
  int64_t windowEnd = (w.kernelH - 1) * wp + (w.kernelW - 1);
  constexpr int64_t kPad = -1;
  // (source core, destination core) -> runs of [source, destination, length].
  std::map<std::pair<int64_t, int64_t>, std::vector<std::array<int64_t, 3>>>
      runs;
  Halo halo;
  int64_t cores = d.stickCores;
  for (int64_t core = 0; core < cores; ++core) {
    int64_t first = core * d.outSticksPerCore;
    int64_t last = std::min(first + d.outSticksPerCore, w.outSticks()) - 1;
    int64_t begin = windowStart(w, first), end = windowStart(w, last) + windowEnd;
    halo.sticks = std::max(halo.sticks, end - begin + 1);
    for (int64_t global = begin; global <= end; ++global) {
      int64_t local = global - begin;
      int64_t n = global / (hp * wp), rem = global % (hp * wp);
      int64_t h = rem / wp - w.padTop, x = rem % wp - w.padLeft;
      bool pad = h < 0 || h >= w.height || x < 0 || x >= w.width;
      int64_t src = kPad, srcLocal = 0;
      if (!pad) {
        int64_t pixel = (n * w.height + h) * w.width + x;
        src = pixel / d.inSticksPerCore;
        srcLocal = pixel % d.inSticksPerCore;
      }
      auto &list = runs[{src, core}];
      if (!list.empty()) {
        auto &[runSrc, runDst, length] = list.back();
        if ((pad || srcLocal == runSrc + length) && local == runDst + length) {
          ++length;
          continue;
        }
      }
      list.push_back({srcLocal, local, 1});
    }
  }
  // Padding runs per destination core; gather transfers per source core
  // (the local copy first, then one route per remote destination).
  std::vector<int64_t> padRuns(cores, 0);
  std::vector<std::vector<Transfer>> transfers(cores);
  for (const auto &[key, list] : runs) {
    auto [src, dst] = key;
    if (src == kPad) {
      padRuns[dst] += int64_t(list.size());
      continue;
    }
    auto &out = transfers[src];
    auto at = src == dst ? out.begin() : out.end();
    std::vector<Transfer> route;
    for (const auto &[srcStart, dstStart, length] : list)
      route.push_back({dst, srcStart, length});
    out.insert(at, route.begin(), route.end());
  }
  for (int64_t core = 0; core < cores; ++core) {
    // Padding runs: the first half to one data-movement core, the rest to
    // the other; [start, length] each plus a null pair.
    int64_t half = padRuns[core] / 2;
    halo.padConfig[0] = std::max(halo.padConfig[0], 2 * half + 2);
    halo.padConfig[1] =
        std::max(halo.padConfig[1], 2 * (padRuns[core] - half) + 2);
    std::array<int64_t, 2> size =
        input.tiled ? blockedGatherEntries(transfers[core], input.coreColumns)
                    : alternatedGatherEntries(transfers[core]);
    for (int i = 0; i < 2; ++i)
      halo.gatherConfig[i] = std::max(halo.gatherConfig[i], size[i]);
  }
  for (int64_t &entries : halo.gatherConfig)
    entries = (entries + 1) / 2 * 2;
  return halo;
}


int64_t readerIndexEntries(const Window &w, const Distribution &d,
                           int64_t firstReaderSticks) {
  int64_t entries = 0;
  // A start / end pair per run of output sticks whose windows start
  // `strideW` sticks apart (one output row, or several when rows follow on:
  // a 1x1 stride-1 window), and a closing pair.
  auto segment = [&](int64_t first, int64_t last) {
    if (first > last)
      return int64_t(0);
    int64_t runs = 1;
    for (int64_t out = first; out < last; ++out)
      runs += windowStart(w, out + 1) - windowStart(w, out) != w.strideW;
    return 2 * runs + 2;
  };
  for (int64_t core = 0; core < d.stickCores; ++core) {
    int64_t first = core * d.outSticksPerCore;
    int64_t last = std::min(first + d.outSticksPerCore, w.outSticks()) - 1;
    int64_t split = firstReaderSticks ? std::min(first + firstReaderSticks,
                                                 last + 1)
                                      : last + 1;
    entries = std::max(entries,
                       segment(first, split - 1) + segment(split, last));
  }
  return entries;
}

HaloBuffers reshardBuffers(const Distribution &d) {
  uint64_t stick = d.channelsPerCore * kStickElementBytes;
  HaloBuffers b;
  b.reshard = alignTo(d.inSticksPerCore * stick, currentDevice().l1Alignment);
  b.scratch = reshardScratchBytes(stick);
  return b;
}

HaloBuffers haloBuffers(const Window &w, const Distribution &d,
                        const HaloInput &input) {
  const DeviceModel &device = currentDevice();
  Halo halo = simulateHalo(w, d, input);
  uint64_t stick = d.channelsPerCore * kStickElementBytes;
  HaloBuffers b = reshardBuffers(d);
  if (input.tiled) {
    // A tiled reshard is tiles (no stick scratchpad); the halo program adds
    // two untilize CBs of a double-buffered block (a tile row of the
    // core's channel tiles) and two padding sticks (untilize_with_halo).
    b.scratch = 0;
    b.cbBytes = 2 * 2 * uint64_t(ceilDiv(d.channelsPerCore, kTileDim)) *
                    kBf16TileBytes +
                2 * stick;
  }
  b.halo = alignTo(halo.sticks * stick, device.l1Alignment);
  for (int64_t entries : {halo.padConfig[0], halo.padConfig[1],
                          halo.gatherConfig[0], halo.gatherConfig[1]})
    b.configs += alignTo(entries * kConfigEntryBytes, device.l1Alignment);
  return b;
}

uint64_t readerIndexBytes(int64_t entries) {
  return alignTo(entries * kConfigEntryBytes, currentDevice().l1Alignment);
}

} // namespace mlir::ttnn::op_model::analytical
