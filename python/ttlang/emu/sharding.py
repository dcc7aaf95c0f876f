"""Where ttnn puts a sharded tile-layout tensor's tiles on the emulated device.

ttnn (TT-Metal's BufferDistributionSpec of a legacy ShardSpec) cuts the tensor's 2-D physical
shape (every dimension but the last as rows, the last two padded to whole tiles) into shards
of the spec's shape, numbers them row-major over the shard grid, and puts shard ``s`` on one
core: a height- or width-sharded tensor's on the ``s``-th core of the grid in the orientation's
order, a block-sharded shard ``(r, c)`` on core ``(x0 + c, y0 + r)`` (``(x0 + r, y0 + c)``
col-major). Each core holds its shard's tiles row-major over the shard at the buffer's
address in its own L1 (the L1 allocator hands every bank the same address); tiles of a partial
last shard that lie outside the tensor are left unwritten. This is the device's side of the
placement; the generated kernels address it through the compiler's sharded TensorAccessor
words, so a disagreement shows as wrong numbers.
"""

from __future__ import annotations

import numpy as np

from ttlang.emu.errors import NotEmulatedError
from ttlang.emu.tiles import TILE, padded_shape
from ttlang.tensor_spec import ShardSpec

SHARDED = ("height_sharded", "width_sharded", "block_sharded")


def shard_cores(scheme: str, spec: ShardSpec, grid_rows: int, grid_cols: int) -> list[tuple[int, int]]:
    """The core of each shard (row-major over the ``grid_rows x grid_cols`` shard grid)."""
    if scheme == "block_sharded":
        (x0, y0), _ = spec.grid[0]
        row_major = spec.orientation == "row_major"
        return [
            (x0 + c, y0 + r) if row_major else (x0 + r, y0 + c)
            for r in range(grid_rows)
            for c in range(grid_cols)
        ]
    return list(spec.cores()[: grid_rows * grid_cols])


def shard_page_map(
    shape: tuple[int, ...], scheme: str, spec: ShardSpec, device_grid: tuple[int, int]
) -> tuple[np.ndarray, int]:
    """For each tile of the tensor (row-major over its 2-D tile grid), the page of the
    emulated L1 buffer that holds it, and the buffer's page count: the buffer is allocated
    over every L1 bank (core ``(x, y)`` is bank ``y * cols + x``), local page ``k`` of bank
    ``b`` being buffer page ``k * banks + b`` (the emulated device's interleaved order)."""
    *batch, ph, pw = padded_shape(tuple(shape))
    rows, cols = int(np.prod(batch, dtype=np.int64)) * ph // TILE, pw // TILE
    shard_rows, shard_cols = spec.shape[0] // TILE, spec.shape[1] // TILE
    if spec.shape[0] % TILE or spec.shape[1] % TILE:
        raise NotEmulatedError(f"shard shape {spec.shape} is not whole {TILE}x{TILE} tiles")
    grid_rows, grid_cols = -(-rows // shard_rows), -(-cols // shard_cols)
    cores = shard_cores(scheme, spec, grid_rows, grid_cols)
    if len(cores) < grid_rows * grid_cols:
        raise NotEmulatedError(
            f"{grid_rows * grid_cols} shards of {spec.shape} do not fit the shard grid's "
            f"{len(cores)} cores"
        )
    gx, gy = device_grid
    banks = gx * gy
    tile_rows, tile_cols = np.divmod(np.arange(rows * cols), cols)
    shard = (tile_rows // shard_rows) * grid_cols + tile_cols // shard_cols
    local = (tile_rows % shard_rows) * shard_cols + tile_cols % shard_cols
    bank_of_shard = np.array([y * gx + x for x, y in cores], dtype=np.int64)
    pages = local * banks + bank_of_shard[shard]
    return pages, shard_rows * shard_cols * banks
