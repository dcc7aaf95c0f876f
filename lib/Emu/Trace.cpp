//===- Trace.cpp - Events of kernels and the logical clock ----------------===//
//
// The logical clock (docs/emulator.md, "Tracing a run"): every processor
// counts one tick per event and per tile operation. In a traced run a wait
// also ends no earlier than the event that satisfied it, a Lamport clock:
// cb_wait_front at the end of the push of the last page it waits for (each
// CB remembers the clock of every page in its ring), cb_reserve_back at the
// end of the pop that freed the last page it needs, a semaphore wait at the
// latest write to the semaphore (set, increment, or a NoC write landing in
// its slot). Pages are numbered in push order, so a program that
// synchronizes through circular buffers gets the same clock on any number of
// host threads; a semaphore wait takes the latest write the waiter saw.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

namespace ttlemu {

const char *eventKindName(EventKind kind) {
  static const char *const names[kEventKinds] = {
      "cb_wait_front",      "cb_reserve_back",   "cb_push_back",
      "cb_pop_front",       "noc_async_read",    "noc_async_write",
      "noc_semaphore_wait", "noc_semaphore_set", "noc_semaphore_inc",
      "tiles"};
  return uint32_t(kind) < kEventKinds ? names[uint32_t(kind)] : "?";
}

const char *tileGroupName(TileGroup group) {
  static const char *const names[kTileGroups] = {
      "copy", "eltwise", "matmul", "reduce", "transpose", "sfpu", "pack"};
  return uint32_t(group) < kTileGroups ? names[uint32_t(group)] : "?";
}

std::string nocEndpoint(uint64_t address) {
  uint32_t x = uint32_t(address >> 36) & 0x3f;
  uint32_t y = uint32_t(address >> 42) & 0x3f;
  auto local = (unsigned long long)(address & ((1ull << 36) - 1));
  if (x == 0)
    return format("DRAM bank %d address 0x%llx", int(y) - 1, local);
  return format("core (%u, %u) L1 0x%llx", x - 1, y - 1, local);
}

std::string describe(const TraceEvent &event) {
  const char *name = eventKindName(event.kind);
  auto pages = [](uint32_t n) {
    return format("%u page%s", n, n == 1 ? "" : "s");
  };
  switch (event.kind) {
  case EventKind::WaitFront:
  case EventKind::ReserveBack:
  case EventKind::PushBack:
  case EventKind::PopFront:
    return format("%s(cb %u, %s)", name, event.a, pages(event.b).c_str());
  case EventKind::NocRead:
    return format("%s(%u B from %s)", name, event.a,
                  nocEndpoint(event.address).c_str());
  case EventKind::NocWrite:
    return format("%s(%u B to %s)", name, event.a,
                  nocEndpoint(event.address).c_str());
  case EventKind::SemaphoreWait:
    return format("%s(L1 0x%llx, %s %u)", name,
                  (unsigned long long)event.address,
                  event.detail ? ">=" : "==", event.a);
  case EventKind::SemaphoreSet:
    return format("%s(L1 0x%llx, %u)", name, (unsigned long long)event.address,
                  event.a);
  case EventKind::SemaphoreIncrement:
    return format("%s(%s, +%u)", name, nocEndpoint(event.address).c_str(),
                  event.a);
  case EventKind::Tiles:
    return format("%s: %u tile%s", tileGroupName(TileGroup(event.detail)),
                  event.a, event.a == 1 ? "" : "s");
  }
  return name;
}

void flushTiles(Processor &p) {
  TraceEvent event;
  event.start = p.groupStart;
  event.end = p.clock;
  event.a = p.groupTiles;
  event.kind = EventKind::Tiles;
  event.detail = uint8_t(p.group);
  p.groupTiles = 0;
  record(p, event);
}

uint64_t pushedBy(const Processor &p, uint32_t cb, uint32_t pages) {
  const CoreClocks::Ring &ring = p.core->clocks->cbs[cb];
  uint64_t page = ring.popped + pages - 1; // the last page waited for
  if (pages == 0 || page >= ring.pushed || ring.pushEnd.empty())
    return 0;
  return ring.pushEnd[page % ring.pushEnd.size()];
}

uint64_t poppedBy(const Processor &p, uint32_t cb, uint32_t pages) {
  const CoreClocks::Ring &ring = p.core->clocks->cbs[cb];
  uint64_t slots = ring.popEnd.size();
  // Reserving pages [pushed, pushed + pages) needs page pushed + pages - 1
  // of the previous trip round the ring popped.
  if (pages == 0 || slots == 0 || ring.pushed + pages <= slots)
    return 0;
  uint64_t page = ring.pushed + pages - 1 - slots;
  if (page >= ring.popped)
    return 0;
  return ring.popEnd[page % slots];
}

void notePushClock(Processor &p, uint32_t cb, uint32_t pages, uint64_t end) {
  CoreClocks::Ring &ring = p.core->clocks->cbs[cb];
  if (!ring.pushEnd.empty())
    for (uint32_t i = 0; i < pages; ++i)
      ring.pushEnd[(ring.pushed + i) % ring.pushEnd.size()] = end;
  ring.pushed += pages;
}

void notePopClock(Processor &p, uint32_t cb, uint32_t pages, uint64_t end) {
  CoreClocks::Ring &ring = p.core->clocks->cbs[cb];
  if (!ring.popEnd.empty())
    for (uint32_t i = 0; i < pages; ++i)
      ring.popEnd[(ring.popped + i) % ring.popEnd.size()] = end;
  ring.popped += pages;
}

namespace {
/// The semaphore slot holding L1 `offset`, or -1.
int semaphoreSlot(uint32_t offset) {
  if (offset < kSemaphoreBase || offset >= kSemaphoreBase + 16 * kMaxSemaphores)
    return -1;
  return int((offset - kSemaphoreBase) / 16);
}
} // namespace

uint64_t semaphoreClock(const Core &core, uint32_t offset) {
  int slot = semaphoreSlot(offset);
  if (slot < 0 || !core.clocks)
    return 0;
  return core.clocks->semaphores[slot].load(std::memory_order_relaxed);
}

void noteSemaphoreWrite(Core &core, uint32_t offset, uint64_t end) {
  int slot = semaphoreSlot(offset);
  if (slot < 0 || !core.clocks)
    return;
  std::atomic<uint64_t> &clock = core.clocks->semaphores[slot];
  uint64_t now = clock.load(std::memory_order_relaxed);
  while (now < end &&
         !clock.compare_exchange_weak(now, end, std::memory_order_relaxed)) {
  }
}

uint64_t nocAddressForTrace(const Core &from, uint64_t address) {
  uint64_t local = address & kNocLocalMask;
  if (local >= from.l1Base && local < uint64_t(from.l1Base) + from.l1Size)
    return (address & ~kNocLocalMask) | (local - from.l1Base);
  return address;
}

std::vector<std::string> recentEvents(const Processor &p) {
  std::vector<std::string> lines;
  uint64_t first = p.eventCount > kRecentEvents ? p.eventCount - kRecentEvents : 0;
  for (uint64_t i = first; i < p.eventCount; ++i)
    lines.push_back(format("#%llu ", (unsigned long long)i) +
                    describe(p.recent[i & (kRecentEvents - 1)]));
  return lines;
}

} // namespace ttlemu
