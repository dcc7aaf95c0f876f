"""``print(...)`` inside a thread: device prints (``ttl.dprint``, TT-Metal's ``DPRINT``).

Python constants become text at compile time; runtime integers and booleans are printed by the
kernel; a block held from ``reserve()`` / ``wait()`` is printed tile by tile from its DFB, on
its own lines. ``thread="unpack" | "math" | "pack"`` picks the compute kernel's processor
(tt-lang's spelling); ``sep`` works as in Python; ``end`` must stay the newline (each print is
one line).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ttlang.artifact import KernelKind
from ttlang.frontend.values import BlockValue, DFBValue, Scalar

if TYPE_CHECKING:
    from ttlang.frontend.context import ExpressionContext  # noqa: F401

COMPUTE_THREADS = ("unpack", "math", "pack")
_CONSTANTS = (str, int, float, bool)


@dataclass(frozen=True)
class RuntimeText:
    """An f-string with runtime integers in it (``f"node={n}"``), which only a device print can
    show: its format (``{}`` per runtime value, other braces doubled) and the values."""

    format: str
    values: tuple[Scalar, ...]


def _text(value: object) -> str:
    """A compile-time value's text in a format (braces doubled)."""
    return str(value).replace("{", "{{").replace("}", "}}")


def device_print(ctx: ExpressionContext, args: list[tuple[Any, ast.expr]],
                 keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call) -> None:
    """Emits the ``ttl.dprint`` ops of one ``print(...)`` call."""
    if ctx.thread is None:
        raise ctx.error(node, "print() runs on the device: call it inside a @ttl.compute() or "
                        "@ttl.datamovement() thread (print results after the operation returns)")
    sep, end, thread = " ", "\n", None
    for name, (value, where) in keywords.items():
        if name in ("sep", "end") and not isinstance(value, str):
            raise ctx.error(where, f"print({name}=) takes a string constant")
        if name == "sep":
            sep = value
        elif name == "end":
            end = value
        elif name == "thread":
            if ctx.thread.kind != KernelKind.COMPUTE:
                raise ctx.error(where, "print(thread=) chooses a compute kernel's processor; "
                                "a data-movement kernel has one")
            if value not in COMPUTE_THREADS:
                choices = ", ".join(map(repr, COMPUTE_THREADS))
                raise ctx.error(where, f"print(thread=) is one of {choices}, got {value!r}")
            thread = value
        else:
            raise ctx.error(where, f"print() on the device takes sep=, end= and thread=, not {name}=")
    if end != "\n":
        raise ctx.error(node, "print(end=) must stay the newline on the device: each device print "
                        "is one line")
    loc = ctx.loc(node)
    pieces: list[str] = []
    values: list[tuple[str, str]] = []

    def flush() -> None:
        if pieces:
            ctx.builder.dprint(_text(sep).join(pieces), values, thread, loc)
            pieces.clear()
            values.clear()

    for value, where in args:
        if isinstance(value, _CONSTANTS):
            pieces.append(_text(value))
        elif isinstance(value, Scalar):
            pieces.append("{}")
            values.append((value.ssa, value.type))
        elif isinstance(value, RuntimeText):
            pieces.append(value.format)
            values.extend((v.ssa, v.type) for v in value.values)
        elif isinstance(value, BlockValue) and value.origin in ("reserve", "wait"):
            flush()
            ctx.builder.dprint("{}", [(value.ssa, value.type)], thread, ctx.loc(where))
        elif isinstance(value, BlockValue):
            raise ctx.error(where, "print() shows a block held from reserve() or wait(): store "
                            "this tile math into a reserved block and print that block")
        elif isinstance(value, DFBValue):
            raise ctx.error(where, "printing a dataflow buffer's state is not supported yet; "
                            "print a block of it")
        else:
            raise ctx.error(where, f"print() on the device shows constants, runtime integers and "
                            f"blocks, not {ctx.describe(value)}")
    if not args:
        pieces.append("")  # print(): an empty line
    flush()
