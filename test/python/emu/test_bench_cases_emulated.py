"""The emulated-device benchmark's programs (bench/cases, timed by bench/emulator.py) compute
the right numbers: a benchmark of a wrong kernel would measure nothing. Against float64 numpy
references from the same bf16 inputs; bounds count the roundings the kernels make
(docs/emulator.md). Emulated results, not hardware ones."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16, assert_within_ulps, f32
from program_files import load_module

CASES = pathlib.Path(__file__).resolve().parents[3] / "bench" / "cases"


def uniform(rng, shape):
    return rng.uniform(-1, 1, shape).astype(np.float32).astype(BF16)


@pytest.mark.parametrize(
    "case, roundings, m, k, n",
    [
        # One 2x8 @ 8x2-tile block product per core: 8 K tiles accumulate in the 16-bit DEST
        # (one rounding each), then the pack.
        ("matmul_4x4_grid", 9, 256, 256, 256),
        # 8 K steps through a bf16 accumulator DFB: each step rounds in DEST and packs.
        ("matmul_4x4_grid_kloop", 16, 256, 256, 256),
        # 3 K steps of 4x4-tile blocks: each rounds 4 products in the 16-bit DEST, packs, and
        # adds into the output in L1 (pack_reconfig_l1_acc), which rounds again.
        ("matmul_grid_blocks", 3 * 6, 256, 384, 512),
    ],
)
def test_bench_matmul_case(device, rng, case, roundings, m, k, n):
    op = load_module(CASES / f"{case}.py", f"emu_bench_{case}").matmul
    a, b = uniform(rng, (m, k)), uniform(rng, (k, n))
    c = device.empty((m, n))
    op(device.tensor(a), device.tensor(b), c)
    va, vb = f32(a).astype(np.float64), f32(b).astype(np.float64)
    assert_within_ulps(c.to_numpy(), va @ vb, roundings, np.abs(va) @ np.abs(vb))


def test_bench_add_case(device, rng):
    op = load_module(CASES / "add_256_one_core.py", "emu_bench_add").add
    a, b = uniform(rng, (256, 256)), uniform(rng, (256, 256))
    c = device.empty((256, 256))
    op(device.tensor(a), device.tensor(b), c)
    va, vb = f32(a).astype(np.float64), f32(b).astype(np.float64)
    assert_within_ulps(c.to_numpy(), va + vb, 1, np.abs(va) + np.abs(vb))


def test_bench_tutorial_matmul_case(device, rng):
    # relu(a @ b + c), 2 K steps through the accumulator DFB (4 DEST roundings and a pack
    # each), then the bias add and the pack.
    op = load_module(CASES / "matmul_grid_full.py", "emu_bench_grid_full").matmul_bias_relu
    arrays = [uniform(rng, shape) for shape in ((256, 256), (256, 512), (256, 512))]
    y = device.empty((256, 512))
    op(*(device.tensor(x) for x in arrays), y)
    va, vb, vc = (f32(x).astype(np.float64) for x in arrays)
    scale = np.abs(va) @ np.abs(vb) + np.abs(vc)
    assert_within_ulps(y.to_numpy(), np.maximum(va @ vb + vc, 0), 2 * 5 + 2, scale)
