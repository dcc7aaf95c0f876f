"""An all-gather written in TT-Lang, over a 1-D line or ring of emulated chips (issue 35).

Each chip of a ``1 x N`` mesh (or each row of ``R x N``, one ring per row) holds a shard of ``T``
tiles; afterwards every chip holds all of them, concatenated along dim 0 in chip order (what
``ttnn.all_gather(x, dim=0)`` returns). The data-movement kernel ``sender`` is external C++
(``examples/external/ring_all_gather.hpp``) reached through ``ttl.call_extern_func``: it opens
TT-Fabric sender connections from its runtime words, multicasts each tile to the other chips'
outputs, signals them with an atomic increment and waits for theirs, and closes the connections.
The operation captures the connections as a fabric claim (``route``: acquired by ``gather_open``,
used per tile, released by ``gather_close``); the factory supplies its ``FabricConnectionBinding``
(checked against the mesh's control plane) and each chip's words, per device.

Run: ``.venv/bin/python examples/mesh_all_gather.py [ROWS COLS [ring|line]]`` (default 1 4 ring).
"""

from __future__ import annotations

import pathlib
import sys

import ml_dtypes
import numpy as np

import ttlang as ttl
import ttlang.emu as emu

import ttnn  # noqa: E402,I001 - after ttlang (its start-up line stays quiet)

HEADER = str(pathlib.Path(__file__).resolve().parent / "external" / "ring_all_gather.hpp")
SHARD = (64, 64)  # each chip's input: 2 x 2 tiles


def make_all_gather(ring: bool):
    sender = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    route = ttl.FabricManagerClaim(sender, "route")

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        chip = tensors[0].device()  # this device's execution: a chip of the mesh
        mesh = chip.mesh
        row, col = chip.mesh_coordinate
        cols = mesh.shape[1]
        words = [first_free_semaphore_id, col, cols, int(ring)]
        forward = (row, (col + 1) % cols) if ring or col + 1 < cols else None
        backward = (row, col - 1) if not ring and col > 0 else None
        for neighbour in (forward, backward):
            words += [1, mesh.fabric_connection_word(neighbour, 0)] if neighbour else [0]
        # The claim's connections on every chip: to its neighbours along the row, link 0.
        requirements = []
        for r in range(mesh.shape[0]):
            for c in range(cols):
                ahead = (c + 1) % cols if ring or c + 1 < cols else None
                behind = c - 1 if not ring and c > 0 else None
                for target in {t for t in (ahead, behind) if t is not None and t != c}:
                    requirements.append(ttl.FabricConnectionRequirement(((r, c),), ((0, 0),), (r, target), 0))
        semaphore = ttnn.SemaphoreDescriptor(
            first_free_semaphore_id, core_ranges=core_ranges, initial_value=0)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(semaphore,),
            kernel_resources=(ttl.KernelRuntimeResources(
                kernel=sender, runtime_args=(ttl.CoreRuntimeArgs((0, 0), tuple(words)),)),),
            fabric_bindings=(ttl.FabricConnectionBinding(
                claim=route, requirements=tuple(requirements), abi_identity="ttlang_ring_all_gather_v1"),),
        )

    @ttl.operation(grid=(1, 1), runtime_resource_factory=make_resources)
    def all_gather(inp, out):
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        headers = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        pages = (inp.shape[0] // 32) * (inp.shape[1] // 32)
        ttl.call_extern_func(HEADER, "gather_open", kernel=sender, fabric_manager_effects=route.acquire())
        for page in range(pages):
            ttl.call_extern_func(
                HEADER, "gather_page", func_args=[inp, out, scratch, headers, page, pages],
                dfb_effects=[
                    ttl.DFBEffect.reserve(scratch, tiles=1), ttl.DFBEffect.reserve(headers, tiles=1),
                    ttl.DFBEffect.push(scratch, tiles=1), ttl.DFBEffect.push(headers, tiles=1),
                    ttl.DFBEffect.wait(scratch, tiles=1), ttl.DFBEffect.wait(headers, tiles=1),
                    ttl.DFBEffect.pop(scratch, tiles=1), ttl.DFBEffect.pop(headers, tiles=1),
                ],
                kernel=sender, fabric_manager_effects=route.use(),
            )
        ttl.call_extern_func(
            HEADER, "gather_close", func_args=[headers],
            dfb_effects=[ttl.DFBEffect.reserve(headers, tiles=1), ttl.DFBEffect.push(headers, tiles=1),
                         ttl.DFBEffect.wait(headers, tiles=1), ttl.DFBEffect.pop(headers, tiles=1)],
            kernel=sender, fabric_manager_effects=route.release(),
        )

    return all_gather


def gather(mesh: emu.MeshDevice, shards: np.ndarray, ring: bool, operation=None) -> emu.MeshTensor:
    """All-gathers ``shards`` (one 2-D shard per chip, row-major) along each row of the mesh;
    ``operation``: one ``make_all_gather(ring)`` made before (its compilation is reused)."""
    rows, cols = mesh.shape
    height, width = shards.shape[1:]
    inp = mesh.shard(shards.reshape(rows * cols * height, width), dim=0)
    out = mesh.empty((cols * height, width))
    (operation or make_all_gather(ring))(inp, out)
    return out


def main() -> None:
    rows, cols = (int(v) for v in sys.argv[1:3]) if len(sys.argv) > 2 else (1, 4)
    ring = (sys.argv[3] if len(sys.argv) > 3 else "ring") == "ring"
    mesh = emu.open_mesh_device((rows, cols), fabric="FABRIC_1D_RING" if ring else "FABRIC_1D")
    rng = np.random.default_rng(35)
    shards = rng.standard_normal((rows * cols, *SHARD)).astype(ml_dtypes.bfloat16)
    out = gather(mesh, shards, ring)
    for r in range(rows):
        want = np.concatenate([shards[r * cols + c] for c in range(cols)], axis=0)
        for c in range(cols):
            assert np.array_equal(out.shard((r, c)).to_numpy(), want), f"device {(r, c)}"
    print(f"all-gather over a {rows}x{cols} mesh ({'ring' if ring else 'line'}): every device holds "
          f"the {cols} shards of its row: ok")


if __name__ == "__main__":
    main()
