"""Operation factories for test_frontend_identity.py."""

import ttlang as ttl


def make_scaled(block_cols):
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def scaled(a, out):
        in_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, block_cols), block_count=2)
        with in_dfb.reserve() as blk:
            ttl.copy(a[0, 0:block_cols], blk, kernel=reader).wait()
        with in_dfb.wait() as blk:
            ttl.copy(blk, out[0, 0:block_cols]).wait()

    return scaled, reader


def make_composed(stage):
    @ttl.operation(grid=(1, 1))
    def twice(a, tmp, out):
        stage(a, tmp)
        stage(tmp, out)

    return twice
