"""The emulated device against the pure-Python tt-lang simulator (tt-lang-sim), per call, and
our first-call and start-up costs (issue 14 targets: >= 20x faster per call, ttlang-sim
start-up < 1 s, cold first call < 3 s, warm first call < 100 ms).

Cases: a 256x256 bf16 add on one core in 2x2-tile blocks (bench/cases/add_256_one_core.py),
and a 256x256x256 bf16 matmul on a 4x4 grid written two ways: one 2x8 @ 8x2-tile block product
per core (bench/cases/matmul_4x4_grid.py), and the tutorials' style, 8 K steps through an
accumulator DFB (bench/cases/matmul_4x4_grid_kloop.py). Both sides run the same program text
(the upstream side with ``ttlang`` aliased to tt-lang-sim's ``ttl``);
test/python/emu/test_bench_cases_emulated.py checks the cases' numbers against numpy.

Per call: each side runs in its own fresh process (a warm-up call, then the median of
``--calls`` calls); the sides alternate, ``--rounds`` times, and each figure is the median of
its rounds. The ratio is of wall times; each side's process CPU time per call (all its
threads: torch may use both cores) is printed beside it, since other work on the machine
stretches wall time more than CPU time. First calls: a fresh process with an empty kernel cache (cold: host compiles) or
the cache the cold run filled (warm); both are measured after ``import ttnn``, which every
tt-lang script does first, and the import itself is reported on its own line.

The upstream side needs a Python with tt-lang-sim 1.1.6 and torch (``--upstream-python``);
without it only our side runs and no ratio is printed.

Run: .venv/bin/python bench/emulator.py [--upstream-python /path/to/python] (figures:
docs/performance.md)
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]

CASES = {
    "add 256x256 bf16, 1x1 grid, 2x2-tile blocks": ("bench/cases/add_256_one_core.py", "add"),
    "matmul 256x256x256 bf16, 4x4 grid": ("bench/cases/matmul_4x4_grid.py", "matmul"),
    "matmul 256^3, 4x4 grid, 8 K steps (tutorial)": ("bench/cases/matmul_4x4_grid_kloop.py", "matmul"),
}

OURS = r"""
import json, sys, time
t_start = time.perf_counter()
import numpy as np, ml_dtypes
import ttnn  # what every tt-lang script imports first (and what building descriptors needs)
t_ttnn = time.perf_counter()
import importlib.util
import ttlang.emu as emu
path, name, calls, cache = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
spec = importlib.util.spec_from_file_location("case", path)
case = importlib.util.module_from_spec(spec); spec.loader.exec_module(case)
op = getattr(case, name)
device = emu.open_device(cache_dir=cache)
rng = np.random.default_rng(0)
a = device.tensor(rng.standard_normal((256, 256)).astype(ml_dtypes.bfloat16))
b = device.tensor(rng.standard_normal((256, 256)).astype(ml_dtypes.bfloat16))
out = device.empty((256, 256))
t0 = time.perf_counter(); op(a, b, out); first = time.perf_counter() - t0
times, cpu = [], []
for _ in range(calls):
    t0, c0 = time.perf_counter(), time.process_time()
    op(a, b, out)
    times.append(time.perf_counter() - t0); cpu.append(time.process_time() - c0)
print(json.dumps({"ttnn_import": t_ttnn - t_start, "first": first,
                  "per_call": sorted(times)[len(times) // 2] if times else None,
                  "per_call_cpu": sorted(cpu)[len(cpu) // 2] if cpu else None}))
"""

UPSTREAM = r"""
import json, sys, time, importlib.util
import torch, ttnn, ttl
sys.modules["ttlang"] = ttl  # the case files say `import ttlang as ttl`
path, name, calls, threads = sys.argv[-4], sys.argv[-3], int(sys.argv[-2]), int(sys.argv[-1])
if threads:
    torch.set_num_threads(threads)
spec = importlib.util.spec_from_file_location("case", path)
case = importlib.util.module_from_spec(spec); spec.loader.exec_module(case)
op = getattr(case, name)
device = ttnn.open_device(device_id=0)
def tensor(t):
    return ttnn.from_torch(t, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                           memory_config=ttnn.DRAM_MEMORY_CONFIG)
torch.manual_seed(0)
a, b = tensor(torch.randn(256, 256, dtype=torch.bfloat16)), tensor(torch.randn(256, 256, dtype=torch.bfloat16))
out = tensor(torch.zeros(256, 256, dtype=torch.bfloat16))
op(a, b, out)
times, cpu = [], []
for _ in range(calls):
    t0, c0 = time.perf_counter(), time.process_time()
    op(a, b, out)
    times.append(time.perf_counter() - t0); cpu.append(time.process_time() - c0)
print(json.dumps({"per_call": sorted(times)[len(times) // 2],
                  "per_call_cpu": sorted(cpu)[len(cpu) // 2]}))
"""


def _run(command: list[str]) -> dict:
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def ours(case: tuple[str, str], calls: int, cache: str) -> dict:
    path, name = case
    return _run([sys.executable, "-c", OURS, str(ROOT / path), name, str(calls), cache])


def upstream(python: str, case: tuple[str, str], calls: int, threads: int = 0) -> dict:
    path, name = case
    sim = pathlib.Path(python).with_name("tt-lang-sim")
    script = pathlib.Path(tempfile.mkdtemp()) / "upstream_case.py"
    script.write_text(UPSTREAM)
    return _run([str(sim), str(script), "--", str(ROOT / path), name, str(calls), str(threads)])


def startup(samples: int, upstream_python: str | None) -> tuple[float | None, float | None]:
    """Median wall time (s) of `ttlang-sim` and, when given, `tt-lang-sim` running an empty
    script, alternating fresh processes."""
    import time

    ours_sim = shutil.which("ttlang-sim", path=str(pathlib.Path(sys.executable).parent))
    theirs_sim = str(pathlib.Path(upstream_python).with_name("tt-lang-sim")) if upstream_python else None
    script = pathlib.Path(tempfile.mkdtemp()) / "empty.py"
    script.write_text("pass\n")
    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    for _ in range(samples):
        for side, sim in (("ours", ours_sim), ("theirs", theirs_sim)):
            if sim is None:
                continue
            t0 = time.perf_counter()
            subprocess.run([sim, str(script)], check=True, capture_output=True)
            times[side].append(time.perf_counter() - t0)
    return tuple(statistics.median(t) if t else None for t in (times["ours"], times["theirs"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating process pairs per case")
    parser.add_argument("--calls", type=int, default=20, help="timed calls per process")
    parser.add_argument("--upstream-python", help="a Python with tt-lang-sim 1.1.6 and torch")
    parser.add_argument(
        "--upstream-torch-threads", type=int, default=0,
        help="torch threads of the upstream side (default 0: torch's own choice, the figure that "
        "counts); 1 shows its CPU time without two threads contending with other work")
    args = parser.parse_args()

    print(f"{'case':46} {'ours':>9} {'(cpu)':>7} {'tt-lang-sim':>12} {'(cpu)':>7} {'speed-up':>9}"
          "   (per call, median ms; speed-up of wall times)")
    for label, case in CASES.items():
        mine, theirs = [], []
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory() as cache:
                ours(case, 1, cache)  # fill the kernel cache, so no round pays a host compile
                mine.append(ours(case, args.calls, cache))
            if args.upstream_python:
                theirs.append(upstream(args.upstream_python, case, args.calls,
                                       args.upstream_torch_threads))
        m, mc = (1e3 * statistics.median(r[key] for r in mine) for key in ("per_call", "per_call_cpu"))
        if theirs:
            t, tc = (1e3 * statistics.median(r[key] for r in theirs) for key in ("per_call", "per_call_cpu"))
            print(f"{label:46} {m:9.3f} {mc:7.3f} {t:12.2f} {tc:7.2f} {t / m:8.1f}x")
        else:
            print(f"{label:46} {m:9.3f} {mc:7.3f} {'-':>12} {'-':>7} {'-':>9}")

    print(f"\n{'first call in a fresh process':46} {'cold':>9} {'warm':>9}   (ms, median; after import ttnn)")
    imports = []
    for label, case in CASES.items():
        cold, warm = [], []
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory() as cache:
                first = ours(case, 0, cache)
                cold.append(first["first"])
                imports.append(first["ttnn_import"])
                warm.append(ours(case, 0, cache)["first"])
        print(f"{label:46} {1e3 * statistics.median(cold):9.1f} {1e3 * statistics.median(warm):9.1f}")
    print(f"{'import ttnn (once per process, before either)':46} {1e3 * statistics.median(imports):9.1f}")

    ours_start, theirs_start = startup(args.rounds, args.upstream_python)
    if ours_start is not None:
        line = f"\nstart-up, empty script: ttlang-sim {1e3 * ours_start:.0f} ms"
        if theirs_start is not None:
            line += f", tt-lang-sim {1e3 * theirs_start:.0f} ms"
        print(line)


if __name__ == "__main__":
    main()
