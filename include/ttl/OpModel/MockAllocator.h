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
// The live buffers of each buffer type are an interval set: disjoint
// [address, address + sizePerBank) ranges in a vector sorted by address.
// Applying one record is a binary search for its neighbours (O(log n));
// applying a whole live set (buildInitialState) sorts it once and checks
// neighbours (O(n log n), O(n) when it is already sorted, as the L1 spill
// pass hands it over). The lowest L1 buffer, which bounds the circular
// buffers, is the first element.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_MOCKALLOCATOR_H
#define TTL_OPMODEL_MOCKALLOCATOR_H

#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <vector>

namespace mlir::ttnn::op_model {

class MockAllocatorState {
public:
  explicit MockAllocatorState(const DeviceModel &device) : device(&device) {}

  const DeviceModel &getDevice() const { return *device; }

  /// Marks a live buffer as allocated. Fails (backend error) when it is
  /// empty, out of the bank (without wrapping: address + size must not pass
  /// 2^64), misaligned or overlaps another live buffer. O(log n) search.
  llvm::Error apply(const OpModelAllocationRecord &record);

  /// apply() of every record, as one batch: O(n log n) for n records, O(n)
  /// when they are sorted by address (ascending or descending). The state is
  /// unchanged on failure.
  llvm::Error applyAll(llvm::ArrayRef<OpModelAllocationRecord> records);

  /// Allocates `sizePerBank` bytes (rounded up to the alignment): L1 at the
  /// highest free address that fits, DRAM at the lowest. Out of memory when
  /// no free range fits.
  llvm::Expected<OpModelAllocationRecord> allocate(BufferType bufferType,
                                                   uint64_t sizePerBank);

  /// Fails (out of memory) when `cbBytes` of circular buffers, placed from
  /// the bottom of the unreserved L1, overlap a live L1 buffer. O(1).
  llvm::Error checkCircularBuffers(uint64_t cbBytes) const;

  /// Live L1 buffers, sorted by address.
  llvm::ArrayRef<OpModelAllocationRecord> getL1Buffers() const { return l1; }
  llvm::ArrayRef<OpModelAllocationRecord> getDramBuffers() const {
    return dram;
  }

private:
  struct Bank {
    uint64_t begin, end, alignment;
  };
  Bank bank(BufferType type) const {
    if (type == BufferType::L1)
      return {device->l1ReservedBytes, device->l1Bytes,
              device->l1Alignment};
    return {0, device->dramBankBytes, device->dramAlignment};
  }
  std::vector<OpModelAllocationRecord> &buffers(BufferType type) {
    return type == BufferType::L1 ? l1 : dram;
  }
  const std::vector<OpModelAllocationRecord> &buffers(BufferType type) const {
    return type == BufferType::L1 ? l1 : dram;
  }
  /// Range and alignment of one record (not overlap).
  llvm::Error checkPlacement(const OpModelAllocationRecord &record) const;
  /// The aligned address of a free range of `size` bytes: the highest (L1)
  /// or lowest (DRAM), or none.
  std::optional<uint64_t> findFree(BufferType type, uint64_t size) const;

  const DeviceModel *device;
  std::vector<OpModelAllocationRecord> l1;
  std::vector<OpModelAllocationRecord> dram;
};

/// The state a stateful query starts from: the current device with `records`
/// applied (applyAll). Returns a non-null state for every valid set,
/// including the empty one: an engaged empty live set is a stateful query
/// (see TTNNOpModelInterface.cpp), and the first op of a window must allocate.
llvm::Expected<std::unique_ptr<MockAllocatorState>>
buildInitialState(llvm::ArrayRef<OpModelAllocationRecord> records);

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_MOCKALLOCATOR_H
