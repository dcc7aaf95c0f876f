"""Emitted runners: the module round-trips the artifact, reconstructs logical-kernel identities,
uses the same planner and materializer, and serializes no owners or dispatch values."""

from __future__ import annotations

import pytest
import rt_artifacts as A
from conftest import FakeKernel, make_collective_resources

import ttlang as ttl
from ttlang.artifact import KernelKind
from ttlang.runtime import DispatchError, FabricBindingError, OperationRuntime
from ttlang.runtime.runner import emit_runner, load_runner, write_runner

TENSORS = ("input", "output")
SECRET_WORD = 0x5EC12E7




def program_summary(result):
    program = result.program
    return (
        result.program_hash,
        [(k.kernel_source, list(k.compile_time_args), list(k.defines), str(k.core_ranges)) for k in program.kernels],
        [(s.id, s.initial_value) for s in program.semaphores],
        {i: dict(words) for i, words in result.runtime_args.items()},
    )


def test_runner_round_trip(ttnn, tmp_path):
    artifact = A.with_fabric(A.FabricManagerSpec(A.sender_id(), "gen", False, 8, 9, (0,)))
    path = write_runner(artifact, tmp_path / "collective_runner.py")
    runner = load_runner(path)
    assert runner.ARTIFACT == artifact
    # logical-kernel identities are reconstructed as bound handles
    assert runner.kernel("sender").logical_kernel_id == A.sender_id()
    assert runner.kernel("compute").logical_kernel_id == A.compute_id()
    assert runner.claim("sender", "mux").name == "mux"


def test_runner_runs_like_the_operation(ttnn, tmp_path):
    artifact = A.collective()
    runner = load_runner(write_runner(artifact, tmp_path / "collective_runner.py"))
    owner = object()
    # the factory written for the decorated operation captured the frontend's handle; the runner's
    # reconstructed handle and the canonical identity select the same logical kernel
    original = FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())
    direct = OperationRuntime(artifact).run(TENSORS, runtime_resource_factory=make_collective_resources(ttnn, original, owner, 5))
    for handle in (original, runner.kernel("sender")):
        via_runner = runner.run(TENSORS, runtime_resource_factory=make_collective_resources(ttnn, handle, owner, 5), device=None)
        assert via_runner.compile_only
        assert program_summary(via_runner) == program_summary(direct)
    assert runner.OPERATION.retained_owners[0] is owner
    again = runner.run(TENSORS, runtime_resource_factory=make_collective_resources(ttnn, original, owner, 9))
    assert again.cache_hit and again.runtime_args[0][(1, 0)] == (1, 10)


def test_runner_requires_factory_every_call(ttnn, tmp_path):
    runner = load_runner(write_runner(A.collective(), tmp_path / "r.py"))
    runner.run(TENSORS, runtime_resource_factory=make_collective_resources(ttnn, runner.kernel("sender"), None, 1))
    with pytest.raises(DispatchError, match="pass runtime_resource_factory= on every call"):
        runner.run(TENSORS)


def test_runner_serializes_no_owners_or_dispatch_values(ttnn, tmp_path):
    artifact = A.collective()
    OperationRuntime(artifact).run(TENSORS, runtime_resource_factory=make_collective_resources(ttnn, A.sender_id(), object(), SECRET_WORD))
    source = emit_runner(artifact)
    assert str(SECRET_WORD) not in source and hex(SECRET_WORD) not in source
    assert "SemaphoreDescriptor" not in source and "lifetimes" not in source
    compile(source, "runner.py", "exec")


def test_runner_mesh_runtime_checks_fabric(ttnn, tmp_path):
    from ttlang.runtime import ControlPlane, MeshDescription

    runner = load_runner(write_runner(A.with_fabric(), tmp_path / "r.py"))
    operation = runner.runtime(ControlPlane(MeshDescription((1, 2), links_per_neighbor=2)))
    claim = runner.claim("sender", "mux")
    binding = ttl.FabricConnectionBinding(
        claim=claim,
        requirements=(ttl.FabricConnectionRequirement(((0, 0),), ((0, 0), (1, 0)), (0, 1), 1),),
        abi_identity="tt_fabric_1d_v1",
    )
    with pytest.raises(FabricBindingError, match=r"do not cover logical device \(0, 1\)"):
        operation.run(TENSORS, runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(fabric_bindings=(binding,)))


def test_runner_of_operation_without_resources(ttnn, tmp_path):
    import dataclasses

    artifact = dataclasses.replace(A.collective(), uses_runtime_resources=False)
    runner = load_runner(write_runner(artifact, tmp_path / "plain.py"))
    result = runner.run(TENSORS)
    assert result.compile_only and result.runtime_args == {0: {}, 1: {}}
    assert [s.id for s in result.program.semaphores] == [0]
    with pytest.raises(DispatchError, match="was not compiled with runtime_resource_factory="):
        runner.run(TENSORS, runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources())
