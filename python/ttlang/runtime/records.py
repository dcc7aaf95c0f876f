"""The typed records a runtime resource factory returns.

All records are frozen and every collection field is a tuple. Constructors check field types and
raise :class:`~ttlang.runtime.errors.ResourceTypeError` (or :class:`DefineError` for
definitions); the planner checks the whole result again, including the value rules that need the
operation (coordinates, ids, kernels), before anything is materialized.

A worker coordinate is a ``ttnn.CoreCoord`` or an ``(x, y)`` tuple of ints (``x`` = column).
A logical device is a mesh coordinate: a tuple of ints such as ``(row, col)``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ttlang import _ttlang
from ttlang.artifact import KernelKind, enum_of_ir
from ttlang.dialects._ttl_enum_gen import FabricManagerPhase as _IRFabricManagerPhase
from ttlang.runtime import _ttnn
from ttlang.runtime.errors import DefineError, ResourceTypeError
from ttlang.runtime.kernels import describe_selection, is_kernel_selection


def _fail(record: str, field: str, expected: str, value: object) -> None:
    raise ResourceTypeError(f"{record}.{field} must be {expected}, got {type(value).__name__}")


_all_of_type = _ttlang.all_of_type


# ttnn.SemaphoreDescriptor, once ttnn is loaded: a constant from then on (the real ttnn is
# loaded once per process); looked up on every ProgramRuntimeResources.
_SEMAPHORE_TYPE: list[type] = []


def _semaphore_type() -> type | None:
    if _SEMAPHORE_TYPE:
        return _SEMAPHORE_TYPE[0]
    ttnn = _ttnn.loaded()
    if ttnn is None:
        return None
    _SEMAPHORE_TYPE.append(ttnn.SemaphoreDescriptor)
    return _SEMAPHORE_TYPE[0]


def _check_tuple(record: str, field: str, value: object, item_type: type | None = None) -> None:
    if type(value) is not tuple:
        _fail(record, field, "a tuple", value)
    # one C pass instead of a per-item loop: runtime_args hold one record per core
    if item_type is not None and not _ttlang.all_of_type(value, item_type):
        bad = next(item for item in value if type(item) is not item_type)  # type: ignore[union-attr]
        _fail(record, field, f"a tuple of {item_type.__name__}", bad)


def is_core_coord(obj: object) -> bool:
    if type(obj) is tuple:
        return len(obj) == 2 and type(obj[0]) is int and type(obj[1]) is int
    ttnn = _ttnn.loaded()
    return ttnn is not None and isinstance(obj, ttnn.CoreCoord)


def core_xy(obj: Any) -> tuple[int, int]:
    """``(x, y)`` of a checked coordinate."""
    return obj if type(obj) is tuple else (obj.x, obj.y)


def is_device_coord(obj: object) -> bool:
    return type(obj) is tuple and len(obj) > 0 and all(type(v) is int for v in obj)


@dataclass(frozen=True, slots=True)
class KernelDefine:
    """One JIT definition (``#define name value``) of a logical kernel."""

    name: str
    value: str

    def __post_init__(self) -> None:
        if type(self.name) is not str:
            raise DefineError(f"KernelDefine name must be a str, got {type(self.name).__name__}")
        if type(self.value) is not str:
            raise DefineError(
                f"KernelDefine '{self.name}' value must be a str, got {type(self.value).__name__}"
            )


# ``CoreRuntimeArgs(core, values)``: the ordered per-core runtime words of one worker
# coordinate. ``values`` are dispatch words: they may change on every call while the cached
# program is reused; each must be integer-indexable (``operator.index``), not a bool, and fit in
# 32 bits. A factory builds one per core per kernel on every dispatch, so the record is an
# immutable C++ type (python/ext/RuntimeBindings.cpp) that summarizes its structure for the
# planner at construction; shapes other than ``((x, y), (int, ...))`` come through here.
CoreRuntimeArgs = _ttlang.CoreRuntimeArgs


def _normalize_core_args(core: Any, values: Any) -> tuple[int, int]:
    if type(values) is not tuple:
        _fail("CoreRuntimeArgs", "values", "a tuple", values)
    if not is_core_coord(core):
        _fail("CoreRuntimeArgs", "core", "a ttnn.CoreCoord or an (x, y) tuple of ints", core)
    return core_xy(core)


CoreRuntimeArgs._normalize = staticmethod(_normalize_core_args)


def slot_setters(cls: type) -> tuple[Any, ...]:
    """The ``__set__`` of each field's slot, in field order. Records built on every dispatch
    (KernelRuntimeResources, ProgramRuntimeResources, DispatchResult) are frozen dataclasses with
    ``init=False`` whose own ``__init__`` sets fields through these, at about half the cost of the
    generated one (``object.__setattr__`` per field)."""
    return tuple(cls.__dict__[field.name].__set__ for field in dataclasses.fields(cls))


@dataclass(frozen=True, slots=True, init=False)
class KernelRuntimeResources:
    """Per-core runtime words and JIT definitions of one logical kernel."""

    kernel: Any  # KernelKind | LogicalKernelId | a Kernel handle
    runtime_args: tuple[CoreRuntimeArgs, ...] = ()
    defines: tuple[KernelDefine, ...] = ()

    def __init__(self, kernel: Any, runtime_args: tuple[CoreRuntimeArgs, ...] = (),
                 defines: tuple[KernelDefine, ...] = ()) -> None:
        _KRR_SETTERS[0](self, kernel)
        _KRR_SETTERS[1](self, runtime_args)
        _KRR_SETTERS[2](self, defines)
        if (
            type(kernel) is not KernelKind
            or not _all_of_type(runtime_args, CoreRuntimeArgs)
            or not _all_of_type(defines, KernelDefine)
        ):
            self._check_fields()  # the common shape is checked above, in C

    def _check_fields(self) -> None:
        if not is_kernel_selection(self.kernel):
            _fail(
                "KernelRuntimeResources",
                "kernel",
                "a KernelKind, a LogicalKernelId or a Kernel handle",
                self.kernel,
            )
        _check_tuple("KernelRuntimeResources", "runtime_args", self.runtime_args, CoreRuntimeArgs)
        _check_tuple("KernelRuntimeResources", "defines", self.defines, KernelDefine)


_KRR_SETTERS = slot_setters(KernelRuntimeResources)


# ACQUIRE, USE, RELEASE, SCOPED: TTL_FabricManagerPhase (TTLAttrs.td), whose cases say what
# each does; ``phase.value`` is its IR spelling (``#ttl.fabric_manager<acquire, ...>``).
FabricManagerPhase = enum_of_ir(
    "FabricManagerPhase", _IRFabricManagerPhase, "What an external call does with a claimed fabric manager."
)


@dataclass(frozen=True, slots=True)
class FabricManagerCall:
    """Marks one opaque external call as acquiring, using or releasing a claimed manager."""

    claim: FabricManagerClaim
    phase: FabricManagerPhase


@dataclass(frozen=True, slots=True)
class FabricManagerClaim:
    """One external fabric manager owned by opaque calls of one logical kernel.

    The claim records ownership of routing-plane connections without exposing the external
    kernel's runtime-argument ABI. Pass ``claim.acquire()``, ``claim.use()`` and
    ``claim.release()`` to the external calls that open, use and close the manager, or
    ``claim.scoped()`` to one call that does all three. Ownership starts when the acquiring call
    starts and ends after the releasing call returns.
    """

    kernel: Any  # KernelKind | LogicalKernelId | a Kernel handle
    name: str

    def __post_init__(self) -> None:
        if not is_kernel_selection(self.kernel):
            _fail(
                "FabricManagerClaim", "kernel", "a KernelKind, a LogicalKernelId or a Kernel handle",
                self.kernel,
            )
        if type(self.name) is not str or not self.name:
            _fail("FabricManagerClaim", "name", "a non-empty str", self.name)

    def acquire(self) -> FabricManagerCall:
        return FabricManagerCall(self, FabricManagerPhase.ACQUIRE)

    def use(self) -> FabricManagerCall:
        return FabricManagerCall(self, FabricManagerPhase.USE)

    def release(self) -> FabricManagerCall:
        return FabricManagerCall(self, FabricManagerPhase.RELEASE)

    def scoped(self) -> FabricManagerCall:
        return FabricManagerCall(self, FabricManagerPhase.SCOPED)

    def __repr__(self) -> str:
        return f"FabricManagerClaim({describe_selection(self.kernel)}, {self.name!r})"


@dataclass(frozen=True, slots=True)
class FabricConnectionRequirement:
    """Reserves forwarding link ``fixed_link_index`` towards ``destination`` for the given
    logical devices and worker nodes."""

    logical_devices: tuple[tuple[int, ...], ...]
    worker_nodes: tuple[Any, ...]  # of ttnn.CoreCoord | (x, y)
    destination: tuple[int, ...]
    fixed_link_index: int

    def __post_init__(self) -> None:
        record = "FabricConnectionRequirement"
        _check_tuple(record, "logical_devices", self.logical_devices)
        for device in self.logical_devices:
            if not is_device_coord(device):
                _fail(record, "logical_devices", "a tuple of device coordinates (int tuples)", device)
        _check_tuple(record, "worker_nodes", self.worker_nodes)
        for node in self.worker_nodes:
            if not is_core_coord(node):
                _fail(record, "worker_nodes", "a tuple of ttnn.CoreCoord or (x, y)", node)
        if not is_device_coord(self.destination):
            _fail(record, "destination", "a device coordinate (a tuple of ints)", self.destination)
        if type(self.fixed_link_index) is not int:
            _fail(record, "fixed_link_index", "an int", self.fixed_link_index)


@dataclass(frozen=True, slots=True)
class FabricConnectionBinding:
    """The connections one captured :class:`FabricManagerClaim` needs for this execution."""

    claim: FabricManagerClaim
    requirements: tuple[FabricConnectionRequirement, ...]
    abi_identity: str
    lifetimes: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        record = "FabricConnectionBinding"
        if type(self.claim) is not FabricManagerClaim:
            _fail(record, "claim", "a FabricManagerClaim", self.claim)
        _check_tuple(record, "requirements", self.requirements, FabricConnectionRequirement)
        if type(self.abi_identity) is not str:
            _fail(record, "abi_identity", "a str", self.abi_identity)
        _check_tuple(record, "lifetimes", self.lifetimes)


@dataclass(frozen=True, slots=True, init=False)
class ProgramRuntimeResources:
    """What a runtime resource factory returns for one device execution."""

    semaphore_descriptors: tuple[Any, ...] = ()  # of ttnn.SemaphoreDescriptor
    kernel_resources: tuple[KernelRuntimeResources, ...] = ()
    fabric_bindings: tuple[FabricConnectionBinding, ...] = ()
    lifetimes: tuple[Any, ...] = ()

    def __init__(self, semaphore_descriptors: tuple[Any, ...] = (),
                 kernel_resources: tuple[KernelRuntimeResources, ...] = (),
                 fabric_bindings: tuple[FabricConnectionBinding, ...] = (),
                 lifetimes: tuple[Any, ...] = ()) -> None:
        _PRR_SETTERS[0](self, semaphore_descriptors)
        _PRR_SETTERS[1](self, kernel_resources)
        _PRR_SETTERS[2](self, fabric_bindings)
        _PRR_SETTERS[3](self, lifetimes)
        # Built on every dispatch: the common shape is checked in a few C calls.
        if not (
            type(lifetimes) is tuple
            and _all_of_type(kernel_resources, KernelRuntimeResources)
            and _all_of_type(fabric_bindings, FabricConnectionBinding)
            and (semaphore_descriptors == () or _all_of_type(semaphore_descriptors, _semaphore_type()))
        ):
            self._check_fields()

    def _check_fields(self) -> None:
        record = "ProgramRuntimeResources"
        _check_tuple(record, "semaphore_descriptors", self.semaphore_descriptors)
        ttnn = _ttnn.loaded()
        for semaphore in self.semaphore_descriptors:
            if ttnn is None or not isinstance(semaphore, ttnn.SemaphoreDescriptor):
                _fail(record, "semaphore_descriptors", "a tuple of ttnn.SemaphoreDescriptor", semaphore)
        _check_tuple(record, "kernel_resources", self.kernel_resources, KernelRuntimeResources)
        _check_tuple(record, "fabric_bindings", self.fabric_bindings, FabricConnectionBinding)
        _check_tuple(record, "lifetimes", self.lifetimes)


_PRR_SETTERS = slot_setters(ProgramRuntimeResources)
