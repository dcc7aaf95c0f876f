"""N-D dataflow-buffer shapes and tensors of rank > 2 (the leading dimensions a batch): valid
programs and, marked ``# E:<case>``, the errors their users get at their line."""

import ttlang as ttl


@ttl.operation(grid=(1, 1))
def batched_relu(a, out):
    """Two whole matrices of the batch per block: shape=(2, rows, cols)."""
    batch, height, width = a.shape
    shape = (2, height // 32, width // 32)
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=shape, block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=shape, block_count=2)
    for b in range(0, batch, 2):
        with a_dfb.reserve() as x:
            assert x.shape == shape, f"block shape {x.shape}"
            ttl.copy(a[b:b + 2, :, :], x).wait()
        with a_dfb.wait() as x, o_dfb.reserve() as o:
            o.store(ttl.math.relu(x) + x)
        with o_dfb.wait() as o:
            ttl.copy(o, out[b:b + 2, :, :]).wait()


@ttl.operation(grid=(1, 1))
def per_matrix_tiles(a, out):
    """A rank-4 tensor read one tile at a time with 2-D blocks: t[b0, b1, r, c]."""
    d0, d1, height, width = a.shape
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for i in range(d0):
        for j in range(d1):
            for r in range(-(-height // 32)):  # padded to whole tiles
                for c in range(-(-width // 32)):
                    with dfb.reserve() as blk:
                        ttl.copy(a[i, j, r, c], blk).wait()
                    with dfb.wait() as x, o_dfb.reserve() as o:
                        o.store(x * 2.0)
                    with o_dfb.wait() as o:
                        ttl.copy(o, out[i, j, r, c]).wait()


@ttl.operation(grid=(1, 1))
def partial_rows_of_two(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0:2, 0, 0], blk).wait()  # E:partial_rows_of_two
    with dfb.wait() as blk:
        ttl.copy(blk, out[0:2, 0, 0]).wait()


@ttl.operation(grid=(1, 1))
def batched_matmul(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(2, 1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0:2, :, :], blk).wait()
    with dfb.wait() as x, o_dfb.reserve() as o:
        o.store(x @ x)  # E:batched_matmul
    with o_dfb.wait() as o:
        ttl.copy(o, out[0:2, :, :]).wait()


@ttl.operation(grid=(1, 1))
def wrong_index_count(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()  # E:wrong_index_count
    with dfb.wait() as blk:
        ttl.copy(blk, out[0, 0, 0]).wait()
