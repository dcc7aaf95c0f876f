//===- Trace.h - Events of a kernel on the emulated device ------*- C++ -*-===//
//
// What a kernel did, as fixed-size records: circular-buffer waits, pushes and
// pops, NoC transfers, semaphore operations and groups of tile operations.
// Every processor keeps its last kRecentEvents (for deadlock reports, always);
// a traced run (Device::run's `trace`) keeps them all, on the logical clock
// (docs/emulator.md, "Tracing a run"). python/ttlang/emu/trace.py reads the
// records as a numpy structured array: the layout below is its format.
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_TRACE_H
#define TTL_EMU_TRACE_H

#include <cstdint>
#include <string>

namespace ttlemu {

/// The events, in the order of eventKindName's table. Fields per kind:
/// cb_*: a = CB index, b = pages; NoC: a = bytes, address = the NoC address
/// of the other end (local part an L1 offset for cores), b = the L1 offset
/// here; semaphore wait / set: address = the L1 offset of the word, a = the
/// value (detail 1: wait for at least it); semaphore increment: address = the
/// NoC address, a = the increment; tiles: detail = TileGroup, a = tiles.
enum class EventKind : uint8_t {
  WaitFront,
  ReserveBack,
  PushBack,
  PopFront,
  NocRead,
  NocWrite,
  SemaphoreWait,
  SemaphoreSet,
  SemaphoreIncrement,
  Tiles,
};
constexpr uint32_t kEventKinds = 10;

/// Consecutive tile operations of one group form one event (one span in a
/// trace): unpacking happens inside each operation here (the three compute
/// processors run as one), so there is no separate unpack group.
enum class TileGroup : uint8_t { Copy, Eltwise, Matmul, Reduce, Transpose, Sfpu, Pack };
constexpr uint32_t kTileGroups = 7;

/// One event on the logical clock: [start, end) (end == start + 1 for one
/// that takes a tick; a wait ends when what it waited for happened).
struct TraceEvent {
  uint64_t start = 0, end = 0;
  uint64_t address = 0;
  uint32_t a = 0, b = 0;
  EventKind kind = EventKind::PushBack;
  uint8_t detail = 0;
  uint8_t reserved[6] = {};
};
static_assert(sizeof(TraceEvent) == 40, "trace.py reads 40-byte records");

/// Every processor keeps this many of its latest events.
constexpr uint32_t kRecentEvents = 8;

const char *eventKindName(EventKind kind); // "cb_wait_front", ...
const char *tileGroupName(TileGroup group); // "matmul", ...
/// "cb_push_back(cb 0, 2 pages)", "noc_async_read(2048 B from DRAM bank 3
/// 0x1000)", "matmul: 8 tiles" and the like.
std::string describe(const TraceEvent &event);
/// "DRAM bank 3 address 0x1000" or "core (1, 0) L1 0x2000" for a NoC address.
std::string nocEndpoint(uint64_t address);

} // namespace ttlemu

#endif // TTL_EMU_TRACE_H
