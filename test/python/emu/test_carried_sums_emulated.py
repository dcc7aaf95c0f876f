"""Running sums kept in a block value across loop iterations (issue 32: `acc = fill(0)`,
`acc += a @ b` in a loop, `out_blk.store(acc)`, as tt-lang's matmul tutorials write them) on
the emulated device against numpy (float64 references from the inputs). Shapes are drawn
(seeded); bounds count the roundings of the stores ttl-accumulate-carried-blocks makes:
one per K tile when the sums stay in the 16-bit DEST, two (pack, then the packer's L1 add)
when they add through L1. Emulated results, not hardware ones."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16, assert_within_ulps, f32
from program_files import load_module

HERE = pathlib.Path(__file__).resolve().parent
TILE = 32


@pytest.fixture(scope="module")
def programs():
    return load_module(HERE / "carried_sum_programs.py", "emu_carried_sum_programs")


def uniform(rng, shape):
    return rng.uniform(-1, 1, shape).astype(np.float32).astype(BF16)


def f64(values: np.ndarray) -> np.ndarray:
    return f32(values).astype(np.float64)


def tiles(rng, low: int, high: int, multiple: int = 1) -> int:
    """A tile count in [low, high] that is a multiple of `multiple`, in elements."""
    return int(rng.integers(low, high + 1)) * multiple * TILE


def test_single_core_block_fill(device, rng, programs):
    # tt-lang 1.1.6's `ttl.block.fill(0, shape=...)`: the K tiles stay in DEST (in_dest).
    for _ in range(2):
        m, k, n = tiles(rng, 1, 3), tiles(rng, 1, 4), tiles(rng, 1, 3)
        a, b = uniform(rng, (m, k)), uniform(rng, (k, n))
        out = device.empty((m, n))
        programs.single_core_block_fill(device.tensor(a), device.tensor(b), out)
        va, vb = f64(a), f64(b)
        assert_within_ulps(out.to_numpy(), va @ vb, k // TILE, np.abs(va) @ np.abs(vb))


def test_grid_math_fill(device, rng, programs):
    # tt-lang 1.1.1's `ttl.math.fill(out_blk, 0)` and `acc = acc + a @ b`, 2 x 2-tile blocks
    # on a 2 x 2 grid (some cores get no block when a side has one block).
    m, k, n = tiles(rng, 1, 3, 2), tiles(rng, 1, 3, 2), tiles(rng, 1, 3, 2)
    a, b = uniform(rng, (m, k)), uniform(rng, (k, n))
    out = device.empty((m, n))
    programs.grid_math_fill(device.tensor(a), device.tensor(b), out)
    va, vb = f64(a), f64(b)
    assert_within_ulps(out.to_numpy(), va @ vb, k // TILE, np.abs(va) @ np.abs(vb))


def test_nested_k_loops(device, rng, programs):
    # The sum crosses two loops: it adds through L1 (the DEST path needs the loop right below
    # the reservation).
    k = tiles(rng, 1, 3, 2)
    a, b = uniform(rng, (TILE, k)), uniform(rng, (k, TILE))
    out = device.empty((TILE, TILE))
    programs.nested_k_loops(device.tensor(a), device.tensor(b), out)
    va, vb = f64(a), f64(b)
    assert_within_ulps(out.to_numpy(), va @ vb, 2 * k // TILE, np.abs(va) @ np.abs(vb))


def test_scaled_sum_from_a_nonzero_start(device, rng, programs):
    # 1.5 is stored first (exact), then each 2 * a tile (exact) adds in L1: one rounding each.
    kt = tiles(rng, 2, 5) // TILE
    a = uniform(rng, (TILE, kt * TILE))
    out = device.empty((TILE, TILE))
    programs.scaled_sum(device.tensor(a), out)
    parts = f64(a).reshape(TILE, kt, TILE)
    reference = 1.5 + 2 * parts.sum(axis=1)
    assert_within_ulps(out.to_numpy(), reference, kt, 1.5 + 2 * np.abs(parts).sum(axis=1))


def test_two_sums_in_one_loop(device, rng, programs):
    # Two iter_args of one loop, each into its own reserved block, both through L1; a square
    # rounds once more in DEST before its pack.
    kt = tiles(rng, 2, 4) // TILE
    a, b = uniform(rng, (TILE, kt * TILE)), uniform(rng, (kt * TILE, TILE))
    products, squares = device.empty((TILE, TILE)), device.empty((TILE, TILE))
    programs.two_sums(device.tensor(a), device.tensor(b), products, squares)
    va, vb = f64(a), f64(b)
    assert_within_ulps(products.to_numpy(), va @ vb, 2 * kt, np.abs(va) @ np.abs(vb))
    parts = (va**2).reshape(TILE, kt, TILE).sum(axis=1)
    assert_within_ulps(squares.to_numpy(), parts, 3 * kt, parts)
