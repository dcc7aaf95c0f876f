"""TT-Metal kernel backend: split TTL kernels -> C++ kernel sources and their records.

Runs the C++ ``ttl-backend-pipeline`` (core specialization, TTL -> EmitC, cleanup) on a module
whose operations are split into kernel functions, translates each resulting ``emitc.file`` to
C++ in-process (``emitc::translateToCpp``) and turns the ``#ttl.kernel_record`` the conversion
left on each file (TTLAttrs.td, docs/kernel-abi.md), read by name through its typed attribute
classes (``_ttlang.KernelRecordAttr`` and its parts over the C API), into :mod:`ttlang.artifact`
records. Nothing is re-derived here: processor roles, core ranges, ABIs with their finished
words and DFB specs all come from the C++ passes. :func:`check_records` goes the other way: it
builds an artifact's records through the attributes' C++ verifiers, which is how the runtime
checks an artifact it did not get from the compiler.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass

from mlir import ir

from ttlang import _ttlang
from ttlang.artifact import (
    ARG_KIND_OF_IR,
    DATA_FORMAT_OF_IR,
    DFB_LAYOUT_OF_IR,
    KERNEL_KIND_OF_IR,
    ROLE_OF_IR,
    CompiledArtifact,
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
from ttlang.mlir_context import run_pipeline, thread_compile_context

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
        kernel = _descriptor(record, sources[file_id])
        logical_kernel = kernel.logical_kernel
        kernels.append(kernel)
        for config in record.dfb_configurations:
            configs.setdefault(config.name, DataflowBufferConfigSpec(config.name, config.dfb, config.address))
        # Recorded before core specialization: every descriptor of a logical kernel has the same.
        for claim in record.fabric_claims:
            claims.setdefault(
                (logical_kernel, claim.name),
                FabricManagerSpec(logical_kernel, claim.name, True, claim.start, claim.end),
            )
        for dfb in record.dataflow_buffers:
            dfbs.setdefault(dfb.index, _dataflow_buffer(dfb))
    return BackendOutput(
        tuple(kernels),
        tuple(dfbs[i] for i in sorted(dfbs)),
        tuple(configs[n] for n in sorted(configs)),
        tuple(claims[key] for key in sorted(claims, key=lambda k: (k[0].name, k[1]))),
        *_pipe_semaphores(module),
    )


def _descriptor(record: _ttlang.KernelRecordAttr, source: str) -> KernelDescriptorSpec:
    kernel, abi = record.kernel, record.abi
    return KernelDescriptorSpec(
        logical_kernel=LogicalKernelId(kernel.operation, kernel.name, KERNEL_KIND_OF_IR[kernel.kind]),
        role=ROLE_OF_IR[record.role],
        core_ranges=tuple(CoreRange((r.x0, r.y0), (r.x1, r.y1)) for r in record.core_ranges),
        source=source,
        abi=KernelABI(_slots(abi.compile_time), _slots(abi.common_runtime), _slots(abi.per_core_runtime)),
        include_paths=record.include_paths + ((PROJECT_INCLUDE_DIR,) if record.project_include else ()),
        fp32_dest_acc_en=record.fp32_dest_acc_en,
        unpack_to_dest=record.unpack_to_dest,
    )


def _pipe_semaphores(module: ir.Module) -> tuple[int, tuple[PipeSemaphoreSpec, ...]]:
    """The module's ``ttl.pipe_semaphore_count`` and ``ttl.pipe_semaphore_names``
    (ttl-plan-pipes; TTLPipes.h), read back as records."""
    attributes = _ttlang.module_records(module, [_SEMAPHORE_COUNT, _SEMAPHORE_NAMES])
    if _SEMAPHORE_COUNT not in attributes:
        return 0, ()
    specs = []
    for *words, text in attributes[_SEMAPHORE_NAMES]:
        ready, valid, sx, sy, *corners = words
        rectangles = tuple(tuple(corners[i : i + 4]) for i in range(0, len(corners), 4))
        specs.append(PipeSemaphoreSpec(ready, valid, (sx, sy), rectangles, text))
    return attributes[_SEMAPHORE_COUNT], tuple(specs)


_SEMAPHORE_COUNT = "ttl.pipe_semaphore_count"
_SEMAPHORE_NAMES = "ttl.pipe_semaphore_names"


# Headers this project provides to kernels (ttlang/dfb_descriptor.hpp), added to the include
# paths of a kernel whose record says ``project_include``.
PROJECT_INCLUDE_DIR = str(pathlib.Path(__file__).resolve().parent / "include")


def _slots(slots: tuple[_ttlang.KernelArgAttr, ...]) -> tuple[KernelArg, ...]:
    return tuple(KernelArg(ARG_KIND_OF_IR[a.kind], a.ref, a.count, a.words) for a in slots)


def _dataflow_buffer(dfb: _ttlang.DataflowBufferSpecAttr) -> DataflowBufferSpec:
    return DataflowBufferSpec(
        dfb.name, dfb.index, DATA_FORMAT_OF_IR[dfb.data_format], dfb.page_size, dfb.total_size,
        dfb.block_shape, dfb.block_count, dfb.reconfigured_blocks, dfb.location,
        DFB_LAYOUT_OF_IR[dfb.layout],
    )


# The artifact's enums -> the IR enums' values (what the records' `get` take).
_IR_OF_KERNEL_KIND = {kind: value for value, kind in KERNEL_KIND_OF_IR.items()}
_IR_OF_ROLE = {role: value for value, role in ROLE_OF_IR.items()}
_IR_OF_ARG_KIND = {kind: value for value, kind in ARG_KIND_OF_IR.items()}
_IR_OF_DATA_FORMAT = {name: value for value, name in DATA_FORMAT_OF_IR.items()}
_IR_OF_DFB_LAYOUT = {name: value for value, name in DFB_LAYOUT_OF_IR.items()}


def check_records(artifact: CompiledArtifact) -> None:
    """Builds the ``#ttl.kernel_record`` of every kernel descriptor of ``artifact`` through the
    attributes' C++ verifiers (TTLAttrs.cpp), the inverse of :func:`collect_kernels`: the records
    of an artifact read from the compile cache, an emitted runner or built by hand obey the
    compiler's rules. Each record holds the artifact's DFBs, DFB configurations and the kernel's
    fabric claims. Raises ``_ttlang.RecordError`` naming the descriptor and the broken rule."""
    with thread_compile_context():
        dfbs = [
            _ttlang.DataflowBufferSpecAttr.get(
                d.name, d.physical_index, _IR_OF_DATA_FORMAT[d.data_format], d.page_size, d.total_size,
                list(d.block_shape), d.block_count, d.reconfigured_blocks, d.location,
                _IR_OF_DFB_LAYOUT[d.layout])
            for d in artifact.dataflow_buffers
        ]
        configs = [
            _ttlang.DataflowBufferConfigAttr.get(c.name, c.dataflow_buffer, c.address)
            for c in artifact.dfb_configurations
        ]
        for index, spec in enumerate(artifact.kernels):
            try:
                _record(spec, artifact, dfbs, configs)
            except _ttlang.RecordError as err:
                raise _ttlang.RecordError(
                    f"descriptor {index} of kernel '{spec.logical_kernel.name}': {err}") from None


def _record(spec: KernelDescriptorSpec, artifact: CompiledArtifact, dfbs: list[ir.Attribute],
            configs: list[ir.Attribute]) -> _ttlang.KernelRecordAttr:
    kernel = spec.logical_kernel
    abi = spec.abi
    return _ttlang.KernelRecordAttr.get(
        _ttlang.KernelAttr.get(_IR_OF_KERNEL_KIND[kernel.kind], kernel.name, kernel.operation_id),
        _IR_OF_ROLE[spec.role],
        [_ttlang.CoreRangeAttr.get(*r.start, *r.end) for r in spec.core_ranges],
        _ttlang.KernelABIAttr.get(
            *([_ttlang.KernelArgAttr.get(_IR_OF_ARG_KIND[a.kind], a.ref, a.count, list(a.words)) for a in slots]
              for slots in (abi.compile_time_args, abi.common_runtime_args, abi.per_core_runtime_args))),
        dfbs,
        configs,
        [path for path in spec.include_paths if path != PROJECT_INCLUDE_DIR],
        PROJECT_INCLUDE_DIR in spec.include_paths,
        spec.fp32_dest_acc_en,
        list(spec.unpack_to_dest),
        [
            _ttlang.FabricClaimIntervalAttr.get(m.name, m.start, m.end)
            for m in artifact.fabric_managers
            if m.external and m.logical_kernel == kernel
        ],
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
