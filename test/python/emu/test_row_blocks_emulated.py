"""Element-shaped blocks of row-major tensors on the emulated device against numpy: the generated
kernels copy whole rows (ttnn's pages) between interleaved row-major tensors and DFBs, so every
result must equal numpy's bit for bit. Shapes are drawn from a seeded generator."""

from __future__ import annotations

import pathlib

import ml_dtypes
import numpy as np
import pytest
import row_block_programs as programs
from program_files import load_module

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def draw(rng, shape, dtype):
    values = rng.standard_normal(shape).astype(np.float32)
    return values if dtype == "float32" else values.astype(ml_dtypes.bfloat16).astype(np.float32)


@pytest.mark.parametrize("keyword", ["block_count", "buffer_factor"])
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_pixel_upsample_is_numpys_repeat(device, rng, keyword, dtype):
    # Random image shapes and scales; C from 8 to 40 elements (rows that are not multiples of
    # the 32 B / 64 B DRAM alignment, so the DFB pages and the accessor's pages differ).
    for _ in range(2):
        n, h, w = (int(v) for v in rng.integers(1, 4, 3))
        c = int(rng.integers(8, 41))
        scale = tuple(int(v) for v in rng.integers(1, 4, 2))
        x = draw(rng, (n, h, w, c), dtype)
        expected = x.repeat(scale[0], axis=1).repeat(scale[1], axis=2)
        out = device.empty(expected.shape, dtype, layout="row_major")
        op = programs.make_pixel_upsample(scale, keyword)
        op(device.tensor(x, dtype, layout="row_major"), out)
        got = out.to_numpy().astype(np.float32)
        assert np.array_equal(got, expected), (n, h, w, c, scale)


@pytest.mark.parametrize("rows", [1, 2, 4])
def test_runs_of_rows_land_where_the_slice_says(device, rng, rows):
    width = int(rng.integers(3, 70))
    total = rows * int(rng.integers(2, 7)) * 2
    x = draw(rng, (total, width), "float32")
    out = device.empty((total, width), "float32", layout="row_major")
    programs.make_row_runs(rows)(device.tensor(x, "float32", layout="row_major"), out)
    # Run i goes to run (runs - 1 - i): the runs in reverse order, each run's rows in order.
    expected = x.reshape(-1, rows, width)[::-1].reshape(total, width)
    assert np.array_equal(out.to_numpy(), expected)


def test_image_rows_and_a_rank_1_row(device, rng):
    x = draw(rng, (2, 3, 5, 24), "bfloat16")
    out = device.empty(x.shape, "bfloat16", layout="row_major")
    programs.image_rows(device.tensor(x, "bfloat16", layout="row_major"), out)
    assert np.array_equal(out.to_numpy().astype(np.float32), x[:, ::-1])
    v = draw(rng, (37,), "float32")
    out = device.empty((37,), "float32", layout="row_major")
    programs.one_d_rows(device.tensor(v, "float32", layout="row_major"), out)
    assert np.array_equal(out.to_numpy(), v)


def test_l1_row_major_tensors(device, rng):
    import ttlang.emu as emu

    x = draw(rng, (16, 20), "float32")
    l1 = emu.MemoryConfig("l1")
    out = device.empty((16, 20), "float32", memory_config=l1, layout="row_major")
    programs.make_row_runs(2)(device.tensor(x, "float32", memory_config=l1, layout="row_major"), out)
    assert np.array_equal(out.to_numpy(), x.reshape(-1, 2, 20)[::-1].reshape(16, 20))


def test_upsample_rows_example(device, rng):
    example = load_module(EXAMPLES / "upsample_rows.py", "emu_upsample_rows")
    x = draw(rng, (2, 3, 5, 24), "float32")
    for scale in ((2, 2), (1, 3)):
        expected = x.repeat(scale[0], axis=1).repeat(scale[1], axis=2)
        out = device.empty(expected.shape, "float32", layout="row_major")
        example.make_upsample(scale)(device.tensor(x, "float32", layout="row_major"), out)
        assert np.array_equal(out.to_numpy(), expected)
    out = device.empty((2, 6, 5, 24), "float32", layout="row_major")
    example.repeat_rows(device.tensor(x, "float32", layout="row_major"), out)
    assert np.array_equal(out.to_numpy(), x.repeat(2, axis=1))
