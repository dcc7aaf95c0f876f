"""tt-lang 1.1: ``abs(a - b)`` with tile columns split by ceiling division over a 3x1 grid:
core x takes columns ``[x * per_core, min((x + 1) * per_core, cols))``, so the last core gets
fewer. Shapes are checked with ``assert`` at compile time.
"""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(3, 1))
def abs_diff(a, b, out):
    assert a.shape == b.shape == out.shape, "a, b and out must have one shape"
    assert a.shape[0] % TILE == 0 and a.shape[1] % TILE == 0
    rows, cols = a.shape[0] // TILE, a.shape[1] // TILE
    grid_x, _ = ttl.grid_size(dims=2)
    per_core = (cols + grid_x - 1) // grid_x

    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        x, _ = ttl.node(dims=2)
        first = x * per_core
        last = min(first + per_core, cols)
        for _ in range(rows):
            for _ in range(first, last):
                with a_dfb.wait() as av, b_dfb.wait() as bv, o_dfb.reserve() as ov:
                    ov.store(ttl.math.abs(av - bv))

    @ttl.datamovement()
    def reader():
        x, _ = ttl.node(dims=2)
        first = x * per_core
        for r in range(rows):
            for c in range(first, min(first + per_core, cols)):
                with a_dfb.reserve() as av, b_dfb.reserve() as bv:
                    ta = ttl.copy(a[r, c], av)
                    tb = ttl.copy(b[r, c], bv)
                    ta.wait()
                    tb.wait()

    @ttl.datamovement()
    def writer():
        x, _ = ttl.node(dims=2)
        first = x * per_core
        for r in range(rows):
            for c in range(first, min(first + per_core, cols)):
                with o_dfb.wait() as ov:
                    ttl.copy(ov, out[r, c]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((64, 8 * TILE))  # 8 tile columns over 3 cores: 3 + 3 + 2
    for d in abs_diff.compile(spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
