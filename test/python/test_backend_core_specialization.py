"""Core specialization from Python: a branch on the core column splits each logical kernel
into descriptors for disjoint core ranges that keep the logical kernel's identity."""

from __future__ import annotations

import pytest

import ttlang as ttl
from backend_programs import first_column_reads
from ttlang.artifact import CoreRange, ProcessorRole
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

SPEC = ttl.TensorSpec((32, 96))


@pytest.fixture(scope="module")
def compiled():
    return first_column_reads.compile(SPEC, SPEC)


def test_each_logical_kernel_gets_one_descriptor_per_core_subset(compiled):
    for logical in compiled.artifact.logical_kernels():
        descriptors = compiled.descriptors_of(logical)
        assert [d.core_ranges for d in descriptors] == [
            (CoreRange((0, 0), (0, 0)),),
            (CoreRange((1, 0), (2, 0)),),
        ]
        assert len({d.role for d in descriptors}) == 1
    roles = {d.logical_kernel.name: d.role for d in compiled.descriptors}
    assert roles == {"data_movement": ProcessorRole.DATA_MOVEMENT_0, "writer": ProcessorRole.DATA_MOVEMENT_1}


def test_the_coordinate_folds_where_it_is_constant(compiled):
    reader = [d for d in compiled.descriptors if d.logical_kernel.name == "data_movement"]
    first, rest = reader
    # Column 0: both copies, the coordinate is the constant (0, 0).
    assert first.source.count("noc_async_read_page(") == 2
    assert "get_absolute_logical" not in first.source
    # Columns 1..2: one copy; the row is 0 on every core, the column is read from the firmware.
    assert rest.source.count("noc_async_read_page(") == 1
    assert "get_absolute_logical_x()" in rest.source
    assert "get_absolute_logical_y()" not in rest.source


def test_specialized_kernels_pass_the_real_header_check(compiled, toolchain):
    results = run_jobs(artifact_jobs(compiled.artifact), toolchain)
    assert len(results) == 8  # 4 descriptors x (BRISC, NCRISC)
    assert all(r.ok for r in results), "\n".join(r.summary() for r in results if not r.ok)
