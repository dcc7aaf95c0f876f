"""fill, broadcast, reduce_sum / reduce_max and transpose compile through the whole path: the
frontend's IR, the compute-API calls of the lowering (docs/backend.md), the real-header check
of the generated kernels, and errors at the user's line for bad input."""

from __future__ import annotations

import re

import pytest
from kernel_results import assert_pass_without_warnings
from shape_programs import STORE_LINE, one_store_op

import ttlang as ttl
from ttlang.artifact import ProcessorRole
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

T = ttl.TensorSpec

def build(tmp_path, expr, in_shape=(1, 2), out_shape=(1, 2), dtype="bfloat16"):
    op = one_store_op(tmp_path, expr, in_shape, out_shape)
    specs = (T((32 * in_shape[0], 32 * in_shape[1]), dtype=dtype),
             T((32 * out_shape[0], 32 * out_shape[1]), dtype=dtype))
    return op, specs


def compute_source(compiled) -> str:
    return next(k.source for k in compiled.artifact.kernels if k.role is ProcessorRole.COMPUTE)


# (id, expression, input shape, output shape, IR op, compute-API calls in order)
CASES = [
    ("fill_math", "v * 0 + ttl.math.fill(o, 2.5)", (1, 2), (1, 2), "ttl.fill 2.5",
     ["copy_tile", "fill_tile_bitcast(1, 0x40200000u)", "add_binary_tile"]),
    ("fill_block", "v + ttl.block.fill(-1, shape=(1, 2), dtype='bfloat16')", (1, 2), (1, 2),
     "ttl.fill -1.0", ["copy_tile", "fill_tile_bitcast(1, 0xbf800000u)", "add_binary_tile"]),
    ("bcast_rows", "ttl.block.broadcast(v, dims=[0], shape=(2, 2))", (1, 2), (2, 2),
     "ttl.broadcast %", ["unary_bcast<BroadcastType::ROW>"]),
    ("bcast_cols", "ttl.block.broadcast(v, dims=[-1], shape=(2, 2))", (2, 1), (2, 2),
     "dims = [1]", ["unary_bcast<BroadcastType::COL>"]),
    ("bcast_scalar", "ttl.math.broadcast(v, o, dims=[0, 1])", (1, 1), (2, 2), "dims = [0, 1]",
     ["unary_bcast<BroadcastType::SCALAR>("]),
    ("bcast_fpu_sub", "v - ttl.block.broadcast(v, dims=[0], shape=(1, 2))", (1, 2), (1, 2),
     "dims = [0]", ["sub_bcast_rows_init", "sub_tiles_bcast_rows"]),
    ("bcast_fpu_mul", "v * ttl.math.broadcast(v, o, dims=[1])", (2, 1), (2, 1),
     "dims = [1]", ["mul_bcast_cols_init", "mul_tiles_bcast_cols"]),
    ("sum_rows", "ttl.math.reduce_sum(v, dims=[1])", (2, 2), (2, 1), "ttl.reduce_sum",
     ["fill_tile_bitcast(0, 0x3f800000u)",
      "reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>", "reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>",
      "reduce_uninit"]),
    ("max_cols", "ttl.math.reduce_max(v, dims=[0], shape=(1, 2))", (2, 2), (1, 2), "ttl.reduce_max",
     ["reduce_init<PoolType::MAX, ReduceDim::REDUCE_COL>", "reduce_tile<PoolType::MAX, ReduceDim::REDUCE_COL>",
      "reduce_uninit"]),
    ("sum_out_blk", "ttl.math.reduce_sum(v, v, o, dims=[0])", (1, 1), (1, 1), "ttl.reduce_sum %",
     ["reduce_init<PoolType::SUM, ReduceDim::REDUCE_COL>"]),
    ("sum_all", "ttl.math.reduce_sum(v, dims=[0, 1])", (2, 2), (1, 1), "dims = [0, 1]",
     ["reduce_tile<PoolType::SUM, ReduceDim::REDUCE_SCALAR>"]),
    ("transpose", "ttl.math.exp(ttl.block.transpose(v))", (1, 2), (2, 1), "ttl.transpose",
     ["transpose_init", "transpose_tile", "exp_tile"]),
    # Computed math stored into a compiler DFB first: exp, pack, then transpose_tile.
    ("transpose_of_math", "ttl.block.transpose(ttl.math.exp(v))", (1, 2), (2, 1), "ttl.transpose",
     ["exp_tile", "pack_tile", "transpose_tile"]),
]


@pytest.mark.parametrize("expr, in_shape, out_shape, ir, calls", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_construct_compiles_to_the_compute_api(tmp_path, expr, in_shape, out_shape, ir, calls):
    op, specs = build(tmp_path, expr, in_shape, out_shape)
    assert ir.split(" %")[0].replace(".0", "") in op.build_ir(*specs).replace(".000000e+00", "")
    source = compute_source(op.compile(*specs))
    positions = [source.find(call) for call in calls]
    assert -1 not in positions, [c for c, p in zip(calls, positions) if p < 0]
    assert positions == sorted(positions)


@pytest.mark.parametrize("expr, in_shape, out_shape", [c[1:4] for c in CASES], ids=[c[0] for c in CASES])
def test_construct_kernels_pass_the_real_header_check(toolchain, tmp_path, expr, in_shape, out_shape):
    op, specs = build(tmp_path, expr, in_shape, out_shape)
    assert_pass_without_warnings(run_jobs(artifact_jobs(op.compile(*specs).artifact), toolchain))


def test_reductions_share_one_compiler_scaler_dfb_per_element_type(tmp_path):
    op, specs = build(tmp_path, "ttl.math.reduce_max(v, dims=[1])", (2, 2), (2, 1))
    ir = op.compile(*specs).ir
    # The compiler's scaler: one 1x1-tile, one-block DFB filled with ones by the compute kernel.
    assert len(re.findall(r"ttl.create_dfb \{physical_index = \d+ : i32\} : !ttl.dfb<1x1xbf16, 1>", ir)) == 1
    assert "ttl.fill 1.000000e+00" in ir


def test_f32_reduction_gets_an_f32_scaler(tmp_path):
    op, specs = build(tmp_path, "ttl.math.reduce_sum(v, dims=[1])", (1, 2), (1, 1), "float32")
    assert "!ttl.dfb<1x1xf32, 1>" in op.compile(*specs).ir


@pytest.mark.parametrize(
    "expr, in_shape, out_shape, error, kind",
    [
        ("ttl.math.reduce_sum(v, dims=[2])", (1, 2), (1, 1), "dims= must list block dimensions", ttl.FrontendError),
        ("ttl.math.reduce_sum(v, dims=[1, -1])", (1, 2), (1, 1), "dims must be [0], [1] or [0, 1]", ttl.FrontendError),
        ("ttl.math.reduce_sum(v)", (1, 2), (1, 1), "needs dims=", ttl.FrontendError),
        ("ttl.math.reduce_max(v, dims=[1], shape=(1, 2))", (1, 2), (1, 2), "result must be 1x1 tiles along dims [1] of the 1x2-tile input, got 1x2", ttl.FrontendError),
        ("ttl.block.broadcast(v, dims=[0], shape=(2, 2))", (2, 2), (2, 2), "input must be 1x2 tiles along dims [0] of the 2x2-tile result, got 2x2", ttl.FrontendError),
        ("ttl.block.broadcast(v, dims=[1])", (1, 1), (1, 1), "needs shape=", ttl.FrontendError),
        ("v + ttl.block.fill(1.0, shape=(1, 2), dtype='int32')", (1, 2), (1, 2), "dtype= must be bfloat16 or float32", ttl.FrontendError),
        ("v + ttl.block.fill(1e300, shape=(1, 2))", (1, 2), (1, 2), "is not a finite f32", ttl.FrontendError),
        ("ttl.block.broadcast(o, dims=[0], shape=(1, 2))", (1, 2), (1, 2), "reads a block acquired with reserve(), which holds nothing yet", ttl.FrontendError),
        ("ttl.math.reduce_sum(v, v, o, dims=[1])", (1, 2), (1, 2), "result must be 1x1 tiles along dims [1] of the 1x2-tile input, got 1x2", ttl.FrontendError),
        ("ttl.math.reduce_sum(v, dims=[1]) + v", (1, 1), (1, 1), "a reduction is stored on its own", ttl.CompilerError),
        ("ttl.math.transpose(v)", (1, 2), (1, 2), "stored value '!ttl.block<2x1xbf16>' and destination '!ttl.block<1x2xbf16>' must have the same shape in tiles", ttl.FrontendError),
        ("ttl.block.roll(v)", (1, 2), (1, 2), "ttl.block.roll is not supported by ttlang", ttl.FrontendError),
    ],
    ids=["dims_range", "dims_twice", "no_dims", "reduce_shape", "bcast_shape", "bcast_no_shape",
         "fill_dtype", "fill_inf", "bcast_of_reserved", "reduce_out_blk", "reduce_fused", "transpose_shape", "unknown"],
)
def test_bad_input_is_an_error_at_the_users_line(tmp_path, expr, in_shape, out_shape, error, kind):
    op, specs = build(tmp_path, expr, in_shape, out_shape)
    with pytest.raises(kind) as info:
        op.compile(*specs)
    assert error in info.value.message
    assert info.value.line == STORE_LINE and info.value.file.endswith(".py")


REDUCTION_ACCUMULATED = """\
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a, out):
    x_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as o:
            for _ in range(2):
                with x_dfb.wait() as x:
                    o += ttl.math.reduce_sum(x, dims=[1])

    @ttl.datamovement()
    def read():
        for _ in range(2):
            with x_dfb.reserve() as blk:
                ttl.copy(a[0, 0], blk).wait()

    @ttl.datamovement()
    def write():
        with o_dfb.wait() as blk:
            ttl.copy(blk, out[0, 0]).wait()
"""


def test_a_reduction_accumulated_with_plus_equals_is_an_error_at_its_line(tmp_path):
    """The reduction lowering packs plainly; `+=` of a reduction would silently overwrite."""
    from program_files import load_module

    path = tmp_path / "reduce_accumulate.py"
    path.write_text(REDUCTION_ACCUMULATED)
    with pytest.raises(ttl.CompilerError) as info:
        load_module(path).op.compile(T((32, 32)), T((32, 32)), compile_cache=None)
    assert "a reduction cannot be accumulated into a block (+=)" in info.value.message
    assert info.value.line == 14 and info.value.file == str(path)  # the `o +=` line


def test_block_dtype_names_the_element_type(tmp_path):
    op, specs = build(tmp_path, "v + ttl.block.fill(0.5, shape=v.shape, dtype=v.dtype)",
                      dtype="float32")
    assert re.search(r"ttl.fill 5\.0+e-01 : !ttl.block<1x2xf32>", op.build_ir(*specs))
