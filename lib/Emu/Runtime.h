//===- Runtime.h - State of the emulated device while it runs ---*- C++ -*-===//
//
// Internal to lib/Emu: the cores, processors (one per kernel and core) and
// the scheduler that the kernel API (DataflowApi.cpp, ComputeApi.cpp) acts
// on. `Processor::current()` is the kernel whose fiber is running.
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_RUNTIME_H
#define TTL_EMU_RUNTIME_H

#include "Fiber.h"
#include "ttl/Emu/Device.h"
#include "ttl/Targets.h"
#include "ttlemu/runtime.h"

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <memory>
#include <string>
#include <vector>

namespace ttlemu {

constexpr uint32_t kMaxCircularBuffers = 64;
constexpr uint32_t kMaxSemaphores = ttlang::target::maxSemaphores();
static_assert(kMaxCircularBuffers <= 64, "Core::configured is a 64-bit mask");
// Semaphores live below the circular buffers, one 16-byte slot each (as
// get_semaphore's L1_ALIGNMENT stride).
constexpr uint32_t kSemaphoreBase = 0x1000;
constexpr uint32_t kComputeAddressShift = 4;
// A NoC address: the coordinates above kNocLocalBits, the local address
// below. Worker (x, y) sits at NoC (x + 1, y + 1); DRAM bank b at NoC (0, b + 1).
constexpr uint32_t kNocLocalBits = 36;
constexpr uint64_t kNocLocalMask = (1ull << kNocLocalBits) - 1;
// DEST holds 16 tiles of 16-bit data (SyncHalf: two sections of 8; SyncFull:
// one of 16) or 8 with fp32_dest_acc_en: buffers of 16 tiles fit every mode.
constexpr uint32_t kMaxDestTiles = 16;

/// A circular buffer as the host configured it on one core.
struct CircularBuffer {
  bool present = false;
  uint32_t address = 0;   // L1 offset
  uint32_t size = 0;      // bytes
  uint32_t pageSize = 0;  // bytes
  uint32_t numPages = 0;
  DataFormat format = DataFormat::Invalid;
  // Of `format`, looked up once at configuration for the per-tile paths.
  uint32_t tileBytes = 0;  // tileSizeBytes(format)
  bool emulated = false;   // isEmulatedFormat(format)
};

/// What the logical clock of a traced run needs of one core (Trace.cpp): per
/// CB the clock at which each page in the ring was pushed and popped, per
/// semaphore the latest clock of a write to it.
struct CoreClocks {
  struct Ring {
    uint64_t pushed = 0, popped = 0;  // pages, since the run started
    std::vector<uint64_t> pushEnd;    // per ring slot (page % numPages)
    std::vector<uint64_t> popEnd;
  };
  Ring cbs[kMaxCircularBuffers];
  // Written by other cores' kernels, on other host threads too.
  std::atomic<uint64_t> semaphores[kMaxSemaphores] = {};
};

class DeviceImpl;

/// One Tensix core: its L1 and the state its processors share.
struct Core {
  uint32_t x = 0, y = 0;
  DeviceImpl *owner = nullptr; // the device (chip) it belongs to
  uint32_t chip = 0;           // its device's index in a mesh run (0 alone)
  uint8_t *l1 = nullptr;   // host memory of L1; host addresses below 2^31
  uint32_t l1Base = 0;     // (uint32_t)l1: what kernels see as address 0
  uint32_t l1Size = 0;     // the architecture's, here for the hot paths
  CircularBuffer cbs[kMaxCircularBuffers];
  uint64_t configured = 0; // bit i: cbs[i].present (kMaxCircularBuffers = 64)
  // The stream registers tiles_received / tiles_acked of each CB.
  uint32_t received[kMaxCircularBuffers] = {};
  uint32_t acked[kMaxCircularBuffers] = {};
  // Bumped by every change of the core's state its kernels may wait for
  // (circular-buffer counters, copies landing in it): a blocked kernel is
  // resumed only after it, or the run's cross-core epoch, moved.
  uint64_t epoch = 1;
  std::unique_ptr<CoreClocks> clocks; // set up by traced runs
};

/// A copy the NoC has accepted but not completed. It is carried out, reading
/// the source then, at a barrier, when the kernel blocks or when it ends: one
/// legal execution (a source changed in between is a race on hardware too).
struct PendingCopy {
  uint8_t *destination;
  const uint8_t *source;
  uint32_t bytes;
  bool isWrite;
  uint64_t clock; // the logical clock at which it was issued (traced runs)
};

/// The compute kernel's destination registers and unpacker/packer setup.
struct ComputeState {
  DestMode mode = DestMode::Bf16;
  MathFidelity fidelity = MathFidelity::HiFi4;
  uint32_t sections = 2;          // SyncHalf: 2, SyncFull: 1
  uint32_t tilesPerSection = 8;
  std::unique_ptr<float[]> dest;  // sections * tilesPerSection tiles
  // Per section, the tiles holding their value since the section was last
  // zeroed; the others read as zero (zeroing on first touch, not in bulk).
  uint32_t live[2] = {0, 0};
  uint32_t mathSection = 0, packSection = 0;
  uint32_t committed = 0;         // sections handed to PACK, not released
  bool acquired = false, packing = false;
  DataFormat srcA = DataFormat::Invalid, srcB = DataFormat::Invalid,
             pack = DataFormat::Invalid;
  uint64_t unpackToDest = 0;      // CBs unpacked straight into DEST
  uint32_t binaryOp = 2;          // EltwiseBinaryType of the last init
  bool accumulate = false;
  bool matmulTranspose = false;
  bool l1Accumulation = false; // pack_reconfig_l1_acc
  // Pages cb_wait_front made visible (minus pops) and pages reserved, per CB,
  // to report reads and writes outside them.
  uint32_t front[kMaxCircularBuffers] = {};
  uint32_t reserved[kMaxCircularBuffers] = {};
  float *tile(uint32_t section, uint32_t index) {
    float *t = dest.get() + (section * tilesPerSection + index) * kTileElems;
    if (!(live[section] & (1u << index))) {
      std::fill_n(t, kTileElems, 0.0f);
      live[section] |= 1u << index;
    }
    return t;
  }
  /// The tile for an operation that overwrites all of it: no zeroing.
  float *tileToOverwrite(uint32_t section, uint32_t index) {
    live[section] |= 1u << index;
    return dest.get() + (section * tilesPerSection + index) * kTileElems;
  }
  /// tile_regs_release: the whole section reads as zero again.
  void zeroSection(uint32_t section) { live[section] = 0; }
};

class Module;
struct FabricPort; // Fabric.h

/// What a blocked kernel waits for: the call and its state, formatted only
/// for a deadlock report (a run blocks often and deadlocks rarely).
struct WaitReason {
  enum class Call : uint8_t { ReserveBack, WaitFront, Semaphore, SemaphoreMin };
  Call call = Call::WaitFront;
  uint32_t subject = 0;  // the CB index, or the semaphore's L1 offset
  uint32_t wanted = 0;   // pages, or the semaphore value waited for
  int32_t now = 0;       // pages free / available, or the semaphore's value
  uint32_t capacity = 0; // the CB's pages (cb_reserve_back)
};
/// "cb_wait_front(cb 0, 2 pages): 1 available" and the like.
std::string describe(const WaitReason &wait);

/// One kernel running on one core.
struct Processor {
  Core *core = nullptr;
  const KernelSpec *kernel = nullptr;
  Role role = Role::Compute;
  Module *module = nullptr; // the copy of its host thread slot
  uint32_t slot = 0;        // the host thread slot running it
  std::vector<uint8_t> moduleData; // this core's copy of the kernel's globals
  const std::vector<uint32_t> *args = nullptr;   // this core's runtime args
  const std::vector<uint32_t> *common = nullptr; // the kernel's common args
  // Only the configured CBs' are set (run() zeroes and fills them): the API
  // reads no other (it checks CircularBuffer::present first), and a reused
  // processor need not clear all 64.
  LocalCBInterface cbs[kMaxCircularBuffers];
  Fiber fiber;
  void *stack = nullptr; // from the device's StackPool
  bool done = false, blocked = false;
  uint64_t blockedEpoch = 0; // the core's epoch when it blocked
  // The run's cross-core epoch read before its last resume, so before it
  // checked what it waits for (a change after that moves the epoch on).
  uint64_t resumeCross = 0, blockedCross = 0;
  // Calls into the kernel API and resumes: the watchdog's measure of
  // progress (Isolation.h).
  uint64_t progress = 0;
  WaitReason waitsFor;
  int32_t waitCb = -1;
  std::vector<PendingCopy> pending;
  std::unique_ptr<ComputeState> compute;
  std::unique_ptr<FabricPort> fabric; // a kernel that uses the fabric (Fabric.cpp)
  // Events (ttl/Emu/Trace.h): the latest kRecentEvents always (a deadlock
  // report shows them), every one in a traced run. `clock` is the logical
  // clock: one tick per event and tile operation, and in a traced run a wait
  // ends no earlier than the event it waited for (Trace.cpp).
  TraceEvent recent[kRecentEvents];
  uint64_t eventCount = 0;
  uint64_t clock = 0;
  bool tracing = false;
  std::vector<TraceEvent> events;
  // The group of tile operations in progress: one event when it ends.
  TileGroup group = TileGroup::Copy;
  uint32_t groupTiles = 0;
  uint64_t groupStart = 0;

  bool isCompute() const { return role == Role::Compute; }
  static Processor *current();
};

/// The kernel whose fiber is running on this host thread, nullptr outside a
/// run (a run's cores may be spread over several host threads: Device.cpp).
extern thread_local Processor *runningProcessor
    __attribute__((visibility("hidden")));
inline Processor *Processor::current() { return runningProcessor; }

/// Formats a message (printf style) for errors.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/// The architecture of the device running the current program.
const ArchSpec &currentArch();

/// Stops the running program with an error in the current kernel.
[[noreturn]] void kernelError(const std::string &message);
/// Records one line the running kernel printed (DPRINT), with its kernel and core.
void recordPrint(std::string text);
/// Stops the running program: the current kernel uses something not emulated.
[[noreturn]] void notEmulated(const std::string &message);

/// Blocks the current kernel until the runtime state changes.
void blockCurrent(const WaitReason &waitsFor, int32_t cb);
/// Records that state of the current core its own kernels may wait on changed.
void notifyProgress();
/// Records a change kernels of other cores may wait on (a semaphore, a NoC
/// write), which may run on other host threads.
void notifyCrossProgress();

/// Host memory of `bytes` at L1 address `address` of the current core
/// (absolute host address or L1 offset), or a kernel error naming `what`.
uint8_t *currentL1(uint32_t address, uint32_t bytes, const char *what);
/// The same for processor `p` (the current one), without looking it up.
uint8_t *processorL1(Processor &p, uint32_t address, uint32_t bytes,
                     const char *what);

/// Resolves a NoC address to host memory of `bytes` bytes (a kernel error
/// naming `what` when it is not inside allocated memory).
uint8_t *resolveNoc(uint64_t address, uint32_t bytes, const char *what);

/// Completes the current processor's pending copies of one direction.
void completeCopies(bool writes);

/// The core whose L1 holds host address `host` (its L1 offset in `offset`),
/// or nullptr (DRAM, or outside every core).
Core *coreAt(const uint8_t *host, uint32_t &offset);

//===----------------------------------------------------------------------===//
// Meshes (Fabric.cpp): the chips of a mesh run and the fabric between them.
//===----------------------------------------------------------------------===//

/// The chips of the running program (one, or a mesh run's) and its fabric.
uint32_t runChips();
const FabricSpec *runFabric();
/// Resolves a NoC address on chip `chip` of the run (nullptr and `error`
/// when it is not inside allocated memory), as `from` would name it.
uint8_t *resolveOnChip(uint32_t chip, uint64_t address, uint32_t bytes,
                       const Core &from, std::string &error);
/// The processor's fabric state (connections opened, buffer slots in use).
FabricPort &fabricPort(Processor &p);
/// Whether chip `chip` of the run is this process's (a mesh spread over
/// processes has chips that are not: RemoteChips).
bool chipIsLocal(uint32_t chip);
/// Queues a packet (Fabric.cpp's encoding) for another process's chip.
void sendToRemoteChip(uint32_t chip, std::string bytes);
/// Ends the run with an error found outside any kernel, in the name of
/// `kernel` on core (x, y) of device `device` (a packet from another process
/// that cannot land).
void failRun(const std::string &kernel, uint32_t x, uint32_t y,
             uint32_t device, const std::string &message);

//===----------------------------------------------------------------------===//
// Events and the logical clock (Trace.cpp). Recording an event costs a store
// into the processor's ring; everything else only when p.tracing.
//===----------------------------------------------------------------------===//

/// Ends the group of tile operations in progress (one Tiles event).
void flushTiles(Processor &p);

inline void record(Processor &p, const TraceEvent &event) {
  static_assert((kRecentEvents & (kRecentEvents - 1)) == 0, "a power of two");
  p.recent[p.eventCount++ & (kRecentEvents - 1)] = event;
  if (__builtin_expect(p.tracing, false))
    p.events.push_back(event);
}

/// Records `kind` spanning the logical clock from its current tick to `end`
/// (which becomes the clock), after any pending tile group.
inline uint64_t noteSpan(Processor &p, EventKind kind, uint64_t end, uint32_t a,
                         uint32_t b, uint64_t address, uint8_t detail) {
  if (p.groupTiles)
    flushTiles(p);
  TraceEvent event;
  event.start = p.clock;
  event.end = p.clock = end;
  event.address = address;
  event.a = a;
  event.b = b;
  event.kind = kind;
  event.detail = detail;
  record(p, event);
  return event.end;
}

/// An event of one tick; returns its end.
inline uint64_t noteEvent(Processor &p, EventKind kind, uint32_t a, uint32_t b,
                          uint64_t address = 0, uint8_t detail = 0) {
  return noteSpan(p, kind, p.clock + 1, a, b, address, detail);
}

/// A wait that returned: it ends at `after` (the end of the event it waited
/// for, 0 when unknown or not tracing) or now, whichever is later.
inline void noteWait(Processor &p, EventKind kind, uint64_t after, uint32_t a,
                     uint32_t b, uint64_t address = 0, uint8_t detail = 0) {
  noteSpan(p, kind, std::max(p.clock, after), a, b, address, detail);
}

/// One tile operation of `group`: consecutive ones of a group are one event.
inline void tileOp(Processor &p, TileGroup group) {
  if (p.groupTiles && p.group != group)
    flushTiles(p);
  if (!p.groupTiles) {
    p.group = group;
    p.groupStart = p.clock;
  }
  ++p.groupTiles;
  ++p.clock;
}

/// The clock at which the pages a cb_wait_front / cb_reserve_back of `pages`
/// waited for were pushed / popped (traced runs; 0 when unknown).
uint64_t pushedBy(const Processor &p, uint32_t cb, uint32_t pages);
uint64_t poppedBy(const Processor &p, uint32_t cb, uint32_t pages);
/// Records the current processor's push / pop of `pages` ending at `end`.
void notePushClock(Processor &p, uint32_t cb, uint32_t pages, uint64_t end);
void notePopClock(Processor &p, uint32_t cb, uint32_t pages, uint64_t end);
/// The latest clock of a write to the semaphore at L1 `offset` of `core`,
/// and a write to it ending at `end` (no-ops for words that are no
/// semaphore slot, or on a core without clocks).
uint64_t semaphoreClock(const Core &core, uint32_t offset);
void noteSemaphoreWrite(Core &core, uint32_t offset, uint64_t end);
/// A NoC address with the local part as an L1 offset when it is a host
/// address inside `from`'s L1 (what kernels pass for their own L1).
uint64_t nocAddressForTrace(const Core &from, uint64_t address);
/// "#12 cb_push_back(cb 0, 1 page)": p's latest events, oldest first.
std::vector<std::string> recentEvents(const Processor &p);

} // namespace ttlemu

#endif // TTL_EMU_RUNTIME_H
