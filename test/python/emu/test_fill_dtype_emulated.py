"""A ``ttl.block.fill`` without ``dtype=`` added to f32 blocks is an f32 fill on the emulated
device (its value not rounded to bfloat16 first), in both tt-lang spellings, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

from shape_programs import one_store_op


@pytest.mark.parametrize("expr", [
    "v + ttl.block.fill(0.1, shape=(1, 2))",       # tt-lang 1.1.6
    "v + ttl.math.fill(v, 0.1)",                   # tt-lang 1.1.1
], ids=["block_fill", "math_fill"])
def test_f32_fill(device, rng, tmp_path, expr):
    op = one_store_op(tmp_path, expr, (1, 2), (1, 2))
    x = rng.uniform(-1, 1, (32, 64)).astype(np.float32)
    out = device.empty((32, 64), dtype="float32")
    op(device.tensor(x, dtype="float32"), out)
    # An f32 add of f32 operands (fp32 DEST): within an f32 rounding of numpy's; a bf16 fill
    # (0.10009765625) would be off by about 1e-4.
    np.testing.assert_allclose(out.to_numpy(), x + np.float32(0.1), rtol=0, atol=2e-7)


def test_f32_fill_stored(device, tmp_path):
    from test_fill_dtype import stored_fill_op

    out = device.empty((32, 64), dtype="float32")
    stored_fill_op(tmp_path)(out)
    assert (out.to_numpy() == np.float32(0.1)).all()
