"""tt-lang 1.1: several items in one ``with`` (acquired left to right, released in reverse),
in a unified operation (no explicit threads): ``out = a * b + c`` and ``out2 = a / b`` on a 2x1
grid, every block acquired in one statement.
"""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(2, 1))
def fma_div(a, b, c, out, out2):
    col, _ = ttl.node(dims=2)
    cols, _ = ttl.grid_size(dims=2)
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    q_dfb = ttl.make_dataflow_buffer_like(out2, shape=(1, 1), block_count=2)
    per_core = a.shape[1] // TILE // cols
    for r in range(a.shape[0] // TILE):
        for k in range(per_core):
            t = col * per_core + k
            with a_dfb.reserve() as x, b_dfb.reserve() as y, c_dfb.reserve() as z:
                tx, ty, tz = ttl.copy(a[r, t], x), ttl.copy(b[r, t], y), ttl.copy(c[r, t], z)
                tx.wait()
                ty.wait()
                tz.wait()
            with a_dfb.wait() as x, b_dfb.wait() as y, c_dfb.wait() as z, o_dfb.reserve() as o, q_dfb.reserve() as q:
                o.store(x * y + z)
                q.store(x / y)
            with o_dfb.wait() as o, q_dfb.wait() as q:
                to = ttl.copy(o, out[r, t])
                tq = ttl.copy(q, out2[r, t])
                to.wait()
                tq.wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((64, 128))
    for d in fma_div.compile(spec, spec, spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
