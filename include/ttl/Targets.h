//===- Targets.h - the Tenstorrent targets, defined once ---------*- C++ -*-===//
//
// The facts of each supported chip, in one table that every layer reads: the
// TTL passes' capacity checks (TTLTargets.h), the op model's devices
// (ttl/OpModel/Device.h), the emulated device's architectures, and Python
// through the extensions (`ttlang._ttlang.targets()`, and
// `ttlang.emu._emu.architecture(name)` on the MLIR-free side). No
// dependencies, so the emulated device's runtime includes it too.
//
// Sources: ttnn 0.81.1's mock devices (../shared/docs/ttnn.md): Wormhole 8x8
// workers, L1 alignment 16, DRAM alignment 32, 1,463,968 B unreserved of the
// 1,499,136 B L1 (35,168 B reserved); Blackhole 13x10 workers, DRAM alignment
// 64, 1.5 MiB L1 with the reserved region assumed equal to Wormhole's. The
// L1 allocator's base (get_base_allocator_addr, above the reserved region and
// the kernel-config buffer) is where tt-metal starts a program's static
// circular / dataflow buffers: its error for buffers that outgrow L1 ("grow to
// X B which is beyond max L1 size") puts their end at base + buffers, 105,824
// B on the mock Wormhole and 111,744 B on the mock Blackhole (inside the
// bracket every measured switch leaves; docs/op-model.md, "The L1
// allocator's base"). Bank
// counts: the reference table's n300 (64 L1 banks, 12 DRAM banks) and
// Blackhole's 130 workers and 8 DRAM banks. Circular buffers:
// NUM_CIRCULAR_BUFFERS of ttnn 0.81.1's circular_buffer_constants.h. Tensix
// cores have five RISC-V processors: two run data-movement kernels and three
// together run one compute kernel. Roofline rates are nominal datasheet
// figures (docs/op-model.md).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TARGETS_H
#define TTL_TARGETS_H

#include <cstdint>
#include <string_view>

namespace ttlang::target {

struct Facts {
  const char *name;
  /// The worker grid (Tensix cores), cols x rows.
  int64_t gridCols, gridRows;
  /// L1 banks (one per worker core) and DRAM banks.
  int64_t l1Banks, dramBanks;
  /// Bytes of L1 per core, and the firmware-reserved bytes at its bottom.
  uint64_t l1Bytes, l1ReservedBytes;
  /// The first L1 byte ttnn's allocator hands out; ttnn's own L1 budgets
  /// (get_max_l1_space, the moreh small/large switches) count from it.
  uint64_t l1AllocatorBase;
  uint64_t l1Alignment, dramAlignment;
  uint64_t dramBankBytes;
  /// Circular buffers per core (NUM_CIRCULAR_BUFFERS).
  unsigned circularBuffers;
  /// Program semaphores per core: ttnn 0.81.1 refuses a SemaphoreDescriptor
  /// id above 15 ("Semaphore id N exceeds max value 15").
  unsigned semaphores;
  /// Logical kernels one operation may run per core, by kind.
  unsigned computeKernels, dataMovementKernels;
  /// Roofline rates.
  double clockGHz, dramBytesPerNs, nocBytesPerCycle, launchOverheadNs;

  /// L1 bytes per core above the reserved region.
  constexpr uint64_t l1UnreservedBytes() const {
    return l1Bytes - l1ReservedBytes;
  }
};

inline constexpr Facts kTargets[] = {
    {"wormhole_b0", /*gridCols=*/8, /*gridRows=*/8, /*l1Banks=*/64,
     /*dramBanks=*/12, /*l1Bytes=*/1499136, /*l1ReservedBytes=*/35168,
     /*l1AllocatorBase=*/105824, /*l1Alignment=*/16, /*dramAlignment=*/32,
     /*dramBankBytes=*/uint64_t(1) << 30, /*circularBuffers=*/32, /*semaphores=*/16,
     /*computeKernels=*/1, /*dataMovementKernels=*/2, /*clockGHz=*/1.0,
     /*dramBytesPerNs=*/288.0, /*nocBytesPerCycle=*/32.0,
     /*launchOverheadNs=*/2000.0},
    {"blackhole", /*gridCols=*/13, /*gridRows=*/10, /*l1Banks=*/130,
     /*dramBanks=*/8, /*l1Bytes=*/1572864, /*l1ReservedBytes=*/35168,
     /*l1AllocatorBase=*/111744, /*l1Alignment=*/16, /*dramAlignment=*/64,
     /*dramBankBytes=*/uint64_t(4) << 30, /*circularBuffers=*/64, /*semaphores=*/16,
     /*computeKernels=*/1, /*dataMovementKernels=*/2, /*clockGHz=*/1.35,
     /*dramBytesPerNs=*/512.0, /*nocBytesPerCycle=*/64.0,
     /*launchOverheadNs=*/2000.0},
};

/// The target compiled for, emulated and answered for when none is named:
/// the table's first row (Wormhole, ttnn's and tt-lang's default device).
inline constexpr std::string_view kDefaultTarget = kTargets[0].name;

/// The most program semaphores any target has (per-core storage sizes).
constexpr unsigned maxSemaphores() {
  unsigned most = 0;
  for (const Facts &facts : kTargets)
    most = facts.semaphores > most ? facts.semaphores : most;
  return most;
}

/// The largest NoC alignment (L1 or DRAM) of any target. A row-major DFB
/// page (one row of elements) is rounded up to it, so each row of a block
/// starts where a NoC read of any target's DRAM or L1 page may land, and the
/// DFB's size does not depend on the target (docs/language.md, "Row-major
/// tensors").
constexpr uint64_t maxNocAlignment() {
  uint64_t most = 0;
  for (const Facts &facts : kTargets) {
    most = facts.l1Alignment > most ? facts.l1Alignment : most;
    most = facts.dramAlignment > most ? facts.dramAlignment : most;
  }
  return most;
}

/// The target called `name`, or nullptr.
constexpr const Facts *find(std::string_view name) {
  for (const Facts &facts : kTargets)
    if (name == facts.name)
      return &facts;
  return nullptr;
}

} // namespace ttlang::target

#endif // TTL_TARGETS_H
