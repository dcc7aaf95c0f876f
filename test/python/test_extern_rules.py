"""One test per rule of the external-functions spec (docs/external-functions.md): the valid
form compiles and shows the rule's effect in IR or C++; each invalid form raises the right
error type with the message at the user's line (programs in extern_programs.py)."""

from __future__ import annotations

import pathlib
import re

import pytest
from error_markers import marker_line

import ttlang as ttl

import extern_programs as programs

SOURCE = pathlib.Path(programs.__file__)
SPEC = ttl.TensorSpec((64, 64))
ROW_MAJOR = ttl.TensorSpec((64, 64), layout="row_major")


def expect_error(op, error_type, message: str, case: str, tensors=(SPEC,)) -> ttl.TTLangError:
    with pytest.raises(error_type) as info:
        op.compile(*tensors)
    err = info.value
    assert message in err.message, err.message
    assert pathlib.Path(err.file) == SOURCE
    assert err.line == marker_line(SOURCE, case), (err.line, marker_line(SOURCE, case))
    return err


def compile_ir(op, tensors=(SPEC,)) -> str:
    return op.compile(*tensors).ir


def sources(op, tensors=(SPEC,)) -> dict[str, str]:
    return {d.logical_kernel.name: d.source for d in op.compile(*tensors).descriptors}


F = ttl.FrontendError
C = ttl.CompilerError


# --- scalar results ---------------------------------------------------------------------------
def test_result_type_is_i32_or_i64():
    ir = compile_ir(programs.result_i32_i64)
    assert '"f32" from "ext.hpp" args() -> i32' in ir
    assert '"f64" from "ext.hpp" args() -> i64' in ir
    cpp = sources(programs.result_i32_i64)["compute"]
    assert "int32_t v1 = f32();" in cpp and "int64_t v2 = f64();" in cpp


@pytest.mark.parametrize("case,op", [
    ("result_raw_string", programs.result_raw_string),
    ("result_integer", programs.result_integer),
    ("result_class", programs.result_class),
])
def test_result_type_rejects_strings_integers_and_the_class(case, op):
    expect_error(op, F, "result_type must be ttl.ScalarType.I32 or ttl.ScalarType.I64", case)


def test_omitted_or_none_result_type_is_void():
    ir = compile_ir(programs.void_call)
    assert re.search(r'^\s*ttl\.call_extern_func "f" from "ext\.hpp" args\(\) loc', ir, re.M)
    assert re.search(r'^\s*ttl\.call_extern_func "g" from "ext\.hpp" args\(\) loc', ir, re.M)


def test_scalar_result_usable_in_if_and_assignments():
    ir = compile_ir(programs.result_in_loop_assignment)
    assert "iter_args" in ir and "-> (i64)" in ir
    cpp = sources(programs.result_in_loop_assignment)["compute"]
    assert "next(" in cpp and "if (" in cpp and "done();" in cpp


def test_scalar_result_does_not_cross_logical_kernels():
    expect_error(programs.result_crosses_kernels, C, "values do not cross logical kernels",
                 "result_crosses_kernels")


def test_multi_kernel_call_has_an_independent_result_in_each_kernel():
    cpp = sources(programs.result_in_every_selected_kernel)
    for name, work in (("compute", "on_compute();"), ("data_movement", "on_mover();")):
        assert "int32_t v1 = probe();" in cpp[name]
        assert work in cpp[name]
    assert "on_mover" not in cpp["compute"] and "on_compute" not in cpp["data_movement"]


# --- logical-kernel selection -------------------------------------------------------------------
def test_top_level_call_needs_a_selector():
    expect_error(programs.top_level_without_kernel, F, "a top-level ttl.call_extern_func needs kernel=",
                 "top_level_without_kernel")


def test_selector_may_be_omitted_where_the_thread_fixes_the_kernel():
    assert "f();" in sources(programs.thread_without_kernel)["compute"]


def test_selector_inside_a_thread_must_be_the_thread_kernel():
    expect_error(programs.thread_other_kernel, F, "kernel= inside a thread must select the thread's own",
                 "thread_other_kernel")


def test_selectors_must_be_distinct():
    expect_error(programs.repeated_selector, F, "selects the same logical kernel more than once",
                 "repeated_selector")


def test_selector_tuple_must_be_nonempty():
    expect_error(programs.empty_selector, F, "kernel= needs at least one selector", "empty_selector")


def test_handles_and_tuples_select_operation_local_kernels():
    op, reader = programs.make_handle_selection()
    compiled = op.compile(SPEC)
    by_kernel = {d.logical_kernel: d.source for d in compiled.descriptors}
    assert "r(v3);" in by_kernel[reader.id] and "s();" in by_kernel[reader.id]
    assert compiled.kernel(reader).logical_kernel == reader
    (compute,) = [s for k, s in by_kernel.items() if k.kind == ttl.KernelKind.COMPUTE]
    assert "s();" in compute and "r(" not in compute


def test_selection_is_limited_by_target_capacity():
    expect_error(programs.make_too_many_movers(), C,
                 "requests 3 data-movement kernels", "too_many_movers")


# --- dispatch conditions ------------------------------------------------------------------------
def test_equal_declarations_balance_guarded_push_and_pop():
    ir = compile_ir(programs.make_conditions(same=True))
    assert ir.count("condition #ttl.dispatch_condition<0, i64>") == 2
    assert "dispatch_condition<1" not in ir


def test_distinct_declarations_stay_independent():
    err = expect_error(programs.make_conditions(same=False), C,
                       "unbalanced DFB protocol across kernels", "distinct_conditions")
    assert "condition #0 is true, condition #1 is false" in err.message


def test_dispatch_condition_takes_a_scalar_type():
    expect_error(programs.condition_bad_type, F, "ttl.DispatchCondition(type) takes ttl.ScalarType.I32",
                 "condition_bad_type")


def test_condition_result_takes_a_declaration():
    expect_error(programs.condition_not_a_declaration, F, "condition_result takes a ttl.DispatchCondition",
                 "condition_not_a_declaration")


def test_condition_result_cannot_be_combined_with_result_type():
    expect_error(programs.condition_with_result_type, F,
                 "condition_result supplies the result type and cannot be combined with result_type",
                 "condition_with_result_type")


@pytest.mark.parametrize("case,op,message", [
    ("condition_with_dfb_argument", programs.condition_with_dfb_argument,
     "evaluates a dispatch condition and cannot depend on DFB storage"),
    ("condition_with_dfb_index", programs.condition_with_dfb_index,
     "evaluates a dispatch condition and cannot depend on DFB storage"),
    ("condition_with_unknown_access", programs.condition_with_effects,
     "evaluates a dispatch condition and cannot set unknown_dfb_access"),
])
def test_condition_result_calls_touch_no_dfb(case, op, message):
    expect_error(op, F, message, case)


def test_condition_result_is_usable_as_a_condition():
    ir = compile_ir(programs.condition_valid)
    assert "condition #ttl.dispatch_condition<0, i32>" in ir and "-> i32" in ir


# --- template arguments -------------------------------------------------------------------------
def test_template_argument_kinds_render_per_table():
    ir = compile_ir(programs.template_kinds)
    assert ("template [-7, true, 1.500000e+00 : f32, #ttl.dfb_template<descriptor, dependency = 0>, "
            "#ttl.dfb_template<index, dependency = 1>]") in ir
    cpp = sources(programs.template_kinds)["data_movement"]
    assert ("t<-7, true, 0x3FC00000u, ttlang::DFBDescriptor<0, 2048, 1, 2, "
            "ttlang::DFBFormat::BFloat16>, 1>();") in cpp


@pytest.mark.parametrize("case,op,message", [
    ("template_bare_dfb", programs.template_bare_dfb, "a bare DFB is invalid in template_args"),
    ("template_string", programs.template_string, "template_args takes compile-time int, bool and float"),
    ("template_runtime_value", programs.template_runtime_value, "got a runtime integer"),
    ("template_int_too_large", programs.template_int_too_large, "does not fit a signed 64-bit constant"),
    ("template_float_overflow", programs.template_float_overflow, "is not representable as binary32"),
])
def test_template_arguments_are_compile_time_values_or_dfb_wrappers(case, op, message):
    expect_error(op, F, message, case)


def test_dfb_id_needs_the_dfb_as_a_dependency():
    expect_error(programs.dfb_id_without_dependency, F,
                 "ttl.get_dfb_id(dfb) names a DFB that is not a dependency of the call",
                 "dfb_id_without_dependency")
    cpp = sources(programs.dfb_id_through_func_arg)["data_movement"]
    assert re.search(r"t<0>\(v\d+\);", cpp)


# --- function arguments -------------------------------------------------------------------------
def test_function_argument_kinds_render_per_table():
    cpp = sources(programs.func_arg_kinds)
    mover, compute = cpp["data_movement"], cpp["compute"]
    # index scalar, i32 literal, bool, DFB physical index, TensorAccessor, raw address.
    assert re.search(r"mover\(v\d+, v\d+, v\d+, v\d+, v\d+, v\d+\);", mover)
    assert "TensorAccessor(" in mover and "get_compile_time_arg_val(0)" in mover
    assert "get_common_arg_val<uint32_t>" in compute and "TensorAccessor" not in compute


@pytest.mark.parametrize("case,op,message", [
    ("func_arg_slice", programs.func_arg_slice, "tensor slices, views and computed tensor values are not valid"),
    ("func_arg_block", programs.func_arg_block, "tensor slices, views and computed tensor values are not valid"),
    ("func_arg_float", programs.func_arg_float, "func_args takes scalar values, DFBs, base tensors"),
    ("func_arg_descriptor", programs.func_arg_descriptor, "ttl.dfb_descriptor(dfb) is a template argument"),
])
def test_function_arguments_are_scalars_dfbs_base_tensors_or_raw_addresses(case, op, message):
    expect_error(op, F, message, case)


@pytest.mark.parametrize("case,op", [
    ("func_arg_tensor_in_compute", programs.func_arg_tensor_in_compute),
    ("func_arg_tensor_in_compute_thread", programs.func_arg_tensor_in_compute_thread),
])
def test_tensor_accessor_arguments_only_in_data_movement_kernels(case, op):
    expect_error(op, F, "supported in data-movement kernels only", case)


def test_tensor_accessor_arguments_need_tiled_bf16_or_f32():
    expect_error(programs.func_arg_row_major, F, "supported for tiled bf16 and f32 tensors only",
                 "func_arg_row_major", tensors=(ROW_MAJOR,))


def test_raw_addr_takes_a_base_tensor():
    expect_error(programs.raw_addr_of_slice, F, "ttl.raw_addr takes a tensor argument of the operation",
                 "raw_addr_of_slice")


# --- dependencies and effects -------------------------------------------------------------------
@pytest.mark.parametrize("case,op,message", [
    ("dependencies_repeated", programs.dependencies_repeated, "dfb_dependencies must contain distinct DFBs"),
    ("dependencies_automatic", programs.dependencies_automatic, "already a dependency through func_args"),
    ("dependencies_not_dfb", programs.dependencies_not_dfb, "dfb_dependencies holds dataflow buffers"),
])
def test_dfb_dependencies_are_distinct_and_not_automatic(case, op, message):
    expect_error(op, F, message, case)


def test_effects_are_one_call_wide_ordered_sequence():
    ir = compile_ir(programs.effects_valid)
    assert ("effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 2>, "
            "#ttl.dfb_effect<pop, dependency = 0, tiles = 2>, "
            "#ttl.dfb_effect<reserve, dependency = 1, tiles = 1>, "
            "#ttl.dfb_effect<push, dependency = 1, tiles = 1>]") in ir
    # Effects change nothing in the generated call.
    assert re.search(r"stage\(v\d+\);", sources(programs.effects_valid)["data_movement"])


@pytest.mark.parametrize("case,op,message", [
    ("effect_not_a_dependency", programs.effect_not_a_dependency,
     "ttl.DFBEffect.wait names a DFB that is not a dependency of the call"),
    ("effect_zero_tiles", programs.effect_zero_tiles, "DFB effect #0 tile count must be positive, got 0"),
    ("effect_over_capacity", programs.effect_over_capacity,
     "DFB effect #0 reserves 5 tiles of '!ttl.dfb<1x2xbf16, 2>', whose capacity is 4 tiles"),
    ("effect_not_an_effect", programs.effect_not_an_effect, "dfb_effects holds ttl.DFBEffect actions"),
])
def test_each_effect_names_a_dependency_with_a_positive_count_within_capacity(case, op, message):
    expect_error(op, F, message, case)


# --- static counts ------------------------------------------------------------------------------
def test_static_counts_use_literals_captures_and_module_integers():
    ir = compile_ir(programs.make_static_counts())
    # -(-2) * 1 + 3 // 2 - 3 % 2 = 2; +2 = 2
    assert "#ttl.dfb_effect<wait, dependency = 0, tiles = 2>" in ir
    assert "#ttl.dfb_effect<pop, dependency = 0, tiles = 2>" in ir


@pytest.mark.parametrize("case,op,message", [
    ("count_boolean", programs.count_boolean, "'MODULE_FLAG' is bool True; a static count is an integer"),
    ("count_boolean_literal", programs.count_boolean_literal, "a static count is an integer, got True"),
    ("count_runtime", programs.count_runtime, "a static count cannot use runtime values"),
    ("count_zero_floordiv", programs.count_zero_floordiv, "the divisor of // or % in a static count must be nonzero"),
    ("count_zero_modulo", programs.count_zero_modulo, "the divisor of // or % in a static count must be nonzero"),
    ("count_power", programs.count_power, "a static count uses integer literals, integer captures"),
])
def test_static_counts_reject_booleans_runtime_values_and_zero_divisors(case, op, message):
    expect_error(op, F, message, case)


# --- repeat -------------------------------------------------------------------------------------
def _effects(ir: str) -> str:
    return re.search(r"effects \[[^\]]*\]", ir).group(0)


def test_repeat_expands_to_the_flat_sequence():
    assert _effects(compile_ir(programs.repeat_form)) == _effects(compile_ir(programs.repeat_flat))
    assert _effects(compile_ir(programs.repeat_form)).count("wait") == 3


@pytest.mark.parametrize("case,op,message", [
    ("repeat_empty", programs.repeat_empty, "takes a nonempty literal list of effects"),
    ("repeat_not_literal", programs.repeat_not_literal, "takes a nonempty literal list of effects"),
    ("repeat_negative", programs.repeat_negative, "a repeat count must be nonnegative, got -1"),
])
def test_repeat_takes_a_nonempty_literal_sequence_and_a_nonnegative_count(case, op, message):
    expect_error(op, F, message, case)


def test_repeat_zero_times_is_empty():
    ir = compile_ir(programs.repeat_zero)
    assert '"f" from "ext.hpp" args(' in ir and "dfb_effect" not in ir


def test_effects_are_limited_to_4096_actions():
    assert _effects(compile_ir(programs.effects_at_limit)).count("#ttl.dfb_effect") == 4096
    expect_error(programs.effects_over_limit, F, "dfb_effects expands to 4097 actions; one call is limited to 4096",
                 "effects_over_limit")
    expect_error(programs.repeat_over_limit, F,
                 "dfb_effects expands to 1000000000 actions; one call is limited to 4096",
                 "repeat_over_limit")


def test_the_limit_is_on_the_expanded_call_not_on_an_inner_repeat():
    # repeat(0, [repeat(5000, ...)]) expands to no action (issue 10).
    assert "#ttl.dfb_effect" not in compile_ir(programs.repeat_zero_of_large)
    # Nested repeats expand in order: 2 x (3 x (wait, pop), wait), pop.
    effects = re.findall(r"#ttl.dfb_effect<(\w+),", compile_ir(programs.repeat_nested))
    assert effects == (["wait", "pop"] * 3 + ["wait"]) * 2 + ["pop"]
    # A 10^15-action expansion is rejected from its length alone, without materializing it.
    expect_error(programs.repeat_nested_over_limit, F,
                 "dfb_effects expands to 1000000000000000 actions; one call is limited to 4096",
                 "repeat_nested_over_limit")


# --- strings, include paths, unknown access ---------------------------------------------------
def test_header_and_callee_are_nonempty_strings():
    expect_error(programs.header_not_string, F, "the header of ttl.call_extern_func must be a compile-time string",
                 "header_not_string")
    expect_error(programs.callee_empty, F, "callee '' is not a C++ function name", "callee_empty")


def test_include_paths_reach_the_kernel_descriptor():
    compiled = programs.include_paths_valid.compile(SPEC)
    (kernel,) = [d for d in compiled.descriptors if "custom_entry" in d.source]
    assert kernel.include_paths == ("/opt/a", "/opt/b")
    assert kernel.source.index('#include "kernels/custom_entry.hpp"') < kernel.source.index("custom_entry()")
    expect_error(programs.include_path_not_string, F, "include_paths holds directory strings",
                 "include_path_not_string")


def test_unknown_dfb_access_is_a_boolean_and_makes_dfbs_opaque():
    assert "unknown_dfb_access" in compile_ir(programs.unknown_access_valid)
    expect_error(programs.unknown_access_not_bool, F, "unknown_dfb_access must be True or False",
                 "unknown_access_not_bool")


def test_unknown_keywords_are_rejected():
    expect_error(programs.unknown_keyword, F, "unexpected keyword 'kernels'", "unknown_keyword")


# --- DFB synchronization ownership --------------------------------------------------------------
def test_release_selector_decides_ownership_without_other_uses():
    cpp = sources(programs.release_selector)
    assert list(cpp) == ["data_movement"]
    # The ordinary pop signature: the selector is neither an operand nor an argument.
    assert re.search(r"cb_pop_front\(v\d+, 1\);", cpp["data_movement"])
    assert "ttl.kernels" not in compile_ir(programs.release_selector)


def test_release_selector_conflicting_with_inferred_ownership_is_invalid():
    expect_error(programs.release_selector_conflict, C, "which conflicts with the canonical data-movement kernel",
                 "release_selector_conflict")


def test_release_accepts_one_selector():
    expect_error(programs.release_two_selectors, F, "push / pop accept one kernel= selector",
                 "release_two_selectors")


def test_reserve_and_wait_do_not_accept_kernel():
    expect_error(programs.acquire_with_selector, F, "reserve and wait do not accept kernel=",
                 "acquire_with_selector")


def test_release_selector_in_a_thread_has_no_effect():
    cpp = sources(programs.release_selector_in_thread)
    assert "cb_pop_front" in cpp["data_movement"]


# --- lifecycle ----------------------------------------------------------------------------------
def test_unbalanced_protocol_is_reported_at_the_buffer():
    err = expect_error(programs.unbalanced, C,
                       "unbalanced DFB protocol across kernels: producers push 1 tiles but consumers pop 3 tiles",
                       "unbalanced")
    assert any("produced here" in n for n in err.notes) and any("consumed here" in n for n in err.notes)


def test_complete_summary_lets_the_next_buffer_reuse_the_index():
    compiled = programs.stage_reuses_index.compile(SPEC)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0]
    cpp = {d.logical_kernel.name: d.source for d in compiled.descriptors}["compute"]
    # get_dfb_id and dfb_descriptor both resolve to the final (shared) index.
    assert "stage<0, ttlang::DFBDescriptor<0, 2048, 1, 2, ttlang::DFBFormat::BFloat16>>(" in cpp


def test_swapped_producer_and_consumer_keep_their_own_indices():
    # TT-Metal keeps CB pointers per processor: an index never changes producer or consumer.
    compiled = programs.stage_swaps_roles.compile(SPEC)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1]


def test_opaque_dependency_keeps_its_own_index():
    compiled = programs.stage_opaque.compile(SPEC)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1]


# --- composition and identity -------------------------------------------------------------------
def test_captured_scalar_types_are_part_of_operation_identity():
    a, b, c = (programs.make_typed(t) for t in (ttl.ScalarType.I32, ttl.ScalarType.I64, ttl.ScalarType.I32))
    assert a.operation_id != b.operation_id
    assert a.operation_id == c.operation_id
    assert "-> i64" in compile_ir(b)


def test_composition_keeps_condition_declarations():
    outer, inner = programs.make_composed_conditions()
    ir = compile_ir(outer)
    # The outer evaluation and the inlined first one share declaration 0; the other is 1.
    assert ir.count("#ttl.dispatch_condition<0, i64>") == 2
    assert ir.count("#ttl.dispatch_condition<1, i64>") == 1
    again_outer, again_inner = programs.make_composed_conditions()
    assert again_outer.operation_id == outer.operation_id
    assert again_inner.operation_id == inner.operation_id


def test_dispatch_condition_is_immutable():
    cond = ttl.DispatchCondition(ttl.ScalarType.I32)
    with pytest.raises(AttributeError):
        cond._type = ttl.ScalarType.I64
    assert cond.type is ttl.ScalarType.I32


def test_condition_identity_across_explicit_threads_and_nesting():
    # The producer's push under (loop, then #0) balances the consumer's pop under (#0, then loop).
    compiled = programs.make_explicit_conditions(same=True).compile(SPEC)
    cpp = {d.logical_kernel.name: d.source for d in compiled.descriptors}
    assert "ready()" in cpp["compute"] and "ready()" in cpp["data_movement"]
    err = expect_error(programs.make_explicit_conditions(same=False), C,
                       "producers push 2 tiles but consumers pop 0 tiles", "explicit_conditions")
    assert "condition #0 is true, condition #1 is false" in err.message


def test_acquired_block_must_be_released():
    expect_error(programs.never_released, C,
                 "the block acquired here is never released; every ttl.reserve needs one ttl.push",
                 "never_released")


# --- lifecycle: balance must be provable ---------------------------------------------------------
def test_guard_without_identity_is_unprovable():
    err = expect_error(programs.guard_without_identity, C,
                       "cannot prove the DFB protocol balanced across kernels: an occurrence is guarded "
                       "by a condition without dispatch-stable identity", "guard_without_identity")
    assert "declare the condition with ttl.DispatchCondition" in err.message
    assert any("produced here by the canonical data-movement kernel" in n for n in err.notes)
    assert any("consumed here by the canonical compute kernel" in n for n in err.notes)
    # The provable variants: the same guard as a dispatch condition, or one kernel on both sides.
    assert "cb_push_back" in sources(programs.make_guarded_by_declaration())["data_movement"]
    cpp = sources(programs.guard_in_one_kernel)["data_movement"]
    assert "cb_push_back" in cpp and "cb_pop_front" in cpp


def test_mismatched_node_guards_are_unbalanced_on_a_core():
    # `col == 0` against `row == 0` on a 2x2 grid: core (1, 0) pops a tile nobody pushes.
    err = expect_error(programs.mismatched_guards, C,
                       "unbalanced DFB protocol across kernels: producers push 0 tiles but "
                       "consumers pop 1 tiles on core (1, 0)", "mismatched_guards")
    assert any("produced here" in n for n in err.notes)
    assert any("consumed here" in n for n in err.notes)


def test_equivalent_node_guards_written_differently_are_provable():
    tensors = (ttl.TensorSpec((128, 64)), ttl.TensorSpec((128, 64)))
    compiled = programs.equivalent_node_guards.compile(*tensors)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1]
    # Column 0 moves the tiles in all three kernels; the other columns do nothing.
    moves = {(d.logical_kernel.name, d.core_ranges[0].start[0] == 0):
             ("cb_push_back" in d.source, "cb_pop_front" in d.source) for d in compiled.descriptors}
    assert moves == {
        ("data_movement", True): (True, False), ("data_movement", False): (False, False),
        ("compute", True): (True, True), ("compute", False): (False, False),
        ("writer", True): (False, True), ("writer", False): (False, False),
    }


def test_partitioned_tile_ranges_balance_per_core():
    # The reader's range(col * 2, (col + 1) * 2) and the compute thread's range(2): different
    # loop bounds, the same trip count on every core.
    tensors = (ttl.TensorSpec((256, 64)), ttl.TensorSpec((256, 64)))
    compiled = programs.partitioned_tile_ranges.compile(*tensors)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1]
    assert {d.logical_kernel.name for d in compiled.descriptors} == {"data_movement", "compute", "writer"}


def test_node_guards_unbalanced_on_some_cores():
    err = expect_error(programs.unbalanced_node_guards, C,
                       "unbalanced DFB protocol across kernels: producers push 0 tiles but "
                       "consumers pop 1 tiles on core (1, 0)", "unbalanced_node_guards")
    assert isinstance(err, ttl.CompilerError)
    assert any("produced here" in n for n in err.notes)
    assert any("consumed here" in n for n in err.notes)


def test_equal_node_guards_and_constant_loops_across_threads_are_provable():
    tensors = (ttl.TensorSpec((128, 128)), ttl.TensorSpec((128, 128)))
    compiled = programs.node_guards_in_threads.compile(*tensors)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1, 2]
    # Per-core sources: core (0, 0) moves the tiles, the others have nothing to do.
    first = {d.logical_kernel.name: d.source for d in compiled.descriptors
             if d.core_ranges[0].start == (0, 0)}
    assert "cb_push_back" in first["data_movement"] and "cb_pop_front" in first["writer"]
    assert "cb_pop_front" in first["compute"] and "cb_push_back" in first["compute"]


def test_triangular_nest_balances_a_flat_count():
    # range(r + 1) inside range(n) (n = 4 from t.shape) runs 10 times: the compute thread's
    # range(10) balances it; range(11) is one tile short on the producer side.
    tensors = (ttl.TensorSpec((128, 128)), ttl.TensorSpec((128, 128)))
    compiled = programs.make_lower_triangle(extra=0).compile(*tensors)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1]
    cpp = {d.logical_kernel.name: d.source for d in compiled.descriptors}
    assert "cb_push_back" in cpp["data_movement"] and "cb_pop_front" in cpp["writer"]
    err = expect_error(programs.make_lower_triangle(extra=1), C,
                       "unbalanced DFB protocol across kernels: producers push 10 tiles but "
                       "consumers pop 11 tiles", "lower_triangle", tensors)
    assert any("produced here" in n for n in err.notes)


def test_release_in_nested_control_is_unprovable():
    err = expect_error(programs.release_in_loop, C,
                       "a block is released inside a branch or loop nested in the region that "
                       "acquired it", "release_in_loop")
    assert any("acquired here" in n for n in err.notes) and any("released here" in n for n in err.notes)
