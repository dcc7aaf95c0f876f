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
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
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

class MockAllocatorState;

} // namespace op_model
} // namespace mlir::ttnn

#endif // TTL_OPMODEL_OPMODELTYPES_H
