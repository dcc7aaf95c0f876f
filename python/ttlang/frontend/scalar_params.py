"""Scalar parameters of an operation (``op(a, out, 3)``, ``op(a, out, 0.5)``).

A scalar parameter is a run-time value: it reaches the kernels as common runtime-argument words
(ABI slots of kind ``scalar``), which the runtime writes on every call, so one compiled program
serves every value and the compile cache keys on the parameter's kind (``int`` / ``float``),
never on its value. In the IR each word is an argument of the operation function after the
tensors: an ``int`` has two, its value (``index``) and its f32 bits (``i32``, what block math
reads); a ``float`` has one, its f32 bits. A kernel reads only the words it uses.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any, Sequence

# The IR type of each view of a scalar parameter.
VIEW_TYPES = {"index": "index", "bits": "i32"}
# The views each kind of parameter has, in argument order.
_KIND_VIEWS = {"int": ("index", "bits"), "float": ("bits",)}
# A word is an unsigned 32-bit runtime argument (get_common_arg_val<uint32_t>).
_WORD_MAX = 2**32 - 1


@dataclass(frozen=True)
class ScalarSpec:
    """What compiling needs of a scalar parameter: its kind, ``"int"`` or ``"float"``."""

    kind: str


@dataclass(frozen=True)
class ScalarArgument:
    """One IR argument (and ABI word) of a scalar parameter: ``ref`` is its argument number
    (the ABI slot's ref), ``param`` the parameter's position in the call, ``view`` what the word
    holds (``"index"``: an int's value; ``"bits"``: the f32 bits of the number)."""

    ref: str
    param: int
    view: str


@dataclass(frozen=True)
class ConstantSpec:
    """A compile-time parameter: a tuple (or list) of numbers, strings, booleans, None or such
    tuples, as tt-lang's examples pass a scale factor (``op(x, out, (2, 2))``). Unlike an int or
    float parameter it is folded into the program where the body uses it (``range(scale[0])``,
    a shape), so the compile cache keys on its value; it has no IR argument and no ABI word."""

    value: tuple[Any, ...]


_CONSTANT_LEAVES = (bool, int, float, str, type(None))


def _frozen(value: Any) -> Any:
    """``value`` with its lists as tuples, or raises TypeError for anything but constants."""
    if isinstance(value, (tuple, list)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, _CONSTANT_LEAVES):
        return value
    raise TypeError(type(value).__name__)


def constant_spec_of(value: Any) -> ConstantSpec | None:
    """The spec of a compile-time tuple / list parameter, else None."""
    if isinstance(value, ConstantSpec):
        return value
    if not isinstance(value, (tuple, list)):
        return None
    try:
        return ConstantSpec(_frozen(value))
    except TypeError:
        return None


# The specs of parameters that are not tensors (no tensor IR argument, no tensor ABI slots).
PARAMETER_SPECS = (ScalarSpec, ConstantSpec)


def scalar_spec_of(value: Any) -> ScalarSpec | None:
    """The spec of a scalar argument (a Python int, bool or float, or a ScalarSpec), else None."""
    if isinstance(value, ScalarSpec):
        return value
    if isinstance(value, int):
        return ScalarSpec("int")
    if isinstance(value, float):
        return ScalarSpec("float")
    return None


def scalar_arguments(specs: Sequence[Any]) -> tuple[ScalarArgument, ...]:
    """The IR arguments of the scalar parameters among ``specs``, numbered after the tensors."""
    number = sum(1 for spec in specs if not isinstance(spec, PARAMETER_SPECS))
    arguments = []
    for param, spec in enumerate(specs):
        if isinstance(spec, ScalarSpec):
            for view in _KIND_VIEWS[spec.kind]:
                arguments.append(ScalarArgument(str(number), param, view))
                number += 1
    return tuple(arguments)


def used_refs(artifact: Any) -> frozenset[str]:
    """The refs of the scalar words the artifact's kernels read (``ArgKind.SCALAR`` slots)."""
    return frozenset(
        slot.ref
        for kernel in artifact.kernels
        for slot in kernel.abi.common_runtime_args
        if slot.kind.value == "scalar"
    )


def scalar_words(
    arguments: Sequence[ScalarArgument], values: Sequence[Any], used: frozenset[str]
) -> dict[str, int]:
    """The runtime words of one call's scalar parameters that the kernels read (``used``), by
    ABI ref. Raises ValueError for a value no word holds (a negative or too large int read as an
    integer, a number not finite in f32)."""
    words = {}
    for argument in arguments:
        if argument.ref not in used:
            continue
        value = values[argument.param]
        if argument.view == "index":
            if not 0 <= value <= _WORD_MAX:
                raise ValueError(
                    f"int parameter {argument.param} is {value}: an int parameter is passed as an "
                    f"unsigned 32-bit word (0 to {_WORD_MAX})"
                )
            words[argument.ref] = int(value)
        else:
            words[argument.ref] = f32_bits(value, argument.param)
    return words


def f32_bits(value: float, param: int) -> int:
    try:
        if not math.isfinite(value):
            raise OverflowError
        return struct.unpack("<I", struct.pack("<f", float(value)))[0]
    except OverflowError:
        raise ValueError(
            f"parameter {param} is {value!r}, which is not a finite f32 (block math reads it as one)"
        ) from None
