"""The typed kernel records (#ttl.kernel_record and its parts, TTLAttrs.td) reach Python through
their C API, and the artifact's enums are the dialect's generated ones."""

from __future__ import annotations

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


def test_record_fields_read_through_the_c_api():
    module = parse_module(RECORDED)
    ((file_id, record),) = _ttlang.kernel_records(module)
    assert file_id == "mover"
    (kind, name, operation), role, ranges, abi = record[:4]
    assert (kind, name, operation) == (int(gen.KernelKind.DataMovement), "reader", "lit.rec:00")
    assert role == int(gen.ProcessorRole.DataMovement1)
    assert ranges == ((0, 0, 1, 0), (0, 1, 0, 1))
    compile_time, common, per_core = abi
    assert compile_time == (
        (int(gen.KernelArgKind.DfbIndex), "in", 1, (3,)),
        (int(gen.KernelArgKind.TensorAccessor), "0", 2, (0, 4096)),
        (int(gen.KernelArgKind.CallerArgCount), "caller", 1, ()),
    )
    assert common == ((int(gen.KernelArgKind.BufferAddress), "0", 1, ()),)
    assert [slot[2] for slot in per_core] == [0, 1]
    assert record[4] == (("in", 3, int(gen.DataFormat.Float32), 4096, 24576, (1, 2), 1, 2, "k.py:7"),)
    assert record[5:] == ((("in#1", "in", 8192),), ("/opt/ext",), True, False, (), (("mux", 2, 6),))


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
