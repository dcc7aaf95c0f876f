"""Every operation of examples/external_functions.py compiles to kernels that pass the
real-header check with the example header (examples/external/ttlang_examples.hpp), and the
descriptors record the include paths the kernel build needs."""

from __future__ import annotations

import pathlib

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.backend import PROJECT_INCLUDE_DIR
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "external_functions.py"
SMALL = ttl.TensorSpec((64, 64))


EXAMPLES = load_module(EXAMPLE, "example_external_functions")


def _compile(name: str) -> ttl.CompiledOperation:
    op, count = EXAMPLES.OPERATIONS[name]
    return op.compile(*[SMALL] * count)


@pytest.mark.parametrize("name", sorted(EXAMPLES.OPERATIONS))
def test_external_call_kernels_pass_the_real_header_check(toolchain, name):
    artifact = _compile(name).artifact
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact), toolchain))


@pytest.mark.parametrize("name", sorted(EXAMPLES.OPERATIONS))
def test_kernels_with_external_calls_record_include_paths(name):
    for kernel in _compile(name).descriptors:
        calls = '#include "ttlang_examples.hpp"' in kernel.source
        assert (EXAMPLES.PROJECT_INCLUDE_DIR in kernel.include_paths) == calls
        descriptors = "ttlang::DFBDescriptor<" in kernel.source
        assert (PROJECT_INCLUDE_DIR in kernel.include_paths) == descriptors


def test_the_header_is_included_before_the_call():
    (kernel,) = _compile("compute_external").descriptors
    assert kernel.source.index('#include "ttlang_examples.hpp"') < kernel.source.index(
        "compute_entry("
    )
