"""bf16 matmul over the whole worker grid in 4x4x4-tile blocks, in the style of tt-lang's matmul
tutorial (step 4, "multinode, full grid"): y = relu(a @ b + c).

The output is cut into 4x4-tile blocks; node (x, y) of the grid owns a rectangle of them,
rows ``[y * per_row, (y + 1) * per_row)`` and columns ``[x * per_col, ...)`` of the block grid
(ceiling division, so nodes at the trailing edge may own fewer or none). For each owned block
the reader streams c's block, then the K steps' 4x4-tile blocks of a and b; the compute thread
keeps the running sum in an accumulator DFB (zero fill, then ``prev + a @ b`` per step) and
stores ``relu(c + sum)``, which the writer copies out.

Timed by bench/emulator_matmul.py; test/python/emu/test_bench_cases_emulated.py checks it
against numpy."""

import ttlang as ttl

TILE = 32
BLOCK = 4  # tiles per block side, in M, N and K


@ttl.operation(grid="full")
def matmul_bias_relu(a, b, c, y):
    assert a.shape[0] % (TILE * BLOCK) == 0 and a.shape[1] % (TILE * BLOCK) == 0, "whole blocks"
    assert b.shape[1] % (TILE * BLOCK) == 0, "whole blocks"
    block_rows = a.shape[0] // TILE // BLOCK
    block_cols = b.shape[1] // TILE // BLOCK
    k_steps = a.shape[1] // TILE // BLOCK
    grid_x, grid_y = ttl.grid_size(dims=2)
    per_row = (block_rows + grid_y - 1) // grid_y
    per_col = (block_cols + grid_x - 1) // grid_x

    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(BLOCK, BLOCK), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(BLOCK, BLOCK), block_count=2)
    c_dfb = ttl.make_dataflow_buffer_like(c, shape=(BLOCK, BLOCK), block_count=2)
    acc_dfb = ttl.make_dataflow_buffer_like(y, shape=(BLOCK, BLOCK), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(BLOCK, BLOCK), block_count=2)

    @ttl.datamovement()
    def reader():
        nx, ny = ttl.node(dims=2)
        for i in range(ny * per_row, min((ny + 1) * per_row, block_rows)):
            for j in range(nx * per_col, min((nx + 1) * per_col, block_cols)):
                with c_dfb.reserve() as c_blk:
                    ttl.copy(c[i * BLOCK : (i + 1) * BLOCK, j * BLOCK : (j + 1) * BLOCK], c_blk).wait()
                for k in range(k_steps):
                    with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                        ta = ttl.copy(a[i * BLOCK : (i + 1) * BLOCK, k * BLOCK : (k + 1) * BLOCK], a_blk)
                        tb = ttl.copy(b[k * BLOCK : (k + 1) * BLOCK, j * BLOCK : (j + 1) * BLOCK], b_blk)
                        ta.wait()
                        tb.wait()

    @ttl.compute()
    def compute():
        nx, ny = ttl.node(dims=2)
        for _ in range(ny * per_row, min((ny + 1) * per_row, block_rows)):
            for _ in range(nx * per_col, min((nx + 1) * per_col, block_cols)):
                with acc_dfb.reserve() as acc:
                    acc.store(ttl.block.fill(0, shape=acc.shape))
                for _ in range(k_steps):
                    with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, acc_dfb.wait() as prev:
                        with acc_dfb.reserve() as acc:
                            acc.store(prev + a_blk @ b_blk)
                with c_dfb.wait() as c_blk, acc_dfb.wait() as total, y_dfb.reserve() as out:
                    out.store(ttl.math.relu(c_blk + total))

    @ttl.datamovement()
    def writer():
        nx, ny = ttl.node(dims=2)
        for i in range(ny * per_row, min((ny + 1) * per_row, block_rows)):
            for j in range(nx * per_col, min((nx + 1) * per_col, block_cols)):
                with y_dfb.wait() as out:
                    ttl.copy(out, y[i * BLOCK : (i + 1) * BLOCK, j * BLOCK : (j + 1) * BLOCK]).wait()

