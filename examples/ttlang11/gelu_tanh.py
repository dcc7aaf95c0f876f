"""tt-lang 1.1: GELU with the tanh approximation written as block math with Python scalars,
``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x * x * x)))``, on a 2x2 grid.
Module-level constants hold the coefficients; each scalar becomes an SFPU op with its f32 bits.
"""

import math

import ttlang as ttl

TILE = 32
GELU_C = 0.044715
SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@ttl.operation(grid=(2, 2))
def gelu(x_in, y_out):
    grid_x, grid_y = ttl.grid_size(dims=2)
    rows = x_in.shape[0] // TILE // grid_y
    cols = x_in.shape[1] // TILE // grid_x
    x_dfb = ttl.make_dataflow_buffer_like(x_in, shape=(1, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y_out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(rows * cols):
            with x_dfb.wait() as x, y_dfb.reserve() as y:
                inner = SQRT_2_OVER_PI * (x + GELU_C * x * x * x)
                y.store(0.5 * x * (1 + ttl.math.tanh(inner)))

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        for i in range(rows):
            for j in range(cols):
                with x_dfb.reserve() as x:
                    ttl.copy(x_in[row * rows + i, col * cols + j], x).wait()

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        for i in range(rows):
            for j in range(cols):
                with y_dfb.wait() as y:
                    ttl.copy(y, y_out[row * rows + i, col * cols + j]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((128, 128))
    for d in gelu.compile(spec, spec).descriptors:
        print(f"// ===== {d.role.value} {d.core_ranges} =====\n{d.source}")
