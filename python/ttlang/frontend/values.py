"""Values the frontend tracks while compiling an operation body.

Python values (ints, tuples, handles, modules) are compile-time constants; the classes here
stand for IR values. Each holds its SSA name in the module text being built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ttlang import _ttlang
from ttlang import ir_text
from ttlang.tensor_spec import TensorSpec


# The IR's index and i64: a compile-time integer outside this range is an error at the user's
# line (not a parse error located in the generated IR text).
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def _product(dims: tuple[int, ...]) -> int:
    result = 1
    for dim in dims:
        result *= dim
    return result


# A name no scope defines (distinct from a name bound to None).
MISSING = object()


def int_text(value: int) -> str:
    """An integer for a diagnostic; a huge one abbreviated (10**400 has 401 digits)."""
    text = str(value)
    return text if len(text) <= 24 else f"{text[:8]}... ({len(text.lstrip('-'))} digits)"


@dataclass(frozen=True)
class Scalar:
    """A runtime scalar: ``index`` (integers) or ``i1`` (booleans)."""

    ssa: str
    type: str


@dataclass(frozen=True)
class IntParam(Scalar):
    """An ``int`` parameter of the operation (``op(a, out, 3)``): a runtime integer (``ssa``, an
    ``index`` argument) whose f32 bits (``bits``, an ``i32`` argument) block math reads. Both are
    common runtime-argument words of the kernels that use them (``scalar_arguments``)."""

    bits: str = ""
    name: str = ""


@dataclass(frozen=True)
class FloatParam:
    """A ``float`` parameter of the operation: its f32 bits, an ``i32`` argument (a common
    runtime-argument word), usable as a block-math scalar."""

    bits: str
    name: str


@dataclass(frozen=True)
class TensorValue:
    """A tensor parameter of the operation."""

    ssa: str
    spec: TensorSpec
    name: str

    @property
    def type(self) -> str:
        return self.spec.mlir_type()

    @property
    def tile_grid(self) -> tuple[int, ...]:
        """Per dimension, its extent in tiles' units: the batch dimensions as they are, the last
        two in tiles (ttnn pads tile-layout tensors to whole tiles, ttl/TileGeometry.h)."""
        side = _ttlang.TILE_SIDE
        *batch, rows, cols = self.spec.shape
        return (*batch, -(-rows // side), -(-cols // side))


Index = Union[int, Scalar]


@dataclass(frozen=True)
class TileSlice:
    """``t[r0:r1, c0:c1]``: tiles starting at (row, col); extents when known statically."""

    tensor: TensorValue
    row: Index
    col: Index
    rows: int | None
    cols: int | None
    # Tile rows taken from each of several matrices (``t[0:2, r0:r1, c]`` of a rank-3 tensor
    # with more than r1 - r0 tile rows per matrix): ``ttl.load_tiles``' ``matrix_rows``;
    # MATRIX_ROWS_OF_THE_BLOCK when r0 and r1 are run-time values (the N-D block's rows).
    matrix_rows: int | None = None


@dataclass(frozen=True)
class RowSlice:
    """``t[n, h, w0:w1, :]`` of a row-major tensor: ``rows`` whole rows (ttnn's pages: rows of
    the last dimension, counted over the other dimensions in order) from row ``row``;
    ``rows`` is None when run-time bounds leave it to the block."""

    tensor: TensorValue
    row: Index
    rows: int | None


# TileSlice.matrix_rows of a slice whose tile rows have run-time bounds: as a 2-D slice's
# run-time extents are the block's, its rows per matrix are the N-D block's.
MATRIX_ROWS_OF_THE_BLOCK = -1


def flat_block_shape(shape: tuple[int, ...]) -> tuple[tuple[int, int], tuple[int, ...]]:
    """An N-D block shape in tiles (``(2, 2, 1)``: a batch of 2 blocks of 2 x 1 tiles) as the
    IR's 2-D block (the batch's blocks stacked along the rows, tile order unchanged: row-major
    across the whole shape) and its batch dimensions."""
    *batch, rows, cols = shape
    count = 1
    for dim in batch:
        count *= dim
    return (count * rows, cols), tuple(batch)


@dataclass(frozen=True)
class DFBValue:
    ssa: str
    shape: tuple[int, int]
    element_type: str
    block_count: int
    # The leading dimensions of an N-D block shape (``shape=(2, 2, 1)``), folded into ``shape``.
    batch: tuple[int, ...] = ()
    # A DFB made like a row-major tensor: its blocks' element shape (``shape=(C,)`` or
    # ``(..., R, C)``), ``shape`` being (rows, C) (docs/language.md, "Row-major tensors").
    element_shape: tuple[int, ...] | None = None

    @property
    def row_major(self) -> bool:
        return self.element_shape is not None

    @property
    def logical_shape(self) -> tuple[int, ...]:
        if self.element_shape is not None:
            return self.element_shape
        return (*self.batch, self.shape[0] // max(1, _product(self.batch)), self.shape[1])

    @property
    def type(self) -> str:
        return ir_text.dfb_type(self.shape, self.element_type, self.block_count, self.row_major)

    @property
    def block_type(self) -> str:
        return ir_text.block_type(self.shape, self.element_type, self.row_major)


@dataclass(frozen=True)
class BlockValue:
    """A block: acquired with reserve / wait (``origin``), or a tile-math result ("value").
    ``batch``: the leading dimensions of an N-D block, folded into ``shape``'s rows."""

    ssa: str
    shape: tuple[int, int]
    element_type: str
    origin: str
    batch: tuple[int, ...] = ()
    # An element-shaped block of a row-major DFB: its element shape (DFBValue.element_shape).
    element_shape: tuple[int, ...] | None = None

    @property
    def row_major(self) -> bool:
        return self.element_shape is not None

    @property
    def logical_shape(self) -> tuple[int, ...]:
        if self.element_shape is not None:
            return self.element_shape
        return (*self.batch, self.shape[0] // max(1, _product(self.batch)), self.shape[1])

    @property
    def type(self) -> str:
        return ir_text.block_type(self.shape, self.element_type, self.row_major)


@dataclass(frozen=True)
class FillBlock(BlockValue):
    """``ttl.block.fill(value, shape=...)`` without ``dtype=``: a bf16 block that takes the
    element type of the blocks it meets (``shape_builtins.adopt_fill_types``), as tt-lang's
    fill does. ``constant`` and ``loc`` let the fill be rebuilt with that type."""

    constant: float = 0.0
    loc: str = ""


# A value a loop carries from one iteration to the next, or an if yields.
Carried = Scalar | BlockValue


@dataclass(frozen=True)
class UncarriedBlock:
    """Stands for a block value (a tile-math result) defined before a loop or runtime if and
    reassigned inside it. Only integers and booleans are carried across iterations and out of
    regions, so the block's later value is not there to read: reading the name is a
    compile error (``inside``: in the loop before its reassignment; else after the region)."""

    name: str
    assigned_line: int
    region: str
    inside: bool

    def message(self) -> str:
        remedy = (
            "accumulate into a reserved block (`with out_dfb.reserve() as blk:` around the loop, "
            "`blk += a @ b` in it) or through an accumulator dataflow buffer "
            "(`acc_dfb.store(prev + a @ b)`)"
        )
        if self.inside:
            return (
                f"'{self.name}' holds a block value from before the {self.region}, which "
                f"reassigns it (line {self.assigned_line}): a block value is not carried from one "
                f"iteration to the next (only integers and booleans are); {remedy}"
            )
        return (
            f"'{self.name}' was reassigned inside the {self.region} (line {self.assigned_line}): "
            f"a block value does not flow out of a loop or runtime if (only integers and booleans "
            f"do); {remedy}"
        )


@dataclass(frozen=True)
class TransferValue:
    ssa: str


@dataclass(frozen=True)
class BoundMethod:
    """``dfb.reserve``, ``blk.store``, ``tx.wait``...: a method of an IR value."""

    receiver: object
    name: str


# --- external-call arguments -------------------------------------------------------------------
@dataclass(frozen=True)
class RawAddrValue:
    """``ttl.raw_addr(tensor)``: the tensor's buffer address (a ``ui32`` value)."""

    ssa: str
    tensor: TensorValue


@dataclass(frozen=True)
class DFBTemplateRef:
    """``ttl.dfb_descriptor(dfb)`` (kind "descriptor") or ``ttl.get_dfb_id(dfb)`` ("index")."""

    kind: str
    dfb: DFBValue


@dataclass(frozen=True)
class EffectValue:
    """One ``ttl.DFBEffect`` action with its static tile count."""

    kind: str
    dfb: DFBValue
    tiles: int


@dataclass(frozen=True)
class EffectSequence:
    """``ttl.DFBEffect.repeat(count, [items...])``, kept unexpanded: ``items`` are actions and
    nested sequences, ``length`` the number of actions of the expansion. The 4096-action limit
    applies to a call's whole expanded sequence, so an inner repeat larger than the limit inside
    ``repeat(0, ...)`` is valid; :meth:`flatten` is only called once the length is checked."""

    count: int
    items: tuple["EffectValue | EffectSequence", ...]
    length: int

    def flatten(self) -> tuple[EffectValue, ...]:
        if self.length == 0:
            return ()
        once: list[EffectValue] = []
        for item in self.items:
            once.extend(item.flatten() if isinstance(item, EffectSequence) else (item,))
        return tuple(once) * self.count
