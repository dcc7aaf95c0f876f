"""Op-model query throughput: cached stateless, uncached stateless, stateful.

Each figure is the mean time of one getOpConstraints call through the op's OpModel
interface, timed in a C++ loop (ttlang._ttlang.opmodel_benchmark_constraints) so
that Python call overhead is not part of it; a Python-level figure is printed too.
A stateful query with n live records applies them to a fresh mock allocator state
(records of 2048 B every 4096 B from the top of L1), so its cost shows how the
allocator scales with the live set. Targets: cached query <= 2 us, stateful query
with 16 live records <= 50 us (issue 7), with 256 live records <= 5 us (issue 12).

`--baseline-pythonpath DIR` runs the same cases with another build's `ttlang` package
(DIR holds it, for example one built from main) in a child process, in the same run,
and prints its figures beside ours.

    .venv/bin/python bench/opmodel.py [--iterations N] [--baseline-pythonpath DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from mlir import ir

import ttlang
from ttlang import _ttlang, opmodel

DRAM = "#ttnn.layout<dram, interleaved, bf16>"
L1 = "#ttnn.layout<l1, interleaved, bf16>"

CASES = {
    "relu 64x1024 dram->l1": (
        f"%r = ttnn.relu %a : tensor<64x1024xbf16, {DRAM}> -> tensor<64x1024xbf16, {L1}>",
        f"%a: tensor<64x1024xbf16, {DRAM}>",
    ),
    "add 64x1024 l1": (
        f"%r = ttnn.add %a, %b : tensor<64x1024xbf16, {L1}>, tensor<64x1024xbf16, {L1}> -> "
        f"tensor<64x1024xbf16, {L1}>",
        f"%a: tensor<64x1024xbf16, {L1}>, %b: tensor<64x1024xbf16, {L1}>",
    ),
    "matmul 2048x1024x2048 l1": (
        f"%r = ttnn.matmul %a, %b : tensor<2048x1024xbf16, {L1}>, tensor<1024x2048xbf16, {L1}> -> "
        f"tensor<2048x2048xbf16, {L1}>",
        f"%a: tensor<2048x1024xbf16, {L1}>, %b: tensor<1024x2048xbf16, {L1}>",
    ),
    # A compiled TTL operation (ttnn.generic): 3 DFBs on the 8x8 grid, as a tile-wise add.
    "generic 1024x1024 8x8 l1": (
        f"%r = ttnn.generic %a, %b {{operation_id = \"add:1\", grid = array<i64: 8, 8>, "
        "kernels = [#ttnn.kernel<#ttl.kernel<compute, \"compute\", \"add:1\">, cores = [#g]>, "
        "#ttnn.kernel<#ttl.kernel<data_movement, \"data_movement\", \"add:1\">, cores = [#g]>], "
        "dataflow_buffers = [" + ", ".join(
            f"#ttnn.dfb<\"d{i}\", {i}, !ttl.dfb<1x1xbf16, 2>, cores = [#g]>" for i in range(3)
        ) + f"]}} : (tensor<1024x1024xbf16, {DRAM}>, tensor<1024x1024xbf16, {DRAM}>) -> "
        f"tensor<1024x1024xbf16, {L1}>",
        f"%a: tensor<1024x1024xbf16, {DRAM}>, %b: tensor<1024x1024xbf16, {DRAM}>",
    ),
}
PRELUDE = "#g = #ttnn.core_range<(0, 0), (7, 7)>\n"

# (label, mode, live records, target ns)
MODES = [
    ("cached stateless", 0, 0, 2000.0),
    ("uncached stateless", 1, 0, None),
    ("stateful, 16 live", 2, 16, 50000.0),
    ("stateful, 256 live", 2, 256, 5000.0),
]


def measure(iterations: int) -> dict[str, float | None]:
    """ns per query per 'case / mode' (None: the query fails, e.g. the matmul's 786432 B of
    circular buffers clash with 256 live records), plus the cached query from Python."""
    figures: dict[str, float | None] = {}
    for name, (op_text, signature) in CASES.items():
        try:
            module = ttlang.parse_module(
                f"{PRELUDE}func.func @f({signature}) {{\n {op_text}\n return\n}}"
            )
        except ir.MLIRError:
            continue  # an op the measured build does not have (a baseline without it)
        op = module.body.operations[0].regions[0].blocks[0].operations[0].operation
        for label, mode, live, _ in MODES:
            opmodel.clear_caches()
            _ttlang.opmodel_benchmark_constraints(op, mode, 100, live)  # warm up
            ns = _ttlang.opmodel_benchmark_constraints(op, mode, iterations, live)
            figures[f"{name} / {label}"] = None if ns < 0 else ns
        opmodel.query_constraints(op)
        start = time.perf_counter()
        n = iterations // 10
        for _ in range(n):
            opmodel.query_constraints(op)
        figures[f"{name} / cached, from Python"] = (time.perf_counter() - start) / n * 1e9
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--baseline-pythonpath", default=None)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.json:
        print(json.dumps(measure(args.iterations)))
        return
    baseline = None
    if args.baseline_pythonpath:
        env = dict(os.environ, PYTHONPATH=args.baseline_pythonpath)
        out = subprocess.run(
            [sys.executable, __file__, "--json", "--iterations", str(args.iterations)],
            env=env, capture_output=True, text=True, check=True,
        ).stdout
        baseline = json.loads(out)
    ours = measure(args.iterations)

    def fmt(ns: float | None) -> str:
        return "fails" if ns is None else f"{ns:.0f}"

    targets = {label: target for label, _, _, target in MODES}
    print(f"{'op':28} {'mode':22} {'ns/query':>10}"
          + (f" {'baseline':>10}" if baseline else "") + "  target")
    for key, ns in ours.items():
        name, label = key.split(" / ")
        target = targets.get(label)
        verdict = ""
        if target is not None and ns is not None:
            verdict = ("ok" if ns <= target else "MISSED") + f" <= {target:.0f}"
        row = f"{name:28} {label:22} {fmt(ns):>10}"
        if baseline:
            row += f" {fmt(baseline[key]) if key in baseline else 'n/a':>10}"
        print(f"{row}  {verdict}")
    print(f"constraint cache after run: {opmodel.cache_stats()[0]}")


if __name__ == "__main__":
    main()
