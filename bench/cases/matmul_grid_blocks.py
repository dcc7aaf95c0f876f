"""bf16 matmul ``y = a @ b`` over the whole worker grid in 4x4x4-tile blocks: the output's
blocks, numbered row by row, are split over the cores in contiguous runs (ceiling division, so
the last cores may own fewer or none); for each of its blocks a core's reader streams the K
steps' blocks of a and b, its compute thread sums their products into the output block with
``+=`` (in DEST, and by the packer's L1 accumulation across steps) and its writer stores it.

bench/emulator_matmul.py times it against numpy's float32 matmul;
test/python/emu/test_bench_cases_emulated.py checks it against numpy."""

import ttlang as ttl

TILE = 32
BLOCK = 4  # tiles per block side, in M, N and K


@ttl.operation(grid="full")
def matmul(a, b, y):
    assert a.shape[0] % (TILE * BLOCK) == 0 and a.shape[1] % (TILE * BLOCK) == 0, "whole blocks"
    assert b.shape[1] % (TILE * BLOCK) == 0, "whole blocks"
    cols = b.shape[1] // TILE // BLOCK
    blocks = a.shape[0] // TILE // BLOCK * cols
    steps = a.shape[1] // TILE // BLOCK
    per_core = (blocks + ttl.grid_size(dims=1) - 1) // ttl.grid_size(dims=1)
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(BLOCK, BLOCK), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(BLOCK, BLOCK), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(BLOCK, BLOCK), block_count=2)

    @ttl.datamovement()
    def reader():
        first = ttl.node(dims=1) * per_core
        for blk in range(first, min(first + per_core, blocks)):
            r0, c0 = blk // cols * BLOCK, blk % cols * BLOCK
            for s in range(steps):
                with a_dfb.reserve() as a_in, b_dfb.reserve() as b_in:
                    ta = ttl.copy(a[r0 : r0 + BLOCK, s * BLOCK : (s + 1) * BLOCK], a_in)
                    tb = ttl.copy(b[s * BLOCK : (s + 1) * BLOCK, c0 : c0 + BLOCK], b_in)
                    ta.wait()
                    tb.wait()

    @ttl.compute()
    def compute():
        first = ttl.node(dims=1) * per_core
        for _ in range(first, min(first + per_core, blocks)):
            with y_dfb.reserve() as out:
                for _ in range(steps):
                    with a_dfb.wait() as a_in, b_dfb.wait() as b_in:
                        out += a_in @ b_in

    @ttl.datamovement()
    def writer():
        first = ttl.node(dims=1) * per_core
        for blk in range(first, min(first + per_core, blocks)):
            r0, c0 = blk // cols * BLOCK, blk % cols * BLOCK
            with y_dfb.wait() as out:
                ttl.copy(out, y[r0 : r0 + BLOCK, c0 : c0 + BLOCK]).wait()
