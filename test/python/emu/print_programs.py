"""TT-Lang programs with device prints (print() in a thread) for the emulated-device tests (a
module file: the frontend reads each operation's source)."""

import ttlang as ttl


@ttl.operation(grid=(2, 1))
def doubled_with_prints(a, out):
    """Each of two cores doubles one tile and prints text and integers from every kernel, the
    reserved output block from the compute kernel's pack processor and the waited one from the
    writer; out may be float32 (half-row slices)."""
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        x = ttl.node(dims=1)
        with a_dfb.wait() as blk, o_dfb.reserve() as o:
            print("core", x, "of", 2, "{braces}", sep=" ")
            o.store(blk * 2.0)
            print(o)

    @ttl.datamovement()
    def read():
        x = ttl.node(dims=1)
        with a_dfb.reserve() as blk:
            ttl.copy(a[0, x], blk).wait()
            print("read tile", x)

    @ttl.datamovement()
    def write():
        x = ttl.node(dims=1)
        with o_dfb.wait() as blk:
            print(blk)
            ttl.copy(blk, out[0, x]).wait()
        print()


@ttl.operation(grid=(1, 1))
def prints_from_each_processor(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with a_dfb.wait() as blk, o_dfb.reserve() as o:
            print("unpack", thread="unpack")
            print("math")
            print("pack", thread="pack")
            print(blk, thread="math")
            o.store(blk)

    @ttl.datamovement()
    def read():
        with a_dfb.reserve() as blk:
            ttl.copy(a[0, 0], blk).wait()

    @ttl.datamovement()
    def write():
        with o_dfb.wait() as blk:
            ttl.copy(blk, out[0, 0]).wait()
