"""The element-wise math of ttl.math (gelu, silu, square, exp2, pow / **, max / min,
comparisons, where) and builtin abs() compiled by ttlang compute what numpy computes, on the
emulated device (docs/emulator.md: every SFPU result is rounded or truncated into the 16-bit
DEST, then packed to bfloat16 nearest even). Each test states its tolerance."""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest

from numerics import BF16, assert_bits_equal, assert_within_ulps, bf16, f32
from program_files import load_module

UNARY = """
import ttlang as ttl


@ttl.operation(grid=(2, 1))
def unary(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 2), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)
    col, _ = ttl.node(dims=2)
    for r in range(x.shape[0] // 32):
        with x_dfb.reserve() as blk:
            ttl.copy(x[r, col * 2:col * 2 + 2], blk).wait()
        with x_dfb.wait() as v, o_dfb.reserve() as o:
            o.store({expr})
        with o_dfb.wait() as o:
            ttl.copy(o, out[r, col * 2:col * 2 + 2]).wait()
"""

BINARY = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def binary(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(a.shape[0] // 32):
        for c in range(a.shape[1] // 32):
            with a_dfb.reserve() as x, b_dfb.reserve() as y:
                tx = ttl.copy(a[r, c], x)
                ty = ttl.copy(b[r, c], y)
                tx.wait()
                ty.wait()
            with a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as o:
                o.store({expr})
            with o_dfb.wait() as o:
                ttl.copy(o, out[r, c]).wait()
"""

WHERE = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def select(cond, a, b, out):
    c_dfb = ttl.make_dataflow_buffer_like(cond, shape=(1, 1), block_count=2)
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    for r in range(a.shape[0] // 32):
        with c_dfb.reserve() as z, a_dfb.reserve() as x, b_dfb.reserve() as y:
            tz = ttl.copy(cond[r, 0], z)
            tx = ttl.copy(a[r, 0], x)
            ty = ttl.copy(b[r, 0], y)
            tz.wait()
            tx.wait()
            ty.wait()
        with c_dfb.wait() as z, a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as o:
            o.store(ttl.math.where(z, x, y))
        with o_dfb.wait() as o:
            ttl.copy(o, out[r, 0]).wait()
"""


def _load(tmp_path, template, name, expr):
    path = tmp_path / f"{name}.py"
    path.write_text(template.format(expr=expr))
    return load_module(path, f"eltwise_{name}")


def _f64(x):
    return np.asarray(x, dtype=np.float64)


def _phi(x):
    return 0.5 * np.vectorize(math.erfc)(-_f64(x) / math.sqrt(2.0))


# (id, expression, input range, float64 reference, bfloat16 ulps)
UNARY_CASES = [
    # gelu_tile<false>: x * Phi(x) rounded once into DEST (RNE), then packed; in the 16-bit
    # DEST gelu.h saturates to 0 below -5.54 and to x from 2.78125 (within 1 ulp of x * Phi(x)).
    ("gelu", "ttl.math.gelu(v)", (-4.0, 4.0), lambda x: _f64(x) * _phi(x), 1),
    # silu.h: x * sigmoid(x), rounded once: 1 ulp.
    ("silu", "ttl.math.silu(v)", (-6.0, 6.0), lambda x: _f64(x) / (1.0 + np.exp(-_f64(x))), 1),
    # exp2.h rounds once (RNE): 1 ulp of 2 ** x.
    ("exp2", "ttl.math.exp2(v)", (-8.0, 8.0), lambda x: np.exp2(_f64(x)), 1),
    # power_tile(i, bits of 3.0): x ** 3 with the sign of x, rounded once (RNE): 1 ulp.
    ("pow3", "v ** 3", (-3.0, 3.0), lambda x: _f64(x) ** 3, 1),
    ("pow_half", "ttl.math.pow(v, 0.5)", (0.0, 9.0), lambda x: np.sqrt(_f64(x)), 1),
    # A fused chain: silu(x) ** 2 + exp2(x) rounds after each of its three SFPU ops (the add
    # truncates into DEST): 3 ulps of the result.
    ("chain", "ttl.math.silu(v) ** 2 + ttl.math.exp2(v)", (-2.0, 2.0),
     lambda x: (_f64(x) / (1.0 + np.exp(-_f64(x)))) ** 2 + np.exp2(_f64(x)), 3),
]


@pytest.mark.parametrize(
    "expr, bounds, reference, ulps", [c[1:] for c in UNARY_CASES], ids=[c[0] for c in UNARY_CASES]
)
def test_unary_math_within_ulps(device, rng, tmp_path, expr, bounds, reference, ulps):
    op = _load(tmp_path, UNARY, f"unary_{zlib.crc32(expr.encode())}", expr).unary
    x = bf16(rng.uniform(*bounds, (64, 128)))
    out = device.empty((64, 128))
    op(device.tensor(x), out)
    assert_within_ulps(out.to_numpy(), reference(x), ulps)


@pytest.mark.parametrize(
    "expr, reference",
    [
        # square.h rounds x * x to bfloat16 nearest even: bit-exact.
        ("ttl.math.square(v)", lambda x: bf16(f32(x) * f32(x))),
        # abs() is ttl.abs: abs_tile clears the sign bit, exact.
        ("abs(v)", lambda x: np.abs(x)),
        ("ttl.math.abs(v)", lambda x: np.abs(x)),
    ],
    ids=["square", "abs_builtin", "abs_math"],
)
def test_exact_unary_math(device, rng, tmp_path, expr, reference):
    op = _load(tmp_path, UNARY, f"exact_{zlib.crc32(expr.encode())}", expr).unary
    x = bf16(rng.uniform(-8.0, 8.0, (32, 128)))
    out = device.empty((32, 128))
    op(device.tensor(x), out)
    assert_bits_equal(out.to_numpy(), reference(x).astype(BF16))


# Small integers, so that about a quarter of the pairs are equal.
def _pairs(rng, shape):
    a = bf16(rng.integers(-3, 4, shape).astype(np.float32))
    b = bf16(rng.integers(-3, 4, shape).astype(np.float32))
    return a, b


@pytest.mark.parametrize(
    "expr, reference",
    [
        # binary_max_min.h selects one operand: bit-exact.
        ("ttl.math.max(x, y)", np.maximum),
        ("ttl.math.min(x, y)", np.minimum),
        ("ttl.math.maximum(x, y)", np.maximum),
        ("ttl.math.minimum(x, y)", np.minimum),
        # eltwise_binary_sfpu.h comparisons: exactly 1.0 or 0.0.
        ("ttl.math.eq(x, y)", np.equal),
        ("ttl.math.ne(x, y)", np.not_equal),
        ("ttl.math.lt(x, y)", np.less),
        ("ttl.math.le(x, y)", np.less_equal),
        ("ttl.math.gt(x, y)", np.greater),
        ("ttl.math.ge(x, y)", np.greater_equal),
        # where of a comparison: the element-wise minimum, exact.
        ("ttl.math.where(ttl.math.lt(x, y), x, y)", np.minimum),
        ("ttl.math.where(ttl.math.ge(x, y), x - y, y - x)", lambda a, b: np.abs(f32(a) - f32(b))),
    ],
    ids=["max", "min", "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge", "where_lt",
         "where_ge"],
)
def test_binary_math_is_exact(device, rng, tmp_path, expr, reference):
    op = _load(tmp_path, BINARY, f"binary_{zlib.crc32(expr.encode())}", expr).binary
    a, b = _pairs(rng, (64, 64))
    out = device.empty((64, 64))
    op(device.tensor(a), device.tensor(b), out)
    expected = bf16(f32(reference(f32(a), f32(b))))
    assert_bits_equal(out.to_numpy(), expected)


def test_comparisons_of_real_values(device, rng, tmp_path):
    op = _load(tmp_path, BINARY, "lt_real", "ttl.math.lt(x, y)").binary
    a = bf16(rng.normal(0.0, 1.0, (32, 64)))
    b = bf16(rng.normal(0.0, 1.0, (32, 64)))
    out = device.empty((32, 64))
    op(device.tensor(a), device.tensor(b), out)
    assert_bits_equal(out.to_numpy(), bf16((f32(a) < f32(b)).astype(np.float32)))


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_where_selects_by_nonzero_condition(device, rng, tmp_path, dtype):
    # An f32 DFB gives the kernel fp32 DEST: where_tile<DataFormat::Float32>; bf16 gives
    # where_tile<DataFormat::Float16_b>. Both select exactly.
    op = _load(tmp_path, WHERE, f"where_{dtype}", "").select
    np_type = np.float32 if dtype == "float32" else BF16
    cond = rng.choice(np.array([0.0, 1.0, -2.5, 0.5], np.float32), (64, 32)).astype(np_type)
    a = rng.normal(0.0, 1.0, (64, 32)).astype(np.float32).astype(np_type)
    b = rng.normal(0.0, 1.0, (64, 32)).astype(np.float32).astype(np_type)
    out = device.empty((64, 32), dtype=dtype)
    op(device.tensor(cond, dtype=dtype), device.tensor(a, dtype=dtype),
       device.tensor(b, dtype=dtype), out)
    assert_bits_equal(out.to_numpy(), np.where(f32(cond) != 0, a, b).astype(np_type))
