"""Materialization: real ttnn descriptors, core specialization (partition rule), DFB
reconfiguration layout, dispatch routing and owner lifetimes."""

from __future__ import annotations

import gc
import weakref

import pytest
import rt_artifacts as A
from conftest import DeviceTensor, FakeKernel

import ttlang as ttl
from ttlang.artifact import KernelKind
from ttlang.runtime import (
    DispatchError,
    OperationRuntime,
    RuntimeArgsError,
    SemaphoreError,
)

TENSORS = ("input", "output")


def kernel_resources(kernel, args, defines=()):
    return ttl.KernelRuntimeResources(
        kernel=kernel,
        runtime_args=tuple(ttl.CoreRuntimeArgs(xy, tuple(words)) for xy, words in args.items()),
        defines=defines,
    )


def cores_of(core_range_set):
    return sorted(
        (x, y)
        for r in core_range_set.ranges()
        for x in range(r.start.x, r.end.x + 1)
        for y in range(r.start.y, r.end.y + 1)
    )


def test_program_is_real_ttnn(ttnn):
    result = OperationRuntime(A.collective()).run(
        TENSORS,
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(A.sender_id(), {(0, 0): (3, 4)}),)
        ),
    )
    program = result.program
    assert isinstance(program, ttnn.ProgramDescriptor)
    assert all(isinstance(k, ttnn.KernelDescriptor) for k in program.kernels)
    sender, compute = program.kernels
    assert sender.kernel_source == A.SENDER_SOURCE
    assert sender.source_type == ttnn.KernelDescriptor.SourceType.SOURCE_CODE
    # DFB index of in_dfb, then TensorAccessorArgs of an interleaved DRAM bf16 tensor (IsDram, page)
    assert list(sender.compile_time_args) == [0, 2, 2048]
    assert list(compute.compile_time_args) == [0, 16]
    assert list(sender.common_runtime_args) == [0]  # compile-only: no buffer address
    assert list(sender.runtime_args[0][0]) == [3, 4]
    assert isinstance(sender.config, ttnn.ReaderConfigDescriptor)
    assert isinstance(compute.config, ttnn.ComputeConfigDescriptor)
    assert [(cb.total_size, cb.format_descriptors[0].buffer_index, cb.format_descriptors[0].page_size)
            for cb in program.cbs] == [(4096, 0, 2048), (4096, 16, 2048)]
    assert [(s.id, s.initial_value) for s in program.semaphores] == [(0, 0)]
    assert program.custom_program_hash == result.program_hash
    assert ttnn.compute_program_descriptor_hash(program) == result.program_hash


# -- core specialization -----------------------------------------------------------------------


def test_partition_by_coordinate(ttnn):
    runtime = OperationRuntime(A.specialized())
    sender = FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())
    args = {(x, y): (x, y, 100 + x) for y in range(2) for x in range(4)}
    result = runtime.run(
        TENSORS,
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(sender, args, (ttl.KernelDefine("FABRIC_2D", "1"),)),)
        ),
    )
    program = result.program
    assert result.descriptor_kernels == (A.sender_id(), A.sender_id(), A.compute_id())
    edge, inner, compute = program.kernels
    assert cores_of(edge.core_ranges) == [(0, 0), (0, 1)]
    assert cores_of(inner.core_ranges) == [(x, y) for x in (1, 2, 3) for y in (0, 1)]
    # the logical kernel's definition applies to both of its descriptors, after the compiler's
    assert list(edge.defines) == [("EDGE", "1"), ("FABRIC_2D", "1")]
    assert list(inner.defines) == [("EDGE", "0"), ("FABRIC_2D", "1")]
    assert list(compute.defines) == []
    # every coordinate's words went to exactly the descriptor that runs it
    assert set(result.runtime_args[0]) == {(0, 0), (0, 1)}
    assert set(result.runtime_args[1]) == {(x, y) for x in (1, 2, 3) for y in (0, 1)}
    for x, y in args:
        descriptor = edge if x == 0 else inner
        assert list(descriptor.runtime_args[x][y]) == [x, y, 100 + x]
    with pytest.raises(IndexError):
        edge.runtime_args[1][0]  # not an edge core: ttnn has no args there


def test_caller_args_rejected_for_kernel_without_caller_slot(ttnn):
    from ttlang.artifact import KernelABI

    base = A.collective()
    no_slot = A.KernelDescriptorSpec(A.compute_id(), A.ProcessorRole.COMPUTE, base.kernels[1].core_ranges,
                                     A.COMPUTE_SOURCE, KernelABI(base.kernels[1].abi.compile_time_args, (), ()))
    runtime = OperationRuntime(type(base)(**{**base.__dict__, "kernels": (base.kernels[0], no_slot)}))
    make = lambda **_: ttl.ProgramRuntimeResources(kernel_resources=(kernel_resources(KernelKind.COMPUTE, {(0, 0): (1,)}),))
    with pytest.raises(RuntimeArgsError, match="kernel 'compute' takes no caller runtime arguments"):
        runtime.run(TENSORS, runtime_resource_factory=make)


# -- DFB reconfiguration --------------------------------------------------------------------------


def test_reconfiguration_layout(ttnn):
    runtime = OperationRuntime(A.reconfiguring(grid=(4, 1)))
    args = {(0, 0): (11, 12), (1, 0): (21, 22), (2, 0): (31,)}  # (3, 0) has no caller words
    result = runtime.run(
        TENSORS,
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(KernelKind.DATA_MOVEMENT, args),)
        ),
    )
    kernels = result.program.kernels
    # one descriptor per caller-argument count, on disjoint core sets, count in compile-time arg 0
    by_count = {k.compile_time_args[0]: k for k in kernels}
    assert sorted(by_count) == [0, 1, 2]
    assert cores_of(by_count[2].core_ranges) == [(0, 0), (1, 0)]
    assert cores_of(by_count[1].core_ranges) == [(2, 0)]
    assert cores_of(by_count[0].core_ranges) == [(3, 0)]
    assert all(list(k.compile_time_args)[1:] == [0] for k in kernels)  # in_dfb's index
    # caller words keep indices 0..n-1; configuration addresses follow at index n, n+1
    assert list(by_count[2].runtime_args[0][0]) == [11, 12, 0x19000, 0x19040]
    assert list(by_count[2].runtime_args[1][0]) == [21, 22, 0x19000, 0x19040]
    assert list(by_count[1].runtime_args[2][0]) == [31, 0x19000, 0x19040]
    assert list(by_count[0].runtime_args[3][0]) == [0x19000, 0x19040]
    assert all(isinstance(k.config, ttnn.WriterConfigDescriptor) for k in kernels)


def test_reconfiguration_counts_change_structure(ttnn):
    runtime = OperationRuntime(A.reconfiguring(grid=(2, 1)))

    def make(args):
        return lambda **_: ttl.ProgramRuntimeResources(kernel_resources=(kernel_resources(KernelKind.DATA_MOVEMENT, args),))

    first = runtime.run(TENSORS, runtime_resource_factory=make({(0, 0): (1,), (1, 0): (2,)}))
    assert len(first.program.kernels) == 1
    second = runtime.run(TENSORS, runtime_resource_factory=make({(0, 0): (1, 5), (1, 0): (2,)}))
    assert not second.cache_hit and len(second.program.kernels) == 2


# -- dispatch ---------------------------------------------------------------------------------------


def test_device_dispatch_uses_generic_op(ttnn, monkeypatch):
    calls = []

    def generic_op(io_tensors, program):
        calls.append((io_tensors, program))
        return io_tensors[-1]

    monkeypatch.setattr(ttnn, "generic_op", generic_op)
    tensors = (DeviceTensor(0x1000), DeviceTensor(0x2000))
    result = OperationRuntime(A.collective()).run(
        tensors,
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(A.sender_id(), {(0, 0): (1,)}),)
        ),
        device=object(),
    )
    assert not result.compile_only and result.output is tensors[1]
    assert calls == [(list(tensors), result.program)]
    assert list(result.program.kernels[0].common_runtime_args) == [0x1000]


def test_factory_required_on_every_call(ttnn):
    runtime = OperationRuntime(A.collective())
    with pytest.raises(DispatchError, match="uses runtime resources: pass runtime_resource_factory= on every call"):
        runtime.run(TENSORS)


def test_factory_runs_once_per_execution_and_is_not_cached(ttnn):
    runtime = OperationRuntime(A.collective())
    calls = []

    def make(**kwargs):
        calls.append(kwargs["first_free_semaphore_id"])
        return ttl.ProgramRuntimeResources(kernel_resources=(kernel_resources(A.sender_id(), {(0, 0): (len(calls),)}),))

    words = [runtime.run(TENSORS, runtime_resource_factory=make).runtime_args[0][(0, 0)] for _ in range(3)]
    assert calls == [1, 1, 1]
    assert words == [(1,), (2,), (3,)]


def test_wrong_tensor_count(ttnn):
    with pytest.raises(DispatchError, match="takes 2 tensors, got 1"):
        OperationRuntime(A.collective()).run(("x",), runtime_resource_factory=lambda **_: None)


# -- lifetimes ---------------------------------------------------------------------------------------


class Owner:
    pass


def test_lifetimes_success_replaces_failure_keeps(ttnn):
    runtime = OperationRuntime(A.collective())
    first_owner, binding_free = Owner(), Owner()
    first_ref = weakref.ref(first_owner)

    def good(owner):
        return lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(A.sender_id(), {(0, 0): (1,)}),), lifetimes=(owner,)
        )

    runtime.run(TENSORS, runtime_resource_factory=good(first_owner))
    assert runtime.retained_owners == (first_owner,)
    del first_owner
    gc.collect()
    assert first_ref() is not None  # still referenced after the caller dropped it

    # a failed invocation (duplicate semaphore id) keeps the previous valid owners
    failed_owner = Owner()
    failed_ref = weakref.ref(failed_owner)

    def bad(**_):
        semaphore = ttnn.SemaphoreDescriptor(2, core_ranges=runtime.core_ranges(), initial_value=0)
        return ttl.ProgramRuntimeResources(semaphore_descriptors=(semaphore, semaphore), lifetimes=(failed_owner,))

    with pytest.raises(SemaphoreError):
        runtime.run(TENSORS, runtime_resource_factory=bad)
    assert runtime.retained_owners == (first_ref(),)
    del failed_owner, bad
    gc.collect()
    assert failed_ref() is None

    # a failing factory keeps them too
    def raising(**_):
        raise RuntimeError("factory failed")

    with pytest.raises(RuntimeError, match="factory failed"):
        runtime.run(TENSORS, runtime_resource_factory=raising)
    assert runtime.retained_owners == (first_ref(),)

    # a successful invocation replaces the tuple; the old owner is released
    runtime.run(TENSORS, runtime_resource_factory=good(binding_free))
    assert runtime.retained_owners == (binding_free,)
    gc.collect()
    assert first_ref() is None


def test_lifetimes_kept_when_dispatch_fails(ttnn, monkeypatch):
    def generic_op(io_tensors, program):
        raise RuntimeError("device rejected the program")

    monkeypatch.setattr(ttnn, "generic_op", generic_op)

    class T:
        def buffer_address(self):
            return 64

    runtime = OperationRuntime(A.collective())
    owner = Owner()
    make = lambda **_: ttl.ProgramRuntimeResources(lifetimes=(owner,))
    runtime.run(TENSORS, runtime_resource_factory=make)
    with pytest.raises(RuntimeError, match="device rejected"):
        runtime.run((T(), T()), runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(lifetimes=(Owner(),)),
                    device=object())
    assert runtime.retained_owners == (owner,)


def test_general_per_core_layout(ttnn, monkeypatch):
    """Caller words first, then a buffer address, the core's (x, y) and a scalar; the caller
    count is a compile-time arg, so cores with different counts get separate descriptors."""
    import dataclasses

    from ttlang.artifact import ArgKind, KernelABI, KernelArg

    base = A.collective()
    general = KernelABI(
        compile_time_args=(KernelArg(ArgKind.CALLER_ARG_COUNT, "caller"), KernelArg(ArgKind.DFB_INDEX, "out_dfb", 1, (16,))),
        common_runtime_args=(KernelArg(ArgKind.SCALAR, "scale"),),
        per_core_runtime_args=(
            KernelArg(ArgKind.CALLER_ARGS, "caller", 0),
            KernelArg(ArgKind.BUFFER_ADDRESS, "output_tensor"),
            KernelArg(ArgKind.CORE_COORD, "xy", 2),
            KernelArg(ArgKind.SCALAR, "scale"),
        ),
    )
    artifact = dataclasses.replace(base, kernels=(dataclasses.replace(base.kernels[0], abi=general), base.kernels[1]))
    monkeypatch.setattr(ttnn, "generic_op", lambda tensors, program: tensors[-1])

    result = OperationRuntime(artifact).run(
        (DeviceTensor(0x100), DeviceTensor(0x200)),
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(A.sender_id(), {(1, 0): (9, 8, 7)}),)
        ),
        device=object(),
        scalars={"scale": 5},
    )
    program = result.program
    assert [list(k.compile_time_args) for k in program.kernels] == [[0, 16], [3, 16], [0, 16]]
    assert list(program.kernels[0].runtime_args[0][0]) == [0x200, 0, 0, 5]
    assert list(program.kernels[1].runtime_args[1][0]) == [9, 8, 7, 0x200, 1, 0, 5]
    assert list(program.kernels[0].common_runtime_args) == [5]
    with pytest.raises(DispatchError, match="scalar argument 'scale' needs an unsigned 32-bit int, got None"):
        OperationRuntime(artifact).run(("a", "b"), runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources())


# -- property: the partition rule over random specializations --------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cuts=st.sets(st.integers(1, 4), max_size=3),
    args=st.dictionaries(st.tuples(st.integers(0, 4), st.integers(0, 2)),
                         st.lists(st.integers(0, 2**32 - 1), max_size=3).map(tuple), max_size=15),
)
def test_partition_property(ttnn, cuts, args):
    """'sender' split into column bands at random cuts: every coordinate's words land in exactly
    the descriptor that contains it, and the definition reaches every band."""
    import dataclasses

    from ttlang.artifact import CoreRange

    base = A.collective(grid=(5, 3))
    bounds = [0, *sorted(cuts), 5]
    bands = [
        dataclasses.replace(base.kernels[0], core_ranges=(CoreRange((lo, 0), (hi - 1, 2)),))
        for lo, hi in zip(bounds, bounds[1:])
    ]
    artifact = dataclasses.replace(base, kernels=(*bands, base.kernels[1]))
    result = OperationRuntime(artifact).run(
        TENSORS,
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(kernel_resources(A.sender_id(), args, (ttl.KernelDefine("D", "1"),)),)
        ),
    )
    kernels = result.program.kernels
    assert len(kernels) == len(bands) + 1
    for index, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
        assert ("D", "1") in list(kernels[index].defines)
        expected = {xy: words for xy, words in args.items() if lo <= xy[0] < hi and words}
        assert result.runtime_args[index] == expected
        for (x, y), words in expected.items():
            assert list(kernels[index].runtime_args[x][y]) == list(words)


def test_hits_with_unchanged_and_changed_words(ttnn):
    runtime = OperationRuntime(A.collective())

    def make(sender_word, compute_word):
        return lambda **_: ttl.ProgramRuntimeResources(kernel_resources=(
            kernel_resources(A.sender_id(), {(0, 0): (sender_word,), (1, 0): (sender_word + 1,)}),
            kernel_resources(KernelKind.COMPUTE, {(0, 0): (compute_word,), (1, 0): (compute_word,)}),
        ))

    results = [runtime.run(TENSORS, runtime_resource_factory=make(s, c)) for s, c in [(1, 7), (2, 7), (2, 8), (1, 7)]]
    assert [r.cache_hit for r in results] == [False, True, True, True]
    for result, (s, c) in zip(results, [(1, 7), (2, 7), (2, 8), (1, 7)]):
        sender, compute = result.program.kernels  # every program keeps its own words
        assert [list(sender.runtime_args[x][0]) for x in (0, 1)] == [[s], [s + 1]]
        assert [list(compute.runtime_args[x][0]) for x in (0, 1)] == [[c], [c]]
