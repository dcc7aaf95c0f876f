"""The emulated device's bf16 matmul against numpy's float32 matmul on the same host threads,
and the time of tt-lang's tutorial matmul (step 4: full grid, 4x4x4-tile blocks, an accumulator
DFB, y = relu(a @ b + c)) at 8192^3 (issue 32 targets: throughput >= 1.0x numpy's on the same
threads; the 8192^3 operation in <= 60 s on this 2-core machine).

Ratio: for each thread count and size, fresh processes alternate ``--rounds`` times: numpy
(``a @ b`` on float32 arrays, OpenBLAS limited to the thread count) and the emulator
(``bench/cases/matmul_grid_blocks.py``, bf16, on ``open_device(threads=N)``); each
process times a warm-up call, then ``--calls`` calls, and reports their median wall time, its
process CPU time, the fastest call's wall time (on a loaded machine the median measures the
host's scheduler more than the code: a call of a few ms is often preempted), and the CPU time
per call of its busiest thread (from /proc's schedstat; on an idle host with a core per thread,
a call's wall time when its threads never wait for each other). Each side's figure is the
median of its rounds; the ratios are numpy's time over ours (above 1: the emulator does more
matmul per second). Only a ratio of the same run counts (docs/performance.md).

Tutorial: one fresh process puts random bf16 a, b, c (``--tutorial-size``, default 8192) on the
device and times the operation's first call (kernel build included, about 0.3 s) on
``--tutorial-threads`` threads (default all); ``--check-rows`` rows of y are compared with
float64 numpy.

Run: .venv/bin/python bench/emulator_matmul.py [--sizes 512 1024] [--threads 1 2]
[--tutorial-size 8192 | 0] (figures: docs/performance.md)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASE = os.path.join(ROOT, "bench", "cases", "matmul_grid_blocks.py")
TUTORIAL_CASE = os.path.join(ROOT, "bench", "cases", "matmul_grid_full.py")

THREAD_CPU = r"""
def thread_cpu():
    # CPU seconds of each thread of this process (schedstat: nanoseconds on a CPU).
    out = {}
    for tid in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{tid}/schedstat") as f:
            out[tid] = int(f.read().split()[0]) * 1e-9
    return out
"""

NUMPY = THREAD_CPU + r"""
import json, os, sys, time
import numpy as np
n, calls = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(0)
a = rng.standard_normal((n, n), dtype=np.float32); b = rng.standard_normal((n, n), dtype=np.float32)
a @ b
times, before = [], thread_cpu()
for _ in range(calls):
    t0, c0 = time.perf_counter(), time.process_time()
    a @ b
    times.append((time.perf_counter() - t0, time.process_time() - c0))
after = thread_cpu()
busiest = max(after[t] - before.get(t, 0) for t in after) / calls
times.sort()
print(json.dumps({"wall": times[len(times) // 2][0], "cpu": times[len(times) // 2][1], "best": times[0][0],
                  "busiest": busiest}))
"""

# A child process's setup, shared with bench/emulator_trace.py: argv case, n, calls, threads, cache
# (then the caller's own); the case's matmul of random bf16 n x n operands on the emulated device,
# called once to build and warm up.
MATMUL_SETUP = r"""
import importlib.util, json, os, sys, time
import ml_dtypes, numpy as np
import ttlang.emu as emu
case, n, calls, threads, cache = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
spec = importlib.util.spec_from_file_location("case", case)
module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
device = emu.open_device(cache_dir=cache, threads=threads)
rng = np.random.default_rng(0)
a = device.tensor(rng.standard_normal((n, n), dtype=np.float32).astype(ml_dtypes.bfloat16))
b = device.tensor(rng.standard_normal((n, n), dtype=np.float32).astype(ml_dtypes.bfloat16))
y = device.empty((n, n))
module.matmul(a, b, y)
"""
OURS = THREAD_CPU + MATMUL_SETUP + r"""
times, before = [], thread_cpu()
for _ in range(calls):
    t0, c0 = time.perf_counter(), time.process_time()
    module.matmul(a, b, y)
    times.append((time.perf_counter() - t0, time.process_time() - c0))
after = thread_cpu()
busiest = max(after[t] - before.get(t, 0) for t in after) / calls
times.sort()
print(json.dumps({"wall": times[len(times) // 2][0], "cpu": times[len(times) // 2][1], "best": times[0][0],
                  "busiest": busiest}))
"""

TUTORIAL = r"""
import importlib.util, json, sys, time
import ml_dtypes, numpy as np
import ttlang.emu as emu
case, n, threads, cache, rows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
spec = importlib.util.spec_from_file_location("case", case)
module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
device = emu.open_device(cache_dir=cache, threads=threads)
rng = np.random.default_rng(42)
host = [rng.standard_normal((n, n), dtype=np.float32).astype(ml_dtypes.bfloat16) for _ in range(3)]
t0 = time.perf_counter()
a, b, c = (device.tensor(x) for x in host)
y = device.empty((n, n))
upload = time.perf_counter() - t0
t0, c0 = time.perf_counter(), time.process_time()
module.matmul_bias_relu(a, b, c, y)
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
worst = None
if rows:
    got = y.to_numpy()[:rows].astype(np.float64)
    x, w, bias = (v.astype(np.float64) for v in host)
    want = np.maximum(x[:rows] @ w + bias[:rows], 0)
    scale = np.abs(x[:rows]) @ np.abs(w) + np.abs(bias[:rows])
    worst = float(np.max(np.abs(got - want) / scale))
print(json.dumps({"wall": wall, "cpu": cpu, "upload": upload, "worst": worst}))
"""


def _run(code: str, args: list[str], env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env={**os.environ, **env}, check=False)
    if out.returncode:
        raise SystemExit(f"a benchmark process failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _blas_env(threads: int) -> dict[str, str]:
    return {"OPENBLAS_NUM_THREADS": str(threads), "OMP_NUM_THREADS": str(threads)}


def ratios(sizes: list[int], thread_counts: list[int], rounds: int, calls: int, cache: str) -> None:
    print("emulator bf16 matmul (bench/cases/matmul_grid_blocks.py) vs numpy float32 a @ b, same threads;")
    print("ms per call: median wall (process CPU) / fastest call / busiest thread's CPU; ratios: numpy's")
    print("time over ours, of the medians, the fastest calls and the busiest threads' CPU time")
    print(f"{'size':>6} {'threads':>7} {'numpy':>30} {'ours':>30} {'median':>7} {'fastest':>7} {'busiest':>7}")
    for threads in thread_counts:
        for n in sizes:
            theirs, ours = [], []
            for _ in range(rounds):
                theirs.append(_run(NUMPY, [str(n), str(calls)], _blas_env(threads)))
                ours.append(_run(OURS, [CASE, str(n), str(calls), str(threads), cache], _blas_env(1)))
            t, o = (statistics.median(r["wall"] for r in side) for side in (theirs, ours))
            tc, oc = (statistics.median(r["cpu"] for r in side) for side in (theirs, ours))
            tb, ob = (statistics.median(r["best"] for r in side) for side in (theirs, ours))
            tt, ot = (statistics.median(r["busiest"] for r in side) for side in (theirs, ours))
            print(f"{n:>6} {threads:>7} {t * 1e3:>8.2f} ({tc * 1e3:>5.1f}) / {tb * 1e3:>5.2f} / {tt * 1e3:>5.2f} "
                  f"{o * 1e3:>8.2f} ({oc * 1e3:>5.1f}) / {ob * 1e3:>5.2f} / {ot * 1e3:>5.2f} "
                  f"{t / o:>6.2f}x {tb / ob:>6.2f}x {tt / ot:>6.2f}x", flush=True)


def tutorial(n: int, threads: int, rows: int, cache: str) -> None:
    r = _run(TUTORIAL, [TUTORIAL_CASE, str(n), str(threads), cache, str(rows)], _blas_env(1))
    check = f", worst |error| / scale of {rows} rows: {r['worst']:.2e}" if r["worst"] is not None else ""
    print(f"tutorial matmul {n}^3 (relu(a @ b + c), 4x4x4-tile blocks, full grid), {threads} threads: "
          f"{r['wall']:.2f} s wall, {r['cpu']:.2f} s CPU (upload of a, b, c {r['upload']:.2f} s){check}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[512, 1024])
    parser.add_argument("--threads", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--tutorial-size", type=int, default=8192, help="0: skip the tutorial timing")
    parser.add_argument("--tutorial-threads", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--check-rows", type=int, default=32)
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} before")
    with tempfile.TemporaryDirectory() as cache:
        if args.sizes:
            ratios(args.sizes, args.threads, args.rounds, args.calls, cache)
        if args.tutorial_size:
            tutorial(args.tutorial_size, args.tutorial_threads, args.check_rows, cache)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} after")


if __name__ == "__main__":
    main()
