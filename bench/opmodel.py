"""Op-model query throughput: cached stateless, uncached stateless, stateful.

Each figure is the mean time of one getOpConstraints call through the op's OpModel
interface, timed in a C++ loop (ttlang._ttlang.opmodel_benchmark_constraints) so
that Python call overhead is not part of it; a Python-level figure is printed too.
Targets (issue 7): cached query <= 2 us, stateful query <= 50 us.

    .venv/bin/python bench/opmodel.py [--iterations N]
"""

from __future__ import annotations

import argparse
import time

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
}

MODES = [("cached stateless", 0, 0), ("uncached stateless", 1, 0), ("stateful, 16 live", 2, 16)]
TARGET_NS = {0: 2000.0, 2: 50000.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20000)
    args = parser.parse_args()

    print(f"{'op':28} {'mode':20} {'ns/query':>10}  target")
    for name, (op_text, signature) in CASES.items():
        module = ttlang.parse_module(f"func.func @f({signature}) {{\n {op_text}\n return\n}}")
        op = module.body.operations[0].regions[0].blocks[0].operations[0].operation
        for label, mode, live in MODES:
            opmodel.clear_caches()
            _ttlang.opmodel_benchmark_constraints(op, mode, 100, live)  # warm up
            ns = _ttlang.opmodel_benchmark_constraints(op, mode, args.iterations, live)
            target = TARGET_NS.get(mode)
            verdict = "" if target is None else ("ok" if ns <= target else "MISSED") + f" <= {target:.0f}"
            print(f"{name:28} {label:20} {ns:10.0f}  {verdict}")
        # The same cached query through the Python binding, for scale.
        opmodel.query_constraints(op)
        start = time.perf_counter()
        n = args.iterations // 10
        for _ in range(n):
            opmodel.query_constraints(op)
        python_ns = (time.perf_counter() - start) / n * 1e9
        print(f"{name:28} {'cached, from Python':20} {python_ns:10.0f}")
    stats = opmodel.cache_stats()[0]
    print(f"constraint cache after run: {stats}")


if __name__ == "__main__":
    main()
