"""Programs on a 1x4 ring mesh spread over MPI ranks: run by test_mesh_mpi.py under
``mpirun -n 2`` (each rank holds two chips), never collected by pytest itself.

``python mpi_mesh_programs.py OUT CACHE``: every rank runs the same script; rank 0 writes what
each program left on the mesh (``OUT/results.npz``, every chip's tensor, gathered) and what each
failing program raised on every rank (``OUT/errors.json``). The test compares them with one
process and numpy.
"""

from __future__ import annotations

import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "examples")]

import numpy as np  # noqa: E402
from mpi4py import MPI  # noqa: E402

from mesh_programs import SHAPE, run_programs  # noqa: E402
from ttlang.emu import mesh_mpi  # noqa: E402


def main() -> None:
    out, cache = pathlib.Path(sys.argv[1]), sys.argv[2]
    comm = MPI.COMM_WORLD
    mesh = mesh_mpi.open_mesh_device(SHAPE, fabric="FABRIC_1D_RING", cache_dir=cache, idle_timeout=60)
    held = [d.device_id for d in mesh.devices]
    results, errors = run_programs(mesh, out)
    every = comm.gather({"rank": comm.Get_rank(), "held": held, "errors": errors}, root=0)
    if comm.Get_rank() == 0:
        np.savez(out / "results.npz", **results)
        (out / "errors.json").write_text(json.dumps(every))
    mesh.close()


if __name__ == "__main__":
    main()
