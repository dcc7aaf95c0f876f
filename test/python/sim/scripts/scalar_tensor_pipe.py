# A 1-D pipe program in the style of tt-lang's eltwise pipe example, written for ttlang's tests:
# y = x * w + c with c a (1, 1) tensor. ttnn pads a tile-layout (1, 1) tensor to one tile with
# zeros, so c's one tile holds c at element (0, 0); the kernel broadcasts that element over its
# blocks (dims=[0, 1], the language specification's scalar broadcast; dims=[0] would repeat the
# tile's row 0, c and zeros). Node 0 reads the tile and multicasts it to nodes 1..11 through a
# 1-D pipe: on the 8-row "auto" grid those are the rest of grid column 0 and the top half of
# column 1, no rectangle, which the compiler splits into two multicasts under one handshake.
# Each of the 12 active nodes takes tile column ttl.node(dims=1). Float32 host tensors.
import ttnn

import ttl

NODES = 12
C_NET = ttl.PipeNet([ttl.Pipe(0, (slice(1, NODES),))])
ROWS_PER_BLOCK = 2


@ttl.operation(grid="auto")
def scale_shift(x, w, c, y):
    tile_rows = x.shape[0] // ttl.TILE_SHAPE[0]
    assert x.shape[1] // ttl.TILE_SHAPE[1] == NODES, f"one tile column per node, got {x.shape}"
    assert c.shape == (1, 1), f"c must be 1x1, got {c.shape}"
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(ROWS_PER_BLOCK, 1), block_count=2)
    w_dfb = ttl.make_dataflow_buffer_like(w, shape=(ROWS_PER_BLOCK, 1), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(1, 1), block_count=1)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(ROWS_PER_BLOCK, 1), block_count=2)

    @ttl.compute()
    def compute():
        if not C_NET.is_active():
            return
        with c_dfb.wait() as cb:
            for _ in range(tile_rows // ROWS_PER_BLOCK):
                with x_dfb.wait() as xb, w_dfb.wait() as wb, y_dfb.reserve() as yb:
                    shift = ttl.block.broadcast(cb, dims=[0, 1], shape=(ROWS_PER_BLOCK, 1))
                    yb.store(xb * wb + shift)

    @ttl.datamovement()
    def read():
        if not C_NET.is_active():
            return
        with c_dfb.reserve() as cb:

            def send(pipe):
                ttl.copy(c[0, 0], cb).wait()
                ttl.copy(cb, pipe).wait()

            def receive(pipe):
                ttl.copy(pipe, cb).wait()

            C_NET.if_src(send)
            C_NET.if_dst(receive)
        col = ttl.node(dims=1)
        for r in range(0, tile_rows, ROWS_PER_BLOCK):
            with x_dfb.reserve() as xb, w_dfb.reserve() as wb:
                tx = ttl.copy(x[r:r + ROWS_PER_BLOCK, col], xb)
                tw = ttl.copy(w[r:r + ROWS_PER_BLOCK, col], wb)
                tx.wait()
                tw.wait()

    @ttl.datamovement()
    def write():
        if not C_NET.is_active():
            return
        col = ttl.node(dims=1)
        for r in range(0, tile_rows, ROWS_PER_BLOCK):
            with y_dfb.wait() as yb:
                ttl.copy(yb, y[r:r + ROWS_PER_BLOCK, col]).wait()


x = ttnn.rand((64, 32 * NODES), dtype=ttnn.float32, seed=3)
w = ttnn.rand((64, 32 * NODES), dtype=ttnn.float32, seed=4)
c = ttnn.rand((1, 1), dtype=ttnn.float32, seed=5)
y = ttnn.empty((64, 32 * NODES), dtype=ttnn.float32)
scale_shift(x, w, c, y)
xt, wt, ct = (ttnn.to_torch(t).double() for t in (x, w, c))
expected = xt * wt + ct[0, 0]
got = ttnn.to_torch(y).double()
# f32 blocks: the FPU multiplies TF32 operands, the sum rounds in f32.
error = (got - expected).abs().max().item()
assert error <= 2 ** -8, error
print("scalar_tensor_pipe: ok")
