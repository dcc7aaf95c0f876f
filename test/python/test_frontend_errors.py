"""Every invalid program raises a ttlang error carrying the user's file, line and excerpt."""

import pathlib

import pytest
from error_markers import marker_line

import ttlang as ttl

import ttl_error_programs as programs

SOURCE = pathlib.Path(programs.__file__)
SPEC = ttl.TensorSpec((64, 64))
F32 = ttl.TensorSpec((64, 64), dtype="float32")


CASES = [
    ("while", programs.uses_while, (SPEC,), ttl.FrontendError, "'While' statements are not supported"),
    ("undefined", programs.undefined_name, (SPEC,), ttl.FrontendError, "name 'nope' is not defined"),
    ("reserve_kernel", programs.reserve_with_kernel, (SPEC,), ttl.FrontendError,
     "reserve and wait do not accept kernel="),
    ("extent", programs.slice_extent, (SPEC,), ttl.FrontendError,
     "the tile slice has 1 cols but the block has 2"),
    ("store_waited", programs.store_into_waited, (SPEC,), ttl.FrontendError,
     "store() writes into a block acquired with reserve()"),
    ("thread_kind", programs.kind_mismatch, (SPEC,), ttl.FrontendError,
     "@ttl.compute thread selects a data_movement kernel"),
    ("capacity", programs.three_movers, (SPEC,), ttl.CompilerError,
     "requests 3 data-movement kernels ('r1', 'r2', the canonical data-movement kernel) but "
     "target 'wormhole_b0' supports 2"),
    ("capacity_explicit", programs.explicit_three_movers, (SPEC,), ttl.CompilerError,
     "requests 3 data-movement kernels (the canonical data-movement kernel, 'r1', 'three') but "
     "target 'wormhole_b0' supports 2"),
    ("release_only", programs.release_only, (SPEC,), ttl.CompilerError,
     "cannot infer the logical kernel of this DFB block"),
    ("conflicting_release", programs.conflicting_release, (SPEC,), ttl.CompilerError,
     "selects the canonical compute kernel, which conflicts with the canonical data-movement "
     "kernel"),
    ("loop_carried", programs.loop_carried, (SPEC,), ttl.FrontendError,
     "cannot assign 'shape' inside a loop or runtime if: it holds tuple (1, 1) defined outside"),
    # Issue 32: block values carried across loop iterations (ttl-accumulate-carried-blocks).
    ("carried_sum_read_twice", programs.carried_sum_read_twice, (SPEC,) * 4, ttl.CompilerError,
     "a block value carried across loop iterations must be stored exactly once"),
    ("carried_product", programs.carried_product, (SPEC, SPEC), ttl.CompilerError,
     "a block value carried across loop iterations is used by something other than `+=`"),
    ("carried_sum_reserved_after", programs.carried_sum_reserved_after, (SPEC,) * 3,
     ttl.CompilerError, "is stored into a block not reserved before the loop"),
    ("block_out_of_loop", programs.block_out_of_loop, (SPEC, SPEC), ttl.CompilerError,
     "a block value carried across loop iterations is replaced in the loop, not added to"),
    ("block_out_of_if", programs.block_out_of_if, (SPEC, SPEC), ttl.FrontendError,
     "'value' was reassigned inside the runtime if (line "),
    ("block_math_after_release", programs.block_math_after_release, (SPEC, SPEC), ttl.CompilerError,
     "block math used after its operand's release"),
    # Device prints (issue 32): what print() cannot show on the device is an error at the line.
    ("prints_in_kernel", programs.prints_in_kernel, (SPEC,), ttl.FrontendError,
     "print() shows a block held from reserve() or wait(): store this tile math"),
    ("prints_outside_thread", programs.prints_outside_thread, (SPEC,), ttl.FrontendError,
     "print() runs on the device: call it inside a @ttl.compute() or @ttl.datamovement() thread"),
    ("prints_thread_in_data_movement", programs.prints_thread_in_data_movement, (SPEC,),
     ttl.FrontendError, "print(thread=) chooses a compute kernel's processor"),
    ("prints_without_newline", programs.prints_without_newline, (SPEC,), ttl.FrontendError,
     "print(end=) must stay the newline on the device"),
    # f-strings (tt-lang 1.1's assert messages) are formatted at compile time.
    ("fstring_assert", programs.fstring_assert, (SPEC,), ttl.FrontendError,
     "assertion failed: rows % 3 == 0: rows (2) must be a multiple of  3, got (64, 64)"),
    ("fstring_runtime", programs.fstring_runtime, (SPEC,), ttl.FrontendError,
     "an f-string formats compile-time values and plain runtime integers"),
    ("kernel_in_loop", programs.kernel_in_loop, (SPEC,), ttl.FrontendError,
     "declare a ttl.Kernel at the top level of the operation body"),
    ("unbound", programs.unbound, (SPEC,), ttl.FrontendError, "no operation has bound"),
    # ttl.load_tiles's verifier: a construct's rule, so a FrontendError like the frontend's own.
    ("slice_outside", programs.slice_outside, (SPEC,), ttl.FrontendError,
     "tile slice rows [5, 6) is outside the tensor's 2 tile rows"),
    ("tensor_to_tensor", programs.tensor_to_tensor, (SPEC, SPEC), ttl.FrontendError,
     "ttl.copy copies between a tensor tile slice and a block"),
    ("math_mismatch", programs.math_mismatch, (SPEC, F32), ttl.FrontendError,
     "types must match"),
    ("store_shape", programs.store_shape_mismatch, (SPEC, F32), ttl.FrontendError,
     "stored value '!ttl.block<1x1xbf16>' and destination '!ttl.block<1x2xf32>' must have the same shape in tiles"),
    ("push_two", programs.push_selector_tuple, (SPEC,), ttl.FrontendError,
     "push / pop accept one kernel= selector"),
    ("thread_in_loop", programs.thread_in_loop, (SPEC,), ttl.FrontendError,
     "threads are defined at the top level of an operation body"),
    ("returns_value", programs.returns_value, (SPEC,), ttl.FrontendError,
     "a TT-Lang operation or thread returns nothing"),
    ("bad_selector", programs.bad_selector, (SPEC,), ttl.FrontendError,
     "kernel= takes ttl.KernelKind values, ttl.Kernel handles or a tuple of them, got str"),
    ("runtime_to_python", programs.runtime_to_python, (SPEC,), ttl.FrontendError,
     "cannot pass a runtime integer to the Python function 'divmod'"),
    ("runtime_floordiv_zero", programs.runtime_floordiv_zero, (SPEC,), ttl.FrontendError,
     "integer division by zero"),
    ("runtime_modulo_zero", programs.runtime_modulo_zero, (SPEC,), ttl.FrontendError,
     "integer modulo by zero"),
    # Issue 10, section 3: bad input is reported at the user's line, not in generated IR text.
    ("grid_beyond_target", programs.grid_beyond_target, (SPEC,), ttl.CompilerError,
     "the operation's grid is 100x100 (cols x rows) but target 'wormhole_b0' has 8x8 worker cores"),
    ("dfb_beyond_l1", programs.dfb_beyond_l1, (SPEC,), ttl.CompilerError,
     "the dataflow buffers of this operation need 2147483648 B of L1 per core but target "
     "'wormhole_b0' has 1463968 B for them"),
    ("scalar_not_finite_in_f32", programs.scalar_not_finite_in_f32, (SPEC, SPEC), ttl.FrontendError,
     "block math with a scalar that is not finite in f32 (1e+300 rounds to inf"),
    ("scalar_int_too_large", programs.scalar_int_too_large, (SPEC, SPEC), ttl.FrontendError,
     "the integer 10000000... (401 digits) is too large for an f32 block-math scalar"),
    ("tile_index_too_large", programs.tile_index_too_large, (SPEC,), ttl.FrontendError,
     "the integer 1180591620717411303424 does not fit the IR's 64-bit index"),
    ("range_too_large", programs.range_too_large, (SPEC,), ttl.FrontendError,
     "the integer 18446744073709551616 does not fit the IR's 64-bit index"),
    ("block_count_too_large", programs.block_count_too_large, (SPEC,), ttl.FrontendError,
     "block_count=18446744073709551616 does not fit the IR's i64"),
    ("runtime_offset_too_large", programs.runtime_offset_too_large, (SPEC,), ttl.FrontendError,
     "the integer 9223372036854775808 does not fit the IR's 64-bit index"),
]


@pytest.mark.parametrize("case,op,tensors,error_type,message", CASES, ids=[c[0] for c in CASES])
def test_error_names_file_and_line(case, op, tensors, error_type, message):
    with pytest.raises(error_type) as info:
        op.compile(*tensors)
    err = info.value
    assert isinstance(err, ttl.TTLangError)
    assert message in err.message
    assert pathlib.Path(err.file) == SOURCE
    assert err.line == marker_line(SOURCE, case)
    # The excerpt quotes the offending source line.
    assert SOURCE.read_text().splitlines()[err.line - 1].strip() in err.excerpt
    assert f"{SOURCE}:{err.line}:" in str(err)


def test_compiler_error_keeps_notes_with_locations():
    with pytest.raises(ttl.CompilerError) as info:
        programs.conflicting_release.compile(SPEC)
    # The conflicting op is reported; no note here, but the message names both kernels.
    assert "inferred from the block's other uses" in info.value.message


def test_invalid_grid_is_reported_at_decoration():
    with pytest.raises(ttl.FrontendError, match=r"grid= must be \(cols, rows\)") as info:

        @ttl.operation(grid=(0, 1))
        def bad(a):
            pass

    assert info.value.file == __file__


def test_wrong_tensor_count():
    with pytest.raises(ttl.FrontendError, match="takes 2 arguments, got 1") as info:
        programs.tensor_to_tensor.compile(SPEC)
    assert pathlib.Path(info.value.file) == SOURCE


def test_unknown_target_is_a_compiler_error():
    op = programs.uses_while
    with pytest.raises(ttl.CompilerError, match="unknown target 'grayskull'"):
        programs.release_only.compile(SPEC, target="grayskull")
    del op


def test_bad_tensor_argument():
    # An int is a scalar parameter now; a string is neither a tensor nor a number.
    with pytest.raises(ttl.TTLangError, match="expected a ttnn tensor, ttlang.TensorSpec, int or float, got str"):
        programs.release_only.compile("x")
    # A tuple is a compile-time parameter when it holds constants; a tensor in it is not one.
    with pytest.raises(ttl.TTLangError, match="got tuple: a tuple or list parameter holds compile-time"):
        programs.release_only.compile((SPEC,))
