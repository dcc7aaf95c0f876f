"""f-strings in an operation body (tt-lang 1.1's print and assert messages) at compile time:
an f-string of compile-time values and plain runtime integers becomes a device print of its
pieces, and the kernels pass the real-header check. The errors (an f-string of what no print
shows) are test_frontend_errors.py's; the emulated run is emu/test_early_return_emulated.py."""

from __future__ import annotations

import pathlib

from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

HERE = pathlib.Path(__file__).resolve().parent


def programs():
    return load_module(HERE / "emu" / "guard_programs.py", "compile_guard_programs")


def test_fstring_prints_pass_the_real_header_check(toolchain):
    spec = ttl.TensorSpec((64, 64))
    artifact = programs().double_first_columns.compile(spec, spec).artifact
    writers = [k for k in artifact.kernels if "DPRINT" in k.source]
    assert writers, "the f-string prints reach the writer kernels"
    # The literal pieces of f"core {col}: row={r} {{done}}" and f"core {col}: no column".
    assert any("row=" in k.source and "done" in k.source for k in writers)
    assert any("no column" in k.source for k in writers)
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact), toolchain))
