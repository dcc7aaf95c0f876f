"""Hits write into a returned program again once its caller dropped it (_ttlang.ProgramPool), and
word tables store changed words into ttnn's vectors directly (_ttlang.WordVectors), without ever
changing a program someone still references (python/ext/DispatchMemo.cpp)."""

from __future__ import annotations

import rt_artifacts as A
from conftest import DeviceTensor, FakeKernel
from test_runtime_validation import run_valid

import pytest

import ttlang as ttl
from ttlang import _ttlang
from ttlang.artifact import KernelKind
from ttlang.runtime import OperationRuntime


@pytest.fixture
def sender():
    return FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())


def factory(sender, words):
    """Sender words per core (x, 0) and the compute kernel's one word on (0, 0)."""

    def make(*, tensors, core_ranges, first_free_semaphore_id):
        return ttl.ProgramRuntimeResources(
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    sender, tuple(ttl.CoreRuntimeArgs((x, 0), w) for x, w in enumerate(words))),
                ttl.KernelRuntimeResources(KernelKind.COMPUTE, (ttl.CoreRuntimeArgs((0, 0), (words[0][0] + 100,)),)),
            ),
        )

    return make


def sender_words(program, cores=2):
    return [list(program.kernels[0].runtime_args[x][0]) for x in range(cores)]


def warmed(sender, words=((1, 2), (3, 4))):
    """A runtime whose memo knows the structure, its first program already dropped."""
    runtime = OperationRuntime(A.collective())
    assert not run_valid(runtime, factory(sender, words)).cache_hit
    return runtime


def template_pool(runtime, sender, words):
    result = factory(sender, words)(tensors=(), core_ranges=runtime.core_ranges(), first_free_semaphore_id=1)
    (template, _), _ = runtime._memo.match(result)
    return template.pool


def test_a_dropped_program_is_written_again_with_the_new_words(sender):
    runtime = warmed(sender)
    pool = template_pool(runtime, sender, ((0, 0), (0, 0)))
    assert pool.slot_program is None
    second = run_valid(runtime, factory(sender, ((5, 6), (7, 8))))
    assert second.cache_hit and second.program is pool.slot_program  # the first program, reused
    assert sender_words(second.program) == [[5, 6], [7, 8]]
    assert list(second.program.kernels[1].runtime_args[0][0]) == [105]
    reused = id(second.program)  # not a reference: that would keep the program from reuse
    del second
    third = run_valid(runtime, factory(sender, ((9, 6), (7, 2**32 - 1))))
    assert id(third.program) == reused  # alive meanwhile (the pool holds it): the same object
    assert sender_words(third.program) == [[9, 6], [7, 2**32 - 1]]
    assert list(third.program.kernels[1].runtime_args[0][0]) == [109]
    assert third.runtime_args[0] == {(0, 0): (9, 6), (1, 0): (7, 2**32 - 1)}
    assert third.program.custom_program_hash == third.program_hash


def test_a_referenced_program_is_never_written(sender):
    runtime = warmed(sender)
    kept = run_valid(runtime, factory(sender, ((5, 6), (7, 8))))
    later = run_valid(runtime, factory(sender, ((10, 11), (12, 13))))
    assert later.program is not kept.program
    assert sender_words(kept.program) == [[5, 6], [7, 8]]
    assert sender_words(later.program) == [[10, 11], [12, 13]]
    # a view into a program (ttnn keeps its parent alive) counts as a reference too
    view = later.program.kernels[0].runtime_args[1][0]
    del later
    after = run_valid(runtime, factory(sender, ((20, 21), (22, 23))))
    assert list(view) == [12, 13]
    assert sender_words(after.program) == [[20, 21], [22, 23]]
    assert sender_words(kept.program) == [[5, 6], [7, 8]]


def test_words_longer_than_a_record_keeps_inline_reach_the_program(sender):
    long_words = (tuple(range(10)), tuple(range(10, 20)))
    runtime = warmed(sender, long_words)
    for step in (1, 2, 3):  # promoted, then reused
        words = tuple(tuple(w * step for w in core) for core in long_words)
        result = run_valid(runtime, factory(sender, words))
        assert result.cache_hit
        assert sender_words(result.program) == [list(core) for core in words]


def test_a_reused_program_takes_this_dispatch_s_tensor_addresses(sender, ttnn, monkeypatch):
    monkeypatch.setattr(ttnn, "generic_op", lambda tensors, program: tensors[-1])

    runtime = OperationRuntime(A.collective())
    make = factory(sender, ((1, 2), (3, 4)))
    seen = []
    for address in (0x1000, 0x1000, 0x2000, 0x3000):
        result = runtime.run((DeviceTensor(address), DeviceTensor(0x9000)), runtime_resource_factory=make,
                             device=object())
        seen.append(list(result.program.kernels[0].common_runtime_args))
        del result
    assert seen == [[0x1000], [0x1000], [0x2000], [0x3000]]
    assert template_pool(runtime, sender, ((1, 2), (3, 4))).slot_program is not None  # reused


def test_word_vectors_probe_ttnn_s_vector_type(ttnn):
    vector_type = type(ttnn.KernelDescriptor().compile_time_args)
    assert _ttlang.WordVectors(vector_type).enabled
    assert not _ttlang.WordVectors(list).enabled  # not a nanobind vector: views' __setitem__


@pytest.mark.parametrize("direct", [True, False])
def test_word_tables_write_through_vectors_or_views_alike(ttnn, direct):
    vector_type = type(ttnn.KernelDescriptor().compile_time_args) if direct else list
    descriptor = ttnn.KernelDescriptor(
        "void kernel_main() {}", source_type=ttnn.KernelDescriptor.SourceType.SOURCE_CODE,
        core_ranges=ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))]),
        config=ttnn.ReaderConfigDescriptor())
    cores = [(0, 0), (1, 0)]
    table = _ttlang.WordTable(descriptor, [ttnn.CoreCoord(x, y) for x, y in cores], cores, ttnn.RuntimeArgs,
                              _ttlang.WordVectors(vector_type))
    table.assign([(1, 2), (3, 4)])
    assert table.direct is direct
    table.assign([(1, 7), (2**32 - 1, 4)])
    assert [list(descriptor.runtime_args[x][y]) for x, y in cores] == [[1, 7], [2**32 - 1, 4]]
    assert table.held() == [(1, 7), (2**32 - 1, 4)]
