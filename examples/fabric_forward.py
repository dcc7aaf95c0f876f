"""An external kernel that owns a fabric connection: ``ttl.FabricManagerClaim``.

``make_forward`` builds a 2x1 operation whose data-movement kernel ``sender`` opens a TT-Fabric
sender connection, moves one tile through it to the neighbouring chip and closes it, in three
opaque C++ calls (``examples/external/fabric_forward.hpp``). The operation captures the claim
``route`` and passes ``route.acquire()`` / ``route.use()`` / ``route.release()`` to those calls;
the compiler checks the lifetime and records it in the artifact
(``CompiledArtifact.fabric_managers``). The runtime resource factory supplies, besides each
core's words (which input page to forward, which output page of the neighbouring chip it lands
in, and the connection's words), one ``FabricConnectionBinding`` for the claim: both worker nodes
on both devices of a 1x2 mesh reach the other device over link 1. The runtime checks the binding
against the claim and the control plane before building any descriptor.

``main`` runs it compile-only (``device=None``) against the control-plane model
``ControlPlane(MeshDescription((1, 2), ...))``; ``run_on_mesh`` runs it on a 1x2 emulated mesh
(``ttlang.emu.open_mesh_device``), where each chip's output is the other chip's input with its
two tiles swapped.

Run: ``.venv/bin/python examples/fabric_forward.py``
"""

from __future__ import annotations

import pathlib

import numpy as np

import ttlang as ttl
import ttlang.emu as emu
from ttlang.emu.mesh import fabric_connection_word
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
        # This execution's chip (a mesh's device; compile-only: device 0 of the 1x2 model).
        chip = tensors[0].device() if callable(getattr(tensors[0], "device", None)) else None
        here = chip.device_id if chip is not None else 0
        connection = (1, fabric_connection_word(1 - here, LINK), 0)  # forward to the other chip
        return ttl.ProgramRuntimeResources(
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    kernel=sender,
                    runtime_args=tuple(
                        ttl.CoreRuntimeArgs(core, (x, (x + 1) % len(cores), *connection))
                        for x, core in enumerate(cores)
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
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)  # a tile, a header
        ttl.call_extern_func(HEADER, "route_open", kernel=sender, fabric_manager_effects=route.acquire())
        ttl.call_extern_func(
            HEADER,
            "route_forward",
            func_args=[inp, out, scratch],
            dfb_effects=[
                ttl.DFBEffect.reserve(scratch, tiles=2),
                ttl.DFBEffect.push(scratch, tiles=2),
                ttl.DFBEffect.wait(scratch, tiles=2),
                ttl.DFBEffect.pop(scratch, tiles=2),
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


def run_on_mesh(inputs: np.ndarray) -> list[np.ndarray]:
    """Runs ``forward`` on a 1x2 emulated mesh with two links between its chips; ``inputs`` holds
    each chip's (32, 64) input. Returns each chip's output."""
    mesh = emu.open_mesh_device((1, 2), topology=emu.MeshTopology((1, 2), links=2))
    inp = mesh.shard(inputs.reshape(64, 64), dim=0)
    out = mesh.empty((32, 64))
    result = forward(inp, out)
    assert result.emulated and not result.compile_only
    return [t.to_numpy() for t in out.device_tensors()]


if __name__ == "__main__":
    main()
