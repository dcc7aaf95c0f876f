"""TT-Metal kernel backend: split TTL kernels -> C++ kernel sources and their records.

Runs the C++ ``ttl-backend-pipeline`` (core specialization, TTL -> EmitC, cleanup) on a module
whose operations are split into kernel functions, translates each resulting ``emitc.file`` to
C++ in-process (``emitc::translateToCpp``) and turns the records the conversion left on each
file (``ttkernel.*``, see docs/kernel-abi.md) into :mod:`ttlang.artifact` records. Nothing is
re-derived here: processor roles, core ranges, ABIs and DFB specs all come from the C++ passes.
"""

from __future__ import annotations

import pathlib
import threading
from dataclasses import dataclass
from typing import Any

from mlir import ir, passmanager

from ttlang import _ttlang
from ttlang.artifact import (
    ArgKind,
    CoreRange,
    DataflowBufferConfigSpec,
    DataflowBufferSpec,
    KernelABI,
    KernelArg,
    KernelDescriptorSpec,
    KernelKind,
    LogicalKernelId,
    ProcessorRole,
)

BACKEND_PIPELINE: str = _ttlang.BACKEND_PIPELINE

_KINDS = {"compute": KernelKind.COMPUTE, "data_movement": KernelKind.DATA_MOVEMENT}


@dataclass(frozen=True)
class BackendOutput:
    """What the backend produced for one module."""

    kernels: tuple[KernelDescriptorSpec, ...]
    dataflow_buffers: tuple[DataflowBufferSpec, ...]
    # Rings of synchronized DFB reconfigurations (ttl.reconfigure_dfb), by name.
    dfb_configurations: tuple[DataflowBufferConfigSpec, ...] = ()


# One parsed pipeline per thread, for the thread's last context: parsing costs more than running
# it on a small module, and a PassManager must not be shared between threads. The frontend keeps
# one context per thread, so this is a hit after the first compile and holds no stale contexts.
_local = threading.local()


def _pipeline(context: ir.Context) -> passmanager.PassManager:
    entry: tuple[ir.Context, passmanager.PassManager] | None = getattr(_local, "pipeline", None)
    if entry is None or entry[0] is not context:
        pm = passmanager.PassManager.parse(f"builtin.module({BACKEND_PIPELINE})", context)
        entry = _local.pipeline = (context, pm)
    return entry[1]


def run_pipeline(module: ir.Module) -> None:
    """Runs ``ttl-backend-pipeline`` on ``module`` in place (parsed once per context and
    thread). Raises ``mlir.ir.MLIRError`` with the pipeline's diagnostics when lowering fails."""
    _pipeline(module.context).run(module.operation)


def lower_module(module: ir.Module) -> BackendOutput:
    """Runs the backend pipeline on ``module`` (in place) and returns the kernel descriptors."""
    run_pipeline(module)
    return collect_kernels(module)


# The records the conversion leaves on each emitc.file (docs/kernel-abi.md).
_FILE_RECORDS = [
    "id",
    "ttkernel.kernel",
    "ttkernel.role",
    "ttkernel.core_ranges",
    "ttkernel.abi",
    "ttkernel.include_paths",
    "ttkernel.project_include",
    "ttkernel.fp32_dest_acc_en",
    "ttkernel.unpack_to_dest",
    "ttkernel.dataflow_buffers",
    "ttkernel.dfb_configurations",
]


def collect_kernels(module: ir.Module) -> BackendOutput:
    """Kernel descriptors of a module that went through the backend pipeline."""
    sources = dict(_ttlang.emit_kernel_sources(module))
    kernels = []
    dfbs: dict[int, DataflowBufferSpec] = {}
    configs: dict[str, DataflowBufferConfigSpec] = {}
    for op_name, attrs in _ttlang.top_level_records(module, _FILE_RECORDS):
        if op_name != "emitc.file":
            continue
        for config in attrs.get("ttkernel.dfb_configurations", ()):
            spec = DataflowBufferConfigSpec(
                name=config["name"], dataflow_buffer=config["dfb"], address=config["address"]
            )
            configs.setdefault(spec.name, spec)
        kind, name, operation = attrs["ttkernel.kernel"]
        kernels.append(
            KernelDescriptorSpec(
                logical_kernel=LogicalKernelId(operation, name, _KINDS[kind]),
                role=ProcessorRole(attrs["ttkernel.role"]),
                core_ranges=tuple(
                    CoreRange((x0, y0), (x1, y1)) for x0, y0, x1, y1 in attrs["ttkernel.core_ranges"]
                ),
                source=sources[attrs["id"]],
                abi=_abi(attrs["ttkernel.abi"]),
                include_paths=_include_paths(attrs),
                fp32_dest_acc_en="ttkernel.fp32_dest_acc_en" in attrs,
                unpack_to_dest=attrs.get("ttkernel.unpack_to_dest", ()),
            )
        )
        for entry in attrs["ttkernel.dataflow_buffers"]:
            spec = _dataflow_buffer(entry)
            dfbs.setdefault(spec.physical_index, spec)
    return BackendOutput(
        tuple(kernels), tuple(dfbs[i] for i in sorted(dfbs)), tuple(configs[n] for n in sorted(configs))
    )


# Headers this project provides to kernels (ttlang/dfb_descriptor.hpp).
PROJECT_INCLUDE_DIR = str(pathlib.Path(__file__).resolve().parent / "include")


def _include_paths(attrs: dict[str, Any]) -> tuple[str, ...]:
    """Header directories of the kernel's external calls, plus this project's when it includes
    one of its headers (``ttkernel.project_include``)."""
    paths = list(attrs.get("ttkernel.include_paths", ()))
    if "ttkernel.project_include" in attrs:
        paths.append(PROJECT_INCLUDE_DIR)
    return tuple(paths)


def _abi(abi: dict[str, Any]) -> KernelABI:
    def slots(name: str) -> tuple[KernelArg, ...]:
        return tuple(
            KernelArg(kind=ArgKind(slot["kind"]), ref=slot["ref"], count=slot["count"])
            for slot in abi[name]
        )

    return KernelABI(slots("compile_time"), slots("common_runtime"), slots("per_core_runtime"))


def _dataflow_buffer(entry: dict[str, Any]) -> DataflowBufferSpec:
    return DataflowBufferSpec(
        name=entry["name"],
        physical_index=entry["index"],
        data_format=entry["data_format"],
        page_size=entry["page_size"],
        total_size=entry["total_size"],
        block_shape=tuple(entry["block_shape"]),
        block_count=entry["block_count"],
        reconfigured_blocks=entry["reconfigured_blocks"],
        location=entry.get("location", ""),
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
