"""Operations whose sizes come from ``ttl.TILE_SHAPE`` (tt-lang's ``(32, 32)``, a tile's rows
and columns in elements), in the operation body and in a kernel; test_tile_shape.py compiles
them, emu/test_tile_shape_emulated.py runs them against numpy."""

from __future__ import annotations

import ttlang as ttl


@ttl.operation(grid=(2, 1))
def doubles_by_tile_shape(a, out):
    """out = a + a, each of the 2 cores taking half of a's tile columns; every trip count is
    a size in elements divided by ttl.TILE_SHAPE, read in the body (tuple unpacking and
    indexing) and in the kernels."""
    tile_h, tile_w = ttl.TILE_SHAPE
    tile_rows = a.shape[0] // tile_h
    per_core = a.shape[1] // tile_w // 2
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def double():
        for _ in range(tile_rows * per_core):
            with a_dfb.wait() as x, o_dfb.reserve() as y:
                y.store(x + x)

    @ttl.datamovement()
    def reader():
        col, _ = ttl.node(dims=2)
        for r in range(a.shape[0] // ttl.TILE_SHAPE[0]):
            for c in range(per_core):
                with a_dfb.reserve() as blk:
                    ttl.copy(a[r, col * per_core + c], blk).wait()

    @ttl.datamovement()
    def writer():
        col, _ = ttl.node(dims=2)
        for r in range(out.shape[0] // ttl.TILE_SHAPE[0]):
            for c in range(out.shape[1] // ttl.TILE_SHAPE[1] // 2):
                with o_dfb.wait() as blk:
                    ttl.copy(blk, out[r, col * per_core + c]).wait()


@ttl.operation(grid=(2, 1))
def doubles_by_literal_tiles(a, out):
    """doubles_by_tile_shape with 32 written out: the same program."""
    tile_rows = a.shape[0] // 32
    per_core = a.shape[1] // 32 // 2
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def double():
        for _ in range(tile_rows * per_core):
            with a_dfb.wait() as x, o_dfb.reserve() as y:
                y.store(x + x)

    @ttl.datamovement()
    def reader():
        col, _ = ttl.node(dims=2)
        for r in range(a.shape[0] // 32):
            for c in range(per_core):
                with a_dfb.reserve() as blk:
                    ttl.copy(a[r, col * per_core + c], blk).wait()

    @ttl.datamovement()
    def writer():
        col, _ = ttl.node(dims=2)
        for r in range(out.shape[0] // 32):
            for c in range(out.shape[1] // 32 // 2):
                with o_dfb.wait() as blk:
                    ttl.copy(blk, out[r, col * per_core + c]).wait()
