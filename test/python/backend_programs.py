"""TT-Lang operations used by the backend tests (operations need a source file)."""

import ttlang as ttl


@ttl.operation(grid=(3, 1))
def first_column_reads(a, out):
    """Every core copies its own tile of `a` to `out`; the cores of column 0 copy it twice.
    The branch on the column makes core specialization split both kernels."""
    in_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        with in_dfb.reserve() as blk:
            tx = ttl.copy(a[row, col], blk)
            tx.wait()
        if col == 0:
            with in_dfb.reserve() as blk:
                tx = ttl.copy(a[row, col], blk)
                tx.wait()

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        with in_dfb.wait() as blk:
            tx = ttl.copy(blk, out[row, col])
            tx.wait()
        if col == 0:
            with in_dfb.wait() as blk:
                tx = ttl.copy(blk, out[row, col])
                tx.wait()


@ttl.operation(grid=(1, 1))
def math_on_reserved_block(a, out):
    """Tile math reads a block it reserved (not one it waited for): the backend rejects it."""
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with a_dfb.reserve() as r, out_dfb.reserve() as o:
            o.store(ttl.math.exp(r))

    @ttl.datamovement()
    def dm():
        with a_dfb.wait() as x:
            pass
        with out_dfb.wait() as y:
            tx = ttl.copy(y, out[0, 0])
            tx.wait()
