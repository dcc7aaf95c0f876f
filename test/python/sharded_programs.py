"""Operations and shard specs for the sharded-tensor tests (compile, op model, emulated device)."""

from __future__ import annotations

import numpy as np

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(1, 1))
def double_tiles(a, out):
    """out = a + a, tile by tile, on one core: every tile of a sharded operand is read from
    (written to) its shard's core through the accessor."""
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(-(-a.shape[0] // 32)):
        for c in range(-(-a.shape[1] // 32)):
            with a_dfb.reserve() as x:
                ttl.copy(a[r, c], x).wait()
            with a_dfb.wait() as x, o_dfb.reserve() as o:
                o.store(x + x)
            with o_dfb.wait() as o:
                ttl.copy(o, out[r, c]).wait()


def sharded_spec(shape, scheme, grid, shard, orientation="row_major") -> ttl.TensorSpec:
    """A bf16 L1 ``scheme`` (height_sharded, ...) tensor spec: shards of ``shard`` elements on the
    core rectangles ``grid``."""
    return ttl.TensorSpec(shape, dtype="bfloat16", buffer_type="l1", memory_layout=scheme,
                          shard=ttl.ShardSpec(grid, shard, orientation))


def _rect(rng: np.random.Generator, cores: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """A random rectangle of the 8x8 grid with at least ``cores`` cores."""
    while True:
        w = int(rng.integers(1, 9))
        h = -(-cores // w)
        if h <= 8:
            x0 = int(rng.integers(0, 9 - w))
            y0 = int(rng.integers(0, 9 - h))
            return ((x0, y0), (x0 + w - 1, y0 + h - 1))


def random_case(rng: np.random.Generator, scheme: str) -> tuple[tuple[int, int], ttl.ShardSpec]:
    """A random logical shape (not always whole tiles) and a shard spec of ``scheme`` for it."""
    rows_t, cols_t = int(rng.integers(1, 7)), int(rng.integers(1, 6))
    shape = (rows_t * TILE - int(rng.integers(0, TILE)), cols_t * TILE - int(rng.integers(0, TILE)))
    orientation = ("row_major", "col_major")[int(rng.integers(0, 2))]
    if scheme == "height_sharded":
        sr = int(rng.integers(1, rows_t + 1))
        grid = (_rect(rng, -(-rows_t // sr)),)
        return shape, ttl.ShardSpec(grid, (sr * TILE, cols_t * TILE), orientation)
    if scheme == "width_sharded":
        sc = int(rng.integers(1, cols_t + 1))
        grid = (_rect(rng, -(-cols_t // sc)),)
        return shape, ttl.ShardSpec(grid, (rows_t * TILE, sc * TILE), orientation)
    sr, sc = int(rng.integers(1, rows_t + 1)), int(rng.integers(1, cols_t + 1))
    gr, gc = -(-rows_t // sr), -(-cols_t // sc)
    w, h = (gc, gr) if orientation == "row_major" else (gr, gc)
    x0, y0 = int(rng.integers(0, 9 - w)), int(rng.integers(0, 9 - h))
    # The grid may hold more cores than there are shards (they stay empty).
    w += int(rng.integers(0, 9 - x0 - w))
    grid = (((x0, y0), (x0 + w - 1, y0 + h - 1)),)
    return shape, ttl.ShardSpec(grid, (sr * TILE, sc * TILE), orientation)
