"""Sharded and row-major operation arguments at compile time: the sharded TensorAccessorArgs
words and bank-coordinate slot the compiler records, the generated kernels against the real
TT-Metal headers, ttnn shard specs read from ttnn tensors, and the errors at the user's line."""

from __future__ import annotations

import inspect
import pathlib

import pytest
from kernel_results import assert_pass_without_warnings

from sharded_programs import double_tiles, sharded_spec

import ttlang as ttl
from ttlang.artifact import ArgKind
from ttlang.runtime.layout import bank_coord_words
from ttlang.testing.kernel_check import artifact_jobs, run_jobs


CASES = {
    # 4 shards of 2x2 tiles stacked down the rows, on cores (1, 2) (2, 2) (1, 3) (2, 3).
    "height": (sharded_spec((256, 64), "height_sharded", (((1, 2), (2, 3)),), (64, 64)),
               [1, 2048, 2, 4, 8, 2, 2, 2], [(1, 2), (2, 2), (1, 3), (2, 3)]),
    # col_major: (1, 2) (1, 3) (2, 2) (2, 3); the last shard is partial (100 rows).
    "height_col_major": (sharded_spec((100, 64), "height_sharded", (((1, 2), (2, 3)),), (32, 64), "col_major"),
                         [1, 2048, 2, 4, 4, 2, 1, 2], [(1, 2), (1, 3), (2, 2), (2, 3)]),
    "width": (sharded_spec((64, 96), "width_sharded", (((0, 0), (2, 0)),), (64, 32)),
              [1, 2048, 2, 3, 2, 3, 2, 1], [(0, 0), (1, 0), (2, 0)]),
    # 2x3 shards on a 3x2 rectangle: shard (r, c) on core (x0 + c, y0 + r).
    "block": (sharded_spec((64, 96), "block_sharded", (((4, 5), (6, 6)),), (32, 32)),
              [1, 2048, 2, 6, 2, 3, 1, 1], [(4, 5), (5, 5), (6, 5), (4, 6), (5, 6), (6, 6)]),
    "block_col_major": (sharded_spec((64, 96), "block_sharded", (((0, 0), (1, 2)),), (32, 32), "col_major"),
                        [1, 2048, 2, 6, 2, 3, 1, 1], [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
}


def _arg(kernel, kind, ref):
    args = kernel.abi.compile_time_args if kind is ArgKind.TENSOR_ACCESSOR else kernel.abi.common_runtime_args
    return next(a for a in args if a.kind is kind and a.ref == ref)


@pytest.mark.parametrize("name", sorted(CASES))
def test_sharded_accessor_words_and_bank_cores(name):
    """The reader's TensorAccessorArgs of a sharded input: Sharded | RuntimeBankCoords (65), the
    page size, rank 2, one bank per shard, tensor and shard shapes in tiles; the bank slot holds
    each shard's core in ttnn's order, (x << 8) | y, two banks per runtime word."""
    spec, words, cores = CASES[name]
    rows, cols = spec.shape
    compiled = double_tiles.compile(spec, ttl.TensorSpec((rows, cols)))
    kernel = next(k for k in compiled.artifact.kernels
                  if any(a.kind is ArgKind.SHARD_BANK_COORDS for a in k.abi.common_runtime_args))
    accessor = _arg(kernel, ArgKind.TENSOR_ACCESSOR, "0")
    assert list(accessor.words) == [65, *words[1:]]
    banks = _arg(kernel, ArgKind.SHARD_BANK_COORDS, "0")
    assert [(w >> 8, w & 0xFF) for w in banks.words] == cores
    assert banks.count == (len(cores) + 1) // 2
    # The kernel reads the bank coordinates at the slot's common-runtime offset.
    offset = sum(a.count for a in kernel.abi.common_runtime_args[
        : kernel.abi.common_runtime_args.index(banks)])
    assert f"TensorAccessorArgs<{_ct_offset(kernel, accessor)}, {offset}>()" in kernel.source


def _ct_offset(kernel, accessor) -> int:
    args = kernel.abi.compile_time_args
    return sum(a.count for a in args[: args.index(accessor)])


def test_bank_coordinates_pack_two_noc_coordinates_a_word():
    """tensor_accessor.h's packing: bank 2k in the low half, 2k + 1 in the high half, each
    (noc_x << 8) | noc_y; worker (x, y) is NoC (x + 1, y + 1) on the emulated grid."""
    assert bank_coord_words(((1 << 8) | 2, (2 << 8) | 2, (1 << 8) | 3)) == (
        ((2 << 8) | 3) | (((3 << 8) | 3) << 16),
        (2 << 8) | 4,
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_sharded_kernels_pass_the_real_header_check(toolchain, name):
    """Input and output sharded: every generated kernel compiles against ttnn 0.81.1's headers
    with the compiler's sharded TensorAccessorArgs words."""
    spec = CASES[name][0]
    artifact = double_tiles.compile(spec, spec).artifact
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact, prefix=name), toolchain))


def test_ttnn_shard_specs_are_read_from_ttnn_tensors():
    """A ttnn tensor's memory_config().shard_spec (grid, shape, orientation) becomes the
    TensorSpec's shard spec."""
    ttnn = pytest.importorskip("ttnn")
    from ttlang.tensor_spec import tensor_spec_of

    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 1))])
    config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.BLOCK_SHARDED, ttnn.BufferType.L1,
        ttnn.ShardSpec(grid, [32, 64], ttnn.ShardOrientation.COL_MAJOR),
    )

    class Tensor:  # what tensor_spec_of reads of a ttnn device tensor
        shape, dtype, layout = (128, 128), ttnn.bfloat16, ttnn.TILE_LAYOUT

        def memory_config(self):
            return config

    assert tensor_spec_of(Tensor()) == ttl.TensorSpec(
        (128, 128), "bfloat16", "l1", "block_sharded", "tile",
        ttl.ShardSpec((((0, 0), (3, 1)),), (32, 64), "col_major"),
    )


def test_a_shard_spec_that_does_not_fit_is_a_frontend_error():
    bad = sharded_spec((256, 64), "height_sharded", (((0, 0), (1, 0)),), (64, 64))
    with pytest.raises(ttl.FrontendError) as err:
        double_tiles.compile(bad, ttl.TensorSpec((256, 64)))
    assert "the height_sharded tensor has 4 shards of 64x64 but its shard grid has 2 cores" in err.value.message
    # The argument's layout has no line of its own: the error is at the operation's def.
    source, first = inspect.getsourcelines(double_tiles.fn)
    assert err.value.file == inspect.getsourcefile(double_tiles.fn)
    assert err.value.line == first + next(i for i, text in enumerate(source) if "def double_tiles" in text)


@ttl.operation(grid=(1, 1))
def takes_an_argument(t, out):
    dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)


def test_a_sharded_row_major_tensor_is_a_frontend_error_at_the_operation():
    # tt-lang's sharded row-major tensors: ttlang's kernels address shards by tile pages.
    spec = sharded_spec((64, 64), "height_sharded", (((0, 0), (1, 0)),), (32, 64))
    row_major = ttl.TensorSpec(spec.shape, spec.dtype, "l1", "height_sharded", "row_major", spec.shard)
    with pytest.raises(ttl.FrontendError) as err:
        takes_an_argument.compile(row_major, ttl.TensorSpec((64, 64)))
    assert "a height_sharded tensor must be tiled" in err.value.message
    assert err.value.line == _line_of("def takes_an_argument(")


@ttl.operation(grid=(1, 1))
def row_major_dfb(t, out):
    dfb = ttl.make_dataflow_buffer_like(t, shape=(1, 1), block_count=2)


@ttl.operation(grid=(1, 1))
def row_major_copy(t, out):
    dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(t[0, 0], blk).wait()


ROW_MAJOR = ttl.TensorSpec((32, 64), layout="row_major")


def _line_of(text: str) -> int:
    """The line of this file that holds ``text`` (once)."""
    lines = pathlib.Path(__file__).read_text().splitlines()
    (line,) = [i + 1 for i, content in enumerate(lines) if text in content and "_line_of" not in content]
    return line


def test_tile_counts_for_a_row_major_tensor_are_a_frontend_error_at_its_line():
    # A DFB like a row-major tensor holds element-shaped blocks of whole rows (docs/language.md,
    # "Row-major tensors"): shape=(1, 1) is one element, not one tile.
    with pytest.raises(ttl.FrontendError) as err:
        row_major_dfb.compile(ROW_MAJOR, ttl.TensorSpec((32, 64)))
    assert err.value.line == _line_of("ttl.make_dataflow_buffer_like(t, ")
    assert "whole rows of 't' (64 elements)" in err.value.message
    assert "ttnn.to_layout(t, ttnn.TILE_LAYOUT)" in err.value.message


def test_a_tile_index_into_a_row_major_tensor_is_a_frontend_error_at_its_line():
    with pytest.raises(ttl.FrontendError) as err:
        row_major_copy.compile(ROW_MAJOR, ttl.TensorSpec((32, 64)))
    assert err.value.line == _line_of("ttl.copy(t[0, 0], blk)")
    assert "moves whole rows (its pages): take the last dimension whole" in err.value.message


def test_a_row_major_argument_the_body_does_not_copy_compiles():
    @ttl.operation(grid=(1, 1))
    def uses_shape(t, out):
        dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        for r in range(t.shape[0] // 32):
            with dfb.reserve() as blk:
                blk.store(ttl.block.fill(1.0, shape=(1, 1), dtype=blk.dtype))
            with dfb.wait() as blk:
                ttl.copy(blk, out[r, 0]).wait()

    compiled = uses_shape.compile(ttl.TensorSpec((64, 32), layout="row_major"), ttl.TensorSpec((64, 32)))
    assert compiled.tensors[0].shape == (64, 32)
