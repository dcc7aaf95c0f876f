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
def rows_of_two_matrices(a, out):
    """``t[b:b + 2, r, c]``: tile row r of two matrices per block, the rows one matrix apart
    in the tensor (ttl.load_tiles' matrix_rows); out = -a, block by block."""
    batch, height, width = a.shape
    dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(2, 1, 1), block_count=2)
    for b in range(0, batch, 2):
        for r in range(height // 32):
            for c in range(width // 32):
                with dfb.reserve() as blk:
                    ttl.copy(a[b:b + 2, r, c], blk).wait()
                with dfb.wait() as x, o_dfb.reserve() as o:
                    o.store(-x)
                with o_dfb.wait() as o:
                    ttl.copy(o, out[b:b + 2, r:r + 1, c]).wait()


@ttl.operation(grid=(2, 1))
def runtime_rows_of_two_matrices(a, out):
    """tt-lang's eltwise_add_3d form: ``t[b0:b1, r0:r1, c:c + 1]`` with run-time row bounds
    (from the core's coordinates) into a (2, 1, 1) block: the block gives the rows per matrix.
    Core x takes tile row x of every matrix; out = a + a."""
    batch, height, width = a.shape
    dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(2, 1, 1), block_count=2)

    @ttl.compute()
    def double():
        for _ in range(0, batch, 2):
            for _ in range(width // 32):
                with dfb.wait() as x, o_dfb.reserve() as o:
                    o.store(x + x)

    @ttl.datamovement()
    def read():
        row, _ = ttl.node(dims=2)
        r0, r1 = row * 1, (row + 1) * 1
        for b in range(0, batch, 2):
            for c in range(width // 32):
                with dfb.reserve() as blk:
                    ttl.copy(a[b:b + 2, r0:r1, c:c + 1], blk).wait()

    @ttl.datamovement()
    def write():
        row, _ = ttl.node(dims=2)
        for b in range(0, batch, 2):
            for c in range(width // 32):
                with o_dfb.wait() as o:
                    ttl.copy(o, out[b:b + 2, row:row + 1, c:c + 1]).wait()


@ttl.operation(grid=(1, 1))
def partial_batch_of_two(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0:2, 0, 0, 0], blk).wait()  # E:partial_batch_of_two
    with dfb.wait() as blk:
        ttl.copy(blk, out[0:2, 0, 0, 0]).wait()


@ttl.operation(grid=(1, 1))
def runtime_rows_into_a_2d_block(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 1), block_count=2)
    with dfb.reserve() as blk:
        r, _ = ttl.node(dims=2)
        ttl.copy(a[0:2, r:r + 1, 0], blk).wait()  # E:runtime_rows_into_a_2d_block


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
