"""``ttl.TILE_SHAPE`` on the emulated device: an operation whose trip counts are sizes divided
by it doubles every tile, checked against numpy (emulated results, not hardware ones)."""

from __future__ import annotations

import numpy as np

from numerics import BF16, assert_bits_equal, bf16, f32
import tile_shape_programs as programs


def test_tile_shape_trip_counts_cover_every_tile(device, rng):
    a = rng.uniform(-2.0, 2.0, (64, 128)).astype(np.float32).astype(BF16)
    out = device.empty((64, 128))
    programs.doubles_by_tile_shape(device.tensor(a), out)
    assert_bits_equal(out.to_numpy(), bf16(2 * f32(a)))
