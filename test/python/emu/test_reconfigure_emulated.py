"""Synchronized DFB reconfiguration on the emulated device (docs/runtime-resources.md): a
reader streams tiles through one DFB whose depth changes between phases, the compute kernel
copies each tile to a one-block output DFB, a writer stores it. Every tile must land where it
came from (issue 33: the first phase ran ahead into later rings, and after a shrink the 16-bit
free-page count wrapped, so blocks overwrote unread ones; and the ring bases lived in one
process-wide variable). Grow, shrink, same size and two reconfigurations, on several cores,
in both kernel schedules."""

from __future__ import annotations

import numpy as np
import pytest

from program_files import load_module

TILES = 6  # tiles per core, one column of tiles each

PROGRAM = '''
import ttlang as ttl

@ttl.operation(grid=({cores}, 1))
def phases(inp, out):
    d = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count={counts[0]})
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=1)

    @ttl.datamovement()
    def read():
        col, _ = ttl.node(dims=2)
{read}

    @ttl.compute()
    def compute():
{compute}

    @ttl.datamovement()
    def write():
        col, _ = ttl.node(dims=2)
        for t in range({tiles}):
            with o.wait() as y:
                ttl.copy(y, out[t, col]).wait()
'''

READ = '''        for t in range({count}):
            with d.reserve() as x:
                ttl.copy(inp[{first} + t, col], x).wait()'''
COMPUTE = '''        for t in range({count}):
            with d.wait() as x, o.reserve() as y:
                y.store(x)'''


def _source(counts: tuple[int, ...], phase_tiles: tuple[int, ...], cores: int) -> str:
    read, compute, first = [], [], 0
    for index, count in enumerate(phase_tiles):
        if index:
            step = f"        d.reconfigure(block_count={counts[index]})"
            read.append(step)
            compute.append(step)
        read.append(READ.format(count=count, first=first))
        compute.append(COMPUTE.format(count=count))
        first += count
    return PROGRAM.format(cores=cores, counts=counts, read="\n".join(read),
                          compute="\n".join(compute), tiles=sum(phase_tiles))


@pytest.mark.parametrize("schedule", ["forward", "reverse"])
@pytest.mark.parametrize(
    "counts, phase_tiles",
    [
        ((1, 2), (2, 4)),  # grow
        ((1, 3), (1, 5)),
        ((2, 1), (3, 3)),  # shrink with blocks in flight
        ((3, 1), (4, 2)),
        ((2, 2), (3, 3)),  # same size, a new ring
        ((1, 3, 1), (2, 2, 2)),  # two reconfigurations
    ],
    ids=["grow-1-2", "grow-1-3", "shrink-2-1", "shrink-3-1", "same-2-2", "twice-1-3-1"],
)
def test_every_tile_lands_where_it_came_from(tmp_path, emu_cache, schedule, counts, phase_tiles):
    import ttlang.emu as emu

    cores = 3
    path = tmp_path / "phases.py"
    path.write_text(_source(counts, phase_tiles, cores))
    operation = load_module(path, f"reconfigure_{tmp_path.name}").phases
    device = emu.open_device(cache_dir=emu_cache, schedule=schedule)
    tiles = sum(phase_tiles)
    # Each tile a distinct constant, so a misplaced or stale tile is visible.
    values = np.arange(tiles * cores, dtype=np.float32).reshape(tiles, cores) + 1
    data = np.kron(values, np.ones((32, 32), np.float32))
    out = device.empty(data.shape, dtype="float32")
    operation(device.tensor(data), out)
    got = out.to_numpy()[::32, ::32]
    assert np.array_equal(got, values), f"tiles (row, core) hold {got.tolist()}, want {values.tolist()}"
