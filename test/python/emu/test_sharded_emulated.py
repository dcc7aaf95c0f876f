"""Sharded (height / width / block) operands on the emulated device: ttnn's placement (each
shard in its core's L1) and the generated kernels' sharded TensorAccessor, checked against
numpy on random (seeded) shapes, shard shapes, grids and orientations."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import ttlang as ttl
import ttlang.emu as emu
from sharded_programs import double_tiles, random_case

SCHEMES = ("height_sharded", "width_sharded", "block_sharded")


def _sharded(spec: ttl.ShardSpec, scheme: str) -> emu.MemoryConfig:
    return emu.MemoryConfig("l1", scheme, spec)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_sharded_tensor_round_trips(device, rng, scheme):
    """Writing and reading a sharded tensor gives back its values (bf16-rounded)."""
    for _ in range(4):
        shape, spec = random_case(rng, scheme)
        values = rng.standard_normal(shape).astype(np.float32)
        t = device.tensor(values, "bfloat16", _sharded(spec, scheme))
        np.testing.assert_array_equal(t.to_numpy(), values.astype(ml_dtypes.bfloat16))


def test_height_sharded_shards_sit_in_their_cores_l1(device):
    """Shard i of a height-sharded tensor is in the i-th core's L1 (row-major over the grid):
    a one-core operation reading tile (i, 0) gets shard i's first tile, so a placement that
    put the shards elsewhere would give other numbers."""
    spec = ttl.ShardSpec((((1, 2), (2, 3)),), (32, 64), "col_major")
    values = np.arange(128 * 64, dtype=np.float32).reshape(128, 64) / 64
    a = device.tensor(values, "bfloat16", _sharded(spec, "height_sharded"))
    out = device.empty((128, 64))
    double_tiles(a, out)
    np.testing.assert_array_equal(out.to_numpy(), (2 * values).astype(ml_dtypes.bfloat16))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("where", ["input", "output", "both"])
def test_sharded_operands_against_numpy(device, rng, scheme, where):
    """out = a + a (exact in bf16) with a sharded input, output or both, on random cases."""
    for _ in range(3):
        shape, spec = random_case(rng, scheme)
        values = rng.standard_normal(shape).astype(np.float32)
        in_config = _sharded(spec, scheme) if where in ("input", "both") else emu.DRAM
        out_config = _sharded(spec, scheme) if where in ("output", "both") else emu.L1
        a = device.tensor(values, "bfloat16", in_config)
        out = device.empty(shape, memory_config=out_config)
        result = double_tiles(a, out)
        assert result.emulated
        expected = (2 * values.astype(ml_dtypes.bfloat16).astype(np.float32)).astype(ml_dtypes.bfloat16)
        np.testing.assert_array_equal(out.to_numpy(), expected, err_msg=f"{shape} {spec}")


def test_height_sharded_layer_norm_example_against_numpy(device):
    """examples/layer_norm_height_sharded.py: each of the 8 cores normalises its own shard;
    within the bf16 budget of the layer norm example (two reductions, rsqrt, affine) of a
    float64 numpy reference."""
    import pathlib

    from program_files import load_module

    path = pathlib.Path(__file__).resolve().parents[3] / "examples" / "layer_norm_height_sharded.py"
    module = load_module(path, "emu_layer_norm_height_sharded")
    for seed in (1, 2):
        got, want = module.run(device, seed)
        np.testing.assert_allclose(got, want, atol=0.08, rtol=0.02)
