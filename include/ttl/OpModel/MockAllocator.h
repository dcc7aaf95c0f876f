//===- MockAllocator.h - a model of the device's L1 and DRAM ----*- C++ -*-===//
//
// MockAllocatorState models TT-Metal's banked allocator: every buffer takes
// the same address range in every bank of its type (interleaved pages are
// round-robin over banks, shards one per core; both are `sizePerBank` per
// bank). In L1, tensors are placed top-down from the end of the bank and
// circular buffers grow from the bottom of the unreserved region; a program
// whose circular buffers reach the lowest tensor clashes. DRAM is allocated
// bottom-up. A state is a value: queries copy it and never change the caller's.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_MOCKALLOCATOR_H
#define TTL_OPMODEL_MOCKALLOCATOR_H

#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <vector>

namespace mlir::ttnn::op_model {

class MockAllocatorState {
public:
  explicit MockAllocatorState(const DeviceModel &device) : device(&device) {}

  const DeviceModel &getDevice() const { return *device; }

  /// Marks a live buffer as allocated. Fails (backend error) when it is out
  /// of the bank, misaligned or overlaps another live buffer.
  llvm::Error apply(const OpModelAllocationRecord &record);

  /// Allocates `sizePerBank` bytes (rounded up to the alignment): L1 at the
  /// highest free address that fits, DRAM at the lowest. Out of memory when
  /// no free range fits.
  llvm::Expected<OpModelAllocationRecord> allocate(BufferType bufferType,
                                                   uint64_t sizePerBank);

  /// Fails (out of memory) when `cbBytes` of circular buffers, placed from
  /// the bottom of the unreserved L1, overlap a live L1 buffer.
  llvm::Error checkCircularBuffers(uint64_t cbBytes) const;

  /// Live L1 buffers, sorted by address.
  llvm::ArrayRef<OpModelAllocationRecord> getL1Buffers() const { return l1; }
  llvm::ArrayRef<OpModelAllocationRecord> getDramBuffers() const {
    return dram;
  }

private:
  std::vector<OpModelAllocationRecord> &buffers(BufferType type) {
    return type == BufferType::L1 ? l1 : dram;
  }

  const DeviceModel *device;
  std::vector<OpModelAllocationRecord> l1;
  std::vector<OpModelAllocationRecord> dram;
};

/// The state a stateful query starts from: the current device with `records`
/// applied. Returns a non-null state for every valid set, including the empty
/// one: an engaged empty live set is a stateful query (see
/// TTNNOpModelInterface.cpp), and the first op of a window must allocate.
llvm::Expected<std::unique_ptr<MockAllocatorState>>
buildInitialState(llvm::ArrayRef<OpModelAllocationRecord> records);

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_MOCKALLOCATOR_H
