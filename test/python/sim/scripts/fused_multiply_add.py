# A tt-lang script in the style of tt-lang's elementwise tutorial (written for ttlang's tests):
# y = (a * b + c) * d with a * b + c fused in a tt-lang operation on a 2 x 2 grid, the last
# multiply left to ttnn, torch inputs and a torch reference. Run: ttlang-sim fused_multiply_add.py
import torch
import ttnn

import ttl


@ttl.operation(grid=(2, 2))
def fused_multiply_add(a, b, c, y):
    rows, cols = a.shape[0] // ttl.TILE_SHAPE[0], a.shape[1] // ttl.TILE_SHAPE[1]
    assert cols % 2 == 0, f"{cols} tile columns: the blocks are 2 tiles wide"
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 2), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(1, 2), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 2), block_count=2)

    @ttl.compute()
    def compute():
        x, z = ttl.node(dims=2)
        for _ in range(z, rows, 2):
            for _ in range(x, cols // 2, 2):
                with a_dfb.wait() as ab, b_dfb.wait() as bb, c_dfb.wait() as cb, y_dfb.reserve() as yb:
                    yb.store(ab * bb + cb)

    @ttl.datamovement()
    def read():
        x, z = ttl.node(dims=2)
        for r in range(z, rows, 2):
            for k in range(x, cols // 2, 2):
                with a_dfb.reserve() as ab, b_dfb.reserve() as bb, c_dfb.reserve() as cb:
                    ta = ttl.copy(a[r, 2 * k:2 * k + 2], ab)
                    tb = ttl.copy(b[r, 2 * k:2 * k + 2], bb)
                    tc = ttl.copy(c[r, 2 * k:2 * k + 2], cb)
                    ta.wait()
                    tb.wait()
                    tc.wait()

    @ttl.datamovement()
    def write():
        x, z = ttl.node(dims=2)
        for r in range(z, rows, 2):
            for k in range(x, cols // 2, 2):
                with y_dfb.wait() as yb:
                    ttl.copy(yb, y[r, 2 * k:2 * k + 2]).wait()


def on_device(tensor, device):
    return ttnn.from_torch(tensor, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                           memory_config=ttnn.DRAM_MEMORY_CONFIG)


torch.manual_seed(7)
device = ttnn.open_device(device_id=0)
try:
    shape = (128, 256)
    a, b, c, d = (torch.rand(shape, dtype=torch.bfloat16) for _ in range(4))
    expected = (a.float() * b.float() + c.float()) * d.float()
    y = ttnn.empty(shape, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    fused_multiply_add(on_device(a, device), on_device(b, device), on_device(c, device), y)
    y = ttnn.to_torch(ttnn.multiply(y, on_device(d, device)))
    assert y.dtype == torch.bfloat16 and tuple(y.shape) == shape
    # Two bf16 roundings in the operation (product, sum) and one in ttnn.multiply: well within
    # 2 % of values below 2.
    assert torch.allclose(y.float(), expected, rtol=2e-2, atol=2e-2), (y.float() - expected).abs().max()
    print("fused_multiply_add: ok")
finally:
    ttnn.close_device(device)
