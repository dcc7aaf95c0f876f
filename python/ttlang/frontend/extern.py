"""User-visible records of external calls: ``ttl.ScalarType`` and ``ttl.DispatchCondition``."""

from __future__ import annotations

import enum


class ScalarType(enum.Enum):
    """Scalar result type of an external call (``result_type=``) or a dispatch condition."""

    I32 = "i32"
    I64 = "i64"


class DispatchCondition:
    """One runtime condition evaluated independently by several external calls
    (``condition_result=``). Identity is the object: calls sharing one declaration return the
    same truth value for a dispatch and launch coordinate; distinct declarations are independent
    even when everything else about the calls is equal. Immutable."""

    __slots__ = ("_type",)

    def __init__(self, scalar_type: ScalarType) -> None:
        if not isinstance(scalar_type, ScalarType):
            raise TypeError(
                "ttl.DispatchCondition(type) takes ttl.ScalarType.I32 or ttl.ScalarType.I64, "
                f"got {scalar_type!r}"
            )
        object.__setattr__(self, "_type", scalar_type)

    @property
    def type(self) -> ScalarType:
        return self._type

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a ttl.DispatchCondition is immutable")

    def __repr__(self) -> str:
        return f"ttl.DispatchCondition({self._type})"
