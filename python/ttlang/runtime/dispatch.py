"""Executing a compiled operation: factory, planner, cache, materializer, then ttnn.generic_op
on a device or an explicit compile-only result without one.

:class:`OperationRuntime` is the one entry point for decorated operations and emitted runners:
the frontend creates one per compiled artifact and calls :meth:`OperationRuntime.run` on every
execution.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ttlang import _ttlang
from ttlang.artifact import CompiledArtifact, LogicalKernelId
from ttlang.runtime import _ttnn
from ttlang.runtime.cache import ProgramCache, canonical
from ttlang.runtime.errors import DispatchError, RuntimeResourceError
from ttlang.runtime.fabric import ControlPlane
from ttlang.runtime.kernels import resolve_kernel
from ttlang.runtime.layout import UINT32_MAX, OperationLayout, build_layout
from ttlang.runtime.materializer import (
    DispatchValues,
    ProgramTemplate,
    WordsByDescriptor,
    build_template,
    core_range_set,
    hit_words_record,
    materialize,
    common_into,
    materialize_hit,
    memo_writes,
)
from ttlang.runtime.planner import MEMO_LIMIT, ResourcePlan, plan
from ttlang.runtime.records import KernelDefine, KernelRuntimeResources, ProgramRuntimeResources, slot_setters

XY = tuple[int, int]
RuntimeResourceFactory = Callable[..., ProgramRuntimeResources]

_EMPTY = ProgramRuntimeResources()


@dataclass(frozen=True, slots=True, init=False)
class DispatchResult:
    """One execution. ``compile_only`` results were not run on any device: their program is
    complete but tensor buffer addresses are unresolved (0), since host tensors have none."""

    program: Any  # ttnn.ProgramDescriptor
    compile_only: bool
    cache_hit: bool
    program_hash: int
    descriptor_kernels: tuple[LogicalKernelId, ...]  # logical kernel of each kernel descriptor
    descriptor_cores: tuple[tuple[XY, ...], ...]
    runtime_args: Mapping[int, Mapping[XY, tuple[int, ...]]]  # descriptor index -> core -> words
    output: Any = None
    # Ran on ttlang's emulated device (ttlang.emu): an emulated result, not a hardware one.
    emulated: bool = False

    def __init__(self, program: Any, compile_only: bool, cache_hit: bool, program_hash: int,
                 descriptor_kernels: tuple[LogicalKernelId, ...], descriptor_cores: tuple[tuple[XY, ...], ...],
                 runtime_args: Mapping[int, Mapping[XY, tuple[int, ...]]], output: Any = None,
                 emulated: bool = False) -> None:
        # one per dispatch: through the slots' setters (records.slot_setters)
        s = _RESULT_SETTERS
        s[0](self, program)
        s[1](self, compile_only)
        s[2](self, cache_hit)
        s[3](self, program_hash)
        s[4](self, descriptor_kernels)
        s[5](self, descriptor_cores)
        s[6](self, runtime_args)
        s[7](self, output)
        s[8](self, emulated)

    def describe(self) -> str:
        program = self.program
        if self.compile_only:
            mode = "compile-only (no device: nothing was executed)"
        elif self.emulated:
            mode = "ran on the emulated device (an emulated result, not hardware)"
        else:
            mode = "dispatched"
        lines = [
            f"program {self.program_hash:#018x}: {mode}, cache {'hit' if self.cache_hit else 'miss'}",
            f"  semaphores: " + ", ".join(f"id {s.id} init {s.initial_value}" for s in program.semaphores),
            f"  circular buffers: " + ", ".join(
                f"index {cb.format_descriptors[0].buffer_index} {cb.total_size} B" for cb in program.cbs
            ),
        ]
        for index, kernel in enumerate(program.kernels):
            lines.append(
                f"  descriptor {index}: kernel '{self.descriptor_kernels[index].name}' on "
                f"{kernel.core_ranges}, compile-time args {list(kernel.compile_time_args)}, "
                f"defines {list(kernel.defines)}, common runtime args {list(kernel.common_runtime_args)}"
            )
            for xy, words in sorted(self.runtime_args[index].items(), key=lambda i: (i[0][1], i[0][0])):
                lines.append(f"    core {xy}: {list(words)}")
        return "\n".join(lines)


_RESULT_SETTERS = slot_setters(DispatchResult)


class OperationRuntime:
    """Runtime state of one compiled operation: its layout, program cache and retained owners."""

    def __init__(
        self,
        artifact: CompiledArtifact,
        *,
        control_plane: ControlPlane | None = None,
        cache: ProgramCache | None = None,
    ) -> None:
        self.artifact = artifact
        self.layout = build_layout(artifact)
        self.control_plane = control_plane or ControlPlane.single_device()
        self.cache = cache if cache is not None else ProgramCache()
        self._artifact_digest = hashlib.blake2b(canonical(artifact).encode(), digest_size=16).hexdigest()
        self._core_ranges: Any = None
        self._first_free = self.layout.first_free_semaphore_id
        self._retained: tuple[Any, ...] = ()
        # Circular-buffer index -> (DFB name, "file:line") for the emulated device's reports.
        self._dfb_names = {
            dfb.physical_index: (dfb.name, dfb.location or None) for dfb in artifact.dataflow_buffers
        }
        # Argument structures this operation already validated (see planner.plan).
        self._arg_shapes: dict[Any, Any] = {}
        # Structures the planner validated, matched in C++ on the hit path (_memo_dispatch);
        # created on the first planned dispatch. An operation with fabric managers always takes
        # the planner (its fabric rules apply to every call).
        self._memo: Any = None
        self._memo_enabled = not artifact.fabric_managers
        self._compile_only_values = DispatchValues((0,) * len(artifact.tensors), {})
        self._tensor_count = len(artifact.tensors)
        self._uses_resources = artifact.uses_runtime_resources
        self._scalar_names = tuple(
            sorted(
                {
                    arg.ref
                    for desc in self.layout.descriptors
                    for arg in desc.common_slots + desc.per_core_slots
                    if arg.kind.value == "scalar"
                }
            )
        )

    @property
    def retained_owners(self) -> tuple[Any, ...]:
        """Owners of the last successful execution, referenced until the next one succeeds."""
        return self._retained

    @property
    def first_free_semaphore_id(self) -> int:
        return self.layout.first_free_semaphore_id

    def core_ranges(self) -> Any:
        """The operation worker cores as a ttnn.CoreRangeSet (what the factory receives)."""
        if self._core_ranges is None:
            self._core_ranges = core_range_set(_ttnn.ttnn(), sorted(self.layout.worker_cores))
        return self._core_ranges

    def run(
        self,
        tensors: Sequence[Any],
        *,
        runtime_resource_factory: RuntimeResourceFactory | None = None,
        device: Any = None,
        scalars: Mapping[str, int] | None = None,
    ) -> DispatchResult:
        """Executes once: ``device=None`` is the explicit compile-only dispatch (the whole planner
        and materializer run, the program is returned, nothing executes)."""
        tensors = tuple(tensors)
        workload = getattr(device, "run_mesh_workload", None)
        if workload is not None:
            # A mesh of devices (ttlang.emu.MeshDevice): one program per device, as ttnn's mesh
            # workloads run; each device's execution comes back here with its own tensors.
            return workload(
                partial(self.run, runtime_resource_factory=runtime_resource_factory, scalars=scalars), tensors
            )
        artifact = self.artifact
        if len(tensors) != self._tensor_count:
            raise DispatchError(
                f"operation '{artifact.operation_name}' takes {len(artifact.tensors)} tensors, got "
                f"{len(tensors)}"
            )
        uses_resources = self._uses_resources
        rejection = getattr(device, "runtime_resources_rejection", None)
        if rejection is not None and (uses_resources or runtime_resource_factory is not None):
            # A device that rejects runtime_resource_factory (ttlang-sim's: the spec's simulator
            # does, before the factory runs) names the error it raises.
            raise rejection(artifact.operation_name)
        scalar_values = self._check_scalars(scalars or {}) if scalars or self._scalar_names else {}
        if uses_resources and runtime_resource_factory is None:
            raise DispatchError(
                f"operation '{artifact.operation_name}' uses runtime resources: pass "
                "runtime_resource_factory= on every call"
            )
        if not uses_resources and runtime_resource_factory is not None:
            raise DispatchError(
                f"operation '{artifact.operation_name}' was not compiled with "
                "runtime_resource_factory=, so it takes no runtime resources"
            )
        first_free = self._first_free
        if runtime_resource_factory is None:
            result: object = _EMPTY
        else:
            result = runtime_resource_factory(
                tensors=tensors,
                core_ranges=self._core_ranges or self.core_ranges(),
                first_free_semaphore_id=first_free,
            )
        if device is None and not scalar_values:
            values = self._compile_only_values  # one object: the template sees it is unchanged
        else:
            values = DispatchValues(self._addresses(tensors, device), scalar_values)
        dispatched = self._memo_dispatch(result, values) if self._memo is not None else None
        if dispatched is None:
            dispatched = self._planned_dispatch(result, values)
        template, program, words, owners, hit = dispatched
        output = None
        emulated = device is not None and getattr(device, "is_emulated", False)
        if emulated:
            output = device.execute(
                tensors,
                program,
                dataflow_buffers=self._dfb_names,
                kernel_names=[kernel.name for kernel in template.descriptor_kernels],
            )
        elif device is not None:
            output = _ttnn.ttnn().generic_op(list(tensors), program)
        # Only a successful execution replaces the owners; a failure above keeps the last ones.
        self._retained = owners
        return DispatchResult(
            program,
            device is None,
            hit,
            template.program_hash,
            template.descriptor_kernels,
            template.descriptor_cores,
            words,
            output,
            emulated,
        )

    def _memo_dispatch(self, result: object, values: DispatchValues) -> _Dispatched | None:
        """The cache-hit path: a result whose whole structure the planner validated before
        (matched in full by the C++ memo, which also checks every record's types and words) is
        valid again and selects the same template; only its words are new. None when the memo
        does not know the structure: the planner decides."""
        memo = self._memo
        found = memo.dispatch(result, values)  # match, and the template's pooled program
        if found is None:
            return None
        ((template, entry_kernels), entry), program, stale = found
        if program is None:  # every pooled program is referenced: write the template, copy it
            program = materialize_hit(template, memo, entry, result, values)
            if program is None:
                return None
        elif stale:
            common_into(template, program.kernels, values)
        self.cache.count_hit()
        # From the immutable result and the kernels its entries selected at this call (a handle
        # rebound later does not change what this dispatch wrote).
        words = WordsByDescriptor(None, partial(hit_words_record, template, entry_kernels, result, values))
        return template, program, words, result.lifetimes, True  # type: ignore[attr-defined]

    def _planned_dispatch(self, result: object, values: DispatchValues) -> _Dispatched:
        """The planner validates ``result`` (raising the documented errors), its order-free key
        selects or builds the template, the materializer writes the words; then the memo learns
        the result's structure so that the next dispatch of it takes the hit path."""
        resource_plan = plan(
            self.layout, result, self._first_free, self.control_plane, self._arg_shapes, self._core_ranges
        )
        key = (self._artifact_digest, resource_plan.key)
        template = self.cache.lookup(key)
        hit = template is not None
        if template is None:
            template = self.cache.insert(
                key, lambda program_hash: build_template(self.layout, resource_plan, program_hash)
            )
        program, words = materialize(template, resource_plan, values)
        if self._memo_enabled and not resource_plan.fabric:
            writes = memo_writes(template, resource_plan)
            if writes is not None:
                entry_kernels = tuple(resource_plan.kernels)  # in the factory's entry order
                self._dispatch_memo().remember(result, (template, entry_kernels), writes, template.pool)
        return template, program, words, resource_plan.owners, hit

    def _dispatch_memo(self) -> Any:
        if self._memo is None:
            ttnn = _ttnn.ttnn()
            layout = self.layout
            rank = layout.kernel_rank
            self._memo = _ttlang.DispatchMemo(
                ProgramRuntimeResources,
                KernelRuntimeResources,
                KernelDefine,
                ttnn.SemaphoreDescriptor,
                ttnn.CoreType.WORKER,
                self.core_ranges(),
                [(kind, rank[kernel]) for kind, kernel in layout.canonical.items()],
                partial(_memo_rank, layout),
                MEMO_LIMIT,
            )
        return self._memo

    def plan(self, result: object) -> ResourcePlan:
        """Validates a factory result without materializing anything."""
        return plan(
            self.layout, result, self.first_free_semaphore_id, self.control_plane, self._arg_shapes
        )

    def _check_scalars(self, scalars: Mapping[str, int]) -> dict[str, int]:
        values = {}
        for name in self._scalar_names:
            value = scalars.get(name)
            if type(value) is not int or not 0 <= value <= UINT32_MAX:
                raise DispatchError(f"scalar argument '{name}' needs an unsigned 32-bit int, got {value!r}")
            values[name] = value
        return values

    @staticmethod
    def _addresses(tensors: tuple[Any, ...], device: Any) -> tuple[int, ...]:
        if device is None:
            return (0,) * len(tensors)
        return tuple(int(t.buffer_address()) for t in tensors)


# (template, program, words by descriptor, owners to retain, cache hit)
_Dispatched = tuple[ProgramTemplate, Any, WordsByDescriptor, tuple[Any, ...], bool]


def _memo_rank(layout: OperationLayout, selection: object) -> int | None:
    """The rank of the kernel a handle or LogicalKernelId selects, for the memo's key; None for a
    selection the planner must reject (it raises the documented error)."""
    try:
        kernel = resolve_kernel(selection, layout.artifact.operation_id, layout.emitted)
    except RuntimeResourceError:
        return None
    return layout.kernel_rank[kernel]


def run_operation(
    runtime: OperationRuntime,
    tensors: Sequence[Any],
    *,
    runtime_resource_factory: RuntimeResourceFactory | None = None,
    device: Any = None,
) -> DispatchResult:
    """The frontend's hook: what ``@ttl.operation`` calls with its compiled runtime."""
    return runtime.run(tensors, runtime_resource_factory=runtime_resource_factory, device=device)
