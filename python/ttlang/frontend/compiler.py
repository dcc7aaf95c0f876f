"""Python AST of an operation body -> TTL IR (textual MLIR with a location on every op).

The frontend only builds IR: it evaluates compile-time Python (ints, tuples, ``t.shape``,
module constants) and emits ops for runtime work. Ownership of work by logical kernels,
capacity checks and DFB index allocation happen in the C++ pipeline, and each op's rules are
its verifier's.

:class:`FunctionCompiler` holds the state of one body (scopes, the thread, the builder) and
the conversions every handler shares; the handlers are modules of their own, each given the
compiler through a narrow protocol (``context.py``): statements (``statements.py``),
expressions (``expressions.py``), builtins (``builtins.py``, ``shape_builtins.py``) and
external calls (``extern_calls.py``). All IR text is spelled by ``ttlang/ir_text.py``.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any

from ttlang.artifact import CANONICAL_KERNEL_NAMES
from ttlang.errors import FrontendError
from ttlang import ir_text
from ttlang.frontend.builtins import BuiltinCalls
from ttlang.frontend.expressions import Expressions
from ttlang.frontend.kernels import Kernel, Selector, selectors_of
from ttlang.frontend.pipes import PipeCalls
from ttlang.frontend.shape_builtins import adopt_fill_types
from ttlang.frontend.scalar_params import (
    PARAMETER_SPECS,
    VIEW_TYPES,
    ConstantSpec,
    ScalarSpec,
    constant_spec_of,
    scalar_arguments,
    scalar_spec_of,
)
from ttlang.frontend.scope import Scope, ThreadState
from ttlang.targets import DEFAULT_TARGET
from ttlang.frontend.source import OperationSource
from ttlang.frontend.statements import Statements
from ttlang.tensor_spec import TensorSpec
from ttlang.frontend.values import (
    INT64_MAX,
    INT64_MIN,
    MISSING,
    BlockValue,
    Carried,
    BoundMethod,
    DFBTemplateRef,
    DFBValue,
    EffectSequence,
    EffectValue,
    FloatParam,
    IntParam,
    RawAddrValue,
    RowSlice,
    Scalar,
    TensorValue,
    TileSlice,
    TransferValue,
    UncarriedBlock,
    int_text,
)

_MAX_COMPOSITION_DEPTH = 32




class FunctionCompiler:
    """Compiles the body of one operation (or an inlined composed operation)."""

    def __init__(
        self,
        operation: OperationSource,
        builder: ir_text.Builder,
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
        # The handlers' entry points, bound once: a call goes straight to the handler (the
        # compiler is their context, not a layer in every call).
        statements, expressions, calls = Statements(self), Expressions(self), BuiltinCalls(self)
        self.statements = statements.statements
        self.expr = expressions.expr
        self.binop = expressions.binop
        self.block_scalar = expressions.block_scalar
        self.block_matmul = expressions.block_matmul
        self.builtin_call = calls.builtin_call
        self.dfb_effect = calls.externs.dfb_effect
        pipes = PipeCalls(self)
        self.pipe_call = pipes.call
        self.pipe_copy = pipes.copy

    @property
    def operation_id(self) -> str:
        return self.operation.operation_id

    def grid(self) -> tuple[int, int]:
        """The grid of the operation being compiled (a composed callee's own)."""
        return self.operation.grid_for(self.threads.target, self.threads.default_grid)

    # --- diagnostics ---------------------------------------------------------------------
    def loc(self, node: ast.AST) -> str:
        line = getattr(node, "lineno", 1) + self.line_offset
        col = getattr(node, "col_offset", 0) + self.col_offset + 1
        return ir_text.location(self.filename, line, col)

    def error(self, node: ast.AST, message: str) -> FrontendError:
        return FrontendError(
            message,
            self.filename,
            getattr(node, "lineno", 1) + self.line_offset,
            getattr(node, "col_offset", 0) + self.col_offset + 1,
        )

    # --- entry points --------------------------------------------------------------------
    def compile_operation(self, params: list[Any]) -> None:
        self.bind_params(params, self.operation.tree)
        self.statements(self.operation.tree.body)

    def bind_params(self, values: list[Any], fn: ast.FunctionDef) -> None:
        args = fn.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            raise self.error(fn, "operation parameters must be plain positional parameters")
        if len(values) != len(args.args):
            raise self.error(
                fn,
                f"operation '{fn.name}' takes {len(args.args)} arguments, got {len(values)}",
            )
        for arg, value in zip(args.args, values):
            self.scope.names[arg.arg] = value

    # --- names ---------------------------------------------------------------------------
    def lookup(self, name: str, node: ast.AST) -> Any:
        scope: Scope | None = self.scope
        while scope is not None:
            if name in scope.names:
                value = scope.names[name]
                if isinstance(value, UncarriedBlock):
                    raise self.error(node, value.message())
                return value
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

    def carried(
        self, body: list[ast.stmt], node: ast.AST, blocks: bool = False
    ) -> list[tuple[str, Carried]]:
        """Integer / boolean names defined outside and assigned in `body`, with their
        current values as IR scalars: they become loop-carried values or if results. With
        `blocks` (a loop), block values (tile math) too: ttl-accumulate-carried-blocks turns a
        carried `acc += expr` into accumulating stores, or reports the loop."""
        result: list[tuple[str, Carried]] = []
        for name in _assigned_names(body):
            value = self.lookup_scopes(name)
            if value is MISSING:
                continue
            if isinstance(value, Scalar):
                result.append((name, value))
            elif isinstance(value, bool):
                result.append((name, Scalar(self.as_predicate(value, node), ir_text.I1)))
            elif isinstance(value, int):
                result.append((name, Scalar(self.as_index(value, node), ir_text.INDEX)))
            elif blocks and isinstance(value, BlockValue) and value.origin == "value":
                result.append((name, value))
        return result

    def uncarried_blocks(self, body: list[ast.stmt], region: str) -> list[UncarriedBlock]:
        """Block values (tile-math results) defined outside `body` and assigned in it: not
        carried (`carried`), so their names must not be read where the new value belongs."""
        result = []
        for name, site in _assignment_sites(body).items():
            value = self.lookup_scopes(name)
            if isinstance(value, BlockValue) and value.origin == "value":
                result.append(UncarriedBlock(name, site.lineno + self.line_offset, region, inside=True))
        return result

    def lookup_scopes(self, name: str) -> Any:
        scope: Scope | None = self.scope
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return MISSING

    def yield_carried(self, carried: list[tuple[str, Carried]], node: ast.AST, loc: str) -> None:
        """``scf.yield`` of the carried names' values at the end of a region."""
        values = self.carried_values(carried, node)
        self.builder.yield_(values, [initial.type for _, initial in carried], loc)

    def carried_values(self, carried: list[tuple[str, Carried]], node: ast.AST) -> list[str]:
        """The carried names' values at the end of a region."""
        finals = []
        for name, initial in carried:
            value = self.scope.names[name]
            if isinstance(value, bool) and initial.type == ir_text.I1:
                finals.append(self.as_predicate(value, node))
            elif isinstance(value, int) and not isinstance(value, bool) and initial.type == ir_text.INDEX:
                finals.append(self.as_index(value, node))
            elif isinstance(value, (Scalar, BlockValue)) and value.type == initial.type:
                finals.append(value.ssa)
            else:
                kind = {ir_text.INDEX: "an integer", ir_text.I1: "a boolean"}.get(initial.type, initial.type)
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
        return "" if kernels is None else ir_text.kernels_attr(kernels)

    # --- expressions ---------------------------------------------------------------------
    # --- calls ---------------------------------------------------------------------------
    def emit_store(
        self, receiver: BlockValue, value: BlockValue, node: ast.AST, accumulate: bool
    ) -> None:
        """``receiver.store(value)``, or ``receiver += value`` (``accumulate``); shapes and
        element types are StoreOp's verifier's rules (a fill without dtype= is built in the
        receiver's element type)."""
        value = adopt_fill_types(self.builder, [receiver, value])[1]
        self.builder.store(value.ssa, value.type, receiver.ssa, receiver.type, accumulate, self.loc(node))

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
    def as_index(self, value: Any, node: ast.AST) -> str:
        if isinstance(value, Scalar) and value.type in (ir_text.I32, ir_text.I64):
            # External-call results: signless integers used as indices.
            return self.builder.index_cast(value.ssa, value.type, self.loc(node))
        if isinstance(value, Scalar):
            if value.type != ir_text.INDEX:
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
            if value.type == ir_text.I1:
                return value.ssa
            if value.type in (ir_text.I32, ir_text.I64):
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
                              RawAddrValue, DFBTemplateRef, EffectValue, EffectSequence, FloatParam)):
            return False
        if isinstance(value, (tuple, list)):
            return all(self.is_python(v) for v in value)
        return True

    def require_python(self, value: Any, node: ast.AST) -> None:
        if not self.is_python(value):
            raise self.error(node, f"unsupported operation on {self.describe(value)}")

    @staticmethod
    def describe(value: Any) -> str:
        if isinstance(value, IntParam):
            return f"int parameter '{value.name}' (a runtime integer)"
        if isinstance(value, FloatParam):
            return f"float parameter '{value.name}' (a runtime number: usable as a block-math scalar)"
        if isinstance(value, Scalar):
            return "a runtime boolean" if value.type == ir_text.I1 else "a runtime integer"
        if isinstance(value, TensorValue):
            return f"tensor '{value.name}'"
        if isinstance(value, TileSlice):
            return f"a tile slice of '{value.tensor.name}'"
        if isinstance(value, RowSlice):
            return f"rows of '{value.tensor.name}'"
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
    return list(_assignment_sites(body))


def _assignment_sites(body: list[ast.stmt]) -> dict[str, ast.stmt]:
    """The first assignment in `body` of each name it assigns (not by nested functions or
    loop targets), in order."""
    names: dict[str, ast.stmt] = {}

    def targets(target: ast.expr, stmt: ast.stmt) -> None:
        if isinstance(target, ast.Name):
            names.setdefault(target.id, stmt)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                targets(element, stmt)

    def visit(stmts: list[ast.stmt]) -> None:
        for stmt in stmts:
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    targets(target, stmt)
            elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
                targets(stmt.target, stmt)
            elif isinstance(stmt, ast.For):
                visit(stmt.body)
            elif isinstance(stmt, ast.If):
                visit(stmt.body)
                visit(stmt.orelse)
            elif isinstance(stmt, ast.With):
                visit(stmt.body)

    visit(body)
    return names


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


def build_module(
    operation: OperationSource, specs: list[TensorSpec | ScalarSpec], target: str = DEFAULT_TARGET,
    default_grid: tuple[int, int] | None = None,
) -> str:
    """The TTL IR module of ``operation`` applied to tensors described by ``specs``, for
    ``target`` (which fixes the grid of ``grid="auto"`` / ``"full"``, unless ``default_grid``
    does)."""
    builder = ir_text.Builder()
    grid = operation.grid_for(target, default_grid)
    compiler = FunctionCompiler(
        operation, builder, ThreadState(target=target, default_grid=default_grid))
    tree = operation.tree
    names = [a.arg for a in tree.args.args]
    if len(specs) != len(names):
        raise compiler.error(
            tree, f"operation '{operation.name}' takes {len(names)} arguments, got {len(specs)}"
        )
    # Tensors are the first IR arguments, in order; scalar parameters' words follow them.
    # A compile-time tuple parameter has no argument: its value is used where it is read.
    specs = [scalar_spec_of(spec) or constant_spec_of(spec) or spec for spec in specs]
    tensors = [i for i, spec in enumerate(specs) if not isinstance(spec, PARAMETER_SPECS)]
    values: list[Any] = [
        spec.value if isinstance(spec, ConstantSpec) else None for spec in specs
    ]
    signature = []
    for number, i in enumerate(tensors):
        values[i] = TensorValue(f"%arg{number}", specs[i], names[i])
        signature.append((values[i].ssa, values[i].type, compiler.loc(tree.args.args[i])))
    views: dict[int, dict[str, str]] = {}
    for argument in scalar_arguments(specs):
        ssa = f"%arg{argument.ref}"
        views.setdefault(argument.param, {})[argument.view] = ssa
        signature.append((ssa, VIEW_TYPES[argument.view], compiler.loc(tree.args.args[argument.param])))
    for i, view in views.items():
        values[i] = (IntParam(view["index"], ir_text.INDEX, view["bits"], names[i])
                     if "index" in view else FloatParam(view["bits"], names[i]))
    compiler.compile_operation(values)
    attributes = ir_text.operation_attributes(
        grid, operation.operation_id, operation.runtime_resource_factory is not None,
        operation.fp32_dest_acc_en,
    )
    end = tree.body[-1] if tree.body else tree
    return builder.module(
        operation.symbol, signature, attributes, compiler.loc(end), compiler.loc(tree),
    )
