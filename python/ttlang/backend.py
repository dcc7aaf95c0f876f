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


def collect_kernels(module: ir.Module) -> BackendOutput:
    """Kernel descriptors of a module that went through the backend pipeline."""
    sources = dict(_ttlang.emit_kernel_sources(module))
    kernels = []
    dfbs: dict[int, DataflowBufferSpec] = {}
    configs: dict[str, DataflowBufferConfigSpec] = {}
    for op in module.body.operations:
        if op.operation.name != "emitc.file":
            continue
        attrs = op.attributes
        file_id = ir.StringAttr(attrs["id"]).value
        if "ttkernel.dfb_configurations" in attrs:
            for entry in ir.ArrayAttr(attrs["ttkernel.dfb_configurations"]):
                config = ir.DictAttr(entry)
                spec = DataflowBufferConfigSpec(
                    name=ir.StringAttr(config["name"]).value,
                    dataflow_buffer=ir.StringAttr(config["dfb"]).value,
                    address=ir.IntegerAttr(config["address"]).value,
                )
                configs.setdefault(spec.name, spec)
        kernels.append(
            KernelDescriptorSpec(
                logical_kernel=_logical_kernel(attrs["ttkernel.kernel"]),
                role=ProcessorRole(ir.StringAttr(attrs["ttkernel.role"]).value),
                core_ranges=_core_ranges(attrs["ttkernel.core_ranges"]),
                source=sources[file_id],
                abi=_abi(ir.DictAttr(attrs["ttkernel.abi"])),
                include_paths=_include_paths(attrs),
                fp32_dest_acc_en="ttkernel.fp32_dest_acc_en" in attrs,
                unpack_to_dest=_unpack_to_dest(attrs),
            )
        )
        for entry in ir.ArrayAttr(attrs["ttkernel.dataflow_buffers"]):
            spec = _dataflow_buffer(ir.DictAttr(entry))
            dfbs.setdefault(spec.physical_index, spec)
    return BackendOutput(
        tuple(kernels), tuple(dfbs[i] for i in sorted(dfbs)), tuple(configs[n] for n in sorted(configs))
    )


# Headers this project provides to kernels (ttlang/dfb_descriptor.hpp).
PROJECT_INCLUDE_DIR = str(pathlib.Path(__file__).resolve().parent / "include")


def _include_paths(attrs: ir.OpAttributeMap) -> tuple[str, ...]:
    """Header directories of the kernel's external calls, plus this project's when it includes
    one of its headers (``ttkernel.project_include``)."""
    paths: list[str] = []
    if "ttkernel.include_paths" in attrs:
        paths = [ir.StringAttr(p).value for p in ir.ArrayAttr(attrs["ttkernel.include_paths"])]
    if "ttkernel.project_include" in attrs:
        paths.append(PROJECT_INCLUDE_DIR)
    return tuple(paths)


def _unpack_to_dest(attrs: ir.OpAttributeMap) -> tuple[int, ...]:
    """Physical indices of the f32 DFBs the compute kernel unpacks straight to DEST
    (``ttkernel.unpack_to_dest``; none when absent)."""
    if "ttkernel.unpack_to_dest" not in attrs:
        return ()
    return tuple(ir.DenseI64ArrayAttr(attrs["ttkernel.unpack_to_dest"]))


def _logical_kernel(attr: ir.Attribute) -> LogicalKernelId:
    fields = _ttlang.kernel_attr_fields(attr)
    if fields is None:
        raise ValueError(f"kernel without resolved identity: {attr}")
    kind, name, operation = fields
    return LogicalKernelId(operation, name, _KINDS[kind])


def _core_ranges(attr: ir.Attribute) -> tuple[CoreRange, ...]:
    ranges = []
    for entry in ir.ArrayAttr(attr):
        x0, y0, x1, y1 = ir.DenseI64ArrayAttr(entry)
        ranges.append(CoreRange((x0, y0), (x1, y1)))
    return tuple(ranges)


def _abi(attr: ir.DictAttr) -> KernelABI:
    def slots(name: str) -> tuple[KernelArg, ...]:
        result = []
        for entry in ir.ArrayAttr(attr[name]):
            slot = ir.DictAttr(entry)
            result.append(
                KernelArg(
                    kind=ArgKind(ir.StringAttr(slot["kind"]).value),
                    ref=ir.StringAttr(slot["ref"]).value,
                    count=ir.IntegerAttr(slot["count"]).value,
                )
            )
        return tuple(result)

    return KernelABI(slots("compile_time"), slots("common_runtime"), slots("per_core_runtime"))


def _dataflow_buffer(entry: ir.DictAttr) -> DataflowBufferSpec:
    return DataflowBufferSpec(
        name=ir.StringAttr(entry["name"]).value,
        physical_index=ir.IntegerAttr(entry["index"]).value,
        data_format=ir.StringAttr(entry["data_format"]).value,
        page_size=ir.IntegerAttr(entry["page_size"]).value,
        total_size=ir.IntegerAttr(entry["total_size"]).value,
        block_shape=tuple(ir.DenseI64ArrayAttr(entry["block_shape"])),  # type: ignore[arg-type]
        block_count=ir.IntegerAttr(entry["block_count"]).value,
        reconfigured_blocks=ir.IntegerAttr(entry["reconfigured_blocks"]).value,
        location=ir.StringAttr(entry["location"]).value if "location" in entry else "",
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
