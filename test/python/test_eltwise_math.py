"""ttl.math gelu / silu / square / exp2 / pow, ``**``, max / min (and maximum / minimum),
the comparisons eq ne lt le gt ge, where, and builtin abs() compile to the SFPU calls of
ttnn 0.81.1's compute API, and every kernel passes the real-header check. Misuse is an error at
the user's line. (Numbers: test/python/emu/test_eltwise_math_emulated.py.)"""

from __future__ import annotations

import re
import zlib

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

SOURCE = """import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a, b, c, out):
    dx = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    dy = ttl.make_dataflow_buffer_like(b, shape=(1, 2), block_count=2)
    dz = ttl.make_dataflow_buffer_like(c, shape=(1, 2), block_count=2)
    do = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)
{copies}
    with {waits}, do.reserve() as o:
        o.store({expr})
    with do.wait() as o:
        ttl.copy(o, out[0, 0:2]).wait()
"""
COPY = "    with d{n}.reserve() as blk:\n        ttl.copy({t}[0, 0:2], blk).wait()"


def _load(tmp_path, expr: str):
    # Only the blocks the expression reads are copied in and waited for.
    names = [n for n in "xyz" if re.search(rf"\b{n}\b", expr)]
    copies = "\n".join(COPY.format(n=n, t="abc"["xyz".index(n)]) for n in names)
    waits = ", ".join(f"d{n}.wait() as {n}" for n in names)
    path = tmp_path / "math_op.py"
    source = SOURCE.format(expr=expr, copies=copies, waits=waits)
    path.write_text(source)
    module = load_module(path, f"math_{zlib.crc32(expr.encode())}")
    module.op.expr_line = source.splitlines().index(f"        o.store({expr})") + 1
    return module.op


def _compile(tmp_path, expr: str, dtype: str = "bfloat16"):
    spec = ttl.TensorSpec((32, 64), dtype=dtype)
    return _load(tmp_path, expr).compile(spec, spec, spec, spec)


def _compute(compiled) -> str:
    (source,) = [d.source for d in compiled.descriptors if d.role.value == "compute"]
    return source


def _calls(source: str) -> list[str]:
    return re.findall(r"^\s+(\w+(?:<[^>]*>)?)\(", source, re.M)


CASES = {
    # expression: (the math calls in order, without copies and the register protocol; header)
    "ttl.math.gelu(x)": (["gelu_tile_init<false>", "gelu_tile<false>"], "eltwise_unary/gelu.h"),
    "ttl.math.silu(x)": (["silu_tile_init", "silu_tile"], "compute_kernel_api.h"),
    "ttl.math.square(x)": (["square_tile_init", "square_tile"], "compute_kernel_api.h"),
    "ttl.math.exp2(x)": (["exp2_tile_init", "exp2_tile"], "compute_kernel_api.h"),
    "x ** 2": (["power_tile_init", "power_tile"], "compute_kernel_api.h"),
    "ttl.math.pow(x, 1.5)": (["power_tile_init", "power_tile"], "compute_kernel_api.h"),
    "abs(x)": (["abs_tile_init", "abs_tile"], "compute_kernel_api.h"),
    "ttl.math.max(x, y)": (["binary_max_tile_init", "binary_max_tile"], "binary_max_min.h"),
    "ttl.math.maximum(x, y)": (["binary_max_tile_init", "binary_max_tile"], "binary_max_min.h"),
    "ttl.math.min(x, y)": (["binary_min_tile_init", "binary_min_tile"], "binary_max_min.h"),
    "ttl.math.minimum(x, y)": (["binary_min_tile_init", "binary_min_tile"], "binary_max_min.h"),
    **{
        f"ttl.math.{name}(x, y)": ([f"{name}_binary_tile_init", f"{name}_binary_tile"],
                                   "eltwise_binary_sfpu.h")
        for name in ("eq", "ne", "lt", "le", "gt", "ge")
    },
    "ttl.math.where(x, y, z)": (["where_tile_init", "where_tile<DataFormat::Float16_b>"],
                                "eltwise_unary/where.h"),
}


@pytest.mark.parametrize("expr", sorted(CASES))
def test_construct_compiles_to_its_sfpu_calls(toolchain, tmp_path, expr):
    calls, header = CASES[expr]
    compiled = _compile(tmp_path, expr)
    source = _compute(compiled)
    math = [c for c in _calls(source)
            if c not in ("copy_init", "copy_tile", "tile_regs_acquire", "tile_regs_commit",
                         "tile_regs_wait", "tile_regs_release", "pack_tile", "cb_wait_front",
                         "cb_reserve_back", "cb_push_back", "cb_pop_front",
                         "compute_kernel_hw_startup", "get_compile_time_arg_val")]
    assert math == calls
    assert f'#include "api/compute/{header}"' in source
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


@pytest.mark.parametrize(
    "expr, bits",
    [("x ** 2", "0x40000000u"), ("x ** 3", "0x40400000u"), ("ttl.math.pow(x, 0.5)", "0x3f000000u"),
     ("x ** -1", "0xbf800000u")],
)
def test_pow_passes_the_exponent_as_f32_bits(tmp_path, expr, bits):
    assert f"power_tile(0, {bits});" in _compute(_compile(tmp_path, expr))


def test_fused_expression_and_fp32_where(toolchain, tmp_path):
    expr = "ttl.math.where(ttl.math.gt(x, y), ttl.math.silu(x) ** 2, abs(ttl.math.min(y, z)))"
    for dtype, fmt in (("bfloat16", "Float16_b"), ("float32", "Float32")):
        compiled = _compile(tmp_path, expr, dtype)
        source = _compute(compiled)
        # One acquire per tile; the condition's register holds the result.
        assert f"where_tile<DataFormat::{fmt}>(0, 1, 2, 0);" in source
        assert "pack_tile(0, " in source
        assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


@pytest.mark.parametrize(
    "expr, message",
    [
        ("x ** y", "blocks do not support 'Pow'"),
        ("2 ** x", "blocks do not support 'Pow' with a scalar"),
        ("x ** 1e300", "not finite in f32"),
        ("ttl.math.pow(x, y)", "block math combines a block with another block or a compile-time number"),
        ("ttl.math.pow(x)", "ttl.math.pow(block, exponent) takes a block and a compile-time number"),
        ("x < y", "blocks are compared with ttl.math.lt(a, b)"),
        ("x == y", "blocks are compared with ttl.math.eq(a, b)"),
        ("max(x, y)", "the element-wise max of blocks is ttl.math.max(a, b), not max()"),
        ("ttl.math.max(x)", "ttl.math.max(a, b) takes two blocks"),
        ("ttl.math.lt(x, 1.0)", "ttl.math.lt(a, b) takes two blocks, got float 1.0"),
        ("ttl.math.where(x, y)", "ttl.math.where(condition, true_value, false_value) takes three blocks"),
        ("ttl.math.gelu(x, y)", "ttl.math.gelu(block) takes one block"),
        ("ttl.math.erf(x)", "ttl.math.erf is not supported by ttlang (supported: "),
    ],
)
def test_misuse_is_an_error_at_the_line(tmp_path, expr, message):
    op = _load(tmp_path, expr)
    spec = ttl.TensorSpec((32, 64))
    with pytest.raises(ttl.FrontendError) as info:
        op.compile(spec, spec, spec, spec)
    assert message in info.value.message
    assert info.value.line == op.expr_line


def test_where_of_mixed_element_types_is_an_error(tmp_path):
    op = _load(tmp_path, "ttl.math.where(x, y, z)")
    bf, f = ttl.TensorSpec((32, 64)), ttl.TensorSpec((32, 64), dtype="float32")
    with pytest.raises(ttl.FrontendError) as info:
        op.compile(bf, bf, f, bf)
    assert "the blocks' types must match" in info.value.message
    assert info.value.line == op.expr_line
