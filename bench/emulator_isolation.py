"""What isolating kernels costs the emulated device per run (issue 33: measure and document it).

Two measurements, in one run:

- The isolation's own system calls, timed alone: what ``KernelIsolation`` (lib/Emu/Isolation.cpp)
  does around every run on each host thread that runs kernels: install and restore the five
  fault signals' handlers (10 ``sigaction``), switch to and back from the alternate signal stack
  (2 ``sigaltstack``) and, with the watchdog on, create, arm and delete a CPU-time timer
  (``timer_create`` / ``timer_settime`` / ``timer_delete``). A small C program (built here with
  the host's cc) repeats exactly those calls; the figure is its median time per run.
- A small operation on the device (bench/cases/add_256_one_core.py: 16 blocks on one core), with
  the watchdog on (the default) and off (``watchdog=None``), alternating blocks of calls in one
  process; the figure is each side's median wall time per call. The signal handlers and the
  alternate stack cannot be switched off (they are what keeps a faulting kernel from ending the
  process), so their share is the first measurement's, set against the call.

Run: .venv/bin/python bench/emulator_isolation.py [--calls 200] [--rounds 7] (figures:
docs/emulator.md, "Broken kernels never take the host process down")
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

SYSCALLS_C = r"""
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void onSignal(int s, siginfo_t *i, void *c) { (void)s; (void)i; (void)c; }
static const int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int runs = atoi(argv[1]), watchdog = atoi(argv[2]);
  stack_t alt = {0}, previousStack;
  alt.ss_size = 64 * 1024;
  alt.ss_sp = mmap(NULL, alt.ss_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  struct sigaction tick = {0};
  tick.sa_sigaction = onSignal;
  tick.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
  sigaction(SIGRTMIN, &tick, NULL);
  double begin = now();
  for (int r = 0; r < runs; ++r) {
    sigaltstack(&alt, &previousStack);
    timer_t id = 0;
    if (watchdog) {
      struct sigevent event = {0};
      event.sigev_notify = SIGEV_THREAD_ID;
      event.sigev_signo = SIGRTMIN;
      event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
      timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &id);
      struct itimerspec period = {{2, 500000000}, {2, 500000000}};
      timer_settime(id, 0, &period, NULL);
    }
    struct sigaction action = {0}, previous[5];
    action.sa_sigaction = onSignal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    for (int i = 0; i < 5; ++i) sigaction(kSignals[i], &action, &previous[i]);
    for (int i = 0; i < 5; ++i) sigaction(kSignals[i], &previous[i], NULL);
    if (watchdog) timer_delete(id);
    sigaltstack(&previousStack, NULL);
  }
  printf("%.3f\n", (now() - begin) / runs * 1e6);
  return 0;
}
"""


def syscall_cost_us(rounds: int, runs: int = 20000) -> dict[str, float]:
    """Median microseconds per run of the isolation's system calls, watchdog on and off."""
    with tempfile.TemporaryDirectory() as folder:
        source = pathlib.Path(folder) / "isolation.c"
        binary = pathlib.Path(folder) / "isolation"
        source.write_text(SYSCALLS_C)
        subprocess.run(["cc", "-O2", "-o", str(binary), str(source), "-lrt"], check=True)
        figures: dict[str, list[float]] = {"watchdog on": [], "watchdog off": []}
        for _ in range(rounds):
            for name, flag in (("watchdog on", "1"), ("watchdog off", "0")):
                done = subprocess.run([str(binary), str(runs), flag], capture_output=True, text=True,
                                      check=True)
                figures[name].append(float(done.stdout))
    return {name: statistics.median(values) for name, values in figures.items()}


def call_cost_us(calls: int, rounds: int) -> dict[str, float]:
    """Median wall microseconds per call of the add on devices with the watchdog on and off."""
    sys.path.insert(0, str(ROOT / "bench" / "cases"))
    import numpy as np

    import ttlang.emu as emu
    from add_256_one_core import add  # noqa: PLC0415

    rng = np.random.default_rng(0)
    devices = {"watchdog on": emu.open_device(threads=1),
               "watchdog off": emu.open_device(threads=1, watchdog=None)}
    tensors = {}
    for name, device in devices.items():
        a = device.tensor(rng.standard_normal((256, 256)).astype(np.float32))
        b = device.tensor(rng.standard_normal((256, 256)).astype(np.float32))
        tensors[name] = (a, b, device.empty((256, 256)))
        add(*tensors[name])  # build and warm up
    times: dict[str, list[float]] = {name: [] for name in devices}
    for _ in range(rounds):
        for name in devices:
            a, b, out = tensors[name]
            for _ in range(calls):
                start = time.perf_counter()
                add(a, b, out)
                times[name].append((time.perf_counter() - start) * 1e6)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
          "load average %.2f %.2f %.2f before" % os.getloadavg())
    syscalls = syscall_cost_us(options.rounds)
    calls = call_cost_us(options.calls, options.rounds)
    print("isolation's system calls per run, one thread (median of rounds):")
    for name, value in syscalls.items():
        print(f"  {name}: {value:.2f} us")
    print("add_256_one_core (16 blocks, one core), median wall per call:")
    for name, value in calls.items():
        print(f"  {name}: {value:.1f} us")
    share = syscalls["watchdog on"] / calls["watchdog on"]
    print(f"isolation with the watchdog on: {syscalls['watchdog on']:.2f} us of a "
          f"{calls['watchdog on']:.1f} us call ({share:.1%}); watchdog off saves "
          f"{calls['watchdog on'] - calls['watchdog off']:+.1f} us per call")
    print("load average %.2f %.2f %.2f after" % os.getloadavg())


if __name__ == "__main__":
    main()
