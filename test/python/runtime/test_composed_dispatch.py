"""Composed operations dispatch (issue 11, item 6): an operation that calls another operation runs
its callee's kernels, with and without a runtime resource factory, and the factory's selectors
reach the callee's kernels as the spec's composition rules say: a callee-owned handle keeps the
callee's identity and selects that kernel of the composed program; ``KernelKind`` selects the
composed operation's canonical kernel."""

from __future__ import annotations

import pathlib

import pytest
from program_files import load_module

import ttlang as ttl
from ttlang.runtime import KernelSelectionError

SPEC = ttl.TensorSpec((64, 64))
# examples/composed.py: `make_exp_stage()` returns an operation owning data-movement kernel
# `loader` and that handle.
COMPOSED = load_module(pathlib.Path(__file__).resolve().parents[3] / "examples" / "composed.py", "composed_example")


def make_stage():
    return COMPOSED.make_exp_stage()


class Factory:
    def __init__(self, kernel):
        self.kernel = kernel
        self.word = 7

    def __call__(self, *, tensors, core_ranges, first_free_semaphore_id):
        return ttl.ProgramRuntimeResources(
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    self.kernel, (ttl.CoreRuntimeArgs((0, 0), (5, self.word)),)
                ),
                ttl.KernelRuntimeResources(
                    ttl.KernelKind.COMPUTE, defines=(ttl.KernelDefine("STAGE", "exp"),)
                ),
            )
        )


def test_composed_operation_dispatches_without_a_factory():
    stage, loader = make_stage()

    @ttl.operation(grid=(1, 1))
    def twice(inp, tmp, out):
        stage(inp, tmp)
        stage(tmp, out)

    result = twice(SPEC, SPEC, SPEC, device=None)
    assert result.compile_only
    assert loader.id in result.descriptor_kernels  # the callee's kernel, with its identity
    assert loader.id.operation_id == stage.operation_id != twice.operation_id
    assert twice(SPEC, SPEC, SPEC, device=None).cache_hit


def test_factory_selectors_reach_the_callee_kernels():
    stage, loader = make_stage()
    factory = Factory(loader)

    @ttl.operation(grid=(1, 1), runtime_resource_factory=factory)
    def twice(inp, tmp, out):
        stage(inp, tmp)
        stage(tmp, out)

    result = twice(SPEC, SPEC, SPEC, device=None)
    kernels = result.descriptor_kernels
    # the callee's handle selects the callee's kernel: both calls share it, and its cores get
    # the caller words first
    loader_index = kernels.index(loader.id)
    assert kernels.count(loader.id) == 1
    assert result.runtime_args[loader_index] == {(0, 0): (5, 7)}
    # KernelKind.COMPUTE selects the composed operation's canonical compute kernel
    compute = next(i for i, k in enumerate(kernels) if k.kind is ttl.KernelKind.COMPUTE)
    assert kernels[compute].operation_id == twice.operation_id and kernels[compute].is_canonical
    assert ("STAGE", "exp") in list(result.program.kernels[compute].defines)
    factory.word = 8
    again = twice(SPEC, SPEC, SPEC, device=None)
    assert again.cache_hit and again.runtime_args[loader_index][(0, 0)] == (5, 8)


def test_a_handle_of_an_operation_not_composed_is_rejected():
    stage, _ = make_stage()
    foreign = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def other(src):  # binds `foreign`; `twice` does not call it
        with ttl.make_dataflow_buffer_like(src, shape=(1, 1), block_count=1).reserve() as blk:
            ttl.copy(src[0, 0], blk, kernel=foreign).wait()

    factory = Factory(foreign)

    @ttl.operation(grid=(1, 1), runtime_resource_factory=factory)
    def twice(inp, tmp, out):
        stage(inp, tmp)
        stage(tmp, out)

    with pytest.raises(KernelSelectionError, match="nor to an operation it composes"):
        twice(SPEC, SPEC, SPEC, device=None)
