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

/// While alive, on each host thread that runs kernels: the thread's
/// alternate signal stack (a fault on a fiber stack's guard page needs one)
/// and, with `hangSeconds` > 0, the watchdog on the thread's CPU time. The
/// previous alternate stack comes back afterwards.
class ThreadIsolation {
public:
  explicit ThreadIsolation(double hangSeconds);
  ~ThreadIsolation();
  ThreadIsolation(const ThreadIsolation &) = delete;
  ThreadIsolation &operator=(const ThreadIsolation &) = delete;

private:
  stack_t previousStack;
  void *timer = nullptr; // a timer_t when the watchdog runs
};

/// While alive (one per program run, on the thread that starts it): faults
/// of a running kernel, on any thread, end it; the calling thread's part as
/// ThreadIsolation. The previous signal actions come back afterwards.
class KernelIsolation {
public:
  static constexpr int kSignals = 5; // SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT

  explicit KernelIsolation(double hangSeconds);
  ~KernelIsolation();
  KernelIsolation(const KernelIsolation &) = delete;
  KernelIsolation &operator=(const KernelIsolation &) = delete;

private:
  struct sigaction previous[kSignals];
  ThreadIsolation thread;
};

/// On a host thread that only runs kernels: blocks every signal but the
/// faults and the watchdog's, so the others go to the process's own threads.
void keepOnlyKernelSignals();

/// Implemented by the scheduler (Device.cpp): true while a kernel's fiber
/// runs on this thread; the kernel running on this thread (nullptr if none)
/// and its progress count (calls into the kernel API and resumes); ends the
/// running kernel with a fault or a hang (never returns).
bool kernelRunningHere();
const void *runningKernel(uint64_t &progress);
[[noreturn]] void endKernelOnFault(int signal, const siginfo_t &info,
                                   uintptr_t pc);
[[noreturn]] void endKernelOnHang(double seconds, uintptr_t pc);

} // namespace ttlemu

#endif // TTL_EMU_ISOLATION_H
