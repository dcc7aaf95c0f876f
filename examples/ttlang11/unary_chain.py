"""tt-lang 1.1: a chain of SFPU functions, ``sigmoid(tanh(sqrt(abs(x))) - rsqrt(relu(x)))``,
plus ``log`` / ``recip`` / ``sin`` / ``cos`` / ``-x``, on a 2x2 grid of 2x1-tile blocks.
"""

import ttlang as ttl

TILE_SIZE = 32


@ttl.operation(grid=(2, 2))
def unary_chain(x_in, y_out, z_out):
    grid_x, grid_y = ttl.grid_size(dims=2)
    block_rows = 2
    rows_per_core = x_in.shape[0] // TILE_SIZE // grid_y
    cols_per_core = x_in.shape[1] // TILE_SIZE // grid_x
    x_dfb = ttl.make_dataflow_buffer_like(x_in, shape=(block_rows, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y_out, shape=(block_rows, 1), block_count=2)
    z_dfb = ttl.make_dataflow_buffer_like(z_out, shape=(block_rows, 1), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(rows_per_core // block_rows * cols_per_core):
            with x_dfb.wait() as x, y_dfb.reserve() as y:
                y.store(
                    ttl.math.sigmoid(
                        ttl.math.tanh(ttl.math.sqrt(ttl.math.abs(x)))
                        - ttl.math.rsqrt(ttl.math.relu(x))
                    )
                )
                with z_dfb.reserve() as z:
                    z.store(
                        ttl.math.log(ttl.math.recip(ttl.math.abs(x)))
                        + ttl.math.sin(x) * ttl.math.cos(-x)
                    )

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        for i in range(rows_per_core // block_rows):
            r = row * rows_per_core + i * block_rows
            for j in range(cols_per_core):
                with x_dfb.reserve() as x:
                    ttl.copy(x_in[r : r + block_rows, col * cols_per_core + j], x).wait()

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        for i in range(rows_per_core // block_rows):
            r = row * rows_per_core + i * block_rows
            for j in range(cols_per_core):
                c = col * cols_per_core + j
                with y_dfb.wait() as y, z_dfb.wait() as z:
                    ty = ttl.copy(y, y_out[r : r + block_rows, c : c + 1])
                    tz = ttl.copy(z, z_out[r : r + block_rows, c : c + 1])
                    ty.wait()
                    tz.wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((256, 128))
    for d in unary_chain.compile(spec, spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
