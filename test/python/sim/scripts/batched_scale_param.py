# A tt-lang script (written for ttlang's tests) with the constructs of tt-lang 1.1.x that a 3-D
# element-wise operation uses: a tensor of rank 3 (its leading dimension a batch), N-D DFB
# shapes (a block of two whole matrices), an int and a float parameter (op(x, y, k, s)), and a
# ttl.block.fill without dtype= meeting f32 blocks. Run: ttlang-sim batched_scale_param.py
import torch
import ttnn

import ttl


@ttl.operation(grid=(1, 1))
def batched_scale(x, y, k, s):
    batch, height, width = x.shape
    shape = (2, height // ttl.TILE_SHAPE[0], width // ttl.TILE_SHAPE[1])
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=shape, block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=shape, block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(batch // 2):
            with x_dfb.wait() as xb, y_dfb.reserve() as yb:
                yb.store(xb * k + s + ttl.block.fill(0.25, shape=shape))

    @ttl.datamovement()
    def read():
        for b in range(0, batch, 2):
            with x_dfb.reserve() as xb:
                ttl.copy(x[b:b + 2, :, :], xb).wait()

    @ttl.datamovement()
    def write():
        for b in range(0, batch, 2):
            with y_dfb.wait() as yb:
                ttl.copy(yb, y[b:b + 2, :, :]).wait()


torch.manual_seed(11)
device = ttnn.open_device(device_id=0)
try:
    shape = (4, 64, 96)
    x = torch.rand(shape, dtype=torch.float32) * 2 - 1
    to_device = dict(dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    for k, s in ((3, 0.5), (-2, 1.5)):
        y = ttnn.empty(shape, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
        batched_scale(ttnn.from_torch(x, **to_device), y, k, s)
        got = ttnn.to_torch(y)
        expected = x * k + s + 0.25
        assert tuple(got.shape) == shape
        # f32 math in fp32 DEST: a few f32 roundings.
        assert torch.allclose(got, expected, rtol=1e-6, atol=1e-6), (got - expected).abs().max()
    print("batched_scale_param: ok")
finally:
    ttnn.close_device(device)
