"""tt-lang 1.1: ``C = A @ B`` on a 4x4 grid with block matmul.

Core (x, y) owns a (rows_per_core x cols_per_core)-tile block of C. For each output block it
reads a full-K row panel of A (``BM x Kt`` tiles) and column panel of B (``Kt x BN`` tiles);
the compute thread stores ``a_blk @ b_blk``, which accumulates over K in the destination
registers.
"""

import ttlang as ttl

TILE = 32
BM = 2  # output block rows (tiles)


@ttl.operation(grid=(4, 4))
def matmul(a, b, c):
    grid_x, grid_y = ttl.grid_size(dims=2)
    m_tiles = a.shape[0] // TILE
    k_tiles = a.shape[1] // TILE
    n_tiles = b.shape[1] // TILE
    rows_per_core = m_tiles // grid_y
    bn = n_tiles // grid_x
    blocks = rows_per_core // BM

    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(BM, k_tiles), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(k_tiles, bn), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(BM, bn), block_count=2)

    @ttl.compute()
    def mm():
        for _ in range(blocks):
            with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, c_dfb.reserve() as c_blk:
                c_blk.store(a_blk @ b_blk)

    @ttl.datamovement()
    def read():
        x, y = ttl.node(dims=2)
        for i in range(blocks):
            r = y * rows_per_core + i * BM
            with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                ta = ttl.copy(a[r : r + BM, 0:k_tiles], a_blk)
                tb = ttl.copy(b[0:k_tiles, x * bn : (x + 1) * bn], b_blk)
                ta.wait()
                tb.wait()

    @ttl.datamovement()
    def write():
        x, y = ttl.node(dims=2)
        for i in range(blocks):
            r = y * rows_per_core + i * BM
            with c_dfb.wait() as c_blk:
                ttl.copy(c_blk, c[r : r + BM, x * bn : (x + 1) * bn]).wait()


if __name__ == "__main__":
    a, b = ttl.TensorSpec((512, 256)), ttl.TensorSpec((256, 256))
    for d in matmul.compile(a, b, ttl.TensorSpec((512, 256))).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
