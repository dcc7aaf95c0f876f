"""Queries to the TTNN op model: L1 constraints, runtime, validation, cache statistics.

Every function goes through the op's OpModel interface (the same path as the
compiler's passes). Layouts default to those encoded in the op's IR types; pass
``inputs`` / ``output`` (``#ttnn.layout`` attributes, or their text) to ask about another
placement. ``live`` selects the
flavour: ``None`` is the stateless, cached query; a sequence of records (even
an empty one) is the stateful query on a mock L1 allocator, whose result lists
where the outputs were allocated. A compiled TTL operation is queried as a
``TTLOperation`` (its artifact, tensor specs and which parameters it writes),
which becomes a ``ttnn.generic`` op. See docs/op-model.md.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from mlir import ir

from ttlang import _ttlang
from ttlang.opmodel.ttl_operation import TTLOperation

Queryable = ir.Operation | ir.OpView | TTLOperation


class Status(enum.IntEnum):
    """Typed outcome of a query (ttl/OpModel/ConstraintValidation.h)."""

    SUCCESS = 0
    OUT_OF_MEMORY = 1
    NOT_IMPLEMENTED = 2
    BACKEND_ERROR = 3


class BufferType(enum.IntEnum):
    DRAM = 0
    L1 = 1


@dataclass(frozen=True)
class AllocationRecord:
    """A live device buffer: the same address range in every bank of its type."""

    buffer_type: BufferType
    address: int
    size_per_bank: int


@dataclass(frozen=True)
class Constraints:
    """Per-core L1 needs of one op, in bytes."""

    cb_peak: int
    tensor_l1_peak: int
    overall_peak: int
    output_size: int
    output_layouts: tuple[ir.Attribute, ...]
    output_allocations: tuple[AllocationRecord, ...]


@dataclass(frozen=True)
class CacheStats:
    hits: int
    misses: int
    entries: int


class OpModelError(Exception):
    """A query failed; ``status`` says why (never parse ``message``)."""

    def __init__(self, status: Status, message: str) -> None:
        super().__init__(f"{status.name.lower()}: {message}")
        self.status = status
        self.message = message


def _operation(op: Queryable) -> ir.Operation:
    if isinstance(op, (TTLOperation, ir.OpView)):
        return op.operation
    if not isinstance(op, ir.Operation):
        raise TypeError(
            "op-model queries take an MLIR operation or a TTLOperation (a compiled TTL "
            f"operation with its tensor specs), got {type(op).__name__}"
        )
    return op


Layout = ir.Attribute | str


def _layout(op: ir.Operation, layout: Layout | None) -> ir.Attribute | None:
    """A ``#ttnn.layout``; text is parsed in the op's context."""
    return ir.Attribute.parse(layout, op.context) if isinstance(layout, str) else layout


def _layouts(op: ir.Operation, layouts: Sequence[Layout] | None) -> list[ir.Attribute] | None:
    return None if layouts is None else [_layout(op, layout) for layout in layouts]  # type: ignore[misc]


def has_op_model(op: Queryable) -> bool:
    """False for OpModelExempt ops (host transfers, collectives)."""
    return _ttlang.opmodel_has_op_model(_operation(op))


def _query(
    op: Queryable,
    inputs: Sequence[Layout] | None,
    output: Layout | None,
    live: Sequence[AllocationRecord] | None,
    validate: bool,
    additional_l1: int,
) -> Constraints:
    records = None if live is None else [
        (int(r.buffer_type), r.address, r.size_per_bank) for r in live
    ]
    operation = _operation(op)
    status, message, cb, l1, total, out, layouts, allocs = _ttlang.opmodel_query_constraints(
        operation,
        _layouts(operation, inputs),
        _layout(operation, output),
        records,
        validate,
        additional_l1,
    )
    if status != Status.SUCCESS:
        raise OpModelError(Status(status), message)
    return Constraints(
        cb_peak=cb,
        tensor_l1_peak=l1,
        overall_peak=total,
        output_size=out,
        output_layouts=tuple(layouts),
        output_allocations=tuple(
            AllocationRecord(BufferType(t), a, s) for t, a, s in allocs
        ),
    )


def query_constraints(
    op: Queryable,
    *,
    inputs: Sequence[Layout] | None = None,
    output: Layout | None = None,
    live: Sequence[AllocationRecord] | None = None,
) -> Constraints:
    """The op's getOpConstraints; raises OpModelError when the query fails."""
    return _query(op, inputs, output, live, validate=False, additional_l1=0)


def validate(
    op: Queryable,
    *,
    inputs: Sequence[Layout] | None = None,
    output: Layout | None = None,
    live: Sequence[AllocationRecord] | None = None,
    additional_l1: int = 0,
) -> Constraints:
    """validateOperation: like query_constraints, plus (stateless only) the check
    overall peak + additional_l1 <= usable L1 x ``ttnn.l1_usage_cap`` (default 0.95).

    ``additional_l1`` is bytes per core in [0, 2**64) (ValueError otherwise); a sum with
    the peak past 2**64 is out of memory, never wrapped."""
    if isinstance(additional_l1, bool) or not isinstance(additional_l1, int) or not (
        0 <= additional_l1 < 2**64
    ):
        raise ValueError(f"additional_l1 must be an int in [0, 2**64), got {additional_l1!r}")
    return _query(op, inputs, output, live, validate=True, additional_l1=additional_l1)


def query_runtime(
    op: Queryable,
    *,
    inputs: Sequence[Layout] | None = None,
    output: Layout | None = None,
) -> int:
    """The op's getOpRuntime in nanoseconds (roofline estimate)."""
    operation = _operation(op)
    status, message, ns = _ttlang.opmodel_query_runtime(
        operation, _layouts(operation, inputs), _layout(operation, output)
    )
    if status != Status.SUCCESS:
        raise OpModelError(Status(status), message)
    return ns


def cache_stats() -> tuple[CacheStats, CacheStats]:
    """(constraints cache, runtime cache) statistics, process-wide."""
    constraints, runtime = _ttlang.opmodel_cache_stats()
    return CacheStats(*constraints), CacheStats(*runtime)


def clear_caches() -> None:
    _ttlang.opmodel_clear_caches()


__all__ = [
    "AllocationRecord",
    "BufferType",
    "CacheStats",
    "Constraints",
    "OpModelError",
    "Status",
    "TTLOperation",
    "cache_stats",
    "clear_caches",
    "has_op_model",
    "query_constraints",
    "query_runtime",
    "validate",
]
