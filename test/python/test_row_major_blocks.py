"""Element-shaped blocks of row-major tensors (docs/language.md, "Row-major tensors"): the IR the
frontend builds (``!ttl.dfb<RxCxT, n, row_major>``, ``ttl.load_rows`` / ``ttl.store_rows``), both
spellings of the block count, the real-header check of the kernels, and the forms ttlang rejects,
each a ``ttl.FrontendError`` at the user's line."""

from __future__ import annotations

import pathlib

import pytest
import row_block_programs as programs
from error_markers import marker_line
from kernel_results import assert_pass_without_warnings

import ttlang as ttl
from ttlang.artifact import ArgKind
from ttlang.backend import check_records
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

SOURCE = pathlib.Path(programs.__file__)
IMAGES = ttl.TensorSpec((1, 2, 2, 32), dtype="float32", layout="row_major")
UPSAMPLED = ttl.TensorSpec((1, 4, 4, 32), dtype="float32", layout="row_major")
ROWS = ttl.TensorSpec((8, 32), layout="row_major")
TILED = ttl.TensorSpec((32, 32))


@pytest.mark.parametrize("keyword", ["block_count", "buffer_factor"])
def test_a_dfb_like_a_row_major_tensor_holds_element_shaped_blocks(keyword):
    op = programs.make_pixel_upsample((2, 2), keyword)
    ir = op.build_ir(IMAGES, UPSAMPLED)
    # shape=(C,): one row of 32 f32 elements per block, two blocks (either spelling).
    assert "!ttl.dfb<1x32xf32, 2, row_major>" in ir
    # x[n, h, w, :] is row (n * 2 + h) * 2 + w of the tensor's pages.
    assert "ttl.load_rows %arg0[" in ir and "ttl.store_rows " in ir


def test_several_rows_are_one_run_of_pages():
    ir = programs.image_rows.build_ir(IMAGES, IMAGES)
    # shape=(W, C) = (2, 32): x[n, h, :, :] is 2 rows.
    assert "!ttl.block<2x32xf32, row_major>" in ir
    compiled = programs.image_rows.compile(IMAGES, IMAGES)
    source = "\n".join(d.source for d in compiled.descriptors)
    assert source.count("noc_async_read_page(") == 1  # in a loop over the block's 2 rows
    assert "noc_async_write_page(" in source


def test_the_dfb_pages_and_accessor_pages():
    artifact = programs.image_rows.compile(IMAGES, IMAGES).artifact
    (dfb,) = artifact.dataflow_buffers
    # 32 f32 = 128 B per row, a multiple of 64 B: 2 rows x 2 blocks; the record says the
    # blocks are element-shaped (the op model rebuilds the !ttl.dfb type from it), and the
    # records pass their verifiers again when the runtime checks them.
    assert dfb.page_size == 128 and dfb.total_size == 2 * 2 * 128
    assert dfb.layout == "row_major" and dfb.block_shape == (2, 32)
    check_records(artifact)
    for target, dram_page in (("wormhole_b0", 96), ("blackhole", 128)):
        artifact = programs.one_d_rows.compile(
            ttl.TensorSpec((20,), dtype="float32", layout="row_major"),
            ttl.TensorSpec((20,), dtype="float32", layout="row_major", buffer_type="l1"),
            target=target,
        ).artifact
        (dfb,) = artifact.dataflow_buffers
        assert dfb.page_size == 128  # 80 B rounded up to 64 B, on every target
        words = {arg.ref: arg.words for kernel in artifact.kernels
                 for arg in kernel.abi.compile_time_args if arg.kind is ArgKind.TENSOR_ACCESSOR}
        # The accessors' aligned pages: 80 B in DRAM (Wormhole 32 B: 96, Blackhole 64 B: 128),
        # in L1 (16 B): 80.
        assert words["0"][1] == dram_page and words["1"][1] == 80


@pytest.mark.parametrize("program, specs", [
    (programs.make_pixel_upsample((2, 2)), (IMAGES, UPSAMPLED)),
    (programs.make_row_runs(2), (ROWS, ROWS)),
    (programs.image_rows, (IMAGES, IMAGES)),
], ids=["pixel_upsample", "row_runs", "image_rows"])
@pytest.mark.parametrize("target", ["wormhole_b0", "blackhole"])
def test_kernels_pass_the_real_header_check(toolchain, program, specs, target):
    compiled = program.compile(*specs, target=target)
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


@pytest.mark.parametrize("case, specs, message", [
    ("partial_row", (ROWS, ROWS), r"moves whole rows \(its pages\): take the last dimension whole"),
    ("not_one_run", (ttl.TensorSpec((4, 3, 32), layout="row_major"),) * 2,
     "not one run of pages: dimension 1 must be taken whole"),
    ("math_on_rows", (ROWS, ROWS), "must be block of 32x32 tiles"),
    ("tiles_into_rows", (ROWS, TILED), "an element-shaped block of a row-major tensor's DFB"),
    ("rows_into_tiles", (ROWS, TILED), "a block of tiles: make the DFB like 'x'"),
    ("too_few_rows", (ROWS, ROWS), "the slice has 1 rows of 'x' but the block"),
    ("narrower_rows", (ROWS, ttl.TensorSpec((8, 16), layout="row_major")),
     "block rows of 16 elements are not the tensor's rows of 32"),
    ("tile_counts", (ROWS, ROWS), r"whole rows of 'x' \(32 elements\), counted in elements"),
    ("both_spellings", (ROWS, ROWS), "block_count= and buffer_factor= are one argument"),
    ("no_shape", (ROWS, ROWS), r"needs shape=: its blocks are element-shaped, e.g. shape=\(32,\)"),
])
def test_unsupported_forms_are_errors_at_the_users_line(case, specs, message):
    with pytest.raises(ttl.FrontendError, match=message) as info:
        getattr(programs, case).compile(*specs)
    assert pathlib.Path(info.value.file) == SOURCE
    assert info.value.line == marker_line(SOURCE, case)


def test_a_sharded_row_major_tensor_says_what_to_pass_instead():
    shards = ttl.ShardSpec((((0, 0), (1, 0)),), (32, 64))
    sharded = ttl.TensorSpec((64, 64), buffer_type="l1", memory_layout="height_sharded",
                             shard=shards, layout="row_major")
    with pytest.raises(ttl.FrontendError, match="must be tiled") as info:
        programs.sharded_rows.compile(sharded, TILED)
    assert "ttnn.TILE_LAYOUT" in info.value.message and "interleaved" in info.value.message
    assert info.value.line == marker_line(SOURCE, "sharded_rows")  # the operation's def
