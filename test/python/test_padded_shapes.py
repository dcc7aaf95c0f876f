"""Tensors whose logical shape is not whole tiles (docs/language.md, "Shapes that are not whole
tiles"): the IR keeps the logical shape, copies and open slices follow the padded tile grid,
and the kernels pass the real-header check. Numbers: test/python/emu/
test_matmul_accumulation_emulated.py::test_shapes_that_are_not_whole_tiles."""

from __future__ import annotations

import pathlib

from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

PROGRAMS = pathlib.Path(__file__).resolve().parent / "emu" / "accumulation_programs.py"
T = ttl.TensorSpec
SPECS = (T((50, 70)), T((70, 40)), T((50, 40)), T((50, 40)))


def test_padded_shapes_compile_on_the_padded_tile_grid(toolchain):
    op = load_module(PROGRAMS, "padded_accumulation_programs").padded_linear
    ir = op.build_ir(*SPECS)
    assert "tensor<50x70xbf16" in ir and "!ttl.dfb<2x3xbf16, 1>" in ir
    compiled = op.compile(*SPECS)
    sources = "\n".join(k.source for k in compiled.artifact.kernels)
    # 70 columns are 3 tiles per row of pages; 40 are 2.
    assert "noc_async_read_page(" in sources and "noc_async_write_page(" in sources
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_open_slices_end_at_the_padded_tile_count(tmp_path):
    path = tmp_path / "slices.py"
    path.write_text(
        "import ttlang as ttl\n\n\n"
        "@ttl.operation(grid=(1, 1))\n"
        "def op(a, out):\n"
        "    d = ttl.make_dataflow_buffer_like(a, shape=(2, 2), block_count=2)\n"
        "    with d.reserve() as x:\n"
        "        ttl.copy(a[:, 0:2], x).wait()\n"
        "    with d.wait() as x:\n"
        "        ttl.copy(x, out[0:2, :]).wait()\n"
    )
    op = load_module(path).op
    # 33 x 40 elements are 2 x 2 tiles: the open slices have the block's extent.
    op.compile(T((33, 40)), T((33, 40)))
    try:
        op.compile(T((32, 40)), T((32, 40)))
    except ttl.FrontendError as err:
        assert "the tile slice has 1 rows but the block has 2" in err.message and err.line == 8
    else:
        raise AssertionError("a 1-tile-row slice into a 2-row block must be an error")
