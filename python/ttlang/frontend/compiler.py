"""Python AST of an operation body -> TTL IR (textual MLIR with a location on every op).

The frontend only builds IR: it evaluates compile-time Python (ints, tuples, ``t.shape``,
module constants) and emits ops for runtime work. Ownership of work by logical kernels,
capacity checks and DFB index allocation happen in the C++ pipeline.
"""

from __future__ import annotations

import ast
import builtins
import math
import operator
import struct
from dataclasses import dataclass, field
from typing import Any, Callable

from ttlang.artifact import CANONICAL_KERNEL_NAMES, KernelKind
from ttlang.errors import FrontendError
from ttlang.frontend import api
from ttlang.frontend.values import INT64_MAX, INT64_MIN, int_text
from ttlang.frontend.builtins import BuiltinCalls
from ttlang.frontend.extern import DispatchCondition
from ttlang.frontend.extern_calls import ExternCalls
from ttlang.frontend import ir
from ttlang.frontend.kernels import Kernel, Selector, selectors_of
from ttlang.frontend.shape_builtins import ELEMENT_DTYPES
from ttlang.frontend.source import OperationSource
from ttlang.frontend.tensors import TensorSpec
from ttlang.frontend.values import (
    MISSING,
    BlockValue,
    BoundMethod,
    DFBTemplateRef,
    DFBValue,
    EffectSequence,
    EffectValue,
    Index,
    RawAddrValue,
    Scalar,
    TensorValue,
    TileSlice,
    TransferValue,
)

_MAX_COMPOSITION_DEPTH = 32

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
@dataclass
class Scope:
    """Names of one Python scope. ``region`` scopes (loop and runtime-if bodies) may not
    rebind names of enclosing scopes: that would need loop-carried / yielded values."""

    names: dict[str, Any] = field(default_factory=dict)
    parent: Scope | None = None
    region: bool = False


@dataclass
class ThreadState:
    """Module-wide state of the operation being compiled (shared with composed operations):
    which canonical kinds threads took, and the ordinal of each dispatch-condition declaration
    (by object identity, in order of first use)."""

    # The target compiled for: grid="auto" / "full" is its worker grid.
    target: str = "wormhole_b0"
    canonical_taken: set[KernelKind] = field(default_factory=set)
    conditions: dict[int, tuple[int, DispatchCondition]] = field(default_factory=dict)

    def condition_ordinal(self, condition: DispatchCondition) -> int:
        entry = self.conditions.setdefault(id(condition), (len(self.conditions), condition))
        return entry[0]


class FunctionCompiler(BuiltinCalls, ExternCalls):
    """Compiles the body of one operation (or an inlined composed operation)."""

    def __init__(
        self,
        operation: OperationSource,
        builder: ir.Builder,
        threads: ThreadState,
        depth: int = 0,
    ) -> None:
        self.operation = operation
        self.builder = builder
        self.threads = threads
        self.depth = depth
        self.filename = operation.filename
        self.line_offset = operation.line_offset
        self.col_offset = operation.col_offset
        self.scope = Scope()
        self.thread: Selector | None = None
        self.top_level = True

    # --- diagnostics ---------------------------------------------------------------------
    def loc(self, node: ast.AST) -> str:
        line = getattr(node, "lineno", 1) + self.line_offset
        col = getattr(node, "col_offset", 0) + self.col_offset + 1
        return ir.location(self.filename, line, col)

    def error(self, node: ast.AST, message: str) -> FrontendError:
        return FrontendError(
            message,
            self.filename,
            getattr(node, "lineno", 1) + self.line_offset,
            getattr(node, "col_offset", 0) + self.col_offset + 1,
        )

    # --- entry points --------------------------------------------------------------------
    def compile_operation(self, params: list[TensorValue]) -> None:
        self.bind_params(params, self.operation.tree)
        self.statements(self.operation.tree.body)

    def bind_params(self, values: list[Any], fn: ast.FunctionDef) -> None:
        args = fn.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            raise self.error(fn, "operation parameters must be plain positional parameters")
        if len(values) != len(args.args):
            raise self.error(
                fn,
                f"operation '{fn.name}' takes {len(args.args)} tensors, got {len(values)}",
            )
        for arg, value in zip(args.args, values):
            self.scope.names[arg.arg] = value

    # --- names ---------------------------------------------------------------------------
    def lookup(self, name: str, node: ast.AST) -> Any:
        scope: Scope | None = self.scope
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        captures = self.operation.closure
        if name in captures:
            return captures[name]
        if name in self.operation.fn.__globals__:
            return self.operation.fn.__globals__[name]
        if hasattr(builtins, name):
            return getattr(builtins, name)
        raise self.error(node, f"name '{name}' is not defined")

    def define(self, name: str, value: Any, node: ast.AST) -> None:
        scope = self.scope
        if scope.region and name not in scope.names:
            outer = self.outer_value(name)
            # Integers and booleans defined outside were made loop-carried / if results
            # (`carried`), so they are in this scope already. Blocks, transfers and other IR
            # handles may be rebound locally (`with dfb.reserve() as blk` in every iteration).
            if outer is not MISSING and not isinstance(
                outer, (BlockValue, TransferValue, DFBValue, TileSlice, TensorValue)
            ):
                raise self.error(
                    node,
                    f"cannot assign '{name}' inside a loop or runtime if: it holds "
                    f"{self.describe(outer)} defined outside, and only integers and booleans "
                    "are carried out of a region",
                )
        if isinstance(value, Kernel) and not value.is_bound:
            if name in CANONICAL_KERNEL_NAMES:
                raise self.error(node, f"a ttl.Kernel cannot be named '{name}' (a canonical kernel name)")
            if not self.top_level or self.thread is not None or self.scope.region:
                raise self.error(
                    node, "declare a ttl.Kernel at the top level of the operation body"
                )
            value._bind(self.operation.operation_id, name)
        self.scope.names[name] = value

    def outer_value(self, name: str) -> Any:
        """The value of `name` in the scopes enclosing the current region (up to the
        enclosing function scope), or MISSING."""
        outer = self.scope.parent
        while outer is not None:
            if name in outer.names:
                return outer.names[name]
            if not outer.region:
                break
            outer = outer.parent
        return MISSING

    def carried(self, body: list[ast.stmt], node: ast.AST) -> list[tuple[str, Scalar]]:
        """Integer / boolean names defined outside and assigned in `body`, with their
        current values as IR scalars: they become loop-carried values or if results."""
        result: list[tuple[str, Scalar]] = []
        for name in _assigned_names(body):
            value = self.lookup_scopes(name)
            if value is MISSING:
                continue
            if isinstance(value, Scalar):
                result.append((name, value))
            elif isinstance(value, bool):
                result.append((name, Scalar(self.as_predicate(value, node), ir.I1)))
            elif isinstance(value, int):
                result.append((name, Scalar(self.as_index(value, node), ir.INDEX)))
        return result

    def lookup_scopes(self, name: str) -> Any:
        scope: Scope | None = self.scope
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return MISSING

    def yield_carried(self, carried: list[tuple[str, Scalar]], node: ast.AST, loc: str) -> None:
        """``scf.yield`` of the carried names' values at the end of a region."""
        values = self.carried_values(carried, node)
        self.builder.yield_(values, [initial.type for _, initial in carried], loc)

    def carried_values(self, carried: list[tuple[str, Scalar]], node: ast.AST) -> list[str]:
        """The carried names' values at the end of a region."""
        finals = []
        for name, initial in carried:
            value = self.scope.names[name]
            if isinstance(value, bool) and initial.type == ir.I1:
                finals.append(self.as_predicate(value, node))
            elif isinstance(value, int) and not isinstance(value, bool) and initial.type == ir.INDEX:
                finals.append(self.as_index(value, node))
            elif isinstance(value, Scalar) and value.type == initial.type:
                finals.append(value.ssa)
            else:
                kind = "an integer" if initial.type == ir.INDEX else "a boolean"
                raise self.error(
                    node, f"'{name}' must stay {kind} in the region, got {self.describe(value)}"
                )
        return finals

    def rebind(self, name: str, value: Any) -> None:
        """Updates `name` in the scope that defines it (after a region carried it)."""
        scope: Scope | None = self.scope
        while scope is not None:
            if name in scope.names:
                scope.names[name] = value
                return
            scope = scope.parent

    def push_scope(self, region: bool) -> _ScopeGuard:
        return _ScopeGuard(self, region)

    # --- statements ----------------------------------------------------------------------
    def statements(self, body: list[ast.stmt]) -> None:
        for index, stmt in enumerate(body):
            if isinstance(stmt, ast.Return):
                if stmt.value is not None:
                    raise self.error(stmt, "a TT-Lang operation or thread returns nothing")
                if index != len(body) - 1 or self.scope.region:
                    raise self.error(stmt, "'return' is only allowed as the last statement")
                continue
            self.statement(stmt)

    def statement(self, node: ast.stmt) -> None:
        method = getattr(self, f"stmt_{type(node).__name__}", None)
        if method is None:
            raise self.error(node, f"'{type(node).__name__}' statements are not supported in TT-Lang")
        method(node)

    def stmt_Pass(self, node: ast.Pass) -> None:
        pass

    def stmt_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # docstring
        self.expr(node.value)

    def stmt_Assert(self, node: ast.Assert) -> None:
        # tt-lang programs check shapes with assert: evaluated at compile time.
        condition = self.expr(node.test)
        if not self.is_python(condition):
            raise self.error(
                node.test,
                f"assert needs a compile-time condition, got {self.describe(condition)} "
                "(runtime asserts are not supported)",
            )
        if not condition:
            message = self.expr(node.msg) if node.msg is not None else None
            detail = f": {message}" if message is not None and self.is_python(message) else ""
            raise self.error(node, f"assertion failed: {ast.unparse(node.test)}{detail}")

    def stmt_Assign(self, node: ast.Assign) -> None:
        value = self.expr(node.value)
        for target in node.targets:
            self.assign(target, value, node)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            raise self.error(node, "an annotation without a value declares nothing")
        self.assign(node.target, self.expr(node.value), node)

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        if not isinstance(node.target, ast.Name):
            raise self.error(node, "augmented assignment only to a plain name")
        current = self.lookup(node.target.id, node.target)
        if isinstance(current, BlockValue) and current.origin == "wait":
            raise self.error(
                node,
                f"'{node.target.id}' is a block acquired with wait(), which is read-only: "
                "blk += expr adds into a block acquired with reserve()",
            )
        if isinstance(current, BlockValue) and current.origin == "reserve":
            # tt-lang 1.1: `blk += expr` accumulates into the reserved block (packer L1
            # accumulation); the name keeps the block.
            if not isinstance(node.op, ast.Add):
                raise self.error(
                    node,
                    f"a reserved block accumulates only with '+=', got '{type(node.op).__name__}='",
                )
            value = self.expr(node.value)
            if not isinstance(value, BlockValue):
                raise self.error(node, f"blk += takes a block value, got {self.describe(value)}")
            self.emit_store(current, value, node, accumulate=True)
            return
        self.define(node.target.id, self.binop(node.op, current, self.expr(node.value), node), node)

    def assign(self, target: ast.expr, value: Any, node: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.define(target.id, value, target)
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                raise self.error(
                    target, f"cannot unpack {self.describe(value)} into {len(target.elts)} names"
                )
            for element, item in zip(target.elts, value):
                self.assign(element, item, node)
            return
        raise self.error(target, "only names and tuples of names can be assigned")

    def stmt_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.error(node, "'for ... else' is not supported")
        if not isinstance(node.target, ast.Name):
            raise self.error(node.target, "the loop variable must be a plain name")
        iterator = node.iter
        if not (
            isinstance(iterator, ast.Call)
            and self.expr(iterator.func) is builtins.range
            and not iterator.keywords
            and 1 <= len(iterator.args) <= 3
        ):
            raise self.error(iterator, "a TT-Lang loop iterates over range(...)")
        bounds = [self.expr(arg) for arg in iterator.args]
        for arg, bound in zip(iterator.args, bounds):
            if not isinstance(bound, (int, Scalar)) or isinstance(bound, bool) or (
                isinstance(bound, Scalar) and bound.type != ir.INDEX
            ):
                raise self.error(arg, f"range() bounds must be integers, got {self.describe(bound)}")
        if len(bounds) == 1:
            bounds = [0, bounds[0], 1]
        elif len(bounds) == 2:
            bounds.append(1)
        if isinstance(bounds[2], int) and bounds[2] <= 0:
            raise self.error(iterator.args[2], "range() step must be positive")
        loc = self.loc(node)
        lb, ub, step = (self.as_index(b, node) for b in bounds)
        carried = self.carried(node.body, node)
        loop = self.builder.begin_for(lb, ub, step, [(v.ssa, v.type) for _, v in carried])
        with self.push_scope(region=True):
            self.scope.names[node.target.id] = Scalar(loop.induction, ir.INDEX)
            for arg, (name, value) in zip(loop.args, carried):
                self.scope.names[name] = Scalar(arg, value.type)
            self.statements(node.body)
            if carried:
                self.yield_carried(carried, node, loc)
        self.builder.end_region(loc)
        for index, (name, value) in enumerate(carried):
            self.rebind(name, Scalar(f"{loop.results}#{index}", value.type))

    def stmt_If(self, node: ast.If) -> None:
        condition = self.expr(node.test)
        if not isinstance(condition, (Scalar, BlockValue, TensorValue, DFBValue, TileSlice)):
            # A compile-time condition selects one branch.
            self.statements(node.body if condition else node.orelse)
            return
        predicate = self.as_predicate(condition, node.test)
        loc = self.loc(node)
        carried = self.carried(node.body + node.orelse, node)
        results = self.builder.begin_if(predicate, [v.type for _, v in carried])
        for branch, body in enumerate((node.body, node.orelse)):
            if branch == 1:
                if not body and not carried:
                    break
                self.builder.else_()
            with self.push_scope(region=True):
                for name, value in carried:
                    self.scope.names[name] = value
                self.statements(body)
                if carried:
                    self.yield_carried(carried, node, loc)
        self.builder.end_region(loc)
        for index, (name, value) in enumerate(carried):
            self.rebind(name, Scalar(f"{results}#{index}", value.type))

    def stmt_With(self, node: ast.With) -> None:
        acquired: list[tuple[BlockValue, ast.withitem]] = []
        for item in node.items:
            call = item.context_expr
            value = self.expr(call)
            if not (
                isinstance(call, ast.Call)
                and isinstance(value, BlockValue)
                and value.origin in ("reserve", "wait")
            ):
                raise self.error(
                    call, "a TT-Lang 'with' acquires a block: with dfb.reserve() / dfb.wait() as blk"
                )
            if item.optional_vars is not None:
                self.assign(item.optional_vars, value, item)
            acquired.append((value, item))
        self.statements(node.body)
        for block, item in reversed(acquired):
            release = "push" if block.origin == "reserve" else "pop"
            self.builder.release(release, block.ssa, block.type, self.loc(item.context_expr))

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        if len(node.decorator_list) != 1:
            raise self.error(
                node,
                "a function inside an operation must be a thread: decorate it with "
                "@ttl.compute() or @ttl.datamovement()",
            )
        decorator = node.decorator_list[0]
        target = self.expr(decorator.func) if isinstance(decorator, ast.Call) else self.expr(decorator)
        if not isinstance(target, api.ThreadDecorator) or not isinstance(decorator, ast.Call):
            raise self.error(
                decorator, "a thread is decorated with @ttl.compute() or @ttl.datamovement()"
            )
        if self.thread is not None or not self.top_level or self.scope.region:
            raise self.error(node, "threads are defined at the top level of an operation body")
        if node.args.args or node.args.vararg or node.args.kwarg or node.args.kwonlyargs:
            raise self.error(node, "a thread function takes no parameters")
        kind = KernelKind.COMPUTE if target.kind_name == "compute" else KernelKind.DATA_MOVEMENT
        selector = self.thread_selector(decorator, kind, node)
        loc = self.loc(node)
        self.builder.begin_thread(selector.attr())
        with self.push_scope(region=False):
            self.thread = selector
            self.top_level = False
            self.statements(node.body)
            self.thread = None
            self.top_level = True
        self.builder.end_region(loc)
        self.define(node.name, None, node)

    def thread_selector(self, decorator: ast.Call, kind: KernelKind, node: ast.FunctionDef) -> Selector:
        if decorator.args or any(k.arg != "kernel" for k in decorator.keywords):
            raise self.error(decorator, "thread decorators accept only kernel=")
        if not decorator.keywords:
            if kind in self.threads.canonical_taken:
                # tt-lang 1.1 programs have several unselected data-movement threads (reader,
                # writer): each further one is an operation-owned kernel named by its function.
                name = node.name if node.name not in CANONICAL_KERNEL_NAMES else f"{node.name}_thread"
                return Selector(kind, name, self.operation.operation_id)
            self.threads.canonical_taken.add(kind)
            return Selector(kind)
        keyword = decorator.keywords[0]
        selectors = self.selectors(self.expr(keyword.value), keyword.value)
        if len(selectors) != 1:
            raise self.error(keyword.value, "a thread decorator accepts exactly one selector")
        if selectors[0].kind != kind:
            raise self.error(
                keyword.value,
                f"@ttl.{'compute' if kind == KernelKind.COMPUTE else 'datamovement'} thread "
                f"selects a {selectors[0].kind.name.lower()} kernel; the kind must match the thread",
            )
        if selectors[0].name is None:
            self.threads.canonical_taken.add(kind)
        return selectors[0]

    def selectors(self, value: Any, node: ast.AST) -> tuple[Selector, ...]:
        try:
            return selectors_of(value)
        except (TypeError, ValueError) as err:
            raise self.error(node, str(err)) from None

    def selection(
        self, keywords: dict[str, tuple[Any, ast.AST]], single: bool
    ) -> tuple[str, ...] | None:
        """The ``#ttl.kernel`` attributes of a ``kernel=`` argument (None without one, and
        inside a thread, whose decorator already determines the kernel)."""
        if "kernel" not in keywords:
            return None
        value, node = keywords["kernel"]
        selectors = self.selectors(value, node)
        if single and len(selectors) != 1:
            raise self.error(node, "push / pop accept one kernel= selector")
        if self.thread is not None:
            return None
        return tuple(s.attr() for s in selectors)

    def selection_attr(self, keywords: dict[str, tuple[Any, ast.AST]], single: bool) -> str:
        """The op-text suffix of :meth:`selection` (empty without a selection)."""
        kernels = self.selection(keywords, single)
        return "" if kernels is None else ir.kernels_attr(kernels)

    # --- expressions ---------------------------------------------------------------------
    def expr(self, node: ast.expr) -> Any:
        method = getattr(self, f"expr_{type(node).__name__}", None)
        if method is None:
            raise self.error(node, f"'{type(node).__name__}' expressions are not supported in TT-Lang")
        return method(node)

    def expr_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def expr_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id, node)

    def expr_Tuple(self, node: ast.Tuple) -> Any:
        return tuple(self.expr(e) for e in node.elts)

    def expr_List(self, node: ast.List) -> Any:
        return tuple(self.expr(e) for e in node.elts)

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
                return value.shape
        elif isinstance(value, BlockValue):
            if name in ("store", "push", "pop"):
                return BoundMethod(value, name)
            if name == "shape":
                return value.shape
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
                    raise self.error(
                        node,
                        f"ttl.block.{name} is not supported by ttlang (supported: "
                        f"{', '.join(api.BLOCK_FUNCTIONS)})",
                    ) from None
                if value is api.math:
                    raise self.error(
                        node,
                        f"ttl.math.{name} is not supported by ttlang (supported: "
                        f"{', '.join(api.MATH_FUNCTIONS)}, and + - * / ** @ abs() on blocks)",
                    ) from None
                raise self.error(node, f"{self.describe(value)} has no attribute '{name}'") from None
        raise self.error(node, f"{self.describe(value)} has no attribute '{name}'")

    def expr_Subscript(self, node: ast.Subscript) -> Any:
        value = self.expr(node.value)
        if isinstance(value, TensorValue):
            return self.tile_slice(value, node)
        if isinstance(value, (Scalar, BlockValue, DFBValue, TransferValue, TileSlice)):
            raise self.error(node, f"{self.describe(value)} cannot be indexed")
        key = self.expr(node.slice)
        if isinstance(key, (Scalar,)):
            raise self.error(node.slice, "a Python sequence needs a compile-time index")
        try:
            return value[key]
        except Exception as err:  # noqa: BLE001 - reported at the user's line
            raise self.error(node, f"{type(err).__name__}: {err}") from None

    def expr_Slice(self, node: ast.Slice) -> Any:
        return slice(
            self.expr(node.lower) if node.lower else None,
            self.expr(node.upper) if node.upper else None,
            self.expr(node.step) if node.step else None,
        )

    def tile_slice(self, tensor: TensorValue, node: ast.Subscript) -> TileSlice:
        elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(elements) != 2:
            raise self.error(node, "a tensor is indexed by two tile coordinates: t[rows, cols]")
        starts: list[Index] = []
        extents: list[int | None] = []
        for axis, element in enumerate(elements):
            if isinstance(element, ast.Slice):
                if element.step is not None:
                    raise self.error(element, "tile slices take no step")
                start = self.expr(element.lower) if element.lower is not None else 0
                stop = (
                    self.expr(element.upper)
                    if element.upper is not None
                    else tensor.tile_grid[axis]
                )
                self.check_index(start, element)
                self.check_index(stop, element)
                extent = stop - start if isinstance(start, int) and isinstance(stop, int) else None
                if extent is not None and extent <= 0:
                    raise self.error(element, f"empty tile slice {start}:{stop}")
            else:
                start = self.expr(element)
                self.check_index(start, element)
                extent = 1
            starts.append(start)
            extents.append(extent)
        return TileSlice(tensor, starts[0], starts[1], extents[0], extents[1])

    def check_index(self, value: Any, node: ast.AST) -> None:
        if isinstance(value, bool) or not (
            isinstance(value, int) or (isinstance(value, Scalar) and value.type == ir.INDEX)
        ):
            raise self.error(node, f"a tile index must be an integer, got {self.describe(value)}")

    def expr_BinOp(self, node: ast.BinOp) -> Any:
        return self.binop(node.op, self.expr(node.left), self.expr(node.right), node)

    def binop(self, op: ast.operator, left: Any, right: Any, node: ast.AST) -> Any:
        if isinstance(left, BlockValue) or isinstance(right, BlockValue):
            if not (isinstance(left, BlockValue) and isinstance(right, BlockValue)):
                return self.block_scalar(op, left, right, node)
            if isinstance(op, ast.MatMult):
                return self.block_matmul(left, right, node)
            if type(op) not in ir.BLOCK_BINARY:
                raise self.error(node, f"blocks do not support '{type(op).__name__}'")
            if left.type != right.type:
                raise self.error(node, f"block math on {left.type} and {right.type}: types must match")
            ssa = self.builder.block_binary(type(op), left.ssa, right.ssa, left.type, self.loc(node))
            return BlockValue(ssa, left.shape, left.element_type, "value")
        if isinstance(left, Scalar) or isinstance(right, Scalar):
            if type(op) not in ir.INDEX_BINARY:
                raise self.error(node, f"runtime integers do not support '{type(op).__name__}'")
            if isinstance(op, (ast.FloorDiv, ast.Mod)) and isinstance(right, int) and right == 0:
                raise self.error(node, f"integer {'division' if isinstance(op, ast.FloorDiv) else 'modulo'} by zero")
            lhs, rhs = self.as_index(left, node), self.as_index(right, node)
            if isinstance(op, ast.Mod):
                return Scalar(self.floor_mod(lhs, rhs, right, node), ir.INDEX)
            ssa = self.builder.index_binary(type(op), lhs, rhs, self.loc(node))
            return Scalar(ssa, ir.INDEX)
        self.require_python(left, node)
        self.require_python(right, node)
        try:
            return _PY_BINOPS[type(op)](left, right)
        except Exception as err:  # noqa: BLE001 - reported at the user's line
            raise self.error(node, f"{type(err).__name__}: {err}") from None

    def floor_mod(self, lhs: str, rhs: str, divisor: Any, node: ast.AST) -> str:
        """Python's ``a % b`` on runtime integers: the remainder has the divisor's sign (floor
        division), where ``arith.remsi`` (C's ``%``) has the dividend's. The truncated remainder
        ``r`` is corrected to ``r + b`` when it is nonzero and its sign differs from ``b``'s;
        with a compile-time divisor the sign test on ``b`` folds away."""
        loc = self.loc(node)
        b = self.builder
        rem = b.remsi(lhs, rhs, loc)
        zero = self.as_index(0, node)
        if isinstance(divisor, int):
            # b > 0: correct when r < 0; b < 0: correct when r > 0.
            wrong_sign = b.compare(ast.Lt if divisor > 0 else ast.Gt, rem, zero, loc)
        else:
            nonzero = b.compare(ast.NotEq, rem, zero, loc)
            rem_negative = b.compare(ast.Lt, rem, zero, loc)
            divisor_negative = b.compare(ast.Lt, rhs, zero, loc)
            signs_differ = b.logical("xor", rem_negative, divisor_negative, loc)
            wrong_sign = b.logical("and", nonzero, signs_differ, loc)
        corrected = b.addi(rem, rhs, loc)
        return b.select(wrong_sign, corrected, rem, loc)

    def block_scalar(self, op: ast.operator, left: Any, right: Any, node: ast.AST) -> BlockValue:
        """``blk op s`` / ``s op blk`` with ``s`` a compile-time int or float."""
        block_on_left = isinstance(left, BlockValue)
        block, scalar = (left, right) if block_on_left else (right, left)
        if isinstance(scalar, bool) or not isinstance(scalar, (int, float)):
            raise self.error(
                node,
                f"block math combines a block with another block or a compile-time number, got "
                f"{self.describe(scalar)}",
            )
        # The scalar is an f32 operand of the tile op: it must be finite once rounded to f32.
        if isinstance(scalar, int) and abs(scalar) > _F32_MAX:
            raise self.error(
                node,
                f"the integer {int_text(scalar)} is too large for an f32 block-math scalar "
                f"(largest f32: {_F32_MAX:.8g})",
            )
        if not math.isfinite(scalar):
            raise self.error(node, f"block math with a non-finite scalar ({scalar!r})")
        try:
            struct.pack("<f", float(scalar))
        except OverflowError:
            raise self.error(
                node,
                f"block math with a scalar that is not finite in f32 ({scalar!r} rounds to inf; "
                f"largest f32: {_F32_MAX:.8g})",
            ) from None
        key = (type(op), block_on_left)
        if key not in ir.BLOCK_SCALAR:
            raise self.error(node, f"blocks do not support '{type(op).__name__}' with a scalar")
        ssa = self.builder.block_scalar(key, block.ssa, float(scalar), block.type, self.loc(node))
        return BlockValue(ssa, block.shape, block.element_type, "value")

    def block_matmul(
        self, left: BlockValue, right: BlockValue, node: ast.AST, transpose_rhs: bool = False
    ) -> BlockValue:
        """``a @ b``: (M x K) @ (K x N) tiles -> M x N tiles; with ``transpose_rhs`` the right
        block is N x K tiles (``ttl.math.matmul(a, b, transpose_rhs=True)``: ``a @ b.T``)."""
        # Element types and inner dimensions are MatmulOp's verifier's rules.
        m, n = left.shape[0], right.shape[0 if transpose_rhs else 1]
        result = BlockValue("", (m, n), left.element_type, "value")
        ssa = self.builder.matmul(
            left.ssa, left.type, right.ssa, right.type, transpose_rhs, result.type, self.loc(node)
        )
        return BlockValue(ssa, result.shape, result.element_type, "value")

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Any:
        value = self.expr(node.operand)
        if isinstance(node.op, ast.UAdd):
            return value
        if isinstance(value, BlockValue) and isinstance(node.op, ast.USub):
            ssa = self.builder.tile_op("neg", [value.ssa], value.type, self.loc(node))
            return BlockValue(ssa, value.shape, value.element_type, "value")
        if isinstance(value, Scalar):
            if isinstance(node.op, ast.USub) and value.type == ir.INDEX:
                return self.binop(ast.Sub(), 0, value, node)
            if isinstance(node.op, ast.Not):
                true = self.builder.bool_constant(True, self.loc(node))
                ssa = self.builder.logical("xor", self.as_predicate(value, node), true, self.loc(node))
                return Scalar(ssa, ir.I1)
            raise self.error(node, "unsupported unary operator on a runtime value")
        self.require_python(value, node)
        try:
            return {ast.USub: operator.neg, ast.Not: operator.not_, ast.Invert: operator.invert}[
                type(node.op)
            ](value)
        except Exception as err:  # noqa: BLE001
            raise self.error(node, f"{type(err).__name__}: {err}") from None

    def expr_Compare(self, node: ast.Compare) -> Any:
        result: Any = True
        left = self.expr(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = self.expr(comparator)
            if isinstance(left, BlockValue) or isinstance(right, BlockValue):
                name = _BLOCK_COMPARE.get(type(op))
                raise self.error(
                    node,
                    f"blocks are compared with ttl.math.{name}(a, b) (1.0 where it holds, else 0.0), "
                    f"not with '{type(op).__name__}'"
                    if name
                    else f"blocks do not support '{type(op).__name__}'",
                )
            if isinstance(left, Scalar) or isinstance(right, Scalar):
                if type(op) not in ir.INDEX_COMPARE:
                    raise self.error(node, f"runtime integers do not support '{type(op).__name__}'")
                lhs, rhs = self.as_index(left, node), self.as_index(right, node)
                ssa = self.builder.compare(type(op), lhs, rhs, self.loc(node))
                current: Any = Scalar(ssa, ir.I1)
            else:
                self.require_python(left, node)
                self.require_python(right, node)
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
        lhs, rhs = self.as_predicate(left, node), self.as_predicate(right, node)
        return Scalar(self.builder.logical(kind, lhs, rhs, self.loc(node)), ir.I1)

    def expr_IfExp(self, node: ast.IfExp) -> Any:
        condition = self.expr(node.test)
        if isinstance(condition, Scalar):
            raise self.error(node, "a conditional expression needs a compile-time condition")
        return self.expr(node.body if condition else node.orelse)

    # --- calls ---------------------------------------------------------------------------
    def expr_Call(self, node: ast.Call) -> Any:
        callee = self.expr(node.func)
        if isinstance(callee, api.Builtin) and callee.name.startswith("DFBEffect."):
            # Static counts are read from the source (frontend/extern_calls.py).
            return self.dfb_effect(callee.name, node)
        args = [self.expr(a) for a in node.args if not isinstance(a, ast.Starred)]
        if any(isinstance(a, ast.Starred) for a in node.args):
            raise self.error(node, "*args calls are not supported")
        keywords: dict[str, tuple[Any, ast.AST]] = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                raise self.error(keyword, "**kwargs calls are not supported")
            keywords[keyword.arg] = (self.expr(keyword.value), keyword.value)

        if isinstance(callee, BoundMethod):
            return self.method_call(callee, args, keywords, node)
        if isinstance(callee, api.Builtin):
            return self.builtin_call(callee, args, keywords, node)
        if isinstance(callee, OperationSource):
            return self.compose(callee, args, keywords, node)
        if callee is Kernel:
            if len(args) != 1 or keywords or not isinstance(args[0], KernelKind):
                raise self.error(node, "ttl.Kernel(kind) takes one ttl.KernelKind")
            try:
                return Kernel(args[0])
            except TypeError as err:
                raise self.error(node, str(err)) from None
        if callee is builtins.range:
            raise self.error(node, "range() is only supported as the iterable of a for loop")
        if isinstance(callee, api.ThreadDecorator):
            raise self.error(node, "thread decorators are only valid on a nested function")
        if callee is builtins.abs and len(args) == 1 and isinstance(args[0], BlockValue):
            if keywords:
                raise self.error(node, "abs(block) takes no keywords")
            ssa = self.builder.tile_op("abs", [args[0].ssa], args[0].type, self.loc(node))
            return BlockValue(ssa, args[0].shape, args[0].element_type, "value")
        if callee in (builtins.min, builtins.max) and any(isinstance(a, BlockValue) for a in args):
            name = "min" if callee is builtins.min else "max"
            raise self.error(
                node, f"the element-wise {name} of blocks is ttl.math.{name}(a, b), not {name}()"
            )
        if callee in (builtins.min, builtins.max) and any(isinstance(a, Scalar) for a in args):
            return self.runtime_min_max(callee is builtins.min, args, keywords, node)
        plain_args = list(args) + [v for v, _ in keywords.values()]
        for value in plain_args:
            if not self.is_python(value):
                raise self.error(
                    node,
                    f"cannot pass {self.describe(value)} to the Python function "
                    f"'{getattr(callee, '__name__', callee)}' (it runs at compile time)",
                )
        if not callable(callee):
            raise self.error(node, f"{self.describe(callee)} is not callable")
        try:
            return callee(*args, **{k: v for k, (v, _) in keywords.items()})
        except Exception as err:  # noqa: BLE001 - reported at the user's line
            raise self.error(node, f"{type(err).__name__}: {err}") from None

    def method_call(
        self, method: BoundMethod, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
        node: ast.Call,
    ) -> Any:
        receiver, name = method.receiver, method.name
        loc = self.loc(node)
        if isinstance(receiver, DFBValue) and name == "reconfigure":
            return self.reconfigure(receiver, args, keywords, node)
        if isinstance(receiver, DFBValue):
            if keywords:
                raise self.error(
                    node,
                    f"{name}() takes no arguments (reserve and wait do not accept kernel=; the "
                    "block's uses and release determine its logical kernel)",
                )
            self.no_args(args, node, name)
            ssa = self.builder.acquire(name, receiver.ssa, receiver.type, receiver.block_type, loc)
            return BlockValue(ssa, receiver.shape, receiver.element_type, name)
        if isinstance(receiver, BlockValue):
            if name == "store":
                if keywords or len(args) != 1 or not isinstance(args[0], BlockValue):
                    raise self.error(node, "store(value) takes one block value")
                if receiver.origin != "reserve":
                    raise self.error(node, "store() writes into a block acquired with reserve()")
                self.emit_store(receiver, args[0], node, accumulate=False)
                return None
            self.no_args(args, node, name)
            if set(keywords) - {"kernel"}:
                raise self.error(node, f"{name}() accepts only kernel=")
            expected = "reserve" if name == "push" else "wait"
            if receiver.origin != expected:
                raise self.error(node, f"{name}() releases a block acquired with {expected}()")
            attrs = self.selection_attr(keywords, single=True)
            self.builder.release(name, receiver.ssa, receiver.type, loc, attrs)
            return None
        if isinstance(receiver, TransferValue):
            self.no_args(args, node, name)
            if keywords:
                raise self.error(node, "wait() takes no arguments")
            self.builder.transfer_wait(receiver.ssa, loc)
            return None
        raise self.error(node, f"cannot call {name}() here")

    def emit_store(
        self, receiver: BlockValue, value: BlockValue, node: ast.AST, accumulate: bool
    ) -> None:
        """``receiver.store(value)``, or ``receiver += value`` (``accumulate``); shapes and
        element types are StoreOp's verifier's rules."""
        self.builder.store(value.ssa, value.type, receiver.ssa, receiver.type, accumulate, self.loc(node))

    def reconfigure(
        self, dfb: DFBValue, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
        node: ast.Call,
    ) -> None:
        """``dfb.reconfigure(block_count=n)``: a synchronized DFB reconfiguration."""
        self.no_args(args, node, "reconfigure")
        if set(keywords) != {"block_count"}:
            raise self.error(node, "reconfigure() takes block_count= (the new number of blocks)")
        count, count_node = keywords["block_count"]
        if type(count) is not int or count < 1:
            raise self.error(
                count_node, f"block_count= must be a positive compile-time int, got {count!r}"
            )
        if count > INT64_MAX:
            raise self.error(
                count_node, f"block_count={int_text(count)} does not fit the IR's i64"
            )
        self.builder.reconfigure_dfb(dfb.ssa, count, dfb.type, self.loc(node))

    def no_args(self, args: list[Any], node: ast.AST, name: str) -> None:
        if args:
            raise self.error(node, f"{name}() takes no positional arguments")

    def compose(
        self, callee: OperationSource, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
        node: ast.Call,
    ) -> None:
        if keywords:
            raise self.error(node, "a composed operation is called with positional tensors")
        if self.depth >= _MAX_COMPOSITION_DEPTH:
            raise self.error(node, "operations compose too deeply (recursive composition?)")
        inner = FunctionCompiler(callee, self.builder, self.threads, self.depth + 1)
        # The callee runs where it is called: inside a thread it belongs to that thread.
        inner.thread = self.thread
        inner.top_level = self.top_level and not self.scope.region
        inner.scope = Scope(region=False)
        try:
            inner.bind_params(args, callee.tree)
        except FrontendError:
            tree_args = callee.tree.args.args
            raise self.error(
                node, f"operation '{callee.name}' takes {len(tree_args)} arguments, got {len(args)}"
            ) from None
        inner.statements(callee.tree.body)
        return None

    # --- helpers -------------------------------------------------------------------------
    def runtime_min_max(self, is_min: bool, args: list[Any], keywords: dict, node: ast.Call) -> Scalar:
        """``min(a, b, ...)`` / ``max(...)`` of integers, some known only at run time (per-core
        ranges such as ``min(start + per_core, total)``): compare and select, pairwise."""
        name = "min" if is_min else "max"
        if keywords or len(args) < 2:
            raise self.error(node, f"{name}() of runtime integers takes two or more integers")
        for value in args:
            self.check_index(value, node)
        loc = self.loc(node)
        result: Any = args[0]
        for value in args[1:]:
            lhs, rhs = self.as_index(result, node), self.as_index(value, node)
            keep = self.builder.compare(ast.Lt if is_min else ast.Gt, lhs, rhs, loc)
            result = Scalar(self.builder.select(keep, lhs, rhs, loc), ir.INDEX)
        return result

    def as_index(self, value: Any, node: ast.AST) -> str:
        if isinstance(value, Scalar) and value.type in (ir.I32, ir.I64):
            # External-call results: signless integers used as indices.
            return self.builder.index_cast(value.ssa, value.type, self.loc(node))
        if isinstance(value, Scalar):
            if value.type != ir.INDEX:
                raise self.error(node, "expected an integer, got a boolean runtime value")
            return value.ssa
        if isinstance(value, int) and not isinstance(value, bool):
            if not INT64_MIN <= value <= INT64_MAX:
                raise self.error(
                    node,
                    f"the integer {int_text(value)} does not fit the IR's 64-bit index "
                    f"(-2**63 to 2**63 - 1)",
                )
            return self.builder.index_constant(value, self.loc(node))
        raise self.error(node, f"expected an integer, got {self.describe(value)}")

    def as_predicate(self, value: Any, node: ast.AST) -> str:
        if isinstance(value, Scalar):
            if value.type == ir.I1:
                return value.ssa
            if value.type in (ir.I32, ir.I64):
                # Zero is false, nonzero true (external-call and dispatch-condition results).
                zero = self.builder.int_constant(0, value.type, self.loc(node))
            else:
                zero = self.as_index(0, node)
            return self.builder.cmpi("ne", value.ssa, zero, value.type, self.loc(node))
        if isinstance(value, bool):
            return self.builder.bool_constant(value, self.loc(node))
        raise self.error(node, f"expected a condition, got {self.describe(value)}")

    def is_python(self, value: Any) -> bool:
        if isinstance(value, (Scalar, TensorValue, TileSlice, DFBValue, BlockValue, TransferValue, BoundMethod,
                              RawAddrValue, DFBTemplateRef, EffectValue, EffectSequence)):
            return False
        if isinstance(value, (tuple, list)):
            return all(self.is_python(v) for v in value)
        return True

    def require_python(self, value: Any, node: ast.AST) -> None:
        if not self.is_python(value):
            raise self.error(node, f"unsupported operation on {self.describe(value)}")

    @staticmethod
    def describe(value: Any) -> str:
        if isinstance(value, Scalar):
            return "a runtime boolean" if value.type == ir.I1 else "a runtime integer"
        if isinstance(value, TensorValue):
            return f"tensor '{value.name}'"
        if isinstance(value, TileSlice):
            return f"a tile slice of '{value.tensor.name}'"
        if isinstance(value, DFBValue):
            return "a dataflow buffer"
        if isinstance(value, BlockValue):
            return "a block" if value.origin != "value" else "a block value"
        if isinstance(value, TransferValue):
            return "a transfer"
        if isinstance(value, RawAddrValue):
            return f"the address of tensor '{value.tensor.name}'"
        if isinstance(value, DFBTemplateRef):
            return "ttl.dfb_descriptor(dfb)" if value.kind == "descriptor" else "ttl.get_dfb_id(dfb)"
        if isinstance(value, (EffectValue, EffectSequence)):
            return "a ttl.DFBEffect action"
        return f"{type(value).__name__} {value!r}"



def _assigned_names(body: list[ast.stmt]) -> list[str]:
    """Names assigned by `body` (not by nested functions or loop targets), in order."""
    names: dict[str, None] = {}

    def targets(target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            names.setdefault(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                targets(element)

    def visit(stmts: list[ast.stmt]) -> None:
        for stmt in stmts:
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    targets(target)
            elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
                targets(stmt.target)
            elif isinstance(stmt, ast.For):
                visit(stmt.body)
            elif isinstance(stmt, ast.If):
                visit(stmt.body)
                visit(stmt.orelse)
            elif isinstance(stmt, ast.With):
                visit(stmt.body)

    visit(body)
    return list(names)


class _ScopeGuard:
    def __init__(self, compiler: FunctionCompiler, region: bool) -> None:
        self.compiler = compiler
        self.region = region

    def __enter__(self) -> None:
        self.compiler.scope = Scope(parent=self.compiler.scope, region=self.region)
        self.compiler.builder.depth += 1

    def __exit__(self, *exc: object) -> None:
        assert self.compiler.scope.parent is not None
        self.compiler.scope = self.compiler.scope.parent
        self.compiler.builder.depth -= 1


def build_module(operation: OperationSource, specs: list[TensorSpec], target: str = "wormhole_b0") -> str:
    """The TTL IR module of ``operation`` applied to tensors described by ``specs``, for
    ``target`` (which fixes the grid of ``grid="auto"`` / ``"full"``)."""
    builder = ir.Builder()
    grid = operation.grid_for(target)
    compiler = FunctionCompiler(operation, builder, ThreadState(target=target))
    tree = operation.tree
    names = [a.arg for a in tree.args.args]
    if len(specs) != len(names):
        raise compiler.error(
            tree, f"operation '{operation.name}' takes {len(names)} tensors, got {len(specs)}"
        )
    params = [TensorValue(f"%arg{i}", spec, name) for i, (spec, name) in enumerate(zip(specs, names))]
    compiler.compile_operation(params)
    attributes = ir.operation_attributes(
        grid, operation.operation_id, operation.runtime_resource_factory is not None,
        operation.fp32_dest_acc_en,
    )
    end = tree.body[-1] if tree.body else tree
    return builder.module(
        operation.symbol,
        [(p.ssa, p.type, compiler.loc(arg)) for p, arg in zip(params, tree.args.args)],
        attributes, compiler.loc(end), compiler.loc(tree),
    )
