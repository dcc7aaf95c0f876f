"""An external kernel that owns a fabric connection: ``ttl.FabricManagerClaim``.

``make_forward`` builds a 2x1 operation whose data-movement kernel ``sender`` opens a forwarding
connection, moves one tile through it and closes it, in three opaque C++ calls
(``examples/external/fabric_forward.hpp``). The operation captures the claim ``route`` and passes
``route.acquire()`` / ``route.use()`` / ``route.release()`` to those calls; the compiler checks
the lifetime and records it in the artifact (``CompiledArtifact.fabric_managers``). The runtime
resource factory supplies, besides each core's words (which input page to forward and which
output page it lands in: the neighbour's), one ``FabricConnectionBinding`` for the claim: both
worker nodes on both devices of a 1x2 mesh reach the other device over link 1. The runtime
checks the binding against the claim and the control plane before building any descriptor.

Without hardware the control plane is the model ``ControlPlane(MeshDescription((1, 2), ...))``
and the program runs compile-only (``device=None``) or on the emulated device (one device; the
C++ forwards within it), where the output is the input with its two tiles swapped.

Run: ``.venv/bin/python examples/fabric_forward.py``
"""

from __future__ import annotations

import pathlib

import ttlang as ttl
from ttlang.runtime import ControlPlane, MeshDescription

HEADER = str(pathlib.Path(__file__).resolve().parent / "external" / "fabric_forward.hpp")
# Two devices side by side, two links between them.
CONTROL_PLANE = ControlPlane(MeshDescription((1, 2), links_per_neighbor=2))
LINK = 1


def make_forward():
    sender = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    route = ttl.FabricManagerClaim(sender, "route")

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        cores = ((0, 0), (1, 0))
        return ttl.ProgramRuntimeResources(
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    kernel=sender,
                    runtime_args=tuple(
                        ttl.CoreRuntimeArgs(core, (x, (x + 1) % len(cores))) for x, core in enumerate(cores)
                    ),
                ),
            ),
            fabric_bindings=(
                ttl.FabricConnectionBinding(
                    claim=route,
                    requirements=(
                        ttl.FabricConnectionRequirement(((0, 0),), cores, (0, 1), LINK),
                        ttl.FabricConnectionRequirement(((0, 1),), cores, (0, 0), LINK),
                    ),
                    abi_identity="ttlang_example_route_v1",
                ),
            ),
        )

    @ttl.operation(grid=(2, 1), runtime_resource_factory=make_resources)
    def forward(inp, out):
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        ttl.call_extern_func(HEADER, "route_open", kernel=sender, fabric_manager_effects=route.acquire())
        ttl.call_extern_func(
            HEADER,
            "route_forward",
            func_args=[inp, out, scratch],
            dfb_effects=[
                ttl.DFBEffect.reserve(scratch, tiles=1),
                ttl.DFBEffect.push(scratch, tiles=1),
                ttl.DFBEffect.wait(scratch, tiles=1),
                ttl.DFBEffect.pop(scratch, tiles=1),
            ],
            kernel=sender,
            fabric_manager_effects=route.use(),
        )
        ttl.call_extern_func(HEADER, "route_close", kernel=sender, fabric_manager_effects=route.release())

    return forward, sender, route


forward, sender, route = make_forward()
SPEC = ttl.TensorSpec((32, 64))


def main() -> None:
    artifact = forward.compile(SPEC, SPEC).artifact
    for claim in artifact.fabric_managers:
        print(f"claim '{claim.name}' of kernel '{claim.logical_kernel.name}': owned over program "
              f"positions [{claim.start}, {claim.end})")
    result = forward(SPEC, SPEC, device=None, control_plane=CONTROL_PLANE)
    print(result.describe())
    again = forward(SPEC, SPEC, device=None, control_plane=CONTROL_PLANE)
    print(f"second dispatch: cache {'hit' if again.cache_hit else 'miss'}")


if __name__ == "__main__":
    main()
