"""``ttl.node(dims=1)`` numbers the cores as tt-lang does, the grid's last dimension (the row)
varying fastest: core (col, row) of a (cols, rows) grid is ``col * rows + row`` (tt-lang's
compiler and tt-lang-sim 1.1.6's nodecontext.py). ``dims=3`` pads a zero coordinate and
``grid_size(dims=3)`` a one. Each core copies the input tile its linear index names to the
output tile at its (col, row), so the output is a permutation that numpy predicts. Emulated
results, not hardware ones."""

from __future__ import annotations

import numpy as np
import pytest

import ttlang as ttl
from numerics import BF16, assert_bits_equal

COLS, ROWS = 3, 2
TILE = 32


@ttl.operation(grid=(COLS, ROWS))
def scatter_by_linear_index(inp, out):
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.compute()
    def idle():
        pass

    @ttl.datamovement()
    def read():
        n = ttl.node(dims=1)
        with dfb.reserve() as blk:
            ttl.copy(inp[0, n], blk).wait()

    @ttl.datamovement()
    def write():
        col, row, z = ttl.node(dims=3)
        cols, rows, depth = ttl.grid_size(dims=3)
        assert (cols, rows, depth) == (COLS, ROWS, 1)
        with dfb.wait() as blk:
            ttl.copy(blk, out[row + z, col]).wait()


def tiles(a: np.ndarray) -> list[np.ndarray]:
    return [a[:, TILE * i : TILE * (i + 1)] for i in range(a.shape[1] // TILE)]


def test_linear_node_index_is_column_major(device, rng):
    a = rng.uniform(-2.0, 2.0, (TILE, TILE * COLS * ROWS)).astype(np.float32).astype(BF16)
    out = device.empty((TILE * ROWS, TILE * COLS))
    scatter_by_linear_index(device.tensor(a), out)
    expected = np.zeros((TILE * ROWS, TILE * COLS), BF16)
    for col in range(COLS):
        for row in range(ROWS):
            source = tiles(a)[col * ROWS + row]
            expected[TILE * row : TILE * (row + 1), TILE * col : TILE * (col + 1)] = source
    assert_bits_equal(out.to_numpy(), expected)


def make_node_user(dims):
    @ttl.operation(grid=(1, 1))
    def node_user(a):
        @ttl.datamovement()
        def read():
            n = ttl.node(dims=dims)

    return node_user


@pytest.mark.parametrize("dims", [0, 4, True])
def test_node_dims_out_of_range_is_a_frontend_error(dims):
    with pytest.raises(ttl.FrontendError, match=r"must be 1, 2 or 3"):
        make_node_user(dims).compile(ttl.TensorSpec((32, 32)))
