//===- OpModelTypes.h - values exchanged with the op model ------*- C++ -*-===//
//
// The plain data that crosses the OpModel interface: the op configuration,
// the constraints an op reports and the L1 allocation records of the stateful
// (build-from-records) query.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_OPMODELTYPES_H
#define TTL_OPMODEL_OPMODELTYPES_H

#include "ttl/Dialect/TTNN/IR/TTNNAttrs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::ttnn {

/// What the caller asks of the op besides its operand layouts.
struct OpConfig {
  /// Where the result is placed. Null: the layout encoded in the op's result
  /// type.
  LayoutAttr outputLayout;
};

namespace op_model {

/// One live device buffer: the same address range in every bank of its
/// buffer type (TT-Metal's banked allocator keeps banks in lockstep).
struct OpModelAllocationRecord {
  BufferType bufferType = BufferType::L1;
  uint64_t address = 0;
  uint64_t sizePerBank = 0;

  bool operator==(const OpModelAllocationRecord &other) const {
    return bufferType == other.bufferType && address == other.address &&
           sizePerBank == other.sizePerBank;
  }
};

/// What an op needs per core, in bytes. Field order is part of the contract
/// (structured bindings in tests).
struct OpConstraints {
  /// Peak of circular (dataflow) buffers.
  uint64_t cbL1PeakSize = 0;
  /// Peak of tensors the op allocates in L1 (its outputs, intermediates).
  uint64_t tensorL1PeakSize = 0;
  /// Overall L1 peak: cb + tensors.
  uint64_t peakL1MemorySize = 0;
  /// Size per core (bank) of the output buffer when it is in L1, else 0.
  uint64_t outputL1BufferSize = 0;
  /// The layouts of the op's results.
  std::vector<LayoutAttr> outputLayouts;
  /// Stateful query only: where the outputs were allocated. Empty for the
  /// stateless query.
  std::vector<OpModelAllocationRecord> outputAllocations;
};

/// An inclusive rectangle of worker cores, (x, y) = (column, row).
struct CoreRect {
  int64_t startX = 0, startY = 0, endX = 0, endY = 0;

  bool contains(int64_t x, int64_t y) const {
    return startX <= x && x <= endX && startY <= y && y <= endY;
  }
  bool operator==(const CoreRect &o) const {
    return startX == o.startX && startY == o.startY && endX == o.endX &&
           endY == o.endY;
  }
};

/// A compiled TTL operation (ttnn.generic) as the op model sees it: plain
/// values, no attributes, so a cache key holding it outlives its context.
/// Inline storage sized for the usual operation (a few DFBs on one core
/// range each): building and copying it for a cache lookup allocates
/// nothing.
struct GenericProgram {
  /// One circular buffer: its L1 bytes on each core it is allocated on.
  struct Buffer {
    int64_t bytesPerCore = 0;
    llvm::SmallVector<CoreRect, 1> cores;
    bool operator==(const Buffer &o) const {
      return bytesPerCore == o.bytesPerCore && cores == o.cores;
    }
  };
  std::string operationId;
  int64_t gridCols = 1, gridRows = 1;
  llvm::SmallVector<Buffer, 4> buffers;
  /// Cores of every kernel descriptor (the cores the operation runs on).
  llvm::SmallVector<CoreRect, 3> kernelCores;
  /// Tile math operations in total, when known.
  std::optional<int64_t> tileOps;

  bool operator==(const GenericProgram &o) const {
    return operationId == o.operationId && gridCols == o.gridCols &&
           gridRows == o.gridRows && buffers == o.buffers &&
           kernelCores == o.kernelCores && tileOps == o.tileOps;
  }
};

class MockAllocatorState;

} // namespace op_model
} // namespace mlir::ttnn

#endif // TTL_OPMODEL_OPMODELTYPES_H
