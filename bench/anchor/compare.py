"""Cold-start ratios against upstream tt-lang 1.1.1, both sides measured in this run.

For every program (the two baseline cases in bench/cases and the tt-lang 1.1 suite in
examples/ttlang11, whose table is examples/ttlang11/programs.json), fresh processes of both
compilers run the same program text and time its first call (bench/anchor/sample.py says what
each side's call does). Samples alternate between the sides (upstream, ours, ours, upstream, ...)
so load on the machine hits both alike; each figure is the median of its samples.

- cold: ours with an empty on-disk compile cache (a new ``XDG_CACHE_HOME``), so the first call
  runs the whole compiler;
- second process: ours again with the cache a previous process filled (``ttl.CompileCache``);
- upstream: tt-lang 1.1.1 with ``TTLANG_COMPILE_ONLY=1`` (it has no on-disk cache).

Upstream runs from the venv bench/anchor/setup.sh makes (``make anchor``). A program upstream
rejects is reported as such, with its error, and gets no ratio.

Run: .venv/bin/python bench/anchor/compare.py [--samples N] [--upstream-python PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = ROOT / "bench" / "anchor"
SAMPLE = HERE / "sample.py"
MOCK_CLUSTER = ROOT / "test" / "data" / "mock-cluster" / "wormhole_N150.yaml"  # in the repository
# The exception line of a Python traceback (upstream's nanobind leak report follows it).
_EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit)\b")
DEFAULT_UPSTREAM = HERE / "venv-tt-lang-1.1.1" / "bin" / "python"


def cases() -> list[tuple[str, str, list[list[int] | int]]]:
    """(program file, operation, arguments: tensor shapes, or ints for int parameters) of every
    program compared. The examples of issue 34's constructs are here too (a pipe-multicast
    matmul; a 3-D element-wise operation with an int parameter); its height-sharded layer norm
    is not: upstream's compile-only call takes host tensors, which hold no shard spec."""
    found = [
        ("bench/cases/add_one_core.py", "add", [[64, 64]] * 3),
        ("bench/cases/matmul_4x4_grid.py", "matmul", [[256, 256]] * 3),
        ("examples/matmul_systolic_pipes.py", "matmul_systolic", [[256, 256]] * 3),
        ("examples/elementwise_3d_param.py", "scale_add", [[8, 64, 96]] * 3 + [3]),
    ]
    suite = ROOT / "examples" / "ttlang11"
    for name, entry in json.loads((suite / "programs.json").read_text()).items():
        found.append((f"examples/ttlang11/{name}", entry["operation"], entry["shapes"]))
    return found


def run_sample(python: str, side: str, case: tuple[str, str, list[list[int] | int]],
               env: dict[str, str]) -> dict[str, float] | str:
    """One fresh process; its JSON figures, or the tail of its error output."""
    program, operation, shapes = case
    result = subprocess.run(
        [python, str(SAMPLE), side, str(ROOT / program), operation, json.dumps(shapes)],
        capture_output=True, text=True, env=env, cwd=ROOT,
    )
    if result.returncode != 0:
        errors = [line for line in result.stderr.splitlines() if _EXCEPTION.match(line)]
        return errors[-1] if errors else f"exit status {result.returncode}"
    for line in result.stdout.splitlines():
        if line.startswith("SAMPLE "):
            return json.loads(line.removeprefix("SAMPLE "))
    return "no SAMPLE line in its output"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--upstream-python", default=str(DEFAULT_UPSTREAM))
    options = parser.parse_args()
    if not pathlib.Path(options.upstream_python).exists():
        print(f"no upstream interpreter at {options.upstream_python}: run `make anchor` first",
              file=sys.stderr)
        return 1

    base_env = {k: v for k, v in os.environ.items() if not k.startswith("TTLANG_")}
    upstream_env = dict(base_env, TTLANG_COMPILE_ONLY="1",
                        TT_METAL_MOCK_CLUSTER_DESC_PATH=str(MOCK_CLUSTER))
    print(f"{'program':44} {'upstream':>9} {'ours cold':>9} {'ratio':>6} {'ours 2nd':>8}"
          f"  (first call, ms, median of {options.samples}; imports: see below)")
    imports: dict[str, list[float]] = {"upstream": [], "ours": []}
    ratios = []
    for case in cases():
        upstream: list[float] = []
        cold: list[float] = []
        second: list[float] = []
        failure = None
        for index in range(options.samples):
            with tempfile.TemporaryDirectory() as cache_home:
                ours_env = dict(base_env, XDG_CACHE_HOME=cache_home)
                order = ("upstream", "ours") if index % 2 == 0 else ("ours", "upstream")
                for side in order:
                    if side == "upstream":
                        sample = run_sample(options.upstream_python, "upstream", case, upstream_env)
                        if isinstance(sample, str):
                            failure = sample
                            continue
                        upstream.append(sample["first_call_ms"])
                        imports["upstream"].append(sample["import_ms"])
                    else:
                        for figures in (cold, second):  # the second process finds the cache
                            sample = run_sample(sys.executable, "ours", case, ours_env)
                            if isinstance(sample, str):
                                print(f"{case[0]}: ours failed: {sample}", file=sys.stderr)
                                return 1
                            figures.append(sample["first_call_ms"])
                            imports["ours"].append(sample["import_ms"])
        ours_cold = statistics.median(cold)
        ours_second = statistics.median(second)
        if failure is not None and not upstream:
            print(f"{case[0]:44} {'rejects':>9} {ours_cold:9.1f} {'':>6} {ours_second:8.2f}"
                  f"  upstream: {failure[:90]}")
            continue
        up = statistics.median(upstream)
        ratios.append(ours_cold / up)
        print(f"{case[0]:44} {up:9.1f} {ours_cold:9.1f} {ours_cold / up:5.2f}x {ours_second:8.2f}")
    if ratios:
        print(f"\ncold first call, ours / upstream: {min(ratios):.2f}x to {max(ratios):.2f}x "
              f"over {len(ratios)} programs (median {statistics.median(ratios):.2f}x)")
    for side, values in imports.items():
        if values:
            print(f"import (torch, ttnn, the compiler), {side}: median {statistics.median(values):.0f} ms")
    print(f"load average after the run: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
