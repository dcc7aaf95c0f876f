//===- Isolation.h - Kernel faults and hangs end the kernel, not the host -===//
//
// A kernel is the user's C++ running in the host process. While a program
// runs, a fault in a kernel (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT; a
// stack overflow lands on the fiber stack's guard page) ends that kernel as a
// kernel error naming it, its core and the signal, and the watchdog ends a
// kernel that makes no progress (no call into the emulated API and no switch)
// for the configured CPU time of the running thread. Both leave the kernel's fiber from the signal
// handler, on an alternate signal stack, back to the scheduler.
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_ISOLATION_H
#define TTL_EMU_ISOLATION_H

#include <csignal>
#include <cstdint>

namespace ttlemu {

/// Progress of the running kernel: calls into the emulated kernel API and
/// fiber switches (the watchdog compares it between ticks).
extern uint64_t kernelProgress __attribute__((visibility("hidden")));

/// While alive (one per program run, on the running thread): faults of the
/// running kernel and, with `hangSeconds` > 0, hangs end it. The previous
/// signal actions and alternate stack come back afterwards.
class KernelIsolation {
public:
  static constexpr int kSignals = 5; // SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT

  explicit KernelIsolation(double hangSeconds);
  ~KernelIsolation();
  KernelIsolation(const KernelIsolation &) = delete;
  KernelIsolation &operator=(const KernelIsolation &) = delete;

private:
  struct sigaction previous[kSignals];
  stack_t previousStack;
  void *timer = nullptr; // a timer_t when the watchdog runs
};

/// Implemented by the scheduler (Device.cpp): true while a kernel's fiber
/// runs on this thread; ends the running kernel with a fault or a hang
/// (never returns).
bool kernelRunningHere();
[[noreturn]] void endKernelOnFault(int signal, const siginfo_t &info,
                                   uintptr_t pc);
[[noreturn]] void endKernelOnHang(double seconds, uintptr_t pc);

} // namespace ttlemu

#endif // TTL_EMU_ISOLATION_H
