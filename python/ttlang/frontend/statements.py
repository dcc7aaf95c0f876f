"""Statement handlers: one method per supported Python statement of an operation body
(``stmt_<ast class>``). Compile-time ``if`` selects a branch; ``for`` over ``range`` and runtime
``if`` become ``scf`` regions with carried integers and booleans; ``with`` acquires and releases
blocks; a nested decorated function is a thread."""

from __future__ import annotations

import ast
import builtins
import dataclasses
from typing import TYPE_CHECKING, Any

from ttlang.artifact import CANONICAL_KERNEL_NAMES, KernelKind
from ttlang.frontend import api
from ttlang import ir_text
from ttlang.frontend.kernels import Selector
from ttlang.frontend.pipes import LocalFunction
from ttlang.frontend.values import BlockValue, DFBValue, Scalar, TensorValue, TileSlice, UncarriedBlock

if TYPE_CHECKING:
    from ttlang.frontend.context import StatementContext


class Statements:
    """Compiles statements for one function compiler (``ctx``)."""

    def __init__(self, ctx: StatementContext) -> None:
        self.ctx = ctx
        # Bodies after which nothing of the function runs (ids of the branch lists of guards
        # rewritten by _guard_as_branches): a return there ends the function as at its end.
        self._tail_bodies: set[int] = set()

    def statements(self, body: list[ast.stmt]) -> None:
        tail = not self.ctx.scope.region or id(body) in self._tail_bodies
        for index, stmt in enumerate(body):
            if isinstance(stmt, ast.Return):
                if stmt.value is not None:
                    raise self.ctx.error(stmt, "a TT-Lang operation or thread returns nothing")
                if index != len(body) - 1 or not tail:
                    raise self.ctx.error(stmt, "'return' is only allowed as the last statement "
                                               "(or ending an `if` at the thread's top level)")
                continue
            if tail and _ends_in_return(stmt):
                self.statement(self._guard_as_branches(stmt, body[index + 1:]))
                return
            self.statement(stmt)

    def _guard_as_branches(self, guard: ast.If, rest: list[ast.stmt]) -> ast.If:
        """``if c: A; return`` followed by ``rest`` (tt-lang's early-return guard, e.g. ``if not
        net.is_active(): return``) as ``if c: A else: <its else>; rest``: both branches end the
        function, so returns ending them stay allowed."""
        then = guard.body[:-1] or [ast.copy_location(ast.Pass(), guard.body[-1])]
        branches = ast.copy_location(ast.If(test=guard.test, body=then, orelse=guard.orelse + rest), guard)
        self._tail_bodies.update((id(branches.body), id(branches.orelse)))
        return branches

    def statement(self, node: ast.stmt) -> None:
        method = getattr(self, f"stmt_{type(node).__name__}", None)
        if method is None:
            raise self.ctx.error(node, f"'{type(node).__name__}' statements are not supported in TT-Lang")
        method(node)

    def stmt_Pass(self, node: ast.Pass) -> None:
        pass

    def stmt_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # docstring
        self.ctx.expr(node.value)

    def stmt_Assert(self, node: ast.Assert) -> None:
        # tt-lang programs check shapes with assert: evaluated at compile time.
        condition = self.ctx.expr(node.test)
        if not self.ctx.is_python(condition):
            raise self.ctx.error(
                node.test,
                f"assert needs a compile-time condition, got {self.ctx.describe(condition)} "
                "(runtime asserts are not supported)",
            )
        if not condition:
            message = self.ctx.expr(node.msg) if node.msg is not None else None
            detail = f": {message}" if message is not None and self.ctx.is_python(message) else ""
            raise self.ctx.error(node, f"assertion failed: {ast.unparse(node.test)}{detail}")

    def stmt_Assign(self, node: ast.Assign) -> None:
        value = self.ctx.expr(node.value)
        for target in node.targets:
            self.assign(target, value, node)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            raise self.ctx.error(node, "an annotation without a value declares nothing")
        self.assign(node.target, self.ctx.expr(node.value), node)

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        if not isinstance(node.target, ast.Name):
            raise self.ctx.error(node, "augmented assignment only to a plain name")
        current = self.ctx.lookup(node.target.id, node.target)
        if isinstance(current, BlockValue) and current.origin == "wait":
            raise self.ctx.error(
                node,
                f"'{node.target.id}' is a block acquired with wait(), which is read-only: "
                "blk += expr adds into a block acquired with reserve()",
            )
        if isinstance(current, BlockValue) and current.origin == "reserve":
            # tt-lang 1.1: `blk += expr` accumulates into the reserved block (packer L1
            # accumulation); the name keeps the block.
            if not isinstance(node.op, ast.Add):
                raise self.ctx.error(
                    node,
                    f"a reserved block accumulates only with '+=', got '{type(node.op).__name__}='",
                )
            value = self.ctx.expr(node.value)
            if not isinstance(value, BlockValue):
                raise self.ctx.error(node, f"blk += takes a block value, got {self.ctx.describe(value)}")
            self.ctx.emit_store(current, value, node, accumulate=True)
            return
        self.ctx.define(node.target.id, self.ctx.binop(node.op, current, self.ctx.expr(node.value), node), node)

    def assign(self, target: ast.expr, value: Any, node: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.ctx.define(target.id, value, target)
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                raise self.ctx.error(
                    target, f"cannot unpack {self.ctx.describe(value)} into {len(target.elts)} names"
                )
            for element, item in zip(target.elts, value):
                self.assign(element, item, node)
            return
        raise self.ctx.error(target, "only names and tuples of names can be assigned")

    def stmt_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.ctx.error(node, "'for ... else' is not supported")
        if not isinstance(node.target, ast.Name):
            raise self.ctx.error(node.target, "the loop variable must be a plain name")
        iterator = node.iter
        if not (
            isinstance(iterator, ast.Call)
            and self.ctx.expr(iterator.func) is builtins.range
            and not iterator.keywords
            and 1 <= len(iterator.args) <= 3
        ):
            raise self.ctx.error(iterator, "a TT-Lang loop iterates over range(...)")
        bounds = [self.ctx.expr(arg) for arg in iterator.args]
        for arg, bound in zip(iterator.args, bounds):
            if not isinstance(bound, (int, Scalar)) or isinstance(bound, bool) or (
                isinstance(bound, Scalar) and bound.type != ir_text.INDEX
            ):
                raise self.ctx.error(arg, f"range() bounds must be integers, got {self.ctx.describe(bound)}")
        if len(bounds) == 1:
            bounds = [0, bounds[0], 1]
        elif len(bounds) == 2:
            bounds.append(1)
        if isinstance(bounds[2], int) and bounds[2] <= 0:
            raise self.ctx.error(iterator.args[2], "range() step must be positive")
        loc = self.ctx.loc(node)
        lb, ub, step = (self.ctx.as_index(b, node) for b in bounds)
        # Blocks are carried too: `acc += a @ b` over a filled `acc` (ttl-accumulate-carried-blocks).
        carried = self.ctx.carried(node.body, node, blocks=True)
        loop = self.ctx.builder.begin_for(lb, ub, step, [(v.ssa, v.type) for _, v in carried])
        with self.ctx.push_scope(region=True):
            self.ctx.scope.names[node.target.id] = Scalar(loop.induction, ir_text.INDEX)
            for arg, (name, value) in zip(loop.args, carried):
                self.ctx.scope.names[name] = dataclasses.replace(value, ssa=arg)
            self.statements(node.body)
            if carried:
                self.ctx.yield_carried(carried, node, loc)
        self.ctx.builder.end_region(loc)
        for index, (name, value) in enumerate(carried):
            self.ctx.rebind(name, dataclasses.replace(value, ssa=f"{loop.results}#{index}"))

    def stmt_If(self, node: ast.If) -> None:
        condition = self.ctx.expr(node.test)
        if not isinstance(condition, (Scalar, BlockValue, TensorValue, DFBValue, TileSlice)):
            # A compile-time condition selects one branch.
            self.statements(node.body if condition else node.orelse)
            return
        predicate = self.ctx.as_predicate(condition, node.test)
        loc = self.ctx.loc(node)
        carried = self.ctx.carried(node.body + node.orelse, node)
        uncarried = self.ctx.uncarried_blocks(node.body + node.orelse, "runtime if")
        results = self.ctx.builder.begin_if(predicate, [v.type for _, v in carried])
        for branch, body in enumerate((node.body, node.orelse)):
            if branch == 1:
                if not body and not carried:
                    break
                self.ctx.builder.else_()
            with self.ctx.push_scope(region=True):
                for name, value in carried:
                    self.ctx.scope.names[name] = value
                self.statements(body)
                if carried:
                    self.ctx.yield_carried(carried, node, loc)
        self.ctx.builder.end_region(loc)
        for index, (name, value) in enumerate(carried):
            self.ctx.rebind(name, Scalar(f"{results}#{index}", value.type))
        self.forget_uncarried(uncarried)

    def forget_uncarried(self, uncarried: list[UncarriedBlock]) -> None:
        """After a region: a block it reassigned has no value outside it."""
        for block in uncarried:
            self.ctx.rebind(block.name, dataclasses.replace(block, inside=False))

    def stmt_With(self, node: ast.With) -> None:
        acquired: list[tuple[BlockValue, ast.withitem]] = []
        for item in node.items:
            call = item.context_expr
            value = self.ctx.expr(call)
            if not (
                isinstance(call, ast.Call)
                and isinstance(value, BlockValue)
                and value.origin in ("reserve", "wait")
            ):
                raise self.ctx.error(
                    call, "a TT-Lang 'with' acquires a block: with dfb.reserve() / dfb.wait() as blk"
                )
            if item.optional_vars is not None:
                self.assign(item.optional_vars, value, item)
            acquired.append((value, item))
        self.statements(node.body)
        for block, item in reversed(acquired):
            release = "push" if block.origin == "reserve" else "pop"
            self.ctx.builder.release(release, block.ssa, block.type, self.ctx.loc(item.context_expr))

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        if not node.decorator_list:
            # A callback of net.if_src / net.if_dst (frontend/pipes.py), compiled where passed.
            self.ctx.define(node.name, LocalFunction(node), node)
            return
        if len(node.decorator_list) != 1:
            raise self.ctx.error(
                node,
                "a function inside an operation must be a thread: decorate it with "
                "@ttl.compute() or @ttl.datamovement()",
            )
        decorator = node.decorator_list[0]
        target = self.ctx.expr(decorator.func) if isinstance(decorator, ast.Call) else self.ctx.expr(decorator)
        if not isinstance(target, api.ThreadDecorator) or not isinstance(decorator, ast.Call):
            raise self.ctx.error(
                decorator, "a thread is decorated with @ttl.compute() or @ttl.datamovement()"
            )
        if self.ctx.thread is not None or not self.ctx.top_level or self.ctx.scope.region:
            raise self.ctx.error(node, "threads are defined at the top level of an operation body")
        if node.args.args or node.args.vararg or node.args.kwarg or node.args.kwonlyargs:
            raise self.ctx.error(node, "a thread function takes no parameters")
        kind = KernelKind.COMPUTE if target.kind_name == "compute" else KernelKind.DATA_MOVEMENT
        selector = self.thread_selector(decorator, kind, node)
        loc = self.ctx.loc(node)
        self.ctx.builder.begin_thread(selector.attr())
        with self.ctx.push_scope(region=False):
            self.ctx.thread = selector
            self.ctx.top_level = False
            self.statements(node.body)
            self.ctx.thread = None
            self.ctx.top_level = True
        self.ctx.builder.end_region(loc)
        self.ctx.define(node.name, None, node)

    def thread_selector(self, decorator: ast.Call, kind: KernelKind, node: ast.FunctionDef) -> Selector:
        if decorator.args or any(k.arg != "kernel" for k in decorator.keywords):
            raise self.ctx.error(decorator, "thread decorators accept only kernel=")
        if not decorator.keywords:
            if kind in self.ctx.threads.canonical_taken:
                # tt-lang 1.1 programs have several unselected data-movement threads (reader,
                # writer): each further one is an operation-owned kernel named by its function.
                name = node.name if node.name not in CANONICAL_KERNEL_NAMES else f"{node.name}_thread"
                return Selector(kind, name, self.ctx.operation_id)
            self.ctx.threads.canonical_taken.add(kind)
            return Selector(kind)
        keyword = decorator.keywords[0]
        selectors = self.ctx.selectors(self.ctx.expr(keyword.value), keyword.value)
        if len(selectors) != 1:
            raise self.ctx.error(keyword.value, "a thread decorator accepts exactly one selector")
        if selectors[0].kind != kind:
            raise self.ctx.error(
                keyword.value,
                f"@ttl.{'compute' if kind == KernelKind.COMPUTE else 'datamovement'} thread "
                f"selects a {selectors[0].kind.name.lower()} kernel; the kind must match the thread",
            )
        if selectors[0].name is None:
            self.ctx.threads.canonical_taken.add(kind)
        return selectors[0]


def _ends_in_return(stmt: ast.stmt) -> bool:
    """An ``if`` whose then-branch ends with a bare ``return``."""
    return (isinstance(stmt, ast.If) and isinstance(stmt.body[-1], ast.Return)
            and stmt.body[-1].value is None)
