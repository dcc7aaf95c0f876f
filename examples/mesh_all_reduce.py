"""An all-reduce written in TT-Lang over a 1-D ring of emulated chips (issue 35): the all-gather
of ``examples/mesh_all_gather.py`` (every chip's shard reaches every chip through TT-Fabric), then
on every chip a TT-Lang operation that sums the gathered shards tile by tile. Afterwards every
chip of a row holds the sum of the row's shards (what ``ttnn.all_reduce(x, cluster_axis=1)``
returns).

Run: ``.venv/bin/python examples/mesh_all_reduce.py [ROWS COLS]`` (default 1 4).
"""

from __future__ import annotations

import pathlib
import sys

import ml_dtypes
import numpy as np

import ttlang as ttl
import ttlang.emu as emu

# The all-gather beside this file, also when this module is loaded by path (the tests).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mesh_all_gather import gather, make_all_gather  # noqa: E402

TILE = 32


@ttl.operation(grid=(1, 1))
def sum_slabs(gathered, out):
    """``out`` = the sum of the ``gathered.shape[0] // out.shape[0]`` slabs stacked in
    ``gathered`` along dim 0, tile by tile, in a running sum through ``acc_dfb``."""
    slabs = gathered.shape[0] // out.shape[0]
    rows = out.shape[0] // TILE
    cols = out.shape[1] // TILE
    g_dfb = ttl.make_dataflow_buffer_like(gathered, shape=(1, 1), block_count=2)
    acc_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def read():
        for r in range(rows):
            for c in range(cols):
                for k in range(slabs):
                    with g_dfb.reserve() as blk:
                        ttl.copy(gathered[k * rows + r, c], blk).wait()

    @ttl.compute()
    def compute():
        for _ in range(rows * cols):
            with acc_dfb.reserve() as acc:
                acc.store(ttl.block.fill(0, shape=acc.shape))
            for _ in range(slabs):
                with g_dfb.wait() as x, acc_dfb.wait() as pre:
                    with acc_dfb.reserve() as acc:
                        acc.store(pre + x)
            with acc_dfb.wait() as acc, out_dfb.reserve() as o:
                o.store(acc)

    @ttl.datamovement()
    def write():
        for r in range(rows):
            for c in range(cols):
                with out_dfb.wait() as o:
                    ttl.copy(o, out[r, c]).wait()


def all_reduce(mesh: emu.MeshDevice, shards: np.ndarray, gather_operation=None) -> emu.MeshTensor:
    """Sums ``shards`` (one 2-D shard per chip, row-major) over each row of a ring mesh."""
    gathered = gather(mesh, shards, True, gather_operation or make_all_gather(True))
    out = mesh.empty(shards.shape[1:])
    sum_slabs(gathered, out)
    return out


def ordered_sum(shards: np.ndarray) -> np.ndarray:
    """The sum as ``sum_slabs`` computes it: in chip order, each add of two bfloat16 tiles in
    f32 rounded to bfloat16 (docs/emulator.md, "Numeric model": bit-exact)."""
    total = np.zeros(shards.shape[1:], ml_dtypes.bfloat16)
    for shard in shards:
        total = (total.astype(np.float32) + shard.astype(np.float32)).astype(ml_dtypes.bfloat16)
    return total


def main() -> None:
    rows, cols = (int(v) for v in sys.argv[1:3]) if len(sys.argv) > 2 else (1, 4)
    mesh = emu.open_mesh_device((rows, cols), fabric="FABRIC_1D_RING")
    shards = np.random.default_rng(35).standard_normal((rows * cols, 64, 64)).astype(ml_dtypes.bfloat16)
    out = all_reduce(mesh, shards)
    for r in range(rows):
        want = ordered_sum(shards[r * cols:(r + 1) * cols])
        for c in range(cols):
            assert np.array_equal(out.shard((r, c)).to_numpy().view(np.uint16), want.view(np.uint16)), (r, c)
    print(f"all-reduce over a {rows}x{cols} ring mesh: every device holds its row's sum: ok")


if __name__ == "__main__":
    main()
