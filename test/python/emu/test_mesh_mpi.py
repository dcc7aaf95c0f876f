"""A mesh spread over processes with MPI (issue 35 item 7): a 1x4 ring mesh run as two ranks of
two chips each (``mpirun -n 2``, fabric packets between the ranks as MPI messages) leaves the
same bits on every chip as one process, and raises the same errors on every rank, for the
all-gather, the all-reduce, semaphores across chips with flow control, a deadlock across ranks
and a kernel fault on one rank's chip (mesh_programs.py). Emulated results, not hardware ones."""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import ttlang.emu as emu
from mesh_programs import SHAPE, ring_inputs, run_programs, shards, write_headers
from doc_snippets import python_snippets
from numerics import assert_bits_equal
from program_files import load_module

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLES = HERE.parents[2] / "examples"
MPIRUN = shutil.which("mpirun")
needs_mpi = pytest.mark.skipif(
    MPIRUN is None or importlib.util.find_spec("mpi4py") is None,
    reason="needs Open MPI (Debian's openmpi-bin, scripts/ensure-test-tools.sh) and mpi4py (requirements.txt)",
)


def test_ranks_hold_contiguous_blocks_of_chips():
    from ttlang.emu.mesh_mpi import RankLayout  # noqa: PLC0415 - imports no MPI

    layout = RankLayout(8, 3)
    assert [list(layout.chips_of(r)) for r in range(3)] == [[0, 1, 2], [3, 4, 5], [6, 7]]
    assert [layout.owner(c) for c in range(8)] == [0, 0, 0, 1, 1, 1, 2, 2]
    with pytest.raises(ValueError, match="each rank needs a chip"):
        RankLayout(2, 3)


def mpirun(ranks: int, script: pathlib.Path, *args: str,
           output: pathlib.Path | None = None) -> subprocess.CompletedProcess:
    """``script`` on ``ranks`` MPI ranks; with ``output``, each rank's output goes to files
    under it instead."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([*sys.path, str(EXAMPLES)]))
    if os.geteuid() == 0:  # Open MPI refuses root unless told (this subprocess only)
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    files = ["--output-filename", str(output)] if output else []
    return subprocess.run(
        [MPIRUN, "-n", str(ranks), "--oversubscribe", *files, sys.executable, str(script), *args],
        env=env, capture_output=True, text=True, timeout=600,
    )


@needs_mpi
def test_a_mesh_over_two_ranks_gets_the_bits_of_one_process(emu_cache, tmp_path):
    write_headers(tmp_path)
    mesh = emu.open_mesh_device(SHAPE, fabric="FABRIC_1D_RING", cache_dir=emu_cache)
    want, want_errors = run_programs(mesh, tmp_path)
    # One process against numpy: every chip holds the four shards; the all-reduce's sum in chip
    # order, each add of two bfloat16 tiles rounded to bfloat16.
    inputs = shards()
    assert_bits_equal(want["all_gather"], np.tile(np.concatenate(inputs), (4, 1)))
    total = np.zeros(inputs.shape[1:], ml_dtypes.bfloat16)
    for shard in inputs:
        total = (total.astype(np.float32) + shard.astype(np.float32)).astype(ml_dtypes.bfloat16)
    assert_bits_equal(want["all_reduce"], np.tile(total, (4, 1)))
    ring = load_module(EXAMPLES / "mesh_reduce_scatter.py", "mpi_mesh_reduce_scatter")
    assert_bits_equal(want["ring_all_reduce"], np.tile(ring.ring_sum(ring_inputs()), (4, 1)))
    assert want_errors["deadlock"]["devices"] == [0, 1, 2, 3]
    assert want_errors["fault"]["type"] == "KernelFault" and want_errors["fault"]["devices"] == [3]
    assert want_errors["landing"] == {"type": "KernelFault", "outside": True}

    done = mpirun(2, HERE / "mpi_mesh_programs.py", str(tmp_path), str(emu_cache))
    assert done.returncode == 0, done.stdout + done.stderr
    got = np.load(tmp_path / "results.npz")
    assert sorted(got.files) == sorted(want)
    for name, values in want.items():
        assert_bits_equal(got[name].view(values.dtype), values)  # npz keeps bfloat16 as raw 2 bytes
    ranks = json.loads((tmp_path / "errors.json").read_text())
    assert [r["held"] for r in ranks] == [[0, 1], [2, 3]]
    for rank in ranks:  # every rank raises what one process raises
        assert rank["errors"] == want_errors


@needs_mpi
def test_the_docs_mpi_example_runs(emu_cache, tmp_path):
    (snippet,) = [s for s in python_snippets("docs/emulator.md") if "mesh_mpi.open_mesh_device" in s]
    script = tmp_path / "all_gather_mpi.py"
    script.write_text(snippet.replace('fabric="FABRIC_1D_RING")', f'fabric="FABRIC_1D_RING", cache_dir={str(emu_cache)!r})'))
    done = mpirun(2, script, output=tmp_path / "ranks")
    assert done.returncode == 0, done.stdout + done.stderr
    # Each rank's standard output in a file of its own (mpirun interleaves their characters).
    outputs = [path.read_text() for path in sorted((tmp_path / "ranks").glob("*/rank.*/stdout"))]
    assert [re.findall(r"^\d \[.*$", text, re.M) for text in outputs] == [
        ["0 [0, 1] (1024, 64)"], ["1 [2, 3] (1024, 64)"]], outputs


TIMEOUT = """
import sys
import ml_dtypes, numpy as np
from mesh_all_gather import gather
from ttlang.emu import EmulatorError, mesh_mpi

mesh = mesh_mpi.open_mesh_device((1, 4), fabric="FABRIC_1D_RING", cache_dir=sys.argv[1], idle_timeout=2)
if mesh.rank == 0:  # rank 1 never joins the run
    try:
        gather(mesh, np.ones((4, 64, 64), ml_dtypes.bfloat16), True)
    except EmulatorError as error:
        print("rank 0 gave up:", error)
"""


@needs_mpi
def test_a_rank_that_never_joins_a_run_is_reported_not_waited_for(emu_cache, tmp_path):
    script = tmp_path / "timeout.py"
    script.write_text(TIMEOUT)
    done = mpirun(2, script, str(emu_cache))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "rank 0 gave up: rank 0 waited 2 s idle without a verdict from the other ranks" in done.stdout
