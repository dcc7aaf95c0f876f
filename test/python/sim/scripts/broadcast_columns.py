# A broadcast in the style of tt-lang's broadcast tutorial, written for ttlang's tests: each
# row of x scaled by the first column of s (a one-tile-wide tensor) and shifted by row 0 of t
# (a one-tile-high tensor); ttnn.subtract afterwards; float32 inputs given as numpy arrays.
import sys

import numpy as np
import ttnn

import ttl

TILE = 32


@ttl.operation(grid=(1, 1))
def scale_shift(x, s, t, y):
    rows, cols = x.shape[0] // TILE, x.shape[1] // TILE
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 2), block_count=2)
    s_dfb = ttl.make_dataflow_buffer_like(s, shape=(1, 1), block_count=2)
    t_dfb = ttl.make_dataflow_buffer_like(t, shape=(1, 2), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 2), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(rows):
            for _ in range(cols // 2):
                with x_dfb.wait() as xb, s_dfb.wait() as sb, t_dfb.wait() as tb, y_dfb.reserve() as yb:
                    yb.store(xb * ttl.block.broadcast(sb, dims=[1], shape=(1, 2))
                             + ttl.block.broadcast(tb, dims=[0], shape=(1, 2)))

    @ttl.datamovement()
    def read():
        for r in range(rows):
            for c in range(cols // 2):
                with x_dfb.reserve() as xb, s_dfb.reserve() as sb, t_dfb.reserve() as tb:
                    tx = ttl.copy(x[r, 2 * c:2 * c + 2], xb)
                    ts = ttl.copy(s[r, 0], sb)
                    tt = ttl.copy(t[0, 2 * c:2 * c + 2], tb)
                    tx.wait()
                    ts.wait()
                    tt.wait()

    @ttl.datamovement()
    def write():
        for r in range(rows):
            for c in range(cols // 2):
                with y_dfb.wait() as yb:
                    ttl.copy(yb, y[r, 2 * c:2 * c + 2]).wait()


rows = int(sys.argv[1]) if len(sys.argv) > 1 else 64  # script arguments reach the script
rng = np.random.default_rng(9)
x = rng.uniform(-1, 1, (rows, 128)).astype(np.float32)
s = rng.uniform(-1, 1, (rows, 32)).astype(np.float32)
t = rng.uniform(-1, 1, (32, 128)).astype(np.float32)
device = ttnn.open_device(device_id=0)
try:
    def put(array):
        return ttnn.from_torch(array, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)

    y = ttnn.empty((rows, 128), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    scale_shift(put(x), put(s), put(t), y)
    y = ttnn.to_torch(ttnn.subtract(y, put(t[0:1].repeat(rows, 0))))
    got = np.asarray(y.numpy() if hasattr(y, "numpy") else y, dtype=np.float64)
    expected = x.astype(np.float64) * s[:, 0:1]
    # f32 blocks: the FPU multiplies TF32 operands, the sum and the subtraction round in f32.
    assert np.all(np.abs(got - expected) <= 2 ** -9 * (np.abs(expected) + 2)), np.max(np.abs(got - expected))
    print(f"broadcast_columns {rows}: ok")
finally:
    ttnn.close_device(device)
