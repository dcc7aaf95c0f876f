"""One valid and one invalid case per runtime-resource validation rule. Invalid cases assert the
error type, the message, that no ttnn descriptor was built and that the runtime kept its state."""

from __future__ import annotations

import numpy as np
import pytest
import rt_artifacts as A
from conftest import FakeKernel

import ttlang as ttl
from ttlang.artifact import CoreRange, KernelDescriptorSpec, KernelKind, LogicalKernelId, ProcessorRole
from ttlang.runtime import (
    CoreRangeError,
    DefineError,
    KernelSelectionError,
    OperationRuntime,
    ResourceTypeError,
    RuntimeArgsError,
    RuntimeResourceError,
    SemaphoreError,
)

TENSORS = ("input", "output")


@pytest.fixture
def sender():
    return FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())


@pytest.fixture
def runtime():
    return OperationRuntime(A.collective())


def resources(ttnn, kernel, args=None, defines=(), semaphore_ids=None, core_ranges=None, lifetimes=()):
    args = ((0, 0), (1, 0)) if args is None else args
    semaphores = tuple(
        ttnn.SemaphoreDescriptor(i, core_ranges=core_ranges, initial_value=0) for i in (semaphore_ids or ())
    )
    return ttl.ProgramRuntimeResources(
        semaphore_descriptors=semaphores,
        kernel_resources=(
            ttl.KernelRuntimeResources(
                kernel=kernel,
                runtime_args=tuple(
                    ttl.CoreRuntimeArgs(ttnn.CoreCoord(*xy) if isinstance(xy, tuple) else xy, (7, i))
                    for i, xy in enumerate(args)
                ),
                defines=defines,
            ),
        ),
        lifetimes=lifetimes,
    )


def run_valid(runtime, make):
    result = runtime.run(TENSORS, runtime_resource_factory=make)
    assert result.compile_only
    return result


def run_invalid(runtime, make, descriptors, error, match):
    owners_before = runtime.retained_owners
    built_before = descriptors.total
    cached_before = len(runtime.cache)
    with pytest.raises(error, match=match) as info:
        runtime.run(TENSORS, runtime_resource_factory=make)
    assert isinstance(info.value, RuntimeResourceError)
    assert descriptors.total == built_before
    assert runtime.retained_owners is owners_before
    assert len(runtime.cache) == cached_before


def factory_of(value):
    return lambda **_: value


def grid_ranges(ttnn, x0, y0, x1, y1):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


# -- record and tuple types ----------------------------------------------------------------------


def test_types_valid(ttnn, runtime, sender):
    result = run_valid(runtime, factory_of(resources(ttnn, sender)))
    assert result.runtime_args[0] == {(0, 0): (7, 0), (1, 0): (7, 1)}


def test_types_factory_returns_wrong_type(runtime, descriptors):
    run_invalid(runtime, factory_of({"kernel_resources": ()}), descriptors, ResourceTypeError,
                "must return a ttl.ProgramRuntimeResources, got dict")


def test_types_list_instead_of_tuple(ttnn, sender):
    with pytest.raises(ResourceTypeError, match=r"KernelRuntimeResources.runtime_args must be a tuple, got list"):
        ttl.KernelRuntimeResources(kernel=sender, runtime_args=[ttl.CoreRuntimeArgs((0, 0), (1,))])
    with pytest.raises(ResourceTypeError, match=r"CoreRuntimeArgs.values must be a tuple, got list"):
        ttl.CoreRuntimeArgs(ttnn.CoreCoord(0, 0), [1, 2])
    with pytest.raises(ResourceTypeError, match=r"ProgramRuntimeResources.lifetimes must be a tuple"):
        ttl.ProgramRuntimeResources(lifetimes=[object()])
    with pytest.raises(ResourceTypeError, match=r"semaphore_descriptors must be a tuple of ttnn.SemaphoreDescriptor"):
        ttl.ProgramRuntimeResources(semaphore_descriptors=(3,))


def test_types_field_replaced_behind_frozen_record(ttnn, runtime, sender, descriptors):
    bad = resources(ttnn, sender)
    object.__setattr__(bad.kernel_resources[0], "runtime_args", [])
    run_invalid(runtime, factory_of(bad), descriptors, ResourceTypeError, "must be tuples")


# -- explicit kernels bound to this operation and emitted ----------------------------------------


def test_kernel_selection_valid(ttnn, runtime):
    # a canonical kind, a LogicalKernelId and a bound handle all select emitted kernels
    make = factory_of(
        ttl.ProgramRuntimeResources(
            kernel_resources=(
                ttl.KernelRuntimeResources(kernel=KernelKind.COMPUTE, runtime_args=(ttl.CoreRuntimeArgs((1, 0), (4,)),)),
                ttl.KernelRuntimeResources(kernel=A.sender_id(), runtime_args=(ttl.CoreRuntimeArgs((0, 0), (5,)),)),
            )
        )
    )
    result = run_valid(runtime, make)
    assert result.descriptor_kernels == (A.sender_id(), A.compute_id())
    assert result.runtime_args == {0: {(0, 0): (5,)}, 1: {(1, 0): (4,)}}


@pytest.mark.parametrize(
    "kernel, match",
    [
        (FakeKernel(KernelKind.DATA_MOVEMENT), "not bound to any operation"),
        (FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id("other_op")), "bound to operation 'other_op'"),
        (LogicalKernelId(A.OP, "receiver", KernelKind.DATA_MOVEMENT), "'receiver' .* is not an emitted"),
        (KernelKind.DATA_MOVEMENT, "emits none"),
        (KernelKind.COMPUTE | KernelKind.DATA_MOVEMENT, "does not select one canonical kernel"),
    ],
)
def test_kernel_selection_invalid(ttnn, runtime, descriptors, kernel, match):
    run_invalid(runtime, factory_of(resources(ttnn, kernel)), descriptors, KernelSelectionError, match)


def test_kernel_selection_not_a_kernel(ttnn):
    with pytest.raises(ResourceTypeError, match="KernelRuntimeResources.kernel must be a KernelKind"):
        ttl.KernelRuntimeResources(kernel=0)


# -- coordinates and semaphore ranges inside the worker range -------------------------------------


def test_ranges_valid(ttnn, runtime, sender):
    make = factory_of(resources(ttnn, sender, semaphore_ids=(1,), core_ranges=grid_ranges(ttnn, 0, 0, 1, 0)))
    assert run_valid(runtime, make).program.semaphores[1].id == 1


def test_coordinate_outside_worker_range(ttnn, runtime, sender, descriptors):
    run_invalid(runtime, factory_of(resources(ttnn, sender, args=((0, 0), (2, 0)))), descriptors,
                CoreRangeError, r"coordinate \(2, 0\) is outside the operation worker range \(0, 0\)-\(1, 0\)")


def test_semaphore_range_outside_worker_range(ttnn, runtime, sender, descriptors):
    make = factory_of(resources(ttnn, sender, semaphore_ids=(1,), core_ranges=grid_ranges(ttnn, 0, 0, 2, 1)))
    run_invalid(runtime, make, descriptors, CoreRangeError,
                r"semaphore 1 range \(0, 0\)-\(2, 1\) is outside the operation worker range")


def test_coordinate_in_no_descriptor_of_the_kernel(ttnn, sender, descriptors):
    base = A.collective()
    narrow = KernelDescriptorSpec(A.sender_id(), ProcessorRole.DATA_MOVEMENT_0, (CoreRange((0, 0), (0, 0)),),
                                  A.SENDER_SOURCE, A.SENDER_ABI)
    runtime = OperationRuntime(type(base)(**{**base.__dict__, "kernels": (narrow, base.kernels[1])}))
    assert run_valid(runtime, factory_of(resources(ttnn, sender, args=((0, 0),)))).runtime_args[0] == {(0, 0): (7, 0)}
    run_invalid(runtime, factory_of(resources(ttnn, sender)), descriptors,
                CoreRangeError, r"coordinate \(1, 0\) matches no descriptor of the kernel")


# -- one coordinate per logical kernel, at most once -------------------------------------------


def test_coordinate_once_valid_across_kernels(ttnn, runtime, sender):
    make = factory_of(
        ttl.ProgramRuntimeResources(
            kernel_resources=(
                ttl.KernelRuntimeResources(kernel=sender, runtime_args=(ttl.CoreRuntimeArgs((0, 0), (1,)),)),
                ttl.KernelRuntimeResources(kernel=KernelKind.COMPUTE, runtime_args=(ttl.CoreRuntimeArgs((0, 0), (2,)),)),
            )
        )
    )
    assert run_valid(runtime, make).runtime_args == {0: {(0, 0): (1,)}, 1: {(0, 0): (2,)}}


def test_coordinate_twice(ttnn, runtime, sender, descriptors):
    make = factory_of(resources(ttnn, sender, args=((0, 0), ttnn.CoreCoord(0, 0))))
    run_invalid(runtime, make, descriptors, RuntimeArgsError, r"coordinate \(0, 0\) occurs more than once")


# -- values integer-indexable and not bool -------------------------------------------------------


class Index:
    def __index__(self):
        return 42


def test_values_valid_index_objects(ttnn, runtime, sender):
    make = factory_of(ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
        kernel=sender, runtime_args=(ttl.CoreRuntimeArgs((0, 0), (np.uint32(7), Index(), 2**32 - 1)),)),)))
    assert run_valid(runtime, make).runtime_args[0][(0, 0)] == (7, 42, 2**32 - 1)


@pytest.mark.parametrize(
    "value, match",
    [
        (True, r"value 1 \(True, bool\) must be an integer-indexable, non-boolean object"),
        (1.5, r"value 1 \(1.5, float\) must be an integer-indexable"),
        ("3", r"value 1 \('3', str\) must be an integer-indexable"),
        (np.bool_(False), r"must be an integer-indexable, non-boolean object"),
        (-1, r"value 1 \(-1\) does not fit in an unsigned 32-bit"),
        (2**32, r"does not fit in an unsigned 32-bit"),
    ],
)
def test_values_invalid(ttnn, runtime, sender, descriptors, value, match):
    make = factory_of(ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
        kernel=sender, runtime_args=(ttl.CoreRuntimeArgs((0, 0), (1, value)),)),)))
    run_invalid(runtime, make, descriptors, RuntimeArgsError, match)


# -- caller semaphore ids --------------------------------------------------------------------------


def test_semaphore_ids_valid(ttnn, runtime, sender):
    ranges = grid_ranges(ttnn, 0, 0, 1, 0)
    # compiler owns id 0 (compiler_semaphore_count=1); 1 and 15 (the hardware maximum) are free
    result = run_valid(runtime, factory_of(resources(ttnn, sender, semaphore_ids=(15, 1), core_ranges=ranges)))
    assert [s.id for s in result.program.semaphores] == [0, 1, 15]


@pytest.mark.parametrize(
    "ids, match",
    [
        ((2, 2), "caller semaphore id 2 is used more than once"),
        ((0,), r"id 0 is below first_free_semaphore_id 1: ids \[0, 1\) are compiler-managed"),
        ((16,), r"id 16 exceeds the hardware limit \(max id 15\)"),
    ],
)
def test_semaphore_ids_invalid(ttnn, runtime, sender, descriptors, ids, match):
    make = factory_of(resources(ttnn, sender, semaphore_ids=ids, core_ranges=grid_ranges(ttnn, 0, 0, 1, 0)))
    run_invalid(runtime, make, descriptors, SemaphoreError, match)


def test_factory_sees_first_free_semaphore_id(ttnn, sender):
    seen = {}

    def make(*, tensors, core_ranges, first_free_semaphore_id):
        seen.update(tensors=tensors, cores=core_ranges.num_cores(), first=first_free_semaphore_id)
        return resources(ttnn, sender)

    OperationRuntime(A.collective(semaphores=3)).run(TENSORS, runtime_resource_factory=make)
    assert seen == {"tensors": TENSORS, "cores": 2, "first": 3}


# -- one entry per logical kernel --------------------------------------------------------------------


def test_one_entry_per_kernel_invalid(ttnn, runtime, sender, descriptors):
    # the handle and the LogicalKernelId name the same logical kernel
    make = factory_of(ttl.ProgramRuntimeResources(kernel_resources=(
        ttl.KernelRuntimeResources(kernel=sender),
        ttl.KernelRuntimeResources(kernel=A.sender_id()),
    )))
    run_invalid(runtime, make, descriptors, RuntimeArgsError,
                "kernel 'sender' has more than one KernelRuntimeResources entry")


# -- definitions ---------------------------------------------------------------------------------------


def test_defines_valid(ttnn, runtime, sender):
    defines = (ttl.KernelDefine("FABRIC_2D", "1"), ttl.KernelDefine("MODE", "ring"))
    result = run_valid(runtime, factory_of(resources(ttnn, sender, defines=defines)))
    assert list(result.program.kernels[0].defines) == [("FABRIC_2D", "1"), ("MODE", "ring")]
    assert list(result.program.kernels[1].defines) == []


def test_define_name_twice(ttnn, runtime, sender, descriptors):
    defines = (ttl.KernelDefine("FABRIC_2D", "1"), ttl.KernelDefine("FABRIC_2D", "0"))
    run_invalid(runtime, factory_of(resources(ttnn, sender, defines=defines)), descriptors, DefineError,
                "definition 'FABRIC_2D' occurs more than once")


def test_define_not_strings():
    with pytest.raises(DefineError, match="KernelDefine 'FABRIC_2D' value must be a str, got int"):
        ttl.KernelDefine("FABRIC_2D", 1)
    with pytest.raises(DefineError, match="KernelDefine name must be a str, got bytes"):
        ttl.KernelDefine(b"X", "1")


def test_define_replaced_behind_frozen_record(ttnn, runtime, sender, descriptors):
    define = ttl.KernelDefine("A", "1")
    object.__setattr__(define, "value", 1)
    run_invalid(runtime, factory_of(resources(ttnn, sender, defines=(define,))), descriptors, DefineError,
                "definition names and values must be strings")


def test_semaphore_on_non_worker_cores(ttnn, runtime, sender, descriptors):
    def make(**_):
        semaphore = ttnn.SemaphoreDescriptor(1, core_type=ttnn.CoreType.ETH,
                                             core_ranges=grid_ranges(ttnn, 0, 0, 0, 0), initial_value=0)
        return ttl.ProgramRuntimeResources(semaphore_descriptors=(semaphore,))

    run_invalid(runtime, make, descriptors, CoreRangeError, "caller semaphore 1 must be on worker cores")


# -- property: any single invalid edit fails before anything is built --------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

EDITS = {
    "outside": (CoreRangeError, lambda ttnn, k: resources(ttnn, k, args=((0, 0), (5, 0)))),
    "duplicate": (RuntimeArgsError, lambda ttnn, k: resources(ttnn, k, args=((1, 0), (1, 0)))),
    "bool": (RuntimeArgsError, lambda ttnn, k: ttl.ProgramRuntimeResources(kernel_resources=(
        ttl.KernelRuntimeResources(k, (ttl.CoreRuntimeArgs((0, 0), (False,)),)),))),
    "negative": (RuntimeArgsError, lambda ttnn, k: ttl.ProgramRuntimeResources(kernel_resources=(
        ttl.KernelRuntimeResources(k, (ttl.CoreRuntimeArgs((1, 0), (3, -4)),)),))),
    "semaphore id": (SemaphoreError, lambda ttnn, k: resources(ttnn, k, semaphore_ids=(0,), core_ranges=grid_ranges(ttnn, 0, 0, 1, 0))),
    "define twice": (DefineError, lambda ttnn, k: resources(ttnn, k, defines=(ttl.KernelDefine("X", "1"),) * 2)),
    "unbound": (KernelSelectionError, lambda ttnn, k: resources(ttnn, FakeKernel(KernelKind.DATA_MOVEMENT))),
    "wrong type": (ResourceTypeError, lambda ttnn, k: (resources(ttnn, k),)),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(valid_before=st.integers(0, 3), edit=st.sampled_from(sorted(EDITS)), valid_after=st.integers(0, 2))
def test_any_invalid_result_builds_nothing(ttnn, sender, descriptors, valid_before, edit, valid_after):
    runtime = OperationRuntime(A.collective())
    owner = object()
    for i in range(valid_before):
        runtime.run(TENSORS, runtime_resource_factory=factory_of(resources(ttnn, sender, lifetimes=(owner, i))))
    error, make_invalid = EDITS[edit]
    run_invalid(runtime, factory_of(make_invalid(ttnn, sender)), descriptors, error, None)
    assert runtime.retained_owners == ((owner, valid_before - 1) if valid_before else ())
    for j in range(valid_after):
        assert run_valid(runtime, factory_of(resources(ttnn, sender))).cache_hit == (valid_before > 0 or j > 0)


class FrontendShapedKernel:
    """The frontend's ttl.Kernel shape: ``is_bound`` and ``id`` (raises while unbound)."""

    def __init__(self, kind, bound=None):
        self.kind = kind
        self._id = bound

    @property
    def is_bound(self):
        return self._id is not None

    @property
    def id(self):
        if self._id is None:
            raise ValueError("not bound")
        return self._id


def test_frontend_kernel_shape(ttnn, runtime, descriptors):
    bound = FrontendShapedKernel(KernelKind.DATA_MOVEMENT, A.sender_id())
    assert run_valid(runtime, factory_of(resources(ttnn, bound))).runtime_args[0] == {(0, 0): (7, 0), (1, 0): (7, 1)}
    unbound = FrontendShapedKernel(KernelKind.DATA_MOVEMENT)
    run_invalid(runtime, factory_of(resources(ttnn, unbound)), descriptors, KernelSelectionError,
                "not bound to any operation")
