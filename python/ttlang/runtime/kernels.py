"""How runtime resources name logical kernels.

Resources select a *logical* kernel, never a generated descriptor index (core specialization and
target selection change those). A selection is one of:

- ``KernelKind.COMPUTE`` or ``KernelKind.DATA_MOVEMENT``: the operation's canonical kernel of
  that kind;
- a :class:`~ttlang.artifact.LogicalKernelId`;
- a kernel handle: any object with a ``logical_kernel_id`` attribute that is the bound
  ``LogicalKernelId`` or ``None`` while unbound (runners hand out :class:`BoundKernel`s), or
  the frontend's ``ttl.Kernel`` shape: ``is_bound`` and, once bound, ``id``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Union

from ttlang.artifact import KernelKind, LogicalKernelId
from ttlang.runtime.errors import KernelSelectionError, ResourceTypeError

CANONICAL_NAMES = {kind: kind.ir_name for kind in (KernelKind.COMPUTE, KernelKind.DATA_MOVEMENT)}


class KernelHandle(Protocol):
    """What the runtime needs from a ``ttl.Kernel``: its bound identity, or ``None``."""

    @property
    def logical_kernel_id(self) -> LogicalKernelId | None: ...


KernelSelection = Union[KernelKind, LogicalKernelId, KernelHandle]


@dataclass(frozen=True)
class BoundKernel:
    """A kernel handle that is already bound (what emitted runners reconstruct)."""

    logical_kernel_id: LogicalKernelId

    def __post_init__(self) -> None:
        if type(self.logical_kernel_id) is not LogicalKernelId:
            raise ResourceTypeError(
                f"BoundKernel.logical_kernel_id must be a LogicalKernelId, got "
                f"{type(self.logical_kernel_id).__name__}"
            )


_MISSING = object()


def is_kernel_selection(obj: object) -> bool:
    if type(obj) is LogicalKernelId or isinstance(obj, KernelKind):
        return True
    return bound_id(obj) is not _MISSING


def bound_id(handle: object) -> object:
    """The handle's bound id, ``None`` if unbound, ``_MISSING`` if it is no kernel handle."""
    bound = getattr(handle, "logical_kernel_id", _MISSING)
    if bound is not _MISSING:
        return bound
    is_bound = getattr(handle, "is_bound", _MISSING)
    if type(is_bound) is bool and hasattr(type(handle), "id"):
        return handle.id if is_bound else None  # type: ignore[attr-defined]
    return _MISSING


def describe_selection(obj: object) -> str:
    if isinstance(obj, KernelKind):
        return f"KernelKind.{obj.name}"
    if type(obj) is LogicalKernelId:
        return f"kernel '{obj.name}'"
    return f"{type(obj).__name__} object"


def resolve_kernel(
    selection: object, operation_id: str, emitted: frozenset[LogicalKernelId] | set[LogicalKernelId]
) -> LogicalKernelId:
    """The emitted logical kernel of operation ``operation_id`` that ``selection`` names: a
    canonical kernel of the operation, or a handle's kernel the operation emits (its own, or
    the kernel of an operation it composes)."""
    if isinstance(selection, KernelKind):
        name = CANONICAL_NAMES.get(selection)
        if name is None:
            raise KernelSelectionError(
                f"{describe_selection(selection)} does not select one canonical kernel; use "
                "KernelKind.COMPUTE or KernelKind.DATA_MOVEMENT"
            )
        kernel_id = LogicalKernelId(operation_id, name, selection)
        if kernel_id not in emitted:
            raise KernelSelectionError(
                f"KernelKind.{selection.name} selects the canonical {name} kernel, but operation "
                f"'{operation_id}' emits none"
            )
        return kernel_id
    if type(selection) is LogicalKernelId:
        kernel_id = selection
    else:
        bound = bound_id(selection)
        if bound is _MISSING:
            raise ResourceTypeError(
                f"a kernel selection must be a KernelKind, a LogicalKernelId or a Kernel handle, "
                f"got {type(selection).__name__}"
            )
        if bound is None:
            raise KernelSelectionError(
                "a Kernel handle is not bound to any operation: the operation and its resource "
                "factory must capture the same Kernel object"
            )
        if type(bound) is not LogicalKernelId:
            raise ResourceTypeError(
                f"Kernel handle's logical_kernel_id must be a LogicalKernelId, got "
                f"{type(bound).__name__}"
            )
        kernel_id = bound
    if kernel_id in emitted:
        # Its own kernel, or a kernel of an operation it composes: composition keeps each
        # callee-owned handle's identity, and the composed program emits that kernel.
        return kernel_id
    if kernel_id.operation_id != operation_id:
        raise KernelSelectionError(
            f"kernel '{kernel_id.name}' is bound to operation '{kernel_id.operation_id}', not to "
            f"the executing operation '{operation_id}' (nor to an operation it composes)"
        )
    if kernel_id not in emitted:
        raise KernelSelectionError(
            f"kernel '{kernel_id.name}' of operation '{operation_id}' is not an emitted logical "
            "kernel"
        )
    return kernel_id
