"""Operations with int / float parameters compute with the value of each call on the emulated
device (one compiled program, the parameter a runtime-argument word), against numpy."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16, assert_bits_equal, f32, truncate_bf16

import scalar_param_programs as programs


def test_block_math_with_parameters_uses_each_calls_values(device, rng):
    x = rng.uniform(-4, 4, (64, 32)).astype(np.float32).astype(BF16)
    out = device.empty((64, 32))
    results = []
    for k, s in ((3, 0.5), (-2, 1.25), (7, -3.0)):
        results.append(programs.scale_shift(device.tensor(x), out, k, s))
        # Each SFPU op truncates into the 16-bit DEST (ckernel_sfpu_binop_with_unary.h).
        expected = truncate_bf16(f32(truncate_bf16(f32(x) * np.float32(k))) + np.float32(s))
        assert_bits_equal(out.to_numpy(), expected)
    # Calls with other values reuse the first call's program (the first may itself reuse one
    # an earlier test of the session built).
    assert [r.cache_hit for r in results[1:]] == [True, True]


@pytest.mark.parametrize("row", [0, 1])
def test_an_int_parameter_selects_the_tile_row(device, rng, row):
    a = rng.uniform(-1, 1, (64, 32)).astype(np.float32).astype(BF16)
    out = device.empty((32, 32))
    programs.pick_row(device.tensor(a), out, row)
    assert_bits_equal(out.to_numpy(), a[32 * row:32 * (row + 1)])


@pytest.mark.parametrize("n", [1, 2])
def test_an_int_parameter_as_a_loop_bound(device, rng, n):
    a = rng.uniform(-1, 1, (64, 32)).astype(np.float32).astype(BF16)
    out = device.tensor(np.full((64, 32), 7.0, np.float32).astype(BF16))
    programs.double_rows(device.tensor(a), out, n)
    expected = np.full((64, 32), 7.0, np.float32).astype(BF16)
    expected[:32 * n] = truncate_bf16(f32(a[:32 * n]) * np.float32(2.0))
    assert_bits_equal(out.to_numpy(), expected)


@pytest.mark.parametrize("repeats", [(2, 3), [1, 2]])
def test_a_tuple_parameter_shapes_the_loops(device, rng, repeats):
    a = rng.uniform(-1, 1, (32, 32)).astype(np.float32).astype(BF16)
    out = device.tensor(np.full((64, 96), 7.0, np.float32).astype(BF16))
    programs.tile_repeats(device.tensor(a), out, repeats)
    rows, cols = repeats
    expected = np.full((64, 96), 7.0, np.float32).astype(BF16)
    expected[:32 * rows, :32 * cols] = np.tile(truncate_bf16(f32(a) * np.float32(2.0)), (rows, cols))
    assert_bits_equal(out.to_numpy(), expected)
