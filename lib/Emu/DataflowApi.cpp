//===- DataflowApi.cpp - Arguments, circular buffers, NoC, semaphores -----===//
//
// The runtime side of ttlemu/runtime.h for what data-movement and compute
// kernels share. Circular-buffer counters follow TT-Metal exactly
// (../shared/docs/emulator-facts.md section 2): the data-movement processors
// count in the core's stream registers; the compute kernel's unpacker keeps
// its own tiles_acked and its packer its own tiles_received, which they store
// into the registers. Pointers are always per processor.
//
//===----------------------------------------------------------------------===//

#include "Isolation.h"
#include "Runtime.h"

#include <algorithm>
#include <cstring>

namespace ttlemu {
namespace {

Processor &self() {
  Processor &p = *Processor::current();
  ++p.progress; // the watchdog's measure of progress (Isolation.h)
  return p;
}

/// The CB `cb` of the calling kernel's core, or a kernel error.
CircularBuffer &circularBuffer(uint32_t cb, const char *call) {
  Processor &p = self();
  if (cb >= kMaxCircularBuffers || !p.core->cbs[cb].present)
    kernelError(format("%s(cb %u): the program configures no circular buffer "
                       "%u on this core", call, cb, cb));
  return p.core->cbs[cb];
}

void checkPages(const CircularBuffer &cb, uint32_t index, uint32_t pages,
                const char *call) {
  if (pages > cb.numPages)
    kernelError(format("%s(cb %u, %u pages) can never succeed: the circular "
                       "buffer holds %u pages", call, index, pages,
                       cb.numPages));
}

/// Advances a ring pointer by `words`, wrapping at the limit exactly as
/// cb_push_back / cb_pop_front do; crossing the limit is an error there.
void advance(uint32_t &pointer, const LocalCBInterface &local, uint32_t words,
             const char *call, uint32_t cb, uint32_t pages) {
  pointer += words;
  if (pointer > local.fifo_limit)
    kernelError(format("%s(cb %u, %u pages) crosses the end of the ring: the "
                       "pages of one trip round a circular buffer must add up "
                       "to its %u pages", call, cb, pages,
                       local.fifo_num_pages));
  if (pointer == local.fifo_limit)
    pointer -= local.fifo_size;
}

/// A pending NoC copy touching [start, start + bytes) of the current core.
bool pendingOverlaps(uint8_t *start, uint32_t bytes, bool writes) {
  Processor &p = self();
  for (const PendingCopy &copy : p.pending) {
    if (copy.isWrite != writes)
      continue;
    if (!writes && copy.destination < start + bytes &&
        start < copy.destination + copy.bytes)
      return true;
  }
  return false;
}

/// Free pages at the back as the reserving processor counts them: data
/// movement from tiles_received read at `received`, the packer from its own
/// count; both against the tiles_acked register (16-bit arithmetic).
int32_t freePages(Processor &p, uint32_t cb, uint32_t received) {
  const LocalCBInterface &local = p.cbs[cb];
  return int32_t(uint16_t(local.fifo_num_pages -
                          uint16_t(received - uint16_t(p.core->acked[cb]))));
}

/// The reserving processor's tiles_received: the packer keeps its own.
uint32_t receivedCount(Processor &p, uint32_t cb) {
  return p.isCompute() ? p.cbs[cb].tiles_received : p.core->received[cb];
}

/// The waiting processor's tiles_acked: the unpacker keeps its own.
uint32_t ackedCount(Processor &p, uint32_t cb) {
  return p.isCompute() ? p.cbs[cb].tiles_acked : p.core->acked[cb];
}

/// Pages at the front, counted from `acked` (16-bit arithmetic).
uint32_t availablePages(Processor &p, uint32_t cb, uint32_t acked) {
  return uint16_t(uint16_t(p.core->received[cb]) - uint16_t(acked));
}

std::string pagesText(uint32_t pages) {
  return format("%u page%s", pages, pages == 1 ? "" : "s");
}
} // namespace

std::string describe(const WaitReason &wait) {
  switch (wait.call) {
  case WaitReason::Call::ReserveBack:
    return format("cb_reserve_back(cb %u, %s): %d of %u pages free",
                  wait.subject, pagesText(wait.wanted).c_str(), wait.now,
                  wait.capacity);
  case WaitReason::Call::WaitFront:
    return format("cb_wait_front(cb %u, %s): %u available", wait.subject,
                  pagesText(wait.wanted).c_str(), uint32_t(wait.now));
  case WaitReason::Call::Semaphore:
  case WaitReason::Call::SemaphoreMin: {
    bool atLeast = wait.call == WaitReason::Call::SemaphoreMin;
    return format("noc_semaphore_wait%s(L1 0x%x, %s %u): now %u",
                  atLeast ? "_min" : "", wait.subject, atLeast ? ">=" : "==",
                  wait.wanted, uint32_t(wait.now));
  }
  }
  return "";
}

namespace rt {

uint32_t logicalX() { return self().core->x; }
uint32_t logicalY() { return self().core->y; }
uint32_t nocX(uint32_t) { return self().core->x + 1; }
uint32_t nocY(uint32_t) { return self().core->y + 1; }
uint32_t cbAddressShift() {
  return self().isCompute() ? kComputeAddressShift : 0;
}

uint32_t arg(uint32_t index) {
  Processor &p = self();
  if (index >= p.args->size())
    kernelError(format("get_arg_val(%u): the kernel has %zu runtime arguments "
                       "on this core", index, p.args->size()));
  return (*p.args)[index];
}

uint32_t commonArg(uint32_t index) {
  Processor &p = self();
  const auto &common = *p.common;
  if (index >= common.size())
    kernelError(format("get_common_arg_val(%u): the kernel has %zu common "
                       "runtime arguments", index, common.size()));
  return common[index];
}

LocalCBInterface &localCb(uint32_t cb) {
  circularBuffer(cb, "get_local_cb_interface");
  return self().cbs[cb];
}

void cbReserveBack(uint32_t cb, uint32_t pages) {
  CircularBuffer &buffer = circularBuffer(cb, "cb_reserve_back");
  checkPages(buffer, cb, pages, "cb_reserve_back");
  Processor &p = self();
  // Data movement reads tiles_received once, on entry (dataflow_api.h).
  uint32_t received = receivedCount(p, cb);
  for (;;) {
    int32_t free = freePages(p, cb, received);
    if (free >= int32_t(pages))
      break;
    blockCurrent({WaitReason::Call::ReserveBack, cb, pages, free,
                  buffer.numPages},
                 int32_t(cb));
  }
  if (p.compute)
    p.compute->reserved[cb] = std::max(p.compute->reserved[cb], pages);
  noteWait(p, EventKind::ReserveBack, p.tracing ? poppedBy(p, cb, pages) : 0,
           cb, pages);
}

void cbPushBack(uint32_t cb, uint32_t pages) {
  circularBuffer(cb, "cb_push_back");
  Processor &p = self();
  LocalCBInterface &local = p.cbs[cb];
  uint32_t shift = cbAddressShift();
  uint8_t *start = p.core->l1 + ((local.fifo_wr_ptr << shift) - p.core->l1Base);
  if (!p.pending.empty() &&
      pendingOverlaps(start, pages * (local.fifo_page_size << shift), false))
    kernelError(format("cb_push_back(cb %u, %s) while a NoC read into those "
                       "pages has not completed (no noc_async_read_barrier "
                       "before the push)", cb, pagesText(pages).c_str()));
  advance(local.fifo_wr_ptr, local, pages * local.fifo_page_size,
          "cb_push_back", cb, pages);
  if (p.isCompute()) {
    local.tiles_received += pages;
    local.fifo_wr_tile_ptr = 0;
    p.core->received[cb] = uint16_t(local.tiles_received);
    uint32_t &reserved = p.compute->reserved[cb];
    reserved = reserved > pages ? reserved - pages : 0;
  } else {
    p.core->received[cb] += pages;
  }
  uint64_t end = noteEvent(p, EventKind::PushBack, cb, pages);
  if (p.tracing)
    notePushClock(p, cb, pages, end);
  notifyProgress();
}

void cbWaitFront(uint32_t cb, uint32_t pages) {
  CircularBuffer &buffer = circularBuffer(cb, "cb_wait_front");
  checkPages(buffer, cb, pages, "cb_wait_front");
  Processor &p = self();
  // Data movement reads tiles_acked once, on entry (dataflow_api.h).
  uint32_t acked = ackedCount(p, cb);
  for (;;) {
    uint32_t available = availablePages(p, cb, acked);
    if (available >= pages)
      break;
    blockCurrent({WaitReason::Call::WaitFront, cb, pages, int32_t(available)},
                 int32_t(cb));
  }
  if (p.compute)
    p.compute->front[cb] = std::max(p.compute->front[cb], pages);
  noteWait(p, EventKind::WaitFront, p.tracing ? pushedBy(p, cb, pages) : 0, cb,
           pages);
}

void cbPopFront(uint32_t cb, uint32_t pages) {
  circularBuffer(cb, "cb_pop_front");
  Processor &p = self();
  LocalCBInterface &local = p.cbs[cb];
  advance(local.fifo_rd_ptr, local, pages * local.fifo_page_size,
          "cb_pop_front", cb, pages);
  if (p.isCompute()) {
    local.tiles_acked += pages;
    p.core->acked[cb] = uint16_t(local.tiles_acked);
    uint32_t &front = p.compute->front[cb];
    front = front > pages ? front - pages : 0;
  } else {
    p.core->acked[cb] += pages;
  }
  uint64_t end = noteEvent(p, EventKind::PopFront, cb, pages);
  if (p.tracing)
    notePopClock(p, cb, pages, end);
  notifyProgress();
}

bool cbPagesReservable(uint32_t cb, uint32_t pages) {
  circularBuffer(cb, "cb_pages_reservable_at_back");
  Processor &p = self();
  return freePages(p, cb, receivedCount(p, cb)) >= int32_t(pages);
}

bool cbPagesAvailable(uint32_t cb, uint32_t pages) {
  circularBuffer(cb, "cb_pages_available_at_front");
  Processor &p = self();
  return availablePages(p, cb, ackedCount(p, cb)) >= pages;
}

uint32_t cbWritePtr(uint32_t cb) {
  circularBuffer(cb, "get_write_ptr");
  return self().cbs[cb].fifo_wr_ptr << cbAddressShift();
}

uint32_t cbReadPtr(uint32_t cb) {
  circularBuffer(cb, "get_read_ptr");
  return self().cbs[cb].fifo_rd_ptr << cbAddressShift();
}

uint32_t cbTileSize(uint32_t cb) {
  return circularBuffer(cb, "get_tile_size").pageSize;
}

void debugPrint(const char *text) { recordPrint(text); }

void debugTile(uint32_t cb, uint32_t tile, bool readSide, float *out) {
  const CircularBuffer &buffer = circularBuffer(cb, "DPRINT(TSLICE)");
  if (!buffer.emulated)
    notEmulated(format("DPRINT(TSLICE): cb %u holds %s tiles, which the "
                       "emulator does not emulate", cb, formatName(buffer.format)));
  const LocalCBInterface &local = self().cbs[cb];
  uint32_t pointer = readSide ? local.fifo_rd_ptr : local.fifo_wr_ptr;
  uint32_t address = (pointer + tile * local.fifo_page_size) << cbAddressShift();
  unpackTile(processorL1(self(), address, buffer.tileBytes, "DPRINT(TSLICE)"),
             buffer.format, out);
}

// --- NoC -------------------------------------------------------------------

uint64_t nocAddress(uint32_t x, uint32_t y, uint32_t local) {
  return (uint64_t(y) << 42) | (uint64_t(x) << 36) | local;
}

uint64_t localNocAddress(uint32_t local) {
  return nocAddress(nocX(0), nocY(0), local);
}

uint32_t alignment(bool dram) {
  const ArchSpec &arch = currentArch();
  return dram ? arch.dramAlignment : arch.l1Alignment;
}

uint64_t interleavedPage(bool dram, uint32_t bankBase, uint32_t pageSize,
                         uint32_t page, uint32_t offset) {
  const ArchSpec &arch = currentArch();
  uint32_t banks = dram ? arch.dramBanks : arch.gridX * arch.gridY;
  uint32_t align = dram ? arch.dramAlignment : arch.l1Alignment;
  uint32_t aligned = (pageSize + align - 1) / align * align;
  uint32_t bank = page % banks;
  uint64_t local = uint64_t(page / banks) * aligned + bankBase + offset;
  if (dram)
    return nocAddress(0, bank + 1, uint32_t(local));
  uint32_t gridX = arch.gridX;
  return nocAddress(bank % gridX + 1, bank / gridX + 1, uint32_t(local));
}

void nocRead(uint64_t source, uint32_t destination, uint32_t bytes) {
  Processor &p = self();
  uint8_t *to = processorL1(p, destination, bytes, "noc_async_read destination");
  uint8_t *from = resolveNoc(source, bytes, "noc_async_read source");
  if ((source & 15) != (destination & 15))
    kernelError(format("noc_async_read of %u B: source 0x%llx and destination "
                       "0x%x differ in their 16-byte alignment", bytes,
                       (unsigned long long)(source & ((1ull << 36) - 1)),
                       destination));
  uint64_t end = noteEvent(p, EventKind::NocRead, bytes,
                           uint32_t(to - p.core->l1),
                           nocAddressForTrace(*p.core, source));
  p.pending.push_back({to, from, bytes, false, end});
}

void nocWrite(uint32_t source, uint64_t destination, uint32_t bytes) {
  Processor &p = self();
  uint8_t *from = processorL1(p, source, bytes, "noc_async_write source");
  uint8_t *to = resolveNoc(destination, bytes, "noc_async_write destination");
  if ((destination & 15) != (source & 15))
    kernelError(format("noc_async_write of %u B: source 0x%x and destination "
                       "0x%llx differ in their 16-byte alignment", bytes,
                       source,
                       (unsigned long long)(destination & ((1ull << 36) - 1))));
  uint64_t end = noteEvent(p, EventKind::NocWrite, bytes,
                           uint32_t(from - p.core->l1),
                           nocAddressForTrace(*p.core, destination));
  p.pending.push_back({to, from, bytes, true, end});
}

/// The worker cores of a multicast NoC address
/// (x_start << 48 | y_start << 54 | x_end << 36 | y_end << 42 | local).
/// NoC 1 names the rectangle from its other corner (its coordinates run the
/// other way; TT-Metal's multicast kernels swap start and end on it), so the
/// rectangle is the one between the two corners either way.
template <typename Visit>
uint32_t forEachMulticastTarget(uint64_t destination, bool loopback,
                                Visit visit) {
  uint32_t xEnd = uint32_t(destination >> 36) & 0x3f;
  uint32_t yEnd = uint32_t(destination >> 42) & 0x3f;
  uint32_t xStart = uint32_t(destination >> 48) & 0x3f;
  uint32_t yStart = uint32_t(destination >> 54) & 0x3f;
  if (xStart > xEnd)
    std::swap(xStart, xEnd);
  if (yStart > yEnd)
    std::swap(yStart, yEnd);
  uint32_t local = uint32_t(destination & ((1ull << 36) - 1));
  uint32_t count = 0;
  for (uint32_t y = yStart; y <= yEnd; ++y)
    for (uint32_t x = xStart; x <= xEnd; ++x) {
      if (!loopback && x == nocX(0) && y == nocY(0))
        continue;
      visit(nocAddress(x, y, local));
      ++count;
    }
  return count;
}

void nocWriteMulticast(uint32_t source, uint64_t destination, uint32_t bytes,
                       uint32_t destinations, bool loopback) {
  uint32_t count = forEachMulticastTarget(
      destination, loopback,
      [&](uint64_t target) { nocWrite(source, target, bytes); });
  if (count != destinations)
    kernelError(format("noc_async_write_multicast names %u destinations but "
                       "its rectangle holds %u cores", destinations, count));
}

void nocReadBarrier() { completeCopies(false); }
void nocWriteBarrier() { completeCopies(true); }
void nocWritesFlushed() { completeCopies(true); }
void nocAtomicBarrier() {}
void nocFullBarrier() {
  completeCopies(false);
  completeCopies(true);
}

// --- Semaphores -------------------------------------------------------------

uint32_t semaphoreAddress(uint32_t id) {
  if (id >= kMaxSemaphores)
    kernelError(format("get_semaphore(%u): semaphore ids end at %u", id,
                       kMaxSemaphores - 1));
  return self().core->l1Base + kSemaphoreBase + id * 16;
}

void semaphoreWait(volatile uint32_t *word, uint32_t value, bool atLeast) {
  auto *address = reinterpret_cast<uint8_t *>(const_cast<uint32_t *>(word));
  uint8_t *host = currentL1(uint32_t(reinterpret_cast<uintptr_t>(address)), 4,
                            "noc_semaphore_wait");
  // Reports name the L1 offset: the host address differs between runs and
  // processes.
  auto offset = uint32_t(host - Processor::current()->core->l1);
  for (;;) {
    // Other cores' kernels may run on other host threads.
    uint32_t now = __atomic_load_n(word, __ATOMIC_ACQUIRE);
    if (atLeast ? now >= value : now == value)
      break;
    blockCurrent({atLeast ? WaitReason::Call::SemaphoreMin
                          : WaitReason::Call::Semaphore,
                  offset, value, int32_t(now)},
                 -1);
  }
  Processor &p = *Processor::current();
  noteWait(p, EventKind::SemaphoreWait,
           p.tracing ? semaphoreClock(*p.core, offset) : 0, value, 0, offset,
           atLeast);
}

void semaphoreSet(volatile uint32_t *word, uint32_t value) {
  Processor &p = self();
  auto *host = reinterpret_cast<uint8_t *>(const_cast<uint32_t *>(word));
  // A word outside the core's L1 (a kernel's own variable) is no semaphore.
  bool inL1 = host >= p.core->l1 && host < p.core->l1 + p.core->l1Size;
  uint64_t offset = inL1 ? uint64_t(host - p.core->l1)
                         : reinterpret_cast<uintptr_t>(host);
  // The clock first: a waiter that sees the value sees the clock too.
  uint64_t end = noteEvent(p, EventKind::SemaphoreSet, value, 0, offset);
  if (p.tracing && inL1)
    noteSemaphoreWrite(*p.core, uint32_t(offset), end);
  __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
  notifyCrossProgress();
}

void semaphoreIncrement(uint64_t address, uint32_t increment) {
  uint8_t *target = resolveNoc(address, 4, "noc_semaphore_inc");
  Processor &p = *Processor::current();
  uint64_t end = noteEvent(p, EventKind::SemaphoreIncrement, increment, 0,
                           nocAddressForTrace(*p.core, address));
  if (p.tracing) {
    uint32_t offset = 0;
    if (Core *core = coreAt(target, offset))
      noteSemaphoreWrite(*core, offset, end);
  }
  // Atomic against other host threads' increments of the same word; an
  // unaligned word (no semaphore slot) is added to byte-wise.
  if (reinterpret_cast<uintptr_t>(target) % 4 == 0) {
    __atomic_fetch_add(reinterpret_cast<uint32_t *>(target), increment,
                       __ATOMIC_SEQ_CST);
  } else {
    uint32_t value;
    std::memcpy(&value, target, 4);
    value += increment;
    std::memcpy(target, &value, 4);
  }
  notifyCrossProgress();
}

void semaphoreSetRemote(uint32_t source, uint64_t destination) {
  nocWrite(source, destination, 4);
}

void semaphoreSetMulticast(uint32_t source, uint64_t destination,
                           uint32_t destinations, bool loopback) {
  nocWriteMulticast(source, destination, 4, destinations, loopback);
}

[[noreturn]] void fail(const char *message) { kernelError(message); }

} // namespace rt
} // namespace ttlemu
