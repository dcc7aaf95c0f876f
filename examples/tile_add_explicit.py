"""Multi-core tile-wise add, explicit form (tt-lang 1.1 style): one compute thread and two
data-movement threads. The first thread of a kind without kernel= is the canonical kernel of
that kind; the writer, a second unselected data-movement thread, becomes an operation-owned
kernel named `writer`.

Run: python examples/tile_add_explicit.py  (prints the compiled TTL IR)
"""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(2, 2))
def tile_add(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    cols, rows = ttl.grid_size(dims=2)
    tile_rows = a.shape[0] // TILE
    tile_cols = a.shape[1] // TILE
    rows_per_core = tile_rows // rows
    cols_per_core = tile_cols // cols

    @ttl.compute()
    def add():
        for _ in range(rows_per_core * cols_per_core):
            with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
                o.store(x + y)

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        for i in range(rows_per_core):
            for j in range(cols_per_core):
                r = row * rows_per_core + i
                c = col * cols_per_core + j
                with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                    tx_a = ttl.copy(a[r, c], a_blk)
                    tx_b = ttl.copy(b[r, c], b_blk)
                    tx_a.wait()
                    tx_b.wait()

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        for i in range(rows_per_core):
            for j in range(cols_per_core):
                with out_dfb.wait() as o:
                    tx = ttl.copy(o, out[row * rows_per_core + i, col * cols_per_core + j])
                    tx.wait()


if __name__ == "__main__":
    shape = (4 * TILE, 4 * TILE)
    compiled = tile_add.compile(ttl.TensorSpec(shape), ttl.TensorSpec(shape), ttl.TensorSpec(shape))
    print(compiled.ir)
    for kernel in compiled.kernels:
        print(f"// kernel {kernel.function}: {kernel.kind.name} {kernel.logical_kernel.name}")
