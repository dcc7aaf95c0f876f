"""The runtime-resources collective, end to end in compile-only dispatch.

The spec's ``make_collective`` needs the frontend (``ttl.Kernel``, ``@ttl.operation(...,
runtime_resource_factory=...)``, ``ttl.call_extern_func``). Until that lands, this example stands
in a hand-built compiled artifact of the same operation: a 2x1 grid, an operation-owned
data-movement kernel ``sender`` and a compute kernel. Everything after compilation is the real
runtime: the factory, the planner, the program cache and real ttnn descriptors.

Run: ``.venv/bin/python examples/runtime_collective.py``
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "test" / "python" / "runtime"))  # the hand-built artifacts

import ttnn  # noqa: E402
import rt_artifacts  # noqa: E402

import ttlang as ttl  # noqa: E402
from ttlang.runtime import (  # noqa: E402
    BoundKernel,
    ControlPlane,
    FabricBindingError,
    MeshDescription,
    OperationRuntime,
)
from ttlang.runtime.runner import load_runner, write_runner  # noqa: E402


def make_collective(runtime_owner, sender, word=0, fabric_define="1"):
    """The spec's factory (the operation itself is the compiled artifact above)."""

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        semaphore = ttnn.SemaphoreDescriptor(first_free_semaphore_id, core_ranges=core_ranges, initial_value=0)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(semaphore,),
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    kernel=sender,
                    runtime_args=(
                        ttl.CoreRuntimeArgs(ttnn.CoreCoord(0, 0), (first_free_semaphore_id, word)),
                        ttl.CoreRuntimeArgs(ttnn.CoreCoord(1, 0), (first_free_semaphore_id, word + 1)),
                    ),
                    defines=(ttl.KernelDefine("FABRIC_2D", fabric_define),),
                ),
            ),
            lifetimes=(runtime_owner, semaphore),
        )

    return make_resources


def main() -> None:
    artifact = rt_artifacts.collective()
    collective = OperationRuntime(artifact)
    sender = BoundKernel(rt_artifacts.sender_id())  # what ttl.Kernel resolves to once captured
    owner = object()
    tensors = ("input_tensor", "output_tensor")  # host stand-ins: compile-only needs no buffers

    print("== first call: compiles the program")
    first = collective.run(tensors, runtime_resource_factory=make_collective(owner, sender, word=0))
    print(first.describe())
    print("\n== second call, new runtime words: a cache hit carrying the new words")
    second = collective.run(tensors, runtime_resource_factory=make_collective(owner, sender, word=40))
    print(second.describe())
    print("\n== a different define: a new program (cache miss)")
    third = collective.run(tensors, runtime_resource_factory=make_collective(owner, sender, fabric_define="0"))
    print(f"cache {'hit' if third.cache_hit else 'miss'}, program {third.program_hash:#018x}")
    print(f"cache: {collective.cache.hits} hits, {collective.cache.misses} misses; "
          f"retained owners: {len(collective.retained_owners)} (runtime_owner, semaphore)")

    print("\n== emitted runner")
    with tempfile.TemporaryDirectory() as folder:
        path = write_runner(artifact, pathlib.Path(folder) / "collective_runner.py")
        runner = load_runner(path)
    via_runner = runner.run(tensors, runtime_resource_factory=make_collective(owner, runner.kernel("sender"), 7))
    print(f"{path.name}: compile-only={via_runner.compile_only}, words on (1, 0): "
          f"{list(via_runner.program.kernels[0].runtime_args[1][0])}")

    print("\n== external fabric manager on a 1x2 mesh with two links per neighbour")
    mesh = ControlPlane(MeshDescription((1, 2), links_per_neighbor=2))
    fabric_op = OperationRuntime(rt_artifacts.with_fabric(), control_plane=mesh)
    claim = ttl.FabricManagerClaim(sender, "mux")
    nodes = ((0, 0), (1, 0))

    def binding(link):
        return ttl.FabricConnectionBinding(
            claim=claim,
            requirements=(
                ttl.FabricConnectionRequirement(((0, 0),), nodes, (0, 1), link),
                ttl.FabricConnectionRequirement(((0, 1),), nodes, (0, 0), link),
            ),
            abi_identity="tt_fabric_1d_v1",
        )

    ok = fabric_op.run(tensors, runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(fabric_bindings=(binding(1),)))
    print(f"link 1: accepted, program {ok.program_hash:#018x}")
    try:
        fabric_op.run(tensors, runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(fabric_bindings=(binding(2),)))
    except FabricBindingError as error:
        print(f"link 2: {type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
