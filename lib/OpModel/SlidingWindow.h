//===- SlidingWindow.h - what ttnn's CNN pipelines share --------*- C++ -*-===//
//
// Facts measured on the mock Wormhole and Blackhole devices that max_pool2d
// (Pool.cpp) and conv2d (Conv.cpp) share (docs/op-model.md, "CNN ops").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_OPMODEL_SLIDINGWINDOW_H
#define TTL_LIB_OPMODEL_SLIDINGWINDOW_H

#include "Backend.h"

namespace mlir::ttnn::op_model::backend {

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

/// finish() of a pipeline of programs whose buffers graph capture reports as
/// phase peaks: `analysis` carries the last program's CBs, the output and
/// the largest set of other buffers (allocated on top of the output on the
/// stateful path), and the answer's L1 peaks are the measured phase maxima.
inline llvm::Expected<OpConstraints>
finishPipeline(llvm::StringRef opName, const Analysis &analysis,
               uint64_t tensorPeak, uint64_t overallPeak,
               const MockAllocatorState *initialState) {
  auto result = finish(opName, analysis, initialState);
  if (!result)
    return result.takeError();
  result->tensorL1PeakSize = tensorPeak;
  result->peakL1MemorySize = overallPeak;
  return result;
}

} // namespace mlir::ttnn::op_model::backend

#endif // TTL_LIB_OPMODEL_SLIDINGWINDOW_H
