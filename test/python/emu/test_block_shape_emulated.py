"""fill, broadcast, reduce_sum / reduce_max and transpose (docs/language.md) on the emulated
device, and the examples built from them (softmax, layer norm, bias add, column sums), against
independent numpy references. Each tolerance says where its error comes from (docs/emulator.md:
FPU results round to nearest even into the 16-bit DEST, SFPU results truncate into it, the
packer rounds to bfloat16 nearest even). Emulated results, not hardware ones."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16, assert_bits_equal, bf16, f32
from program_files import load_module
from shape_programs import one_store_op

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"
BF16_EPS = 2.0**-8  # half an ulp of bfloat16, relative


def example(name: str):
    return load_module(EXAMPLES / name, "emu_shape_" + name.removesuffix(".py"))


def uniform(rng, shape, low=-1.0, high=1.0):
    return bf16(rng.uniform(low, high, shape))


def f64(x):
    return np.asarray(x, dtype=np.float64)


def one_store(tmp_path, expr, in_shape, out_shape):
    return one_store_op(tmp_path, expr, in_shape, out_shape)


def run(device, op, x, out_shape):
    out = device.empty(out_shape)
    op(device.tensor(x), out)
    return out.to_numpy()


def fpu_mul(a, b):
    return np.where((a == 0) | (b == 0), np.float32(0), a * b)


def test_fill_both_spellings_are_exact(device, rng, tmp_path):
    x = uniform(rng, (64, 64))
    # fill_tile_bitcast writes the f32 bits; 0.375 is exact in bfloat16 (and v * 0 is +-0).
    for expr in ("v * 0 + ttl.math.fill(o, 0.375)", "v * 0 + ttl.block.fill(0.375, shape=(2, 2))",
                 "v * 0 + ttl.block.fill(0.375, shape=o.shape, dtype=v.dtype)"):
        got = run(device, one_store(tmp_path, expr, (2, 2), (2, 2)), x, (64, 64))
        assert_bits_equal(got, np.full((64, 64), 0.375, dtype=BF16))


@pytest.mark.parametrize(
    "dims, in_shape, pick",
    [
        ([0], (1, 2), lambda b: np.repeat(b[0:1, :], 64, axis=0)),       # row 0 down the rows
        ([1], (2, 1), lambda b: np.repeat(b[:, 0:1], 64, axis=1)),       # column 0 across
        ([0, 1], (1, 1), lambda b: np.full((64, 64), b[0, 0], dtype=b.dtype)),
        ([-2, -1], (1, 1), lambda b: np.full((64, 64), b[0, 0], dtype=b.dtype)),
    ],
    ids=["rows", "cols", "scalar", "negative_dims"],
)
def test_broadcast_alone_is_exact(device, rng, tmp_path, dims, in_shape, pick):
    # unary_bcast copies bfloat16 through SrcB into DEST unchanged.
    x = uniform(rng, (32 * in_shape[0], 32 * in_shape[1]))
    expr = f"ttl.block.broadcast(v, dims={dims}, shape=(2, 2))"
    got = run(device, one_store(tmp_path, expr, in_shape, (2, 2)), x, (64, 64))
    assert_bits_equal(got, pick(x))


@pytest.mark.parametrize(
    "fn, dims, in_shape, out_shape, reduce, place",
    [
        ("reduce_sum", [1], (2, 3), (2, 1), lambda x: x.sum(1), lambda o: o[:, 0]),
        ("reduce_sum", [0], (3, 2), (1, 2), lambda x: x.sum(0), lambda o: o[0, :]),
        ("reduce_sum", [0, 1], (2, 2), (1, 1), lambda x: np.array([x.sum()]), lambda o: o[0, :1]),
        ("reduce_max", [1], (2, 3), (2, 1), lambda x: x.max(1), lambda o: o[:, 0]),
        ("reduce_max", [0], (3, 2), (1, 2), lambda x: x.max(0), lambda o: o[0, :]),
        ("reduce_max", [0, 1], (2, 2), (1, 1), lambda x: np.array([x.max()]), lambda o: o[0, :1]),
    ],
    ids=["sum_rows", "sum_cols", "sum_all", "max_rows", "max_cols", "max_all"],
)
def test_reductions_without_a_scaler(device, rng, tmp_path, fn, dims, in_shape, out_shape, reduce, place):
    # Inputs of both signs and all-negative rows: a maximum must not be clamped at 0.
    x = uniform(rng, (32 * in_shape[0], 32 * in_shape[1]), -2.0, 1.0)
    got = run(device, one_store(tmp_path, f"ttl.math.{fn}(v, dims={dims})", in_shape, out_shape),
              x, (32 * out_shape[0], 32 * out_shape[1]))
    expected = reduce(f64(x))
    values = f64(place(got))
    if fn == "reduce_max":
        # GMPOOL selects an element and the scaler is 1.0: exact.
        np.testing.assert_array_equal(values, expected)
    else:
        # Each 16-term face partial is exact in f32 and rounds once into the bfloat16 DEST,
        # then the packer rounds: at most (faces + 1) half-ulps of the sum of |x|.
        n_terms = f64(x).size // expected.size
        bound = (n_terms // 16 + 1) * BF16_EPS * np.abs(reduce(np.abs(f64(x))))
        assert np.all(np.abs(values - expected) <= bound + 1e-30)
    # Every datum outside the reduction's row / column is zero (the packer's edge masks).
    mask = np.zeros(got.shape, dtype=bool)
    if dims == [1]:
        mask[:, 0::32] = True
    elif dims == [0]:
        mask[0::32, :] = True
    else:
        mask[0, 0] = True
    assert not np.any(f32(got)[~mask])


def test_reduce_with_a_scaler_scales_the_sum(device, rng, tmp_path):
    text = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 2), block_count=2)
    s_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with x_dfb.reserve() as blk:
        ttl.copy(x[0, 0:2], blk).wait()
    with s_dfb.reserve() as s:
        s.store(ttl.block.fill(0.25, shape=(1, 1)))
    with x_dfb.wait() as v, s_dfb.wait() as s, o_dfb.reserve() as o:
        o.store(ttl.math.reduce_sum(v, s, dims=[-1]))
    with o_dfb.wait() as o:
        ttl.copy(o, out[0, 0]).wait()
"""
    path = tmp_path / "scaled.py"
    path.write_text(text)
    x = uniform(rng, (32, 64))
    got = run(device, load_module(path, "scaled").op, x, (32, 32))
    expected = 0.25 * f64(x).sum(1)
    bound = 5 * BF16_EPS * 0.25 * np.abs(f64(x)).sum(1)
    assert np.all(np.abs(f64(got[:, 0]) - expected) <= bound)


def test_transpose_is_exact(device, rng, tmp_path):
    # transpose_tile moves bfloat16 values unchanged; a 1x2-tile block becomes 2x1.
    x = uniform(rng, (32, 64))
    for expr in ("ttl.math.transpose(v)", "ttl.block.transpose(v)"):
        got = run(device, one_store(tmp_path, expr, (1, 2), (2, 1)), x, (64, 32))
        assert_bits_equal(got, np.ascontiguousarray(x.T))


def test_softmax_rows_example(device, rng):
    x = uniform(rng, (128, 64), -4.0, 4.0)
    out = device.empty((128, 64))
    example("softmax_rows.py").softmax(device.tensor(x), out)
    shifted = f64(x) - f64(x).max(1, keepdims=True)
    expected = np.exp(shifted) / np.exp(shifted).sum(1, keepdims=True)
    # exp (2 ulps), its bfloat16 store, the row sum (5 half-ulps), the division (1 ulp) and
    # the final pack: within 8 ulps of bfloat16 relative to each value.
    assert np.all(np.abs(f64(out.to_numpy()) - expected) <= 8 * 2 * BF16_EPS * expected)
    np.testing.assert_allclose(f64(out.to_numpy()).sum(1), 1.0, atol=0.05)


def test_layer_norm_example(device, rng):
    x = uniform(rng, (64, 64), -2.0, 2.0)
    gamma, beta = uniform(rng, (32, 64), 0.5, 1.5), uniform(rng, (32, 64))
    out = device.empty((64, 64))
    example("layer_norm.py").layer_norm(
        device.tensor(x), device.tensor(gamma), device.tensor(beta), out)
    mean = f64(x).mean(1, keepdims=True)
    var = ((f64(x) - mean) ** 2).mean(1, keepdims=True)
    expected = (f64(x) - mean) / np.sqrt(var + 1e-5) * f64(gamma)[0] + f64(beta)[0]
    # Every intermediate is a bfloat16 (mean, centered x, squares, variance) and four SFPU
    # steps truncate into DEST: an absolute error of a few hundredths on outputs of order 1.
    np.testing.assert_allclose(f64(out.to_numpy()), expected, atol=0.08)


def test_bias_add_rows_example(device, rng):
    x, bias = uniform(rng, (128, 128)), uniform(rng, (32, 128))
    out = device.empty((128, 128))
    example("bias_add_rows.py").bias_add(device.tensor(x), device.tensor(bias), out)
    # add_tiles_bcast_rows on the FPU: the f32 sum rounded to nearest even into the 16-bit
    # DEST, exactly numpy's bfloat16(float32(x) + float32(bias row)).
    assert_bits_equal(out.to_numpy(), bf16(f32(x) + f32(bias)[0:1, :]))


@pytest.mark.parametrize(
    "expr, shape, reference",
    [
        # x op broadcast(waited) runs on the FPU: one rounding to nearest even.
        ("v - ttl.block.broadcast(v, dims=[0], shape=(1, 2))", (1, 2),
         lambda x: bf16(f32(x) - np.tile(f32(x)[0:1, :], (32, 1)))),
        # The FPU's product with a zero operand is +0 (emulator-facts.md section 6).
        ("v * ttl.block.broadcast(v, dims=[1], shape=(2, 1))", (2, 1),
         lambda x: bf16(fpu_mul(f32(x), np.repeat(f32(x)[:, 0:1], 32, 1)))),
        ("v + ttl.block.broadcast(v, dims=[0, 1], shape=(1, 1))", (1, 1),
         lambda x: bf16(f32(x) + f32(x)[0, 0])),
    ],
    ids=["sub_rows", "mul_cols", "add_scalar"],
)
def test_fpu_broadcast_binary_is_exact(device, rng, tmp_path, expr, shape, reference):
    # Multiples of 1/16: the f32 results are exact, the FPU rounds once into DEST.
    x = bf16(rng.integers(-32, 32, (32 * shape[0], 32 * shape[1])).astype(np.float32) / 16)
    got = run(device, one_store(tmp_path, expr, shape, shape), x, x.shape)
    assert_bits_equal(got, reference(x))


def test_column_sum_example(device, rng):
    x = uniform(rng, (128, 128))
    out = device.empty((32, 128))
    example("column_sum.py").column_sum(device.tensor(x), out)
    expected = f64(x).sum(0)
    bound = 9 * BF16_EPS * np.abs(f64(x)).sum(0)
    assert np.all(np.abs(f64(out.to_numpy())[0] - expected) <= bound)
    assert not np.any(f32(out.to_numpy())[1:])


def test_f32_broadcast_keeps_every_bit_with_fp32_dest(device, rng, tmp_path):
    # An f32 kernel runs with fp32 DEST, and the broadcast DFB, read only by unary_bcast, is
    # unpacked straight to DEST (bcast.h's 32-bit path): no TF32 rounding on the way.
    x = rng.uniform(-1.0, 1.0, (32, 64)).astype(np.float32)
    op = one_store(tmp_path, "ttl.block.broadcast(v, dims=[0], shape=(2, 2))", (1, 2), (2, 2))
    out = device.empty((64, 64), dtype="float32")
    op(device.tensor(x), out)
    assert_bits_equal(out.to_numpy(), np.tile(x[0:1, :], (64, 1)))


def test_f32_row_sum(device, rng, tmp_path):
    # The FPU reads f32 through SrcA as TF32 (10 mantissa bits) and accumulates in the fp32
    # DEST: within 2**-11 of the sum of |x| per term group.
    x = rng.uniform(-1.0, 1.0, (32, 64)).astype(np.float32)
    op = one_store(tmp_path, "ttl.math.reduce_sum(v, dims=[1])", (1, 2), (1, 1))
    out = device.empty((32, 32), dtype="float32")
    op(device.tensor(x), out)
    expected = f64(x).sum(1)
    assert np.all(np.abs(f64(out.to_numpy())[:, 0] - expected) <= 2.0**-10 * np.abs(f64(x)).sum(1))


MIXED = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(x, y, ox, oy):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 2), block_count=2)
    ox_dfb = ttl.make_dataflow_buffer_like(ox, shape=(1, 1), block_count=2)
    oy_dfb = ttl.make_dataflow_buffer_like(oy, shape=(2, 1), block_count=2)
    with x_dfb.reserve() as a, y_dfb.reserve() as b:
        ttl.copy(x[0, 0], a).wait()
        ttl.copy(y[0, 0:2], b).wait()
    with x_dfb.wait() as a, y_dfb.wait() as b, ox_dfb.reserve() as p, oy_dfb.reserve() as q:
        p.store(ttl.math.abs(a))
        q.store(ttl.block.transpose(b))
    with ox_dfb.wait() as p, oy_dfb.wait() as q:
        ttl.copy(p, ox[0, 0]).wait()
        ttl.copy(q, oy[0:2, 0]).wait()
"""


def test_f32_transpose_after_bf16_math_keeps_every_bit(device, rng, tmp_path):
    # transpose_init does not program SrcA's format (transpose.h): the kernel's
    # reconfig_data_format_srca before the f32 transpose does, and the f32 DFB, read only by
    # transpose_tile, unpacks straight to the fp32 DEST.
    path = tmp_path / "mixed.py"
    path.write_text(MIXED)
    op = load_module(path, "mixed_transpose").op
    x = uniform(rng, (32, 32))
    y = rng.uniform(-1.0, 1.0, (32, 64)).astype(np.float32)
    ox, oy = device.empty((32, 32)), device.empty((64, 32), dtype="float32")
    op(device.tensor(x), device.tensor(y), ox, oy)
    assert_bits_equal(ox.to_numpy(), np.abs(x))
    assert_bits_equal(oy.to_numpy(), np.ascontiguousarray(y.T))


COMPACT_SOFTMAX = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def softmax(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 2), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)
    for r in range(x.shape[0] // 32):
        with x_dfb.reserve() as blk:
            ttl.copy(x[r, 0:2], blk).wait()
        with x_dfb.wait() as v, o_dfb.reserve() as o:
            m = ttl.math.reduce_max(v, dims=[1])
            e = ttl.math.exp(v - ttl.block.broadcast(m, dims=[1], shape=(1, 2)))
            o.store(e / ttl.block.broadcast(ttl.math.reduce_sum(e, dims=[1]), dims=[1], shape=(1, 2)))
        with o_dfb.wait() as o:
            ttl.copy(o, out[r, 0:2]).wait()
"""


def test_softmax_in_one_expression_with_compiler_dfbs(device, rng, tmp_path):
    # tt-lang's style: broadcasts of reductions and a reduction of computed math, which the
    # compiler stores into DFBs of its own (ttl-materialize-compute-dfbs). exp is computed
    # again for the final quotient; the bound is the softmax example's.
    path = tmp_path / "compact_softmax.py"
    path.write_text(COMPACT_SOFTMAX)
    op = load_module(path, "compact_softmax").softmax
    compiled = op.compile(*[__import__("ttlang").TensorSpec((64, 64))] * 2)
    # Two scaler waits and three computed inputs (max, exp, sum) held in compiler DFBs.
    assert compiled.ir.count("!ttl.dfb<1x1xbf16, 1>") >= 3
    x = uniform(rng, (64, 64), -4.0, 4.0)
    out = device.empty((64, 64))
    op(device.tensor(x), out)
    shifted = f64(x) - f64(x).max(1, keepdims=True)
    expected = np.exp(shifted) / np.exp(shifted).sum(1, keepdims=True)
    assert np.all(np.abs(f64(out.to_numpy()) - expected) <= 8 * 2 * BF16_EPS * expected)
