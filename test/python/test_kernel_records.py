"""The typed kernel records (#ttl.kernel_record and its parts, TTLAttrs.td) reach Python as typed
attribute classes over their C API, read by name; the artifact's enums are the dialect's generated
ones."""

from __future__ import annotations

from mlir import ir
from test_backend_examples import _compile

import ttlang as ttl
from ttlang import _ttlang
from ttlang.artifact import ARG_KIND_OF_IR, ROLE_OF_IR, ArgKind, FabricManagerSpec, ProcessorRole
from ttlang.backend import PROJECT_INCLUDE_DIR, collect_kernels
from ttlang.dialects import _ttl_enum_gen as gen
from ttlang.mlir_context import parse_module

RECORDED = """
emitc.file "mover" attributes {ttl.kernel_record = #ttl.kernel_record<
    kernel = <data_movement, "reader", "lit.rec:00">, role = data_movement_1,
    core_ranges = [#ttl.core_range<(0, 0) to (1, 0)>, #ttl.core_range<(0, 1) to (0, 1)>],
    abi = <compile_time = [#ttl.arg<dfb_index, "in", 1, words = [3]>,
                           #ttl.arg<tensor_accessor, "0", 2, words = [0, 4096]>,
                           #ttl.arg<caller_arg_count, "caller", 1>],
           common_runtime = [#ttl.arg<buffer_address, "0", 1>],
           per_core_runtime = [#ttl.arg<caller_args, "caller", 0>,
                               #ttl.arg<dfb_config_address, "in#1", 1>]>,
    dataflow_buffers = [#ttl.dfb_spec<name = "in", index = 3, data_format = float32,
        page_size = 4096, total_size = 24576, block_shape = [1, 2], block_count = 1,
        reconfigured_blocks = 2, location = "k.py:7">],
    dfb_configurations = [#ttl.dfb_config<name = "in#1", dfb = "in", address = 8192>],
    include_paths = ["/opt/ext"], project_include = true,
    fabric_claims = [#ttl.fabric_claim<name = "mux", start = 2, end = 6>]>} {
  emitc.include <"cstdint">
}
"""


def test_enums_are_the_generated_ones():
    """ArgKind and ProcessorRole have exactly the cases of TTL_KernelArgKind and
    TTL_ProcessorRole, spelled as the IR spells them."""
    assert [kind.value for kind in ArgKind] == [str(case) for case in gen.KernelArgKind]
    assert [role.value for role in ProcessorRole] == [str(case) for case in gen.ProcessorRole]
    assert ARG_KIND_OF_IR[int(gen.KernelArgKind.TensorAccessor)] is ArgKind.TENSOR_ACCESSOR
    assert ROLE_OF_IR[int(gen.ProcessorRole.DataMovement1)] is ProcessorRole.DATA_MOVEMENT_1


def test_record_fields_read_by_name():
    """The records are typed attribute classes (ir.Attribute subclasses) with named properties."""
    module = parse_module(RECORDED)
    ((file_id, record),) = _ttlang.kernel_records(module)
    assert file_id == "mover"
    assert isinstance(record, ir.Attribute) and _ttlang.KernelRecordAttr.isinstance(record)
    kernel = record.kernel
    assert (kernel.kind, kernel.name, kernel.operation) == (int(gen.KernelKind.DataMovement), "reader", "lit.rec:00")
    assert record.role == int(gen.ProcessorRole.DataMovement1)
    assert [(r.x0, r.y0, r.x1, r.y1) for r in record.core_ranges] == [(0, 0, 1, 0), (0, 1, 0, 1)]
    abi = record.abi
    assert [(a.kind, a.ref, a.count, a.words) for a in abi.compile_time] == [
        (int(gen.KernelArgKind.DfbIndex), "in", 1, (3,)),
        (int(gen.KernelArgKind.TensorAccessor), "0", 2, (0, 4096)),
        (int(gen.KernelArgKind.CallerArgCount), "caller", 1, ()),
    ]
    assert [(a.kind, a.ref) for a in abi.common_runtime] == [(int(gen.KernelArgKind.BufferAddress), "0")]
    assert [a.count for a in abi.per_core_runtime] == [0, 1]
    (dfb,) = record.dataflow_buffers
    assert (dfb.name, dfb.index, dfb.data_format, dfb.page_size, dfb.total_size) == (
        "in", 3, int(gen.DataFormat.Float32), 4096, 24576)
    assert (dfb.block_shape, dfb.block_count, dfb.reconfigured_blocks, dfb.location) == ((1, 2), 1, 2, "k.py:7")
    (config,) = record.dfb_configurations
    assert (config.name, config.dfb, config.address) == ("in#1", "in", 8192)
    assert record.include_paths == ("/opt/ext",)
    assert (record.project_include, record.fp32_dest_acc_en, record.unpack_to_dest) == (True, False, ())
    assert [(c.name, c.start, c.end) for c in record.fabric_claims] == [("mux", 2, 6)]


def test_get_builds_the_attribute_the_parser_builds():
    """``get`` of each record class builds the very attribute the IR spells (uniqued: equal)."""
    module = parse_module(RECORDED)
    ((_, parsed),) = _ttlang.kernel_records(module)
    with module.context:
        (dfb,) = parsed.dataflow_buffers
        rebuilt = _ttlang.KernelRecordAttr.get(
            _ttlang.KernelAttr.get(int(gen.KernelKind.DataMovement), "reader", "lit.rec:00"),
            int(gen.ProcessorRole.DataMovement1),
            [_ttlang.CoreRangeAttr.get(0, 0, 1, 0), _ttlang.CoreRangeAttr.get(0, 1, 0, 1)],
            _ttlang.KernelABIAttr.get(
                [_ttlang.KernelArgAttr.get(a.kind, a.ref, a.count, list(a.words)) for a in parsed.abi.compile_time],
                [_ttlang.KernelArgAttr.get(int(gen.KernelArgKind.BufferAddress), "0", 1, [])],
                list(parsed.abi.per_core_runtime)),
            [_ttlang.DataflowBufferSpecAttr.get("in", 3, int(gen.DataFormat.Float32), 4096, 24576, [1, 2], 1, 2,
                                                "k.py:7")],
            [_ttlang.DataflowBufferConfigAttr.get("in#1", "in", 8192)],
            ["/opt/ext"], True, False, [], [_ttlang.FabricClaimIntervalAttr.get("mux", 2, 6)])
        assert rebuilt == parsed
        assert isinstance(dfb, _ttlang.DataflowBufferSpecAttr)


def test_artifact_view_of_a_record():
    module = parse_module(RECORDED)
    # collect_kernels also prints the file's C++; the record is what it reads besides.
    output = collect_kernels(module)
    (kernel,) = output.kernels
    assert kernel.role is ProcessorRole.DATA_MOVEMENT_1
    assert kernel.logical_kernel.kind is ttl.KernelKind.DATA_MOVEMENT
    assert kernel.abi.compile_time_args[1].words == (0, 4096)
    assert kernel.include_paths == ("/opt/ext", PROJECT_INCLUDE_DIR)
    (dfb,) = output.dataflow_buffers
    assert (dfb.data_format, dfb.block_shape, dfb.reconfigured_blocks) == ("float32", (1, 2), 2)
    assert output.dfb_configurations[0].address == 8192
    (claim,) = output.fabric_managers
    assert claim == FabricManagerSpec(kernel.logical_kernel, "mux", True, 2, 6)


def test_compiled_accessor_words_follow_the_tensor_placement():
    """The compiler writes each tensor's TensorAccessorArgs words: IsDram (2) for DRAM, and one
    tile of the element type as the page size."""
    import test_backend_examples as ex  # noqa: PLC0415

    add = ex.load_module(ex.EXAMPLES / "tile_add_explicit.py", "example_tile_add_explicit").tile_add
    for buffer_type, dtype, words in (("dram", "bfloat16", (2, 2048)), ("l1", "float32", (0, 4096))):
        spec = ttl.TensorSpec((128, 128), dtype, buffer_type)
        artifact = add.compile(spec, spec, spec).artifact
        accessors = [a for k in artifact.kernels for a in k.abi.compile_time_args if a.kind is ArgKind.TENSOR_ACCESSOR]
        assert [a.ref for a in accessors] == ["0", "1", "2"]
        assert all(a.words == words for a in accessors)
    dfb_slots = [a for k in _compile("tile_add_explicit.py").kernels for a in k.abi.compile_time_args
                 if a.kind is ArgKind.DFB_INDEX]
    assert {a.ref: a.words for a in dfb_slots} == {"dfb0": (0,), "dfb1": (1,), "dfb2": (2,)}
