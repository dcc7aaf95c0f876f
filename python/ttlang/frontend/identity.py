"""Deterministic operation identity.

An operation's identity is its qualified name plus a digest of everything that determines
what it compiles to: its source, its grid, the decorator options it sets (``fp32_dest_acc_en``)
and the values of the names it captures (closure variables and referenced module globals). Immutable values contribute their value; other
objects contribute only their type, because their value may change after registration.
The digest uses no object ids or hash seeds, so it is the same in every process.
"""

from __future__ import annotations

import enum
import hashlib
import types
from typing import Any, Callable

from ttlang.frontend.extern import DispatchCondition
from ttlang.frontend.kernels import Kernel
from ttlang.frontend.pipes import PipeNet


def operation_identity(
    fn: Callable[..., Any],
    source: str,
    grid: tuple[int, int] | str,
    captures: dict[str, Any],
    options: dict[str, Any] | None = None,
) -> str:
    """``options``: decorator arguments that change the compiled program (only those given, so
    identities of operations that leave them at their defaults do not change)."""
    digest = hashlib.sha256()
    digest.update(source.encode())
    digest.update(repr(grid).encode())
    for name in sorted(options or {}):
        digest.update(f"\0option {name}={options[name]!r}".encode())
    for name in sorted(captures):
        digest.update(f"\0{name}=".encode())
        digest.update(_canonical(captures[name], name).encode())
    return f"{fn.__module__}.{fn.__qualname__}:{digest.hexdigest()[:16]}"


def _canonical(value: Any, name: str, depth: int = 0) -> str:
    if depth > 8:
        return "..."
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return f"{type(value).__name__}:{value!r}"
    if isinstance(value, enum.Enum):
        return f"enum:{type(value).__qualname__}.{value.name}"
    if isinstance(value, (tuple, frozenset)):
        items = value if isinstance(value, tuple) else sorted(value, key=repr)
        return f"{type(value).__name__}(" + ",".join(
            _canonical(v, name, depth + 1) for v in items
        ) + ")"
    if isinstance(value, Kernel):
        # A captured handle is identified by its kind and the name it is captured under; a
        # handle already bound by another operation by that binding.
        if value.is_bound:
            return f"kernel:{value.id.operation_id}/{value.id.name}"
        return f"kernel:{value.kind.name}/{name}"
    if isinstance(value, DispatchCondition):
        # A declaration is identified by its type and capture name (object ids differ between
        # processes); which calls share it is part of the source.
        return f"condition:{value.type.name}/{name}"
    if isinstance(value, PipeNet):
        # Immutable: its pipes are its value.
        return f"pipenet:{value.pipes!r}"
    operation_id = getattr(value, "operation_id", None)
    if isinstance(operation_id, str):
        return f"operation:{operation_id}"
    if isinstance(value, types.ModuleType):
        return f"module:{value.__name__}"
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, type)):
        return f"callable:{getattr(value, '__module__', '')}.{value.__qualname__}"
    frozen = getattr(type(value), "__dataclass_params__", None)
    if frozen is not None and frozen.frozen:
        fields = getattr(value, "__dataclass_fields__", {})
        return f"{type(value).__qualname__}(" + ",".join(
            f"{f}={_canonical(getattr(value, f), name, depth + 1)}" for f in sorted(fields)
        ) + ")"
    return f"object:{type(value).__module__}.{type(value).__qualname__}"
