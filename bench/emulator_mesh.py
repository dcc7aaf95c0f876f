"""Emulated meshes (issue 35): what a chip costs in memory, and how long collectives take.

- **Memory per chip**: a fresh process runs a small operation once on a device of its own (what
  any first call costs: ttnn imported, kernels built and loaded), then opens a mesh of N chips
  (wormhole_b0) and reports the growth of its resident set (VmRSS) and address space (VmSize)
  per chip, after opening and after the operation ran on every chip (tile_add_unified: 2x2
  cores, 128x128 bf16 tensors).
- **All-gather**: a 1xN ring all-gather of one 1 MiB bf16 shard (512 x 1024) per chip, (a) in
  TT-Lang over the emulated fabric (examples/mesh_all_gather.py: every tile crosses the fabric
  from a generated kernel) and (b) ``ttnn.all_gather`` as ttlang-sim computes it (ttnn's golden
  function on the host); first call (compiles) and the median of ``--calls`` more; N = 2, 4, 8.
  Each TT-Lang figure includes putting the shards on the mesh; reading the results back is
  not timed.
- **Over MPI** (``--mpi``): the TT-Lang all-gather on a 1xN ring spread over two ranks
  (``mpirun -n 2``, ``ttlang.emu.mesh_mpi``; each rank holds N/2 chips) against the same in one
  process, N = 4, 8: the median call (all ranks start it together; rank 0's time) and the MPI
  messages the ranks exchanged per call.

Run: .venv/bin/python bench/emulator_mesh.py [--calls 3] [--mpi] (PYTHONPATH=.venv/torch-site for
(b); as root, --mpi runs mpirun with OMPI_ALLOW_RUN_AS_ROOT set)
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]

MEMORY = r"""
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[3])
import ttlang.emu as emu
from tile_add_unified import tile_add

def status():
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    return int(fields["VmRSS"].split()[0]), int(fields["VmSize"].split()[0])

count, cache = int(sys.argv[1]), sys.argv[2]
# Everything a first call costs once per process (ttnn imported for its descriptors, the
# kernels built and loaded, the host threads started) is paid on a device of its own first.
warm = emu.open_device(cache_dir=cache)
one = np.ones((128, 128), np.float32)
tile_add(warm.tensor(one), warm.tensor(one), warm.empty((128, 128)))
del warm
import gc; gc.collect()
rss0, vm0 = status()
mesh = emu.open_mesh_device((1, count), cache_dir=cache)
rss1, vm1 = status()
a = np.ones((count * 128, 128), np.float32)
out = mesh.empty((128, 128))
tile_add(mesh.shard(a, 0), mesh.shard(a, 0), out)
rss2, vm2 = status()
print(json.dumps({"open_rss_kib": (rss1 - rss0) / count, "open_vm_kib": (vm1 - vm0) / count,
                  "run_rss_kib": (rss2 - rss0) / count}))
"""

GATHER = r"""
import json, statistics, sys, time
import ml_dtypes, numpy as np
sys.path.insert(0, sys.argv[4])
import ttlang.emu as emu
import mesh_all_gather as example

count, calls, cache = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
mesh = emu.open_mesh_device((1, count), cache_dir=cache, fabric="FABRIC_1D_RING")
shards = np.random.default_rng(0).standard_normal((count, 512, 1024)).astype(ml_dtypes.bfloat16)
operation = example.make_all_gather(True)
times = []
for _ in range(calls + 1):
    start = time.perf_counter()
    out = example.gather(mesh, shards, True, operation)
    times.append(time.perf_counter() - start)
assert np.array_equal(out.shard((0, count - 1)).to_numpy(), shards.reshape(count * 512, 1024))
host = None
try:
    import torch  # noqa: F401
    from ttlang.sim import mesh as sim_mesh
    from ttlang.sim import device as sim_device
    from ttlang.sim.ttnn_types import DataType, Layout
    sim_device.configure(cache_dir=cache, num_devices=count)
    sim = sim_mesh.open_mesh_device(sim_mesh.MeshShape(1, count))
    tensor = sim.place_tensor(shards.reshape(count * 512, 1024), DataType.BFLOAT16, Layout.TILE, None,
                              sim_mesh.ShardTensorToMesh(sim, 0))
    host_times = []
    for _ in range(calls + 1):
        start = time.perf_counter()
        sim_mesh.all_gather(tensor, dim=0)
        host_times.append(time.perf_counter() - start)
    host = {"first": host_times[0], "median": statistics.median(host_times[1:])}
except ImportError:
    pass
print(json.dumps({"first": times[0], "median": statistics.median(times[1:]), "host": host}))
"""

MPI_GATHER = r"""
import json, statistics, sys, time
import ml_dtypes, numpy as np
sys.path.insert(0, sys.argv[4])
import ttlang.emu as emu
from ttlang.emu import mesh_mpi
import mesh_all_gather as example

count, calls, cache = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
mesh = mesh_mpi.open_mesh_device((1, count), cache_dir=cache, fabric="FABRIC_1D_RING")
shards = np.random.default_rng(0).standard_normal((count, 512, 1024)).astype(ml_dtypes.bfloat16)
operation = example.make_all_gather(True)
times, messages = [], []
for _ in range(calls + 1):
    mesh.comm.Barrier()
    start = time.perf_counter()
    out = example.gather(mesh, shards, True, operation)
    times.append(time.perf_counter() - start)
    messages.append(mesh._last_transport.sent)
last = mesh.devices[-1]
assert np.array_equal(out.shard(last.mesh_coordinate).to_numpy(), shards.reshape(count * 512, 1024))
if mesh.rank == 0:
    print(json.dumps({"first": times[0], "median": statistics.median(times[1:]), "sent": messages[-1]}))
"""


def run(source: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", source, *args], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_mpi(source: str, *args: str) -> dict:
    """``source`` as a script on two MPI ranks; rank 0's last line."""
    with tempfile.NamedTemporaryFile("w", suffix=".py") as script:
        script.write(source)
        script.flush()
        env = dict(os.environ)
        if os.geteuid() == 0:
            env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
        done = subprocess.run(["mpirun", "-n", "2", "--oversubscribe", sys.executable, script.name, *args],
                              capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--mpi", action="store_true", help="also time the all-gather over two MPI ranks")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        print("memory per chip (wormhole_b0, fresh process):")
        for count in (1, 8, 32):
            m = run(MEMORY, str(count), cache, str(ROOT / "examples"))
            print(f"  1x{count}: open {m['open_rss_kib']:.0f} KiB resident, {m['open_vm_kib'] / 1024:.1f} MiB "
                  f"address space; after a 2x2-core add on every chip {m['run_rss_kib']:.0f} KiB resident")
        print("all-gather of one 1 MiB bf16 shard per chip, 1xN ring:")
        for count in (2, 4, 8):
            g = run(GATHER, str(count), str(options.calls), cache, str(ROOT / "examples"))
            host = g["host"]
            host_text = (f"; ttnn.all_gather on the host (golden): first {host['first'] * 1e3:.0f} ms, "
                         f"then {host['median'] * 1e3:.0f} ms") if host else ""
            print(f"  1x{count}: TT-Lang over the fabric: first call {g['first']:.2f} s, then "
                  f"{g['median']:.3f} s{host_text}")
        if options.mpi:
            print("the same all-gather over two MPI ranks (mpirun -n 2):")
            for count in (4, 8):
                m = run_mpi(MPI_GATHER, str(count), str(options.calls), cache, str(ROOT / "examples"))
                print(f"  1x{count}: first call {m['first']:.2f} s, then {m['median']:.3f} s; rank 0 sent "
                      f"{m['sent']} packets a call")


if __name__ == "__main__":
    main()
