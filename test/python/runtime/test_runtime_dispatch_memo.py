"""The cache-hit path in C++ (python/ext/DispatchMemo.cpp): a factory result whose whole structure
the planner validated before takes the memo, everything else the planner; nothing the memo
accepts could have failed a rule, every invalid result after a remembered structure still raises
its documented error with nothing built, and hits carry exactly their own words. Also the error
paths of the two C entry points (DispatchMemo, WordTable)."""

from __future__ import annotations

import numpy as np
import pytest
import rt_artifacts as A
from conftest import FakeKernel
from test_runtime_validation import TENSORS, factory_of, run_invalid, run_valid

import ttlang as ttl
from ttlang import _ttlang
from ttlang.artifact import KernelKind
from ttlang.runtime import (
    DefineError,
    KernelSelectionError,
    OperationRuntime,
    ResourceTypeError,
    RuntimeArgsError,
    SemaphoreError,
)


@pytest.fixture
def sender():
    return FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())


def resources(ttnn, sender, words=((1, 2), (3, 4)), semaphore_id=1, defines=(), lifetimes=(), semaphore_ranges=None):
    def make(*, tensors, core_ranges, first_free_semaphore_id):
        semaphores = () if semaphore_id is None else (ttnn.SemaphoreDescriptor(
            semaphore_id, core_ranges=semaphore_ranges or core_ranges, initial_value=0),)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=semaphores,
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    sender, tuple(ttl.CoreRuntimeArgs((x, 0), w) for x, w in enumerate(words)), defines),
                ttl.KernelRuntimeResources(KernelKind.COMPUTE, (ttl.CoreRuntimeArgs((0, 0), (8,)),)),
            ),
            lifetimes=lifetimes,
        )
    return make


def remembered(ttnn, sender):
    """A runtime whose memo knows the structure of ``resources(ttnn, sender)``."""
    runtime = OperationRuntime(A.collective())
    assert not run_valid(runtime, resources(ttnn, sender)).cache_hit
    assert len(runtime._memo) == 1
    return runtime


def memo_hits(runtime, make):
    matched = runtime._memo.match(make(tensors=TENSORS, core_ranges=runtime.core_ranges(),
                                       first_free_semaphore_id=runtime.first_free_semaphore_id))
    return matched is not None


# -- what takes the memo ---------------------------------------------------------------------------


def test_a_remembered_structure_takes_the_memo_with_this_call_s_words(ttnn, sender):
    runtime = remembered(ttnn, sender)
    owner = object()
    make = resources(ttnn, sender, words=((5, 2**32 - 1), (0, 4)), lifetimes=(owner,))
    assert memo_hits(runtime, make)
    result = run_valid(runtime, make)
    assert result.cache_hit and runtime.cache.hits == 1 and runtime.cache.misses == 1
    assert list(result.program.kernels[0].runtime_args[0][0]) == [5, 2**32 - 1]
    assert list(result.program.kernels[0].runtime_args[1][0]) == [0, 4]
    assert list(result.program.kernels[1].runtime_args[0][0]) == [8]
    assert result.runtime_args[0] == {(0, 0): (5, 2**32 - 1), (1, 0): (0, 4)}  # computed on access
    assert result.runtime_args[1] == {(0, 0): (8,)}
    assert runtime.retained_owners == (owner,)
    assert result.program.custom_program_hash == result.program_hash


def test_a_hit_s_recorded_words_do_not_follow_a_handle_rebound_later(ttnn, sender):
    runtime = remembered(ttnn, sender)
    result = run_valid(runtime, resources(ttnn, sender, words=((21, 22), (23, 24))))
    assert result.cache_hit
    sender.logical_kernel_id = None  # unbound after the dispatch
    assert result.runtime_args[0] == {(0, 0): (21, 22), (1, 0): (23, 24)}
    assert "core (1, 0): [23, 24]" in result.describe()


def test_the_memo_keys_on_the_whole_structure(ttnn, sender):
    runtime = remembered(ttnn, sender)
    # each of these changes the structure (not only words): the memo does not know it
    for make in (
        resources(ttnn, sender, words=((1, 2), (3, 4, 5))),  # a longer vector
        resources(ttnn, sender, semaphore_id=2),
        resources(ttnn, sender, semaphore_id=None),
        resources(ttnn, sender, defines=(ttl.KernelDefine("FABRIC_2D", "1"),)),
        resources(ttnn, sender, semaphore_ranges=ttnn.CoreRangeSet(
            [ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(1, 0))])),  # other cores: the planner
    ):
        assert not memo_hits(runtime, make)
        run_valid(runtime, make)
    # the same defines twice and different values are two structures
    one = resources(ttnn, sender, defines=(ttl.KernelDefine("FABRIC_2D", "1"),))
    two = resources(ttnn, sender, defines=(ttl.KernelDefine("FABRIC_2D", "2"),))
    assert memo_hits(runtime, one) and not memo_hits(runtime, two)
    assert run_valid(runtime, one).program_hash != run_valid(runtime, two).program_hash


def test_numpy_words_and_other_shapes_take_the_planner_and_still_hit(ttnn, sender):
    runtime = remembered(ttnn, sender)
    make = resources(ttnn, sender, words=((np.uint32(9), 2), (3, 4)))
    assert not memo_hits(runtime, make)
    result = run_valid(runtime, make)
    assert result.cache_hit and list(result.program.kernels[0].runtime_args[0][0]) == [9, 2]
    # a CoreCoord record is summarized like an (x, y) one
    coord = lambda **_: ttl.ProgramRuntimeResources(kernel_resources=(  # noqa: E731
        ttl.KernelRuntimeResources(sender, (ttl.CoreRuntimeArgs(ttnn.CoreCoord(1, 0), (1,)),)),))
    run_valid(runtime, coord)
    assert memo_hits(runtime, coord)


def test_a_memo_hit_leaves_earlier_programs_their_words(ttnn, sender):
    runtime = remembered(ttnn, sender)
    first = run_valid(runtime, resources(ttnn, sender, words=((10, 11), (12, 13))))
    second = run_valid(runtime, resources(ttnn, sender, words=((10, 99), (12, 13))))
    assert first.cache_hit and second.cache_hit
    assert list(first.program.kernels[0].runtime_args[0][0]) == [10, 11]
    assert list(second.program.kernels[0].runtime_args[0][0]) == [10, 99]


def test_caller_words_before_configuration_addresses(ttnn):
    # a reconfiguring kernel: caller words 0..n-1, then the compiler's configuration addresses
    runtime = OperationRuntime(A.reconfiguring())

    def make(word):
        return lambda **_: ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
            KernelKind.DATA_MOVEMENT, tuple(ttl.CoreRuntimeArgs((x, 0), (word, x)) for x in range(4))),))

    run_valid(runtime, make(1))
    assert memo_hits(runtime, make(2))
    result = run_valid(runtime, make(2))
    assert result.cache_hit
    assert list(result.program.kernels[0].runtime_args[3][0]) == [2, 3, 0x19000, 0x19040]
    assert result.runtime_args[0][(3, 0)] == (2, 3, 0x19000, 0x19040)


def test_a_specialized_kernel_s_words_reach_each_descriptor(ttnn):
    # 'sender' runs as two descriptors (column 0, columns 1..3): each record's words go to the
    # descriptor whose cores contain it
    runtime = OperationRuntime(A.specialized())

    def make(word):
        return lambda **_: ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
            A.sender_id(), tuple(ttl.CoreRuntimeArgs((x, y), (word, x, y)) for y in range(2) for x in range(4))),))

    run_valid(runtime, make(1))
    assert memo_hits(runtime, make(2))
    result = run_valid(runtime, make(2))
    assert result.cache_hit
    edge, inner = result.program.kernels[0], result.program.kernels[1]
    assert list(edge.runtime_args[0][1]) == [2, 0, 1]
    assert list(inner.runtime_args[3][1]) == [2, 3, 1]
    assert result.runtime_args[1][(2, 0)] == (2, 2, 0)


# -- every rule still holds after a remembered structure --------------------------------------------


def test_invalid_results_after_a_remembered_structure(ttnn, sender, descriptors):
    runtime = remembered(ttnn, sender)
    foreign = FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id("other@elsewhere.py:1"))
    cases = [
        (resources(ttnn, sender, words=((1, 2), (3, True))), RuntimeArgsError, "non-boolean"),
        (resources(ttnn, sender, words=((1, 2), (3, -1))), RuntimeArgsError, "unsigned 32-bit"),
        (resources(ttnn, sender, semaphore_id=0), SemaphoreError, "below first_free_semaphore_id"),
        (resources(ttnn, sender, semaphore_id=16), SemaphoreError, "hardware limit"),
        (resources(ttnn, sender, defines=(ttl.KernelDefine("A", "1"), ttl.KernelDefine("A", "2"))),
         DefineError, "occurs more than once"),
        (resources(ttnn, foreign), KernelSelectionError, "not to the executing operation"),
        (resources(ttnn, FakeKernel(KernelKind.DATA_MOVEMENT)), KernelSelectionError, "not bound"),
    ]
    for make, error, match in cases:
        run_invalid(runtime, make, descriptors, error, match)
    assert len(runtime._memo) == 1  # nothing invalid was remembered


def test_results_changed_behind_the_frozen_records(ttnn, sender, descriptors):
    # object.__setattr__ defeats a frozen dataclass: the memo reads every field again
    runtime = remembered(ttnn, sender)

    def tampered(field, value, on_entry=False):
        def make(**kwargs):
            result = resources(ttnn, sender)(**kwargs)
            target = result.kernel_resources[0] if on_entry else result
            object.__setattr__(target, field, value)
            return result
        return make

    twice = ttl.KernelRuntimeResources(KernelKind.COMPUTE)
    cases = [
        (tampered("lifetimes", [1]), ResourceTypeError, "lifetimes must be a tuple"),
        (tampered("kernel_resources", (twice, twice)), RuntimeArgsError, "more than one"),
        (tampered("runtime_args", [ttl.CoreRuntimeArgs((0, 0), (1, 2))], on_entry=True),
         ResourceTypeError, "must be tuples"),
        (tampered("defines", (("A", "1"),), on_entry=True), ResourceTypeError, "must hold KernelDefine"),
    ]
    for make, error, match in cases:
        run_invalid(runtime, make, descriptors, error, match)


def test_a_factory_returning_none_after_a_remembered_dispatch_is_typed(ttnn, sender, descriptors):
    # The memo's C entry point took the factory's result first and nanobind refused None with a
    # raw TypeError ("dispatch(): incompatible function arguments"); the spec's ResourceTypeError
    # must hold on the fast path too.
    runtime = remembered(ttnn, sender)
    run_invalid(runtime, lambda **_: None, descriptors, ResourceTypeError, "ProgramRuntimeResources")


def test_a_define_changed_behind_its_record(ttnn, sender, descriptors):
    runtime = OperationRuntime(A.collective())
    run_valid(runtime, resources(ttnn, sender, defines=(ttl.KernelDefine("A", "1"),)))
    define = ttl.KernelDefine("A", "1")
    object.__setattr__(define, "value", 1)
    run_invalid(runtime, resources(ttnn, sender, defines=(define,)), descriptors, DefineError, "must be strings")


# -- the C entry points ------------------------------------------------------------------------------


def test_memo_rejects_what_it_does_not_encode(ttnn, sender):
    runtime = remembered(ttnn, sender)
    memo = runtime._memo
    assert memo.match(object()) is None
    assert memo.match(ttl.ProgramRuntimeResources()) is None  # a structure it does not know
    assert memo.remember(object(), None, []) is False
    assert memo.write(10**6, ttl.ProgramRuntimeResources()) is False  # no such entry


def test_memo_remember_checks_its_sources(ttnn, sender):
    runtime = remembered(ttnn, sender)
    memo = runtime._memo
    memo.clear()
    result = resources(ttnn, sender)(tensors=TENSORS, core_ranges=runtime.core_ranges(),
                                     first_free_semaphore_id=1)
    table = runtime.cache._entries[next(iter(runtime.cache._entries))].kernels[0].table
    with pytest.raises(IndexError, match="out of range"):
        memo.remember(result, None, [(table, [(0, 5, 0)])])  # record 5 of 2
    with pytest.raises(IndexError, match="out of range"):
        memo.remember(result, None, [(table, [(0, 0, 9)])])  # position 9 of 2
    with pytest.raises(TypeError, match="WordTables"):
        memo.remember(result, None, [(object(), [(0, 0, 0)])])
    assert len(memo) == 0


def test_a_cleared_memo_sends_a_matched_result_to_the_planner(ttnn, sender):
    runtime = remembered(ttnn, sender)
    make = resources(ttnn, sender, words=((6, 7), (8, 9)))
    result = make(tensors=TENSORS, core_ranges=runtime.core_ranges(), first_free_semaphore_id=1)
    template, entry = runtime._memo.match(result)
    runtime._memo.clear()
    assert runtime._memo.write(entry, result) is False
    assert list(run_valid(runtime, make).program.kernels[0].runtime_args[0][0]) == [6, 7]


def word_table(ttnn, cores=((0, 0), (1, 0))):
    descriptor = ttnn.KernelDescriptor(
        "void kernel_main() {}", source_type=ttnn.KernelDescriptor.SourceType.SOURCE_CODE,
        core_ranges=ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))]),
        config=ttnn.ReaderConfigDescriptor())
    table = _ttlang.WordTable(descriptor, [ttnn.CoreCoord(x, y) for x, y in cores], list(cores), ttnn.RuntimeArgs)
    return descriptor, table


def test_word_table_fills_updates_and_rebuilds(ttnn):
    descriptor, table = word_table(ttnn)
    assert not table.filled
    table.assign([(1, 2), (3, 4)])
    assert table.filled and table.held() == [(1, 2), (3, 4)]
    table.assign([(1, 5), (3, 4)])
    assert list(descriptor.runtime_args[0][0]) == [1, 5] and list(descriptor.runtime_args[1][0]) == [3, 4]
    table.assign([(1, 5, 6), (2**32 - 1,)])  # other lengths: a new RuntimeArgs
    assert list(descriptor.runtime_args[0][0]) == [1, 5, 6] and list(descriptor.runtime_args[1][0]) == [2**32 - 1]
    assert table.held() == [(1, 5, 6), (2**32 - 1,)]


@pytest.mark.parametrize(
    "words, error",
    [
        ([(1, 2)], TypeError),  # one core missing
        ((((1, 2), (3, 4))), TypeError),  # not a list
        ([[1, 2], (3, 4)], TypeError),  # not tuples
        ([(1, 2.0), (3, 4)], TypeError),
        ([(1, True), (3, 4)], TypeError),
        ([(1, np.uint32(2)), (3, 4)], TypeError),
        ([(1, 2**32), (3, 4)], ValueError),
        ([(1, -1), (3, 4)], ValueError),
    ],
)
def test_word_table_rejects_unvalidated_words(ttnn, words, error):
    descriptor, table = word_table(ttnn)
    table.assign([(1, 2), (3, 4)])
    with pytest.raises(error):
        table.assign(words)
    assert list(descriptor.runtime_args[0][0]) == [1, 2]  # rejected before any write


def test_word_table_construction_errors(ttnn):
    with pytest.raises(ValueError, match="one CoreCoord per core"):
        _ttlang.WordTable(ttnn.KernelDescriptor(), [], [(0, 0)], ttnn.RuntimeArgs)
