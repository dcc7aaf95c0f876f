"""N-D dataflow-buffer shapes (``shape=(2, 2, 1)``) and tensors of rank > 2 as operation
arguments: the IR's 2-D blocks and tile grid they become, the real-header check of their kernels,
and the forms ttlang does not support, errors at the user's line (docs/language.md)."""

from __future__ import annotations

import pathlib

import nd_block_programs as programs
import pytest
from error_markers import marker_line
from kernel_results import assert_pass_without_warnings

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

SOURCE = pathlib.Path(programs.__file__)
T3 = ttl.TensorSpec((4, 64, 96))
T4 = ttl.TensorSpec((2, 3, 32, 64))


def test_an_nd_block_is_the_batch_stacked_along_the_rows():
    ir = programs.batched_relu.build_ir(T3, T3)
    # shape=(2, 2, 3): two matrices of 2 x 3 tiles, one 4 x 3-tile IR block.
    assert "!ttl.dfb<4x3xbf16, 2>" in ir
    assert "tensor<4x64x96xbf16" in ir


def test_some_rows_of_several_matrices_copy_with_matrix_rows():
    # a[b:b + 2, r, c] of 4 x 64 x 96 (2 tile rows per matrix): 1 row of each of 2 matrices.
    ir = programs.rows_of_two_matrices.build_ir(T3, T3)
    assert ir.count("{matrix_rows = 1 : i64}") == 2  # the load and the store
    # Run-time row bounds: the (2, 1, 1) block's 1 row per matrix.
    ir = programs.runtime_rows_of_two_matrices.build_ir(T3, T3)
    assert ir.count("{matrix_rows = 1 : i64}") == 2


def test_a_rank_4_tile_index_is_its_row_in_the_stacked_grid():
    ir = programs.per_matrix_tiles.build_ir(T4, T4)
    assert "ttl.load_tiles %arg0[" in ir and "tensor<2x3x32x64xbf16" in ir


@pytest.mark.parametrize("program, specs", [
    (programs.batched_relu, (T3, T3)),
    (programs.per_matrix_tiles, (T4, T4)),
    (programs.rows_of_two_matrices, (T3, T3)),
    (programs.runtime_rows_of_two_matrices, (T3, T3)),
], ids=["nd_blocks", "rank_4_tiles", "rows_of_matrices", "runtime_rows_of_matrices"])
def test_kernels_pass_the_real_header_check(toolchain, program, specs):
    compiled = program.compile(*specs)
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


@pytest.mark.parametrize("case, specs, message", [
    ("partial_batch_of_two", (T4, T4), "dimension 1 must be taken whole"),
    ("runtime_rows_into_a_2d_block", (T3, T3), "copy it with an N-D block"),
    ("batched_matmul", (ttl.TensorSpec((2, 32, 32)),) * 2, "a block matmul takes 2-D blocks"),
    ("wrong_index_count", (T3, T3), "a tensor of rank 3 is indexed by 3 coordinates"),
])
def test_unsupported_forms_are_errors_at_the_users_line(case, specs, message):
    with pytest.raises(ttl.FrontendError, match=message) as info:
        getattr(programs, case).compile(*specs)
    assert pathlib.Path(info.value.file) == SOURCE
    assert info.value.line == marker_line(SOURCE, case)


def test_a_one_dimensional_shape_is_an_error():
    @ttl.operation(grid=(1, 1))
    def flat(a):
        ttl.make_dataflow_buffer_like(a, shape=(4,), block_count=2)

    with pytest.raises(ttl.FrontendError, match=r"\(batch\.\.\., rows, cols\) for an N-D block") as err:
        flat.compile(T3)
    assert "element-shaped block, which a DFB made like a row-major tensor has" in err.value.message
