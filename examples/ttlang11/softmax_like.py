"""tt-lang 1.1: the element-wise part of a numerically stable softmax,
``exp(x - row_max) * recip(row_sum)``, with the row statistics given as full tensors (the
reductions themselves need ``reduce_tile`` / broadcasts, which ttlang does not support yet; see
README.md). Rows of tiles are split over an 8x1 grid; each block is one row of 4 tiles.
"""

import ttlang as ttl

TILE = 32
BLOCK_COLS = 4


@ttl.operation(grid=(8, 1))
def softmax_tail(x, row_max, row_sum, out):
    cores = ttl.grid_size(dims=1)
    tile_rows = x.shape[0] // TILE
    blocks_per_row = x.shape[1] // TILE // BLOCK_COLS
    rows_per_core = tile_rows // cores

    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, BLOCK_COLS), block_count=2)
    m_dfb = ttl.make_dataflow_buffer_like(row_max, shape=(1, BLOCK_COLS), block_count=2)
    s_dfb = ttl.make_dataflow_buffer_like(row_sum, shape=(1, BLOCK_COLS), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, BLOCK_COLS), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(rows_per_core * blocks_per_row):
            with x_dfb.wait() as xb, m_dfb.wait() as mb, s_dfb.wait() as sb, o_dfb.reserve() as ob:
                ob.store(ttl.math.exp(xb - mb) * ttl.math.recip(sb))

    @ttl.datamovement()
    def reader():
        core = ttl.node(dims=1)
        for i in range(rows_per_core):
            r = core * rows_per_core + i
            for j in range(blocks_per_row):
                c = j * BLOCK_COLS
                with x_dfb.reserve() as xb, m_dfb.reserve() as mb, s_dfb.reserve() as sb:
                    t0 = ttl.copy(x[r, c : c + BLOCK_COLS], xb)
                    t1 = ttl.copy(row_max[r, c : c + BLOCK_COLS], mb)
                    t2 = ttl.copy(row_sum[r, c : c + BLOCK_COLS], sb)
                    t0.wait()
                    t1.wait()
                    t2.wait()

    @ttl.datamovement()
    def writer():
        core = ttl.node(dims=1)
        for i in range(rows_per_core):
            for j in range(blocks_per_row):
                with o_dfb.wait() as ob:
                    c = j * BLOCK_COLS
                    ttl.copy(ob, out[core * rows_per_core + i, c : c + BLOCK_COLS]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((256, 256))
    for d in softmax_tail.compile(spec, spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
