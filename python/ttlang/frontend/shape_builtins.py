"""Block functions whose result is not element-wise over same-shaped operands: ``fill``,
``broadcast``, ``reduce_sum`` / ``reduce_max`` and ``transpose``, in both tt-lang 1.1 spellings
(``ttl.math.fill(blk, value)`` / ``ttl.block.fill(value, shape=, dtype=)``,
``ttl.math.broadcast(x, out_blk, dims=)`` / ``ttl.block.broadcast(x, dims=, shape=)``). Block
dimensions are in tiles: 0 (or -2) the rows, 1 (or -1) the columns.

The frontend reads the Python spellings (negative dims, ``shape=`` or an output block, dtypes)
and builds the op with the result type they give; whether the dims and shapes fit each other is
the ops' verifiers' rule (``TTLBlockShapeOps.cpp``), reported at the user's line."""

from __future__ import annotations

import ast
import math
import struct
from typing import TYPE_CHECKING, Any

from ttlang import ir_text
from ttlang.frontend.values import BlockValue, FillBlock, flat_block_shape

if TYPE_CHECKING:
    from ttlang.frontend.context import Diagnostics

# ``dtype=`` spellings (strings, ttnn / torch dtypes by name) -> IR element type.
_FILL_DTYPES = ir_text.ELEMENT_TYPES
# The element type a ``ttl.block.fill`` without ``dtype=`` has until it meets a block of
# another type (``adopt_fill_types``).
_DEFAULT_FILL_TYPE = "bf16"
ELEMENT_DTYPES = {element: dtype for dtype, element in _FILL_DTYPES.items()}


def reject_batched(ctx: Diagnostics, block: Any, what: str, node: ast.AST) -> None:
    """A block of an N-D DFB (``shape=(2, 2, 1)``) is element-wise only: its IR block stacks the
    batch along the rows, where a matmul, reduction, broadcast or transpose would mix them."""
    if isinstance(block, BlockValue) and block.batch:
        raise ctx.error(
            node,
            f"{what} takes 2-D blocks, got a block of shape {block.logical_shape} (an N-D block "
            "is for element-wise math); use a 2-D DFB and copy one matrix of the batch at a time "
            "(t[b, r0:r1, c0:c1])",
        )


def adopt_fill_types(builder: ir_text.Builder, blocks: list[Any]) -> list[Any]:
    """``blocks`` (operands of one block-math op) with each ``ttl.block.fill`` without
    ``dtype=`` rebuilt in the element type of the other blocks, when those agree on one: the
    fill is an operand-free op, so building it again where it is used computes the same block.
    Anything else is returned unchanged (the op's type rules then apply)."""
    typed = {b.element_type for b in blocks if isinstance(b, BlockValue) and not isinstance(b, FillBlock)}
    if len(typed) != 1:
        return blocks
    element = typed.pop()
    adopted = []
    for block in blocks:
        if isinstance(block, FillBlock) and block.element_type != element:
            ssa = builder.fill(block.constant, ir_text.block_type(block.shape, element), block.loc)
            block = FillBlock(ssa, block.shape, element, "value", block.batch,
                              constant=block.constant, loc=block.loc)
        adopted.append(block)
    return adopted


class ShapeBuiltins:
    """Builders of the shape-changing block functions for one function compiler (``ctx``)."""

    def __init__(self, ctx: Diagnostics) -> None:
        self.ctx = ctx

    def shape_math(
        self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        short = name.split(".", 1)[1]
        builder = "reduce" if short in ir_text.REDUCE_OPS else short
        return getattr(self, f"block_{builder}")(f"ttl.{name}", args, keywords, node)

    # --- helpers ---------------------------------------------------------------------------
    def block_dims(self, fn: str, keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call) -> tuple[int, ...]:
        if "dims" not in keywords:
            raise self.ctx.error(node, f"{fn} needs dims= (block dimensions: 0 rows, 1 columns)")
        dims, dims_node = keywords["dims"]
        if isinstance(dims, int) and not isinstance(dims, bool):
            dims = (dims,)
        if not (
            isinstance(dims, tuple)
            and dims
            and all(isinstance(d, int) and not isinstance(d, bool) and -2 <= d <= 1 for d in dims)
        ):
            raise self.ctx.error(
                dims_node,
                f"{fn}: dims= must list block dimensions 0 / -2 (rows) and 1 / -1 (columns), "
                f"got {dims!r}",
            )
        # A dimension named twice stays twice: the op's verifier rejects it.
        return tuple(sorted(d % 2 for d in dims))

    def block_shape_kw(self, fn: str, keywords: dict[str, tuple[Any, ast.AST]]) -> tuple[int, int] | None:
        shape = self.batched_shape_kw(fn, keywords)
        if shape is not None and shape[1]:
            shape_node = keywords["shape"][1]
            raise self.ctx.error(
                shape_node, f"{fn}: shape= must be two positive tile counts, got {keywords['shape'][0]!r}")
        return None if shape is None else shape[0]

    def batched_shape_kw(
        self, fn: str, keywords: dict[str, tuple[Any, ast.AST]]
    ) -> tuple[tuple[int, int], tuple[int, ...]] | None:
        """``shape=`` as the IR's 2-D block shape and the batch dimensions of an N-D one."""
        if "shape" not in keywords:
            return None
        shape, shape_node = keywords["shape"]
        if not (
            isinstance(shape, tuple)
            and len(shape) >= 2
            and all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in shape)
        ):
            raise self.ctx.error(shape_node, f"{fn}: shape= must be two positive tile counts, got {shape!r}")
        return flat_block_shape(shape)

    def block_input(self, fn: str, value: Any, node: ast.AST) -> BlockValue:
        """A waited block or tile math (the compiler stores math into a DFB of its own first:
        ``ttl-materialize-compute-dfbs``); a reserved block holds nothing to read yet."""
        if not isinstance(value, BlockValue):
            raise self.ctx.error(node, f"{fn} takes a block, got {self.ctx.describe(value)}")
        reject_batched(self.ctx, value, fn, node)
        if value.origin == "reserve":
            raise self.ctx.error(
                node,
                f"{fn} reads a block acquired with reserve(), which holds nothing yet: pass a "
                "block from wait() or tile math",
            )
        return value

    def only_keywords(
        self, fn: str, keywords: dict[str, tuple[Any, ast.AST]], allowed: set[str], node: ast.AST
    ) -> None:
        extra = sorted(set(keywords) - allowed)
        if extra:
            raise self.ctx.error(node, f"{fn} does not accept {', '.join(k + '=' for k in extra)}")

    def f32_constant(self, fn: str, value: Any, node: ast.AST) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.ctx.error(node, f"{fn}: the value must be a compile-time number, got {self.ctx.describe(value)}")
        try:
            if not math.isfinite(value):
                raise OverflowError
            struct.pack("<f", float(value))
        except OverflowError:
            raise self.ctx.error(node, f"{fn}: {value!r} is not a finite f32") from None
        return float(value)


    # --- the functions ---------------------------------------------------------------------
    def block_fill(
        self, fn: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        if args and isinstance(args[0], BlockValue):
            # tt-lang 1.1.1: fill(out_blk, value): the shape and type of out_blk.
            self.only_keywords(fn, keywords, set(), node)
            if len(args) != 2:
                raise self.ctx.error(node, f"{fn}(blk, value) takes a block and a number")
            shape, element, value = args[0].shape, args[0].element_type, args[1]
            batch = args[0].batch
        else:
            self.only_keywords(fn, keywords, {"shape", "dtype"}, node)
            if len(args) != 1:
                raise self.ctx.error(node, f"{fn}(value, *, shape=(r, c), dtype=...) takes one number")
            shaped = self.batched_shape_kw(fn, keywords)
            if shaped is None:
                raise self.ctx.error(node, f"{fn}(value, *, shape=(r, c)) needs shape=")
            shape, batch = shaped
            element = _DEFAULT_FILL_TYPE
            if "dtype" in keywords:
                dtype, dtype_node = keywords["dtype"]
                text = str(dtype).lower()
                names = [n for n in _FILL_DTYPES if n in text]
                if len(names) != 1:
                    raise self.ctx.error(
                        dtype_node,
                        f"{fn}: dtype= must be bfloat16 or float32 (a string, ttnn or torch "
                        f"dtype), got {dtype!r}",
                    )
                element = _FILL_DTYPES[names[0]]
            value = args[0]
        constant = self.f32_constant(fn, value, node)
        loc = self.ctx.loc(node)
        ssa = self.ctx.builder.fill(constant, ir_text.block_type(shape, element), loc)
        if not args or isinstance(args[0], BlockValue) or "dtype" in keywords:
            return BlockValue(ssa, shape, element, "value", batch)
        return FillBlock(ssa, shape, element, "value", batch, constant=constant, loc=loc)

    def block_broadcast(
        self, fn: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        self.only_keywords(fn, keywords, {"dims", "shape"}, node)
        if not args or len(args) > 2:
            raise self.ctx.error(node, f"{fn}(x, *, dims=[...], shape=(r, c)) takes one block")
        x = self.block_input(fn, args[0], node)
        dims = self.block_dims(fn, keywords, node)
        shape = self.block_shape_kw(fn, keywords)
        if len(args) == 2:
            # tt-lang 1.1.1: broadcast(x, out_blk, dims=): the shape of out_blk.
            if not isinstance(args[1], BlockValue):
                raise self.ctx.error(node, f"{fn}(x, out_blk, dims=[...]): out_blk must be a block")
            if shape is not None and shape != args[1].shape:
                raise self.ctx.error(node, f"{fn}: shape= {shape} differs from out_blk's {args[1].shape}")
            shape = args[1].shape
        if shape is None:
            raise self.ctx.error(node, f"{fn} needs shape= (or the output block) to broadcast to")
        result = ir_text.block_type(shape, x.element_type)
        ssa = self.ctx.builder.broadcast(x.ssa, x.type, dims, result, self.ctx.loc(node))
        return BlockValue(ssa, shape, x.element_type, "value")

    def block_reduce(
        self, fn: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        reduction = fn.rsplit(".", 1)[1]
        self.only_keywords(fn, keywords, {"dims", "shape"}, node)
        if len(args) == 3:
            # tt-lang's early spelling reduce_sum(x, scaler, out_blk, dims=): the output block
            # only names the result's shape.
            if not isinstance(args[2], BlockValue):
                raise self.ctx.error(node, f"{fn}(x, scaler, out_blk, dims=[...]): out_blk must be a block")
            if "shape" in keywords:
                raise self.ctx.error(node, f"{fn}: give the output block or shape=, not both")
            keywords = {**keywords, "shape": (args[2].shape, node)}
            args = args[:2]
        if not args or len(args) > 2:
            raise self.ctx.error(node, f"{fn}(x, [scaler], *, dims=[...]) takes a block and an optional scaler")
        x = self.block_input(fn, args[0], node)
        dims = self.block_dims(fn, keywords, node)
        operands = [(x.ssa, x.type)]
        if len(args) == 2:
            scaler = self.block_input(fn, args[1], node)
            operands.append((scaler.ssa, scaler.type))
        shape = self.block_shape_kw(fn, keywords) or (
            1 if 0 in dims else x.shape[0], 1 if 1 in dims else x.shape[1]
        )
        result = ir_text.block_type(shape, x.element_type)
        ssa = self.ctx.builder.reduce(reduction, operands, dims, result, self.ctx.loc(node))
        return BlockValue(ssa, shape, x.element_type, "value")

    def block_transpose(
        self, fn: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> BlockValue:
        self.only_keywords(fn, keywords, set(), node)
        if len(args) != 1:
            raise self.ctx.error(node, f"{fn}(x) takes one block")
        x = self.block_input(fn, args[0], node)
        shape = (x.shape[1], x.shape[0])
        ssa = self.ctx.builder.transpose(x.ssa, x.type, ir_text.block_type(shape, x.element_type), self.ctx.loc(node))
        return BlockValue(ssa, shape, x.element_type, "value")
