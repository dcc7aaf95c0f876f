//===- Isolation.cpp - Kernel faults and hangs end the kernel, not the host ===//

#include "Isolation.h"

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

namespace ttlemu {

namespace {
constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static_assert(sizeof(kFaultSignals) / sizeof(int) == KernelIsolation::kSignals);

/// The watchdog's signal: a real-time signal of its own (SIGRTMIN and the
/// next two are glibc's).
int watchdogSignal() { return SIGRTMIN + 5; }

// The actions before a run's (set by the thread that starts the run; runs
// are one at a time per process).
struct sigaction *savedActions = nullptr;
// The watchdog's handler reads these on the thread it interrupts.
thread_local double hangLimit = 0;
thread_local double tickSeconds = 0;
thread_local double staleSeconds = 0;
thread_local const void *lastKernel = nullptr;
thread_local uint64_t lastProgress = 0;
// Set while a hang is being reported, until the thread runs another kernel
// or makes progress.
thread_local bool reportingHang = false;

uintptr_t programCounter(void *context) {
  const mcontext_t &machine = static_cast<ucontext_t *>(context)->uc_mcontext;
#if defined(__x86_64__)
  return uintptr_t(machine.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return uintptr_t(machine.pc);
#else
#error "programCounter: add this architecture's program counter register"
#endif
}

void unblock(int signal) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

/// A fault outside a kernel goes to whoever handled it before.
void chain(int signal, siginfo_t *info, void *context) {
  int index = 0;
  while (kFaultSignals[index] != signal)
    ++index;
  const struct sigaction &old = savedActions[index];
  if ((old.sa_flags & SA_SIGINFO) && old.sa_sigaction) {
    old.sa_sigaction(signal, info, context);
    return;
  }
  if (old.sa_handler == SIG_IGN)
    return;
  if (old.sa_handler != SIG_DFL) {
    old.sa_handler(signal);
    return;
  }
  std::signal(signal, SIG_DFL);
  unblock(signal);
  raise(signal); // a fault re-executes and a raised signal is raised again
}

void onFault(int signal, siginfo_t *info, void *context) {
  if (!savedActions || !kernelRunningHere())
    return chain(signal, info, context);
  unblock(signal); // the handler never returns: leave the signal deliverable
  endKernelOnFault(signal, *info, programCounter(context));
}

void onTick(int, siginfo_t *, void *context) {
  if (hangLimit <= 0 || !kernelRunningHere())
    return;
  uint64_t now = 0;
  const void *kernel = runningKernel(now);
  if (kernel != lastKernel || now != lastProgress) {
    lastKernel = kernel;
    lastProgress = now;
    staleSeconds = 0;
    reportingHang = false;
    return;
  }
  if (reportingHang)
    return;
  staleSeconds += tickSeconds;
  if (staleSeconds < hangLimit)
    return;
  // The kernel's address is read before the signal is unblocked: a tick
  // pending by then interrupts the unblocking itself, and would otherwise
  // report the hang inside pthread_sigmask (seen under load).
  uintptr_t pc = programCounter(context);
  reportingHang = true;
  unblock(watchdogSignal());
  endKernelOnHang(staleSeconds, pc);
}

/// The tick handler stays installed: a tick pending when a run ends must not
/// meet the default action (which ends the process).
void installTickHandler() {
  static bool installed = [] {
    struct sigaction action = {};
    action.sa_sigaction = onTick;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(watchdogSignal(), &action, nullptr);
    return true;
  }();
  (void)installed;
}

/// A handler needs a stack of its own when the fault is a fiber stack's
/// overflow; one per thread, kept.
stack_t &alternateStack() {
  thread_local stack_t stack = [] {
    stack_t s = {};
    s.ss_size = 64 * 1024;
    s.ss_sp = mmap(nullptr, s.ss_size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (s.ss_sp == MAP_FAILED)
      std::abort();
    return s;
  }();
  return stack;
}
} // namespace

void keepOnlyKernelSignals() {
  sigset_t set;
  sigfillset(&set);
  for (int signal : kFaultSignals)
    sigdelset(&set, signal);
  sigdelset(&set, watchdogSignal());
  pthread_sigmask(SIG_SETMASK, &set, nullptr);
}

ThreadIsolation::ThreadIsolation(double hangSeconds) {
  sigaltstack(&alternateStack(), &previousStack);
  if (hangSeconds <= 0)
    return;
  installTickHandler();
  hangLimit = hangSeconds;
  tickSeconds = std::fmin(1.0, hangSeconds / 4);
  staleSeconds = 0;
  reportingHang = false;
  lastKernel = runningKernel(lastProgress);
  struct sigevent event = {};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = watchdogSignal();
  event._sigev_un._tid = pid_t(syscall(SYS_gettid));
  timer_t id;
  // The thread's CPU time: a loaded machine that runs the thread less does
  // not make a slow kernel look hung, and a spinning one burns CPU.
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &id) != 0)
    return; // no watchdog, the run still works
  struct itimerspec period = {};
  period.it_interval.tv_sec = time_t(tickSeconds);
  period.it_interval.tv_nsec = long((tickSeconds - std::floor(tickSeconds)) * 1e9);
  period.it_value = period.it_interval;
  timer_settime(id, 0, &period, nullptr);
  timer = id;
}

ThreadIsolation::~ThreadIsolation() {
  if (timer)
    timer_delete(static_cast<timer_t>(timer));
  hangLimit = 0;
  sigaltstack(&previousStack, nullptr);
}

// The calling thread's part (the member) goes in first and out last.
KernelIsolation::KernelIsolation(double hangSeconds) : thread(hangSeconds) {
  struct sigaction action = {};
  action.sa_sigaction = onFault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < kSignals; ++i)
    sigaction(kFaultSignals[i], &action, &previous[i]);
  savedActions = previous;
}

KernelIsolation::~KernelIsolation() {
  savedActions = nullptr;
  for (int i = 0; i < kSignals; ++i)
    sigaction(kFaultSignals[i], &previous[i], nullptr);
}

} // namespace ttlemu
