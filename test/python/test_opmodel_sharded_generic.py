"""The op model answers for a ttnn.generic whose TTL operation writes a sharded output: the
output's L1 is one shard per bank at one address, exactly what the emulated device allocates
for that tensor (its kernels address it through the sharded TensorAccessor)."""

from __future__ import annotations

import pytest

from sharded_programs import double_tiles, sharded_spec

import ttlang as ttl
import ttlang.emu as emu
from ttlang import opmodel
from ttlang.opmodel import Status, TTLOperation


CASES = [
    sharded_spec((256, 64), "height_sharded", (((0, 0), (3, 0)),), (64, 64)),
    sharded_spec((100, 64), "height_sharded", (((1, 1), (2, 2)),), (32, 64), "col_major"),
    sharded_spec((64, 160), "width_sharded", (((0, 0), (4, 0)),), (64, 32)),
    sharded_spec((96, 128), "block_sharded", (((2, 3), (3, 5)),), (32, 64)),
]


@pytest.fixture(autouse=True)
def fresh_caches():
    opmodel.clear_caches()
    yield
    opmodel.clear_caches()


@pytest.mark.parametrize("out", CASES, ids=lambda s: f"{s.memory_layout}-{s.shape}")
def test_sharded_output_l1_equals_the_emulated_allocation(tmp_path, out):
    compiled = double_tiles.compile(ttl.TensorSpec(out.shape), out)
    answer = opmodel.query_constraints(TTLOperation.of(compiled))
    device = emu.open_device(cache_dir=tmp_path)
    tensor = device.empty(out.shape, memory_config=emu.MemoryConfig("l1", out.memory_layout, out.shard))
    banks = device.grid[0] * device.grid[1]
    per_bank = tensor.pages * tensor.page_size // banks
    shard_tiles = (out.shard.shape[0] // 32) * (out.shard.shape[1] // 32)
    assert per_bank == shard_tiles * 2048
    assert (answer.output_size, answer.tensor_l1_peak) == (per_bank, per_bank)


def test_another_sharding_than_compiled_is_not_supported():
    """The kernels address the output as compiled: asking for another grid is not answered."""
    out = CASES[0]
    op = TTLOperation.of(double_tiles.compile(ttl.TensorSpec(out.shape), out))
    other = "#ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 128x64>"
    with pytest.raises(opmodel.OpModelError) as failure:
        opmodel.query_constraints(op, output=other)
    assert failure.value.status is Status.NOT_IMPLEMENTED
    assert "compiled for #ttnn.layout<l1, height_sharded, bf16, grid = 1x4, shard = 64x64>" in failure.value.message
