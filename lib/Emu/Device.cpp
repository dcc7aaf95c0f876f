//===- Device.cpp - Memory, programs and the scheduler of the emulator ----===//

#include "Isolation.h"
#include "Runtime.h"
#include "ttl/Targets.h"

#include <algorithm>
#include <optional>
#include <cxxabi.h>
#include <iterator>
#include <cstring>
#include <dlfcn.h>
#include <typeinfo>
#include <link.h>
#include <mutex>
#include <stdexcept>
#include <sys/mman.h>
#include <unordered_map>

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
std::unordered_map<std::string, std::unique_ptr<Module>> &modules() {
  static auto *loaded =
      new std::unordered_map<std::string, std::unique_ptr<Module>>();
  return *loaded;
}

Module *loadModule(const std::string &path, std::string &error) {
  std::lock_guard<std::mutex> lock(modulesMutex);
  auto &loaded = modules();
  auto found = loaded.find(path);
  if (found != loaded.end())
    return found->second.get();
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    error = dlerror();
    return nullptr;
  }
  auto module = std::make_unique<Module>();
  module->main =
      reinterpret_cast<void (*)()>(dlsym(handle, "_Z11kernel_mainv"));
  if (!module->main) {
    error = "the kernel defines no 'void kernel_main()'";
    return nullptr;
  }
  link_map *map = nullptr;
  dlinfo(handle, RTLD_DI_LINKMAP, &map);
  PhdrSearch search{map->l_addr, module.get()};
  dl_iterate_phdr(collectData, &search);
  size_t total = 0;
  for (auto [start, size] : module->data)
    total += size;
  module->pristine.resize(total);
  module->save(module->pristine);
  Module *result = module.get();
  loaded.emplace(path, std::move(module));
  return result;
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

constexpr uint32_t kDramBase = 0x100000;
constexpr uint64_t kDramBankSize = 1ull << 30;
// Worker (x, y) sits at NoC (x + 1, y + 1); DRAM bank b at NoC (0, b + 1).
constexpr uint32_t kNocLocalBits = 36;
constexpr uint64_t kNocLocalMask = (1ull << kNocLocalBits) - 1;
} // namespace

class DeviceImpl {
public:
  explicit DeviceImpl(const ArchSpec &arch) : arch(arch) {
    size_t cores = size_t(arch.gridX) * arch.gridY;
    l1Stride = alignUp(arch.l1Size, kL1Guard) + kL1Guard;
    l1Bytes = kL1Guard + cores * l1Stride;
    // Kernels hold L1 addresses in 32-bit words and turn them into pointers
    // (get_semaphore, get_write_ptr), so L1 lives in the low 2 GiB.
    void *memory = mmap(nullptr, l1Bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_32BIT,
                        -1, 0);
    if (memory == MAP_FAILED)
      throw std::runtime_error("cannot map the emulated L1 below 2 GiB");
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
  StackPool stacks;
  // DEST buffers (kMaxDestTiles tiles) of earlier runs' compute kernels:
  // reused, as the stacks are, instead of 64 KiB allocated per kernel per run.
  std::vector<std::unique_ptr<float[]>> destPool;
  // Processors of earlier runs, reused with their vectors' capacity (a run
  // of the 4x4 matmul sets up 48 of them, and its readers queue 32 copies).
  std::vector<std::unique_ptr<Processor>> processorPool;

  std::unique_ptr<float[]> acquireDest() {
    if (destPool.empty())
      return std::unique_ptr<float[]>(new float[size_t(kMaxDestTiles) * kTileElems]);
    std::unique_ptr<float[]> dest = std::move(destPool.back());
    destPool.pop_back();
    return dest;
  }
  /// Returns a processor's stack and DEST (if it took them) to the pools.
  void releaseResources(Processor &p) {
    if (p.stack) {
      stacks.release(p.stack);
      p.stack = nullptr;
    }
    if (p.compute && p.compute->dest)
      destPool.push_back(std::move(p.compute->dest));
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
                const std::vector<KernelArgs> *args, double hangSeconds);
  /// "past the end of core (x, y)'s L1" for a host address in a guard page
  /// of the L1 mapping, else empty.
  std::string describeL1Guard(uintptr_t address) const;
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
  if (!at && top >= perBank + arch.l1UnreservedBase)
    at = (top - perBank) & ~(align - 1);
  if (!at || *at < arch.l1UnreservedBase)
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

namespace {
/// The program being run on this thread.
struct RunState {
  DeviceImpl *device = nullptr;
  std::vector<std::unique_ptr<Processor>> processors;
  uint64_t epoch = 1;
  uint64_t switches = 0;
  bool failed = false;
  RunResult result;
};
// Set with runningProcessor by run(), under runMutex.
RunState *running = nullptr;
// True on the thread that runs the program (signals are per thread).
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
  for (uint64_t left = core.configured; left; left &= left - 1)
    core.cbs[__builtin_ctzll(left)] = CircularBuffer{};
  core.configured = 0;
  std::fill(std::begin(core.received), std::end(core.received), 0);
  std::fill(std::begin(core.acked), std::end(core.acked), 0);
}

std::string where(const Processor &p) {
  return format("kernel '%s' on core (%u, %u)", p.kernel->name.c_str(),
                p.core->x, p.core->y);
}
} // namespace

Processor *runningProcessor = nullptr;

const ArchSpec &currentArch() { return running->device->arch; }

namespace {
[[noreturn]] void stopKernel(RunResult::Kind kind, const std::string &message) {
  RunState &state = *running;
  Processor &p = *runningProcessor;
  if (!state.failed) {
    state.failed = true;
    state.result.kind = kind;
    state.result.kernel = p.kernel->name;
    state.result.x = p.core->x;
    state.result.y = p.core->y;
    state.result.message = where(p) + ": " + message;
  }
  p.done = true;
  p.fiber.exit();
}
} // namespace

void kernelError(const std::string &message) {
  stopKernel(RunResult::Kind::KernelError, message);
}

void recordPrint(std::string text) {
  Processor &p = *runningProcessor;
  running->result.prints.push_back(
      {p.kernel->name, p.core->x, p.core->y, std::move(text)});
}

bool kernelRunningHere() { return runsHere && runningProcessor; }

namespace {
/// " in kernel_main+0x1c (<object>)" for a code address, or empty.
std::string codeLocation(uintptr_t pc) {
  Dl_info info;
  if (!pc || !dladdr(reinterpret_cast<void *>(pc), &info) || !info.dli_fname)
    return "";
  const char *file = std::strrchr(info.dli_fname, '/');
  file = file ? file + 1 : info.dli_fname;
  if (!info.dli_sname)
    return format(" in %s", file);
  return format(" in %s+0x%lx (%s)", demangled(info.dli_sname).c_str(),
                (unsigned long)(pc - uintptr_t(info.dli_saddr)), file);
}

/// Records the object and offset of a faulting or spinning kernel's code
/// address for the first error of the run.
void recordCodeAddress(uintptr_t pc) {
  Dl_info info;
  if (running->failed || !pc || !dladdr(reinterpret_cast<void *>(pc), &info) ||
      !info.dli_fname)
    return;
  running->result.codeObject = info.dli_fname;
  running->result.codeOffset = pc - uintptr_t(info.dli_fbase);
}

std::string faultAddress(const Processor &p, uintptr_t address) {
  auto stack = uintptr_t(p.stack);
  if (stack && address >= stack && address < stack + StackPool::kGuardSize)
    return format("a stack overflow: the kernel used its %zu KiB stack up "
                  "(deep or unbounded recursion?)",
                  StackPool::kStackSize >> 10);
  std::string l1 = running->device->describeL1Guard(address);
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
  recordCodeAddress(pc);
  stopKernel(RunResult::Kind::KernelError, what + codeLocation(pc));
}

void endKernelOnHang(double seconds, uintptr_t pc) {
  recordCodeAddress(pc);
  stopKernel(RunResult::Kind::Hang,
             format("no progress for %.1f s of CPU time (no call into the "
                    "kernel API and no switch): spinning%s",
                    seconds, codeLocation(pc).c_str()));
}

void notEmulated(const std::string &message) {
  stopKernel(RunResult::Kind::NotEmulated, message);
}

void blockCurrent(const WaitReason &waitsFor, int32_t cb) {
  RunState &state = *running;
  Processor &p = *runningProcessor;
  // Time passes while a kernel waits: its copies in flight land (one legal
  // execution), so only a barrier's absence before a push is observable.
  if (!p.pending.empty()) {
    completeCopies(false);
    completeCopies(true);
  }
  p.blocked = true;
  p.blockedEpoch = state.epoch;
  p.waitsFor = waitsFor;
  p.waitCb = cb;
  p.fiber.yield();
  p.blocked = false;
}

void notifyProgress() { ++running->epoch; }

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

uint8_t *currentL1(uint32_t address, uint32_t bytes, const char *what) {
  return processorL1(*runningProcessor, address, bytes, what);
}

uint8_t *resolveNoc(uint64_t address, uint32_t bytes, const char *what) {
  std::string error;
  uint8_t *host =
      running->device->resolve(address, bytes, *runningProcessor->core, error);
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
    std::memmove(it->destination, it->source, it->bytes);
    any = true;
  }
  p.pending.erase(keep, p.pending.end());
  if (any)
    notifyProgress();
}

// Kernels' writable globals are swapped in and out per processor, in the one
// copy of each module the process loads: programs run one at a time.
std::mutex runMutex;

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

RunResult DeviceImpl::run(const ProgramSpec &program,
                          const std::vector<KernelArgs> *args,
                          double hangSeconds) {
  std::lock_guard<std::mutex> lock(runMutex);
  RunState state;
  state.device = this;
  auto programError = [&](std::string message) {
    state.result.kind = RunResult::Kind::ProgramError;
    state.result.message = std::move(message);
    return state.result;
  };
  for (Core *c : touched)
    clearCoreState(*c);
  touched.clear();
  auto touch = [&](Core *c) {
    if (touched.empty() || touched.back() != c)
      touched.push_back(c);
  };

  // Circular buffers: placed upward from the unreserved base, per core.
  std::vector<uint32_t> cursor(cores.size(), arch.l1UnreservedBase);
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
    Module *module = loadModule(kernel.library, error);
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
      uint32_t shift = kernel.role == Role::Compute ? kComputeAddressShift : 0;
      for (uint64_t left = c->configured; left; left &= left - 1) {
        uint32_t index = uint32_t(__builtin_ctzll(left));
        const CircularBuffer &cb = c->cbs[index];
        uint32_t base = c->l1Base + cb.address;
        LocalCBInterface &local = p->cbs[index];
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
  for (auto &p : slots)
    if (p)
      state.processors.push_back(std::move(p));
  if (program.reverse)
    std::reverse(state.processors.begin(), state.processors.end());

  RunState *outer = running;
  running = &state;
  bool outerRunsHere = runsHere;
  runsHere = true;
  // Installed per run (a few microseconds): Python's faulthandler and others
  // keep their handlers outside runs.
  KernelIsolation isolation(hangSeconds);
  bool progressed = true;
  while (progressed && !state.failed) {
    progressed = false;
    bool live = false;
    for (auto &p : state.processors) {
      if (p->done)
        continue;
      live = true;
      if (p->blocked && p->blockedEpoch == state.epoch)
        continue;
      // A kernel takes its stack and DEST on its first turn and gives them
      // back when it ends, so kernels running one after another reuse the
      // same (cached) memory instead of one buffer each.
      if (!p->stack) {
        p->stack = stacks.acquire();
        p->fiber.start(p->stack, runKernel, p.get());
        if (p->compute)
          p->compute->dest = acquireDest();
      }
      runningProcessor = p.get();
      const Module &module = *p->module;
      if (!module.data.empty())
        module.restore(p->moduleData);
      p->fiber.resume();
      if (!module.data.empty())
        module.save(p->moduleData);
      if (p->done)
        releaseResources(*p);
      ++state.switches;
      ++kernelProgress;
      runningProcessor = nullptr;
      progressed = true;
      if (state.failed)
        break;
    }
    if (!live)
      break;
  }
  running = outer;
  runsHere = outerRunsHere;
  if (!state.failed) {
    bool deadlock = false;
    for (auto &p : state.processors)
      deadlock |= !p->done;
    if (deadlock) {
      state.result.kind = RunResult::Kind::Deadlock;
      state.result.message = "deadlock: every kernel still running is blocked";
      for (auto &p : state.processors)
        if (!p->done)
          state.result.blocked.push_back(
              {p->kernel->name, p->core->x, p->core->y, describe(p->waitsFor),
               p->waitCb});
    }
  }
  for (auto &p : state.processors) {
    releaseResources(*p);
    processorPool.push_back(std::move(p));
  }
  state.result.contextSwitches = state.switches;
  return state.result;
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
                      double hangSeconds) {
  return impl->run(program, args, hangSeconds);
}

} // namespace ttlemu
