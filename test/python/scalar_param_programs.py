"""Operations with int / float parameters (``op(a, out, 3)``): valid programs and, marked
``# E:<case>``, the errors their users get at their line."""

import ttlang as ttl


@ttl.operation(grid=(1, 1))
def scale_shift(a, out, k, s):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(a.shape[0] // 32):
        with a_dfb.reserve() as x:
            ttl.copy(a[r, 0], x).wait()
        with a_dfb.wait() as x, o_dfb.reserve() as o:
            o.store(x * k + s)
        with o_dfb.wait() as o:
            ttl.copy(o, out[r, 0]).wait()


@ttl.operation(grid=(1, 1))
def pick_row(a, out, row):
    """The int parameter as a tile index: copies tile row ``row`` of ``a`` to ``out``."""
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[row, 0], blk).wait()
    with dfb.wait() as blk:
        ttl.copy(blk, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def divide_by_param(a, out, s):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with a_dfb.reserve() as x:
        ttl.copy(a[0, 0], x).wait()
    with a_dfb.wait() as x, o_dfb.reserve() as o:
        o.store(x / s)  # E:divide_by_param
    with o_dfb.wait() as o:
        ttl.copy(o, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def param_shape(a, out, n):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(n, 1), block_count=2)  # E:param_shape
    with dfb.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    with dfb.wait() as blk:
        ttl.copy(blk, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def float_loop(a, out, s):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    for r in range(s):  # E:float_loop
        with dfb.reserve() as blk:
            ttl.copy(a[r, 0], blk).wait()
        with dfb.wait() as blk:
            ttl.copy(blk, out[r, 0]).wait()


@ttl.operation(grid=(1, 1))
def double_rows(a, out, n):
    """An int parameter as a loop bound: doubles the first ``n`` tile rows (the producer's and
    the consumer's loops have the same run-time trip count, which the balance proof sees)."""
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(n):
        with dfb.reserve() as blk:
            ttl.copy(a[r, 0], blk).wait()
        with dfb.wait() as x, o_dfb.reserve() as y:
            y.store(x * 2.0)
        with o_dfb.wait() as blk:
            ttl.copy(blk, out[r, 0]).wait()


@ttl.operation(grid=(1, 1))
def tile_repeats(a, out, repeats):
    """A compile-time tuple parameter (tt-lang's upsample example passes its scale factor so):
    tile (0, 0) of ``a``, doubled, written to the first ``rows x cols`` tiles of ``out``."""
    rows, cols = repeats
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(rows):
        for c in range(cols):
            with dfb.reserve() as blk:
                ttl.copy(a[0, 0], blk).wait()
            with dfb.wait() as x, o_dfb.reserve() as y:
                y.store(x + x)
            with o_dfb.wait() as y:
                ttl.copy(y, out[r, c]).wait()
