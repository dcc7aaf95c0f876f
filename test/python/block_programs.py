"""TT-Lang programs holding DFB blocks wrongly (test_block_lifetimes.py). Each marks the line its
error must name with ``# E:<case>``."""

import ttlang as ttl


@ttl.operation(grid=(1, 1))
def two_reserves_in_one_with(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:two_reserves_dfb
    with d.reserve() as x, d.reserve() as y:  # E:two_reserves_in_one_with
        ttl.copy(a[0, 0], x).wait()
        ttl.copy(a[0, 1], y).wait()
    with d.wait() as x:
        ttl.copy(x, out[0, 0]).wait()
    with d.wait() as x:
        ttl.copy(x, out[0, 1]).wait()


@ttl.operation(grid=(1, 1))
def two_waits_in_one_with(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for c in range(2):
        with d.reserve() as x:
            ttl.copy(a[0, c], x).wait()
    with d.wait() as x, d.wait() as y, o.reserve() as z:  # E:two_waits_in_one_with
        z.store(x + y)
    with o.wait() as z:
        ttl.copy(z, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def two_explicit_reserves(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    x = d.reserve()  # E:first_explicit_reserve
    y = d.reserve()  # E:second_explicit_reserve
    ttl.copy(a[0, 0], x).wait()
    ttl.copy(a[0, 1], y).wait()
    y.push()
    x.push()  # E:explicit_push
    for c in range(2):
        with d.wait() as w:
            ttl.copy(w, out[0, c]).wait()


@ttl.operation(grid=(1, 1))
def math_after_with(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with d.reserve() as x:
        ttl.copy(a[0, 0], x).wait()
    with d.wait() as x:  # E:with_wait
        pass
    with o.reserve() as y:
        y.store(x + 1)  # E:math_after_with
    with o.wait() as y:
        ttl.copy(y, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def copy_after_pop(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with d.reserve() as x:
        ttl.copy(a[0, 0], x).wait()
    x = d.wait()
    x.pop()  # E:explicit_pop
    ttl.copy(x, out[0, 0]).wait()  # E:copy_after_pop


@ttl.operation(grid=(1, 1))
def both_sides_of_a_one_block_dfb(a, out):
    i = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    s = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=1)  # E:one_block_dfb

    @ttl.datamovement()
    def reader():
        for c in range(2):
            with i.reserve() as x:
                ttl.copy(a[0, c], x).wait()

    @ttl.compute()
    def compute():
        with i.wait() as x, s.reserve() as t:
            t.store(x)
        with i.wait() as x, s.wait() as prev, s.reserve() as t:  # E:both_sides_of_one_block
            t.store(prev + x)

    @ttl.datamovement()
    def writer():
        with s.wait() as t:
            ttl.copy(t, out[0, 0]).wait()
