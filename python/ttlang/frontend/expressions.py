"""Expression handlers: a Python expression of an operation body -> a compile-time value or an
IR value (``values.py``). Compile-time Python (ints, tuples, ``t.shape``, calls of plain Python
functions) is evaluated; runtime integers, booleans and block math become ops. Calls dispatch to
the builtin and external-call handlers and to composition through the context."""

from __future__ import annotations

import ast
import builtins
import math
import operator
import struct
from typing import TYPE_CHECKING, Any, Callable

from ttlang.artifact import KernelKind
from ttlang.frontend import api
from ttlang import ir_text
from ttlang.frontend.kernels import Kernel
from ttlang.frontend.pipes import LocalFunction, is_pipe_call
from ttlang.frontend.prints import RuntimeText, device_print
from ttlang.frontend.shape_builtins import ELEMENT_DTYPES, adopt_fill_types, reject_batched
from ttlang.frontend.source import OperationSource
from ttlang.frontend.values import (
    RowSlice,
    INT64_MAX,
    BlockValue,
    BoundMethod,
    DFBValue,
    FloatParam,
    MATRIX_ROWS_OF_THE_BLOCK,
    Index,
    IntParam,
    Scalar,
    TensorValue,
    TileSlice,
    TransferValue,
    int_text,
)

if TYPE_CHECKING:
    from ttlang.frontend.context import ExpressionContext

_PY_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
}
_F32_MAX = 3.4028234663852886e38

_PY_COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_BLOCK_COMPARE = {
    ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge",
}


# Stands for a runtime value while an f-string is joined (no source text holds it).
_RUNTIME_SLOT = "\x00"

class Expressions:
    """Evaluates expressions for one function compiler (``ctx``)."""

    def __init__(self, ctx: ExpressionContext) -> None:
        self.ctx = ctx

    def expr(self, node: ast.expr) -> Any:
        method = getattr(self, f"expr_{type(node).__name__}", None)
        if method is None:
            raise self.ctx.error(node, f"'{type(node).__name__}' expressions are not supported in TT-Lang")
        return method(node)

    def expr_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def expr_JoinedStr(self, node: ast.JoinedStr) -> str | RuntimeText:
        """An f-string: formatted now when its values are compile-time ones (assert messages,
        names); with plain runtime integers in it (``f"node={n}"``), a RuntimeText that only
        print() takes, shown by the device print."""
        parts: list[str] = []
        runtime: list[Scalar] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(value.value)
                continue
            formatted = self.formatted(value)
            if isinstance(formatted, Scalar):
                parts.append(_RUNTIME_SLOT)
                runtime.append(formatted)
            else:
                parts.append(formatted)
        if not runtime:
            return "".join(parts)
        text = "".join(parts).replace("{", "{{").replace("}", "}}").replace(_RUNTIME_SLOT, "{}")
        return RuntimeText(text, tuple(runtime))

    def formatted(self, node: ast.expr) -> str | Scalar:
        if not isinstance(node, ast.FormattedValue):
            raise self.ctx.error(node, f"'{type(node).__name__}' in an f-string is not supported")
        value = self.expr(node.value)
        if isinstance(value, Scalar) and node.conversion == -1 and node.format_spec is None:
            return value
        if not self.ctx.is_python(value):
            raise self.ctx.error(
                node.value,
                f"an f-string formats compile-time values and plain runtime integers "
                f"(f\"{{x}}\", shown by print()), not {self.ctx.describe(value)}",
            )
        if node.conversion != -1:
            value = {ord("s"): str, ord("r"): repr, ord("a"): ascii}[node.conversion](value)
        spec = self.expr_JoinedStr(node.format_spec) if node.format_spec is not None else ""
        try:
            return format(value, spec)
        except (TypeError, ValueError) as err:
            raise self.ctx.error(node, f"f-string format: {err}") from None

    def expr_Name(self, node: ast.Name) -> Any:
        return self.ctx.lookup(node.id, node)

    def expr_Tuple(self, node: ast.Tuple) -> Any:
        return tuple(self.expr(e) for e in node.elts)

    def expr_List(self, node: ast.List) -> Any:
        return tuple(self.expr(e) for e in node.elts)

    def expr_ListComp(self, node: ast.ListComp) -> tuple[Any, ...]:
        return self.comprehension(node)

    def expr_GeneratorExp(self, node: ast.GeneratorExp) -> tuple[Any, ...]:
        return self.comprehension(node)

    def comprehension(self, node: ast.ListComp | ast.GeneratorExp) -> tuple[Any, ...]:
        """``[elt for x in it if cond ...]``, unrolled at compile time as Python runs it (a
        tuple, as list displays are): each iterable is known at compile time (``range()`` of
        compile-time integers, a tuple or a list), each ``if`` a compile-time condition, and
        the variables are local to the comprehension. Pipe lists (``ttl.PipeNet([ttl.Pipe(...)
        for m in range(4)])``) are the common use."""
        items: list[Any] = []

        def unroll(generators: list[ast.comprehension]) -> None:
            if not generators:
                items.append(self.expr(node.elt))
                return
            generator = generators[0]
            if generator.is_async:
                raise self.ctx.error(generator.iter, "async comprehensions are not supported")
            for value in self.comprehension_values(generator.iter):
                with self.ctx.push_scope(region=False):
                    self.bind_comprehension_target(generator.target, value)
                    if all(self.comprehension_condition(cond) for cond in generator.ifs):
                        unroll(generators[1:])

        unroll(list(node.generators))
        return tuple(items)

    def comprehension_values(self, iterable: ast.expr) -> tuple[Any, ...] | range:
        if isinstance(iterable, ast.Call) and self.expr(iterable.func) is builtins.range:
            bounds = [self.expr(arg) for arg in iterable.args]
            integers = all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)
            if iterable.keywords or not integers:
                raise self.ctx.error(
                    iterable, "a comprehension's range() takes compile-time integers (it is unrolled)"
                )
            try:
                return range(*bounds)
            except (TypeError, ValueError) as err:
                raise self.ctx.error(iterable, f"{type(err).__name__}: {err}") from None
        value = self.expr(iterable)
        if isinstance(value, (tuple, list, range)):
            return value
        raise self.ctx.error(
            iterable,
            "a comprehension iterates over range() of compile-time integers, a tuple or a list "
            f"(it is unrolled at compile time), got {self.ctx.describe(value)}",
        )

    def bind_comprehension_target(self, target: ast.expr, value: Any) -> None:
        if isinstance(target, ast.Name):
            self.ctx.define(target.id, value, target)
            return
        unpacks = isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (tuple, list))
        if unpacks and len(value) == len(target.elts):
            for element, item in zip(target.elts, value):
                self.bind_comprehension_target(element, item)
            return
        raise self.ctx.error(
            target, f"cannot bind {self.ctx.describe(value)} to this comprehension target"
        )

    def comprehension_condition(self, condition: ast.expr) -> bool:
        value = self.expr(condition)
        if not self.ctx.is_python(value):
            raise self.ctx.error(
                condition, "a comprehension's if needs a compile-time condition (it is unrolled)"
            )
        return bool(value)

    def expr_Attribute(self, node: ast.Attribute) -> Any:
        value = self.expr(node.value)
        name = node.attr
        if isinstance(value, TensorValue):
            if name == "shape":
                return value.spec.shape
            if name == "dtype":
                return value.spec.dtype
        elif isinstance(value, DFBValue):
            if name in ("reserve", "wait", "reconfigure"):
                return BoundMethod(value, name)
            if name == "shape":
                return value.logical_shape
        elif isinstance(value, BlockValue):
            if name in ("store", "push", "pop"):
                return BoundMethod(value, name)
            if name == "shape":
                return value.logical_shape
            if name == "dtype":
                return ELEMENT_DTYPES[value.element_type]
        elif isinstance(value, TransferValue):
            if name == "wait":
                return BoundMethod(value, name)
        elif not isinstance(value, (Scalar, TileSlice, BoundMethod)):
            try:
                return getattr(value, name)
            except AttributeError:
                if value is api.block:
                    raise self.ctx.error(
                        node,
                        f"ttl.block.{name} is not supported by ttlang (supported: "
                        f"{', '.join(api.BLOCK_FUNCTIONS)})",
                    ) from None
                if value is api.math:
                    raise self.ctx.error(
                        node,
                        f"ttl.math.{name} is not supported by ttlang (supported: "
                        f"{', '.join(api.MATH_FUNCTIONS)}, and + - * / ** @ abs() on blocks)",
                    ) from None
                raise self.ctx.error(node, f"{self.ctx.describe(value)} has no attribute '{name}'") from None
        raise self.ctx.error(node, f"{self.ctx.describe(value)} has no attribute '{name}'")

    def expr_Subscript(self, node: ast.Subscript) -> Any:
        value = self.expr(node.value)
        if isinstance(value, TensorValue):
            if value.spec.layout == "row_major":
                return self.row_slice(value, node)
            return self.tile_slice(value, node)
        if isinstance(value, (Scalar, BlockValue, DFBValue, TransferValue, TileSlice, RowSlice)):
            raise self.ctx.error(node, f"{self.ctx.describe(value)} cannot be indexed")
        key = self.expr(node.slice)
        if isinstance(key, (Scalar,)):
            raise self.ctx.error(node.slice, "a Python sequence needs a compile-time index")
        try:
            return value[key]
        except Exception as err:  # noqa: BLE001 - reported at the user's line
            raise self.ctx.error(node, f"{type(err).__name__}: {err}") from None

    def expr_Slice(self, node: ast.Slice) -> Any:
        return slice(
            self.expr(node.lower) if node.lower else None,
            self.expr(node.upper) if node.upper else None,
            self.expr(node.step) if node.step else None,
        )

    def tile_slice(self, tensor: TensorValue, node: ast.Subscript) -> TileSlice:
        """``t[r0:r1, c0:c1]`` (tile indices), and on a tensor of rank > 2 ``t[b, r0:r1, c0:c1]``:
        the IR addresses its tiles as one 2-D grid, the batch's matrices stacked along the rows
        (ttnn's page order; ``ttl.load_tiles``), so the slice is built as row
        ``flat(b) * tile_rows + r0``. Several matrices at once (``t[0:2, :, c0:c1]`` into a
        ``(2, R, C)`` block) are consecutive rows of that grid when every dimension past the
        first with more than one index is taken whole; when only the tile rows are not
        (``t[0:2, r0:r1, c0:c1]``), the copy takes ``r1 - r0`` rows of each matrix
        (``matrix_rows``)."""
        elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(tensor.spec.shape) < 2:
            raise self.ctx.error(node, f"tensor '{tensor.name}' has rank 1: tile copies need rank 2 or more")
        grid = tensor.tile_grid
        if len(elements) != len(grid):
            if len(grid) == 2:
                raise self.ctx.error(node, "a tensor is indexed by two tile coordinates: t[rows, cols]")
            raise self.ctx.error(
                node,
                f"a tensor of rank {len(grid)} is indexed by {len(grid)} coordinates "
                f"(t[batch..., rows, cols], the last two in tiles), got {len(elements)}",
            )
        starts: list[Index] = []
        extents: list[int | None] = []
        for axis, element in enumerate(elements):
            start, extent = self.coordinate(element, grid[axis], "tile")
            starts.append(start)
            extents.append(extent)
        rows_axes = range(len(grid) - 1)  # batch dimensions and the tile rows
        rows_axis = len(grid) - 2
        first_multi = next((a for a in rows_axes if extents[a] != 1), None)
        matrix_rows = None
        if first_multi is not None and first_multi < rows_axis:
            partial = [
                a for a in rows_axes
                if a > first_multi and (extents[a] != grid[a] or starts[a] != 0)
            ]
            if partial == [rows_axis]:
                # Some tile rows of each of several matrices: runs of rows one matrix apart.
                matrix_rows = extents[rows_axis]
                if matrix_rows is None:
                    matrix_rows = MATRIX_ROWS_OF_THE_BLOCK
            elif partial:
                raise self.ctx.error(
                    node,
                    f"this slice of several matrices is not one run of tiles: dimension "
                    f"{partial[0]} must be taken whole (0:{grid[partial[0]]}) after dimension "
                    f"{first_multi}, which takes {extents[first_multi]}; copy one matrix at "
                    "a time (t[b, r0:r1, c0:c1]) or whole matrices",
                )
        # The flat row: ((b0 * B1 + b1) * ... ) * tile_rows + r0.
        row: Index = starts[0]
        for axis in range(1, len(grid) - 1):
            row = self.binop(ast.Add(), self.binop(ast.Mult(), row, grid[axis], node), starts[axis], node)
        # Run-time bounds leave the extent to the block's shape, as for a 2-D tensor.
        rows: int | None = 1
        for axis in rows_axes:
            rows = None if rows is None or extents[axis] is None else rows * extents[axis]
        return TileSlice(tensor, row, starts[-1], rows, extents[-1], matrix_rows)

    def row_slice(self, tensor: TensorValue, node: ast.Subscript) -> RowSlice:
        """``t[n, h, w, :]`` of a row-major tensor (element indices): whole rows of its last
        dimension, ttnn's pages, counted over the other dimensions in order, so the slice is
        built as row ``(n * H + h) * W + w``. Several rows (``t[n, h, w0:w1, :]``) are one run
        of pages when every dimension after the first with more than one index is taken whole
        (but the last, which is always whole: a copy moves whole pages)."""
        elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        shape = tensor.spec.shape
        if len(elements) != len(shape):
            raise self.ctx.error(
                node,
                f"a row-major tensor of rank {len(shape)} is indexed by {len(shape)} element "
                f"coordinates (t[..., :], the last taking whole rows), got {len(elements)}",
            )
        starts: list[Index] = []
        extents: list[int | None] = []
        for axis, element in enumerate(elements):
            start, extent = self.coordinate(element, shape[axis], "element")
            if axis == len(shape) - 1 and not (start == 0 and extent == shape[axis]):
                # A row is one page: tt-lang's block of part of a row would be a NoC read from
                # inside a page, which the page's alignment does not allow in general.
                raise self.ctx.error(
                    element,
                    f"a copy of a row-major tensor moves whole rows (its pages): take the last "
                    f"dimension whole, t[..., :] (0:{shape[axis]}), not part of it; copy whole "
                    "rows and use the part you need, or pass the tensor in tile layout",
                )
            starts.append(start)
            extents.append(extent)
        row_axes = range(len(shape) - 1)
        first_multi = next((a for a in row_axes if extents[a] != 1), None)
        if first_multi is not None:
            partial = [
                a for a in row_axes
                if a > first_multi and (extents[a] != shape[a] or starts[a] != 0)
            ]
            if partial:
                raise self.ctx.error(
                    node,
                    f"these rows of the row-major tensor are not one run of pages: dimension "
                    f"{partial[0]} must be taken whole (0:{shape[partial[0]]}) after dimension "
                    f"{first_multi}, which takes more than one index; copy one run at a time "
                    "(t[n, h, w0:w1, :])",
                )
        # The flat row: ((i0 * D1 + i1) * D2 + i2) ...
        row: Index = starts[0] if len(shape) > 1 else 0
        for axis in range(1, len(shape) - 1):
            row = self.binop(ast.Add(), self.binop(ast.Mult(), row, shape[axis], node), starts[axis], node)
        rows: int | None = 1
        for axis in row_axes:
            rows = None if rows is None or extents[axis] is None else rows * extents[axis]
        return RowSlice(tensor, row, rows)

    def coordinate(self, element: ast.expr, size: int, unit: str) -> tuple[Index, int | None]:
        """One coordinate of a tensor slice in ``unit``s ("tile" or "element") along an axis of
        ``size``: ``(start, extent)``, a single index being an extent of 1 and a slice's extent
        None when its bounds are run-time values. Takes ``t[r0:r1, c]`` and slice values
        (``t[slice(r0, r1), c]``, ``rows = slice(...); t[rows, c]``)."""
        value = self.expr(element) if not isinstance(element, ast.Slice) else self.expr_Slice(element)
        what = f"a{'n' if unit[0] in 'aeiou' else ''} {unit} index"
        if not isinstance(value, slice):
            self.check_index(value, element, what)
            return value, 1
        if value.step is not None:
            raise self.ctx.error(element, f"{unit} slices take no step")
        start = value.start if value.start is not None else 0
        stop = value.stop if value.stop is not None else size
        self.check_index(start, element, what)
        self.check_index(stop, element, what)
        extent = stop - start if isinstance(start, int) and isinstance(stop, int) else None
        if extent is not None and extent <= 0:
            raise self.ctx.error(element, f"empty {unit} slice {start}:{stop}")
        return start, extent

    def check_index(self, value: Any, node: ast.AST, what: str = "a tile index") -> None:
        if isinstance(value, bool) or not (
            isinstance(value, int) or (isinstance(value, Scalar) and value.type == ir_text.INDEX)
        ):
            raise self.ctx.error(node, f"{what} must be an integer, got {self.ctx.describe(value)}")

    def expr_BinOp(self, node: ast.BinOp) -> Any:
        return self.binop(node.op, self.expr(node.left), self.expr(node.right), node)

    def binop(self, op: ast.operator, left: Any, right: Any, node: ast.AST) -> Any:
        if isinstance(left, BlockValue) or isinstance(right, BlockValue):
            if not (isinstance(left, BlockValue) and isinstance(right, BlockValue)):
                return self.block_scalar(op, left, right, node)
            left, right = adopt_fill_types(self.ctx.builder, [left, right])
            if isinstance(op, ast.MatMult):
                return self.block_matmul(left, right, node)
            if type(op) not in ir_text.BLOCK_BINARY:
                raise self.ctx.error(node, f"blocks do not support '{type(op).__name__}'")
            if left.type != right.type:
                raise self.ctx.error(node, f"block math on {left.type} and {right.type}: types must match")
            ssa = self.ctx.builder.block_binary(type(op), left.ssa, right.ssa, left.type, self.ctx.loc(node))
            return BlockValue(ssa, left.shape, left.element_type, "value", left.batch or right.batch,
                              left.element_shape)
        if isinstance(left, Scalar) or isinstance(right, Scalar):
            if type(op) not in ir_text.INDEX_BINARY:
                raise self.ctx.error(node, f"runtime integers do not support '{type(op).__name__}'")
            if isinstance(op, (ast.FloorDiv, ast.Mod)) and isinstance(right, int) and right == 0:
                raise self.ctx.error(node, f"integer {'division' if isinstance(op, ast.FloorDiv) else 'modulo'} by zero")
            lhs, rhs = self.ctx.as_index(left, node), self.ctx.as_index(right, node)
            ssa = self.ctx.builder.index_binary(type(op), lhs, rhs, self.ctx.loc(node))
            return Scalar(ssa, ir_text.INDEX)
        self.ctx.require_python(left, node)
        self.ctx.require_python(right, node)
        try:
            return _PY_BINOPS[type(op)](left, right)
        except Exception as err:  # noqa: BLE001 - reported at the user's line
            raise self.ctx.error(node, f"{type(err).__name__}: {err}") from None

    def block_scalar(self, op: ast.operator, left: Any, right: Any, node: ast.AST) -> BlockValue:
        """``blk op s`` / ``s op blk`` with ``s`` a compile-time int or float."""
        block_on_left = isinstance(left, BlockValue)
        block, scalar = (left, right) if block_on_left else (right, left)
        key = (type(op), block_on_left)
        if isinstance(scalar, (IntParam, FloatParam)):
            # A scalar parameter: its f32 bits, read at run time (the verifiers reject what
            # needs the value at compile time, e.g. a division's reciprocal).
            if key not in ir_text.BLOCK_SCALAR:
                raise self.ctx.error(node, f"blocks do not support '{type(op).__name__}' with a scalar")
            ssa = self.ctx.builder.block_scalar_bits(
                key, block.ssa, scalar.bits, block.type, self.ctx.loc(node))
            return BlockValue(ssa, block.shape, block.element_type, "value", block.batch,
                              block.element_shape)
        if isinstance(scalar, bool) or not isinstance(scalar, (int, float)):
            raise self.ctx.error(
                node,
                f"block math combines a block with another block or a compile-time number, got "
                f"{self.ctx.describe(scalar)}",
            )
        # The scalar is an f32 operand of the tile op: it must be finite once rounded to f32.
        if isinstance(scalar, int) and abs(scalar) > _F32_MAX:
            raise self.ctx.error(
                node,
                f"the integer {int_text(scalar)} is too large for an f32 block-math scalar "
                f"(largest f32: {_F32_MAX:.8g})",
            )
        if not math.isfinite(scalar):
            raise self.ctx.error(node, f"block math with a non-finite scalar ({scalar!r})")
        try:
            struct.pack("<f", float(scalar))
        except OverflowError:
            raise self.ctx.error(
                node,
                f"block math with a scalar that is not finite in f32 ({scalar!r} rounds to inf; "
                f"largest f32: {_F32_MAX:.8g})",
            ) from None
        if key not in ir_text.BLOCK_SCALAR:
            raise self.ctx.error(node, f"blocks do not support '{type(op).__name__}' with a scalar")
        ssa = self.ctx.builder.block_scalar(key, block.ssa, float(scalar), block.type, self.ctx.loc(node))
        return BlockValue(ssa, block.shape, block.element_type, "value", block.batch,
                          block.element_shape)

    def block_matmul(
        self, left: BlockValue, right: BlockValue, node: ast.AST, transpose_rhs: bool = False
    ) -> BlockValue:
        """``a @ b``: (M x K) @ (K x N) tiles -> M x N tiles; with ``transpose_rhs`` the right
        block is N x K tiles (``ttl.math.matmul(a, b, transpose_rhs=True)``: ``a @ b.T``)."""
        # Element types and inner dimensions are MatmulOp's verifier's rules.
        for block in (left, right):
            reject_batched(self.ctx, block, "a block matmul", node)
        m, n = left.shape[0], right.shape[0 if transpose_rhs else 1]
        result = BlockValue("", (m, n), left.element_type, "value")
        ssa = self.ctx.builder.matmul(
            left.ssa, left.type, right.ssa, right.type, transpose_rhs, result.type, self.ctx.loc(node)
        )
        return BlockValue(ssa, result.shape, result.element_type, "value")

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Any:
        value = self.expr(node.operand)
        if isinstance(node.op, ast.UAdd):
            return value
        if isinstance(value, BlockValue) and isinstance(node.op, ast.USub):
            ssa = self.ctx.builder.tile_op("neg", [value.ssa], value.type, self.ctx.loc(node))
            return BlockValue(ssa, value.shape, value.element_type, "value", value.batch,
                              value.element_shape)
        if isinstance(value, Scalar):
            if isinstance(node.op, ast.USub) and value.type == ir_text.INDEX:
                return self.binop(ast.Sub(), 0, value, node)
            if isinstance(node.op, ast.Not):
                true = self.ctx.builder.bool_constant(True, self.ctx.loc(node))
                ssa = self.ctx.builder.logical("xor", self.ctx.as_predicate(value, node), true, self.ctx.loc(node))
                return Scalar(ssa, ir_text.I1)
            raise self.ctx.error(node, "unsupported unary operator on a runtime value")
        self.ctx.require_python(value, node)
        try:
            return {ast.USub: operator.neg, ast.Not: operator.not_, ast.Invert: operator.invert}[
                type(node.op)
            ](value)
        except Exception as err:  # noqa: BLE001
            raise self.ctx.error(node, f"{type(err).__name__}: {err}") from None

    def expr_Compare(self, node: ast.Compare) -> Any:
        result: Any = True
        left = self.expr(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = self.expr(comparator)
            if isinstance(left, BlockValue) or isinstance(right, BlockValue):
                name = _BLOCK_COMPARE.get(type(op))
                raise self.ctx.error(
                    node,
                    f"blocks are compared with ttl.math.{name}(a, b) (1.0 where it holds, else 0.0), "
                    f"not with '{type(op).__name__}'"
                    if name
                    else f"blocks do not support '{type(op).__name__}'",
                )
            if isinstance(left, Scalar) or isinstance(right, Scalar):
                if type(op) not in ir_text.INDEX_COMPARE:
                    raise self.ctx.error(node, f"runtime integers do not support '{type(op).__name__}'")
                lhs, rhs = self.ctx.as_index(left, node), self.ctx.as_index(right, node)
                ssa = self.ctx.builder.compare(type(op), lhs, rhs, self.ctx.loc(node))
                current: Any = Scalar(ssa, ir_text.I1)
            else:
                self.ctx.require_python(left, node)
                self.ctx.require_python(right, node)
                if type(op) in _PY_COMPARE:
                    current = _PY_COMPARE[type(op)](left, right)
                elif isinstance(op, ast.In):
                    current = left in right
                elif isinstance(op, ast.NotIn):
                    current = left not in right
                elif isinstance(op, ast.Is):
                    current = left is right
                else:
                    current = left is not right
            result = current if result is True else self.logical("and", result, current, node)
            left = right
        return result

    def expr_BoolOp(self, node: ast.BoolOp) -> Any:
        kind = "and" if isinstance(node.op, ast.And) else "or"
        result = self.expr(node.values[0])
        for value_node in node.values[1:]:
            if not isinstance(result, Scalar):
                # Python short-circuit on compile-time values.
                if (kind == "and" and not result) or (kind == "or" and result):
                    return result
                result = self.expr(value_node)
                continue
            result = self.logical(kind, result, self.expr(value_node), node)
        return result

    def logical(self, kind: str, left: Any, right: Any, node: ast.AST) -> Any:
        if not isinstance(left, Scalar) and not isinstance(right, Scalar):
            return (left and right) if kind == "and" else (left or right)
        lhs, rhs = self.ctx.as_predicate(left, node), self.ctx.as_predicate(right, node)
        return Scalar(self.ctx.builder.logical(kind, lhs, rhs, self.ctx.loc(node)), ir_text.I1)

    def expr_IfExp(self, node: ast.IfExp) -> Any:
        condition = self.expr(node.test)
        if isinstance(condition, Scalar):
            raise self.ctx.error(node, "a conditional expression needs a compile-time condition")
        return self.expr(node.body if condition else node.orelse)

    def expr_Call(self, node: ast.Call) -> Any:
        callee = self.expr(node.func)
        if isinstance(callee, api.Builtin) and callee.name.startswith("DFBEffect."):
            # Static counts are read from the source (frontend/extern_calls.py).
            return self.ctx.dfb_effect(callee.name, node)
        args = [self.expr(a) for a in node.args if not isinstance(a, ast.Starred)]
        if any(isinstance(a, ast.Starred) for a in node.args):
            raise self.ctx.error(node, "*args calls are not supported")
        keywords: dict[str, tuple[Any, ast.AST]] = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                raise self.ctx.error(keyword, "**kwargs calls are not supported")
            keywords[keyword.arg] = (self.expr(keyword.value), keyword.value)

        if isinstance(callee, BoundMethod):
            return self.method_call(callee, args, keywords, node)
        if is_pipe_call(callee):  # ttl.PipeNet and its methods (frontend/pipes.py)
            return self.ctx.pipe_call(callee, args, keywords, node)
        if isinstance(callee, LocalFunction):
            raise self.ctx.error(
                node, "a nested function runs only as a callback of net.if_src / net.if_dst"
            )
        if isinstance(callee, api.Builtin):
            return self.ctx.builtin_call(callee, args, keywords, node)
        if isinstance(callee, OperationSource):
            return self.ctx.compose(callee, args, keywords, node)
        if callee is Kernel:
            if len(args) != 1 or keywords or not isinstance(args[0], KernelKind):
                raise self.ctx.error(node, "ttl.Kernel(kind) takes one ttl.KernelKind")
            try:
                return Kernel(args[0])
            except TypeError as err:
                raise self.ctx.error(node, str(err)) from None
        if callee is builtins.range:
            raise self.ctx.error(node, "range() is only supported as the iterable of a for loop")
        if callee is builtins.print:
            device_print(self.ctx, list(zip(args, node.args)), keywords, node)
            return None
        if isinstance(callee, api.ThreadDecorator):
            raise self.ctx.error(node, "thread decorators are only valid on a nested function")
        if callee is builtins.abs and len(args) == 1 and isinstance(args[0], BlockValue):
            if keywords:
                raise self.ctx.error(node, "abs(block) takes no keywords")
            ssa = self.ctx.builder.tile_op("abs", [args[0].ssa], args[0].type, self.ctx.loc(node))
            return BlockValue(ssa, args[0].shape, args[0].element_type, "value", args[0].batch,
                              args[0].element_shape)
        if callee in (builtins.min, builtins.max) and any(isinstance(a, BlockValue) for a in args):
            name = "min" if callee is builtins.min else "max"
            raise self.ctx.error(
                node, f"the element-wise {name} of blocks is ttl.math.{name}(a, b), not {name}()"
            )
        if callee in (builtins.min, builtins.max) and any(isinstance(a, Scalar) for a in args):
            return self.runtime_min_max(callee is builtins.min, args, keywords, node)
        if callee is builtins.slice and not keywords and all(isinstance(a, (int, Scalar)) or a is None for a in args):
            return slice(*args)  # tile bounds, runtime ones too (`t[slice(r0, r1), c]`)
        plain_args = list(args) + [v for v, _ in keywords.values()]
        for value in plain_args:
            if not self.ctx.is_python(value):
                raise self.ctx.error(
                    node,
                    f"cannot pass {self.ctx.describe(value)} to the Python function "
                    f"'{getattr(callee, '__name__', callee)}' (it runs at compile time)",
                )
        if not callable(callee):
            raise self.ctx.error(node, f"{self.ctx.describe(callee)} is not callable")
        try:
            return callee(*args, **{k: v for k, (v, _) in keywords.items()})
        except Exception as err:  # noqa: BLE001 - reported at the user's line
            raise self.ctx.error(node, f"{type(err).__name__}: {err}") from None

    def method_call(
        self, method: BoundMethod, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
        node: ast.Call,
    ) -> Any:
        receiver, name = method.receiver, method.name
        loc = self.ctx.loc(node)
        if isinstance(receiver, DFBValue) and name == "reconfigure":
            return self.reconfigure(receiver, args, keywords, node)
        if isinstance(receiver, DFBValue):
            if keywords:
                raise self.ctx.error(
                    node,
                    f"{name}() takes no arguments (reserve and wait do not accept kernel=; the "
                    "block's uses and release determine its logical kernel)",
                )
            self.no_args(args, node, name)
            ssa = self.ctx.builder.acquire(name, receiver.ssa, receiver.type, receiver.block_type, loc)
            return BlockValue(ssa, receiver.shape, receiver.element_type, name, receiver.batch,
                              receiver.element_shape)
        if isinstance(receiver, BlockValue):
            if name == "store":
                if keywords or len(args) != 1 or not isinstance(args[0], BlockValue):
                    raise self.ctx.error(node, "store(value) takes one block value")
                if receiver.origin != "reserve":
                    raise self.ctx.error(node, "store() writes into a block acquired with reserve()")
                self.ctx.emit_store(receiver, args[0], node, accumulate=False)
                return None
            self.no_args(args, node, name)
            if set(keywords) - {"kernel"}:
                raise self.ctx.error(node, f"{name}() accepts only kernel=")
            expected = "reserve" if name == "push" else "wait"
            if receiver.origin != expected:
                raise self.ctx.error(node, f"{name}() releases a block acquired with {expected}()")
            attrs = self.ctx.selection_attr(keywords, single=True)
            self.ctx.builder.release(name, receiver.ssa, receiver.type, loc, attrs)
            return None
        if isinstance(receiver, TransferValue):
            self.no_args(args, node, name)
            if keywords:
                raise self.ctx.error(node, "wait() takes no arguments")
            self.ctx.builder.transfer_wait(receiver.ssa, loc)
            return None
        raise self.ctx.error(node, f"cannot call {name}() here")

    def reconfigure(
        self, dfb: DFBValue, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
        node: ast.Call,
    ) -> None:
        """``dfb.reconfigure(block_count=n)``: a synchronized DFB reconfiguration."""
        self.no_args(args, node, "reconfigure")
        if set(keywords) != {"block_count"}:
            raise self.ctx.error(node, "reconfigure() takes block_count= (the new number of blocks)")
        count, count_node = keywords["block_count"]
        if type(count) is not int or count < 1:
            raise self.ctx.error(
                count_node, f"block_count= must be a positive compile-time int, got {count!r}"
            )
        if count > INT64_MAX:
            raise self.ctx.error(
                count_node, f"block_count={int_text(count)} does not fit the IR's i64"
            )
        self.ctx.builder.reconfigure_dfb(dfb.ssa, count, dfb.type, self.ctx.loc(node))

    def no_args(self, args: list[Any], node: ast.AST, name: str) -> None:
        if args:
            raise self.ctx.error(node, f"{name}() takes no positional arguments")

    def runtime_min_max(self, is_min: bool, args: list[Any], keywords: dict, node: ast.Call) -> Scalar:
        """``min(a, b, ...)`` / ``max(...)`` of integers, some known only at run time (per-core
        ranges such as ``min(start + per_core, total)``): compare and select, pairwise."""
        name = "min" if is_min else "max"
        if keywords or len(args) < 2:
            raise self.ctx.error(node, f"{name}() of runtime integers takes two or more integers")
        for value in args:
            self.check_index(value, node)
        loc = self.ctx.loc(node)
        result: Any = args[0]
        for value in args[1:]:
            lhs, rhs = self.ctx.as_index(result, node), self.ctx.as_index(value, node)
            keep = self.ctx.builder.compare(ast.Lt if is_min else ast.Gt, lhs, rhs, loc)
            result = Scalar(self.ctx.builder.select(keep, lhs, rhs, loc), ir_text.INDEX)
        return result
