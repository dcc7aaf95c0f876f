"""Every kernel the lit tests generate from .mlir (test/lit/emitc, the files printing C++)
passes the real-header check, like the kernels of the examples."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest
from kernel_results import assert_pass_without_warnings

import ttlang
from ttlang import backend
from ttlang.artifact import CompiledArtifact
from ttlang.testing.kernel_check import (
    artifact_jobs,
    run_jobs,
)

LIT = pathlib.Path(__file__).resolve().parents[1] / "lit" / "emitc"
CPP_TESTS = sorted(
    p.name for p in LIT.glob("*.mlir") if "--ttl-print-kernel-cpp" in p.read_text()
)


def test_lit_tests_printing_cpp_are_found():
    assert {"multicore_add.mlir", "tile_math_sfpu.mlir", "specialize_cores_cpp.mlir"} <= set(CPP_TESTS)


@pytest.mark.parametrize("name", CPP_TESTS)
def test_lit_kernels_pass_the_real_header_check(toolchain, name):
    module = ttlang.parse_module((LIT / name).read_text())
    output = backend.lower_module(module)
    artifact = CompiledArtifact(
        operation_name=name.removesuffix(".mlir"),
        operation_id=name,
        grid=(1, 1),
        target="wormhole_b0",
        tensors=(),
        dataflow_buffers=output.dataflow_buffers,
        # Include paths of external calls in lit inputs are relative to the test directory.
        kernels=tuple(
            dataclasses.replace(k, include_paths=tuple(str(LIT / p) for p in k.include_paths))
            for k in output.kernels
        ),
    )
    results = run_jobs(artifact_jobs(artifact), toolchain)
    assert results
    assert_pass_without_warnings(results)
