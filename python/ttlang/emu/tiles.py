"""Host arrays <-> ttnn's tile layout.

A tile-layout tensor is padded to whole 32x32 tiles in its last two dimensions (each matrix of
a batch separately, with zeros) and stored tile by tile, row-major over tiles; each tile holds
its four 16x16 faces (top-left, top-right, bottom-left, bottom-right), each face row-major.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ttlang.emu import _emu

TILE = _emu.TILE_SIDE  # ttl/TileGeometry.h
FACE = _emu.FACE_SIDE

# dtype name -> (numpy storage type, tt-metal DataFormat code)
_FORMATS = {"bfloat16": (np.dtype(ml_dtypes.bfloat16), 5), "float32": (np.dtype(np.float32), 0)}
# dtype name -> (numpy storage type, bytes per tile as the runtime's tile numerics (ttl/Emu/TileNumerics.h) have them, code)
DTYPES: dict[str, tuple[np.dtype, int, int]] = {
    name: (storage, _emu.tile_size(code), code) for name, (storage, code) in _FORMATS.items()
}


def padded_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    """The shape rounded up to whole tiles in the last two dimensions."""
    if len(shape) < 2:
        shape = (1,) * (2 - len(shape)) + tuple(shape)
    *batch, h, w = shape
    return (*batch, -(-h // TILE) * TILE, -(-w // TILE) * TILE)


def to_tiles(array: np.ndarray, dtype: str) -> np.ndarray:
    """The bytes of ``array`` in tile layout (rounded to ``dtype`` to nearest even)."""
    storage = DTYPES[dtype][0]
    values = np.asarray(array)
    if values.ndim < 2:
        values = values.reshape((1,) * (2 - values.ndim) + values.shape)
    *batch, h, w = values.shape
    ph, pw = padded_shape(values.shape)[-2:]
    matrices = values.reshape(-1, h, w).astype(np.float32).astype(storage)
    padded = np.zeros((matrices.shape[0], ph, pw), dtype=storage)
    padded[:, :h, :w] = matrices
    faces = padded.reshape(-1, ph // TILE, 2, FACE, pw // TILE, 2, FACE)
    tiled = faces.transpose(0, 1, 4, 2, 5, 3, 6)
    return np.ascontiguousarray(tiled).view(np.uint8).reshape(-1)


def from_tiles(data: np.ndarray, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """The array of ``shape`` stored in tile layout in ``data`` (padding dropped)."""
    storage = DTYPES[dtype][0]
    full = tuple(shape) if len(shape) >= 2 else (1,) * (2 - len(shape)) + tuple(shape)
    ph, pw = padded_shape(full)[-2:]
    faces = data.view(storage).reshape(-1, ph // TILE, pw // TILE, 2, 2, FACE, FACE)
    padded = faces.transpose(0, 1, 3, 5, 2, 4, 6).reshape(-1, ph, pw)
    h, w = full[-2:]
    return np.ascontiguousarray(padded[:, :h, :w]).reshape(shape)


def tile_count(shape: tuple[int, ...]) -> int:
    *batch, ph, pw = padded_shape(tuple(shape))
    return int(np.prod(batch, dtype=np.int64)) * (ph // TILE) * (pw // TILE)


# ttnn's row-major layout: each row of the last dimension is one page (rows of every matrix of a
# batch one after another), unpadded; the buffer's allocator aligns each page to its bank.


def row_pages(shape: tuple[int, ...]) -> int:
    """Pages of a row-major tensor: one per row of the last dimension."""
    return int(np.prod(shape[:-1], dtype=np.int64)) if len(shape) > 1 else 1


def row_page_bytes(shape: tuple[int, ...], dtype: str) -> int:
    """Bytes of one row-major page: a row of the last dimension."""
    return (int(shape[-1]) if shape else 1) * DTYPES[dtype][0].itemsize


def to_rows(array: np.ndarray, dtype: str) -> np.ndarray:
    """The bytes of ``array`` in row-major layout (rounded to ``dtype`` to nearest even)."""
    storage = DTYPES[dtype][0]
    values = np.ascontiguousarray(np.asarray(array).astype(np.float32).astype(storage))
    return values.view(np.uint8).reshape(-1)


def from_rows(data: np.ndarray, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """The array of ``shape`` stored in row-major layout in ``data``."""
    return data.view(DTYPES[dtype][0]).reshape(shape).copy()
