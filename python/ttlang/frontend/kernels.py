"""Logical-kernel handles and selectors.

``ttl.KernelKind.COMPUTE`` / ``DATA_MOVEMENT`` select the canonical (compiler-owned) kernel of
that kind; a ``ttl.Kernel(kind)`` handle is an operation-owned kernel. Registration of an
operation binds each captured, still unbound handle in place to a
:class:`~ttlang.artifact.LogicalKernelId` (owning operation identity, capture name, kind).
"""

from __future__ import annotations

from dataclasses import dataclass

from ttlang.artifact import KernelKind, LogicalKernelId
from ttlang import ir_text


class Kernel:
    """An operation-owned logical kernel of one kind.

    Equality: a bound handle equals every handle and every ``LogicalKernelId`` with the same
    identity (so it equals ``KernelSpec.logical_kernel`` of the compiled kernel); an unbound
    handle equals only itself.
    """

    __slots__ = ("kind", "_id")

    def __init__(self, kind: KernelKind) -> None:
        if not isinstance(kind, KernelKind) or kind not in (
            KernelKind.COMPUTE,
            KernelKind.DATA_MOVEMENT,
        ):
            raise TypeError(
                "ttl.Kernel(kind) takes ttl.KernelKind.COMPUTE or ttl.KernelKind.DATA_MOVEMENT, "
                f"got {kind!r}"
            )
        self.kind = kind
        self._id: LogicalKernelId | None = None

    @property
    def is_bound(self) -> bool:
        return self._id is not None

    @property
    def id(self) -> LogicalKernelId:
        if self._id is None:
            raise ValueError("this ttl.Kernel is not bound: capture it in a @ttl.operation")
        return self._id

    def _bind(self, operation_id: str, name: str) -> None:
        """Binds once; later registrations (e.g. a composing operation) keep the first."""
        if self._id is None:
            self._id = LogicalKernelId(operation_id, name, self.kind)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Kernel):
            return self is other or (self._id is not None and self._id == other._id)
        if isinstance(other, LogicalKernelId):
            return self._id == other
        return NotImplemented

    def __hash__(self) -> int:
        # Bound at decoration time, before any use as a key.
        return hash(self._id) if self._id is not None else id(self)

    def __repr__(self) -> str:
        if self._id is None:
            return f"ttl.Kernel({self.kind}, unbound)"
        return f"ttl.Kernel({self.kind}, {self._id.name!r} of {self._id.operation_id!r})"


@dataclass(frozen=True)
class Selector:
    """One resolved selector: a canonical kind (``name is None``) or a bound handle."""

    kind: KernelKind
    name: str | None = None
    operation_id: str | None = None

    def attr(self) -> str:
        return ir_text.kernel_attr(self.kind.ir_name, self.name, self.operation_id)


def selectors_of(value: object) -> tuple[Selector, ...]:
    """Selectors of a ``kernel=`` value: a KernelKind (``|`` combines kinds), a Kernel, or a
    nonempty tuple of those. Raises ``ValueError`` / ``TypeError`` with the reason."""
    items = value if isinstance(value, tuple) else (value,)
    if not items:
        raise ValueError("kernel= needs at least one selector; got an empty tuple")
    result: list[Selector] = []
    for item in items:
        if isinstance(item, KernelKind):
            for kind in (KernelKind.COMPUTE, KernelKind.DATA_MOVEMENT):
                if kind in item:
                    result.append(Selector(kind))
        elif isinstance(item, Kernel):
            if item._id is None:
                raise ValueError(
                    "kernel= uses a ttl.Kernel that no operation has bound; capture it in the "
                    "operation (or assign it at the top level of the operation body)"
                )
            result.append(Selector(item.kind, item._id.name, item._id.operation_id))
        else:
            raise TypeError(
                "kernel= takes ttl.KernelKind values, ttl.Kernel handles or a tuple of them, "
                f"got {type(item).__name__}"
            )
    if len(set(result)) != len(result):
        raise ValueError("kernel= selects the same logical kernel more than once")
    return tuple(result)
