# A 3-D element-wise script in the style of tt-lang's eltwise_add_3d example, written for
# ttlang's tests: z = x * y over (batch, rows, cols) tensors on a 2 x 2 grid with 3-D blocks of
# two matrices x one tile row x one tile column. Each core takes the tile rows and columns of
# its coordinates, so a block holds the same tile of two consecutive matrices: a slice
# t[b0:b1, r0:r1, c0:c1] with run-time row bounds that is not one run of tiles. bf16 torch
# inputs and a torch reference.
import torch
import ttnn

import ttl

BATCH_BLOCK = 2


@ttl.operation(grid=(2, 2))
def batched_product(x, y, z):
    batches = x.shape[0] // BATCH_BLOCK
    tile_rows = x.shape[1] // ttl.TILE_SHAPE[0]
    tile_cols = x.shape[2] // ttl.TILE_SHAPE[1]
    cols, rows = ttl.grid_size(dims=2)
    shape = (BATCH_BLOCK, 1, 1)
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=shape, block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=shape, block_count=2)
    z_dfb = ttl.make_dataflow_buffer_like(z, shape=shape, block_count=2)

    @ttl.compute()
    def multiply():
        col, row = ttl.node(dims=2)
        for _ in range(batches):
            for _ in range(row, tile_rows, rows):
                for _ in range(col, tile_cols, cols):
                    with x_dfb.wait() as xb, y_dfb.wait() as yb, z_dfb.reserve() as zb:
                        zb.store(xb * yb)

    @ttl.datamovement()
    def read():
        col, row = ttl.node(dims=2)
        for b in range(batches):
            b0, b1 = b * BATCH_BLOCK, (b + 1) * BATCH_BLOCK
            for r in range(row, tile_rows, rows):
                for c in range(col, tile_cols, cols):
                    with x_dfb.reserve() as xb, y_dfb.reserve() as yb:
                        tx = ttl.copy(x[b0:b1, r:r + 1, c:c + 1], xb)
                        ty = ttl.copy(y[b0:b1, r:r + 1, c:c + 1], yb)
                        tx.wait()
                        ty.wait()

    @ttl.datamovement()
    def write():
        col, row = ttl.node(dims=2)
        for b in range(batches):
            b0, b1 = b * BATCH_BLOCK, (b + 1) * BATCH_BLOCK
            for r in range(row, tile_rows, rows):
                for c in range(col, tile_cols, cols):
                    with z_dfb.wait() as zb:
                        ttl.copy(zb, z[b0:b1, r:r + 1, c:c + 1]).wait()


torch.manual_seed(11)
x = torch.rand((4, 96, 128), dtype=torch.bfloat16)
y = torch.rand((4, 96, 128), dtype=torch.bfloat16)
device = ttnn.open_device(device_id=0)
try:
    def put(t):
        return ttnn.from_torch(t, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)

    z = put(torch.zeros_like(x))
    batched_product(put(x), put(y), z)
    got = ttnn.to_torch(z).float()
    expected = (x.float() * y.float()).bfloat16().float()  # one product, rounded to bf16
    assert torch.allclose(got, expected, rtol=2 ** -7, atol=0), (got - expected).abs().max()
    print("batched_row_split: ok")
finally:
    ttnn.close_device(device)
