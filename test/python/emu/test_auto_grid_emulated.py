"""An operation with grid="auto" runs on every worker core of the emulated device it is
called on (wormhole_b0 8x8, blackhole 13x10): each core adds its tiles, and the sum is
bit-exact with numpy's bfloat16(float32(a) + float32(b)) (FPU add, docs/emulator.md)."""

from __future__ import annotations

import numpy as np
import pytest

from numerics import assert_bits_equal, bf16, f32
from program_files import load_module
from test_auto_grid import GRIDS, SOURCE


@pytest.mark.parametrize("arch", sorted(GRIDS))
def test_auto_grid_add_covers_every_core(emu_cache, rng, tmp_path, arch):
    import ttlang.emu as emu

    device = emu.open_device(arch, cache_dir=emu_cache)
    path = tmp_path / "auto_add.py"
    path.write_text(SOURCE.format(grid="auto"))
    add = load_module(path, f"auto_add_{arch}").add
    cols, rows = GRIDS[arch]
    shape = (rows * 32, cols * 64)  # two tiles per core
    a = bf16(rng.uniform(-2, 2, shape))
    b = bf16(rng.uniform(-2, 2, shape))
    out = device.empty(shape)
    tensors = (device.tensor(a), device.tensor(b), out)
    add(*tensors)
    # Compiled for the device's architecture: its whole worker grid.
    assert add.runtime(*tensors, target=arch).artifact.grid == (cols, rows)
    assert_bits_equal(out.to_numpy(), bf16(f32(a) + f32(b)))
