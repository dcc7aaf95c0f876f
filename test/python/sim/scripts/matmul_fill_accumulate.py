# tt-lang's matmul tutorial pattern, written for ttlang's tests: each core of a 2 x 2 grid
# computes 1 x 2-tile output blocks, summing K tiles into `acc = ttl.block.fill(0, ...)` with
# `acc += a_blk @ b_blk`; bias and ReLU by ttnn afterwards, torch reference.
import torch
import ttnn

import ttl

TILE = 32


@ttl.operation(grid=(2, 2))
def block_matmul(a, b, y):
    mt, kt, nb = a.shape[0] // TILE, a.shape[1] // TILE, b.shape[1] // TILE // 2
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 2), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 2), block_count=2)

    @ttl.compute()
    def compute():
        x, z = ttl.node(dims=2)
        for _ in range(z, mt, 2):
            for _ in range(x, nb, 2):
                with y_dfb.reserve() as y_blk:
                    acc = ttl.block.fill(0, shape=y_blk.shape)
                    for _ in range(kt):
                        with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                            acc += a_blk @ b_blk
                    y_blk.store(acc)

    @ttl.datamovement()
    def read():
        x, z = ttl.node(dims=2)
        for m in range(z, mt, 2):
            for n in range(x, nb, 2):
                for k in range(kt):
                    with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                        ta = ttl.copy(a[m, k], a_blk)
                        tb = ttl.copy(b[k, 2 * n:2 * n + 2], b_blk)
                        ta.wait()
                        tb.wait()

    @ttl.datamovement()
    def write():
        x, z = ttl.node(dims=2)
        for m in range(z, mt, 2):
            for n in range(x, nb, 2):
                with y_dfb.wait() as y_blk:
                    ttl.copy(y_blk, y[m, 2 * n:2 * n + 2]).wait()


torch.manual_seed(5)
device = ttnn.open_device(device_id=0)
try:
    a = torch.rand((96, 160), dtype=torch.bfloat16) - 0.5
    b = torch.rand((160, 128), dtype=torch.bfloat16) - 0.5
    c = torch.rand((96, 128), dtype=torch.bfloat16) - 0.5
    expected = torch.relu(a.float() @ b.float() + c.float())
    ta, tb, tc = (ttnn.from_torch(t, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device) for t in (a, b, c))
    y = ttnn.empty((96, 128), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    block_matmul(ta, tb, y)
    y = ttnn.to_torch(ttnn.relu(ttnn.add(y, tc)))
    # 5 K tiles in the 16-bit DEST, the pack and the bias add: a few bf16 ulps of |a| @ |b| + |c|.
    scale = a.float().abs() @ b.float().abs() + c.float().abs()
    assert bool(((y.float() - expected).abs() <= 8 * 2 ** -8 * scale).all()), (y.float() - expected).abs().max()
    print("matmul_fill_accumulate: ok")
finally:
    ttnn.close_device(device)
