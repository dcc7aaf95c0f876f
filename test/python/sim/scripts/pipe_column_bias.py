# A pipe program in the style of tt-lang's eltwise pipe examples, written for ttlang's tests:
# y = x * w + (row 0 of a bias tile) on the first cores of grid column 0. Core (0, 0) reads the
# bias tile once and multicasts it down the column to cores (0, 1) .. (0, 3); each active core
# takes the tile column ttl.node(dims=1) names, which is tt-lang's linear order (col * rows +
# row: the cores of column 0 are 0, 1, 2, 3). Float32 host tensors from ttnn.rand.
import math

import torch
import ttnn

import ttl

BIAS_NET = ttl.PipeNet([ttl.Pipe((0, 0), (0, slice(1, 4)))])
ROWS_PER_BLOCK = 2


@ttl.operation(grid="auto")
def column_bias(x, w, bias, y):
    tile_rows = x.shape[0] // ttl.TILE_SHAPE[0]
    tile_cols = x.shape[1] // ttl.TILE_SHAPE[1]
    assert tile_rows % ROWS_PER_BLOCK == 0, f"{tile_rows} tile rows"
    per_core = math.ceil(tile_cols / ttl.grid_size(dims=1))
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(ROWS_PER_BLOCK, 1), block_count=2)
    w_dfb = ttl.make_dataflow_buffer_like(w, shape=(ROWS_PER_BLOCK, 1), block_count=2)
    bias_dfb = ttl.make_dataflow_buffer_like(bias, shape=(1, 1), block_count=1)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(ROWS_PER_BLOCK, 1), block_count=2)

    @ttl.compute()
    def compute():
        if not BIAS_NET.is_active():
            return
        first = ttl.node(dims=1) * per_core
        with bias_dfb.wait() as b:
            for _ in range(first, min(first + per_core, tile_cols)):
                for _ in range(tile_rows // ROWS_PER_BLOCK):
                    with x_dfb.wait() as xb, w_dfb.wait() as wb, y_dfb.reserve() as yb:
                        shifted = ttl.block.broadcast(b, dims=[0], shape=(ROWS_PER_BLOCK, 1))
                        yb.store(xb * wb + shifted)

    @ttl.datamovement()
    def read():
        if not BIAS_NET.is_active():
            return
        with bias_dfb.reserve() as b:

            def send(pipe):
                ttl.copy(bias[0, 0], b).wait()
                ttl.copy(b, pipe).wait()

            def receive(pipe):
                ttl.copy(pipe, b).wait()

            BIAS_NET.if_src(send)
            BIAS_NET.if_dst(receive)
        first = ttl.node(dims=1) * per_core
        for c in range(first, min(first + per_core, tile_cols)):
            for r in range(0, tile_rows, ROWS_PER_BLOCK):
                with x_dfb.reserve() as xb, w_dfb.reserve() as wb:
                    tx = ttl.copy(x[r:r + ROWS_PER_BLOCK, c], xb)
                    tw = ttl.copy(w[r:r + ROWS_PER_BLOCK, c], wb)
                    tx.wait()
                    tw.wait()

    @ttl.datamovement()
    def write():
        if not BIAS_NET.is_active():
            return
        first = ttl.node(dims=1) * per_core
        for c in range(first, min(first + per_core, tile_cols)):
            for r in range(0, tile_rows, ROWS_PER_BLOCK):
                with y_dfb.wait() as yb:
                    ttl.copy(yb, y[r:r + ROWS_PER_BLOCK, c]).wait()


size = 128  # four tile columns: one for each of the four active cores
x = ttnn.rand((size, size), dtype=ttnn.float32, seed=3)
w = ttnn.rand((size, size), dtype=ttnn.float32, seed=4)
bias = ttnn.rand((32, 32), dtype=ttnn.float32, seed=5)
y = ttnn.empty((size, size), dtype=ttnn.float32)
column_bias(x, w, bias, y)
xt, wt, bt = (ttnn.to_torch(t).double() for t in (x, w, bias))
expected = xt * wt + bt[0:1, :].repeat(size, size // 32)
got = ttnn.to_torch(y).double()
# f32 blocks: the FPU multiplies TF32 operands, the sum rounds in f32.
error = (got - expected).abs().max().item()
assert error <= 2 ** -8, error
print("pipe_column_bias: ok")
