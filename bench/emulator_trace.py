"""What tracing costs on the emulated device (docs/emulator.md, "Tracing a run"): the bf16
matmul of bench/emulator_matmul.py (``bench/cases/matmul_grid_blocks.py``, 4x4x4-tile blocks
over the full grid) timed in fresh processes that alternate, ``--rounds`` times: tracing off,
tracing on (the run recorded, ``device.trace()``), and with ``--baseline DIR`` a ttlang
package built without tracing (a Python path, e.g. a copy of ``python/`` from before it).
Each process times a warm-up call, then ``--calls`` calls, and reports their median and fastest
wall time and median process CPU time; tracing-on processes also time writing the trace file
(Chrome JSON) once. The
figures are the medians over the rounds; only figures of the same run compare
(docs/performance.md).

Run: .venv/bin/python bench/emulator_trace.py [--size 512] [--threads 2] [--baseline DIR]
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

from emulator_matmul import CASE, MATMUL_SETUP  # noqa: E402 - bench/ is the script's folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CALLS = MATMUL_SETUP + r"""
mode = sys.argv[6]
times, events, write = [], 0, None
for _ in range(calls):
    if mode == "on":
        trace = device.trace()
    t0, c0 = time.perf_counter(), time.process_time()
    module.matmul(a, b, y)
    times.append((time.perf_counter() - t0, time.process_time() - c0))
    if mode == "on":
        trace.close()
events = sum(len(k.events) for k in trace.runs[0].kernels) if mode == "on" else 0
if mode == "on":
    t0 = time.perf_counter()
    trace.write(os.path.join(cache, "bench-trace.json"))
    write = time.perf_counter() - t0
times.sort()
cpu = sorted(c for _, c in times)
print(json.dumps({"wall": times[len(times) // 2][0], "best": times[0][0], "cpu": cpu[len(cpu) // 2],
                  "events": events, "write": write}))
"""


def _run(mode: str, n: int, calls: int, threads: int, cache: str, python_path: str) -> dict:
    env = {**os.environ, "PYTHONPATH": python_path, "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", CALLS, CASE, str(n), str(calls), str(threads), cache,
                          "on" if mode == "on" else "off"],
                         capture_output=True, text=True, env=env, check=False)
    if out.returncode:
        raise SystemExit(f"a benchmark process failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--threads", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=7)
    parser.add_argument("--baseline", help="a Python path holding a ttlang package without tracing")
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} before")
    ours = os.path.join(ROOT, "python")
    modes = [("baseline", args.baseline)] if args.baseline else []
    modes += [("off", ours), ("on", ours)]
    results: dict[str, list[dict]] = {mode: [] for mode, _ in modes}
    with tempfile.TemporaryDirectory() as tmp:
        caches = {mode: os.path.join(tmp, mode) for mode, _ in modes}
        for _ in range(args.rounds):
            for mode, path in modes:
                os.makedirs(caches[mode], exist_ok=True)
                results[mode].append(_run(mode, args.size, args.calls, args.threads, caches[mode], path))
    print(f"matmul {args.size}^3 (bench/cases/matmul_grid_blocks.py), {args.threads} threads, "
          f"{args.rounds} rounds of {args.calls} calls; ms per call: wall (median of the rounds' medians) / "
          "fastest call / process CPU (median); ratios of the CPU times (on a loaded host the wall "
          "times measure the scheduler)")
    off = statistics.median(r["cpu"] for r in results["off"])
    for mode, _ in modes:
        wall = statistics.median(r["wall"] for r in results[mode])
        best = statistics.median(r["best"] for r in results[mode])
        cpu = statistics.median(r["cpu"] for r in results[mode])
        extra = ""
        if mode == "on":
            events = results[mode][0]["events"]
            write = statistics.median(r["write"] for r in results[mode])
            extra = f"  ({events} events per call; writing the JSON {write * 1e3:.0f} ms)"
        print(f"  tracing {mode:>8}: {wall * 1e3:8.2f} / {best * 1e3:8.2f} / {cpu * 1e3:8.2f}  "
              f"{cpu / off:5.3f}x off{extra}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} after")


if __name__ == "__main__":
    main()
