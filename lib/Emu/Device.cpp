//===- Device.cpp - Memory, programs and the scheduler of the emulator ----===//

#include "Isolation.h"
#include "Fabric.h"
#include "Runtime.h"
#include "ttl/Targets.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <condition_variable>
#include <optional>
#include <cxxabi.h>
#include <fcntl.h>
#include <functional>
#include <iterator>
#include <map>
#include <cstring>
#include <dlfcn.h>
#include <typeinfo>
#include <link.h>
#include <mutex>
#include <pthread.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>

// GCC 12's libstdc++ added a second version of condition_variable::wait
// (GLIBCXX_3.4.30, which only changed its exception specification for
// thread cancellation, which the emulator never uses); GCC 12's headers bind
// to it. Binding to the original version keeps libttlang_emu.so loadable with
// the libstdc++ ttnn 0.81.1 needs (GLIBCXX_3.4.29): see CMakeLists.txt.
__asm__(".symver _ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE,"
        "_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE@GLIBCXX_3.4.11");

namespace ttlemu {

//===----------------------------------------------------------------------===//
// Architectures
//===----------------------------------------------------------------------===//

namespace {
// Views of the one target table (ttl/Targets.h, with its sources): circular
// buffers are placed from the first byte above the reserved region.
ArchSpec archOf(const ttlang::target::Facts &facts) {
  return {facts.name,
          static_cast<uint32_t>(facts.gridCols),
          static_cast<uint32_t>(facts.gridRows),
          static_cast<uint32_t>(facts.dramBanks),
          static_cast<uint32_t>(facts.dramAlignment),
          static_cast<uint32_t>(facts.l1Alignment),
          static_cast<uint32_t>(facts.l1Bytes),
          static_cast<uint32_t>(facts.l1ReservedBytes),
          facts.circularBuffers};
}
const ArchSpec kArchs[] = {archOf(ttlang::target::kTargets[0]),
                           archOf(ttlang::target::kTargets[1])};
static_assert(std::size(ttlang::target::kTargets) == std::size(kArchs),
              "one architecture per target");
} // namespace

const ArchSpec *findArch(const std::string &name) {
  for (const ArchSpec &arch : kArchs)
    if (name == arch.name)
      return &arch;
  return nullptr;
}

const char *roleName(Role role) {
  static const char *const names[] = {"data_movement_0", "data_movement_1",
                                      "compute"};
  return names[static_cast<int>(role)];
}

std::string format(const char *fmt, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  return buffer;
}

//===----------------------------------------------------------------------===//
// Kernel modules
//===----------------------------------------------------------------------===//

/// A kernel's host build, loaded once per process. Its writable globals are
/// per core on hardware, so every processor keeps its own copy and the
/// scheduler swaps it in and out around the processor's turns.
class Module {
public:
  void *handle = nullptr;     // dlopen's
  uintptr_t base = 0;         // load address (a copy's key in copyNames)
  uint64_t lastRun = 0;       // the last run that loaded it
  void (*main)() = nullptr;
  std::vector<std::pair<uint8_t *, size_t>> data; // writable, non-RELRO
  std::vector<uint8_t> pristine;                  // their state at load

  void save(std::vector<uint8_t> &into) const {
    size_t at = 0;
    for (auto [start, size] : data) {
      std::memcpy(into.data() + at, start, size);
      at += size;
    }
  }
  void restore(const std::vector<uint8_t> &from) const {
    size_t at = 0;
    for (auto [start, size] : data) {
      std::memcpy(start, from.data() + at, size);
      at += size;
    }
  }
};

namespace {
struct PhdrSearch {
  uintptr_t base;
  Module *module;
};

int collectData(dl_phdr_info *info, size_t, void *arg) {
  auto *search = static_cast<PhdrSearch *>(arg);
  if (info->dlpi_addr != search->base)
    return 0;
  const uintptr_t page = 4096;
  uintptr_t relroStart = 0, relroEnd = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_GNU_RELRO) {
      relroStart = (info->dlpi_addr + ph.p_vaddr) & ~(page - 1);
      relroEnd = (info->dlpi_addr + ph.p_vaddr + ph.p_memsz) & ~(page - 1);
    }
  }
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W))
      continue;
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    uintptr_t end = start + ph.p_memsz;
    if (relroEnd > start && relroStart < end)
      start = std::max(start, relroEnd);
    if (end > start)
      search->module->data.push_back(
          {reinterpret_cast<uint8_t *>(start), end - start});
  }
  return 1;
}

std::mutex modulesMutex;
// Keyed by the kernel's path and the host thread slot (Device.cpp, "Host
// threads"): slot 0 runs the object itself, slot i > 0 a copy of its own.
std::map<std::pair<std::string, uint32_t>, std::unique_ptr<Module>> &modules() {
  static auto *loaded =
      new std::map<std::pair<std::string, uint32_t>, std::unique_ptr<Module>>();
  return *loaded;
}
// The objects of the copies (their load address) and the kernel each copies,
// for fault reports.
std::map<uintptr_t, std::string> &copyNames() {
  static auto *names = new std::map<uintptr_t, std::string>();
  return *names;
}

/// dlopen's handle of a private copy of `path`: the dynamic loader maps one
/// object per file (and per name), so two host threads running one kernel at
/// once need two files. The copy is a file of a name never used before in
/// this process, in /dev/shm (or $TMPDIR), removed once mapped.
void *openCopy(const std::string &path, std::string &error) {
  static uint64_t copies = 0;
  int source = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat status;
  if (source < 0 || fstat(source, &status) != 0) {
    error = format("cannot read %s", path.c_str());
    if (source >= 0)
      close(source);
    return nullptr;
  }
  const char *tmp = std::getenv("TMPDIR");
  std::string name;
  int copy = -1;
  for (const char *dir : {"/dev/shm", tmp ? tmp : "/tmp"}) {
    name = format("%s/ttlang-kernel-%d-%llu.so", dir, int(getpid()),
                  (unsigned long long)++copies);
    copy = open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
    if (copy >= 0)
      break;
  }
  off_t offset = 0;
  bool copied = copy >= 0;
  while (copied && offset < status.st_size)
    copied = sendfile(copy, source, &offset, size_t(status.st_size - offset)) > 0;
  close(source);
  void *handle = nullptr;
  if (copied) {
    close(copy);
    copy = -1;
    handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      error = dlerror();
  } else {
    error = format("cannot copy %s to %s", path.c_str(), name.c_str());
  }
  if (copy >= 0)
    close(copy);
  unlink(name.c_str()); // the mapping keeps the file
  return handle;
}

// Runs so far (programs run one at a time per process, under runMutex).
uint64_t runCount = 0;
// Kernel objects kept loaded at most: each maps several regions, and a
// process has a bounded number of mappings (vm.max_map_count, 65530 by
// default), which thousands of distinct kernels used to exhaust (dlopen then
// fails: "cannot apply additional memory protection"). Settable for tests.
size_t loadedModuleLimit = 1024;

/// Unloads the least recently run modules that the current run has not
/// loaded, down to three quarters of the limit.
void evictModules() {
  auto &loaded = modules();
  if (loaded.size() < loadedModuleLimit)
    return;
  std::vector<std::pair<uint64_t, std::pair<std::string, uint32_t>>> idle;
  for (auto &[key, module] : loaded)
    if (module->lastRun != runCount)
      idle.push_back({module->lastRun, key});
  std::sort(idle.begin(), idle.end());
  size_t keep = loadedModuleLimit * 3 / 4;
  for (auto &[_, key] : idle) {
    if (loaded.size() <= keep)
      break;
    auto found = loaded.find(key);
    copyNames().erase(found->second->base);
    dlclose(found->second->handle);
    loaded.erase(found);
  }
}

Module *loadModule(const std::string &path, uint32_t slot, std::string &error) {
  std::lock_guard<std::mutex> lock(modulesMutex);
  auto &loaded = modules();
  auto found = loaded.find({path, slot});
  if (found != loaded.end()) {
    found->second->lastRun = runCount;
    return found->second.get();
  }
  evictModules();
  void *handle = slot == 0 ? dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)
                           : openCopy(path, error);
  if (!handle) {
    if (slot == 0)
      error = dlerror();
    return nullptr;
  }
  auto module = std::make_unique<Module>();
  module->handle = handle;
  module->lastRun = runCount;
  module->main =
      reinterpret_cast<void (*)()>(dlsym(handle, "_Z11kernel_mainv"));
  if (!module->main) {
    error = "the kernel defines no 'void kernel_main()'";
    dlclose(handle);
    return nullptr;
  }
  link_map *map = nullptr;
  dlinfo(handle, RTLD_DI_LINKMAP, &map);
  module->base = map->l_addr;
  if (slot != 0)
    copyNames()[map->l_addr] = path;
  PhdrSearch search{map->l_addr, module.get()};
  dl_iterate_phdr(collectData, &search);
  size_t total = 0;
  for (auto [start, size] : module->data)
    total += size;
  module->pristine.resize(total);
  module->save(module->pristine);
  Module *result = module.get();
  loaded.emplace(std::make_pair(path, slot), std::move(module));
  return result;
}

} // namespace

size_t setLoadedKernelLimit(size_t limit) {
  std::lock_guard<std::mutex> lock(modulesMutex);
  size_t previous = loadedModuleLimit;
  loadedModuleLimit = std::max<size_t>(limit, 4);
  return previous;
}

size_t loadedKernelCount() {
  std::lock_guard<std::mutex> lock(modulesMutex);
  return modules().size();
}

namespace {
/// The path of the kernel whose object (or copy) is loaded at `base`.
std::string objectPath(uintptr_t base, const char *file) {
  std::lock_guard<std::mutex> lock(modulesMutex);
  auto found = copyNames().find(base);
  return found != copyNames().end() ? found->second : file;
}
} // namespace

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

namespace {
uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

/// An interleaved buffer: page p in bank p % banks at address
/// base + (p / banks) * alignedPage (InterleavedAddrGen).
struct Buffer {
  uint32_t address = 0;
  uint32_t pageSize = 0, alignedPage = 0;
  uint64_t pages = 0;
  uint32_t perBank = 0; // bytes each bank holds
  std::vector<uint8_t> dram; // DRAM only: bank-major, perBank bytes each
};

/// Anonymous memory (reserved lazily: pages cost nothing until touched) whose
/// addresses still fit 32 bits when mapBelow2GiB found no room: the first gap
/// of the process's mappings (/proc/self/maps, sorted) between 256 MiB and
/// 4 GiB, where a mesh's further chips go (kernels hold L1 addresses in
/// 32-bit words; a 32-chip Wormhole mesh needs 2.9 GiB). A few tries, in case
/// another thread maps something there meanwhile.
void *mapBelow4GiB(size_t bytes) {
  constexpr int kFlags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
  void *memory = MAP_FAILED;
  constexpr uint64_t kLow = 256ull << 20, kHigh = 4ull << 30;
  for (int attempt = 0; attempt < 4; ++attempt) {
    FILE *maps = std::fopen("/proc/self/maps", "r");
    if (!maps)
      return MAP_FAILED;
    uint64_t at = kLow, start = 0, end = 0, found = 0;
    char line[512];
    while (!found && std::fgets(line, sizeof line, maps)) {
      if (std::sscanf(line, "%" SCNx64 "-%" SCNx64, &start, &end) != 2)
        continue;
      if (start >= at + bytes)
        found = at;
      else if (end > at)
        at = (end + 0xffff) & ~uint64_t(0xffff);
    }
    std::fclose(maps);
    if (!found && at + bytes <= kHigh)
      found = at;
    if (!found || found + bytes > kHigh)
      return MAP_FAILED;
    memory = mmap(reinterpret_cast<void *>(found), bytes, PROT_READ | PROT_WRITE,
                  kFlags | MAP_FIXED_NOREPLACE, -1, 0);
    if (memory != MAP_FAILED)
      return memory;
  }
  return MAP_FAILED;
}

constexpr uint32_t kDramBase = 0x100000;
constexpr uint64_t kDramBankSize = 1ull << 30;
} // namespace

/// Reserves `bytes` of memory (pages committed when touched) in the low 2 GiB
/// of the address space, where 32-bit L1 addresses can reach it: MAP_32BIT on
/// x86-64; elsewhere the first free 256 MiB-aligned range above 256 MiB.
void *mapBelow2GiB(size_t bytes) {
  constexpr int kFlags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
#if defined(__x86_64__)
  return mmap(nullptr, bytes, PROT_READ | PROT_WRITE, kFlags | MAP_32BIT, -1, 0);
#else
  constexpr uintptr_t kStep = uintptr_t(256) << 20, kLimit = uintptr_t(2) << 30;
  for (uintptr_t base = kStep; base + bytes <= kLimit; base += kStep) {
    void *memory = mmap(reinterpret_cast<void *>(base), bytes,
                        PROT_READ | PROT_WRITE, kFlags | MAP_FIXED_NOREPLACE, -1, 0);
    if (memory == reinterpret_cast<void *>(base))
      return memory;
    if (memory != MAP_FAILED) // a kernel before 4.17 took the flag as a hint
      munmap(memory, bytes);
  }
  return MAP_FAILED;
#endif
}

struct RunState;

class DeviceImpl {
public:
  explicit DeviceImpl(const ArchSpec &arch) : arch(arch) {
    size_t cores = size_t(arch.gridX) * arch.gridY;
    l1Stride = alignUp(arch.l1Size, kL1Guard) + kL1Guard;
    l1Bytes = kL1Guard + cores * l1Stride;
    // Kernels hold L1 addresses in 32-bit words and turn them into pointers
    // (get_semaphore, get_write_ptr), so L1 lives in the low 2 GiB (a
    // mesh's further chips: below 4 GiB).
    void *memory = mapBelow2GiB(l1Bytes);
    if (memory == MAP_FAILED) // a mesh's further chips (docs/emulator.md)
      memory = mapBelow4GiB(l1Bytes);
    if (memory == MAP_FAILED)
      throw std::runtime_error("cannot map the emulated L1 below 4 GiB (too "
                               "many emulated devices in this process?)");
    l1Memory = static_cast<uint8_t *>(memory);
    // An inaccessible page before each core's L1 and after the last: a raw
    // pointer running off a core's L1 faults (a kernel fault) instead of
    // writing into the next core's.
    for (size_t i = 0; i <= cores; ++i)
      if (mprotect(l1Memory + i * l1Stride, kL1Guard, PROT_NONE) != 0)
        throw std::runtime_error("cannot protect the emulated L1's guard pages");
    this->cores.resize(cores);
    for (uint32_t y = 0; y < arch.gridY; ++y)
      for (uint32_t x = 0; x < arch.gridX; ++x) {
        Core &core = this->cores[y * arch.gridX + x];
        core.x = x;
        core.y = y;
        core.l1 = l1Memory + kL1Guard + size_t(y * arch.gridX + x) * l1Stride;
        core.l1Base = uint32_t(reinterpret_cast<uintptr_t>(core.l1));
        core.l1Size = arch.l1Size;
        core.owner = this;
      }
    l1BufferFloor = arch.l1Size;
  }
  ~DeviceImpl() { munmap(l1Memory, l1Bytes); }

  const ArchSpec &arch;
  std::vector<Core> cores;
  static constexpr size_t kL1Guard = 4096;
  uint8_t *l1Memory = nullptr;
  size_t l1Stride = 0; // a guard page and one core's L1
  size_t l1Bytes = 0;
  std::map<uint32_t, Buffer> dram, l1;
  /// What each host thread of a run takes its kernels' stacks and DEST
  /// buffers from (one per thread slot: the pools are not shared).
  struct Pools {
    StackPool stacks;
    // DEST buffers (kMaxDestTiles tiles) of earlier runs' compute kernels:
    // reused, as the stacks are, instead of 64 KiB allocated per kernel per
    // run.
    std::vector<std::unique_ptr<float[]>> dest;
  };
  std::vector<std::unique_ptr<Pools>> pools;
  Pools &poolsOf(uint32_t slot) {
    while (pools.size() <= slot)
      pools.push_back(std::make_unique<Pools>());
    return *pools[slot];
  }
  // Processors of earlier runs, reused with their vectors' capacity (a run
  // of the 4x4 matmul sets up 48 of them, and its readers queue 32 copies).
  std::vector<std::unique_ptr<Processor>> processorPool;

  static std::unique_ptr<float[]> acquireDest(Pools &pools) {
    if (pools.dest.empty())
      return std::unique_ptr<float[]>(new float[size_t(kMaxDestTiles) * kTileElems]);
    std::unique_ptr<float[]> dest = std::move(pools.dest.back());
    pools.dest.pop_back();
    return dest;
  }
  /// Returns a processor's stack and DEST (if it took them) to the pools.
  static void releaseResources(Processor &p, Pools &pools) {
    if (p.stack) {
      pools.stacks.release(p.stack);
      p.stack = nullptr;
    }
    if (p.compute && p.compute->dest)
      pools.dest.push_back(std::move(p.compute->dest));
  }

  /// A processor in its initial state.
  std::unique_ptr<Processor> freshProcessor() {
    if (processorPool.empty())
      return std::make_unique<Processor>();
    std::unique_ptr<Processor> p = std::move(processorPool.back());
    processorPool.pop_back();
    std::vector<uint8_t> data = std::move(p->moduleData);
    std::vector<PendingCopy> pending = std::move(p->pending);
    p->~Processor();
    new (p.get()) Processor();
    pending.clear();
    p->moduleData = std::move(data);
    p->pending = std::move(pending);
    return p;
  }
  // Cores whose circular buffers or counters a run set (only kernels and CB
  // configuration change them): the next run clears these, not all cores.
  std::vector<Core *> touched;
  uint32_t l1BufferFloor; // lowest L1 buffer address (they grow down)

  Core *core(uint32_t x, uint32_t y) {
    if (x >= arch.gridX || y >= arch.gridY)
      return nullptr;
    return &cores[y * arch.gridX + x];
  }
  uint32_t l1Banks() const { return arch.gridX * arch.gridY; }
  Core &l1Bank(uint32_t bank) { return cores[bank]; }

  uint32_t allocate(BufferKind kind, uint32_t pageSize, uint64_t pages);
  void deallocate(BufferKind kind, uint32_t address);
  void copyPages(BufferKind kind, uint32_t address, uint8_t *host,
                 uint64_t bytes, bool toDevice);
  uint8_t *resolve(uint64_t address, uint32_t bytes, const Core &from,
                   std::string &error);
  RunResult run(const ProgramSpec &program,
                const std::vector<KernelArgs> *args, double hangSeconds,
                uint32_t threads, bool trace);
  static RunResult runMesh(const std::vector<DeviceImpl *> &chips,
                           const std::vector<MeshPart> &parts,
                           const FabricSpec &fabric, double hangSeconds,
                           uint32_t threads, bool trace, RemoteChips *remote);
  /// Configures this device's cores for `program` (chip `chip` of the run)
  /// and adds its processors to `state`; false (the error in the result)
  /// when the program does not fit.
  bool prepare(RunState &state, const ProgramSpec &program,
               const std::vector<KernelArgs> *args, bool trace, uint32_t chip);
  /// Runs the processors `state` holds to their end (this device's pools).
  RunResult execute(RunState &state, double hangSeconds, uint32_t threads);
  void runThread(RunState &state, uint32_t slot);
  /// "past the end of core (x, y)'s L1" for a host address in a guard page
  /// of the L1 mapping, else empty.
  std::string describeL1Guard(uintptr_t address) const;
  /// The core whose L1 holds `host` (its offset in `offset`), or nullptr.
  Core *coreOfHost(const uint8_t *host, uint32_t &offset) {
    if (host < l1Memory || host >= l1Memory + l1Bytes)
      return nullptr;
    size_t at = size_t(host - l1Memory);
    if (at % l1Stride < kL1Guard)
      return nullptr; // a guard page
    size_t index = at / l1Stride;
    if (index >= cores.size())
      return nullptr;
    offset = uint32_t(at % l1Stride - kL1Guard);
    return &cores[index];
  }
  /// Sets up the logical clock's state of the cores a traced run uses.
  void resetClocks() {
    for (Core *c : touched) {
      if (!c->clocks)
        c->clocks = std::make_unique<CoreClocks>();
      CoreClocks &clocks = *c->clocks;
      // Only configured CBs' rings are read (the API checks `present`).
      for (uint64_t left = c->configured; left; left &= left - 1) {
        CoreClocks::Ring &ring = clocks.cbs[__builtin_ctzll(left)];
        uint32_t slots = c->cbs[__builtin_ctzll(left)].numPages;
        ring.pushed = ring.popped = 0;
        ring.pushEnd.assign(slots, 0);
        ring.popEnd.assign(slots, 0);
      }
      for (auto &semaphore : clocks.semaphores)
        semaphore.store(0, std::memory_order_relaxed);
    }
  }
};

uint32_t DeviceImpl::allocate(BufferKind kind, uint32_t pageSize,
                              uint64_t pages) {
  if (pageSize == 0 || pages == 0)
    throw std::invalid_argument("an empty buffer cannot be allocated");
  bool isDram = kind == BufferKind::Dram;
  uint32_t banks = isDram ? arch.dramBanks : l1Banks();
  Buffer buffer;
  buffer.pageSize = pageSize;
  buffer.alignedPage =
      uint32_t(alignUp(pageSize, isDram ? arch.dramAlignment : arch.l1Alignment));
  buffer.pages = pages;
  uint64_t perBank = alignUp((pages + banks - 1) / banks, 1) * buffer.alignedPage;
  if (isDram) {
    uint64_t at = kDramBase;
    for (auto &[address, other] : dram) {
      if (at + perBank <= address)
        break;
      at = alignUp(uint64_t(address) + other.perBank, arch.dramAlignment);
    }
    if (at + perBank > kDramBankSize)
      throw std::runtime_error(format(
          "out of emulated DRAM: %llu B per bank requested",
          (unsigned long long)perBank));
    buffer.address = uint32_t(at);
    buffer.perBank = uint32_t(perBank);
    buffer.dram.assign(size_t(perBank) * banks, 0);
    dram.emplace(buffer.address, std::move(buffer));
    return uint32_t(at);
  }
  // L1 buffers are placed from the top of L1 down, in the highest gap that
  // fits (a freed buffer's space is reused), above the unreserved base.
  uint64_t align = arch.l1Alignment, top = arch.l1Size;
  std::optional<uint64_t> at;
  for (auto it = l1.rbegin(); !at && it != l1.rend(); ++it) {
    uint64_t end = uint64_t(it->first) + it->second.perBank;
    if (top >= perBank && ((top - perBank) & ~(align - 1)) >= end)
      at = (top - perBank) & ~(align - 1);
    top = it->first;
  }
  if (!at && top >= perBank + arch.l1ReservedBytes)
    at = (top - perBank) & ~(align - 1);
  if (!at || *at < arch.l1ReservedBytes)
    throw std::runtime_error(format(
        "out of emulated L1: %llu B per core requested",
        (unsigned long long)perBank));
  buffer.address = uint32_t(*at);
  buffer.perBank = uint32_t(perBank);
  l1.emplace(buffer.address, std::move(buffer));
  l1BufferFloor = l1.begin()->first;
  return uint32_t(*at);
}

void DeviceImpl::deallocate(BufferKind kind, uint32_t address) {
  auto &buffers = kind == BufferKind::Dram ? dram : l1;
  if (!buffers.erase(address))
    throw std::invalid_argument(format("no buffer at address 0x%x", address));
  if (kind == BufferKind::L1)
    l1BufferFloor = l1.empty() ? arch.l1Size : l1.begin()->first;
}

void DeviceImpl::copyPages(BufferKind kind, uint32_t address, uint8_t *host,
                           uint64_t bytes, bool toDevice) {
  bool isDram = kind == BufferKind::Dram;
  auto &buffers = isDram ? dram : l1;
  auto found = buffers.find(address);
  if (found == buffers.end())
    throw std::invalid_argument(format("no buffer at address 0x%x", address));
  Buffer &buffer = found->second;
  if (bytes != buffer.pages * buffer.pageSize)
    throw std::invalid_argument(format(
        "buffer at 0x%x holds %llu B, not %llu", address,
        (unsigned long long)(buffer.pages * buffer.pageSize),
        (unsigned long long)bytes));
  uint32_t banks = isDram ? arch.dramBanks : l1Banks();
  for (uint64_t page = 0; page < buffer.pages; ++page) {
    uint32_t bank = uint32_t(page % banks);
    uint64_t offset = (page / banks) * buffer.alignedPage;
    uint8_t *device =
        isDram ? buffer.dram.data() + size_t(bank) * buffer.perBank + offset
               : l1Bank(bank).l1 + buffer.address + offset;
    uint8_t *at = host + page * buffer.pageSize;
    if (toDevice)
      std::memcpy(device, at, buffer.pageSize);
    else
      std::memcpy(at, device, buffer.pageSize);
  }
}

uint8_t *DeviceImpl::resolve(uint64_t address, uint32_t bytes,
                             const Core &from, std::string &error) {
  uint32_t x = uint32_t(address >> kNocLocalBits) & 0x3f;
  uint32_t y = uint32_t(address >> (kNocLocalBits + 6)) & 0x3f;
  uint64_t local = address & kNocLocalMask;
  if (x == 0) {
    if (y == 0 || y > arch.dramBanks) {
      error = format("NoC coordinate (%u, %u) is no core or DRAM bank of the "
                     "emulated %s", x, y, arch.name);
      return nullptr;
    }
    uint32_t bank = y - 1;
    auto next = dram.upper_bound(uint32_t(std::min<uint64_t>(local, UINT32_MAX)));
    if (next != dram.begin()) {
      Buffer &buffer = std::prev(next)->second;
      if (local >= buffer.address &&
          local + bytes <= uint64_t(buffer.address) + buffer.perBank)
        return buffer.dram.data() + size_t(bank) * buffer.perBank +
               (local - buffer.address);
    }
    error = format("%u B at DRAM bank %u address 0x%llx are outside every "
                   "allocated buffer", bytes, bank, (unsigned long long)local);
    return nullptr;
  }
  Core *target = core(x - 1, y - 1);
  if (!target || y == 0) {
    error = format("NoC coordinate (%u, %u) is no core or DRAM bank of the "
                   "emulated %s", x, y, arch.name);
    return nullptr;
  }
  // Kernels see their own L1 at host addresses; an address inside the
  // sender's L1 names the same offset on the target core.
  uint64_t offset = local;
  if (local >= from.l1Base && local < uint64_t(from.l1Base) + arch.l1Size)
    offset = local - from.l1Base;
  if (offset + bytes > arch.l1Size) {
    error = format("%u B at L1 address 0x%llx of core (%u, %u) are outside "
                   "its %u B of L1", bytes, (unsigned long long)local,
                   x - 1, y - 1, arch.l1Size);
    return nullptr;
  }
  return target->l1 + offset;
}

//===----------------------------------------------------------------------===//
// Running a program
//===----------------------------------------------------------------------===//

/// The program being run, shared by the host threads that run its cores.
struct RunState {
  DeviceImpl *device = nullptr; // the one running the threads (its pools)
  // Every chip of the run, by index (Core::chip): the device alone, or a
  // mesh run's (Device::runMesh), and the fabric between them. In a mesh
  // spread over processes, the chips other processes hold are nullptr and
  // `remote` reaches them: packets to them wait in `outbox` until the run's
  // transport thread (runTransport) hands them over.
  std::vector<DeviceImpl *> chips;
  const FabricSpec *fabric = nullptr;
  RemoteChips *remote = nullptr;
  std::mutex outboxMutex;
  std::condition_variable outboxReady; // a packet queued, or a thread idle
  std::vector<RemoteChips::Packet> outbox;
  std::vector<std::unique_ptr<Processor>> processors; // in schedule order
  uint32_t threads = 1;
  // Each core's processors, in schedule order: the threads claim them in
  // that order, each the next one when none of its own can run.
  std::vector<std::vector<Processor *>> cores;
  std::atomic<size_t> claimed{0};
  // The programs' kernels (of every chip), and per slot > 0 each one's copy.
  std::vector<const KernelSpec *> kernels;
  std::map<const KernelSpec *, size_t> kernelIndex;
  std::vector<std::vector<Module *>> copies;
  std::atomic<bool> failed{false};
  // Bumped by every change a kernel of another core may wait for (a
  // semaphore, a NoC write landing, a kernel ending): kernels blocked on
  // anything but their own core's circular buffers are resumed after it.
  std::atomic<uint64_t> crossEpoch{1};
  std::atomic<uint32_t> sleepers{0}; // threads waiting for crossEpoch
  std::atomic<uint64_t> switches{0};
  std::mutex mutex; // guards what follows
  std::condition_variable wake;
  RunResult result;
  uint32_t finished = 0, parked = 0; // threads
  std::vector<uint64_t> parkedAt;    // per thread slot: the epoch, or 0
  bool deadlock = false;
  bool remoteDeadlock = false; // the processes' verdict (RemoteChips)
};

namespace {
// Set with runningProcessor by run(), on every thread running the program.
thread_local RunState *running = nullptr;
// True on the threads that run the program (signals are per thread).
thread_local bool runsHere = false;

std::string demangled(const char *name) {
  int status = 0;
  char *readable = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string result = status == 0 && readable ? readable : name;
  std::free(readable);
  return result;
}

void runKernel(void *arg) {
  auto *processor = static_cast<Processor *>(arg);
  try {
    processor->module->main();
    fabricKernelEnded(); // a mesh run's kernels close what they opened
  } catch (const std::exception &error) {
    kernelError(std::string("an exception escaped the kernel: ") + error.what());
  } catch (...) {
    const std::type_info *type = abi::__cxa_current_exception_type();
    kernelError(std::string("an exception escaped the kernel (") +
                (type ? demangled(type->name()) : "unknown type") + ")");
  }
  completeCopies(false);
  completeCopies(true);
  processor->done = true;
}

void clearCoreState(Core &core) {
  // Only configured CBs' counters ever change (the API checks `present`).
  for (uint64_t left = core.configured; left; left &= left - 1) {
    int index = __builtin_ctzll(left);
    core.cbs[index] = CircularBuffer{};
    core.received[index] = core.acked[index] = 0;
  }
  core.configured = 0;
}

/// "kernel 'reader' on core (0, 1)", and "of device 2" in a mesh run.
std::string where(const std::string &kernel, uint32_t x, uint32_t y,
                  uint32_t device) {
  if (running && running->chips.size() > 1)
    return format("kernel '%s' on core (%u, %u) of device %u", kernel.c_str(),
                  x, y, device);
  return format("kernel '%s' on core (%u, %u)", kernel.c_str(), x, y);
}
std::string where(const Processor &p) {
  return where(p.kernel->name, p.core->x, p.core->y, p.core->chip);
}
} // namespace

thread_local Processor *runningProcessor = nullptr;

const ArchSpec &currentArch() {
  return runningProcessor ? runningProcessor->core->owner->arch
                          : running->device->arch;
}

uint32_t runChips() { return uint32_t(running->chips.size()); }
const FabricSpec *runFabric() { return running->fabric; }
bool chipIsLocal(uint32_t chip) { return running->chips[chip] != nullptr; }
uint8_t *resolveOnChip(uint32_t chip, uint64_t address, uint32_t bytes,
                       const Core &from, std::string &error) {
  if (chip >= running->chips.size() || !running->chips[chip]) {
    error = format("device %u is not part of this run", chip);
    return nullptr;
  }
  return running->chips[chip]->resolve(address, bytes, from, error);
}

namespace {
void recordCodeAddress(RunResult &result, uintptr_t pc);

/// Ends the running kernel; the first error of the run is its result (with
/// the kernel's code address `pc`, if known).
[[noreturn]] void stopKernel(RunResult::Kind kind, const std::string &message,
                             uintptr_t pc = 0) {
  RunState &state = *running;
  Processor &p = *runningProcessor;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.failed) {
      state.result.kind = kind;
      state.result.kernel = p.kernel->name;
      state.result.x = p.core->x;
      state.result.y = p.core->y;
      state.result.device = p.core->chip;
      state.result.message = where(p) + ": " + message;
      recordCodeAddress(state.result, pc);
      state.failed = true;
    }
    state.wake.notify_all(); // parked threads stop too
  }
  p.done = true;
  p.fiber.exit();
}
} // namespace

void kernelError(const std::string &message) {
  stopKernel(RunResult::Kind::KernelError, message);
}

void sendToRemoteChip(uint32_t chip, std::string bytes) {
  RunState &state = *running;
  {
    std::lock_guard<std::mutex> lock(state.outboxMutex);
    state.outbox.push_back({chip, std::move(bytes)});
  }
  state.outboxReady.notify_one();
}

void failRun(const std::string &kernel, uint32_t x, uint32_t y,
             uint32_t device, const std::string &message) {
  RunState &state = *running;
  std::lock_guard<std::mutex> lock(state.mutex);
  if (!state.failed) {
    state.result.kind = RunResult::Kind::KernelError;
    state.result.kernel = kernel;
    state.result.x = x;
    state.result.y = y;
    state.result.device = device;
    state.result.message = where(kernel, x, y, device) + ": " + message;
    state.failed = true;
  }
  state.wake.notify_all();
}

void recordPrint(std::string text) {
  Processor &p = *runningProcessor;
  // Kernels on other host threads print too: their lines interleave as the
  // threads run (in program order per kernel).
  std::lock_guard<std::mutex> lock(running->mutex);
  running->result.prints.push_back(
      {p.kernel->name, p.core->x, p.core->y, p.core->chip, std::move(text)});
}

bool kernelRunningHere() { return runsHere && runningProcessor; }

const void *runningKernel(uint64_t &progress) {
  Processor *p = runningProcessor;
  progress = p ? p->progress : 0;
  return p;
}

namespace {
/// " in kernel_main+0x1c (<object>)" for a code address, or empty.
std::string codeLocation(uintptr_t pc) {
  Dl_info info;
  if (!pc || !dladdr(reinterpret_cast<void *>(pc), &info) || !info.dli_fname)
    return "";
  std::string path =
      objectPath(reinterpret_cast<uintptr_t>(info.dli_fbase), info.dli_fname);
  const char *file = std::strrchr(path.c_str(), '/');
  file = file ? file + 1 : path.c_str();
  if (!info.dli_sname)
    return format(" in %s", file);
  return format(" in %s+0x%lx (%s)", demangled(info.dli_sname).c_str(),
                (unsigned long)(pc - uintptr_t(info.dli_saddr)), file);
}

/// Records the object and offset of a faulting or spinning kernel's code
/// address (the kernel's own object when the address is in a thread's copy
/// of it: the same file, so the same offsets).
void recordCodeAddress(RunResult &result, uintptr_t pc) {
  Dl_info info;
  if (!pc || !dladdr(reinterpret_cast<void *>(pc), &info) || !info.dli_fname)
    return;
  result.codeObject =
      objectPath(reinterpret_cast<uintptr_t>(info.dli_fbase), info.dli_fname);
  result.codeOffset = pc - uintptr_t(info.dli_fbase);
}

std::string faultAddress(const Processor &p, uintptr_t address) {
  auto stack = uintptr_t(p.stack);
  if (stack && address >= stack && address < stack + StackPool::kGuardSize)
    return format("a stack overflow: the kernel used its %zu KiB stack up "
                  "(deep or unbounded recursion?)",
                  StackPool::kStackSize >> 10);
  std::string l1 = p.core->owner->describeL1Guard(address);
  if (!l1.empty())
    return l1;
  return format("host address 0x%lx, outside everything the kernel may touch",
                (unsigned long)address);
}
} // namespace

void endKernelOnFault(int signal, const siginfo_t &info, uintptr_t pc) {
  Processor &p = *runningProcessor;
  auto address = uintptr_t(info.si_addr);
  std::string what;
  switch (signal) {
  case SIGSEGV:
  case SIGBUS:
    what = format("%s (%s) at %s", signal == SIGSEGV ? "invalid memory access"
                                                     : "bus error",
                  signal == SIGSEGV ? "SIGSEGV" : "SIGBUS",
                  faultAddress(p, address).c_str());
    break;
  case SIGFPE:
    what = info.si_code == FPE_INTDIV
               ? "integer division by zero (SIGFPE)"
               : "arithmetic fault (SIGFPE: integer overflow in a division?)";
    break;
  case SIGILL:
    what = "illegal instruction (SIGILL; __builtin_trap or undefined "
           "behaviour the compiler trapped)";
    break;
  default:
    what = "abort() (SIGABRT: a failed assert, std::terminate or abort)";
    pc = 0; // inside the C library
  }
  stopKernel(RunResult::Kind::KernelError, what + codeLocation(pc), pc);
}

void endKernelOnHang(double seconds, uintptr_t pc) {
  stopKernel(RunResult::Kind::Hang,
             format("no progress for %.1f s of CPU time (no call into the "
                    "kernel API and no switch): spinning%s",
                    seconds, codeLocation(pc).c_str()),
             pc);
}

void notEmulated(const std::string &message) {
  stopKernel(RunResult::Kind::NotEmulated, message);
}

/// The program semaphore id a blocked kernel waits on, or -1 (the report
/// names what the id is for: a pipe's handshake).
static int32_t semaphoreWaitedOn(const Processor &p) {
  using Call = WaitReason::Call;
  if (p.waitsFor.call != Call::Semaphore && p.waitsFor.call != Call::SemaphoreMin)
    return -1;
  uint32_t offset = p.waitsFor.subject; // in the core's L1
  if (offset < kSemaphoreBase || offset >= kSemaphoreBase + kMaxSemaphores * 16 ||
      (offset - kSemaphoreBase) % 16 != 0)
    return -1;
  return int32_t((offset - kSemaphoreBase) / 16);
}

void blockCurrent(const WaitReason &waitsFor, int32_t cb) {
  Processor &p = *runningProcessor;
  // Time passes while a kernel waits: its copies in flight land (one legal
  // execution), so only a barrier's absence before a push is observable.
  if (!p.pending.empty()) {
    completeCopies(false);
    completeCopies(true);
  }
  p.blocked = true;
  p.blockedEpoch = p.core->epoch;
  p.blockedCross = p.resumeCross;
  p.waitsFor = waitsFor;
  p.waitCb = cb;
  p.fiber.yield();
  p.blocked = false;
}

void notifyProgress() { ++runningProcessor->core->epoch; }

void notifyCrossProgress() {
  RunState &state = *running;
  state.crossEpoch.fetch_add(1);
  if (state.sleepers.load()) {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.wake.notify_all();
  }
}

uint8_t *processorL1(Processor &p, uint32_t address, uint32_t bytes,
                     const char *what) {
  const Core &core = *p.core;
  uint64_t offset = address;
  if (address >= core.l1Base)
    offset = address - core.l1Base;
  if (offset + bytes > core.l1Size)
    kernelError(format("%s: %u B at L1 address 0x%x are outside the core's "
                       "%u B of L1", what, bytes, address, core.l1Size));
  return core.l1 + offset;
}

Core *coreAt(const uint8_t *host, uint32_t &offset) {
  if (Processor *p = runningProcessor)
    if (Core *own = p->core->owner->coreOfHost(host, offset))
      return own;
  for (DeviceImpl *chip : running->chips) // a fabric write to another chip
    if (Core *core = chip ? chip->coreOfHost(host, offset) : nullptr)
      return core;
  return nullptr;
}

uint8_t *currentL1(uint32_t address, uint32_t bytes, const char *what) {
  return processorL1(*runningProcessor, address, bytes, what);
}

uint8_t *resolveNoc(uint64_t address, uint32_t bytes, const char *what) {
  std::string error;
  uint8_t *host =
      runningProcessor->core->owner->resolve(address, bytes,
                                             *runningProcessor->core, error);
  if (!host)
    kernelError(std::string(what) + ": " + error);
  return host;
}

void completeCopies(bool writes) {
  Processor &p = *runningProcessor;
  bool any = false;
  auto keep = p.pending.begin();
  for (auto it = p.pending.begin(); it != p.pending.end(); ++it) {
    if (it->isWrite != writes) {
      *keep++ = *it;
      continue;
    }
    if (writes && p.tracing) { // a semaphore's clock before its value
      uint32_t offset = 0;
      if (Core *core = coreAt(it->destination, offset))
        noteSemaphoreWrite(*core, offset, it->clock);
    }
    std::memmove(it->destination, it->source, it->bytes);
    any = true;
  }
  p.pending.erase(keep, p.pending.end());
  if (any && writes)
    notifyCrossProgress(); // into other cores' L1 (a semaphore, say) too
  else if (any)
    notifyProgress();
}

// Kernels' writable globals are swapped in and out per processor, in the
// copy of each module its host thread slot loads: programs run one at a time.
std::mutex runMutex;

//===----------------------------------------------------------------------===//
// Host threads
//===----------------------------------------------------------------------===//

namespace {
/// Host threads for runs, started on first use and kept for the process:
/// slot 0 of a run is the calling thread, slot i > 0 pool thread i.
class HostThreads {
public:
  /// Runs job(slot) for every slot below `count`, slot 0 here; returns when
  /// all have returned.
  void run(uint32_t count, const std::function<void(uint32_t)> &work) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (uint32_t slot = uint32_t(threads.size()) + 1; slot < count; ++slot)
        threads.emplace_back([this, slot] { serve(slot); });
      job = &work;
      wanted = count;
      pending = count - 1;
      ++generation;
    }
    start.notify_all();
    work(0);
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, [&] { return pending == 0; });
    job = nullptr;
  }

private:
  void serve(uint32_t slot) {
    keepOnlyKernelSignals();
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      start.wait(lock, [&] { return generation != seen; });
      seen = generation;
      if (slot >= wanted)
        continue;
      const std::function<void(uint32_t)> *work = job;
      lock.unlock();
      (*work)(slot);
      lock.lock();
      if (--pending == 0)
        finished.notify_all();
    }
  }

  std::mutex mutex;
  std::condition_variable start, finished;
  std::vector<std::thread> threads; // slots 1, 2, ...
  const std::function<void(uint32_t)> *job = nullptr;
  uint64_t generation = 0;
  uint32_t wanted = 0, pending = 0;
};

HostThreads *hostThreadsNow = nullptr;

HostThreads &hostThreads() {
  // Never destroyed: its threads wait for work until the process ends. A
  // child process forked from this one has none of them: it starts anew
  // (the parent's object, its lock perhaps held, is left alone).
  static bool once = [] {
    pthread_atfork(nullptr, nullptr, [] { hostThreadsNow = nullptr; });
    return true;
  }();
  (void)once;
  if (!hostThreadsNow)
    hostThreadsNow = new HostThreads();
  return *hostThreadsNow;
}

/// Whether `p` may run: not blocked, or blocked before a change of its core
/// or across cores.
bool runnable(const Processor &p, uint64_t cross) {
  return !p.done && (!p.blocked || p.blockedEpoch != p.core->epoch ||
                     p.blockedCross != cross);
}

/// Whether every thread of the run waits at cross-core epoch `now` or has
/// ended (state.mutex held): nothing can run until something changes.
bool allParkedAt(const RunState &state, uint64_t now) {
  bool all = state.parked + state.finished == state.threads;
  for (uint64_t at : state.parkedAt)
    all &= at == 0 || at == now;
  return all;
}

/// The transport of a mesh run spread over processes (RemoteChips), on a
/// thread of its own beside the run's: hands the queued packets over,
/// delivers the ones that arrived, and tells the processes whether this one
/// is idle or done until they agree the run is over (or one failed). Between
/// exchanges where nothing happened it waits for a queued packet or an idle
/// moment, up to a pause that grows from 50 us to 2 ms.
void runTransport(RunState &state) {
  keepOnlyKernelSignals();
  running = &state;
  using Verdict = RemoteChips::Verdict;
  std::vector<RemoteChips::Packet> outgoing, incoming;
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    RemoteChips::Status status;
    {
      std::lock_guard<std::mutex> lock(state.mutex);
      status.idle = allParkedAt(state, state.crossEpoch.load());
      status.done = state.finished == state.threads;
      status.failed = state.failed;
    }
    {
      std::lock_guard<std::mutex> lock(state.outboxMutex);
      outgoing.swap(state.outbox);
    }
    bool traffic = !outgoing.empty();
    incoming.clear();
    Verdict verdict = state.remote->exchange(outgoing, status, incoming);
    outgoing.clear();
    traffic |= !incoming.empty();
    for (const RemoteChips::Packet &packet : incoming)
      deliverRemotePacket(packet.chip, packet.bytes);
    if (verdict != Verdict::Continue) {
      std::lock_guard<std::mutex> lock(state.mutex);
      if (verdict == Verdict::Deadlock)
        state.deadlock = state.remoteDeadlock = true;
      if (verdict == Verdict::Failed && !state.failed) {
        state.result.kind = RunResult::Kind::Stopped;
        state.result.message =
            "stopped: the run failed on another process's chips";
        state.failed = true;
      }
      state.wake.notify_all();
      break;
    }
    if (traffic) {
      pause = std::chrono::microseconds(50);
      continue;
    }
    std::unique_lock<std::mutex> lock(state.outboxMutex);
    state.outboxReady.wait_for(lock, pause);
    pause = std::min<std::chrono::microseconds>(pause * 2,
                                                std::chrono::milliseconds(2));
  }
  running = nullptr;
}

/// Tells the other processes of a mesh run (if any) that this one failed
/// before its kernels started, so that they stop instead of waiting for it.
void tellRemoteFailed(RunState &state) {
  if (!state.remote)
    return;
  std::vector<RemoteChips::Packet> none, ignored;
  RemoteChips::Status status;
  status.failed = true;
  state.remote->exchange(none, status, ignored);
}

/// Called by a thread that found nothing to run at cross-core epoch `seen`:
/// waits until that epoch moves (true), or returns false when the run failed
/// or every thread waits at the current epoch (a deadlock).
bool park(RunState &state, uint32_t slot, uint64_t seen) {
  std::unique_lock<std::mutex> lock(state.mutex);
  bool resume = true;
  state.parkedAt[slot] = seen;
  ++state.parked;
  state.sleepers.fetch_add(1);
  for (;;) {
    if (state.failed || state.deadlock) {
      resume = false;
      break;
    }
    uint64_t now = state.crossEpoch.load();
    if (now != seen)
      break;
    if (allParkedAt(state, now)) {
      if (state.remote) { // the processes decide together (runTransport)
        state.outboxReady.notify_one();
        state.wake.wait(lock);
        continue;
      }
      state.deadlock = true;
      state.wake.notify_all();
      resume = false;
      break;
    }
    state.wake.wait(lock);
  }
  state.sleepers.fetch_sub(1);
  --state.parked;
  state.parkedAt[slot] = 0;
  return resume;
}
} // namespace

/// Runs kernels on this thread until they end, the run fails or deadlocks.
/// A core's kernels run until none of them can, then the next core's: the
/// core's L1 and circular buffers stay in this CPU's caches meanwhile. When
/// none of its cores can run, the thread claims the next core nobody has
/// claimed (so the threads share out the cores as they get to them, on a
/// loaded host too), and waits only when every core is claimed. Thread i
/// starts with the i-th core.
void DeviceImpl::runThread(RunState &state, uint32_t slot) {
  running = &state;
  runsHere = true;
  Pools &pools = *this->pools[slot];
  std::vector<std::vector<Processor *> *> cores; // this thread's
  auto claim = [&](size_t index) {
    for (Processor *p : state.cores[index]) {
      p->slot = slot;
      if (slot != 0)
        p->module = state.copies[slot][state.kernelIndex.at(p->kernel)];
    }
    cores.push_back(&state.cores[index]);
  };
  claim(slot); // thread i starts with the i-th core (run() claimed them)
  uint64_t switches = 0;
  for (;;) {
    uint64_t sweep = state.crossEpoch.load();
    bool ran = false, live = false;
    for (auto *core : cores) {
      for (bool again = true; again && !state.failed.load();) {
        again = false;
        for (Processor *p : *core) {
          live |= !p->done;
          uint64_t cross = state.crossEpoch.load();
          if (!runnable(*p, cross))
            continue;
          // A kernel takes its stack and DEST on its first turn and gives
          // them back when it ends, so kernels running one after another
          // reuse the same (cached) memory instead of one buffer each.
          if (!p->stack) {
            p->stack = pools.stacks.acquire();
            p->fiber.start(p->stack, runKernel, p);
            if (p->compute)
              p->compute->dest = acquireDest(pools);
          }
          p->resumeCross = cross;
          ++p->progress;
          runningProcessor = p;
          const Module &module = *p->module;
          if (!module.data.empty())
            module.restore(p->moduleData);
          p->fiber.resume();
          if (!module.data.empty())
            module.save(p->moduleData);
          runningProcessor = nullptr;
          if (p->done)
            releaseResources(*p, pools);
          ++switches;
          again = ran = true;
          if (state.failed.load())
            break;
        }
      }
    }
    if (state.failed.load())
      break;
    // Cores whose kernels all ended leave the sweep (a grid's cores mostly
    // end one after another: the sweeps would grow with their number).
    cores.erase(std::remove_if(cores.begin(), cores.end(),
                               [](const std::vector<Processor *> *core) {
                                 return std::all_of(core->begin(), core->end(),
                                                    [](Processor *p) { return p->done; });
                               }),
                cores.end());
    if (ran)
      continue;
    size_t next = state.claimed.fetch_add(1);
    if (next < state.cores.size()) {
      claim(next);
      continue;
    }
    if (!live || !park(state, slot, sweep))
      break;
  }
  state.switches += switches;
  if (slot != 0) { // the calling thread's are restored by run()
    running = nullptr;
    runsHere = false;
  }
  std::lock_guard<std::mutex> lock(state.mutex);
  ++state.finished;
  state.wake.notify_all();
}

std::string DeviceImpl::describeL1Guard(uintptr_t address) const {
  auto base = uintptr_t(l1Memory);
  if (address < base || address >= base + l1Bytes)
    return "";
  size_t offset = address - base;
  if (offset % l1Stride >= kL1Guard)
    return ""; // inside a core's L1: not a guard
  size_t index = offset / l1Stride; // the core after this guard
  if (index == 0)
    return format("L1 address 0x%lx, before core (0, 0)'s L1",
                  (unsigned long)address);
  const Core &previous = cores[index - 1];
  return format("L1 address 0x%lx, %lu B past the end of core (%u, %u)'s %u B "
                "of L1",
                (unsigned long)address,
                (unsigned long)(address - uintptr_t(previous.l1) -
                                previous.l1Size),
                previous.x, previous.y, previous.l1Size);
}

bool DeviceImpl::prepare(RunState &state, const ProgramSpec &program,
                         const std::vector<KernelArgs> *args, bool trace,
                         uint32_t chip) {
  auto programError = [&](std::string message) {
    state.result.kind = RunResult::Kind::ProgramError;
    state.result.message = std::move(message);
    if (state.chips.size() > 1)
      state.result.message = format("device %u: ", chip) + state.result.message;
    state.result.device = chip;
    return false;
  };
  for (Core &c : cores)
    c.chip = chip;
  for (Core *c : touched)
    clearCoreState(*c);
  touched.clear();
  auto touch = [&](Core *c) {
    if (touched.empty() || touched.back() != c)
      touched.push_back(c);
  };

  // Circular buffers: placed upward from the unreserved base, per core.
  std::vector<uint32_t> cursor(cores.size(), arch.l1ReservedBytes);
  for (const CircularBufferSpec &spec : program.circularBuffers) {
    for (auto [x, y] : spec.cores) {
      Core *c = core(x, y);
      if (!c)
        return programError(format("a circular buffer is placed on core (%u, "
                                   "%u), outside the %ux%u grid", x, y,
                                   arch.gridX, arch.gridY));
      touch(c);
      uint32_t &top = cursor[y * arch.gridX + x];
      uint32_t address = uint32_t(alignUp(top, arch.l1Alignment));
      if (uint64_t(address) + spec.totalSize > l1BufferFloor)
        return programError(format(
            "circular buffers on core (%u, %u) grow to %llu B, beyond the %u B "
            "below the L1 buffers", x, y,
            (unsigned long long)(address + spec.totalSize), l1BufferFloor));
      top = address + spec.totalSize;
      for (const auto &f : spec.formats) {
        if (f.index >= arch.maxCircularBuffers)
          return programError(format("circular buffer index %u exceeds the %u "
                                     "of %s", f.index, arch.maxCircularBuffers,
                                     arch.name));
        CircularBuffer &cb = c->cbs[f.index];
        if (cb.present)
          return programError(format("circular buffer index %u is configured "
                                     "twice on core (%u, %u)", f.index, x, y));
        if (f.pageSize == 0 || spec.totalSize % f.pageSize)
          return programError(format("circular buffer %u: %u B is not a whole "
                                     "number of %u B pages", f.index,
                                     spec.totalSize, f.pageSize));
        cb = {true, address, spec.totalSize, f.pageSize,
              spec.totalSize / f.pageSize, f.format, tileSizeBytes(f.format),
              isEmulatedFormat(f.format)};
        c->configured |= uint64_t(1) << f.index;
      }
    }
  }
  for (const SemaphoreSpec &spec : program.semaphores) {
    if (spec.id >= kMaxSemaphores)
      return programError(format("semaphore id %u exceeds max value %u",
                                 spec.id, kMaxSemaphores - 1));
    for (auto [x, y] : spec.cores) {
      Core *c = core(x, y);
      if (!c)
        return programError(format("semaphore %u is placed on core (%u, %u), "
                                   "outside the grid", spec.id, x, y));
      uint32_t value = spec.initialValue;
      std::memcpy(c->l1 + kSemaphoreBase + spec.id * 16, &value, 4);
    }
  }

  // One processor per kernel and core, in a fixed order: row-major cores,
  // then data movement 0, 1, compute, which is the order of these slots.
  std::vector<const KernelSpec *> owners(cores.size() * 3, nullptr);
  std::vector<std::unique_ptr<Processor>> slots(cores.size() * 3);
  if (args && args->size() != program.kernels.size())
    return programError("runtime arguments do not match the program's kernels");
  for (size_t k = 0; k < program.kernels.size(); ++k) {
    const KernelSpec &kernel = program.kernels[k];
    const auto &runtimeArgs = args ? (*args)[k].perCore : kernel.runtimeArgs;
    const auto &commonArgs = args ? (*args)[k].common : kernel.commonArgs;
    std::string error;
    Module *module = loadModule(kernel.library, 0, error);
    if (!module)
      return programError(format("kernel '%s': cannot load %s: %s",
                                 kernel.name.c_str(), kernel.library.c_str(),
                                 error.c_str()));
    if (runtimeArgs.size() != kernel.cores.size())
      return programError("runtime arguments do not match the kernel's cores");
    for (size_t i = 0; i < kernel.cores.size(); ++i) {
      auto [x, y] = kernel.cores[i];
      Core *c = core(x, y);
      if (!c)
        return programError(format("kernel '%s' runs on core (%u, %u), outside "
                                   "the %ux%u grid", kernel.name.c_str(), x, y,
                                   arch.gridX, arch.gridY));
      size_t slot = (size_t(y) * arch.gridX + x) * 3 + size_t(kernel.role);
      const KernelSpec *&owner = owners[slot];
      if (owner)
        return programError(format(
            "kernels '%s' and '%s' both run on the %s processor of core (%u, "
            "%u)", owner->name.c_str(), kernel.name.c_str(),
            roleName(kernel.role), x, y));
      owner = &kernel;
      touch(c);
      std::unique_ptr<Processor> p = freshProcessor();
      p->core = c;
      p->kernel = &kernel;
      p->role = kernel.role;
      p->module = module;
      p->moduleData.assign(module->pristine.begin(), module->pristine.end());
      p->args = &runtimeArgs[i];
      p->common = &commonArgs;
      p->tracing = trace;
      uint32_t shift = kernel.role == Role::Compute ? kComputeAddressShift : 0;
      for (uint64_t left = c->configured; left; left &= left - 1) {
        uint32_t index = uint32_t(__builtin_ctzll(left));
        const CircularBuffer &cb = c->cbs[index];
        uint32_t base = c->l1Base + cb.address;
        LocalCBInterface &local = p->cbs[index];
        local = LocalCBInterface{};
        local.fifo_size = cb.size >> shift;
        local.fifo_limit = (base + cb.size) >> shift;
        local.fifo_page_size = cb.pageSize >> shift;
        local.fifo_num_pages = cb.numPages;
        local.fifo_rd_ptr = local.fifo_wr_ptr = base >> shift;
      }
      if (kernel.role == Role::Compute) {
        auto compute = std::make_unique<ComputeState>();
        compute->mode = kernel.fp32DestAccumulation ? DestMode::Fp32 : DestMode::Bf16;
        compute->fidelity = kernel.fidelity;
        compute->unpackToDest = kernel.unpackToDest;
        compute->sections = kernel.fullSyncDest ? 1 : 2;
        compute->tilesPerSection =
            (kernel.fullSyncDest ? 16 : 8) / (kernel.fp32DestAccumulation ? 2 : 1);
        p->compute = std::move(compute); // DEST: on its first turn
      }
      slots[slot] = std::move(p);
    }
  }
  size_t first = state.processors.size();
  for (auto &p : slots)
    if (p)
      state.processors.push_back(std::move(p));
  if (trace)
    resetClocks();
  if (program.reverse)
    std::reverse(state.processors.begin() + first, state.processors.end());
  for (const KernelSpec &kernel : program.kernels)
    if (state.kernelIndex.emplace(&kernel, state.kernels.size()).second)
      state.kernels.push_back(&kernel);
  return true;
}

RunResult DeviceImpl::execute(RunState &state, double hangSeconds,
                              uint32_t threads) {
  auto programError = [&](std::string message) {
    state.result.kind = RunResult::Kind::ProgramError;
    state.result.message = std::move(message);
    return state.result;
  };

  // Each core's kernels run on one host thread (their circular buffers are
  // theirs alone); cores go to the threads in turn, in schedule order.
  for (auto &p : state.processors) {
    if (state.cores.empty() || state.cores.back().back()->core != p->core)
      state.cores.emplace_back();
    state.cores.back().push_back(p.get());
  }
  uint32_t count = std::max<uint32_t>(
      1, std::min<uint32_t>(threads, uint32_t(state.cores.size())));
  // Each thread slot's copy of each kernel (slot 0's are the processors').
  state.copies.assign(count, {});
  for (uint32_t slot = 1; slot < count; ++slot)
    for (const KernelSpec *kernel : state.kernels) {
      std::string error;
      Module *copy = loadModule(kernel->library, slot, error);
      if (!copy) {
        tellRemoteFailed(state);
        for (auto &q : state.processors)
          q->core->owner->processorPool.push_back(std::move(q));
        return programError(format("kernel '%s': cannot load a copy of %s: %s",
                                   kernel->name.c_str(), kernel->library.c_str(),
                                   error.c_str()));
      }
      state.copies[slot].push_back(copy);
    }
  state.claimed = count; // the first `count` cores: one for each thread
  state.threads = count;
  state.parkedAt.assign(count, 0);
  for (uint32_t slot = 0; slot < count; ++slot)
    poolsOf(slot);

  RunState *outer = running;
  bool outerRunsHere = runsHere;
  {
    // Installed per run (a few microseconds): Python's faulthandler and
    // others keep their handlers outside runs.
    KernelIsolation isolation(hangSeconds);
    std::thread transport;
    if (state.remote)
      transport = std::thread(runTransport, std::ref(state));
    hostThreads().run(count, [&](uint32_t slot) {
      if (slot == 0)
        return runThread(state, 0);
      ThreadIsolation threadIsolation(hangSeconds);
      runThread(state, slot);
    });
    if (state.remote) {
      state.outboxReady.notify_one(); // every thread of this process ended
      transport.join();
    }
  }
  running = outer;
  runsHere = outerRunsHere;
  // Tile groups still open end with the run (a kernel that failed or
  // blocked in the middle of one).
  for (auto &p : state.processors)
    if (p->groupTiles)
      flushTiles(*p);
  if (!state.failed) {
    bool deadlock = state.remoteDeadlock; // perhaps on other processes' chips
    for (auto &p : state.processors)
      deadlock |= !p->done;
    if (deadlock) {
      state.result.kind = RunResult::Kind::Deadlock;
      state.result.message = "deadlock: every kernel still running is blocked";
      for (auto &p : state.processors)
        if (!p->done)
          state.result.blocked.push_back(
              {p->kernel->name, p->core->x, p->core->y, p->core->chip,
               describe(p->waitsFor), p->waitCb, semaphoreWaitedOn(*p),
               recentEvents(*p)});
    }
  }
  // A traced run's kernels: a kernel without events (an idle core's) has no
  // trace (and untraced runs record none).
  for (auto &p : state.processors)
    if (!p->events.empty())
      state.result.traces.push_back({p->kernel->name, p->core->x, p->core->y,
                                     p->role, p->core->chip,
                                     std::move(p->events)});
  for (auto &p : state.processors) {
    releaseResources(*p, *pools[p->slot]);
    p->fabric.reset();
    p->core->owner->processorPool.push_back(std::move(p));
  }
  state.result.contextSwitches = state.switches;
  return state.result;
}

RunResult DeviceImpl::run(const ProgramSpec &program,
                          const std::vector<KernelArgs> *args,
                          double hangSeconds, uint32_t threads, bool trace) {
  std::lock_guard<std::mutex> lock(runMutex);
  {
    std::lock_guard<std::mutex> modulesLock(modulesMutex);
    ++runCount; // this run's modules are not evicted while it loads them
  }
  RunState state;
  state.device = this;
  state.chips = {this};
  if (!prepare(state, program, args, trace, 0))
    return state.result;
  return execute(state, hangSeconds, threads);
}

RunResult DeviceImpl::runMesh(const std::vector<DeviceImpl *> &chips,
                              const std::vector<MeshPart> &parts,
                              const FabricSpec &fabric, double hangSeconds,
                              uint32_t threads, bool trace,
                              RemoteChips *remote) {
  std::lock_guard<std::mutex> lock(runMutex);
  {
    std::lock_guard<std::mutex> modulesLock(modulesMutex);
    ++runCount;
  }
  RunState state;
  state.device = chips[parts.front().chip];
  state.chips = chips;
  state.fabric = &fabric;
  state.remote = remote;
  for (const MeshPart &part : parts)
    if (!chips[part.chip]->prepare(state, *part.program, part.args, trace,
                                   part.chip)) {
      tellRemoteFailed(state);
      for (auto &q : state.processors)
        q->core->owner->processorPool.push_back(std::move(q));
      return state.result;
    }
  return state.device->execute(state, hangSeconds, threads);
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

Device::Device(const ArchSpec &arch) : impl(std::make_unique<DeviceImpl>(arch)) {}
Device::~Device() = default;
const ArchSpec &Device::arch() const { return impl->arch; }
uint32_t Device::allocate(BufferKind kind, uint32_t pageSize, uint64_t pages) {
  return impl->allocate(kind, pageSize, pages);
}
void Device::deallocate(BufferKind kind, uint32_t address) {
  impl->deallocate(kind, address);
}
void Device::writePages(BufferKind kind, uint32_t address, const uint8_t *data,
                        uint64_t bytes) {
  impl->copyPages(kind, address, const_cast<uint8_t *>(data), bytes, true);
}
void Device::readPages(BufferKind kind, uint32_t address, uint8_t *data,
                       uint64_t bytes) {
  impl->copyPages(kind, address, data, bytes, false);
}
RunResult Device::run(const ProgramSpec &program,
                      const std::vector<KernelArgs> *args,
                      double hangSeconds, uint32_t threads, bool trace) {
  return impl->run(program, args, hangSeconds, threads, trace);
}
RunResult Device::runMesh(const std::vector<MeshPart> &parts,
                          const FabricSpec &fabric, double hangSeconds,
                          uint32_t threads, bool trace, RemoteChips *remote) {
  RunResult result;
  auto refuse = [&](const char *message) {
    result.kind = RunResult::Kind::ProgramError;
    result.message = message;
    return result;
  };
  size_t count = size_t(fabric.rows) * fabric.cols;
  if (parts.empty() || (!remote && parts.size() != count))
    return refuse("a mesh run needs one program per chip of its fabric");
  // Indexed by chip; another process's chips stay nullptr (RemoteChips).
  std::vector<DeviceImpl *> chips(count, nullptr);
  for (const MeshPart &part : parts) {
    if (part.chip >= count)
      return refuse("a mesh run's part names a chip outside its fabric");
    if (chips[part.chip])
      return refuse("a chip appears twice in a mesh run");
    for (DeviceImpl *seen : chips)
      if (seen == part.device->impl.get())
        return refuse("a device appears twice in a mesh run");
    chips[part.chip] = part.device->impl.get();
  }
  return DeviceImpl::runMesh(chips, parts, fabric, hangSeconds, threads, trace,
                             remote);
}

} // namespace ttlemu
