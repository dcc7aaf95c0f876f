"""Row-major tensors on the emulated device, laid out as ttnn lays them out: one page per row
of the last dimension, interleaved over the banks; an operation may take one as an argument."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import ttlang as ttl
import ttlang.emu as emu


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
@pytest.mark.parametrize("shape", [(3, 50), (2, 5, 70), (64,)])
def test_row_major_tensor_is_pages_of_rows(device, rng, dtype, shape):
    values = rng.standard_normal(shape).astype(np.float32)
    t = device.tensor(values, dtype, layout="row_major")
    storage = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.float32
    assert t.page_size == shape[-1] * np.dtype(storage).itemsize
    assert t.pages == int(np.prod(shape[:-1]))
    # The buffer holds the rows one after another, unpadded (page p is row p).
    raw = np.empty(t.pages * t.page_size, dtype=np.uint8)
    device._native.read("dram", t.buffer_address(), raw)
    np.testing.assert_array_equal(raw.view(storage).reshape(shape), values.astype(storage))
    np.testing.assert_array_equal(t.to_numpy(), values.astype(storage))
    assert t.ttlang_tensor_spec.layout == "row_major"


def test_sharded_row_major_tensors_are_not_emulated(device):
    spec = ttl.ShardSpec((((0, 0), (1, 0)),), (32, 64))
    with pytest.raises(emu.NotEmulatedError, match="sharded row-major"):
        device.empty((64, 64), memory_config=emu.MemoryConfig("l1", "height_sharded", spec),
                     layout="row_major")


@ttl.operation(grid=(1, 1))
def ones_like_rows(t, out):
    """Writes ones into every tile row of ``out`` that ``t`` has rows for: ``t`` (row-major)
    only lends its shape."""
    dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(t.shape[0] // 32):
        with dfb.reserve() as blk:
            blk.store(ttl.block.fill(1.0, shape=(1, 1), dtype=blk.dtype))
        with dfb.wait() as blk:
            ttl.copy(blk, out[r, 0]).wait()


def test_an_operation_takes_a_row_major_argument(device, rng):
    t = device.tensor(rng.standard_normal((64, 32)).astype(np.float32), layout="row_major")
    out = device.tensor(np.zeros((96, 32), np.float32), "bfloat16")
    assert ones_like_rows(t, out).emulated
    expected = np.zeros((96, 32), np.float32)
    expected[:64] = 1
    np.testing.assert_array_equal(out.to_numpy().astype(np.float32), expected)
