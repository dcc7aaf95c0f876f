"""A matmul on a 4x4 grid whose operands travel between cores through pipes: y = a @ b.

Core (x, y) of the grid computes the BM x BN-tile output block (row y, column x). Instead of
every core reading its blocks of `a` and `b` from DRAM (each block read four times over), only
the cores of column 0 read `a` and only the cores of row 0 read `b`:

- `A_NET`: core (0, m) reads block (m, k) of `a` and multicasts it along its row to
  cores (1..3, m), one NoC multicast write per block;
- `B_NET`: core (n, 0) reads block (k, n) of `b` and multicasts it down its column to
  cores (n, 1..3).

Each operand has its own data-movement kernel, so a core receives its `a` block and its `b`
block at the same time (each kernel runs on its own NoC; core (0, 0) is the source of both
nets). The compute kernel sums the K blocks' products in one reserved output block
(`out += a @ b`), which the `a` kernel writes to `y` at the end. This is the classic 2-D
systolic (SUMMA) layout; `ttl-plan-pipes` proves that every receiver takes each block its
source sends.
"""

import ttlang as ttl

TILE = 32
GRID = 4
BM, BN, BK = 2, 2, 2  # tiles per block: M x K blocks of a, K x N of b, M x N of y

# The nets are made once, outside the operation, and captured by it.
A_NET = ttl.PipeNet([ttl.Pipe(src=(0, m), dst=(slice(1, GRID), m)) for m in range(GRID)])
B_NET = ttl.PipeNet([ttl.Pipe(src=(n, 0), dst=(n, slice(1, GRID))) for n in range(GRID)])


@ttl.operation(grid=(GRID, GRID))
def matmul_systolic(a, b, y):
    assert a.shape[0] == GRID * BM * TILE and b.shape[1] == GRID * BN * TILE, "one block per core"
    k_blocks = a.shape[1] // TILE // BK

    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(BM, BK), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(BK, BN), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(BM, BN), block_count=2)

    @ttl.compute()
    def multiply():
        with y_dfb.reserve() as out:
            for _ in range(k_blocks):
                with a_dfb.wait() as x, b_dfb.wait() as w:
                    out += x @ w

    @ttl.datamovement()
    def move_a():
        _, row = ttl.node(dims=2)
        for kb in range(k_blocks):
            with a_dfb.reserve() as blk:

                def read_and_send(pipe):
                    ttl.copy(a[row * BM:(row + 1) * BM, kb * BK:(kb + 1) * BK], blk).wait()
                    ttl.copy(blk, pipe).wait()

                A_NET.if_src(read_and_send)

                def receive(pipe):
                    ttl.copy(pipe, blk).wait()

                A_NET.if_dst(receive)
        col, row = ttl.node(dims=2)
        with y_dfb.wait() as out:
            ttl.copy(out, y[row * BM:(row + 1) * BM, col * BN:(col + 1) * BN]).wait()

    @ttl.datamovement()
    def move_b():
        col, _ = ttl.node(dims=2)
        for kb in range(k_blocks):
            with b_dfb.reserve() as blk:

                def read_and_send(pipe):
                    ttl.copy(b[kb * BK:(kb + 1) * BK, col * BN:(col + 1) * BN], blk).wait()
                    ttl.copy(blk, pipe).wait()

                B_NET.if_src(read_and_send)

                def receive(pipe):
                    ttl.copy(pipe, blk).wait()

                B_NET.if_dst(receive)


if __name__ == "__main__":
    import numpy as np

    import ttlang.emu as emu

    rng = np.random.default_rng(7)
    m, k, n = GRID * BM * TILE, 8 * TILE, GRID * BN * TILE
    device = emu.open_device()
    a = device.tensor(rng.uniform(-1, 1, (m, k)).astype(np.float32), dtype="bfloat16")
    b = device.tensor(rng.uniform(-1, 1, (k, n)).astype(np.float32), dtype="bfloat16")
    y = device.empty((m, n))
    matmul_systolic(a, b, y)
    want = a.to_numpy().astype(np.float32) @ b.to_numpy().astype(np.float32)
    error = np.abs(y.to_numpy().astype(np.float32) - want).max()
    print(f"max |y - a @ b| on the emulated device: {error:.4f} (bfloat16 output)")
