"""The upstream 4x4-grid matmul baseline case, in the tt-lang 1.1 explicit style: C = A @ B
with A 256x256 and B 256x256 (8x8 tiles each) on a 4x4 grid. Core (x, y) computes the 2x2-tile
block of C at tile (2y, 2x): it reads the 2x8-tile row panel of A and the 8x2-tile column panel
of B, and the compute thread stores ``a_blk @ b_blk`` (accumulating over K = 8 tiles in DEST)."""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(4, 4))
def matmul(a, b, c):
    grid_x, grid_y = ttl.grid_size(dims=2)
    k_tiles = a.shape[1] // TILE
    bm = a.shape[0] // TILE // grid_y
    bn = b.shape[1] // TILE // grid_x
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(bm, k_tiles), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(k_tiles, bn), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(bm, bn), block_count=2)

    @ttl.compute()
    def mm():
        with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, c_dfb.reserve() as c_blk:
            c_blk.store(a_blk @ b_blk)

    @ttl.datamovement()
    def reader():
        x, y = ttl.node(dims=2)
        with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
            ta = ttl.copy(a[y * bm : (y + 1) * bm, 0:k_tiles], a_blk)
            tb = ttl.copy(b[0:k_tiles, x * bn : (x + 1) * bn], b_blk)
            ta.wait()
            tb.wait()

    @ttl.datamovement()
    def writer():
        x, y = ttl.node(dims=2)
        with c_dfb.wait() as c_blk:
            ttl.copy(c_blk, c[y * bm : (y + 1) * bm, x * bn : (x + 1) * bn]).wait()
