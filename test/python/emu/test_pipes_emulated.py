"""ttl.Pipe / ttl.PipeNet on the emulated device: blocks sent from one core to others (unicast
and multicast NoC writes with their semaphore handshakes) arrive intact, checked against numpy.
Both tt-lang 1.1 spellings (keyword and positional Pipe, nets made in the body and captured).
These are emulated results, not hardware ones."""

from __future__ import annotations

import pathlib

import numpy as np

from numerics import BF16, assert_bits_equal, assert_within_ulps, bf16, f32
from program_files import load_module
import pipe_programs as programs

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def uniform(rng, shape):
    return rng.uniform(-2.0, 2.0, shape).astype(np.float32).astype(BF16)


def test_unicast_pipe_copies_tiles_to_another_core(device, rng):
    a = uniform(rng, (96, 64))
    out = device.empty((96, 64))
    programs.unicast_copy(device.tensor(a), out)
    # Core (1, 0) wrote what core (0, 0) sent it: tile column 0 of a, into tile column 1.
    assert_bits_equal(out.to_numpy()[:, 32:64], a[:, 0:32])


def test_multicast_pipe_reaches_every_destination(device, rng):
    a = uniform(rng, (64, 64))
    out = device.empty((64, 256))
    programs.multicast_abs(device.tensor(a), out)
    expected = bf16(np.abs(f32(a)))
    for col in range(4):  # the source's own block and the three it multicast
        assert_bits_equal(out.to_numpy()[:, 64 * col : 64 * col + 64], expected)


def test_group_transfer_reads_and_writes_every_tile(device, rng):
    a, b = uniform(rng, (32, 64)), uniform(rng, (32, 64))
    out = device.empty((32, 64))
    programs.group_read(device.tensor(a), device.tensor(b), out)
    assert_bits_equal(out.to_numpy(), bf16(f32(a) + f32(b)))


def test_systolic_matmul_example_matches_numpy(device, rng):
    """examples/matmul_systolic_pipes.py: a @ b on a 4x4 grid, a multicast along the rows and
    b down the columns; every output block needs the blocks 7 other cores received."""
    example = load_module(EXAMPLES / "matmul_systolic_pipes.py", "emu_matmul_systolic_pipes")
    a, b = uniform(rng, (256, 256)), uniform(rng, (256, 256))
    out = device.empty((256, 256))
    example.matmul_systolic(device.tensor(a), device.tensor(b), out)
    va, vb = f32(a).astype(np.float64), f32(b).astype(np.float64)
    # bf16 products summed in the destination registers over K = 8 tiles, one bf16 rounding.
    assert_within_ulps(out.to_numpy(), va @ vb, 8, np.abs(va) @ np.abs(vb))


def test_linear_pipe_coordinates_reach_their_nodes(device, rng):
    """tt-lang's 1-D pipes: node 0 multicasts to nodes 1..2 and 3..5 (x * rows + y)."""
    a = uniform(rng, (32, 32))
    out = device.empty((32, 192))
    programs.linear_fan_out(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), np.tile(bf16(2 * f32(a)), (1, 6)))


def test_a_run_of_nodes_that_is_no_rectangle_reaches_every_node(device, rng):
    """A 1-D multicast to nodes 2..7 of a 3 x 3 grid, three rectangles under one handshake
    (and two unicasts to nodes 1 and 8): every node holds the tile node 0 read."""
    a = uniform(rng, (32, 32))
    out = device.empty((32, 288))
    programs.run_fan_out(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), np.tile(bf16(2 * f32(a)), (1, 9)))


def test_pipes_from_a_list_comprehension_in_the_body(device, rng):
    a = uniform(rng, (64, 32))
    out = device.empty((64, 96))
    programs.row_casts_from_comprehension(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), np.tile(bf16(-f32(a)), (1, 3)))


def test_a_pipe_multicasts_row_major_rows(device, rng):
    # Element-shaped blocks (rows of a row-major tensor) through a multicast pipe; widths that
    # are not multiples of the NoC alignment, so the DFB page and the row differ.
    for _ in range(2):
        rows, width = int(rng.integers(1, 6)), int(rng.integers(3, 70))
        x = rng.standard_normal((rows, width)).astype(np.float32)
        out = device.empty((2 * rows, width), "float32", layout="row_major")
        programs.multicast_rows(device.tensor(x, "float32", layout="row_major"), out)
        assert np.array_equal(out.to_numpy(), np.concatenate([x, x])), (rows, width)
