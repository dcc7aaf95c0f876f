"""tt-lang 1.1: a fused element-wise chain ``exp(a) * b + c`` on a 4x1 grid.

Core ``x`` processes tile columns ``x, x + grid_x, x + 2 * grid_x, ...`` (a strided split),
one tile per block; the compute thread evaluates the whole expression per tile on the SFPU.
"""

import ttlang as ttl

TILE_SIZE = 32


@ttl.operation(grid=(4, 1))
def exp_mul_add(a, b, c, out):
    grid_x, _ = ttl.grid_size(dims=2)
    tile_rows = a.shape[0] // TILE_SIZE
    tile_cols = a.shape[1] // TILE_SIZE
    cols_per_core = tile_cols // grid_x

    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(tile_rows * cols_per_core):
            with a_dfb.wait() as av, b_dfb.wait() as bv, c_dfb.wait() as cv:
                with out_dfb.reserve() as o:
                    o.store(ttl.math.exp(av) * bv + cv)

    @ttl.datamovement()
    def reader():
        x, _ = ttl.node(dims=2)
        for r in range(tile_rows):
            for k in range(cols_per_core):
                col = x + k * grid_x
                with a_dfb.reserve() as ab, b_dfb.reserve() as bb, c_dfb.reserve() as cb:
                    ta = ttl.copy(a[r, col], ab)
                    tb = ttl.copy(b[r, col], bb)
                    tc = ttl.copy(c[r, col], cb)
                    ta.wait()
                    tb.wait()
                    tc.wait()

    @ttl.datamovement()
    def writer():
        x, _ = ttl.node(dims=2)
        for r in range(tile_rows):
            for k in range(cols_per_core):
                with out_dfb.wait() as o:
                    ttl.copy(o, out[r, x + k * grid_x]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((64, 256))
    for d in exp_mul_add.compile(spec, spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
