"""Independent numpy references for results of the emulated device.

Element types are modelled with ml_dtypes (bfloat16 rounds to nearest even, as the packer
does); comparisons are either bit-exact or within a stated number of bfloat16 ulps of a
float64 reference."""

from __future__ import annotations

import ml_dtypes
import numpy as np

BF16 = ml_dtypes.bfloat16


def bf16(values: np.ndarray) -> np.ndarray:
    """Rounded to bfloat16, nearest even."""
    return np.asarray(values, dtype=np.float32).astype(BF16)


def truncate_bf16(values: np.ndarray) -> np.ndarray:
    """Rounded to bfloat16 toward zero (the low 16 bits dropped)."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32) & np.uint32(0xFFFF0000)
    return bits.view(np.float32).astype(BF16)


def f32(values: np.ndarray) -> np.ndarray:
    return np.asarray(values).astype(np.float32)


def assert_bits_equal(got: np.ndarray, expected: np.ndarray) -> None:
    """The same element type and bit pattern everywhere."""
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    width = {2: np.uint16, 4: np.uint32}[got.dtype.itemsize]
    g, e = got.view(width), expected.view(width)
    bad = np.argwhere(g != e)
    assert bad.size == 0, (
        f"{len(bad)} elements differ; first at {tuple(bad[0])}: got {got[tuple(bad[0])]} "
        f"expected {expected[tuple(bad[0])]}"
    )


def bf16_ulp(values: np.ndarray) -> np.ndarray:
    """The spacing of bfloat16 numbers at |values| (8 significant bits)."""
    magnitude = np.maximum(np.abs(np.asarray(values, dtype=np.float64)), 2.0**-126)
    return 2.0 ** (np.floor(np.log2(magnitude)) - 7)


def assert_within_ulps(got: np.ndarray, reference: np.ndarray, ulps: float, scale: np.ndarray | None = None) -> None:
    """|got - reference| <= ulps * bfloat16 ulp of ``scale`` (default: of the reference)."""
    g = np.asarray(got, dtype=np.float64)
    r = np.asarray(reference, dtype=np.float64)
    bound = ulps * bf16_ulp(r if scale is None else scale)
    error = np.abs(g - r)
    worst = np.unravel_index(np.argmax(error - bound), error.shape)
    assert np.all(error <= bound), (
        f"error {error[worst]:.3g} > {bound[worst]:.3g} at {worst}: got {g[worst]}, reference {r[worst]}"
    )
