"""TT-Lang programs in the style of tt-lang's pipe examples (a module file: the frontend reads
each operation's source): threads that return early on cores with no work, f-strings of runtime
integers in device prints, and tile bounds given as slice() values."""

import ttlang as ttl


@ttl.operation(grid=(4, 1))
def double_first_columns(a, out):
    """Cores 0..cols-1 double tile column `col` of `a` (rows by slice() bounds); the other cores
    return at once from every thread (`if col >= cols: return`)."""
    rows = a.shape[0] // 32
    cols = a.shape[1] // 32
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        col, _ = ttl.node(dims=2)
        if col >= cols:
            return
        for r in range(rows):
            with a_dfb.wait() as x, o_dfb.reserve() as o:
                o.store(x * 2.0)

    @ttl.datamovement()
    def read():
        col, _ = ttl.node(dims=2)
        if col >= cols:
            return
        for r in range(rows):
            with a_dfb.reserve() as blk:
                ttl.copy(a[slice(r, r + 1), slice(col, col + 1)], blk).wait()

    @ttl.datamovement()
    def write():
        col, _ = ttl.node(dims=2)
        if col >= cols:
            print(f"core {col}: no column")
            return
        for r in range(rows):
            span = slice(r, r + 1)
            with o_dfb.wait() as o:
                ttl.copy(o, out[span, col]).wait()
            print(f"core {col}: row={r} {{done}}")
