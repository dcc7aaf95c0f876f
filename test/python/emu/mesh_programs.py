"""The programs test_mesh_mpi.py runs on a 1x4 ring mesh twice, in one process and spread over
two MPI ranks (mpi_mesh_programs.py), to compare what they leave on the mesh bit for bit: the
all-gather and both all-reduces of examples/, semaphores incremented across chips with flow control,
a deadlock, a kernel fault and a packet that cannot land (then the mesh is used again)."""

from __future__ import annotations

import pathlib
import sys
from typing import Any

import ml_dtypes
import numpy as np

import ttlang.emu as emu

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "examples"))
from fabric_kernels import RELAY, WAITING, relay_operation, waiting_operation  # noqa: E402
from mesh_all_gather import gather, make_all_gather  # noqa: E402
from mesh_all_reduce import all_reduce  # noqa: E402
from mesh_reduce_scatter import all_reduce as ring_all_reduce  # noqa: E402
from mesh_reduce_scatter import make_reduce_scatter  # noqa: E402

SHAPE = (1, 4)


def write_headers(folder: pathlib.Path) -> None:
    """The external C++ the programs include (written once, before either run)."""
    (folder / "relay.hpp").write_text(RELAY)
    (folder / "waiting.hpp").write_text(WAITING)


def shards() -> np.ndarray:
    chips = SHAPE[0] * SHAPE[1]
    return np.random.default_rng(35).uniform(-4, 4, (chips, 64, 96)).astype(np.float32).astype(ml_dtypes.bfloat16)


def ring_inputs() -> np.ndarray:
    """The reduce-scatter all-reduce's shards: one chunk of 32 x 64 per chip."""
    chips = SHAPE[0] * SHAPE[1]
    return np.random.default_rng(36).uniform(-4, 4, (chips, 32 * chips, 64)).astype(np.float32).astype(ml_dtypes.bfloat16)


def _next(coordinate: tuple[int, int]) -> tuple[int, int]:
    return (coordinate[0], (coordinate[1] + 1) % SHAPE[1])


def error_record(error: emu.EmulatorError) -> dict[str, Any]:
    """What a test compares of an error: its type, the devices it names, its message."""
    blocked = getattr(error, "blocked", ())
    devices = sorted(b.device for b in blocked) if blocked else [getattr(error, "device", None)]
    return {"type": type(error).__name__, "devices": devices, "message": str(error)}


def run_programs(mesh: emu.MeshDevice, folder: pathlib.Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Runs the programs on ``mesh`` (headers in ``folder``, :func:`write_headers`); returns
    every chip's tensors they left (``concat(0)``) and the errors the failing ones raised."""
    inputs = shards()
    gather_operation = make_all_gather(True)
    results = {
        "all_gather": gather(mesh, inputs, True, gather_operation).concat(0),
        "all_reduce": all_reduce(mesh, inputs, gather_operation).concat(0),
        "ring_all_reduce": ring_all_reduce(mesh, ring_inputs(), (make_reduce_scatter(), gather_operation)).concat(0),
    }
    relay_operation(folder / "relay.hpp", lambda device: 3, _next)(mesh.empty((32, 32)))
    errors: dict[str, Any] = {}
    try:  # every chip waits for an increment nobody sends
        waiting_operation(folder / "waiting.hpp", "none", 1, _next)(mesh.empty((32, 32)))
    except emu.DeadlockError as error:
        errors["deadlock"] = error_record(error)
    try:  # device 3 sends on a closed route, the others relay
        relay_operation(folder / "relay.hpp", lambda device: 1 if device == 3 else 3, _next)(mesh.empty((32, 32)))
    except emu.KernelFault as error:
        errors["fault"] = error_record(error)
    try:  # float32 pages sent into a bfloat16 output: a packet lands outside every buffer
        gather(mesh, inputs.astype(np.float32), True, gather_operation)
    except emu.KernelFault as error:  # which packet fails first depends on the schedule
        errors["landing"] = {"type": type(error).__name__, "outside": "outside every allocated buffer" in str(error)}
    results["after_errors"] = gather(mesh, inputs[::-1].copy(), True, gather_operation).concat(0)
    return results, errors
