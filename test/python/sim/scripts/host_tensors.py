# Host tensors around a tt-lang operation, as tt-lang-sim runs them: ttnn.rand / ttnn.from_torch
# without device= (numpy input here), the operation called on them (ttlang-sim runs it on its
# device and writes the results back into the host tensor), ttnn ops on host tensors after.
import numpy as np
import ttnn

import ttl

TILE = 32


@ttl.operation(grid=(1, 1))
def scale_and_exp(x, y):
    rows, cols = x.shape[0] // TILE, x.shape[1] // TILE
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(rows * cols):
            with x_dfb.wait() as xb, y_dfb.reserve() as yb:
                yb.store(ttl.math.exp(xb * 0.5))

    @ttl.datamovement()
    def read():
        for r in range(rows):
            for c in range(cols):
                with x_dfb.reserve() as xb:
                    ttl.copy(x[r, c], xb).wait()

    @ttl.datamovement()
    def write():
        for r in range(rows):
            for c in range(cols):
                with y_dfb.wait() as yb:
                    ttl.copy(yb, y[r, c]).wait()


x = ttnn.rand((64, 96), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, low=-2.0, high=2.0, seed=11)
y = ttnn.from_torch(np.zeros((64, 96), dtype=np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
assert not ttnn.is_tensor_storage_on_device(x) and not ttnn.is_tensor_storage_on_device(y)
scale_and_exp(x, y)
values = ttnn.to_torch(x).float().numpy()
got = ttnn.to_torch(y).float().numpy()
expected = np.exp(values.astype(np.float64) * 0.5)
assert np.all(np.abs(got - expected) <= 2 ** -6 * expected), np.max(np.abs(got - expected) / expected)
# A library op on host tensors stays on the host.
doubled = ttnn.add(y, y)
assert not ttnn.is_tensor_storage_on_device(doubled)
assert np.array_equal(ttnn.to_torch(doubled).float().numpy(), 2 * got)
print("host_tensors: ok")
