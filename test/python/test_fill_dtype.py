"""``ttl.block.fill(value, shape=...)`` without ``dtype=`` takes the element type of the blocks
it meets (tt-lang 1.1.6, where bf16 math with an f32 block would otherwise not type-check);
tt-lang 1.1.1's ``ttl.math.fill(blk, value)`` has ``blk``'s. Both through the real-header check."""

from __future__ import annotations

import pytest
from kernel_results import assert_pass_without_warnings
from shape_programs import one_store_op

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

F32 = ttl.TensorSpec((32, 64), dtype="float32")

# (id, stored expression, the fill the IR must hold)
CASES = [
    ("block_fill_meets_f32", "v + ttl.block.fill(0.1, shape=(1, 2))", "!ttl.block<1x2xf32>"),
    ("block_fill_in_a_function", "ttl.math.max(ttl.block.fill(0.5, shape=(1, 2)), v)", "!ttl.block<1x2xf32>"),
    ("math_fill", "v + ttl.math.fill(v, 0.1)", "!ttl.block<1x2xf32>"),
]


def _fills(ir: str) -> list[str]:
    return [line.split(" : ")[1].split(" loc(")[0] for line in ir.splitlines() if "ttl.fill" in line]


@pytest.mark.parametrize("expr, fill_type", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_fill_has_the_f32_type_it_meets(tmp_path, expr, fill_type):
    op = one_store_op(tmp_path, expr, (1, 2), (1, 2))
    fills = _fills(op.build_ir(F32, F32))
    assert fill_type in fills
    op.compile(F32, F32)  # the verifiers accept it


STORED = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(out):
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)
    with o_dfb.reserve() as o:
        o.store(ttl.block.fill(0.1, shape=(1, 2)))
    with o_dfb.wait() as o:
        ttl.copy(o, out[0, 0:2]).wait()
"""


def stored_fill_op(tmp_path):
    from program_files import load_module

    path = tmp_path / "stored_fill.py"
    path.write_text(STORED)
    return load_module(path, "stored_fill").op


def test_a_fill_stored_into_an_f32_block_is_f32(tmp_path, toolchain):
    op = stored_fill_op(tmp_path)
    assert "!ttl.block<1x2xf32>" in _fills(op.build_ir(F32))
    assert_pass_without_warnings(run_jobs(artifact_jobs(op.compile(F32).artifact), toolchain))


def test_an_explicit_dtype_is_kept():
    # dtype= says what the user wants: bf16 math with an f32 block stays an error.
    import pathlib
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        op = one_store_op(pathlib.Path(folder), "v + ttl.block.fill(0.1, shape=(1, 2), dtype='bfloat16')", (1, 2), (1, 2))
        with pytest.raises(ttl.FrontendError, match="types must match"):
            op.compile(F32, F32)


@pytest.mark.parametrize("expr", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_kernels_pass_the_real_header_check(toolchain, tmp_path, expr):
    op = one_store_op(tmp_path, expr, (1, 2), (1, 2))
    assert_pass_without_warnings(run_jobs(artifact_jobs(op.compile(F32, F32).artifact), toolchain))
