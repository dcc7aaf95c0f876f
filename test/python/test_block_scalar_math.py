"""Block-scalar math passes each compute-API call the f32 operand it applies as the real headers
define it (ckernel_sfpu_binop_with_unary.h, ckernel_sfpu_rdiv.h in the ttnn wheel): add x + s,
sub x - s, rsub s - x, mul x * s, rdiv_tile s / x, and div_unary_tile x * s, so ``x / s`` passes
the bits of 1 / s rounded to f32. A compile-time zero divisor is an error at its line."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from program_files import load_module

import ttlang as ttl

SPEC = ttl.TensorSpec((32, 32))

SOURCE = """import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with d.reserve() as x:
        ttl.copy(a[0, 0], x).wait()
    with d.wait() as x, o.reserve() as y:
        y.store({expr})
    with o.wait() as y:
        ttl.copy(y, out[0, 0]).wait()
"""
EXPR_LINE = 11


def _bits(value: float) -> str:
    return f"0x{struct.unpack('<I', struct.pack('<f', value))[0]:x}u"


def _compile(tmp_path, expr: str):
    path = tmp_path / "scalar_op.py"
    path.write_text(SOURCE.format(expr=expr))
    return load_module(path, f"scalar_{abs(hash(expr))}").op.compile(SPEC, SPEC)


def _compute_source(compiled) -> str:
    (source,) = [d.source for d in compiled.descriptors if d.role.value == "compute"]
    return source


@pytest.mark.parametrize(
    "expr, call, operand",
    [
        ("x + 3.0", "add_unary_tile", 3.0),
        ("3.0 + x", "add_unary_tile", 3.0),
        ("x - 3.0", "sub_unary_tile", 3.0),
        ("3.0 - x", "rsub_unary_tile", 3.0),
        ("x * 3.0", "mul_unary_tile", 3.0),
        ("x / 10.0", "div_unary_tile", float(np.float32(1) / np.float32(10))),
        ("x / 3", "div_unary_tile", float(np.float32(1) / np.float32(3))),
        ("x / -0.5", "div_unary_tile", -2.0),
        ("10.0 / x", "rdiv_tile", 10.0),
    ],
)
def test_scalar_operand_matches_the_header_semantics(tmp_path, expr, call, operand):
    source = _compute_source(_compile(tmp_path, expr))
    assert f"{call}(0, {_bits(operand)});" in source


def test_division_by_ten_no_longer_multiplies_by_ten(tmp_path):
    source = _compute_source(_compile(tmp_path, "x / 10.0"))
    assert "0x41200000u" not in source  # the bits of 10.0: x * 10
    assert "div_unary_tile(0, 0x3dcccccdu);" in source


@pytest.mark.parametrize("expr", ["x / 0", "x / 0.0", "x / -0.0", "x / 1e-50"])
def test_division_by_a_compile_time_zero_is_an_error_at_its_line(tmp_path, expr):
    # The block-scalar op's verifier: a construct's rule, a FrontendError.
    with pytest.raises(ttl.FrontendError) as info:
        _compile(tmp_path, expr)
    assert info.value.line == EXPR_LINE
    assert "divides a block by zero" in info.value.message
