"""Compute kernels that touch an f32 DFB run with fp32 DEST accumulation: the compiler records
it per kernel descriptor (``fp32_dest_acc_en``) and sizes the kernel's DEST use for it (one
SyncHalf section holds 4 tiles instead of 8)."""

from __future__ import annotations

import pathlib
import re

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module
from test_backend_examples import EXAMPLE_INPUTS, example_operation

import ttlang as ttl
from ttlang.artifact import ProcessorRole
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def _example(name: str):
    op_name, inputs = EXAMPLE_INPUTS[name]
    return example_operation(EXAMPLES / name, f"fp32_{name[:-3]}", op_name).compile(*inputs)


@pytest.mark.parametrize(
    "name, fp32",
    [
        ("two_readers.py", True),  # f32 relu
        ("mixed_formats.py", True),  # bf16 and f32 DFBs in one compute kernel
        ("convert_on_pack.py", True),  # bf16 math packed into an f32 DFB
        ("tile_add_unified.py", False),  # bf16 only
        ("composed.py", False),
    ],
)
def test_compute_kernels_touching_f32_dfbs_ask_for_fp32_dest(name, fp32):
    descriptors = _example(name).descriptors
    compute = [d for d in descriptors if d.role is ProcessorRole.COMPUTE]
    assert compute and all(d.fp32_dest_acc_en is fp32 for d in compute)
    # Data-movement kernels have no DEST.
    assert not any(d.fp32_dest_acc_en for d in descriptors if d.role is not ProcessorRole.COMPUTE)


SOURCE = """import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a, out):
    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with d.reserve() as x:
        ttl.copy(a[0, 0], x).wait()
    with d.wait() as x, o.reserve() as y:
        y.store(x + (x + (x + (x + x))))
    with o.wait() as y:
        ttl.copy(y, out[0, 0]).wait()
"""


def _five_register_op(tmp_path, dtype: str):
    path = tmp_path / f"five_{dtype}.py"
    path.write_text(SOURCE)
    spec = ttl.TensorSpec((32, 32), dtype=dtype)
    return load_module(path, f"five_{dtype}").op, spec


def test_sfpu_expression_fits_8_registers_in_16_bit_dest(tmp_path):
    op, spec = _five_register_op(tmp_path, "bfloat16")
    (compute,) = [d for d in op.compile(spec, spec).descriptors if d.role is ProcessorRole.COMPUTE]
    # The fifth leaf is copied into register 4.
    assert re.search(r"copy_tile\(v\d+, 0, 4\);", compute.source)
    assert not compute.fp32_dest_acc_en


def test_sfpu_expression_over_4_registers_is_an_error_with_fp32_dest(tmp_path):
    op, spec = _five_register_op(tmp_path, "float32")
    with pytest.raises(ttl.CompilerError) as info:
        op.compile(spec, spec)
    assert info.value.line == 11
    assert info.value.message.startswith(
        "tile-math expression needs more than 4 destination registers (the kernel runs with fp32 "
        "DEST accumulation"
    )


def test_fp32_kernels_pass_the_real_header_check_in_fp32_dest_mode(toolchain):
    jobs = [job for job in artifact_jobs(_example("mixed_formats.py").artifact) if job.processor.is_compute]
    assert jobs and all(job.fp32_dest_acc_en for job in jobs)  # built with DST_ACCUM_MODE = true
    assert_pass_without_warnings(run_jobs(jobs, toolchain))


OPTION_SOURCE = """import ttlang as ttl


def make(fp32):
    @ttl.operation(grid=(1, 1), fp32_dest_acc_en=fp32)
    def op(a, out):
        d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        with d.reserve() as x:
            ttl.copy(a[0, 0], x).wait()
        with d.wait() as x, o.reserve() as y:
            y.store(x + (x + (x + (x + x))))
        with o.wait() as y:
            ttl.copy(y, out[0, 0]).wait()

    return op
"""


def _make(tmp_path):
    path = tmp_path / "fp32_option.py"
    path.write_text(OPTION_SOURCE)
    return load_module(path, "fp32_option").make


def test_operation_option_forces_fp32_dest_on_bf16_math(tmp_path):
    spec = ttl.TensorSpec((32, 32))
    assert not _compute(_make(tmp_path)(None).compile(spec, spec)).fp32_dest_acc_en
    with pytest.raises(ttl.CompilerError) as info:  # 5 registers do not fit a 4-tile section
        _make(tmp_path)(True).compile(spec, spec)
    assert "needs more than 4 destination registers" in info.value.message
    assert info.value.line == 12


def test_operation_option_turns_fp32_dest_off_for_f32_math(tmp_path):
    spec = ttl.TensorSpec((32, 32), dtype="float32")
    compute = _compute(_make(tmp_path)(False).compile(spec, spec))
    assert not compute.fp32_dest_acc_en
    assert re.search(r"copy_tile\(v\d+, 0, 4\);", compute.source)  # 8 registers available


def test_operation_option_is_part_of_the_identity(tmp_path):
    make = _make(tmp_path)
    ids = {make(value).operation_id for value in (None, True, False)}
    assert len(ids) == 3
    assert make(None).operation_id == make(None).operation_id


def test_operation_option_must_be_a_bool_or_none(tmp_path):
    with pytest.raises(ttl.FrontendError) as info:
        _make(tmp_path)(1)
    assert info.value.message == "fp32_dest_acc_en= must be True, False or None, got 1"


def _compute(compiled):
    (compute,) = [d for d in compiled.descriptors if d.role is ProcessorRole.COMPUTE]
    return compute
