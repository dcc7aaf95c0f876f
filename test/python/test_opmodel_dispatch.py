"""The tri-state liveRecords selector, the caches and validation, through ttlang.opmodel."""

from __future__ import annotations

import threading

import pytest
from mlir import ir, passmanager
from opmodel_ir import ops_of, single_op, tensor

import ttlang
from ttlang import opmodel
from ttlang.opmodel import AllocationRecord, BufferType, Status

WORMHOLE_L1_TOP = 1499136
WORMHOLE_L1_BASE = 1499136 - 1463968

RELU_TO_L1 = (
    f"%r = ttnn.relu %a0 : {tensor('64x1024', 'dram')} -> {tensor('64x1024', 'l1')}",
    [tensor("64x1024", "dram")],
)


@pytest.fixture(autouse=True)
def fresh_caches():
    opmodel.clear_caches()
    yield
    opmodel.clear_caches()


def constraint_stats():
    return opmodel.cache_stats()[0]


# --- tri-state -----------------------------------------------------------------------------


def test_nullopt_is_cached_and_allocates_nothing():
    _, op = single_op(*RELU_TO_L1)
    first = opmodel.query_constraints(op)
    assert constraint_stats() == opmodel.CacheStats(hits=0, misses=1, entries=1)
    second = opmodel.query_constraints(op)
    assert constraint_stats() == opmodel.CacheStats(hits=1, misses=1, entries=1)
    assert first == second
    assert first.output_allocations == ()


def test_engaged_empty_is_uncached_and_allocates():
    _, op = single_op(*RELU_TO_L1)
    c = opmodel.query_constraints(op, live=[])
    opmodel.query_constraints(op, live=[])
    assert constraint_stats() == opmodel.CacheStats(hits=0, misses=0, entries=0)
    # Top-down: the 2048 B output takes the top of L1.
    assert c.output_allocations == (
        AllocationRecord(BufferType.L1, WORMHOLE_L1_TOP - 2048, 2048),
    )
    assert (c.cb_peak, c.tensor_l1_peak, c.overall_peak) == (8192, 2048, 10240)


def test_engaged_non_empty_is_uncached_and_placed_below_live_buffers():
    _, op = single_op(*RELU_TO_L1)
    live = [AllocationRecord(BufferType.L1, WORMHOLE_L1_TOP - 4096, 4096)]
    c = opmodel.query_constraints(op, live=live)
    assert constraint_stats() == opmodel.CacheStats(hits=0, misses=0, entries=0)
    assert c.output_allocations == (
        AllocationRecord(BufferType.L1, WORMHOLE_L1_TOP - 4096 - 2048, 2048),
    )


def test_chain_from_engaged_empty_set_sees_first_outputs():
    """The silent degrade-to-stateless trap: op 2 must see op 1's records."""
    module = ttlang.parse_module(
        f"""
        func.func @f(%a: {tensor('64x1024', 'dram')}) {{
          %0 = ttnn.relu %a : {tensor('64x1024', 'dram')} -> {tensor('64x1024', 'l1')}
          %1 = ttnn.exp %0 : {tensor('64x1024', 'l1')} -> {tensor('64x1024', 'l1')}
          return
        }}"""
    )
    relu, exp = ops_of(module)
    live: list[AllocationRecord] = []
    first = opmodel.query_constraints(relu, live=live)
    assert len(first.output_allocations) == 1
    live.extend(first.output_allocations)
    second = opmodel.query_constraints(exp, live=live)
    (a,), (b,) = first.output_allocations, second.output_allocations
    assert b.address + b.size_per_bank <= a.address  # placed below, no overlap
    # The same query on an empty set would have reused op 1's range.
    alone = opmodel.query_constraints(exp, live=[])
    assert alone.output_allocations[0].address == a.address


def test_stateful_out_of_memory_and_cb_clash_are_typed():
    _, op = single_op(*RELU_TO_L1)
    usable = WORMHOLE_L1_TOP - WORMHOLE_L1_BASE
    full = [AllocationRecord(BufferType.L1, WORMHOLE_L1_BASE + 16, usable - 16)]
    with pytest.raises(opmodel.OpModelError) as info:
        opmodel.query_constraints(op, live=full)
    assert info.value.status == Status.OUT_OF_MEMORY
    # A live buffer just above the reserved region: the 8192 B of CBs clash.
    low = [AllocationRecord(BufferType.L1, WORMHOLE_L1_BASE + 4096, 4096)]
    with pytest.raises(opmodel.OpModelError, match="clash") as info:
        opmodel.query_constraints(op, live=low)
    assert info.value.status == Status.OUT_OF_MEMORY


def test_overlapping_live_records_are_rejected():
    _, op = single_op(*RELU_TO_L1)
    live = [
        AllocationRecord(BufferType.L1, 1_000_000, 4096),
        AllocationRecord(BufferType.L1, 1_002_048, 4096),
    ]
    with pytest.raises(opmodel.OpModelError, match="overlaps") as info:
        opmodel.query_constraints(op, live=live)
    assert info.value.status == Status.BACKEND_ERROR


def test_intentionally_stateless_op_reports_no_allocations():
    _, op = single_op(f"%r = ttnn.empty : {tensor('64x1024', 'l1')}", [])
    c = opmodel.query_constraints(op, live=[])
    assert c.output_allocations == ()
    assert c.output_size == 2048


# --- caches ---------------------------------------------------------------------------------


def test_failures_are_cached_as_errors_but_not_supported_is_not():
    _, illegal = single_op(
        f"%r = ttnn.add %a0, %a1 : {tensor('64x1024', 'dram')}, {tensor('2048x2048', 'dram')}"
        f" -> {tensor('64x1024', 'dram')}",
        [tensor("64x1024", "dram"), tensor("2048x2048", "dram")],
    )
    for _ in range(2):
        with pytest.raises(opmodel.OpModelError) as info:
            opmodel.query_constraints(illegal)
        assert info.value.status == Status.BACKEND_ERROR
    assert constraint_stats() == opmodel.CacheStats(hits=1, misses=1, entries=1)

    opmodel.clear_caches()
    # A row-major sharded rank-3 softmax over dimension 1: ttnn tilizes it first (the tilize of a
    # sharded input there is not modelled).
    row_major = ("tensor<3x64x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1,"
                 " shard = 96x64>>")
    _, unsupported = single_op(
        f"%r = ttnn.softmax %a0 {{dimension = 1 : si32}} : {row_major} -> {row_major}",
        [row_major],
    )
    for _ in range(2):
        with pytest.raises(opmodel.OpModelError) as info:
            opmodel.query_constraints(unsupported)
        assert info.value.status == Status.NOT_IMPLEMENTED
    assert constraint_stats() == opmodel.CacheStats(hits=0, misses=2, entries=0)


def test_key_covers_every_argument():
    module, op = single_op(*RELU_TO_L1)
    with module.context:
        dram = ir.Attribute.parse("#ttnn.layout<dram, interleaved, bf16>")
        sharded = ir.Attribute.parse("#ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x1024>")
    a = opmodel.query_constraints(op)
    b = opmodel.query_constraints(op, output=dram)
    c = opmodel.query_constraints(op, output=sharded)
    assert (a.output_size, b.output_size, c.output_size) == (2048, 0, 65536)
    assert constraint_stats() == opmodel.CacheStats(hits=0, misses=3, entries=3)


def test_equal_hash_different_keys_stay_apart():
    """Inject a collision: every key hashes alike; full-key comparison must keep them apart."""
    module, relu = single_op(*RELU_TO_L1)
    _, exp = single_op(
        f"%r = ttnn.exp %a0 : {tensor('64x1024', 'dram')} -> {tensor('64x1024', 'l1')}",
        [tensor("64x1024", "dram")],
    )
    _, add = single_op(
        f"%r = ttnn.add %a0, %a1 : {tensor('64x1024', 'dram')}, {tensor('64x1024', 'dram')}"
        f" -> {tensor('64x1024', 'l1')}",
        [tensor("64x1024", "dram"), tensor("64x1024", "dram")],
    )
    with module.context:
        dram = ir.Attribute.parse("#ttnn.layout<dram, interleaved, bf16>")
    expected = [
        opmodel.query_constraints(relu),
        opmodel.query_constraints(relu, output=dram),
        opmodel.query_constraints(exp),
        opmodel.query_constraints(add),
    ]
    opmodel.clear_caches()
    opmodel._ttlang.opmodel_set_constant_hash_for_testing(True)
    try:
        for _ in range(2):
            got = [
                opmodel.query_constraints(relu),
                opmodel.query_constraints(relu, output=dram),
                opmodel.query_constraints(exp),
                opmodel.query_constraints(add),
            ]
            assert [(g.cb_peak, g.output_size) for g in got] == [
                (e.cb_peak, e.output_size) for e in expected
            ]
    finally:
        opmodel._ttlang.opmodel_set_constant_hash_for_testing(False)
    # relu and exp share shapes and layouts: only the op kind tells them apart.
    assert constraint_stats() == opmodel.CacheStats(hits=4, misses=4, entries=4)


def test_cached_answer_is_materialized_in_the_asking_context():
    _, op1 = single_op(*RELU_TO_L1)
    first = opmodel.query_constraints(op1)
    context2 = ttlang.create_context()
    _, op2 = single_op(*RELU_TO_L1, context=context2)
    second = opmodel.query_constraints(op2)
    assert constraint_stats().hits == 1
    assert second.output_layouts[0].context is context2
    assert str(second.output_layouts[0]) == str(first.output_layouts[0])


def test_runtime_cache_counts():
    _, op = single_op(*RELU_TO_L1)
    ns = opmodel.query_runtime(op)
    assert opmodel.query_runtime(op) == ns
    assert opmodel.cache_stats()[1] == opmodel.CacheStats(hits=1, misses=1, entries=1)


def _many_functions(count: int) -> str:
    funcs = []
    for i in range(count):
        # Four distinct queries repeated across functions: plenty of concurrent hits.
        width = 32 * (1 + i % 4)
        t_d, t_l = tensor(f"64x{width}", "dram"), tensor(f"64x{width}", "l1")
        funcs.append(
            f"""func.func @f{i}(%a: {t_d}, %b: {t_d}) {{
              %0 = ttnn.relu %a : {t_d} -> {t_l}
              %1 = ttnn.add %0, %b : {t_l}, {t_d} -> {t_l}
              %2 = ttnn.softmax %1 {{dimension = -1 : si32}} : {t_l} -> {t_l}
              return
            }}"""
        )
    return "\n".join(funcs)


def _run_print_pass(threading_enabled: bool) -> tuple[opmodel.CacheStats, opmodel.CacheStats]:
    context = ttlang.create_context()
    context.enable_multithreading(threading_enabled)
    context.emit_error_diagnostics = False
    remarks: list[str] = []

    def handler(diagnostic):
        remarks.append(str(diagnostic.message))
        return True

    context.attach_diagnostic_handler(handler)
    module = ttlang.parse_module(_many_functions(64), context)
    opmodel.clear_caches()
    passmanager.PassManager.parse(
        "builtin.module(func.func(ttnn-print-op-constraints))", context
    ).run(module.operation)
    assert sum("success" in r for r in remarks) == 64 * 3
    return opmodel.cache_stats()


def test_multithreaded_pass_run_matches_single_threaded():
    serial = _run_print_pass(False)
    parallel = _run_print_pass(True)
    for s, p in zip(serial, parallel):
        # Distinct queries are identical; concurrent first queries of the same key may both
        # compute, but every query is exactly one hit or one miss.
        assert p.entries == s.entries == 12
        assert p.hits + p.misses == s.hits + s.misses == 64 * 3


def test_python_threads_query_concurrently():
    module = ttlang.parse_module(_many_functions(16))
    ops = ops_of(module)
    expected = [opmodel.query_constraints(op) for op in ops]
    errors: list[BaseException] = []

    def worker():
        try:
            for _ in range(20):
                for op, e in zip(ops, expected):
                    assert opmodel.query_constraints(op) == e
                    assert opmodel.query_constraints(op, live=[]).output_allocations
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


# --- validation -----------------------------------------------------------------------------

# DRAM operands, L1 output: 16x16-tile blocks, 786432 B of CBs + 131072 B of output.
MATMUL_L1 = (
    f"%r = ttnn.matmul %a0, %a1 : {tensor('2048x1024', 'dram')}, {tensor('1024x2048', 'dram')} -> "
    f"{tensor('2048x2048', 'l1')}",
    [tensor("2048x1024", "dram"), tensor("1024x2048", "dram")],
)


def test_stateless_validation_enforces_the_default_cap():
    _, op = single_op(*MATMUL_L1)
    assert opmodel.validate(op).overall_peak == 917504
    usable = WORMHOLE_L1_TOP - WORMHOLE_L1_BASE
    headroom = int(usable * 0.95) - 917504
    assert opmodel.validate(op, additional_l1=headroom).overall_peak == 917504
    with pytest.raises(opmodel.OpModelError) as info:
        opmodel.validate(op, additional_l1=headroom + 1)
    assert info.value.status == Status.OUT_OF_MEMORY


def test_additional_l1_that_would_wrap_is_out_of_memory():
    # peak + additional past 2^64 must not wrap to a small number that fits.
    _, op = single_op(*MATMUL_L1)
    for additional in (2**64 - 1, 2**64 - 917504, 2**63):
        with pytest.raises(opmodel.OpModelError, match="L1 per core") as info:
            opmodel.validate(op, additional_l1=additional)
        assert info.value.status == Status.OUT_OF_MEMORY
    for bad in (-1, 2**64, 1.5):
        with pytest.raises(ValueError, match="additional_l1"):
            opmodel.validate(op, additional_l1=bad)


def test_live_record_whose_end_would_wrap_is_rejected():
    _, op = single_op(*RELU_TO_L1)
    for record in (
        AllocationRecord(BufferType.L1, 2**64 - 16, 32),
        AllocationRecord(BufferType.L1, 1_000_000, 2**64 - 999_999),
    ):
        with pytest.raises(opmodel.OpModelError, match="outside the allocatable range") as info:
            opmodel.query_constraints(op, live=[record])
        assert info.value.status == Status.BACKEND_ERROR


@pytest.mark.parametrize(
    "shape, status, message",
    [
        ("?x32", Status.NOT_IMPLEMENTED, "dimension 0 of the operand 0 shape ?x32 is dynamic"),
        ("64x?", Status.NOT_IMPLEMENTED, "dimension 1 of the operand 0 shape 64x? is dynamic"),
        ("68719476736x68719476736", Status.BACKEND_ERROR, "more than 2^64 bytes"),
    ],
)
def test_unsizable_shapes_are_typed_errors(shape, status, message):
    _, op = single_op(
        f"%r = ttnn.relu %a0 : {tensor(shape, 'dram')} -> {tensor(shape, 'l1')}",
        [tensor(shape, "dram")],
    )
    for live in (None, []):
        with pytest.raises(opmodel.OpModelError) as info:
            opmodel.query_constraints(op, live=live)
        assert info.value.status == status
        assert message in info.value.message
    with pytest.raises(opmodel.OpModelError) as info:
        opmodel.query_runtime(op)
    assert info.value.status == status


def test_module_attribute_overrides_the_cap_and_stateful_skips_it():
    _, op = single_op(*MATMUL_L1, module_attrs="ttnn.l1_usage_cap = 0.5 : f64")
    with pytest.raises(opmodel.OpModelError) as info:
        opmodel.validate(op)
    assert info.value.status == Status.OUT_OF_MEMORY
    c = opmodel.validate(op, live=[])
    assert c.output_allocations


def test_invalid_cap_is_a_backend_error():
    _, op = single_op(*MATMUL_L1, module_attrs="ttnn.l1_usage_cap = 2.0 : f64")
    with pytest.raises(opmodel.OpModelError, match="ttnn.l1_usage_cap") as info:
        opmodel.validate(op)
    assert info.value.status == Status.BACKEND_ERROR


def test_exempt_ops_have_no_op_model():
    _, op = single_op(
        f"%r = ttnn.to_device %a0 : tensor<32x64xbf16> -> {tensor('32x64', 'dram')}",
        ["tensor<32x64xbf16>"],
    )
    assert not opmodel.has_op_model(op)
    with pytest.raises(opmodel.OpModelError) as info:
        opmodel.validate(op)
    assert info.value.status == Status.NOT_IMPLEMENTED
