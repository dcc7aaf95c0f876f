"""Runtime-resource planning: checks one factory result completely and derives the program's
structural identity and the dispatch words, before any ttnn descriptor exists.

Every rule raises a :class:`~ttlang.runtime.errors.RuntimeResourceError` subclass; nothing is
materialized until :func:`plan` returns.
"""

from __future__ import annotations

import operator
import sys
from dataclasses import dataclass
from typing import Any, NamedTuple

from ttlang import _ttlang
from ttlang.artifact import KernelKind, LogicalKernelId
from ttlang.runtime import _ttnn
from ttlang.runtime.errors import (
    CoreRangeError,
    DefineError,
    ResourceTypeError,
    RuntimeArgsError,
    SemaphoreError,
)
from ttlang.runtime.fabric import ControlPlane, ResolvedBinding, validate_fabric
from ttlang.runtime.kernels import resolve_kernel
from ttlang.runtime.layout import MAX_SEMAPHORE_ID, UINT32_MAX, OperationLayout
from ttlang.runtime.records import (
    CoreRuntimeArgs,
    FabricConnectionBinding,
    KernelDefine,
    KernelRuntimeResources,
    ProgramRuntimeResources,
    core_xy,
    is_core_coord,
)

XY = tuple[int, int]

scan_core_runtime_args = _ttlang.scan_core_runtime_args


@dataclass(frozen=True)
class ArgShape:
    """The validated structure of one kernel's runtime args: coordinates in the factory's
    order and the order-free identity ``{(coordinate, number of words)}`` for the cache key."""

    order: tuple[XY, ...]
    identity: frozenset[tuple[XY, int]]


class KernelPlan(NamedTuple):
    """One kernel's validated resources (a named tuple: built for every kernel on every
    dispatch, and immutable)."""

    kernel: LogicalKernelId
    defines: tuple[tuple[str, str], ...]  # sorted by name
    shape: ArgShape
    values: list[tuple[int, ...]]  # caller words, aligned with shape.order

    @property
    def args(self) -> dict[XY, tuple[int, ...]]:
        """Caller words per coordinate."""
        return dict(zip(self.shape.order, self.values))


# A structure memo entry per (kernel, packed structure). Bounded so that a factory that keeps
# inventing new structures cannot grow it without limit (the program cache is what keeps programs).
MEMO_LIMIT = 4096


class ResourcePlan(NamedTuple):
    """A validated factory result.

    ``key`` is the structural identity (everything the spec lists, nothing that may change
    between dispatches of one cached program); ``kernels`` carry the dispatch words;
    ``semaphores`` the caller's descriptors; ``owners`` every object to retain.
    """

    key: tuple[Any, ...]
    kernels: dict[LogicalKernelId, KernelPlan]
    semaphores: tuple[Any, ...]
    fabric: tuple[ResolvedBinding, ...]
    owners: tuple[Any, ...]


def plan(
    layout: OperationLayout,
    result: object,
    first_free_semaphore_id: int,
    control_plane: ControlPlane,
    memo: dict[tuple[LogicalKernelId, bytes], ArgShape] | None = None,
    worker: Any = None,
) -> ResourcePlan:
    """Validates ``result`` completely. ``memo`` (owned by the operation's runtime, so by one
    layout) remembers argument structures already validated: the structural rules of per-core
    args are a function of the kernel and the packed (x, y, number of words) of its records, so
    a structure seen before needs no second check, and the per-word rules were settled when the
    immutable records were built (the planner re-checks every word of a record that did not
    pass them)."""
    if type(result) is not ProgramRuntimeResources:
        raise ResourceTypeError(
            f"runtime_resource_factory must return a ttl.ProgramRuntimeResources, got "
            f"{type(result).__name__}"
        )
    _check_shapes(result)
    semaphores = _check_semaphores(
        layout, result.semaphore_descriptors, first_free_semaphore_id, worker
    )
    kernels = _check_kernels(layout, result.kernel_resources, {} if memo is None else memo)
    owners = result.lifetimes
    fabric: tuple[ResolvedBinding, ...] = ()
    if result.fabric_bindings or layout.artifact.fabric_managers:
        fabric = validate_fabric(
            layout.artifact, result.fabric_bindings, layout.kernel_cores, control_plane, layout.emitted
        )
        for binding in fabric:
            owners = owners + binding.lifetimes
    entries = list(kernels.values())
    if len(entries) > 1:
        rank = layout.kernel_rank
        entries.sort(key=lambda entry: rank[entry.kernel])
    key = (
        tuple([identity for identity, _ in semaphores]),
        tuple([(entry.kernel, entry.defines, entry.shape.identity) for entry in entries]),
        tuple([binding.identity() for binding in fabric]),
    )
    return ResourcePlan(key, kernels, tuple([s for _, s in semaphores]), fabric, owners)


def _check_shapes(result: ProgramRuntimeResources) -> None:
    """Records are checked at construction; this catches records whose fields were replaced
    behind the frozen dataclass (object.__setattr__) so the planner never trusts a bad shape."""
    if not (
        type(result.semaphore_descriptors) is tuple
        and type(result.kernel_resources) is tuple
        and type(result.fabric_bindings) is tuple
        and type(result.lifetimes) is tuple
    ):
        for name in ("semaphore_descriptors", "kernel_resources", "fabric_bindings", "lifetimes"):
            if type(getattr(result, name)) is not tuple:
                raise ResourceTypeError(f"ProgramRuntimeResources.{name} must be a tuple")
    for entry in result.kernel_resources:
        if type(entry) is not KernelRuntimeResources:
            raise ResourceTypeError(
                f"ProgramRuntimeResources.kernel_resources must hold KernelRuntimeResources, got "
                f"{type(entry).__name__}"
            )
        if type(entry.runtime_args) is not tuple or type(entry.defines) is not tuple:
            raise ResourceTypeError("KernelRuntimeResources.runtime_args and .defines must be tuples")
    for binding in result.fabric_bindings:
        if type(binding) is not FabricConnectionBinding:
            raise ResourceTypeError(
                f"ProgramRuntimeResources.fabric_bindings must hold FabricConnectionBinding, got "
                f"{type(binding).__name__}"
            )


def _ranges_xy(core_range_set: Any) -> list[tuple[XY, XY]]:
    return [((r.start.x, r.start.y), (r.end.x, r.end.y)) for r in core_range_set.ranges()]


def _check_semaphores(
    layout: OperationLayout, semaphores: tuple[Any, ...], first_free: int, worker: Any = None
) -> list[tuple[tuple[Any, ...], Any]]:
    """``worker`` is the operation's worker CoreRangeSet (what the factory received): a
    semaphore on exactly those cores, the common case, skips reading its ranges one by one."""
    ttnn = _ttnn.ttnn() if semaphores else None
    cols, rows = layout.artifact.grid
    seen: set[int] = set()
    out = []
    for semaphore in semaphores:
        if not isinstance(semaphore, ttnn.SemaphoreDescriptor):
            raise ResourceTypeError(
                f"semaphore_descriptors must hold ttnn.SemaphoreDescriptor, got {type(semaphore).__name__}"
            )
        sid = semaphore.id
        if sid in seen:
            raise SemaphoreError(f"caller semaphore id {sid} is used more than once")
        if sid < first_free:
            raise SemaphoreError(
                f"caller semaphore id {sid} is below first_free_semaphore_id {first_free}: ids "
                f"[0, {first_free}) are compiler-managed"
            )
        if sid > MAX_SEMAPHORE_ID:
            raise SemaphoreError(
                f"caller semaphore id {sid} exceeds the hardware limit (max id {MAX_SEMAPHORE_ID})"
            )
        seen.add(sid)
        if semaphore.core_type != ttnn.CoreType.WORKER:
            raise CoreRangeError(f"caller semaphore {sid} must be on worker cores")
        core_ranges = semaphore.core_ranges
        if worker is not None and core_ranges == worker:
            identity = (sid, "worker", layout.worker_ranges, semaphore.initial_value)
            out.append((identity, semaphore))
            continue
        ranges = _ranges_xy(core_ranges)
        if not ranges:
            raise CoreRangeError(f"caller semaphore {sid} has no core ranges")
        for start, end in ranges:
            if not (0 <= start[0] <= end[0] < cols and 0 <= start[1] <= end[1] < rows):
                raise CoreRangeError(
                    f"caller semaphore {sid} range {start}-{end} is outside the operation worker "
                    f"range (0, 0)-({cols - 1}, {rows - 1})"
                )
        initial = semaphore.initial_value
        identity = (sid, "worker", tuple(sorted(ranges)), initial)
        out.append((identity, semaphore))
    out.sort(key=lambda item: item[0][0])
    return out


def _check_kernels(
    layout: OperationLayout,
    entries: tuple[KernelRuntimeResources, ...],
    memo: dict[tuple[LogicalKernelId, bytes], ArgShape],
) -> dict[LogicalKernelId, KernelPlan]:
    op = layout.artifact.operation_id
    plans: dict[LogicalKernelId, KernelPlan] = {}
    canonical = layout.canonical
    for entry in entries:
        selection = entry.kernel
        kernel = canonical.get(selection) if type(selection) is KernelKind else None
        if kernel is None:
            kernel = resolve_kernel(selection, op, layout.emitted)
        if kernel in plans:
            raise RuntimeArgsError(
                f"kernel '{kernel.name}' has more than one KernelRuntimeResources entry"
            )
        defines = _check_defines(kernel, entry.defines)
        runtime_args = entry.runtime_args
        scanned = scan_core_runtime_args(runtime_args)
        if scanned is None:  # some record needs its words checked one by one
            args = _checked_args(layout, kernel, runtime_args)
            shape = _shape(args)
            plans[kernel] = KernelPlan(kernel, defines, shape, list(args.values()))
            continue
        structure, values = scanned
        memo_key = (kernel, structure)
        shape = memo.get(memo_key)
        if shape is None:
            shape = _shape(_checked_args(layout, kernel, runtime_args))
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[memo_key] = shape
        plans[kernel] = KernelPlan(kernel, defines, shape, values)
    return plans


def _shape(args: dict[XY, tuple[int, ...]]) -> ArgShape:
    return ArgShape(tuple(args), frozenset(zip(args, map(len, args.values()))))


def _checked_args(
    layout: OperationLayout, kernel: LogicalKernelId, runtime_args: tuple[Any, ...]
) -> dict[XY, tuple[int, ...]]:
    worker = layout.worker_cores
    core_owner = layout.core_owner
    descriptors = layout.descriptors
    args: dict[XY, tuple[int, ...]] = {}
    for core_args in runtime_args:
        if type(core_args) is not CoreRuntimeArgs:
            raise ResourceTypeError(
                f"runtime_args of kernel '{kernel.name}' must hold CoreRuntimeArgs, got "
                f"{type(core_args).__name__}"
            )
        core = core_args.core
        if not is_core_coord(core):
            raise ResourceTypeError(
                f"runtime-arg coordinate must be a ttnn.CoreCoord or an (x, y) tuple of ints, got "
                f"{core!r}"
            )
        xy = core_xy(core)
        if xy not in worker:
            cols, rows = layout.artifact.grid
            raise CoreRangeError(
                f"kernel '{kernel.name}': runtime-arg coordinate {xy} is outside the operation "
                f"worker range (0, 0)-({cols - 1}, {rows - 1})"
            )
        if xy in args:
            raise RuntimeArgsError(
                f"kernel '{kernel.name}': runtime-arg coordinate {xy} occurs more than once"
            )
        owner = core_owner.get((kernel, xy))
        if owner is None:
            raise CoreRangeError(
                f"kernel '{kernel.name}': runtime-arg coordinate {xy} matches no descriptor of "
                "the kernel (it does not run there)"
            )
        if descriptors[owner].caller_slot is None and core_args.values:
            raise RuntimeArgsError(
                f"kernel '{kernel.name}' takes no caller runtime arguments (its ABI has no "
                "caller-argument slot)"
            )
        args[xy] = _check_values(kernel, xy, core_args.values)
    return args


def _check_values(kernel: LogicalKernelId, xy: XY, values: Any) -> tuple[int, ...]:
    if type(values) is not tuple:
        raise ResourceTypeError(f"CoreRuntimeArgs.values at {xy} must be a tuple")
    words = values
    for position, value in enumerate(values):
        if type(value) is not int:
            if _is_boolean(value) or not hasattr(type(value), "__index__"):
                raise RuntimeArgsError(
                    f"kernel '{kernel.name}' core {xy}: value {position} ({value!r}, "
                    f"{type(value).__name__}) must be an integer-indexable, non-boolean object"
                )
            words = tuple(map(operator.index, values))
            value = words[position]
        if not 0 <= value <= UINT32_MAX:
            raise RuntimeArgsError(
                f"kernel '{kernel.name}' core {xy}: value {position} ({value}) does not fit in "
                "an unsigned 32-bit runtime argument"
            )
    return words


def _is_boolean(value: object) -> bool:
    if isinstance(value, bool):
        return True
    numpy = sys.modules.get("numpy")  # a numpy bool can only exist if numpy is loaded
    return numpy is not None and isinstance(value, numpy.bool_)


def _check_defines(kernel: LogicalKernelId, defines: tuple[Any, ...]) -> tuple[tuple[str, str], ...]:
    names: dict[str, str] = {}
    for define in defines:
        if type(define) is not KernelDefine:
            raise ResourceTypeError(
                f"defines of kernel '{kernel.name}' must hold KernelDefine, got {type(define).__name__}"
            )
        name, value = define.name, define.value
        if type(name) is not str or type(value) is not str:
            raise DefineError(f"kernel '{kernel.name}': definition names and values must be strings")
        if name in names:
            raise DefineError(f"kernel '{kernel.name}': definition '{name}' occurs more than once")
        names[name] = value
    return tuple(sorted(names.items()))
