//===- MockAllocator.cpp - a model of the device's L1 and DRAM ------------===//

#include "ttl/OpModel/MockAllocator.h"

#include "ttl/OpModel/OpModelErrors.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace mlir::ttnn::op_model {

namespace {

uint64_t endOf(const OpModelAllocationRecord &r) {
  return r.address + r.sizePerBank;
}

bool byAddress(const OpModelAllocationRecord &a,
               const OpModelAllocationRecord &b) {
  return a.address < b.address;
}

/// "l1 [712704, 843776)", or "l1 [address, +size)" when the end would wrap.
std::string describe(const OpModelAllocationRecord &r) {
  bool wraps = r.sizePerBank > UINT64_MAX - r.address;
  return (llvm::Twine(stringifyBufferType(r.bufferType)) + " [" +
          llvm::Twine(r.address) + ", " + (wraps ? "+" : "") +
          llvm::Twine(wraps ? r.sizePerBank : endOf(r)) + ")")
      .str();
}

llvm::Error overlapError(const OpModelAllocationRecord &record,
                         const OpModelAllocationRecord &other) {
  return backendError("live buffer " + describe(record) +
                      " overlaps live buffer " + describe(other));
}

/// Alignments are powers of two on every device; a mask spares a division
/// per record.
bool isAligned(uint64_t address, uint64_t alignment) {
  return llvm::isPowerOf2_64(alignment) ? (address & (alignment - 1)) == 0
                                        : address % alignment == 0;
}

/// Sorts `records` by address: nothing to do or one reversal for the two
/// orders live sets usually come in, a sort otherwise.
void sortByAddress(std::vector<OpModelAllocationRecord> &records) {
  if (std::is_sorted(records.begin(), records.end(), byAddress))
    return;
  if (std::is_sorted(records.rbegin(), records.rend(), byAddress))
    std::reverse(records.begin(), records.end());
  else
    std::sort(records.begin(), records.end(), byAddress);
}

/// The first pair of neighbours (sorted by address) that overlap.
llvm::Error checkDisjoint(llvm::ArrayRef<OpModelAllocationRecord> sorted) {
  for (size_t i = 1; i < sorted.size(); ++i)
    if (endOf(sorted[i - 1]) > sorted[i].address)
      return overlapError(sorted[i], sorted[i - 1]);
  return llvm::Error::success();
}

} // namespace

llvm::Error
MockAllocatorState::checkPlacement(const OpModelAllocationRecord &record) const {
  Bank b = bank(record.bufferType);
  if (record.sizePerBank == 0)
    return backendError("live buffer " + describe(record) + " is empty");
  // Compared without forming address + size, which may wrap.
  if (record.address < b.begin || record.address > b.end ||
      record.sizePerBank > b.end - record.address)
    return backendError("live buffer " + describe(record) +
                        " lies outside the allocatable range [" +
                        llvm::Twine(b.begin) + ", " + llvm::Twine(b.end) + ")");
  if (!isAligned(record.address, b.alignment))
    return backendError("live buffer " + describe(record) +
                        " is not aligned to " + llvm::Twine(b.alignment) +
                        " B");
  return llvm::Error::success();
}

llvm::Error MockAllocatorState::apply(const OpModelAllocationRecord &record) {
  if (llvm::Error err = checkPlacement(record))
    return err;
  std::vector<OpModelAllocationRecord> &list = buffers(record.bufferType);
  auto pos = std::upper_bound(list.begin(), list.end(), record, byAddress);
  if (pos != list.end() && endOf(record) > pos->address)
    return overlapError(record, *pos);
  if (pos != list.begin() && endOf(*std::prev(pos)) > record.address)
    return overlapError(record, *std::prev(pos));
  list.insert(pos, record);
  return llvm::Error::success();
}

llvm::Error
MockAllocatorState::applyAll(llvm::ArrayRef<OpModelAllocationRecord> records) {
  // The checks of checkPlacement inline (the per-record cost of a stateful
  // query); checkPlacement itself only words the error.
  const Bank banks[2] = {bank(BufferType::DRAM), bank(BufferType::L1)};
  std::vector<OpModelAllocationRecord> added[2];
  added[1].reserve(records.size());
  for (const OpModelAllocationRecord &record : records) {
    bool isL1 = record.bufferType == BufferType::L1;
    const Bank &b = banks[isL1];
    bool placed = record.sizePerBank != 0 && record.address >= b.begin &&
                  record.address <= b.end &&
                  record.sizePerBank <= b.end - record.address &&
                  isAligned(record.address, b.alignment);
    if (!placed)
      return checkPlacement(record);
    added[isL1].push_back(record);
  }
  std::vector<OpModelAllocationRecord> merged[2];
  for (BufferType type : {BufferType::DRAM, BufferType::L1}) {
    std::vector<OpModelAllocationRecord> &batch =
        added[type == BufferType::L1];
    std::vector<OpModelAllocationRecord> &result =
        merged[type == BufferType::L1];
    sortByAddress(batch);
    const std::vector<OpModelAllocationRecord> &live = buffers(type);
    if (live.empty()) {
      result = std::move(batch);
    } else {
      result.reserve(live.size() + batch.size());
      std::merge(live.begin(), live.end(), batch.begin(), batch.end(),
                 std::back_inserter(result), byAddress);
    }
    if (llvm::Error err = checkDisjoint(result))
      return err;
  }
  dram = std::move(merged[0]);
  l1 = std::move(merged[1]);
  return llvm::Error::success();
}

std::optional<uint64_t> MockAllocatorState::findFree(BufferType type,
                                                     uint64_t size) const {
  Bank b = bank(type);
  const std::vector<OpModelAllocationRecord> &list = buffers(type);
  if (type == BufferType::L1) {
    // Top-down: the highest gap that fits, at its aligned top.
    uint64_t top = b.end;
    for (size_t i = list.size() + 1; i-- > 0;) {
      uint64_t gapBegin = i == 0 ? b.begin : endOf(list[i - 1]);
      if (top - gapBegin >= size) {
        uint64_t candidate = (top - size) / b.alignment * b.alignment;
        if (candidate >= gapBegin)
          return candidate;
      }
      if (i > 0)
        top = list[i - 1].address;
    }
    return std::nullopt;
  }
  uint64_t cursor = b.begin;
  for (size_t i = 0; i <= list.size(); ++i) {
    uint64_t gapEnd = i < list.size() ? list[i].address : b.end;
    uint64_t candidate = (cursor + b.alignment - 1) / b.alignment * b.alignment;
    if (candidate <= gapEnd && gapEnd - candidate >= size)
      return candidate;
    if (i < list.size())
      cursor = endOf(list[i]);
  }
  return std::nullopt;
}

llvm::Expected<OpModelAllocationRecord>
MockAllocatorState::allocate(BufferType bufferType, uint64_t sizePerBank) {
  Bank b = bank(bufferType);
  std::optional<uint64_t> address;
  uint64_t size = std::max<uint64_t>(sizePerBank, 1);
  if (size <= b.end - b.begin) {
    size = (size + b.alignment - 1) / b.alignment * b.alignment;
    address = findFree(bufferType, size);
  }
  if (!address) {
    const std::vector<OpModelAllocationRecord> &list = buffers(bufferType);
    uint64_t largest = 0, cursor = b.begin;
    for (const OpModelAllocationRecord &r : list) {
      largest = std::max(largest, r.address - cursor);
      cursor = endOf(r);
    }
    largest = std::max(largest, b.end - cursor);
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
  if (cbBytes > device->usableL1())
    return outOfMemoryError("circular buffers need " + llvm::Twine(cbBytes) +
                            " B per core but L1 has " +
                            llvm::Twine(device->usableL1()) + " B usable");
  uint64_t cbEnd = device->l1ReservedBytes + cbBytes;
  // The lowest live L1 buffer is the only one the CBs can reach first.
  if (!l1.empty() && l1.front().address < cbEnd)
    return outOfMemoryError("circular buffers [" +
                            llvm::Twine(device->l1ReservedBytes) + ", " +
                            llvm::Twine(cbEnd) + ") clash with the L1 buffer " +
                            describe(l1.front()));
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<MockAllocatorState>>
buildInitialState(llvm::ArrayRef<OpModelAllocationRecord> records) {
  // Non-null for every valid set, the empty one included.
  auto state = std::make_unique<MockAllocatorState>(currentDevice());
  if (llvm::Error err = state->applyAll(records))
    return err;
  return state;
}

} // namespace mlir::ttnn::op_model
