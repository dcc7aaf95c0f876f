"""tt-lang 1.1: element-wise add on a 2x2 grid with reader / compute / writer threads.

Each core owns a rectangle of the tile grid (rows and columns split evenly over the grid) and
moves it in blocks of 1x2 tiles through tile-index slices ``t[r:r+1, c:c+2]``.
The only change from the tt-lang 1.1 source is ``import ttlang as ttl``.
"""

import ttlang as ttl

TILE_SIZE = 32


@ttl.operation(grid=(2, 2))
def eltwise_add(a_in, b_in, out):
    block_rows, block_cols = 1, 2
    grid_x, grid_y = ttl.grid_size(dims=2)
    rows = a_in.shape[0] // TILE_SIZE
    cols = a_in.shape[1] // TILE_SIZE
    rows_per_core = rows // grid_y
    cols_per_core = cols // grid_x
    blocks_per_row = cols_per_core // block_cols

    a_dfb = ttl.make_dataflow_buffer_like(a_in, shape=(block_rows, block_cols), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b_in, shape=(block_rows, block_cols), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(block_rows, block_cols), block_count=2)

    @ttl.compute()
    def compute_fn():
        for _ in range(rows_per_core):
            for _ in range(blocks_per_row):
                with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, out_dfb.reserve() as out_blk:
                    out_blk.store(a_blk + b_blk)

    @ttl.datamovement()
    def dm_read():
        x, y = ttl.node(dims=2)
        for i in range(rows_per_core):
            r = y * rows_per_core + i
            for j in range(blocks_per_row):
                c = x * cols_per_core + j * block_cols
                with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                    tx_a = ttl.copy(a_in[r : r + block_rows, c : c + block_cols], a_blk)
                    tx_b = ttl.copy(b_in[r : r + block_rows, c : c + block_cols], b_blk)
                    tx_a.wait()
                    tx_b.wait()

    @ttl.datamovement()
    def dm_write():
        x, y = ttl.node(dims=2)
        for i in range(rows_per_core):
            r = y * rows_per_core + i
            for j in range(blocks_per_row):
                c = x * cols_per_core + j * block_cols
                with out_dfb.wait() as out_blk:
                    tx = ttl.copy(out_blk, out[r : r + block_rows, c : c + block_cols])
                    tx.wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((256, 256))
    for d in eltwise_add.compile(spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
