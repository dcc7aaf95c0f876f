//===- SlidingWindow.h - what ttnn's CNN pipelines share --------*- C++ -*-===//
//
// Facts measured on the mock Wormhole and Blackhole devices that max_pool2d
// (Pool.cpp) and conv2d (Conv.cpp) share (docs/op-model.md, "CNN ops").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_OPMODEL_SLIDINGWINDOW_H
#define TTL_LIB_OPMODEL_SLIDINGWINDOW_H

#include "AnalyticalModel.h"

namespace mlir::ttnn::op_model::analytical {

/// Bytes of one bf16 element (the row-major sticks both pipelines read).
constexpr uint64_t kStickElementBytes = 2;

inline uint64_t alignTo(uint64_t value, uint64_t alignment) {
  return ceilDiv(value, alignment) * alignment;
}

/// The scratchpad graph capture reports while a row-major input of
/// `stickBytes` per pixel is resharded into L1 and converted there (the
/// pool's halo, the 1x1 convolution's tilize): four sticks and four more
/// units, each in the DRAM alignment (Wormhole 32 B: 640 B for 64 bf16
/// channels; Blackhole 64 B: 768 B).
inline uint64_t reshardScratchBytes(uint64_t stickBytes) {
  uint64_t unit = currentDevice().dramAlignment;
  return 4 * (alignTo(stickBytes, unit) + unit);
}

/// A sliding window's attributes (conv2d: `channels` are the input's). The
/// padding is ttnn's padding_n4 (top, bottom, left, right): a DRAM slice of a
/// convolution pads its edges apart.
struct Window {
  int64_t batch, height, width, channels;
  int64_t kernelH, kernelW, strideH, strideW;
  int64_t padTop, padBottom, padLeft, padRight;
  int64_t paddedH() const { return height + padTop + padBottom; }
  int64_t paddedW() const { return width + padLeft + padRight; }
  int64_t outH() const { return (paddedH() - kernelH) / strideH + 1; }
  int64_t outW() const { return (paddedW() - kernelW) / strideW + 1; }
  int64_t outSticks() const { return batch * outH() * outW(); }
  int64_t inSticks() const { return batch * height * width; }
};

/// The padded input stick (image after image) where output stick `out`'s
/// window starts: its top-left corner.
int64_t windowStart(const Window &w, int64_t out);

/// How ttnn distributes the op for one sharding scheme.
struct Distribution {
  /// Cores along the sticks (height: cores used; block: grid rows; width: 1).
  int64_t stickCores;
  int64_t outSticksPerCore;
  int64_t inSticksPerCore;
  /// Cores along the channels (height: 1) and channels per core.
  int64_t channelCores;
  int64_t channelsPerCore;
};

/// What the halo step allocates per core, in sticks and config entries.
struct Halo {
  int64_t sticks = 0; // the largest core's gathered sticks
  int64_t padConfig[2] = {0, 0};
  int64_t gatherConfig[2] = {0, 0};
};

/// The halo's input: row-major sticks, or (`tiled`) tiles the halo
/// untilizes a tile row at a time; its gather then runs by blocks of a tile
/// row of source sticks, ordered by source stick and destination core
/// (`coreColumns`: the columns of the grid its cores are numbered over).
struct HaloInput {
  bool tiled = false;
  int64_t coreColumns = 1;
};

/// ttnn's halo config generation, sized (SlidingWindow.cpp).
Halo simulateHalo(const Window &w, const Distribution &d,
                  const HaloInput &input = {});

/// The halo phase's L1 per core: the input resharded into L1, the halo
/// buffer and its four config tensors (each the largest core's, aligned),
/// and the reshard's scratchpad (a row-major reshard's). `cbBytes`: the
/// halo program's CBs besides its buffers (a tiled input's untilize blocks
/// and the padding sticks; counted for tiled inputs only).
struct HaloBuffers {
  uint64_t reshard = 0, halo = 0, configs = 0, scratch = 0, cbBytes = 0;
  uint64_t phase() const { return reshard + halo + configs; }
};
HaloBuffers haloBuffers(const Window &w, const Distribution &d,
                        const HaloInput &input = {});
/// The reshard alone (a convolution that reads its input shard directly):
/// the reshard and its scratchpad, no halo.
HaloBuffers reshardBuffers(const Distribution &d);

/// The largest core's uint16 entries of the reader-index tensor the pool and
/// conv programs read: per reader, a start / end pair per run of output
/// sticks whose windows start a stride apart (an output row; rows that
/// follow on for a 1x1 stride-1 window: measured 8 B for a core's one run,
/// 16 B for two readers' 1x1 padded windows) and a closing pair. `firstReaderSticks` > 0 splits each core's output
/// sticks between two readers (conv2d's split reader) after that many.
int64_t readerIndexEntries(const Window &w, const Distribution &d,
                           int64_t firstReaderSticks = 0);
/// The reader-index tensor's bytes per core for `entries`.
uint64_t readerIndexBytes(int64_t entries);

} // namespace mlir::ttnn::op_model::analytical

#endif // TTL_LIB_OPMODEL_SLIDINGWINDOW_H
