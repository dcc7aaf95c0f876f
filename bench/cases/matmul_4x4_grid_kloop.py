"""256x256x256 bf16 matmul on a 4x4 grid, accumulating over K in steps, in the style of
tt-lang's matmul tutorials: core (x, y) owns the 2x2-tile block of C at tile (2y, 2x); the reader
streams the 2x1-tile blocks of A and 1x2-tile blocks of B of each of the 8 K steps, and the
compute thread keeps a running sum in an accumulator DFB (zero fill, then ``prev + a @ b`` per
step) before the writer stores it."""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(4, 4))
def matmul(a, b, c):
    grid_x, grid_y = ttl.grid_size(dims=2)
    k_tiles = a.shape[1] // TILE
    bm = a.shape[0] // TILE // grid_y
    bn = b.shape[1] // TILE // grid_x
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(bm, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, bn), block_count=2)
    acc_dfb = ttl.make_dataflow_buffer_like(c, shape=(bm, bn), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(bm, bn), block_count=2)

    @ttl.compute()
    def mm():
        with acc_dfb.reserve() as acc:
            acc.store(ttl.block.fill(0, shape=acc.shape))
        for _ in range(k_tiles):
            with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, acc_dfb.wait() as prev:
                with acc_dfb.reserve() as acc:
                    acc.store(prev + a_blk @ b_blk)
        with acc_dfb.wait() as total, c_dfb.reserve() as c_blk:
            c_blk.store(total)

    @ttl.datamovement()
    def reader():
        x, y = ttl.node(dims=2)
        for k in range(k_tiles):
            with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                ta = ttl.copy(a[y * bm : (y + 1) * bm, k : k + 1], a_blk)
                tb = ttl.copy(b[k : k + 1, x * bn : (x + 1) * bn], b_blk)
                ta.wait()
                tb.wait()

    @ttl.datamovement()
    def writer():
        x, y = ttl.node(dims=2)
        with c_dfb.wait() as c_blk:
            ttl.copy(c_blk, c[y * bm : (y + 1) * bm, x * bn : (x + 1) * bn]).wait()
