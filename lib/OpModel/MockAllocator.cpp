//===- MockAllocator.cpp - a model of the device's L1 and DRAM ------------===//

#include "ttl/OpModel/MockAllocator.h"

#include "ttl/OpModel/OpModelErrors.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace mlir::ttnn::op_model {

static uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

static std::string describe(const OpModelAllocationRecord &r) {
  return (llvm::Twine(stringifyBufferType(r.bufferType)) + " [" +
          llvm::Twine(r.address) + ", " + llvm::Twine(r.address + r.sizePerBank) +
          ")")
      .str();
}

llvm::Error MockAllocatorState::apply(const OpModelAllocationRecord &record) {
  bool isL1 = record.bufferType == BufferType::L1;
  uint64_t begin = isL1 ? device->l1UnreservedBase : 0;
  uint64_t end = isL1 ? device->l1BankSize : device->dramBankSize;
  uint64_t alignment = isL1 ? device->l1Alignment : device->dramAlignment;
  if (record.sizePerBank == 0)
    return backendError("live buffer " + describe(record) + " is empty");
  if (record.address < begin || record.address + record.sizePerBank > end)
    return backendError("live buffer " + describe(record) +
                        " lies outside the allocatable range [" +
                        llvm::Twine(begin) + ", " + llvm::Twine(end) + ")");
  if (record.address % alignment)
    return backendError("live buffer " + describe(record) +
                        " is not aligned to " + llvm::Twine(alignment) + " B");
  std::vector<OpModelAllocationRecord> &list = buffers(record.bufferType);
  for (const OpModelAllocationRecord &other : list)
    if (record.address < other.address + other.sizePerBank &&
        other.address < record.address + record.sizePerBank)
      return backendError("live buffer " + describe(record) +
                          " overlaps live buffer " + describe(other));
  auto pos = llvm::lower_bound(list, record, [](const auto &a, const auto &b) {
    return a.address < b.address;
  });
  list.insert(pos, record);
  return llvm::Error::success();
}

llvm::Expected<OpModelAllocationRecord>
MockAllocatorState::allocate(BufferType bufferType, uint64_t sizePerBank) {
  bool isL1 = bufferType == BufferType::L1;
  uint64_t begin = isL1 ? device->l1UnreservedBase : 0;
  uint64_t end = isL1 ? device->l1BankSize : device->dramBankSize;
  uint64_t alignment = isL1 ? device->l1Alignment : device->dramAlignment;
  uint64_t size = alignUp(std::max<uint64_t>(sizePerBank, 1), alignment);
  std::vector<OpModelAllocationRecord> &list = buffers(bufferType);

  // Free gaps between live buffers, in address order.
  std::vector<std::pair<uint64_t, uint64_t>> gaps;
  uint64_t cursor = begin;
  for (const OpModelAllocationRecord &r : list) {
    if (r.address > cursor)
      gaps.push_back({cursor, r.address});
    cursor = std::max(cursor, r.address + r.sizePerBank);
  }
  if (end > cursor)
    gaps.push_back({cursor, end});

  std::optional<uint64_t> address;
  if (isL1) {
    // Top-down: the highest gap that fits, at its aligned top.
    for (auto it = gaps.rbegin(); it != gaps.rend() && !address; ++it) {
      if (it->second - it->first < size)
        continue;
      uint64_t candidate = (it->second - size) / alignment * alignment;
      if (candidate >= it->first)
        address = candidate;
    }
  } else {
    for (auto [gapBegin, gapEnd] : gaps) {
      uint64_t candidate = alignUp(gapBegin, alignment);
      if (candidate + size <= gapEnd) {
        address = candidate;
        break;
      }
    }
  }
  if (!address) {
    uint64_t largest = 0;
    for (auto [gapBegin, gapEnd] : gaps)
      largest = std::max(largest, gapEnd - gapBegin);
    return outOfMemoryError("cannot allocate " + llvm::Twine(size) +
                            " B per bank in " +
                            stringifyBufferType(bufferType) +
                            ": the largest free range is " +
                            llvm::Twine(largest) + " B");
  }
  OpModelAllocationRecord record{bufferType, *address, size};
  if (llvm::Error err = apply(record))
    return err;
  return record;
}

llvm::Error MockAllocatorState::checkCircularBuffers(uint64_t cbBytes) const {
  if (cbBytes == 0)
    return llvm::Error::success();
  uint64_t cbEnd = device->l1UnreservedBase + cbBytes;
  if (cbEnd > device->l1BankSize)
    return outOfMemoryError("circular buffers need " + llvm::Twine(cbBytes) +
                            " B per core but L1 has " +
                            llvm::Twine(device->usableL1()) + " B usable");
  for (const OpModelAllocationRecord &r : l1)
    if (r.address < cbEnd)
      return outOfMemoryError(
          "circular buffers [" + llvm::Twine(device->l1UnreservedBase) + ", " +
          llvm::Twine(cbEnd) + ") clash with the L1 buffer " + describe(r));
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<MockAllocatorState>>
buildInitialState(llvm::ArrayRef<OpModelAllocationRecord> records) {
  // Non-null for every valid set, the empty one included.
  auto state = std::make_unique<MockAllocatorState>(currentDevice());
  for (const OpModelAllocationRecord &record : records)
    if (llvm::Error err = state->apply(record))
      return err;
  return state;
}

} // namespace mlir::ttnn::op_model
