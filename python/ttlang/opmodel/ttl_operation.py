"""A compiled TTL operation as a ``ttnn.generic`` op the op model can answer for.

The op carries the artifact's records (``ttlang.artifact``): its grid, one ``#ttnn.kernel`` per
kernel descriptor (the ``#ttl.kernel`` identity and its cores) and one ``#ttnn.dfb`` per DFB (its
``!ttl.dfb`` type and the cores the runtime allocates it on: every worker core, as the
materializer's ``CBDescriptor`` does). Nothing is re-derived here; the op model's rules are the
C++ ones (docs/op-model.md, "TTL operations in a TTNN graph").
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from mlir import ir

from ttlang.artifact import CompiledArtifact
from ttlang import _ttlang, ir_text
from ttlang.mlir_context import parse_module

if TYPE_CHECKING:
    from ttlang.frontend.operation import CompiledOperation

class TensorLike(Protocol):
    """``ttlang.TensorSpec`` or ``ttlang.artifact.TensorParamSpec``."""

    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def dtype(self) -> str: ...
    @property
    def buffer_type(self) -> str: ...
    @property
    def memory_layout(self) -> str: ...


@dataclass(frozen=True)
class TTLOperation:
    """A compiled TTL operation placed in a TTNN graph, for op-model queries.

    ``tensors`` describe the operation's tensor parameters in call order (default: those it
    was compiled for); their shapes and data types must be the compiled ones, their buffer
    types (``"dram"`` / ``"l1"``) are the placement asked about. ``outputs`` are the indices
    of the parameters the operation writes: they become the op's results, the others its
    operands (default: the last parameter, the tensor ``ttnn.generic_op`` returns). ``tile_ops`` is the number of tile math operations of the whole operation when
    known (absent: one per output tile). Bad input raises ``ValueError`` naming it.
    """

    artifact: CompiledArtifact
    outputs: tuple[int, ...] | None = None
    tensors: tuple[TensorLike, ...] = ()
    tile_ops: int | None = None

    def __post_init__(self) -> None:
        artifact = self.artifact
        if not isinstance(artifact, CompiledArtifact):
            artifact = getattr(artifact, "artifact", None)
            if not isinstance(artifact, CompiledArtifact):
                raise ValueError(
                    "TTLOperation takes a compiled operation (Operation.compile(...)) or its "
                    f"CompiledArtifact, got {type(self.artifact).__name__}"
                )
            object.__setattr__(self, "artifact", artifact)
        compiled = artifact.tensors
        tensors = tuple(self.tensors) or compiled
        if len(tensors) != len(compiled):
            raise ValueError(
                f"operation '{artifact.operation_name}' takes {len(compiled)} tensors, "
                f"got {len(tensors)} tensor specs"
            )
        for index, (spec, param) in enumerate(zip(tensors, compiled)):
            where = f"tensor {index} ('{param.name}') of '{artifact.operation_name}'"
            if tuple(spec.shape) != tuple(param.shape) or spec.dtype != param.dtype:
                raise ValueError(
                    f"{where} is {_describe(spec)} but the operation was compiled for "
                    f"{_describe(param)}; compile it for these tensors"
                )
            if spec.buffer_type not in ("dram", "l1") or (
                spec.memory_layout != "interleaved" and getattr(spec, "shard", None) is None
            ):
                raise ValueError(
                    f"{where}: a TTL operation's tensors are dram or l1 interleaved, or l1 "
                    f"sharded with a shard spec, got {spec.buffer_type} {spec.memory_layout}"
                )
            if getattr(spec, "layout", "tile") != "tile":
                raise ValueError(f"{where}: the op model sizes tiled tensors only")
        object.__setattr__(self, "tensors", tensors)
        outputs = (len(tensors) - 1,) if self.outputs is None else tuple(self.outputs)
        if not outputs:
            raise ValueError("outputs must name at least one tensor parameter the operation writes")
        for index in outputs:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(tensors):
                raise ValueError(
                    f"outputs must be parameter indices in [0, {len(tensors)}), got {index!r}"
                )
        if len(set(outputs)) != len(outputs):
            raise ValueError(f"outputs names a parameter twice: {outputs}")
        if len(outputs) == len(tensors):
            raise ValueError("every tensor parameter is an output; a TTL operation in a graph reads one")
        object.__setattr__(self, "outputs", outputs)
        if self.tile_ops is not None and (
            isinstance(self.tile_ops, bool) or not isinstance(self.tile_ops, int) or self.tile_ops < 0
        ):
            raise ValueError(f"tile_ops must be a non-negative int or None, got {self.tile_ops!r}")

    @classmethod
    def of(
        cls,
        compiled: CompiledOperation | CompiledArtifact,
        *,
        outputs: Sequence[int] | None = None,
        tensors: Sequence[TensorLike] = (),
        tile_ops: int | None = None,
    ) -> TTLOperation:
        return cls(
            compiled,  # type: ignore[arg-type]
            None if outputs is None else tuple(outputs),
            tuple(tensors),
            tile_ops,
        )

    @functools.cached_property
    def _module(self) -> ir.Module:
        return parse_module(generic_source(self))

    @property
    def operation(self) -> ir.Operation:
        """The ``ttnn.generic`` op (built once per record)."""
        func = self._module.body.operations[0]
        return func.regions[0].blocks[0].operations[0].operation


def _describe(spec: TensorLike) -> str:
    return "x".join(str(d) for d in spec.shape) + f" {spec.dtype}"


def _tensor_type(spec: TensorLike) -> str:
    element = ir_text.ELEMENT_TYPES[spec.dtype]
    if spec.memory_layout == "interleaved":
        return ir_text.ttnn_tensor_type(spec.shape, element, spec.buffer_type)
    shard = spec.shard.shape  # type: ignore[attr-defined]
    return ir_text.ttnn_tensor_type(
        spec.shape, element, "l1", spec.memory_layout, _shard_grid(spec.shape, spec.memory_layout, shard),
        shard,
    )


def _shard_grid(shape: tuple[int, ...], memory_layout: str, shard: tuple[int, int]) -> tuple[int, int]:
    """The op model's grid of a TTL sharded tensor: one shard per core, so the shard grid
    itself (rows x cols of shards; a height- or width-sharded tensor's as one row of shards):
    the shards' L1 (one shard's bytes per bank) is what the op model places."""
    tile = _ttlang.TILE_SIDE
    rows = -(-(shape[-2] if len(shape) > 1 else 1) // tile) * tile
    for dim in shape[:-2]:
        rows *= dim
    cols = -(-shape[-1] // tile) * tile
    grid_rows, grid_cols = -(-rows // shard[0]), -(-cols // shard[1])
    if memory_layout == "block_sharded":
        return grid_rows, grid_cols
    return 1, grid_rows * grid_cols


def generic_source(op: TTLOperation) -> str:
    """The ``ttnn.generic`` op of ``op`` in a function whose arguments are its inputs."""
    artifact = op.artifact
    cols, rows = artifact.grid
    worker = [ir_text.ttnn_core_range((0, 0), (cols - 1, rows - 1))]
    kernels = []
    for spec in artifact.kernels:
        kernel = spec.logical_kernel
        identity = ir_text.kernel_attr(kernel.kind.ir_name, kernel.name, kernel.operation_id)
        cores = [ir_text.ttnn_core_range(r.start, r.end) for r in spec.core_ranges]
        kernels.append(ir_text.ttnn_kernel_attr(identity, cores))
    dfbs = []
    for dfb in artifact.dataflow_buffers:
        type_ = ir_text.dfb_type(
            dfb.block_shape, ir_text.ELEMENT_TYPES[dfb.data_format], dfb.block_count,
            dfb.layout == "row_major",
        )
        dfbs.append(
            ir_text.ttnn_dfb_attr(dfb.name, dfb.physical_index, type_, worker, dfb.reconfigured_blocks)
        )
    outputs = op.outputs or ()
    inputs = [i for i in range(len(op.tensors)) if i not in outputs]
    return ir_text.ttnn_generic_function(
        artifact.operation_name, artifact.operation_id, (cols, rows), op.tile_ops, kernels, dfbs,
        [_tensor_type(op.tensors[i]) for i in inputs], [_tensor_type(op.tensors[i]) for i in outputs],
    )
