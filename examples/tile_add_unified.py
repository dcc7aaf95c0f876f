"""Multi-core tile-wise add, unified form: one function body; the compiler splits it into a
data-movement kernel (the copies) and a compute kernel (the tile math).

Each of the 2x2 cores adds one 1x2-tile block per row of its share of the tensor.
Run: python examples/tile_add_unified.py  (prints the compiled TTL IR)
"""

import ttlang as ttl

TILE = 32
BLOCK_COLS = 2


@ttl.operation(grid=(2, 2))
def tile_add(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, BLOCK_COLS), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, BLOCK_COLS), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, BLOCK_COLS), block_count=2)

    col, row = ttl.node(dims=2)
    cols, rows = ttl.grid_size(dims=2)
    rows_per_core = a.shape[0] // TILE // rows
    c0 = col * BLOCK_COLS
    for i in range(rows_per_core):
        r = row * rows_per_core + i
        with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
            tx_a = ttl.copy(a[r, c0:c0 + BLOCK_COLS], a_blk)
            tx_b = ttl.copy(b[r, c0:c0 + BLOCK_COLS], b_blk)
            tx_a.wait()
            tx_b.wait()
        with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
            o.store(x + y)
        with out_dfb.wait() as o:
            tx = ttl.copy(o, out[r, c0:c0 + BLOCK_COLS])
            tx.wait()


if __name__ == "__main__":
    shape = (4 * TILE, 4 * TILE)
    compiled = tile_add.compile(ttl.TensorSpec(shape), ttl.TensorSpec(shape), ttl.TensorSpec(shape))
    print(compiled.ir)
    for kernel in compiled.kernels:
        print(f"// kernel {kernel.function}: {kernel.logical_kernel}")
