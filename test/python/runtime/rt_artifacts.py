"""Hand-built compiled artifacts for the runtime tests, shaped like the compiler's output."""

from __future__ import annotations

from ttlang.artifact import (
    ArgKind,
    CompiledArtifact,
    CoreRange,
    DataflowBufferConfigSpec,
    DataflowBufferSpec,
    FabricManagerSpec,
    KernelABI,
    KernelArg,
    KernelDescriptorSpec,
    KernelKind,
    LogicalKernelId,
    ProcessorRole,
    TensorParamSpec,
)

SENDER_SOURCE = """\
#include "api/dataflow/dataflow_api.h"
#include "collective.h"

void kernel_main() {
    constexpr uint32_t in_dfb = get_compile_time_arg_val(0);
    constexpr auto in_args = TensorAccessorArgs<1>();
    uint32_t semaphore_id = get_arg_val<uint32_t>(0);
    uint32_t peer_index = get_arg_val<uint32_t>(1);
    uint32_t input_addr = get_common_arg_val<uint32_t>(0);
    collective_sender(in_dfb, in_args, input_addr, semaphore_id, peer_index);
}
"""

COMPUTE_SOURCE = """\
#include "api/compute/common.h"
#include "api/compute/eltwise_unary/exp.h"

void kernel_main() {
    constexpr uint32_t in_dfb = get_compile_time_arg_val(0);
    constexpr uint32_t out_dfb = get_compile_time_arg_val(1);
    uint32_t tiles = get_arg_val<uint32_t>(0);
    for (uint32_t i = 0; i < tiles; ++i) {
        ttl_exp_tile(in_dfb, out_dfb);
    }
}
"""

RECONFIG_SOURCE = """\
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    constexpr uint32_t caller_arg_count = get_compile_time_arg_val(0);
    constexpr uint32_t dfb = get_compile_time_arg_val(1);
    uint32_t config_a = get_arg_val<uint32_t>(caller_arg_count + 0);
    uint32_t config_b = get_arg_val<uint32_t>(caller_arg_count + 1);
    ttl_reconfigure_dfb(dfb, config_a);
    ttl_reconfigure_dfb(dfb, config_b);
}
"""

OP = "collective@examples/collective.py:21"


def tensors() -> tuple[TensorParamSpec, ...]:
    return (
        TensorParamSpec("input_tensor", (64, 64), "bfloat16", "dram", "interleaved"),
        TensorParamSpec("output_tensor", (64, 64), "bfloat16", "dram", "interleaved"),
    )


def dfbs() -> tuple[DataflowBufferSpec, ...]:
    return (
        DataflowBufferSpec("in_dfb", 0, "bfloat16", 2048, 4096, (1, 1), 2),
        DataflowBufferSpec("out_dfb", 16, "bfloat16", 2048, 4096, (1, 1), 2),
    )


def sender_id(op: str = OP) -> LogicalKernelId:
    return LogicalKernelId(op, "sender", KernelKind.DATA_MOVEMENT)


def compute_id(op: str = OP) -> LogicalKernelId:
    return LogicalKernelId(op, "compute", KernelKind.COMPUTE)


SENDER_ABI = KernelABI(
    compile_time_args=(
        KernelArg(ArgKind.DFB_INDEX, "in_dfb", 1, (0,)),
        KernelArg(ArgKind.TENSOR_ACCESSOR, "input_tensor", 2, (2, 2048)),
    ),
    common_runtime_args=(KernelArg(ArgKind.BUFFER_ADDRESS, "input_tensor"),),
    per_core_runtime_args=(KernelArg(ArgKind.CALLER_ARGS, "caller", 0),),
)

COMPUTE_ABI = KernelABI(
    compile_time_args=(KernelArg(ArgKind.DFB_INDEX, "in_dfb", 1, (0,)), KernelArg(ArgKind.DFB_INDEX, "out_dfb", 1, (16,))),
    common_runtime_args=(),
    per_core_runtime_args=(KernelArg(ArgKind.CALLER_ARGS, "caller", 0),),
)


def _artifact(name: str, op: str, grid: tuple[int, int], kernels: tuple[KernelDescriptorSpec, ...],
              **fields) -> CompiledArtifact:
    """A resource-aware wormhole_b0 artifact over tensors() and dfbs()."""
    return CompiledArtifact(
        operation_name=name,
        operation_id=op,
        grid=grid,
        target="wormhole_b0",
        tensors=tensors(),
        dataflow_buffers=dfbs(),
        kernels=kernels,
        uses_runtime_resources=True,
        **fields,
    )


def collective(grid: tuple[int, int] = (2, 1), *, semaphores: int = 1, **extra) -> CompiledArtifact:
    """The spec's collective: one operation-owned data-movement kernel 'sender' and a compute kernel."""
    whole = (CoreRange((0, 0), (grid[0] - 1, grid[1] - 1)),)
    return _artifact(
        "collective",
        OP,
        grid,
        (
            KernelDescriptorSpec(sender_id(), ProcessorRole.DATA_MOVEMENT_0, whole, SENDER_SOURCE, SENDER_ABI,
                                 include_paths=("examples/include",)),
            KernelDescriptorSpec(compute_id(), ProcessorRole.COMPUTE, whole, COMPUTE_SOURCE, COMPUTE_ABI),
        ),
        compiler_semaphore_count=semaphores,
        **extra,
    )


def specialized(op: str = OP) -> CompiledArtifact:
    """'sender' specialized into two descriptors: column 0 and columns 1..3 of a 4x2 grid."""
    return _artifact(
        "collective",
        op,
        (4, 2),
        (
            KernelDescriptorSpec(sender_id(op), ProcessorRole.DATA_MOVEMENT_0, (CoreRange((0, 0), (0, 1)),),
                                 SENDER_SOURCE, SENDER_ABI, defines=(("EDGE", "1"),)),
            KernelDescriptorSpec(sender_id(op), ProcessorRole.DATA_MOVEMENT_0, (CoreRange((1, 0), (3, 1)),),
                                 SENDER_SOURCE, SENDER_ABI, defines=(("EDGE", "0"),)),
            KernelDescriptorSpec(compute_id(op), ProcessorRole.COMPUTE, (CoreRange((0, 0), (3, 1)),),
                                 COMPUTE_SOURCE, COMPUTE_ABI),
        ),
        compiler_semaphore_count=2,
    )


def reconfiguring(grid: tuple[int, int] = (4, 1)) -> CompiledArtifact:
    """A data-movement kernel with synchronized DFB reconfiguration (two configuration blocks)."""
    kernel = LogicalKernelId(OP, "data_movement", KernelKind.DATA_MOVEMENT)
    abi = KernelABI(
        compile_time_args=(KernelArg(ArgKind.CALLER_ARG_COUNT, "caller"), KernelArg(ArgKind.DFB_INDEX, "in_dfb", 1, (0,))),
        common_runtime_args=(),
        per_core_runtime_args=(
            KernelArg(ArgKind.CALLER_ARGS, "caller", 0),
            KernelArg(ArgKind.DFB_CONFIG_ADDRESS, "in_dfb.a"),
            KernelArg(ArgKind.DFB_CONFIG_ADDRESS, "in_dfb.b"),
        ),
    )
    return _artifact(
        "reconfigure",
        OP,
        grid,
        (
            KernelDescriptorSpec(kernel, ProcessorRole.DATA_MOVEMENT_1,
                                 (CoreRange((0, 0), (grid[0] - 1, grid[1] - 1)),), RECONFIG_SOURCE, abi),
        ),
        dfb_configurations=(
            DataflowBufferConfigSpec("in_dfb.a", "in_dfb", 0x19000),
            DataflowBufferConfigSpec("in_dfb.b", "in_dfb", 0x19040),
        ),
    )


def with_fabric(*generated: FabricManagerSpec, claim_interval: tuple[int, int] = (2, 6),
                abi: str | None = "tt_fabric_1d_v1") -> CompiledArtifact:
    """The collective whose 'sender' calls an external kernel that claims fabric manager 'mux'."""
    managers = (FabricManagerSpec(sender_id(), "mux", True, claim_interval[0], claim_interval[1],
                                  abi_identity=abi),) + generated
    return collective(fabric_managers=managers)
