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

#include <array>
#include <map>

namespace mlir::ttnn::op_model::backend {

namespace {
/// Bytes of one entry of the halo and reader config tensors (uint16).
constexpr uint64_t kConfigEntryBytes = 2;
} // namespace

/// ttnn's halo config generation for a row-major input, sized (see the file
/// comment): sticks are indexed in the padded input, image after image.
Halo simulateHalo(const Window &w, const Distribution &d) {
  int64_t hp = w.height + 2 * w.padH, wp = w.width + 2 * w.padW;
  int64_t outH = w.outH(), outW = w.outW();
  auto windowStart = [&](int64_t out) {
    int64_t n = out / (outH * outW), r = out % (outH * outW);
    return n * hp * wp + (r / outW) * w.strideH * wp + (r % outW) * w.strideW;
  };
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
    int64_t begin = windowStart(first), end = windowStart(last) + windowEnd;
    halo.sticks = std::max(halo.sticks, end - begin + 1);
    for (int64_t global = begin; global <= end; ++global) {
      int64_t local = global - begin;
      int64_t n = global / (hp * wp), rem = global % (hp * wp);
      int64_t h = rem / wp - w.padH, x = rem % wp - w.padW;
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
  // Padding runs per destination core; gather routes per source core (the
  // local copy first, then one route per remote destination).
  std::vector<int64_t> padRuns(cores, 0);
  std::vector<std::vector<int64_t>> routes(cores, std::vector<int64_t>(1, 0));
  for (const auto &[key, list] : runs) {
    auto [src, dst] = key;
    int64_t count = int64_t(list.size());
    if (src == kPad)
      padRuns[dst] += count;
    else if (src == dst)
      routes[src][0] = count;
    else
      routes[src].push_back(count);
  }
  for (int64_t core = 0; core < cores; ++core) {
    // Padding runs: the first half to one data-movement core, the rest to
    // the other; [start, length] each plus a null pair.
    int64_t half = padRuns[core] / 2;
    halo.padConfig[0] = std::max(halo.padConfig[0], 2 * half + 2);
    halo.padConfig[1] =
        std::max(halo.padConfig[1], 2 * (padRuns[core] - half) + 2);
    // Transfers alternate between the two cores; a route keeps its header
    // (3 entries) on each core that gets some of its transfers (3 each),
    // after one count entry.
    int64_t size[2] = {1, 1};
    int64_t position = 0;
    for (int64_t transfers : routes[core]) {
      int64_t share[2] = {0, 0};
      for (int64_t t = 0; t < transfers; ++t, ++position)
        ++share[position % 2];
      for (int i = 0; i < 2; ++i)
        if (share[i])
          size[i] += 3 + 3 * share[i];
    }
    for (int i = 0; i < 2; ++i)
      halo.gatherConfig[i] = std::max(halo.gatherConfig[i], size[i]);
  }
  for (int64_t &entries : halo.gatherConfig)
    entries = (entries + 1) / 2 * 2;
  return halo;
}


int64_t readerIndexEntries(const Window &w, const Distribution &d,
                           int64_t firstReaderSticks) {
  int64_t outW = w.outW(), entries = 0;
  // A start / end pair per output row segment, and a closing pair.
  auto segment = [&](int64_t first, int64_t last) {
    return first > last ? 0 : 2 * (last / outW - first / outW + 1) + 2;
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

HaloBuffers haloBuffers(const Window &w, const Distribution &d) {
  const DeviceModel &device = currentDevice();
  Halo halo = simulateHalo(w, d);
  uint64_t stick = d.channelsPerCore * kStickElementBytes;
  HaloBuffers b = reshardBuffers(d);
  b.halo = alignTo(halo.sticks * stick, device.l1Alignment);
  for (int64_t entries : {halo.padConfig[0], halo.padConfig[1],
                          halo.gatherConfig[0], halo.gatherConfig[1]})
    b.configs += alignTo(entries * kConfigEntryBytes, device.l1Alignment);
  return b;
}

uint64_t readerIndexBytes(int64_t entries) {
  return alignTo(entries * kConfigEntryBytes, currentDevice().l1Alignment);
}

} // namespace mlir::ttnn::op_model::backend
