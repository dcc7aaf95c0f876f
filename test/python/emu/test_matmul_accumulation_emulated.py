"""Matmul accumulation on the emulated device against numpy (float64 references from the
inputs): the K-blocked example with an accumulator DFB and a fused bias + ReLU epilogue,
`blk += a @ b` (packer L1 accumulation), `transpose_rhs=True`, 1.1.6's
`ttl.math.matmul(a, b, out)`, and an f32 accumulator DFB fed
by bf16 operands. Bounds count the roundings the kernels make (docs/emulator.md); these are
emulated results, not hardware ones."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16, assert_within_ulps, bf16_ulp, f32
from program_files import load_module

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLES = HERE.parents[2] / "examples"


def programs():
    return load_module(HERE / "accumulation_programs.py", "emu_accumulation_programs")


def uniform(rng, shape, dtype=BF16):
    return rng.uniform(-1, 1, shape).astype(np.float32).astype(dtype)


def f64(values: np.ndarray) -> np.ndarray:
    return f32(values).astype(np.float64)


@pytest.mark.parametrize(
    "name, roundings",
    [
        # 8 K tiles accumulate in the 16-bit DEST (one rounding each), the partial sum is
        # packed to bfloat16 after each of the 4 K blocks, and the bias add rounds once.
        ("matmul_bias_relu", 13),
        # `+=`: the 8 K tiles accumulate in DEST across the K blocks, one pack, the bias add.
        ("matmul_bias_relu_dest", 10),
    ],
)
def test_k_blocked_matmul_bias_relu_example(device, rng, name, roundings):
    # 192 x 256 @ 256 x 128 on the 2 x 2 grid: 3 x 2 output blocks (the second row of cores has
    # one M block), 4 K blocks of 2 tiles.
    op = getattr(load_module(EXAMPLES / "matmul_bias_relu.py", "emu_matmul_bias_relu"), name)
    a, b, bias = uniform(rng, (192, 256)), uniform(rng, (256, 128)), uniform(rng, (192, 128))
    y = device.empty((192, 128))
    op(*map(device.tensor, (a, b, bias)), y)
    va, vb, vc = f64(a), f64(b), f64(bias)
    reference = np.maximum(va @ vb + vc, 0)
    # Each rounding is at most one ulp of |a| @ |b| + |bias|; ReLU is exact.
    scale = np.abs(va) @ np.abs(vb) + np.abs(vc)
    assert_within_ulps(y.to_numpy(), reference, roundings, scale)


def test_plus_equals_in_dest_and_through_the_packer(device, rng):
    k = programs().K_TILES
    a, b = uniform(rng, (32, 32 * k)), uniform(rng, (32 * k, 96))
    out = device.empty((32, 96))
    programs().plus_equals(device.tensor(a), device.tensor(b), out)
    got = out.to_numpy()
    va, vb = f64(a), f64(b)
    reference, scale = va @ vb, np.abs(va) @ np.abs(vb)
    # Column tile 0 accumulates in the 16-bit DEST (one rounding per K tile); tile 1 packs
    # each product and adds it in L1 (2 roundings per K tile); tile 2 doubles each product
    # (exact) before the L1 additions. The first contribution overwrites what the block held:
    # the bounds leave no room for a stale L1 tile.
    assert_within_ulps(got[:, 0:32], reference[:, 0:32], k, scale[:, 0:32])
    assert_within_ulps(got[:, 32:64], reference[:, 32:64], 2 * k, scale[:, 32:64])
    assert_within_ulps(got[:, 64:96], 2 * reference[:, 64:96], 2 * k, 2 * scale[:, 64:96])


def test_transpose_rhs(device, rng):
    a, b = uniform(rng, (64, 96)), uniform(rng, (64, 96))
    out = device.empty((64, 64))
    programs().transposed(device.tensor(a), device.tensor(b), out)
    va, vb = f64(a), f64(b)
    # Three K tiles accumulate in the 16-bit DEST.
    assert_within_ulps(out.to_numpy(), va @ vb.T, 3, np.abs(va) @ np.abs(vb).T)


def test_three_argument_matmul_of_release_1_1_6(device, rng):
    a, b = uniform(rng, (64, 96)), uniform(rng, (96, 64))
    out = device.empty((64, 64))
    programs().output_hinted(device.tensor(a), device.tensor(b), out)
    va, vb = f64(a), f64(b)
    # Three K tiles accumulate in the 16-bit DEST, as for a @ b.
    assert_within_ulps(out.to_numpy(), va @ vb, 3, np.abs(va) @ np.abs(vb))


def test_f32_accumulator_dfb(device, rng):
    a, b = uniform(rng, (32, 64), np.float32), uniform(rng, (64, 32), np.float32)
    acc = device.empty((32, 32), dtype="float32")
    out = device.empty((32, 32))
    programs().f32_accumulator(device.tensor(a), device.tensor(b), acc, out)
    va, vb = f64(a), f64(b)
    reference = 1 / (1 + np.exp(-(va @ vb)))
    # fp32 DEST (the kernel uses f32 DFBs): the FPU sees TF32 operands (10 mantissa bits,
    # truncated: relative error below 2**-10 each, so 2**-9 per product), and the partial sum
    # loses the same through SrcA when it is copied back into DEST: the pre-activation error is
    # at most 1.5 * 2**-9 of |a| @ |b|. The sigmoid scales it by s (1 - s) and is packed to
    # bfloat16 (half an ulp; the SFPU's sigmoid adds its own, within 1.5 ulps here).
    x_error = 1.5 * 2.0**-9 * (np.abs(va) @ np.abs(vb))
    bound = reference * (1 - reference) * x_error + 2 * bf16_ulp(reference)
    error = np.abs(out.to_numpy().astype(np.float64) - reference)
    assert np.all(error <= bound), float(np.max(error - bound))


def test_shapes_that_are_not_whole_tiles(device, rng):
    # 50 x 70 @ 70 x 40: the emulated device stores tensors padded to whole tiles with zeros,
    # as ttnn 0.81.1 does for tile layout, so the padded K tiles add nothing.
    a, b, bias = uniform(rng, (50, 70)), uniform(rng, (70, 40)), uniform(rng, (50, 40))
    out = device.empty((50, 40))
    programs().padded_linear(*map(device.tensor, (a, b, bias)), out)
    va, vb, vc = f64(a), f64(b), f64(bias)
    assert out.to_numpy().shape == (50, 40)
    # Three K tiles in the 16-bit DEST onto the bias copied in: 3 roundings; ReLU is exact.
    scale = np.abs(va) @ np.abs(vb) + np.abs(vc)
    assert_within_ulps(out.to_numpy(), np.maximum(va @ vb + vc, 0), 3, scale)


def test_padding_a_kernel_reads_is_zero(device, rng):
    # What ttnn 0.81.1 puts in the padding of a tile-layout tensor (zeros, measured with
    # ttnn.Tensor(..., layout=TILE_LAYOUT)), the emulated device puts there too: a kernel that
    # copies the padded tiles out into a whole-tile tensor shows them.
    a = uniform(rng, (50, 70))
    out = device.tensor(np.full((64, 96), 7.0, dtype=BF16))  # every element overwritten
    programs().copy_padded(device.tensor(a), out)
    got = out.to_numpy()
    np.testing.assert_array_equal(got[:50, :70], a)
    assert not np.any(got[50:, :].astype(np.float32)) and not np.any(got[:, 70:].astype(np.float32))


def test_fill_then_accumulate_in_a_register_block(device, rng):
    # Issue 32's relatives: a block from ttl.block.fill accumulated with `+=` (block math,
    # not a reserved block), stored while its operand is held.
    a = uniform(rng, (64, 64))
    out = device.empty((64, 64))
    programs().fill_then_accumulate(device.tensor(a), out)
    va = f64(a)
    # 1 + a, then + 2a (2a exact): two roundings in the 16-bit DEST, one in the pack.
    assert_within_ulps(out.to_numpy(), 1 + 3 * va, 3, 1 + 3 * np.abs(va))
