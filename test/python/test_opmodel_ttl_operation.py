"""A compiled TTL operation queried through ttlang.opmodel (ttnn.generic): circular buffers
from its DFBs, output placement, roofline runtime, the stateful query, and bad input."""

from __future__ import annotations

import math
import pathlib

import pytest
from program_files import load_module

import ttlang as ttl
from ttlang import opmodel
from ttlang.opmodel import AllocationRecord, BufferType, Status, TTLOperation

TILE_BYTES = {"bfloat16": 2048, "float32": 4096}
WORMHOLE_L1_TOP = 1499136
WORMHOLE_L1_BASE = 1499136 - 1463968
L1 = "#ttnn.layout<l1, interleaved, bf16>"
DRAM = "#ttnn.layout<dram, interleaved, bf16>"

# (block shape in tiles, block count) of the three DFBs below.
DFBS = (((2, 2), 3), ((2, 2), 2), ((2, 2), 2))


@ttl.operation(grid=(2, 2))
def blocked_add(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 2), block_count=3)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(2, 2), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(2, 2), block_count=2)

    @ttl.compute()
    def add():
        with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
            o.store(x + y)

    @ttl.datamovement()
    def reader():
        col, row = ttl.node(dims=2)
        with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
            tx_a = ttl.copy(a[row * 2 : row * 2 + 2, col * 2 : col * 2 + 2], a_blk)
            tx_b = ttl.copy(b[row * 2 : row * 2 + 2, col * 2 : col * 2 + 2], b_blk)
            tx_a.wait()
            tx_b.wait()

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        with out_dfb.wait() as o:
            tx = ttl.copy(o, out[row * 2 : row * 2 + 2, col * 2 : col * 2 + 2])
            tx.wait()


SPEC = ttl.TensorSpec((128, 128))


@pytest.fixture(scope="module")
def compiled():
    return blocked_add.compile(SPEC, SPEC, SPEC)


@pytest.fixture(autouse=True)
def fresh_caches():
    opmodel.clear_caches()
    yield
    opmodel.clear_caches()


def expected_cb() -> int:
    """Every DFB sits on every core of the 2x2 grid: block bytes x block count, summed."""
    return sum(r * c * TILE_BYTES["bfloat16"] * count for (r, c), count in DFBS)


def l1_bytes_per_bank(shape: tuple[int, int], banks: int = 64) -> int:
    tiles = math.ceil(shape[0] / 32) * math.ceil(shape[1] / 32)
    return math.ceil(tiles / banks) * TILE_BYTES["bfloat16"]


def test_artifact_records_the_dfb_type(compiled):
    records = compiled.artifact.dataflow_buffers
    assert [(d.block_shape, d.block_count, d.reconfigured_blocks) for d in records] == [
        (shape, count, 0) for shape, count in DFBS
    ]
    for dfb in records:
        rows, cols = dfb.block_shape
        assert dfb.total_size == dfb.page_size * rows * cols * dfb.block_count


def test_circular_buffers_from_the_dfbs_and_output_by_layout(compiled):
    op = TTLOperation.of(compiled, outputs=[2])
    dram = opmodel.query_constraints(op)
    assert (dram.cb_peak, dram.tensor_l1_peak, dram.output_size) == (expected_cb(), 0, 0)
    l1 = opmodel.query_constraints(op, output=L1)
    out = l1_bytes_per_bank((128, 128))
    assert (l1.cb_peak, l1.tensor_l1_peak, l1.overall_peak, l1.output_size) == (
        expected_cb(),
        out,
        expected_cb() + out,
        out,
    )
    assert [str(a) for a in l1.output_layouts] == [L1]


def test_tensor_specs_place_the_operands(compiled):
    # An L1 input changes nothing in L1 per core (inputs are already allocated) but moves
    # its bytes over the NoC instead of DRAM in the roofline.
    l1_input = TTLOperation.of(
        compiled, outputs=[2], tensors=[ttl.TensorSpec((128, 128), buffer_type="l1"), SPEC, SPEC]
    )
    assert "tensor<128x128xbf16, #ttnn.layout<l1, interleaved, bf16>>" in str(l1_input.operation)
    assert opmodel.query_constraints(l1_input).cb_peak == expected_cb()


def test_runtime_is_the_roofline_of_copies_and_tile_math(compiled):
    tiles = 16
    tile = TILE_BYTES["bfloat16"]
    op = TTLOperation.of(compiled, outputs=[2])
    # All DRAM: 3 tensors of 16 tiles at 288 B/ns; tile math 16 x 32 cycles over 4 cores.
    dram_ns = 3 * tiles * tile / 288
    compute_ns = tiles * 32 / 4
    assert opmodel.query_runtime(op) == math.ceil(2000 + max(dram_ns, compute_ns))
    # A compiler-counted tile math dominates: 100000 x 32 cycles over 4 cores.
    heavy = TTLOperation.of(compiled, outputs=[2], tile_ops=100000)
    assert opmodel.query_runtime(heavy) == math.ceil(2000 + 100000 * 32 / 4)


def test_stateful_query_allocates_the_output_and_sees_live_buffers(compiled):
    op = TTLOperation.of(compiled, outputs=[2])
    out = l1_bytes_per_bank((128, 128))
    first = opmodel.query_constraints(op, output=L1, live=[])
    assert first.output_allocations == (
        AllocationRecord(BufferType.L1, WORMHOLE_L1_TOP - out, out),
    )
    # A live buffer just above the unreserved base: the DFBs' circular buffers reach it.
    live = [AllocationRecord(BufferType.L1, WORMHOLE_L1_BASE + 4096, 4096)]
    with pytest.raises(opmodel.OpModelError) as failure:
        opmodel.query_constraints(op, output=L1, live=live)
    assert failure.value.status is Status.OUT_OF_MEMORY
    assert "circular buffers" in failure.value.message


def test_outputs_default_to_the_last_parameter(compiled):
    implicit = TTLOperation.of(compiled)
    assert implicit.outputs == (2,)
    assert implicit == TTLOperation.of(compiled, outputs=[2])
    assert len(implicit.operation.operands) == 2 and len(implicit.operation.results) == 1


def test_the_op_is_built_once_per_record(compiled):
    op = TTLOperation.of(compiled, outputs=[2])
    assert op.operation == op.operation
    assert op.operation.name == "ttnn.generic"


def test_a_sharded_output_the_operation_was_not_compiled_for_is_not_supported(compiled):
    # Its kernels write the interleaved output they were compiled for: a sharded placement
    # would be a wrong answer (test_opmodel_sharded_generic.py: compiled sharded outputs).
    op = TTLOperation.of(compiled, outputs=[2])
    sharded = "#ttnn.layout<l1, height_sharded, bf16, grid = 2x2, shard = 32x128>"
    with pytest.raises(opmodel.OpModelError) as failure:
        opmodel.query_constraints(op, output=sharded)
    assert failure.value.status is Status.NOT_IMPLEMENTED
    assert "but the operation was compiled for #ttnn.layout<dram, interleaved, bf16>" in failure.value.message


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"outputs": []}, "outputs must name at least one"),
        ({"outputs": [3]}, r"outputs must be parameter indices in \[0, 3\), got 3"),
        ({"outputs": [True]}, "outputs must be parameter indices"),
        ({"outputs": [2, 2]}, "outputs names a parameter twice"),
        ({"outputs": [0, 1, 2]}, "every tensor parameter is an output"),
        ({"outputs": [2], "tensors": [SPEC, SPEC]}, "takes 3 tensors, got 2 tensor specs"),
        (
            {"outputs": [2], "tensors": [ttl.TensorSpec((64, 128)), SPEC, SPEC]},
            r"tensor 0 \('a'\) of 'blocked_add' is 64x128 bfloat16 but the operation was "
            r"compiled for 128x128 bfloat16",
        ),
        (
            {"outputs": [2], "tensors": [ttl.TensorSpec((128, 128), dtype="float32"), SPEC, SPEC]},
            "compiled for 128x128 bfloat16",
        ),
        (
            {"outputs": [2], "tensors": [ttl.TensorSpec((128, 128), layout="row_major"), SPEC, SPEC]},
            "tiled tensors only",
        ),
        ({"outputs": [2], "tile_ops": -1}, "tile_ops must be a non-negative int"),
    ],
)
def test_bad_input_is_a_value_error(compiled, kwargs, message):
    with pytest.raises(ValueError, match=message):
        TTLOperation.of(compiled, **kwargs)


def test_not_a_compiled_operation():
    with pytest.raises(ValueError, match="takes a compiled operation"):
        TTLOperation.of(blocked_add, outputs=[2])  # not compiled yet


def test_query_rejects_other_objects():
    with pytest.raises(TypeError, match="an MLIR operation or a TTLOperation"):
        opmodel.query_constraints("ttnn.generic")  # type: ignore[arg-type]


def test_example_chooses_l1_when_free_and_dram_when_full(capsys):
    path = pathlib.Path(__file__).resolve().parents[2] / "examples" / "opmodel_ttl_operation.py"
    example = load_module(path, "example_opmodel_ttl_operation")
    example.main()
    choices = [line.split("-> ")[1] for line in capsys.readouterr().out.splitlines() if "-> " in line]
    assert choices == ["L1", "DRAM"]
