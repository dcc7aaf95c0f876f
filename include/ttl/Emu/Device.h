//===- Device.h - The emulated Tenstorrent device ---------------*- C++ -*-===//
//
// An emulated device executes programs (the kernels, circular buffers and
// semaphores of a ttnn ProgramDescriptor) on the host: DRAM banks holding
// interleaved pages, per-core L1 with circular buffers and semaphores, and
// one cooperative fiber per kernel and core that runs the kernel's host
// build (kernel_main from a shared object compiled against the emulated
// kernel API, python/ttlang/emu/include). Scheduling is deterministic: fibers
// run in a fixed order and switch only where a kernel blocks.
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_DEVICE_H
#define TTL_EMU_DEVICE_H

#include "ttl/Emu/TileNumerics.h"
#include "ttl/Emu/Trace.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ttlemu {

/// The per-architecture facts the device models (docs/emulator.md).
struct ArchSpec {
  const char *name;
  uint32_t gridX, gridY;      // worker grid
  uint32_t dramBanks;         // NUM_DRAM_BANKS
  uint32_t dramAlignment;     // bytes
  uint32_t l1Alignment;       // bytes
  uint32_t l1Size;            // bytes of L1 per core
  uint32_t l1ReservedBytes;   // first byte circular buffers may use
  uint32_t maxCircularBuffers;
};
const ArchSpec *findArch(const std::string &name);

/// Kernel objects stay loaded across runs, up to a limit (default 1024; at
/// least 4): beyond it the least recently run are unloaded. Returns the
/// previous limit. loadedKernelCount: objects loaded now (copies included).
size_t setLoadedKernelLimit(size_t limit);
size_t loadedKernelCount();

enum class BufferKind : uint8_t { Dram, L1 };
enum class Role : uint8_t { DataMovement0, DataMovement1, Compute };
const char *roleName(Role role);

/// One kernel of a program, on its cores.
struct KernelSpec {
  std::string name;           // for messages: "compute (descriptor 2)"
  std::string library;        // path of the compiled host shared object
  Role role = Role::Compute;
  std::vector<std::pair<uint32_t, uint32_t>> cores;
  std::vector<std::vector<uint32_t>> runtimeArgs; // per core, same order
  std::vector<uint32_t> commonArgs;
  // Compute configuration (ComputeConfigDescriptor).
  bool fp32DestAccumulation = false;
  bool fullSyncDest = false;
  MathFidelity fidelity = MathFidelity::HiFi4;
  /// CB indices whose unpack_to_dest_mode is UnpackToDestFp32: copy_tile
  /// moves their 32-bit tiles straight into DEST.
  uint64_t unpackToDest = 0;
};

struct CircularBufferSpec {
  std::vector<std::pair<uint32_t, uint32_t>> cores;
  uint32_t totalSize = 0;
  struct Format {
    uint32_t index;
    DataFormat format;
    uint32_t pageSize;
  };
  std::vector<Format> formats;
};

struct SemaphoreSpec {
  uint32_t id = 0;
  uint32_t initialValue = 0;
  std::vector<std::pair<uint32_t, uint32_t>> cores;
};

struct ProgramSpec {
  std::vector<KernelSpec> kernels;
  /// Fibers run in row-major core order, data movement 0, data movement 1,
  /// compute; `reverse` runs them in the opposite order. Both are
  /// deterministic; a program whose result depends on the order has a race.
  bool reverse = false;
  std::vector<CircularBufferSpec> circularBuffers;
  std::vector<SemaphoreSpec> semaphores;
};

/// One dispatch's runtime arguments of one kernel of a ProgramSpec: per core
/// (in the kernel's core order) and common. A program read once runs with
/// each dispatch's words without being converted again.
struct KernelArgs {
  std::vector<std::vector<uint32_t>> perCore;
  std::vector<uint32_t> common;
};

/// What a blocked kernel waits for (a deadlock report lists one per kernel).
struct BlockedKernel {
  std::string kernel;
  uint32_t x = 0, y = 0;
  uint32_t device = 0; // its chip in a mesh run
  std::string waitsFor;      // "cb_wait_front(cb 2, 1 page)"
  int32_t circularBuffer = -1;
  // The program semaphore id it waits on (noc_semaphore_wait), or -1.
  int32_t semaphore = -1;
  // Its last events (at most kRecentEvents), oldest first, each with its
  // number among the kernel's events: "#12 cb_push_back(cb 0, 1 page)".
  std::vector<std::string> recentEvents;
};

/// Every event of one kernel on one core in a traced run, in program order.
struct KernelTrace {
  std::string kernel;
  uint32_t x = 0, y = 0;
  Role role = Role::Compute;
  uint32_t device = 0; // its chip in a mesh run
  std::vector<TraceEvent> events;
};

/// The outcome of a program run: ok, or an error of one kind.
/// One line a kernel printed (api/debug/dprint.h's DPRINT), in print order.
struct DevicePrint {
  std::string kernel;
  uint32_t x = 0, y = 0;
  uint32_t device = 0; // its chip in a mesh run
  std::string text;
};

struct RunResult {
  // Stopped: a mesh spread over processes whose run failed on another
  // process's chips (that process has the error).
  enum class Kind : uint8_t { Ok, KernelError, Deadlock, ProgramError, NotEmulated, Hang, Stopped };
  Kind kind = Kind::Ok;
  std::string message;
  std::string kernel;        // the failing kernel (KernelError, Hang)
  uint32_t x = 0, y = 0;
  uint32_t device = 0;       // its chip in a mesh run
  std::vector<BlockedKernel> blocked; // Deadlock
  uint64_t contextSwitches = 0;
  std::vector<DevicePrint> prints; // every run, failed or not
  // KernelError / Hang at a code address in a kernel: its object and offset
  // (resolved to a source line by the host, from the build's line tables).
  std::string codeObject;
  uint64_t codeOffset = 0;
  std::vector<KernelTrace> traces; // a traced run's, in schedule order
};

/// The fabric of a mesh run (docs/emulator.md, "Meshes and fabric"): the
/// chips on a rows x cols grid, `links` Ethernet links between each pair of
/// neighbours (rows and columns closed into rings where `ringRows` /
/// `ringCols`), each with `slots` buffer slots a sender fills before it must
/// wait (wait_for_empty_write_slot).
struct FabricSpec {
  uint32_t rows = 1, cols = 1;
  uint32_t links = 1;
  bool ringRows = false; // each row's ends linked (along columns)
  bool ringCols = false; // each column's ends linked (along rows)
  uint32_t slots = 8;
};

class DeviceImpl;
class Device;

/// One chip's part of a mesh run: its device, program and runtime words, and
/// its row-major index in the mesh (`chip`).
struct MeshPart {
  Device *device = nullptr;
  const struct ProgramSpec *program = nullptr;
  const std::vector<KernelArgs> *args = nullptr;
  uint32_t chip = 0;
};

/// The chips of a mesh run that other processes hold: a mesh spread over MPI
/// ranks (ttlang.emu.mesh_mpi; docs/emulator.md, "A mesh over processes").
/// Fabric packets routed to those chips leave through `exchange`, packets for
/// this process's chips arrive through it, and it decides, across the
/// processes, when the run is over. A run calls it from one host thread of its
/// own (no kernel's), again and again until it returns something but Continue;
/// a one-process mesh run has none and never pays for it.
class RemoteChips {
public:
  /// One packet, encoded by Fabric.cpp, for chip `chip` of the mesh.
  struct Packet {
    uint32_t chip = 0;
    std::string bytes;
  };
  /// This process's part: every kernel blocked or ended and nothing left to
  /// send (`idle`), every kernel ended (`done`), a kernel failed (`failed`).
  struct Status {
    bool idle = false, done = false, failed = false;
  };
  /// Continue; the run is over everywhere (Finished: every process done,
  /// nothing in flight; Deadlock: every process idle, nothing in flight, some
  /// kernel blocked); another process failed (Failed), or this one did and
  /// the others were told.
  enum class Verdict : uint8_t { Continue, Finished, Deadlock, Failed };
  virtual ~RemoteChips() = default;
  /// Sends `outgoing`, fills `incoming` with the packets that arrived; may
  /// wait up to about a millisecond for one when nothing happens here.
  virtual Verdict exchange(std::vector<Packet> &outgoing, Status status,
                           std::vector<Packet> &incoming) = 0;
};

class Device {
public:
  explicit Device(const ArchSpec &arch);
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const ArchSpec &arch() const;

  /// Allocates an interleaved buffer of `pages` pages of `pageSize` bytes;
  /// returns its address (the same in every bank). Throws std::runtime_error
  /// when the memory is exhausted.
  uint32_t allocate(BufferKind kind, uint32_t pageSize, uint64_t pages);
  void deallocate(BufferKind kind, uint32_t address);
  void writePages(BufferKind kind, uint32_t address, const uint8_t *data,
                  uint64_t bytes);
  void readPages(BufferKind kind, uint32_t address, uint8_t *data,
                 uint64_t bytes);

  /// Runs `program`; with `args` (one entry per kernel), their words replace
  /// the kernels' runtimeArgs and commonArgs. A kernel that makes no progress
  /// for `hangSeconds` (> 0) ends the run as a Hang. The cores' kernels run
  /// on up to `threads` host threads (each core's on one of them). With
  /// `trace`, the result holds every kernel's events (Trace.h).
  RunResult run(const ProgramSpec &program,
                const std::vector<KernelArgs> *args = nullptr,
                double hangSeconds = 0, uint32_t threads = 1,
                bool trace = false);

  /// Runs a mesh workload: every part's program on its device, all in one
  /// run (a chip's kernels may wait for another's through the fabric), each
  /// part chip `part.chip` of `fabric` (row-major). Without `remote` every
  /// chip of the fabric has its part; with it, the chips without one are
  /// other processes' (RemoteChips). The result names the chip of a failing
  /// or blocked kernel (`device`).
  static RunResult runMesh(const std::vector<MeshPart> &parts,
                           const FabricSpec &fabric, double hangSeconds = 0,
                           uint32_t threads = 1, bool trace = false,
                           RemoteChips *remote = nullptr);

private:
  std::unique_ptr<DeviceImpl> impl;
};

} // namespace ttlemu

#endif // TTL_EMU_DEVICE_H
