"""Block-by-scalar math compiled by ttlang computes what it says on the emulated device, whose
scalar operations are the kernel API's (div_unary_tile multiplies by its parameter)."""

from __future__ import annotations

import numpy as np
import pytest

from numerics import BF16, assert_bits_equal, f32, truncate_bf16
from program_files import load_module

PROGRAM = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def scale(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(x.shape[0] // 32):
        with x_dfb.reserve() as blk:
            ttl.copy(x[r, 0], blk).wait()
        with x_dfb.wait() as v, o_dfb.reserve() as o:
            o.store(v {op} {scalar})
        with o_dfb.wait() as o:
            ttl.copy(o, out[r, 0]).wait()
"""


@pytest.mark.parametrize(
    "op, scalar, reference",
    [
        # x / s is x * (1/s) with 1/s rounded to f32 on the host; the SFPU product truncates
        # into the 16-bit DEST (ckernel_sfpu_binop_with_unary.h).
        ("/", 10.0, lambda x: truncate_bf16(f32(x) * np.float32(1 / np.float32(10.0)))),
        ("*", 3.0, lambda x: truncate_bf16(f32(x) * np.float32(3.0))),
        ("+", 0.5, lambda x: truncate_bf16(f32(x) + np.float32(0.5))),
        ("-", 0.25, lambda x: truncate_bf16(f32(x) - np.float32(0.25))),
    ],
    ids=["divide", "multiply", "add", "subtract"],
)
def test_block_scalar_math(device, rng, tmp_path, op, scalar, reference):
    path = tmp_path / f"scale_{op.replace('/', 'div').replace('*', 'mul').replace('+', 'add').replace('-', 'sub')}.py"
    path.write_text(PROGRAM.format(op=op, scalar=scalar))
    scale = load_module(path).scale
    x = rng.uniform(-4, 4, (64, 32)).astype(np.float32).astype(BF16)
    out = device.empty((64, 32))
    scale(device.tensor(x), out)
    assert_bits_equal(out.to_numpy(), reference(x))
