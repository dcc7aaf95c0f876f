"""grid="auto" (tt-lang 1.1's spelling) and grid="full": the whole worker grid of the target an
operation is compiled for (the target capacity table: wormhole_b0 8x8, blackhole 13x10), with
ttl.grid_size returning it at compile time; every kernel passes the real-header check.
(Numbers: test/python/emu/test_auto_grid_emulated.py.)"""

from __future__ import annotations

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

SOURCE = """import ttlang as ttl


@ttl.operation(grid={grid!r})
def add(a, b, out):
    cols, rows = ttl.grid_size(dims=2)
    assert ttl.grid_size(dims=1) == cols * rows
    tile_rows = a.shape[0] // 32 // rows
    tile_cols = a.shape[1] // 32 // cols
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    col, row = ttl.node(dims=2)
    for r in range(tile_rows):
        for c in range(tile_cols):
            with a_dfb.reserve() as x, b_dfb.reserve() as y:
                tx = ttl.copy(a[row * tile_rows + r, col * tile_cols + c], x)
                ty = ttl.copy(b[row * tile_rows + r, col * tile_cols + c], y)
                tx.wait()
                ty.wait()
            with a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as o:
                o.store(x + y)
            with o_dfb.wait() as o:
                ttl.copy(o, out[row * tile_rows + r, col * tile_cols + c]).wait()
"""

GRIDS = {"wormhole_b0": (8, 8), "blackhole": (13, 10)}


def load(tmp_path, grid):
    path = tmp_path / f"auto_{grid}.py"
    path.write_text(SOURCE.format(grid=grid))
    return load_module(path, f"auto_grid_{grid}").add


@pytest.mark.parametrize("grid", ["auto", "full"])
@pytest.mark.parametrize("target", sorted(GRIDS))
def test_auto_grid_is_the_targets_worker_grid(toolchain, tmp_path, grid, target):
    cols, rows = GRIDS[target]
    spec = ttl.TensorSpec((rows * 32, cols * 64))
    compiled = load(tmp_path, grid).compile(spec, spec, spec, target=target)
    assert compiled.grid == (cols, rows) and compiled.target == target
    assert f"ttl.grid = array<i64: {cols}, {rows}>" in compiled.ir
    for kernel in compiled.kernels:
        assert [(r.start, r.end) for r in kernel.core_ranges] == [((0, 0), (cols - 1, rows - 1))]
    covered = sorted(c for d in compiled.descriptors if d.role.value == "compute"
                     for r in d.core_ranges for c in r.coords())
    assert covered == sorted((x, y) for x in range(cols) for y in range(rows))
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_one_operation_compiles_per_target(tmp_path):
    op = load(tmp_path, "auto")
    spec = ttl.TensorSpec((40 * 32, 104 * 32))  # divisible by both grids
    assert op.compile(spec, spec, spec).grid == (8, 8)  # wormhole_b0 by default
    assert op.compile(spec, spec, spec, target="blackhole").grid == (13, 10)
    assert op.grid == "auto"
    assert op.grid_for("blackhole") == (13, 10)
    assert "ttl.grid = array<i64: 13, 10>" in op.build_ir(spec, spec, spec, target="blackhole")


def test_auto_grid_for_an_unknown_target_names_the_targets(tmp_path):
    spec = ttl.TensorSpec((256, 512))
    with pytest.raises(ttl.TTLangError, match="unknown target 'grayskull'; supported targets: wormhole_b0, blackhole"):
        load(tmp_path, "auto").compile(spec, spec, spec, target="grayskull")


@pytest.mark.parametrize("grid", ["max", "AUTO", (0, 1), [2, 2]])
def test_other_grid_values_are_errors(grid):
    with pytest.raises(ttl.FrontendError, match=r'grid= must be \(cols, rows\) of positive integers, "auto" or "full"'):
        @ttl.operation(grid=grid)
        def op(a):
            pass


def test_auto_and_fixed_grids_are_different_operations(tmp_path):
    assert load(tmp_path, "auto").operation_id != load(tmp_path, (8, 8)).operation_id
