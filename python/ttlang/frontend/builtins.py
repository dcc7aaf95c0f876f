"""The TT-Lang builtins (``ttl.copy``, ``ttl.make_dataflow_buffer_like``, ``ttl.node``,
``ttl.grid_size``, ``ttl.math.*``) as IR builders, dispatched by name through ``_HANDLERS`` to
a method here, of the shape builtins (``shape_builtins.py``) or of the external calls
(``extern_calls.py``). A new builtin is one entry in ``api`` and one here, plus its method."""

from __future__ import annotations

import ast
import math
from typing import TYPE_CHECKING, Any

from ttlang.frontend import api
from ttlang import ir_text
from ttlang.frontend.extern_calls import ExternCalls
from ttlang.frontend.pipes import PipeEndpoint
from ttlang.frontend.shape_builtins import ShapeBuiltins, adopt_fill_types
from ttlang.frontend.values import (
    INT64_MAX,
    MATRIX_ROWS_OF_THE_BLOCK,
    BlockValue,
    RowSlice,
    DFBValue,
    Scalar,
    TensorValue,
    TileSlice,
    flat_block_shape,
    TransferValue,
    int_text,
)

_MATH_OPS = {
    f"math.{name}": name for name in api.MATH_FUNCTIONS if name not in api.MATH_SHAPE
}
_SHAPE_OPS = (
    *(f"math.{name}" for name in api.MATH_SHAPE),
    *(f"block.{name}" for name in api.BLOCK_FUNCTIONS),
)

if TYPE_CHECKING:
    from ttlang.frontend.context import CallContext

# builtin -> (handler object: "self", "shapes" or "externs", method)
_HANDLERS = {
    "make_dataflow_buffer_like": ("self", "make_dfb"),
    "copy": ("self", "copy"),
    "node": ("self", "coordinates"),
    "grid_size": ("self", "coordinates"),
    **{name: ("self", "tile_math") for name in _MATH_OPS},
    **{name: ("shapes", "shape_math") for name in _SHAPE_OPS},
    "call_extern_func": ("externs", "call_extern_func"),
    "raw_addr": ("externs", "raw_addr"),
    "dfb_descriptor": ("externs", "dfb_template"),
    "get_dfb_id": ("externs", "dfb_template"),
}

# make_dataflow_buffer_like's block count: tt-lang 1.1.x's `block_count=`, and the spec's
# earlier spelling `buffer_factor=` (renamed in its version 0.15), which tt-lang's own
# examples still use (docs/language.md, "Row-major tensors").
BLOCK_COUNT_SPELLINGS = ("block_count", "buffer_factor")


class BuiltinCalls:
    """Builtin calls of one function compiler (``ctx``)."""

    def __init__(self, ctx: CallContext) -> None:
        self.ctx = ctx
        self.shapes = ShapeBuiltins(ctx)
        self.externs = ExternCalls(ctx)

    def builtin_call(
        self, builtin: api.Builtin, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
        node: ast.Call,
    ) -> Any:
        handler = _HANDLERS.get(builtin.name)
        if handler is None:
            raise self.ctx.error(node, f"ttl.{builtin.name} is not supported here")
        owner, method = handler
        target = self if owner == "self" else getattr(self, owner)
        return getattr(target, method)(builtin.name, args, keywords, node)

    def coordinates(
        self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> Any:
        loc = self.ctx.loc(node)
        if args or set(keywords) - {"dims"}:
            raise self.ctx.error(node, f"ttl.{name}() accepts only dims=")
        dims = keywords.get("dims", (2, node))[0]
        if dims not in (1, 2, 3) or isinstance(dims, bool):
            raise self.ctx.error(node, f"ttl.{name}(dims=...) must be 1, 2 or 3, got {dims!r}")
        cols, rows = self.ctx.grid()
        if name == "grid_size":
            # Known at compile time: folding it keeps loop bounds static. A third dimension
            # is padded with 1 (tt-lang's spec: a single chip's grid as a 3-D one).
            return {1: cols * rows, 2: (cols, rows), 3: (cols, rows, 1)}[dims]
        col = Scalar(self.ctx.builder.node(0, loc), ir_text.INDEX)
        row = Scalar(self.ctx.builder.node(1, loc), ir_text.INDEX)
        if dims == 2:
            return (col, row)
        if dims == 3:
            return (col, row, 0)
        # tt-lang flattens the grid with its last dimension (the row) varying fastest, in the
        # compiler and in tt-lang-sim 1.1.6 (nodecontext.py): node (col, row) is col * rows + row.
        return self.ctx.binop(ast.Add(), self.ctx.binop(ast.Mult(), col, rows, node), row, node)

    def tile_math(
        self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        short = _MATH_OPS[name]
        if short == "pow":
            if keywords or len(args) != 2 or not isinstance(args[0], BlockValue):
                raise self.ctx.error(node, "ttl.math.pow(block, exponent) takes a block and a compile-time number")
            return self.ctx.block_scalar(ast.Pow(), args[0], args[1], node)
        if short == "matmul":
            return self.math_matmul(args, keywords, node)
        arity = 3 if short == "where" else 2 if short in api.MATH_BINARY else 1
        usage = {
            1: f"ttl.{name}(block) takes one block",
            2: f"ttl.{name}(a, b) takes two blocks",
            3: "ttl.math.where(condition, true_value, false_value) takes three blocks",
        }[arity]
        if keywords or len(args) != arity:
            raise self.ctx.error(node, usage)
        for arg in args:
            if not isinstance(arg, BlockValue):
                raise self.ctx.error(node, f"{usage}, got {self.ctx.describe(arg)}")
        args = adopt_fill_types(self.ctx.builder, args)
        if any(arg.type != args[0].type for arg in args):
            raise self.ctx.error(
                node,
                f"ttl.{name} on {', '.join(a.type for a in args)}: the blocks' types must match",
            )
        mnemonic = api.MATH_UNARY.get(short) or api.MATH_BINARY.get(short) or short
        ssa = self.ctx.builder.tile_op(mnemonic, [a.ssa for a in args], args[0].type, self.ctx.loc(node))
        return BlockValue(ssa, args[0].shape, args[0].element_type, "value", args[0].batch,
                          args[0].element_shape)

    def math_matmul(
        self, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        """``ttl.math.matmul(a, b[, out], *, transpose_rhs=False)``: ``a @ b``; with
        ``transpose_rhs`` ``b`` is N x K tiles and the product is ``a @ b.T``. ``out`` is tt-lang
        1.1.6's output hint: a block the product will be stored in, whose shape must be the
        product's (it changes nothing else; store the product with ``out.store(...)``)."""
        usage = "ttl.math.matmul(a, b[, out], *, transpose_rhs=False) takes two blocks and an output hint"
        if set(keywords) - {"transpose_rhs"} or len(args) not in (2, 3):
            raise self.ctx.error(node, usage)
        if not all(isinstance(arg, BlockValue) for arg in args):
            raise self.ctx.error(node, f"{usage}, got {', '.join(self.ctx.describe(a) for a in args)}")
        transpose, flag_node = keywords.get("transpose_rhs", (False, node))
        if not isinstance(transpose, bool):
            raise self.ctx.error(
                flag_node, f"transpose_rhs= must be a compile-time True or False, got {self.ctx.describe(transpose)}"
            )
        product = self.ctx.block_matmul(args[0], args[1], node, transpose_rhs=transpose)
        if len(args) == 3 and args[2].shape != product.shape:
            raise self.ctx.error(
                node, f"the output hint of ttl.math.matmul is {args[2].shape[0]}x{args[2].shape[1]} "
                f"tiles, but the product is {product.shape[0]}x{product.shape[1]}",
            )
        return product

    def make_dfb(self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call) -> DFBValue:
        if len(args) != 1 or not isinstance(args[0], TensorValue):
            raise self.ctx.error(node, "make_dataflow_buffer_like(tensor, shape=..., block_count=...) needs a tensor")
        if set(keywords) - {"shape", *BLOCK_COUNT_SPELLINGS}:
            raise self.ctx.error(
                node, "make_dataflow_buffer_like accepts shape= and block_count= (or its earlier "
                "spelling buffer_factor=)",
            )
        if all(k in keywords for k in BLOCK_COUNT_SPELLINGS):
            raise self.ctx.error(
                node, "block_count= and buffer_factor= are one argument (buffer_factor is its "
                "earlier spelling): give one",
            )
        block_count = next(
            (keywords[k][0] for k in BLOCK_COUNT_SPELLINGS if k in keywords), 2
        )
        spelling = next((k for k in BLOCK_COUNT_SPELLINGS if k in keywords), "block_count")
        if not isinstance(block_count, int) or isinstance(block_count, bool) or block_count < 1:
            raise self.ctx.error(node, f"{spelling}= must be a positive integer, got {block_count!r}")
        if block_count > INT64_MAX:
            raise self.ctx.error(
                node, f"{spelling}={int_text(block_count)} does not fit the IR's i64"
            )
        if args[0].spec.layout == "row_major":
            return self.make_row_dfb(args[0], keywords, block_count, node)
        shape = keywords.get("shape", ((1, 1), node))[0]
        if not (
            isinstance(shape, tuple)
            and len(shape) >= 2
            and all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in shape)
        ):
            runtime = [d for d in (shape if isinstance(shape, tuple) else ()) if not isinstance(d, int)]
            got = (f"{self.ctx.describe(runtime[0])}, a run-time value (capture compile-time "
                   "numbers in a factory closure)") if runtime else repr(shape)
            if isinstance(shape, tuple) and len(shape) == 1 and not runtime:
                # tt-lang's element-shaped blocks are those of a row-major tensor.
                got += (f" (a 1-D shape is an element-shaped block, which a DFB made like a "
                        f"row-major tensor has; '{args[0].name}' is in tile layout, whose blocks "
                        "are tile counts)")
            raise self.ctx.error(
                node,
                f"shape= must be positive tile counts (rows, cols), or (batch..., rows, cols) for "
                f"an N-D block, got {got}",
            )
        if any(d > INT64_MAX for d in shape):
            raise self.ctx.error(node, f"shape= {tuple(int_text(d) for d in shape)} does not fit the IR's i64")
        # An N-D shape (batch..., rows, cols) is the IR's 2-D block with the batch's blocks
        # stacked along the rows: the same tiles in the same (row-major) order.
        shape, batch = flat_block_shape(shape)
        if shape[0] > INT64_MAX:
            raise self.ctx.error(node, f"shape= has {int_text(shape[0])} tile rows, more than the IR's i64")
        dfb = DFBValue("", (shape[0], shape[1]), args[0].spec.element_type, block_count)
        ssa = self.ctx.builder.create_dfb(dfb.type, self.ctx.loc(node))
        return DFBValue(ssa, dfb.shape, dfb.element_type, dfb.block_count, batch)

    def make_row_dfb(
        self, tensor: TensorValue, keywords: dict[str, tuple[Any, ast.AST]], block_count: int,
        node: ast.Call,
    ) -> DFBValue:
        """A DFB like a row-major tensor: element-shaped blocks, ``shape=(C,)`` one row of C
        elements, ``(..., R, C)`` R rows (the leading dimensions folded into the rows), the IR's
        ``!ttl.dfb<RxCxT, n, row_major>`` (one page per row)."""
        # A sharded row-major tensor never gets here: the #ttl.layout verifier rejects it at
        # the operation's def, saying what to pass instead.
        if "shape" not in keywords:
            raise self.ctx.error(
                node,
                f"make_dataflow_buffer_like({tensor.name}, ...) of a row-major tensor needs "
                f"shape=: its blocks are element-shaped, e.g. shape=({tensor.spec.shape[-1]},) "
                "for one row",
            )
        shape = keywords["shape"][0]
        if isinstance(shape, int) and not isinstance(shape, bool):
            shape = (shape,)
        if not (
            isinstance(shape, tuple) and shape
            and all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in shape)
        ):
            raise self.ctx.error(
                node,
                f"shape= of a row-major tensor's DFB must be positive compile-time element "
                f"counts, (C,) for one row of C elements or (..., R, C), got "
                f"{self.ctx.describe(shape) if not isinstance(shape, tuple) else repr(shape)}",
            )
        width = tensor.spec.shape[-1]
        if shape[-1] != width:
            # The IR has no "like": a copy's verifier sees only a block that is not whole rows.
            raise self.ctx.error(
                node,
                f"shape={tuple(shape)}: a DFB like a row-major tensor holds whole rows of "
                f"'{tensor.name}' ({width} elements), counted in elements, not tiles: "
                f"shape=({width},) for one row, (R, {width}) for R rows (ttlang copies whole "
                f"rows, ttnn's pages); for tile blocks pass the tensor in tile layout "
                f"(ttnn.to_layout({tensor.name}, ttnn.TILE_LAYOUT))",
            )
        rows = math.prod(shape[:-1])
        if rows > INT64_MAX or shape[-1] > INT64_MAX:
            raise self.ctx.error(node, f"shape= {tuple(int_text(d) for d in shape)} does not fit the IR's i64")
        dfb = DFBValue("", (rows, shape[-1]), tensor.spec.element_type, block_count,
                       element_shape=tuple(shape))
        ssa = self.ctx.builder.create_dfb(dfb.type, self.ctx.loc(node))
        return DFBValue(ssa, dfb.shape, dfb.element_type, block_count, element_shape=tuple(shape))

    def copy(self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call) -> TransferValue:
        if len(args) == 2 and any(isinstance(a, PipeEndpoint) for a in args):
            return self.ctx.pipe_copy(args[0], args[1], keywords, node)
        if len(args) != 2 or set(keywords) - {"kernel"}:
            raise self.ctx.error(node, "ttl.copy(src, dst) takes a source and a destination (and kernel=)")
        src, dst = args
        attrs = self.ctx.selection_attr(keywords, single=False)
        loc = self.ctx.loc(node)
        if isinstance(src, RowSlice) or isinstance(dst, RowSlice):
            return self.copy_rows(src, dst, attrs, node)
        for block, tile_slice in ((src, dst), (dst, src)):
            if isinstance(block, BlockValue) and block.row_major and isinstance(tile_slice, TileSlice):
                raise self.ctx.error(
                    node,
                    f"ttl.copy between a tile slice of '{tile_slice.tensor.name}' (a tile-layout "
                    f"tensor) and an element-shaped block of a row-major tensor's DFB: copy the "
                    f"block's rows to or from a row-major tensor (t[..., :]), or make the DFB "
                    f"like '{tile_slice.tensor.name}'",
                )
        if isinstance(src, TileSlice) and isinstance(dst, BlockValue):
            self.check_block_origin(dst, True, node)
            self.check_extents(src, dst, node)
            row, col = self.ctx.as_index(src.row, node), self.ctx.as_index(src.col, node)
            ssa = self.ctx.builder.load_tiles(
                src.tensor.ssa, src.tensor.type, row, col, dst.ssa, dst.type, attrs, loc,
                self.matrix_rows(src, dst, node),
            )
            return TransferValue(ssa)
        if isinstance(src, BlockValue) and isinstance(dst, TileSlice):
            self.check_block_origin(src, False, node)
            self.check_extents(dst, src, node)
            row, col = self.ctx.as_index(dst.row, node), self.ctx.as_index(dst.col, node)
            ssa = self.ctx.builder.store_tiles(
                src.ssa, src.type, dst.tensor.ssa, dst.tensor.type, row, col, attrs, loc,
                self.matrix_rows(dst, src, node),
            )
            return TransferValue(ssa)
        raise self.ctx.error(
            node,
            f"ttl.copy copies between a tensor tile slice and a block, got "
            f"{self.ctx.describe(src)} -> {self.ctx.describe(dst)}",
        )

    def check_block_origin(self, block: BlockValue, into: bool, node: ast.Call) -> None:
        """A copy fills a block the producer reserved, and drains one the consumer waited for."""
        if into and block.origin != "reserve":
            raise self.ctx.error(node, "ttl.copy into a block needs a block acquired with reserve()")
        if not into and block.origin != "wait":
            raise self.ctx.error(node, "ttl.copy from a block needs a block acquired with wait()")

    def copy_rows(self, src: Any, dst: Any, attrs: str, node: ast.Call) -> TransferValue:
        """``ttl.copy(t[n, h, w, :], blk)`` / ``ttl.copy(blk, t[n, h, w, :])``: whole rows of a
        row-major tensor into / out of an element-shaped block (``ttl.load_rows`` /
        ``ttl.store_rows``, whose verifiers check the rows' width and the tensor)."""
        loc = self.ctx.loc(node)
        read = isinstance(src, RowSlice)
        rows, block = (src, dst) if read else (dst, src)
        if not isinstance(block, BlockValue):
            raise self.ctx.error(
                node,
                f"ttl.copy copies rows of a row-major tensor to or from a block, got "
                f"{self.ctx.describe(src)} -> {self.ctx.describe(dst)}",
            )
        if not block.row_major:
            raise self.ctx.error(
                node,
                f"ttl.copy between rows of '{rows.tensor.name}' (a row-major tensor) and a block "
                f"of tiles: make the DFB like '{rows.tensor.name}' (element-shaped blocks, "
                f"shape=({rows.tensor.spec.shape[-1]},) for one row), or pass the tensor in tile "
                "layout (ttnn.to_layout(t, ttnn.TILE_LAYOUT))",
            )
        self.check_block_origin(block, read, node)
        if rows.rows is not None and rows.rows != block.shape[0]:
            raise self.ctx.error(
                node,
                f"the slice has {rows.rows} rows of '{rows.tensor.name}' but the block of shape "
                f"{block.logical_shape} holds {block.shape[0]}; they must match",
            )
        row = self.ctx.as_index(rows.row, node)
        if read:
            ssa = self.ctx.builder.load_rows(
                rows.tensor.ssa, rows.tensor.type, row, block.ssa, block.type, attrs, loc)
        else:
            ssa = self.ctx.builder.store_rows(
                block.ssa, block.type, rows.tensor.ssa, rows.tensor.type, row, attrs, loc)
        return TransferValue(ssa)

    def matrix_rows(self, tile_slice: TileSlice, block: BlockValue, node: ast.AST) -> int | None:
        """The copy's ``matrix_rows``: the slice's, or for run-time tile-row bounds the N-D
        block's rows per matrix (as a 2-D slice's run-time extents are the block's)."""
        if tile_slice.matrix_rows != MATRIX_ROWS_OF_THE_BLOCK:
            return tile_slice.matrix_rows
        if not block.batch:
            raise self.ctx.error(
                node,
                "this slice takes some tile rows of several matrices with run-time bounds: copy "
                "it with an N-D block (shape=(matrices, rows, cols)), whose rows per matrix it "
                "takes, or one matrix at a time (t[b, r0:r1, c0:c1])",
            )
        return block.logical_shape[-2]

    def check_extents(self, tile_slice: TileSlice, block: BlockValue, node: ast.AST) -> None:
        for extent, dim, axis in zip((tile_slice.rows, tile_slice.cols), block.shape, ("rows", "cols")):
            if extent is not None and extent != dim:
                raise self.ctx.error(
                    node,
                    f"the tile slice has {extent} {axis} but the block has {dim}; they must match",
                )

