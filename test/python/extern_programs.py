"""TT-Lang programs for test_extern_rules.py, one per rule of the external-functions spec
(docs/external-functions.md). An invalid program marks its error line with `# E:<case>`."""

import ttlang as ttl

H = "ext.hpp"
CP = ttl.KernelKind.COMPUTE
DM = ttl.KernelKind.DATA_MOVEMENT
MODULE_TILES = 2
MODULE_FLAG = True


def _op(fn):
    return ttl.operation(grid=(1, 1))(fn)


# --- scalar results ---------------------------------------------------------------------------
@_op
def result_i32_i64(a):
    x = ttl.call_extern_func(H, "f32", result_type=ttl.ScalarType.I32, kernel=CP)
    y = ttl.call_extern_func(H, "f64", result_type=ttl.ScalarType.I64, kernel=CP)
    if x:
        ttl.call_extern_func(H, "both", func_args=[x, y], kernel=CP)


@_op
def result_raw_string(a):
    ttl.call_extern_func(H, "f", result_type="i64", kernel=CP)  # E:result_raw_string


@_op
def result_integer(a):
    ttl.call_extern_func(H, "f", result_type=64, kernel=CP)  # E:result_integer


@_op
def result_class(a):
    ttl.call_extern_func(H, "f", result_type=ttl.ScalarType, kernel=CP)  # E:result_class


@_op
def void_call(a):
    ttl.call_extern_func(H, "f", result_type=None, kernel=CP)
    ttl.call_extern_func(H, "g", kernel=CP)


@_op
def result_in_loop_assignment(a):
    total = ttl.call_extern_func(H, "start", result_type=ttl.ScalarType.I64, kernel=CP)
    for i in range(2):
        total = ttl.call_extern_func(H, "next", func_args=[total], result_type=ttl.ScalarType.I64, kernel=CP)
    if total:
        ttl.call_extern_func(H, "done", kernel=CP)


@_op
def result_crosses_kernels(a):
    flag = ttl.call_extern_func(H, "f", result_type=ttl.ScalarType.I64, kernel=CP)
    if flag:  # E:result_crosses_kernels
        ttl.call_extern_func(H, "g", kernel=DM)


@_op
def result_in_every_selected_kernel(a):
    flag = ttl.call_extern_func(H, "probe", result_type=ttl.ScalarType.I32, kernel=CP | DM)
    if flag:
        ttl.call_extern_func(H, "on_compute", kernel=CP)
        ttl.call_extern_func(H, "on_mover", kernel=DM)


# --- logical-kernel selection -------------------------------------------------------------------
@_op
def top_level_without_kernel(a):
    ttl.call_extern_func(H, "f")  # E:top_level_without_kernel


@_op
def thread_without_kernel(a):
    @ttl.compute()
    def work():
        ttl.call_extern_func(H, "f")


@_op
def thread_other_kernel(a):
    @ttl.compute()
    def work():
        ttl.call_extern_func(H, "f", kernel=DM)  # E:thread_other_kernel


@_op
def repeated_selector(a):
    ttl.call_extern_func(H, "f", kernel=(CP, CP))  # E:repeated_selector


@_op
def empty_selector(a):
    ttl.call_extern_func(H, "f", kernel=())  # E:empty_selector


def make_handle_selection():
    reader = ttl.Kernel(DM)

    @ttl.operation(grid=(1, 1))
    def handle_selection(a):
        ttl.call_extern_func(H, "r", func_args=[a], kernel=reader)
        ttl.call_extern_func(H, "s", kernel=(CP, reader))

    return handle_selection, reader


def make_too_many_movers():
    r1 = ttl.Kernel(DM)
    r2 = ttl.Kernel(DM)

    @ttl.operation(grid=(1, 1))
    def too_many_movers(a):  # E:too_many_movers
        ttl.call_extern_func(H, "f", kernel=(DM, r1, r2))

    return too_many_movers


# --- dispatch conditions ------------------------------------------------------------------------
def make_conditions(same: bool):
    first = ttl.DispatchCondition(ttl.ScalarType.I64)
    second = first if same else ttl.DispatchCondition(ttl.ScalarType.I64)
    producer = ttl.Kernel(DM)
    consumer = ttl.Kernel(CP)

    @ttl.operation(grid=(1, 1))
    def conditions(a):
        dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:distinct_conditions
        p = ttl.call_extern_func(H, "evaluate", condition_result=first, kernel=producer)
        c = ttl.call_extern_func(H, "evaluate", condition_result=second, kernel=consumer)
        if p:
            blk = dfb.reserve()
            blk.push(kernel=producer)
        if c:
            got = dfb.wait()
            got.pop(kernel=consumer)

    return conditions


@_op
def condition_bad_type(a):
    cond = ttl.DispatchCondition("i64")  # E:condition_bad_type


@_op
def condition_not_a_declaration(a):
    ttl.call_extern_func(H, "f", condition_result=ttl.ScalarType.I64, kernel=CP)  # E:condition_not_a_declaration


ACTIVE = ttl.DispatchCondition(ttl.ScalarType.I32)


@_op
def condition_with_result_type(a):
    ttl.call_extern_func(H, "f", condition_result=ACTIVE, result_type=ttl.ScalarType.I32, kernel=CP)  # E:condition_with_result_type


@_op
def condition_with_dfb_argument(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[dfb], condition_result=ACTIVE, kernel=CP)  # E:condition_with_dfb_argument


@_op
def condition_with_dfb_index(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", template_args=[ttl.get_dfb_id(dfb)], dfb_dependencies=[dfb], condition_result=ACTIVE, kernel=CP)  # E:condition_with_dfb_index


@_op
def condition_with_effects(a):
    ttl.call_extern_func(H, "f", dfb_effects=[], unknown_dfb_access=True, condition_result=ACTIVE, kernel=CP)  # E:condition_with_unknown_access


@_op
def condition_valid(a):
    on = ttl.call_extern_func(H, "f", condition_result=ACTIVE, kernel=CP)
    if on:
        ttl.call_extern_func(H, "g", kernel=CP)


# --- template arguments -------------------------------------------------------------------------
@_op
def template_kinds(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    dst = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(
        H,
        "t",
        template_args=[-7, True, 1.5, ttl.dfb_descriptor(src), ttl.get_dfb_id(dst)],
        dfb_dependencies=[dst],
        kernel=DM,
    )


@_op
def template_bare_dfb(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "t", template_args=[dfb], kernel=DM)  # E:template_bare_dfb


@_op
def template_string(a):
    ttl.call_extern_func(H, "t", template_args=["x"], kernel=DM)  # E:template_string


@_op
def template_runtime_value(a):
    col, row = ttl.node(dims=2)
    ttl.call_extern_func(H, "t", template_args=[col], kernel=DM)  # E:template_runtime_value


@_op
def template_int_too_large(a):
    ttl.call_extern_func(H, "t", template_args=[2**63], kernel=DM)  # E:template_int_too_large


@_op
def template_float_overflow(a):
    ttl.call_extern_func(H, "t", template_args=[1e39], kernel=DM)  # E:template_float_overflow


@_op
def dfb_id_without_dependency(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "t", template_args=[ttl.get_dfb_id(dfb)], kernel=DM)  # E:dfb_id_without_dependency


@_op
def dfb_id_through_func_arg(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "t", template_args=[ttl.get_dfb_id(dfb)], func_args=[dfb], kernel=DM)


# --- function arguments -------------------------------------------------------------------------
@_op
def func_arg_kinds(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    col, row = ttl.node(dims=2)
    ttl.call_extern_func(H, "mover", func_args=[col, 3, True, dfb, a, ttl.raw_addr(a)], kernel=DM)
    ttl.call_extern_func(H, "compute", func_args=[row, ttl.raw_addr(a)], kernel=CP)


@_op
def func_arg_slice(a):
    ttl.call_extern_func(H, "f", func_args=[a[0, 0]], kernel=DM)  # E:func_arg_slice


@_op
def func_arg_block(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.wait() as blk:
        ttl.call_extern_func(H, "f", func_args=[blk], kernel=CP)  # E:func_arg_block


@_op
def func_arg_tensor_in_compute(a):
    ttl.call_extern_func(H, "f", func_args=[a], kernel=CP)  # E:func_arg_tensor_in_compute


@_op
def func_arg_tensor_in_compute_thread(a):
    @ttl.compute()
    def work():
        ttl.call_extern_func(H, "f", func_args=[a])  # E:func_arg_tensor_in_compute_thread


@_op
def func_arg_row_major(a):
    ttl.call_extern_func(H, "f", func_args=[a], kernel=DM)  # E:func_arg_row_major


@_op
def func_arg_float(a):
    ttl.call_extern_func(H, "f", func_args=[0.5], kernel=DM)  # E:func_arg_float


@_op
def func_arg_descriptor(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[ttl.dfb_descriptor(dfb)], kernel=DM)  # E:func_arg_descriptor


@_op
def raw_addr_of_slice(a):
    ttl.call_extern_func(H, "f", func_args=[ttl.raw_addr(a[0, 0])], kernel=CP)  # E:raw_addr_of_slice


# --- dependencies and effects -------------------------------------------------------------------
@_op
def dependencies_repeated(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", dfb_dependencies=[dfb, dfb], kernel=DM)  # E:dependencies_repeated


@_op
def dependencies_automatic(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[dfb], dfb_dependencies=[dfb], kernel=DM)  # E:dependencies_automatic


@_op
def dependencies_not_dfb(a):
    ttl.call_extern_func(H, "f", dfb_dependencies=[a], kernel=DM)  # E:dependencies_not_dfb


@_op
def effects_valid(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=1)
    dst = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(
        H,
        "stage",
        func_args=[src],
        dfb_dependencies=[dst],
        dfb_effects=[
            ttl.DFBEffect.wait(src, tiles=2),
            ttl.DFBEffect.pop(src, tiles=2),
            ttl.DFBEffect.reserve(dst, tiles=1),
            ttl.DFBEffect.push(dst, tiles=1),
        ],
        kernel=DM,
    )


@_op
def effect_not_a_dependency(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    other = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(other, tiles=1)], kernel=DM)  # E:effect_not_a_dependency


@_op
def effect_zero_tiles(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=0)], kernel=DM)  # E:effect_zero_tiles


@_op
def effect_over_capacity(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.reserve(src, tiles=5)], kernel=DM)  # E:effect_over_capacity


@_op
def effect_not_an_effect(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[src], kernel=DM)  # E:effect_not_an_effect


# --- static counts ------------------------------------------------------------------------------
def make_static_counts():
    per = 1
    n = 3

    @ttl.operation(grid=(1, 1))
    def static_counts(a):
        src = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
        ttl.call_extern_func(
            H,
            "f",
            func_args=[src],
            dfb_effects=[
                ttl.DFBEffect.wait(src, tiles=-(-MODULE_TILES) * per + (n // 2) - (n % 2)),
                ttl.DFBEffect.pop(src, tiles=+MODULE_TILES),
            ],
            kernel=DM,
        )

    return static_counts


@_op
def count_boolean(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=MODULE_FLAG)], kernel=DM)  # E:count_boolean


@_op
def count_boolean_literal(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=True)], kernel=DM)  # E:count_boolean_literal


@_op
def count_runtime(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    col, row = ttl.node(dims=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=col)], kernel=DM)  # E:count_runtime


@_op
def count_zero_floordiv(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=MODULE_TILES // 0)], kernel=DM)  # E:count_zero_floordiv


@_op
def count_zero_modulo(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=MODULE_TILES % (1 - 1))], kernel=DM)  # E:count_zero_modulo


@_op
def count_power(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.wait(src, tiles=MODULE_TILES**1)], kernel=DM)  # E:count_power


# --- repeat -------------------------------------------------------------------------------------
@_op
def repeat_form(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=1)
    ttl.call_extern_func(
        H,
        "drain",
        func_args=[src],
        dfb_effects=[
            ttl.DFBEffect.repeat(3, [ttl.DFBEffect.wait(src, tiles=2), ttl.DFBEffect.pop(src, tiles=2)]),
        ],
        kernel=CP,
    )


@_op
def repeat_flat(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=1)
    ttl.call_extern_func(
        H,
        "drain",
        func_args=[src],
        dfb_effects=[
            ttl.DFBEffect.wait(src, tiles=2),
            ttl.DFBEffect.pop(src, tiles=2),
            ttl.DFBEffect.wait(src, tiles=2),
            ttl.DFBEffect.pop(src, tiles=2),
            ttl.DFBEffect.wait(src, tiles=2),
            ttl.DFBEffect.pop(src, tiles=2),
        ],
        kernel=CP,
    )


@_op
def repeat_empty(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(2, [])], kernel=DM)  # E:repeat_empty


@_op
def repeat_not_literal(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    pair = [ttl.DFBEffect.wait(src, tiles=1), ttl.DFBEffect.pop(src, tiles=1)]
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(2, pair)], kernel=DM)  # E:repeat_not_literal


@_op
def repeat_negative(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(-1, [ttl.DFBEffect.wait(src, tiles=1)])], kernel=DM)  # E:repeat_negative


@_op
def repeat_zero(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(0, [ttl.DFBEffect.wait(src, tiles=1)])], kernel=DM)


@_op
def effects_at_limit(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(2048, [ttl.DFBEffect.wait(src, tiles=1), ttl.DFBEffect.pop(src, tiles=1)])], kernel=DM)


@_op
def effects_over_limit(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(4096, [ttl.DFBEffect.wait(src, tiles=1)]), ttl.DFBEffect.pop(src, tiles=1)], kernel=DM)  # E:effects_over_limit


@_op
def repeat_over_limit(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(1000000000, [ttl.DFBEffect.wait(src, tiles=1)])], kernel=DM)  # E:repeat_over_limit


@_op
def repeat_zero_of_large(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(0, [ttl.DFBEffect.repeat(5000, [ttl.DFBEffect.wait(src, tiles=1)])])], kernel=DM)


@_op
def repeat_nested(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(2, [ttl.DFBEffect.repeat(3, [ttl.DFBEffect.wait(src, tiles=1), ttl.DFBEffect.pop(src, tiles=1)]), ttl.DFBEffect.wait(src, tiles=1)]), ttl.DFBEffect.pop(src, tiles=1)], kernel=DM)


@_op
def repeat_nested_over_limit(a):
    src = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", func_args=[src], dfb_effects=[ttl.DFBEffect.repeat(100000, [ttl.DFBEffect.repeat(100000, [ttl.DFBEffect.repeat(100000, [ttl.DFBEffect.wait(src, tiles=1)])])])], kernel=DM)  # E:repeat_nested_over_limit


# --- strings, include paths, unknown access ---------------------------------------------------
@_op
def header_not_string(a):
    ttl.call_extern_func(3, "f", kernel=CP)  # E:header_not_string


@_op
def callee_empty(a):
    ttl.call_extern_func(H, "", kernel=CP)  # E:callee_empty


@_op
def include_paths_valid(a):
    ttl.call_extern_func("kernels/custom_entry.hpp", "custom_entry", include_paths=["/opt/a", "/opt/b"], kernel=CP)


@_op
def include_path_not_string(a):
    ttl.call_extern_func(H, "f", include_paths=[3], kernel=CP)  # E:include_path_not_string


@_op
def unknown_access_not_bool(a):
    ttl.call_extern_func(H, "f", unknown_dfb_access=1, kernel=CP)  # E:unknown_access_not_bool


@_op
def unknown_access_valid(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    ttl.call_extern_func(H, "f", unknown_dfb_access=True, kernel=CP)


@_op
def unknown_keyword(a):
    ttl.call_extern_func(H, "f", kernels=CP)  # E:unknown_keyword


# --- DFB synchronization ownership --------------------------------------------------------------
@_op
def release_selector(a):
    input_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    unused = input_dfb.wait()
    unused.pop(kernel=ttl.KernelKind.DATA_MOVEMENT)


@_op
def release_selector_conflict(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.wait()
    ttl.copy(blk, a[0, 0]).wait()
    blk.pop(kernel=ttl.KernelKind.COMPUTE)  # E:release_selector_conflict


@_op
def release_two_selectors(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.wait()
    blk.pop(kernel=(CP, DM))  # E:release_two_selectors


@_op
def acquire_with_selector(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.reserve(kernel=DM)  # E:acquire_with_selector


@_op
def release_selector_in_thread(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        blk = dfb.wait()
        blk.pop(kernel=DM)


# --- lifecycle ----------------------------------------------------------------------------------
@_op
def unbalanced(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:unbalanced
    blk = dfb.reserve()
    blk.push(kernel=DM)
    for i in range(3):
        got = dfb.wait()
        got.pop(kernel=CP)


@_op
def stage_reuses_index(a):
    # Data movement fills `first`, then `second`; the external call drains them in that order:
    # one producer, one consumer, one FIFO stream.
    first = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    second = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with first.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    with second.reserve() as blk:
        ttl.copy(a[0, 1], blk).wait()
    ttl.call_extern_func(
        H,
        "stage",
        template_args=[ttl.get_dfb_id(first), ttl.dfb_descriptor(second)],
        func_args=[first],
        dfb_effects=[
            ttl.DFBEffect.wait(first, tiles=1),
            ttl.DFBEffect.pop(first, tiles=1),
            ttl.DFBEffect.wait(second, tiles=1),
            ttl.DFBEffect.pop(second, tiles=1),
        ],
        kernel=CP,
    )


@_op
def stage_swaps_roles(a):
    # Compute consumes `first`, then produces `second`: one index would swap its producer and
    # consumer kernels.
    first = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    second = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with first.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    ttl.call_extern_func(
        H,
        "stage",
        template_args=[ttl.get_dfb_id(first), ttl.dfb_descriptor(second)],
        func_args=[first],
        dfb_effects=[
            ttl.DFBEffect.wait(first, tiles=1),
            ttl.DFBEffect.pop(first, tiles=1),
            ttl.DFBEffect.reserve(second, tiles=1),
            ttl.DFBEffect.push(second, tiles=1),
        ],
        kernel=CP,
    )
    with second.wait() as blk:
        ttl.copy(blk, a[0, 0]).wait()


@_op
def stage_opaque(a):
    # As stage_reuses_index, but the call lists no effects.
    first = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    second = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with first.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    with second.reserve() as blk:
        ttl.copy(a[0, 1], blk).wait()
    ttl.call_extern_func(H, "stage", func_args=[first, second], kernel=CP)


# --- composition --------------------------------------------------------------------------------
def make_typed(scalar_type):
    @ttl.operation(grid=(1, 1))
    def typed(a):
        ttl.call_extern_func(H, "f", result_type=scalar_type, kernel=CP)

    return typed


def make_composed_conditions():
    shared = ttl.DispatchCondition(ttl.ScalarType.I64)
    other = ttl.DispatchCondition(ttl.ScalarType.I64)

    @ttl.operation(grid=(1, 1))
    def inner(a):
        ttl.call_extern_func(H, "evaluate", condition_result=shared, kernel=CP)
        ttl.call_extern_func(H, "evaluate", condition_result=other, kernel=CP)

    @ttl.operation(grid=(1, 1))
    def outer(a):
        ttl.call_extern_func(H, "evaluate", condition_result=shared, kernel=DM)
        inner(a)

    return outer, inner


def make_explicit_conditions(same: bool):
    first = ttl.DispatchCondition(ttl.ScalarType.I32)
    second = first if same else ttl.DispatchCondition(ttl.ScalarType.I32)

    @ttl.operation(grid=(2, 1))
    def explicit_conditions(t):
        dfb = ttl.make_dataflow_buffer_like(t, shape=(1, 1), block_count=2)  # E:explicit_conditions

        @ttl.datamovement()
        def producer():
            on = ttl.call_extern_func(H, "ready", condition_result=first)
            for i in range(2):
                if on:
                    with dfb.reserve() as blk:
                        ttl.copy(t[0, 0], blk).wait()

        @ttl.compute()
        def consumer():
            on = ttl.call_extern_func(H, "ready", condition_result=second)
            if on:
                for i in range(2):
                    with dfb.wait() as blk:
                        pass

    return explicit_conditions


@_op
def never_released(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.reserve()  # E:never_released
    ttl.copy(a[0, 0], blk).wait()


# --- lifecycle: provable balance ----------------------------------------------------------------
@_op
def guard_without_identity(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:guard_without_identity
    flag = ttl.call_extern_func(H, "probe", result_type=ttl.ScalarType.I32, kernel=CP | DM)
    if flag:
        with dfb.reserve() as blk:
            ttl.copy(a[0, 0], blk).wait()
        got = dfb.wait()
        got.pop(kernel=CP)


def make_guarded_by_declaration():
    ready = ttl.DispatchCondition(ttl.ScalarType.I32)

    @ttl.operation(grid=(1, 1))
    def guarded_by_declaration(a):
        dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        flag = ttl.call_extern_func(H, "probe", condition_result=ready, kernel=CP | DM)
        if flag:
            with dfb.reserve() as blk:
                ttl.copy(a[0, 0], blk).wait()
            got = dfb.wait()
            got.pop(kernel=CP)

    return guarded_by_declaration


@_op
def guard_in_one_kernel(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    flag = ttl.call_extern_func(H, "probe", result_type=ttl.ScalarType.I32, kernel=DM)
    if flag:
        with dfb.reserve() as blk:
            ttl.copy(a[0, 0], blk).wait()
        with dfb.wait() as blk:
            ttl.copy(blk, a[0, 0]).wait()


@ttl.operation(grid=(2, 2))
def mismatched_guards(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:mismatched_guards

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        if col == 0:
            with dfb.reserve() as blk:
                ttl.copy(a[0, 0], blk).wait()

    @ttl.compute()
    def consumer():
        col, row = ttl.node(dims=2)
        if row == 0:
            with dfb.wait() as blk:
                pass


TILES = 4
PER_CORE = 2


@ttl.operation(grid=(2, 2))
def node_guards_in_threads(a, out):
    """tt-lang 1.1 style: reader / compute / writer threads, constant loops, the same
    node-coordinate guard computed separately in each thread, and a tile read on the first
    iteration only."""
    in_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    bias_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=1)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        if col == 0 and row < 1:
            for i in range(TILES):
                if i == 0:  # once, on the first iteration
                    with bias_dfb.reserve() as blk:
                        ttl.copy(a[0, 1], blk).wait()
                with in_dfb.reserve() as blk:
                    ttl.copy(a[i, 0], blk).wait()

    @ttl.compute()
    def compute():
        col, row = ttl.node(dims=2)
        if col == 0 and row < 1:
            with bias_dfb.wait() as bias:
                for i in range(TILES):
                    with in_dfb.wait() as x, out_dfb.reserve() as y:
                        y.store(ttl.math.exp(x) + bias)

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        if row < 1 and col == 0:
            for i in range(TILES // 2):
                for j in range(2):
                    with out_dfb.wait() as blk:
                        ttl.copy(blk, out[i, j]).wait()


@ttl.operation(grid=(4, 2))
def equivalent_node_guards(a, out):
    """tt-lang 1.1 style: each thread writes "the first column" its own way; on a static grid
    the compiler evaluates every guard on every core, so the guards agree."""
    in_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        if col == 0:
            for i in range(TILES):
                with in_dfb.reserve() as blk:
                    ttl.copy(a[i, row], blk).wait()

    @ttl.compute()
    def compute():
        col, row = ttl.node(dims=2)
        if col < 1:
            for i in range(TILES):
                with in_dfb.wait() as x, out_dfb.reserve() as y:
                    y.store(ttl.math.exp(x))

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        cols, rows = ttl.grid_size(dims=2)
        if (row * cols + col) % cols == 0 and row < rows:
            for i in range(TILES):
                with out_dfb.wait() as blk:
                    ttl.copy(blk, out[i, row]).wait()


@ttl.operation(grid=(4, 1))
def partitioned_tile_ranges(a, out):
    """tt-lang 1.1 style work partitioning: the reader loops over its core's tile range, the
    compute thread and the writer over a count; the trip counts agree on every core."""
    in_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        for t in range(col * PER_CORE, (col + 1) * PER_CORE):
            with in_dfb.reserve() as blk:
                ttl.copy(a[t, 0], blk).wait()

    @ttl.compute()
    def compute():
        for i in range(PER_CORE):
            with in_dfb.wait() as x, out_dfb.reserve() as y:
                y.store(ttl.math.exp(x))

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        start = col * PER_CORE
        for t in range(PER_CORE):
            with out_dfb.wait() as blk:
                ttl.copy(blk, out[start + t, 0]).wait()


@ttl.operation(grid=(4, 1))
def unbalanced_node_guards(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:unbalanced_node_guards

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        if col == 0:
            with dfb.reserve() as blk:
                ttl.copy(a[0, 0], blk).wait()

    @ttl.compute()
    def consumer():
        col, row = ttl.node(dims=2)
        if col < 2:  # columns 0 and 1 consume, only column 0 produces
            with dfb.wait() as blk:
                pass


@_op
def release_in_loop(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:release_in_loop
    blk = dfb.reserve()
    ttl.copy(a[0, 0], blk).wait()
    for i in range(2):
        blk.push()
    with dfb.wait() as got:
        ttl.copy(got, a[0, 0]).wait()


def make_lower_triangle(extra: int):
    """tt-lang 1.1 style lower-triangular tile pass: the reader and the writer walk the
    triangular nest ``for r in range(n): for c in range(r + 1)`` with ``n`` from ``t.shape``,
    the compute thread a flat count of ``n * (n + 1) // 2 + extra`` tiles."""

    @ttl.operation(grid=(2, 1))
    def lower_triangle(a, out):
        n = a.shape[0] // 32
        in_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)  # E:lower_triangle
        out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

        @ttl.datamovement()
        def reader():
            for r in range(n):
                for c in range(r + 1):
                    with in_dfb.reserve() as blk:
                        ttl.copy(a[r, c], blk).wait()

        @ttl.compute()
        def compute():
            for _ in range(n * (n + 1) // 2 + extra):
                with in_dfb.wait() as x, out_dfb.reserve() as y:
                    y.store(ttl.math.exp(x))

        @ttl.datamovement()
        def writer():
            for r in range(n):
                for c in range(r + 1):
                    with out_dfb.wait() as blk:
                        ttl.copy(blk, out[r, c]).wait()

    return lower_triangle
