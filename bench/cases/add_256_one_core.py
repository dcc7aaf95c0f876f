"""The emulator benchmark's add (issue 14): a 256x256 bf16 add on one core in 2x2-tile
blocks (16 blocks), tt-lang 1.1 explicit style (reader, compute, writer)."""

import ttlang as ttl

TILE = 32
BLOCK = 2


@ttl.operation(grid=(1, 1))
def add(a, b, out):
    rows = a.shape[0] // TILE // BLOCK
    cols = a.shape[1] // TILE // BLOCK
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(BLOCK, BLOCK), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(BLOCK, BLOCK), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(BLOCK, BLOCK), block_count=2)

    @ttl.compute()
    def add_blocks():
        for _ in range(rows * cols):
            with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
                o.store(x + y)

    @ttl.datamovement()
    def reader():
        for r in range(rows):
            for c in range(cols):
                with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                    tx_a = ttl.copy(a[r * BLOCK : (r + 1) * BLOCK, c * BLOCK : (c + 1) * BLOCK], a_blk)
                    tx_b = ttl.copy(b[r * BLOCK : (r + 1) * BLOCK, c * BLOCK : (c + 1) * BLOCK], b_blk)
                    tx_a.wait()
                    tx_b.wait()

    @ttl.datamovement()
    def writer():
        for r in range(rows):
            for c in range(cols):
                with out_dfb.wait() as o:
                    ttl.copy(o, out[r * BLOCK : (r + 1) * BLOCK, c * BLOCK : (c + 1) * BLOCK]).wait()
