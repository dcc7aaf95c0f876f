"""The upstream tt-lang baseline case: a 2x2-tile (64x64 bf16) add on one core, in the
tt-lang 1.1 explicit style (reader, compute, writer)."""

import ttlang as ttl


@ttl.operation(grid=(1, 1))
def add(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 2), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(2, 2), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(2, 2), block_count=2)

    @ttl.compute()
    def add_blocks():
        with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
            o.store(x + y)

    @ttl.datamovement()
    def reader():
        with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
            tx_a = ttl.copy(a[0:2, 0:2], a_blk)
            tx_b = ttl.copy(b[0:2, 0:2], b_blk)
            tx_a.wait()
            tx_b.wait()

    @ttl.datamovement()
    def writer():
        with out_dfb.wait() as o:
            tx = ttl.copy(o, out[0:2, 0:2])
            tx.wait()
