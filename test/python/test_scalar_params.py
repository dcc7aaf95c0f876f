"""Operations with int / float parameters compile once for every value: the parameter is a
common runtime-argument word of the kernels that read it (an int's value, a number's f32 bits),
the kernels pass the real-header check, and what needs a compile-time value is an error at the
user's line (docs/language.md, "Scalar parameters")."""

from __future__ import annotations

import pathlib

import pytest
import scalar_param_programs as programs
from error_markers import marker_line
from kernel_results import assert_pass_without_warnings

import ttlang as ttl
from ttlang.artifact import ArgKind, ProcessorRole
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

SOURCE = pathlib.Path(programs.__file__)
SPEC = ttl.TensorSpec((64, 32))


def _compute(compiled):
    return next(k for k in compiled.artifact.kernels if k.role is ProcessorRole.COMPUTE)


def test_the_frontend_ir_does_not_depend_on_the_values():
    # The compile cache keys on the frontend's IR: one entry serves every value.
    first = programs.scale_shift.build_ir(SPEC, SPEC, 3, 0.5)
    assert first == programs.scale_shift.build_ir(SPEC, SPEC, 7, -2.25)
    assert "ttl.mul_scalar" in first and " bits : " in first
    assert "%arg2: index" in first and "%arg3: i32" in first and "%arg4: i32" in first


def test_a_tuple_parameter_is_folded_into_the_program():
    # A compile-time value, unlike an int: no IR argument, and another value is another program.
    out = ttl.TensorSpec((64, 96))
    two_by_three = programs.tile_repeats.build_ir(SPEC, out, (2, 3))
    assert "%arg2" not in two_by_three
    assert "arith.constant 3 : index" in two_by_three
    assert two_by_three != programs.tile_repeats.build_ir(SPEC, out, [1, 2])
    compiled = programs.tile_repeats.compile(SPEC, out, (2, 3))
    assert [t.name for t in compiled.tensors] == ["a", "out"]


def test_a_tuple_holding_a_tensor_is_an_error_at_the_call():
    with pytest.raises(ttl.TTLangError, match="got tuple: a tuple or list parameter holds compile-time"):
        programs.tile_repeats.compile(SPEC, SPEC, (SPEC, 3))


def test_a_block_math_parameter_is_a_common_runtime_word_of_the_compute_kernel():
    compiled = programs.scale_shift.compile(SPEC, SPEC, 3, 0.5, compile_cache=None)
    kernel = _compute(compiled)
    scalars = [slot for slot in kernel.abi.common_runtime_args if slot.kind is ArgKind.SCALAR]
    # k's f32 bits (argument 3) and s's (argument 4); k's integer value (argument 2) is unused.
    assert [slot.ref for slot in scalars] == ["3", "4"]
    assert "mul_unary_tile(" in kernel.source and "add_unary_tile(" in kernel.source
    assert "get_common_arg_val<uint32_t>(0)" in kernel.source
    assert [(a.ref, a.view) for a in compiled.scalar_arguments] == [
        ("2", "index"), ("3", "bits"), ("4", "bits")]


def test_an_int_parameter_as_a_tile_index_is_a_data_movement_word():
    compiled = programs.pick_row.compile(SPEC, SPEC, 1, compile_cache=None)
    reader = next(k for k in compiled.artifact.kernels
                  if any(s.kind is ArgKind.SCALAR for s in k.abi.common_runtime_args))
    assert [s.ref for s in reader.abi.common_runtime_args if s.kind is ArgKind.SCALAR] == ["2"]


@pytest.mark.parametrize("program, args", [
    (programs.scale_shift, (SPEC, SPEC, 3, 0.5)),
    (programs.pick_row, (SPEC, SPEC, 1)),
    (programs.double_rows, (SPEC, SPEC, 2)),
    (programs.tile_repeats, (SPEC, ttl.TensorSpec((64, 96)), (2, 3))),
], ids=["block_math", "tile_index", "loop_bound", "tuple"])
def test_kernels_pass_the_real_header_check(toolchain, program, args):
    compiled = program.compile(*args)
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_calls_with_other_values_reuse_the_program():
    programs.scale_shift(SPEC, SPEC, 3, 0.5, device=None)
    again = programs.scale_shift(SPEC, SPEC, 4, 0.25, device=None)
    assert again.compile_only and again.cache_hit


@pytest.mark.parametrize("case, kind, message", [
    ("divide_by_param", ttl.FrontendError, "divides a block by a run-time scalar"),
    ("param_shape", ttl.FrontendError, "shape= must be positive tile counts .* got int parameter 'n' .*a run-time value"),
    ("float_loop", ttl.FrontendError, "float parameter 's'"),
])
def test_what_needs_a_compile_time_value_is_an_error_at_the_users_line(case, kind, message):
    with pytest.raises(kind, match=message) as info:
        getattr(programs, case).compile(SPEC, SPEC, 2.0 if case != "param_shape" else 2)
    assert pathlib.Path(info.value.file) == SOURCE
    assert info.value.line == marker_line(SOURCE, case)


@pytest.mark.parametrize("value, message", [
    (-1, "unsigned 32-bit word"),
    (2**32, "unsigned 32-bit word"),
])
def test_an_int_no_word_holds_is_an_error_at_the_call(value, message):
    with pytest.raises(ttl.TTLangError, match=message):
        programs.pick_row(SPEC, SPEC, value, device=None)


def test_a_float_not_finite_in_f32_is_an_error_at_the_call():
    with pytest.raises(ttl.TTLangError, match="not a finite f32"):
        programs.scale_shift(SPEC, SPEC, 3, 1e300, device=None)
