"""A 3-D element-wise operation with an int parameter: ``out = x * k + y`` on tensors of shape
(batch, rows, cols), each core of a 2x1 grid taking half of the batch.

- ``k`` is an operation parameter (``scale_add(x, y, out, 3)``): a run-time value, passed to the
  kernels as a runtime-argument word, so calls with another ``k`` reuse the compiled program.
- The DFBs have N-D block shapes, ``(2, ROWS, COLS)``: two whole matrices of the batch per block
  (``x[b:b + 2, :, :]``), which is one run of tiles in ttnn's page order.

Run: python examples/elementwise_3d_param.py  (runs on the emulated device and compares with
numpy)
"""

import ttlang as ttl

TILE = 32
PER_BLOCK = 2  # matrices of the batch per block


@ttl.operation(grid=(2, 1))
def scale_add(x, y, out, k):
    batch, height, width = x.shape
    rows, cols = height // TILE, width // TILE
    assert batch % (2 * PER_BLOCK) == 0, f"batch {batch} must split into {2 * PER_BLOCK}s"
    shape = (PER_BLOCK, rows, cols)
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=shape, block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=shape, block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=shape, block_count=2)

    col, _ = ttl.node(dims=2)
    per_core = batch // 2
    for i in range(per_core // PER_BLOCK):
        b = col * per_core + i * PER_BLOCK
        with x_dfb.reserve() as xb, y_dfb.reserve() as yb:
            tx = ttl.copy(x[b:b + PER_BLOCK, :, :], xb)
            ty = ttl.copy(y[b:b + PER_BLOCK, :, :], yb)
            tx.wait()
            ty.wait()
        with x_dfb.wait() as xv, y_dfb.wait() as yv, out_dfb.reserve() as o:
            o.store(xv * k + yv)
        with out_dfb.wait() as o:
            ttl.copy(o, out[b:b + PER_BLOCK, :, :]).wait()


if __name__ == "__main__":
    import numpy as np

    import ttlang.emu as emu

    device = emu.open_device()
    rng = np.random.default_rng(7)
    shape = (8, 64, 96)
    x = rng.uniform(-2, 2, shape).astype(np.float32)
    y = rng.uniform(-2, 2, shape).astype(np.float32)
    out = device.empty(shape)
    for k in (3, 5):  # one compiled program for both
        result = scale_add(device.tensor(x), device.tensor(y), out, k)
        got = out.to_numpy().astype(np.float32)
        err = np.abs(got - (x * k + y)).max()
        print(f"k={k}: max |out - numpy| = {err:.3g} (bfloat16 data), program cached: {result.cache_hit}")
