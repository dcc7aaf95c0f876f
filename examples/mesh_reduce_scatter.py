"""A ring reduce-scatter written in TT-Lang, and the all-reduce made of it and the all-gather
(issue 35): the bandwidth-optimal all-reduce of collective libraries, on emulated chips.

Each chip of a ``1 x N`` ring (or each row of ``R x N``, one ring per row) holds an input of
``N`` chunks along dim 0. The reduce-scatter runs ``N - 1`` steps around the ring; in each, every
chip sends one chunk (its own at first, then the partial sum it just made) to the next chip and
adds the chunk it received to its own (``examples/external/ring_reduce_scatter.hpp`` says which
chunk when). Afterwards chip ``d`` holds the sum over the ring of chunk ``d`` (what
``ttnn.reduce_scatter(x, dim=0)`` returns). The all-reduce then all-gathers the reduced chunks
(``examples/mesh_all_gather.py``), so every chip holds the whole sum, each chip having sent
``2 (N - 1) / N`` of its input instead of the ``N - 1`` inputs of a gather-then-sum
(``examples/mesh_all_reduce.py``).

The operation has three kernels on one core: ``reader`` (external C++: waits for each step's
chunk, reads it and the chip's own), ``compute`` (TT-Lang: the tile-by-tile add) and ``sender``
(external C++ over a TT-Fabric connection to the next chip: the fabric claim ``route``).

Run: ``.venv/bin/python examples/mesh_reduce_scatter.py [ROWS COLS]`` (default 1 4).
"""

from __future__ import annotations

import pathlib
import sys

import ml_dtypes
import numpy as np

import ttlang as ttl
import ttlang.emu as emu

import ttnn  # noqa: E402,I001 - after ttlang (its start-up line stays quiet)

# The all-gather beside this file, also when this module is loaded by path (the tests).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mesh_all_gather import make_all_gather  # noqa: E402

HEADER = str(pathlib.Path(__file__).resolve().parent / "external" / "ring_reduce_scatter.hpp")
TILE = 32


def make_reduce_scatter():
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    sender = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    route = ttl.FabricManagerClaim(sender, "route")

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        chip = tensors[0].device()  # this device's execution: a chip of the mesh
        mesh = chip.mesh
        row, col = chip.mesh_coordinate
        cols = mesh.shape[1]
        words = (first_free_semaphore_id, col, cols)
        after = mesh.fabric_connection_word((row, (col + 1) % cols), 0)
        # The claim's connections on every chip: to the next chip of its row's ring, link 0.
        requirements = tuple(
            ttl.FabricConnectionRequirement(((r, c),), ((0, 0),), (r, (c + 1) % cols), 0)
            for r in range(mesh.shape[0]) for c in range(cols)
        )
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(ttnn.SemaphoreDescriptor(
                first_free_semaphore_id, core_ranges=core_ranges, initial_value=0),),
            kernel_resources=(
                ttl.KernelRuntimeResources(kernel=reader, runtime_args=(ttl.CoreRuntimeArgs((0, 0), words),)),
                ttl.KernelRuntimeResources(kernel=sender,
                                           runtime_args=(ttl.CoreRuntimeArgs((0, 0), (*words, 1, after, 0)),)),
            ),
            fabric_bindings=(ttl.FabricConnectionBinding(
                claim=route, requirements=requirements, abi_identity="ttlang_ring_reduce_scatter_v1"),),
        )

    @ttl.operation(grid=(1, 1), runtime_resource_factory=make_resources)
    def reduce_scatter(inp, recv, out):
        """``out`` (one chunk) = this chip's chunk of the sum over the ring of every chip's
        ``inp`` (``inp.shape[0] // out.shape[0]`` chunks); ``recv`` (shaped as ``inp``)
        receives the previous chip's partial sums."""
        chips = inp.shape[0] // out.shape[0]
        tiles = (out.shape[0] // TILE) * (out.shape[1] // TILE)  # per chunk
        received = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
        own = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
        sums = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        headers = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)

        @ttl.compute()
        def add():
            for _ in range((chips - 1) * tiles):
                with received.wait() as r, own.wait() as x, sums.reserve() as o:
                    o.store(r + x)

        for step in range(chips - 1):
            ttl.call_extern_func(HEADER, "rs_wait_step", func_args=[step], kernel=reader)
            for tile in range(tiles):
                ttl.call_extern_func(
                    HEADER, "rs_read_tile", func_args=[recv, inp, received, own, step, tile, tiles],
                    dfb_effects=[ttl.DFBEffect.reserve(received, tiles=1), ttl.DFBEffect.reserve(own, tiles=1),
                                 ttl.DFBEffect.push(received, tiles=1), ttl.DFBEffect.push(own, tiles=1)],
                    kernel=reader,
                )

        ttl.call_extern_func(HEADER, "rs_open", kernel=sender, fabric_manager_effects=route.acquire())
        for tile in range(tiles):
            ttl.call_extern_func(
                HEADER, "rs_send_input_tile", func_args=[inp, recv, scratch, headers, tile, tiles],
                dfb_effects=[ttl.DFBEffect.reserve(scratch, tiles=1), ttl.DFBEffect.push(scratch, tiles=1),
                             ttl.DFBEffect.wait(scratch, tiles=1), ttl.DFBEffect.pop(scratch, tiles=1),
                             ttl.DFBEffect.reserve(headers, tiles=1), ttl.DFBEffect.push(headers, tiles=1),
                             ttl.DFBEffect.wait(headers, tiles=1), ttl.DFBEffect.pop(headers, tiles=1)],
                kernel=sender, fabric_manager_effects=route.use(),
            )
        ttl.call_extern_func(HEADER, "rs_signal", func_args=[headers], kernel=sender, fabric_manager_effects=route.use(),
                             dfb_effects=[ttl.DFBEffect.reserve(headers, tiles=1), ttl.DFBEffect.push(headers, tiles=1),
                                          ttl.DFBEffect.wait(headers, tiles=1), ttl.DFBEffect.pop(headers, tiles=1)])
        for step in range(1, chips - 1):
            for tile in range(tiles):
                ttl.call_extern_func(
                    HEADER, "rs_send_sum_tile", func_args=[recv, sums, headers, step, tile, tiles],
                    dfb_effects=[ttl.DFBEffect.wait(sums, tiles=1), ttl.DFBEffect.pop(sums, tiles=1),
                                 ttl.DFBEffect.reserve(headers, tiles=1), ttl.DFBEffect.push(headers, tiles=1),
                                 ttl.DFBEffect.wait(headers, tiles=1), ttl.DFBEffect.pop(headers, tiles=1)],
                    kernel=sender, fabric_manager_effects=route.use(),
                )
            ttl.call_extern_func(HEADER, "rs_signal", func_args=[headers], kernel=sender,
                                 fabric_manager_effects=route.use(),
                                 dfb_effects=[ttl.DFBEffect.reserve(headers, tiles=1), ttl.DFBEffect.push(headers, tiles=1),
                                              ttl.DFBEffect.wait(headers, tiles=1), ttl.DFBEffect.pop(headers, tiles=1)])
        for tile in range(tiles):
            ttl.call_extern_func(
                HEADER, "rs_write_tile", func_args=[out, sums, tile],
                dfb_effects=[ttl.DFBEffect.wait(sums, tiles=1), ttl.DFBEffect.pop(sums, tiles=1)],
                kernel=sender,
            )
        ttl.call_extern_func(HEADER, "rs_close", kernel=sender, fabric_manager_effects=route.release())

    return reduce_scatter


def reduce_scatter(mesh: emu.MeshDevice, inp: emu.MeshTensor, operation=None) -> emu.MeshTensor:
    """Each chip's chunk (``inp`` cut into as many chunks along dim 0 as the mesh has columns)
    of the sum of ``inp`` over its row's ring; ``operation``: one ``make_reduce_scatter()``
    made before (its compilation is reused)."""
    height, width = inp.shape
    recv = mesh.empty((height, width))
    out = mesh.empty((height // mesh.shape[1], width))
    (operation or make_reduce_scatter())(inp, recv, out)
    return out


def all_reduce(mesh: emu.MeshDevice, shards: np.ndarray, operations=None) -> emu.MeshTensor:
    """Sums ``shards`` (one 2-D shard per chip, row-major) over each row of a ring mesh: the
    reduce-scatter, then the all-gather of the reduced chunks. ``operations``: a
    ``(make_reduce_scatter(), make_all_gather(True))`` pair made before."""
    scatter, gather = operations or (make_reduce_scatter(), make_all_gather(True))
    rows, cols = mesh.shape
    height, width = shards.shape[1:]
    inp = mesh.shard(shards.reshape(rows * cols * height, width), dim=0)
    chunks = reduce_scatter(mesh, inp, scatter)
    out = mesh.empty((height, width))
    gather(chunks, out)
    return out


def ring_sum(shards: np.ndarray) -> np.ndarray:
    """The all-reduce as the ring computes it: chunk ``c`` of the ``N`` shards summed starting
    at chip ``c + 1`` around the ring, each add of two bfloat16 tiles in f32 rounded to
    bfloat16 (docs/emulator.md, "Numeric model": bit-exact)."""
    chips = len(shards)
    pieces = np.split(shards, chips, axis=1)  # pieces[c][d]: chunk c of chip d's shard
    out = []
    for c, chunk in enumerate(pieces):
        total = chunk[(c + 1) % chips]
        for k in range(2, chips + 1):
            total = (total.astype(np.float32) + chunk[(c + k) % chips].astype(np.float32)).astype(ml_dtypes.bfloat16)
        out.append(total)
    return np.concatenate(out, axis=0)


def main() -> None:
    rows, cols = (int(v) for v in sys.argv[1:3]) if len(sys.argv) > 2 else (1, 4)
    mesh = emu.open_mesh_device((rows, cols), fabric="FABRIC_1D_RING")
    shards = np.random.default_rng(35).standard_normal((rows * cols, 32 * cols, 64)).astype(ml_dtypes.bfloat16)
    out = all_reduce(mesh, shards)
    for r in range(rows):
        want = ring_sum(shards[r * cols:(r + 1) * cols])
        for c in range(cols):
            got = out.shard((r, c)).to_numpy()
            assert np.array_equal(got.view(np.uint16), want.view(np.uint16)), (r, c)
    print(f"all-reduce (ring reduce-scatter + all-gather) over a {rows}x{cols} mesh: every device holds "
          "its row's sum: ok")


if __name__ == "__main__":
    main()
