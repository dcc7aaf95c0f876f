"""N-D blocks and tensors of rank > 2 on the emulated device against numpy, and the
examples/elementwise_3d_param.py operation (a 3-D tensor, an int parameter)."""

from __future__ import annotations

import pathlib

import numpy as np

from numerics import BF16, assert_bits_equal, f32, truncate_bf16
from program_files import load_module

import nd_block_programs as programs

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def test_nd_blocks_of_a_3d_tensor(device, rng):
    a = rng.uniform(-2, 2, (4, 64, 96)).astype(np.float32).astype(BF16)
    out = device.empty((4, 64, 96))
    programs.batched_relu(device.tensor(a), out)
    # relu is exact; relu(x) + x adds on the SFPU, truncating into the 16-bit DEST.
    assert_bits_equal(out.to_numpy(), truncate_bf16(np.maximum(f32(a), 0) + f32(a)))


def test_some_tile_rows_of_several_matrices(device, rng):
    # Block (b, r, c) holds tile row r of matrices b and b + 1: if the copy took two rows of
    # one matrix instead, the negated output would land in the wrong place.
    a = rng.uniform(-2, 2, (4, 64, 96)).astype(np.float32).astype(BF16)
    out = device.empty((4, 64, 96))
    programs.rows_of_two_matrices(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), (-f32(a)).astype(BF16))


def test_runtime_tile_rows_of_several_matrices(device, rng):
    # tt-lang's eltwise_add_3d form: core x copies tile row x of each pair of matrices.
    a = rng.uniform(-2, 2, (4, 64, 96)).astype(np.float32).astype(BF16)
    out = device.empty((4, 64, 96))
    programs.runtime_rows_of_two_matrices(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), (f32(a) + f32(a)).astype(BF16))


def test_tiles_of_a_rank_4_tensor_with_padding(device, rng):
    # 40 x 50 elements pad to 2 x 2 tiles per matrix; each of the 2 x 3 matrices separately.
    a = rng.uniform(-2, 2, (2, 3, 40, 50)).astype(np.float32).astype(BF16)
    out = device.empty((2, 3, 40, 50))
    programs.per_matrix_tiles(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), truncate_bf16(f32(a) * np.float32(2.0)))


def test_elementwise_3d_param_example(device, rng):
    scale_add = load_module(EXAMPLES / "elementwise_3d_param.py", "emu_elementwise_3d_param").scale_add
    x = rng.uniform(-2, 2, (8, 64, 96)).astype(np.float32).astype(BF16)
    y = rng.uniform(-2, 2, (8, 64, 96)).astype(np.float32).astype(BF16)
    out = device.empty((8, 64, 96))
    hits = []
    for k in (3, 5):
        hits.append(scale_add(device.tensor(x), device.tensor(y), out, k).cache_hit)
        product = truncate_bf16(f32(x) * np.float32(k))
        assert_bits_equal(out.to_numpy(), truncate_bf16(f32(product) + f32(y)))
    assert hits[1:] == [True]
