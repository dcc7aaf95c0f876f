"""tt-lang 1.1: module-level constants and ``t.shape``-derived loop bounds, with an uneven split
of tile rows over the cores: the first ``extra`` cores take one row more (an ``if`` on the core
coordinate in every thread). Element-wise ``relu(a) - b``, 1x2-tile blocks.
"""

import ttlang as ttl

TILE = 32
BLOCK = (1, 2)
BUFFERING = 2
GRID = (3, 1)


@ttl.operation(grid=GRID)
def relu_sub(a, b, out):
    tile_rows = a.shape[0] // TILE
    blocks_per_row = a.shape[1] // TILE // BLOCK[1]
    cores = ttl.grid_size(dims=1)
    base_rows = tile_rows // cores
    extra = tile_rows % cores

    a_dfb = ttl.make_dataflow_buffer_like(a, shape=BLOCK, block_count=BUFFERING)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=BLOCK, block_count=BUFFERING)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=BLOCK, block_count=BUFFERING)

    @ttl.compute()
    def compute():
        core = ttl.node(dims=1)
        count = base_rows
        if core < extra:
            count += 1
        for _ in range(count * blocks_per_row):
            with a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as o:
                o.store(ttl.math.relu(x) - y)

    @ttl.datamovement()
    def reader():
        core = ttl.node(dims=1)
        count = base_rows
        start = core * base_rows
        if core < extra:
            count += 1
            start += core
        else:
            start += extra
        for i in range(count):
            for j in range(blocks_per_row):
                c = j * BLOCK[1]
                with a_dfb.reserve() as x, b_dfb.reserve() as y:
                    tx = ttl.copy(a[start + i, c : c + BLOCK[1]], x)
                    ty = ttl.copy(b[start + i, c : c + BLOCK[1]], y)
                    tx.wait()
                    ty.wait()

    @ttl.datamovement()
    def writer():
        core = ttl.node(dims=1)
        count = base_rows
        start = core * base_rows
        if core < extra:
            count += 1
            start += core
        else:
            start += extra
        for i in range(count):
            for j in range(blocks_per_row):
                with o_dfb.wait() as o:
                    ttl.copy(o, out[start + i, j * BLOCK[1] : (j + 1) * BLOCK[1]]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((7 * TILE, 4 * TILE))  # 7 tile rows over 3 cores: 3 + 2 + 2
    for d in relu_sub.compile(spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
