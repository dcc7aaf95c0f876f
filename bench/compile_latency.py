"""Compile latency, Python AST -> TT-Metal C++ text, of each example (and the upstream baseline
cases, a 2x2-tile add on one core and a matmul on a 4x4 grid), split into stages:

- frontend: the decorated function's AST -> TTL IR text (``build_module``);
- passes: parse and ``ttl-to-metal`` in one pass manager (``ttl-compile-operation``: split,
  DFB indices; then ``ttl-backend-pipeline``: core specialization, TTL -> EmitC, cleanup);
- emission: ``emitc::translateToCpp`` of every kernel and the descriptor records.

``total`` is the end-to-end ``op.compile(..., compile_cache=None)``. Cold = the first compile in a fresh process after ``import ttlang``
(context creation and pipeline parsing included); warm = later compiles in that process. Each
cold sample is its own subprocess; the figure is the median of the samples.

Run: .venv/bin/python bench/compile_latency.py [--samples N]  (figures: docs/performance.md)
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

# a (192 x 256) @ b (256 x 128) + bias, y: 3 x 2 output blocks of 2 x 2 tiles, 4 K blocks.
MATMUL_BIAS_RELU_SPECS = ["ttl.TensorSpec((192, 256))", "ttl.TensorSpec((256, 128))",
                          "ttl.TensorSpec((192, 128))", "ttl.TensorSpec((192, 128))"]

# name: (file, operation, tensor spec expressions)
CASES = {
    "add 2x2 tiles, 1 core (baseline case)": (
        "bench/cases/add_one_core.py", "add", ["ttl.TensorSpec((64, 64))"] * 3),
    "matmul 8x8x8 tiles, 4x4 grid (baseline)": (
        "bench/cases/matmul_4x4_grid.py", "matmul", ["ttl.TensorSpec((256, 256))"] * 3),
    "tile_add_unified (4x4 tiles, 2x2 grid)": (
        "examples/tile_add_unified.py", "tile_add", ["ttl.TensorSpec((128, 128))"] * 3),
    "tile_add_explicit (4x4 tiles, 2x2 grid)": (
        "examples/tile_add_explicit.py", "tile_add", ["ttl.TensorSpec((128, 128))"] * 3),
    "composed (exp of exp)": (
        "examples/composed.py", "exp_then_exp", ["ttl.TensorSpec((64, 64))"] * 3),
    "matmul_bias_relu (K-blocked, 2x2 grid)": (
        "examples/matmul_bias_relu.py", "matmul_bias_relu",
        MATMUL_BIAS_RELU_SPECS),
    "matmul_bias_relu_dest (K-blocked +=, 2x2 grid)": (
        "examples/matmul_bias_relu.py", "matmul_bias_relu_dest",
        MATMUL_BIAS_RELU_SPECS),
    "two_readers (relu, f32 L1)": (
        "examples/two_readers.py", "relu",
        ['ttl.TensorSpec((128, 64), dtype="float32", buffer_type="l1")'] * 2),
    "softmax_rows (1x2-tile rows, 2x1 grid)": (
        "examples/softmax_rows.py", "softmax", ["ttl.TensorSpec((128, 64))"] * 2),
    "layer_norm (1x2-tile rows, gamma, beta)": (
        "examples/layer_norm.py", "layer_norm",
        ["ttl.TensorSpec((64, 64))", "ttl.TensorSpec((32, 64))", "ttl.TensorSpec((32, 64))",
         "ttl.TensorSpec((64, 64))"]),
    "layer_norm_height_sharded (8 height shards, 4x2 grid)": (
        "examples/layer_norm_height_sharded.py", "sharded_layer_norm",
        ['ttl.TensorSpec((512, 96), buffer_type="l1", memory_layout="height_sharded", '
         'shard=ttl.ShardSpec((((0, 0), (3, 1)),), (64, 96)))',
         "ttl.TensorSpec((32, 96))", "ttl.TensorSpec((32, 96))",
         'ttl.TensorSpec((512, 96), buffer_type="l1", memory_layout="height_sharded", '
         'shard=ttl.ShardSpec((((0, 0), (3, 1)),), (64, 96)))']),
    "bias_add_rows (row broadcast, 2x2 grid)": (
        "examples/bias_add_rows.py", "bias_add",
        ["ttl.TensorSpec((128, 128))", "ttl.TensorSpec((32, 128))", "ttl.TensorSpec((128, 128))"]),
    "column_sum (4x1-tile columns, 4 cores)": (
        "examples/column_sum.py", "column_sum",
        ["ttl.TensorSpec((128, 128))", "ttl.TensorSpec((32, 128))"]),
    "matmul_systolic_pipes (operands multicast by pipes, 4x4 grid)": (
        "examples/matmul_systolic_pipes.py", "matmul_systolic", ["ttl.TensorSpec((256, 256))"] * 3),
    "elementwise_3d_param (3-D tensors, int parameter)": (
        "examples/elementwise_3d_param.py", "scale_add",
        ["ttl.TensorSpec((8, 64, 96))"] * 3 + ["3"]),
    "upsample_rows repeat_rows (row-major blocks of image rows, 1 core)": (
        "examples/upsample_rows.py", "repeat_rows",
        ['ttl.TensorSpec((2, 3, 5, 24), dtype="float32", layout="row_major")',
         'ttl.TensorSpec((2, 6, 5, 24), dtype="float32", layout="row_major")']),
}

# Runs in a fresh process: one cold staged compile, one cold or warm end-to-end compile, then
# warm repetitions of both. Prints one JSON line.
SAMPLE = r"""
import importlib.util, json, sys, time
import ttlang as ttl
from ttlang import backend
from ttlang.frontend import session
from ttlang.frontend.compiler import build_module

path, op_name, spec_exprs, mode, warm_runs = sys.argv[1:6]
spec = importlib.util.spec_from_file_location("case", path)
case = importlib.util.module_from_spec(spec)
spec.loader.exec_module(case)
op = getattr(case, op_name)
tensors = [eval(e, {"ttl": ttl}) for e in json.loads(spec_exprs)]
specs = [t for t in tensors]

def staged():
    t0 = time.perf_counter()
    text = build_module(op, specs)
    t1 = time.perf_counter()
    with session._state().context:  # the frontend's per-thread context and parsed pipelines
        module = session._run(text, session.TTL_TO_METAL, "wormhole_b0")
        t2 = time.perf_counter()
        out = backend.collect_kernels(module)
        t3 = time.perf_counter()
    assert out.kernels and all("kernel_main" in k.source for k in out.kernels)
    return (1e3 * (t1 - t0), 1e3 * (t2 - t1), 1e3 * (t3 - t2))

def total():
    t0 = time.perf_counter()
    compiled = op.compile(*tensors, compile_cache=None)  # the compiler, not the disk cache
    assert compiled.descriptors
    return 1e3 * (time.perf_counter() - t0)

if mode == "staged":
    cold = staged()
    warm = [staged() for _ in range(int(warm_runs))]
    print(json.dumps({"cold": cold, "warm": warm}))
else:
    cold = total()
    warm = [total() for _ in range(int(warm_runs))]
    print(json.dumps({"cold": cold, "warm": warm}))
"""


def run_sample(case: tuple[str, str, list[str]], mode: str, warm_runs: int) -> dict:
    path, op_name, specs = case
    out = subprocess.run(
        [sys.executable, "-c", SAMPLE, str(ROOT / path), op_name, json.dumps(specs), mode, str(warm_runs)],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=7, help="cold samples (processes) per case")
    parser.add_argument("--warm", type=int, default=20, help="warm compiles per process")
    args = parser.parse_args()

    header = (f"{'case':42} {'':5} {'frontend':>9} {'passes':>8} {'emission':>9} {'sum':>8} "
              f"{'total':>8}   (ms, median)")
    print(header)
    for name, case in CASES.items():
        staged = [run_sample(case, "staged", args.warm) for _ in range(args.samples)]
        totals = [run_sample(case, "total", args.warm) for _ in range(args.samples)]
        for label in ("cold", "warm"):
            if label == "cold":
                stages = [s["cold"] for s in staged]
                total = statistics.median(t["cold"] for t in totals)
            else:
                stages = [w for s in staged for w in s["warm"]]
                total = statistics.median(w for t in totals for w in t["warm"])
            medians = [statistics.median(s[i] for s in stages) for i in range(3)]
            print(f"{name:42} {label:5} {medians[0]:9.2f} {medians[1]:8.2f} {medians[2]:9.2f} "
                  f"{sum(medians):8.2f} {total:8.2f}")


if __name__ == "__main__":
    main()
