"""TT-Metal kernel backend: split TTL kernels -> C++ kernel sources and their records.

Runs the C++ ``ttl-backend-pipeline`` (core specialization, TTL -> EmitC, cleanup) on a module
whose operations are split into kernel functions, translates each resulting ``emitc.file`` to
C++ in-process (``emitc::translateToCpp``) and turns the ``#ttl.kernel_record`` the conversion
left on each file (TTLAttrs.td, docs/kernel-abi.md), read through its C API
(``_ttlang.kernel_records``), into :mod:`ttlang.artifact` records. Nothing is re-derived here:
processor roles, core ranges, ABIs with their finished words and DFB specs all come from the
C++ passes.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass

from mlir import ir

from ttlang import _ttlang
from ttlang.artifact import (
    ARG_KIND_OF_IR,
    DATA_FORMAT_OF_IR,
    KERNEL_KIND_OF_IR,
    ROLE_OF_IR,
    CoreRange,
    DataflowBufferConfigSpec,
    DataflowBufferSpec,
    FabricManagerSpec,
    KernelABI,
    KernelArg,
    KernelDescriptorSpec,
    LogicalKernelId,
    PipeSemaphoreSpec,
)
from ttlang.mlir_context import run_pipeline

BACKEND_PIPELINE: str = _ttlang.BACKEND_PIPELINE



@dataclass(frozen=True)
class BackendOutput:
    """What the backend produced for one module."""

    kernels: tuple[KernelDescriptorSpec, ...]
    dataflow_buffers: tuple[DataflowBufferSpec, ...]
    # Rings of synchronized DFB reconfigurations (ttl.reconfigure_dfb), by name.
    dfb_configurations: tuple[DataflowBufferConfigSpec, ...] = ()
    # Lifetimes of the captured fabric-manager claims, per logical kernel and claim name.
    fabric_managers: tuple[FabricManagerSpec, ...] = ()
    # Program semaphores the compiler uses (ids 0..n-1: the pipes' handshakes, ttl-plan-pipes)
    # and what each pipe's are for.
    semaphore_count: int = 0
    pipe_semaphores: tuple[PipeSemaphoreSpec, ...] = ()


def lower_module(module: ir.Module) -> BackendOutput:
    """Runs the backend pipeline on ``module`` (in place) and returns the kernel descriptors.
    Raises ``mlir.ir.MLIRError`` with the pipeline's diagnostics when lowering fails."""
    run_pipeline(module, f"builtin.module({BACKEND_PIPELINE})")
    return collect_kernels(module)


def collect_kernels(module: ir.Module) -> BackendOutput:
    """Kernel descriptors of a module that went through the backend pipeline: a view of the
    ``#ttl.kernel_record`` of each ``emitc.file`` (docs/kernel-abi.md)."""
    sources = dict(_ttlang.emit_kernel_sources(module))
    kernels = []
    dfbs: dict[int, DataflowBufferSpec] = {}
    configs: dict[str, DataflowBufferConfigSpec] = {}
    claims: dict[tuple[LogicalKernelId, str], FabricManagerSpec] = {}
    for file_id, record in _ttlang.kernel_records(module):
        (kind, name, operation), role, ranges, abi, buffers, file_configs = record[:6]
        include_paths, project_include, fp32_dest_acc_en, unpack_to_dest, fabric_claims = record[6:]
        logical_kernel = LogicalKernelId(operation, name, KERNEL_KIND_OF_IR[kind])
        for config_name, dfb, address in file_configs:
            configs.setdefault(config_name, DataflowBufferConfigSpec(config_name, dfb, address))
        # Recorded before core specialization: every descriptor of a logical kernel has the same.
        for claim, start, end in fabric_claims:
            claims.setdefault(
                (logical_kernel, claim), FabricManagerSpec(logical_kernel, claim, True, start, end)
            )
        kernels.append(
            KernelDescriptorSpec(
                logical_kernel=logical_kernel,
                role=ROLE_OF_IR[role],
                core_ranges=tuple(CoreRange((x0, y0), (x1, y1)) for x0, y0, x1, y1 in ranges),
                source=sources[file_id],
                abi=KernelABI(*(_slots(slots) for slots in abi)),
                include_paths=include_paths + ((PROJECT_INCLUDE_DIR,) if project_include else ()),
                fp32_dest_acc_en=fp32_dest_acc_en,
                unpack_to_dest=unpack_to_dest,
            )
        )
        for entry in buffers:
            spec = _dataflow_buffer(*entry)
            dfbs.setdefault(spec.physical_index, spec)
    return BackendOutput(
        tuple(kernels),
        tuple(dfbs[i] for i in sorted(dfbs)),
        tuple(configs[n] for n in sorted(configs)),
        tuple(claims[key] for key in sorted(claims, key=lambda k: (k[0].name, k[1]))),
        *_pipe_semaphores(module),
    )


def _pipe_semaphores(module: ir.Module) -> tuple[int, tuple[PipeSemaphoreSpec, ...]]:
    """The module's ``ttl.pipe_semaphore_count`` and ``ttl.pipe_semaphore_names``
    (ttl-plan-pipes; TTLPipes.h), read back as records."""
    attributes = module.operation.attributes
    if "ttl.pipe_semaphore_count" not in attributes:
        return 0, ()
    specs = []
    for entry in ir.ArrayAttr(attributes["ttl.pipe_semaphore_names"]):
        *words, text = ir.ArrayAttr(entry)
        ready, valid, sx, sy, x0, y0, x1, y1 = (ir.IntegerAttr(w).value for w in words)
        specs.append(PipeSemaphoreSpec(ready, valid, (sx, sy), (x0, y0, x1, y1), ir.StringAttr(text).value))
    return ir.IntegerAttr(attributes["ttl.pipe_semaphore_count"]).value, tuple(specs)


# Headers this project provides to kernels (ttlang/dfb_descriptor.hpp), added to the include
# paths of a kernel whose record says ``project_include``.
PROJECT_INCLUDE_DIR = str(pathlib.Path(__file__).resolve().parent / "include")


def _slots(slots: tuple[tuple[int, str, int, tuple[int, ...]], ...]) -> tuple[KernelArg, ...]:
    return tuple(KernelArg(ARG_KIND_OF_IR[kind], ref, count, words) for kind, ref, count, words in slots)


def _dataflow_buffer(
    name: str,
    index: int,
    data_format: int,
    page_size: int,
    total_size: int,
    block_shape: tuple[int, int],
    block_count: int,
    reconfigured_blocks: int,
    location: str,
) -> DataflowBufferSpec:
    return DataflowBufferSpec(
        name, index, DATA_FORMAT_OF_IR[data_format], page_size, total_size, block_shape, block_count,
        reconfigured_blocks, location
    )


def abi_table(kernel: KernelDescriptorSpec) -> str:
    """The kernel's ABI as the table docs/kernel-abi.md uses: one line per argument slot,
    ``<list>[<first word>..<last word>]  <kind>  <ref>``, in argument order."""
    lines = []
    for label, slots in (
        ("compile_time", kernel.abi.compile_time_args),
        ("common_runtime", kernel.abi.common_runtime_args),
        ("per_core_runtime", kernel.abi.per_core_runtime_args),
    ):
        word = 0
        for slot in slots:
            span = f"{word}" if slot.count == 1 else f"{word}..{word + slot.count - 1}"
            lines.append(f"{label}[{span}]".ljust(22) + slot.kind.value.ljust(17) + slot.ref)
            word += slot.count
    return "\n".join(lines)
