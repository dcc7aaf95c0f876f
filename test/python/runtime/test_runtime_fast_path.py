"""The dispatch fast path keeps every rule: CoreRuntimeArgs is an immutable C record whose
construction-time summary the planner trusts, and argument structures validated once are
remembered per operation. These tests show that a remembered structure never lets a bad value or a
changed structure through, and that the record cannot be changed behind the planner's back."""

from __future__ import annotations

import numpy as np
import pytest
import rt_artifacts as A
from conftest import FakeKernel
from test_runtime_validation import TENSORS, factory_of, run_invalid, run_valid

import ttlang as ttl
from ttlang import _ttlang
from ttlang.artifact import KernelKind
from ttlang.runtime import CoreRangeError, OperationRuntime, ResourceTypeError, RuntimeArgsError


@pytest.fixture
def sender():
    return FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())


def with_words(kernel, words_by_core):
    return ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
        kernel, tuple(ttl.CoreRuntimeArgs(xy, words) for xy, words in words_by_core)),))


# -- the record ------------------------------------------------------------------------------------


def test_record_is_immutable_and_final():
    record = ttl.CoreRuntimeArgs((1, 0), (5, 6))
    with pytest.raises(AttributeError):
        record.values = (7, 8)
    with pytest.raises(AttributeError):
        object.__setattr__(record, "values", [7, 8])
    with pytest.raises(AttributeError):
        record.extra = 1
    with pytest.raises(TypeError):
        type("Sub", (ttl.CoreRuntimeArgs,), {})
    assert record.values == (5, 6)


def test_record_value_semantics(ttnn):
    a = ttl.CoreRuntimeArgs((1, 0), (5, 6))
    b = ttl.CoreRuntimeArgs(core=(1, 0), values=(5, 6))
    assert a == b and hash(a) == hash(b) and a != ttl.CoreRuntimeArgs((1, 0), (5, 7))
    assert repr(a) == "CoreRuntimeArgs(core=(1, 0), values=(5, 6))"
    assert ttl.CoreRuntimeArgs(ttnn.CoreCoord(1, 0), ()).core == ttnn.CoreCoord(1, 0)
    with pytest.raises(TypeError, match="missing required argument 'values'"):
        ttl.CoreRuntimeArgs((1, 0))
    with pytest.raises(ResourceTypeError, match=r"CoreRuntimeArgs.core must be a ttnn.CoreCoord"):
        ttl.CoreRuntimeArgs((1.0, 0), (1,))


def test_scan_summarizes_only_checked_records(ttnn):
    records = (ttl.CoreRuntimeArgs((1, 0), (5, 6)), ttl.CoreRuntimeArgs(ttnn.CoreCoord(0, 0), ()))
    structure, values = _ttlang.scan_core_runtime_args(records)
    assert np.frombuffer(structure, dtype=np.int32).tolist() == [1, 0, 2, 0, 0, 0]
    assert values == [(5, 6), ()]
    # words that need the one-by-one check (bool, numpy, out of range) are not summarized
    for words in ((True,), (np.uint32(3),), (-1,), (2**32,)):
        assert _ttlang.scan_core_runtime_args((ttl.CoreRuntimeArgs((0, 0), words),)) is None
    assert _ttlang.scan_core_runtime_args([records[0]]) is None
    assert _ttlang.scan_core_runtime_args((records[0], "x")) is None


# -- a remembered structure ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad, match",
    [
        (True, r"value 1 \(True, bool\) must be an integer-indexable, non-boolean object"),
        (np.bool_(True), r"non-boolean"),
        (-1, r"does not fit in an unsigned 32-bit"),
        (2**32, r"does not fit in an unsigned 32-bit"),
        (1.0, r"must be an integer-indexable"),
    ],
)
def test_bad_value_in_a_remembered_structure(ttnn, sender, descriptors, bad, match):
    runtime = OperationRuntime(A.collective())
    assert not run_valid(runtime, factory_of(with_words(sender, [((0, 0), (1, 2)), ((1, 0), (3, 4))]))).cache_hit
    assert run_valid(runtime, factory_of(with_words(sender, [((0, 0), (5, 6)), ((1, 0), (7, 8))]))).cache_hit
    run_invalid(runtime, factory_of(with_words(sender, [((0, 0), (5, 6)), ((1, 0), (7, bad))])),
                descriptors, RuntimeArgsError, match)


def test_changed_structure_after_remembered_one(ttnn, sender, descriptors):
    runtime = OperationRuntime(A.collective())
    run_valid(runtime, factory_of(with_words(sender, [((0, 0), (1, 2)), ((1, 0), (3, 4))])))
    # same lengths, one coordinate moved out of the worker range / repeated
    run_invalid(runtime, factory_of(with_words(sender, [((0, 0), (1, 2)), ((2, 0), (3, 4))])),
                descriptors, CoreRangeError, r"coordinate \(2, 0\) is outside the operation worker range")
    run_invalid(runtime, factory_of(with_words(sender, [((0, 0), (1, 2)), ((0, 0), (3, 4))])),
                descriptors, RuntimeArgsError, r"coordinate \(0, 0\) occurs more than once")


def test_remembered_structure_in_another_order_is_the_same_program(ttnn, sender):
    runtime = OperationRuntime(A.collective())
    first = run_valid(runtime, factory_of(with_words(sender, [((0, 0), (1, 2)), ((1, 0), (3, 4))])))
    second = run_valid(runtime, factory_of(with_words(sender, [((1, 0), (30, 40)), ((0, 0), (10, 20))])))
    assert second.cache_hit and second.program_hash == first.program_hash
    assert list(second.program.kernels[0].runtime_args[0][0]) == [10, 20]
    assert list(second.program.kernels[0].runtime_args[1][0]) == [30, 40]
    assert second.runtime_args[0] == {(0, 0): (10, 20), (1, 0): (30, 40)}


def test_numpy_words_take_the_checked_path_and_hit(ttnn, sender):
    runtime = OperationRuntime(A.collective())
    run_valid(runtime, factory_of(with_words(sender, [((0, 0), (1, 2)), ((1, 0), (3, 4))])))
    result = run_valid(runtime, factory_of(with_words(
        sender, [((0, 0), (np.uint32(9), 2)), ((1, 0), (3, np.int64(4)))])))
    assert result.cache_hit
    assert list(result.program.kernels[0].runtime_args[0][0]) == [9, 2]


def test_semaphore_on_the_worker_range_object_or_an_equal_one_is_one_structure(ttnn, sender):
    runtime = OperationRuntime(A.collective())

    def with_semaphore(make_ranges):
        def factory(*, tensors, core_ranges, first_free_semaphore_id):
            semaphore = ttnn.SemaphoreDescriptor(first_free_semaphore_id, core_ranges=make_ranges(core_ranges),
                                                 initial_value=0)
            return ttl.ProgramRuntimeResources(semaphore_descriptors=(semaphore,))
        return factory

    whole = lambda given: given  # noqa: E731 - the factory's own core_ranges
    rebuilt = lambda given: ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))])  # noqa: E731
    part = lambda given: ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(1, 0))])  # noqa: E731
    first = runtime.run(TENSORS, runtime_resource_factory=with_semaphore(whole))
    second = runtime.run(TENSORS, runtime_resource_factory=with_semaphore(rebuilt))
    third = runtime.run(TENSORS, runtime_resource_factory=with_semaphore(part))
    assert not first.cache_hit and second.cache_hit and not third.cache_hit
    assert second.program_hash == first.program_hash != third.program_hash


def test_hits_write_every_core_s_new_words_and_earlier_programs_keep_theirs(ttnn, sender):
    # the materializer keeps one ttnn word vector per core and updates it in place (a word that
    # changed) or rebuilds it (most words changed, another length): each hit's descriptor carries
    # exactly this call's words, the extremes of the unsigned 32-bit range included, and a
    # program returned earlier is not changed by later dispatches
    runtime = OperationRuntime(A.collective())
    steps = [((0, 2**32 - 1), (2**32 - 1, 0)),  # cold
             ((0, 2**32 - 1), (2**32 - 1, 1)),  # one word of one core
             ((5, 2**32 - 1), (7, 8)),  # one word of (0, 0), both of (1, 0)
             ((5, 2**32 - 1), (7, 8)),  # nothing
             ((5, 6, 7), (7, 8, 9)),  # another structure: another program
             ((6, 2**31), (7, 9))]  # back to the first structure
    results = [run_valid(runtime, factory_of(with_words(sender, [((0, 0), a), ((1, 0), b)]))) for a, b in steps]
    assert [r.cache_hit for r in results] == [False, True, True, True, False, True]
    for (a, b), result in zip(steps, results):
        assert list(result.program.kernels[0].runtime_args[0][0]) == list(a)
        assert list(result.program.kernels[0].runtime_args[1][0]) == list(b)
