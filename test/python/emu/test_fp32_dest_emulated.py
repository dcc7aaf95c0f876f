"""`ttl.operation(fp32_dest_acc_en=...)` computes what it says on the emulated device: f32 math
keeps f32 precision with it on, and bfloat16 precision (a 16-bit DEST) with it off."""

from __future__ import annotations

import numpy as np
import pytest

from numerics import assert_bits_equal, bf16, f32
from program_files import load_module

PROGRAM = """
import ttlang as ttl


@ttl.operation(grid=(1, 1), fp32_dest_acc_en={fp32})
def double_exp(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with d.reserve() as x:
        ttl.copy(a[0, 0], x).wait()
    with d.wait() as x, o.reserve() as y:
        y.store(ttl.math.exp(x) * 2.0)
    with o.wait() as y:
        ttl.copy(y, out[0, 0]).wait()
"""


@pytest.mark.parametrize("fp32", [True, False])
def test_fp32_dest_acc_en_sets_the_precision_of_f32_math(device, rng, tmp_path, fp32):
    path = tmp_path / f"double_exp_{fp32}.py"
    path.write_text(PROGRAM.format(fp32=fp32))
    op = load_module(path).double_exp
    x = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
    out = device.empty((32, 32), dtype="float32")
    op(device.tensor(x), out)
    got = out.to_numpy().astype(np.float64)
    reference = 2 * np.exp(x.astype(np.float64))
    if fp32:
        # f32 DEST, copy-only DFB unpacked to DEST: within a few f32 ulps.
        np.testing.assert_allclose(got, reference, rtol=2**-20)
    else:
        # 16-bit DEST: every value in it is a bfloat16, so the f32 result is one too.
        assert_bits_equal(out.to_numpy(), f32(bf16(out.to_numpy())))
        np.testing.assert_allclose(got, reference, rtol=2**-6)
        assert np.max(np.abs(got / reference - 1)) > 2**-12  # visibly coarser than f32
