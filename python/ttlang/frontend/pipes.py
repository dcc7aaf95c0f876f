"""``ttl.Pipe`` / ``ttl.PipeNet``: blocks sent from one core of an operation's grid to others.

A :class:`Pipe` names a source core and its destination cores (one core, or a rectangle of
them given with slices: a multicast; in tt-lang's 1-D form a run of linear node indices, which
need not be a rectangle); a :class:`PipeNet` groups pipes. Both are compile-time
Python values, made in the operation body or captured from outside it. In a data-movement
thread, ``net.if_src(fn)`` calls the nested function ``fn`` with each pipe whose source is the
executing core, and ``net.if_dst(fn)`` with each pipe the core is a destination of; inside,
``ttl.copy(blk, pipe)`` sends a block and ``ttl.copy(pipe, blk)`` receives one. The frontend
compiles ``fn``'s body once per pipe under a runtime ``if`` on the core's coordinates (which
core specialization folds), and the copies become ``ttl.pipe_send`` / ``ttl.pipe_recv`` with
the pipe as a ``#ttl.pipe`` attribute. Whether a source and its destinations match is the
C++ pass ``ttl-plan-pipes``'s to prove (docs/language.md, "Pipes").

Both tt-lang 1.1 spellings are accepted: keyword or positional ``Pipe(src, dst)``, and
``node``-style ``(x, y)`` coordinates with ``slice(start, stop)`` (or ``start:stop`` ranges
written as slices) for a multicast.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ttlang import ir_text
from ttlang.frontend.values import BlockValue, Scalar, TileSlice, TransferValue

if TYPE_CHECKING:
    from ttlang.frontend.scope import Scope, ThreadState


def _axis(value: Any, what: str) -> tuple[int, int]:
    """One axis of a destination: an int, or a ``slice(start, stop)`` with explicit integer
    bounds and step 1, as an inclusive (first, last)."""
    if isinstance(value, slice):
        start, stop, step = value.start, value.stop, value.step
        if not all(type(v) is int for v in (start, stop)) or step not in (None, 1):
            raise ValueError(
                f"{what} of a pipe's dst is a slice(start, stop) with integer bounds and step 1, "
                f"got {value!r}"
            )
        if not 0 <= start < stop:
            raise ValueError(f"{what} of a pipe's dst is empty or negative: {value!r}")
        return start, stop - 1
    if type(value) is not int or value < 0:
        raise ValueError(f"{what} of a pipe coordinate is a non-negative int, got {value!r}")
    return value, value


def _coordinate(value: Any, what: str) -> tuple[Any, ...]:
    """A pipe end: a core ``(x, y)``, or tt-lang's 1-D form, a linear node index ``n`` or
    ``(n,)`` (``ttl.node(dims=1)`` order), as a 1-tuple."""
    if type(value) is int or isinstance(value, slice):
        value = (value,)
    if not isinstance(value, tuple) or len(value) not in (1, 2):
        raise ValueError(
            f"a pipe's {what} is a core (x, y) of the operation's grid (ttl.node(dims=2) order) "
            f"or a linear node index n / (n,) (ttl.node(dims=1) order), got {value!r}"
        )
    return value


def _linear_core(index: int, rows: int) -> tuple[int, int]:
    """Linear node ``index`` as (x, y): ttl.node(dims=1) is ``x * rows + y``."""
    return index // rows, index % rows


@dataclass(frozen=True)
class Pipe:
    """``ttl.Pipe(src=(x, y), dst=(x, y))``: blocks from core ``src`` to core ``dst``, or to
    every core of the rectangle ``dst=(slice(x0, x1), y)`` / ``(x, slice(y0, y1))`` /
    ``(slice(...), slice(...))`` (a multicast; slices are half-open, as in Python). tt-lang's
    1-D form gives linear node indices instead (``Pipe(0, (slice(1, 4),))``), placed on the
    grid when the pipe is used (:meth:`on_grid`)."""

    src: Any
    dst: Any

    def __post_init__(self) -> None:
        src, dst = _coordinate(self.src, "src"), _coordinate(self.dst, "dst")
        if len(src) != len(dst):
            raise ValueError(
                f"a pipe's src and dst are both cores (x, y) or both linear node indices, got "
                f"src {self.src!r} and dst {self.dst!r}"
            )
        for value in src:
            if type(value) is not int or value < 0:
                raise ValueError(f"a pipe's src is a core (x, y) of non-negative ints, got {self.src!r}")
        for value, axis in zip(dst, "xy" if len(dst) == 2 else "n"):
            _axis(value, axis)
        if self.is_linear:
            first, last = _axis(dst[0], "n")
            if first <= src[0] <= last:
                raise ValueError(
                    f"pipe source {src[0]} is one of its destinations: a core keeps its own block "
                    "in a DFB, it does not send it to itself"
                )
            return
        # Also #ttl.pipe's verifier's rule; checked here so that it is reported at the Pipe's
        # line (an attribute's diagnostic carries no Python location).
        x0, y0, x1, y1 = self.rectangle
        if x0 <= src[0] <= x1 and y0 <= src[1] <= y1:
            raise ValueError(
                f"pipe source {src} is one of its destinations: a core keeps its own block in a "
                "DFB, it does not send it to itself"
            )

    @property
    def is_linear(self) -> bool:
        return len(_coordinate(self.dst, "dst")) == 1

    @property
    def rectangle(self) -> tuple[int, int, int, int]:
        """The destinations as inclusive (x0, y0, x1, y1)."""
        (x0, x1), (y0, y1) = (_axis(v, a) for v, a in zip(self.dst, "xy"))
        return x0, y0, x1, y1

    @property
    def is_multicast(self) -> bool:
        return any(isinstance(v, slice) for v in _coordinate(self.dst, "dst"))

    def on_grid(self, rows: int) -> PlacedPipe:
        """The pipe in (x, y) coordinates of a grid of ``rows`` rows. A 1-D pipe's linear
        indices are placed in ttl.node(dims=1) order (``x * rows + y``): a multicast to nodes
        ``first..last`` is the run of cores between them in that order, which need not be a
        rectangle (the end of one column and the start of the next); ttl-plan-pipes splits
        it into the rectangles the NoC multicasts to."""
        if not self.is_linear:
            x0, y0, x1, y1 = self.rectangle
            return PlacedPipe(tuple(self.src), (x0, y0), (x1, y1), run=False)
        src = _linear_core(_coordinate(self.src, "src")[0], rows)
        first, last = _axis(_coordinate(self.dst, "dst")[0], "n")
        return PlacedPipe(src, _linear_core(first, rows), _linear_core(last, rows),
                          run=self.is_multicast)


@dataclass(frozen=True)
class PlacedPipe:
    """A pipe on the operation's grid: source core ``src`` and destinations from core
    ``first`` to core ``last`` (inclusive): the rectangle between them, or with ``run`` the
    cores between them in node order (column, then row; ``#ttl.pipe``'s ``through``)."""

    src: tuple[int, int]
    first: tuple[int, int]
    last: tuple[int, int]
    run: bool

    @property
    def rectangle(self) -> tuple[int, int, int, int]:
        return (*self.first, *self.last)


class PipeNet:
    """``ttl.PipeNet([pipes])``: pipes used together. ``net.if_src(fn)`` / ``net.if_dst(fn)``
    run ``fn(pipe)`` for each pipe whose source / destination is the executing core;
    ``net.is_src()``, ``net.is_dst()`` and ``net.is_active()`` are that core's roles (runtime
    booleans). As tt-lang's, one net holds only unicast or only multicast pipes."""

    __slots__ = ("pipes", "where")

    def __init__(self, pipes: Any) -> None:
        pipes = tuple(pipes) if isinstance(pipes, (list, tuple)) else pipes
        if not isinstance(pipes, tuple) or not pipes:
            raise ValueError("ttl.PipeNet takes a non-empty list of ttl.Pipe")
        for pipe in pipes:
            if not isinstance(pipe, Pipe):
                raise ValueError(f"ttl.PipeNet takes a list of ttl.Pipe, got {pipe!r}")
        if len({pipe.is_multicast for pipe in pipes}) > 1:
            raise ValueError(
                "a PipeNet may not mix unicast and multicast pipes; use two PipeNets"
            )
        object.__setattr__(self, "pipes", pipes)
        caller = sys._getframe(1)
        object.__setattr__(self, "where", f"{caller.f_code.co_filename}:{caller.f_lineno}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a ttl.PipeNet is immutable")

    def located(self, where: str) -> PipeNet:
        """The same net, made at ``where`` (``file:line``; the frontend's, for a net made in
        an operation body)."""
        net = PipeNet.__new__(PipeNet)
        object.__setattr__(net, "pipes", self.pipes)
        object.__setattr__(net, "where", where)
        return net

    def __repr__(self) -> str:
        return f"ttl.PipeNet({list(self.pipes)!r})"

    # Only meaningful inside an operation, where the frontend handles them.
    def if_src(self, fn: Any) -> None:
        raise RuntimeError("PipeNet.if_src can only be used inside a @ttl.operation body")

    def if_dst(self, fn: Any) -> None:
        raise RuntimeError("PipeNet.if_dst can only be used inside a @ttl.operation body")

    def is_src(self) -> bool:
        raise RuntimeError("PipeNet.is_src can only be used inside a @ttl.operation body")

    def is_dst(self) -> bool:
        raise RuntimeError("PipeNet.is_dst can only be used inside a @ttl.operation body")

    def is_active(self) -> bool:
        raise RuntimeError("PipeNet.is_active can only be used inside a @ttl.operation body")


_NET_METHODS = ("if_src", "if_dst", "is_src", "is_dst", "is_active")


class GroupTransfer:
    """``ttl.GroupTransfer()``: transfers waited for together. ``gxf.add(ttl.copy(...))``
    collects a transfer and ``gxf.wait_all()`` waits for every one (once; no ``add`` after)."""

    def add(self, transfer: Any) -> None:
        raise RuntimeError("GroupTransfer.add can only be used inside a @ttl.operation body")

    def wait_all(self) -> None:
        raise RuntimeError("GroupTransfer.wait_all can only be used inside a @ttl.operation body")


@dataclass
class TransferGroup:
    """A ``ttl.GroupTransfer()`` of the body being compiled: the transfers added in the
    scope that made it, waited for at ``wait_all``. A transfer added in a nested region (a
    loop body, a runtime ``if``) has no value outside it, so it is waited for where it is
    added: the transfers are still all complete at ``wait_all``, only less of them overlap."""

    scope: Any
    pending: list[TransferValue]
    waited: bool = False

    def add(self, transfer: Any) -> None:
        raise RuntimeError("compiled by the frontend")

    def wait_all(self) -> None:
        raise RuntimeError("compiled by the frontend")


_GROUP_METHODS = ("add", "wait_all")


@dataclass(frozen=True)
class LocalFunction:
    """A nested undecorated ``def`` of an operation body: a callback of ``net.if_src`` /
    ``net.if_dst``, compiled where it is passed (once per pipe)."""

    node: ast.FunctionDef


@dataclass(frozen=True)
class PipeEndpoint:
    """The ``pipe`` argument of a callback: one pipe seen from its source (``role`` "src",
    which may send through it) or from a destination ("dst", which may receive)."""

    pipe: PlacedPipe  # on the grid (Pipe.on_grid)
    net: int
    index: int
    where: str
    role: str
    given: Pipe  # as written: pipe.src / pipe.dst read back what the program gave

    @property
    def src(self) -> Any:
        return self.given.src

    @property
    def dst(self) -> Any:
        return self.given.dst

    def attribute(self) -> str:
        return ir_text.pipe_attr(self.net, self.index, self.pipe.src, self.pipe.rectangle,
                                 self.where, run=self.pipe.run)


class PipeContext(Protocol):
    """What the pipe handlers use of the function compiler."""

    builder: ir_text.Builder
    scope: Scope
    threads: ThreadState
    filename: str
    line_offset: int

    def loc(self, node: ast.AST) -> str: ...
    def error(self, node: ast.AST, message: str) -> Exception: ...
    def push_scope(self, region: bool) -> Any: ...
    def statements(self, body: list[ast.stmt]) -> None: ...
    def describe(self, value: Any) -> str: ...
    def grid(self) -> tuple[int, int]: ...


def is_pipe_call(callee: Any) -> bool:
    """``ttl.PipeNet`` / ``ttl.GroupTransfer`` themselves, or one of their methods the
    frontend compiles."""
    if callee is PipeNet or callee is GroupTransfer:
        return True
    owner, name = getattr(callee, "__self__", None), getattr(callee, "__name__", "")
    return (isinstance(owner, PipeNet) and name in _NET_METHODS) or (
        isinstance(owner, TransferGroup) and name in _GROUP_METHODS
    )


class PipeCalls:
    """Pipe nets, their methods and pipe copies for one function compiler (``ctx``)."""

    def __init__(self, ctx: PipeContext) -> None:
        self.ctx = ctx

    def call(self, callee: Any, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
             node: ast.Call) -> Any:
        if callee is PipeNet:
            return self.make_net(args, keywords, node)
        if callee is GroupTransfer:
            if args or keywords:
                raise self.ctx.error(node, "ttl.GroupTransfer() takes no arguments")
            return TransferGroup(self.ctx.scope, [])
        if isinstance(callee.__self__, TransferGroup):
            return self.group_call(callee.__self__, callee.__name__, args, keywords, node)
        net, name = callee.__self__, callee.__name__
        if name.startswith("is_"):
            if args or keywords:
                raise self.ctx.error(node, f"net.{name}() takes no arguments")
            return self.role_predicate(net, name, node)
        if keywords or len(args) != 1 or not isinstance(args[0], LocalFunction):
            raise self.ctx.error(
                node, f"net.{name}(fn) takes one nested function of one parameter (the pipe)"
            )
        self.run_callback(net, name[3:], args[0], node)
        return None

    def group_call(self, group: TransferGroup, name: str, args: list[Any],
                   keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call) -> None:
        if group.waited:
            raise self.ctx.error(node, f"GroupTransfer.{name}() after its wait_all()")
        loc = self.ctx.loc(node)
        if name == "wait_all":
            if args or keywords:
                raise self.ctx.error(node, "wait_all() takes no arguments")
            group.waited = True
            for transfer in group.pending:
                self.ctx.builder.transfer_wait(transfer.ssa, loc)
            return None
        if keywords or len(args) != 1 or not isinstance(args[0], TransferValue):
            raise self.ctx.error(node, "GroupTransfer.add(tx) takes one transfer (the result of ttl.copy)")
        if self.ctx.scope is group.scope:
            group.pending.append(args[0])
        else:
            self.ctx.builder.transfer_wait(args[0].ssa, loc)
        return None

    def make_net(self, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]],
                 node: ast.Call) -> PipeNet:
        values = list(args) + [v for v, _ in keywords.values()]
        if set(keywords) - {"pipes"} or len(values) != 1:
            raise self.ctx.error(node, "ttl.PipeNet(pipes) takes one list of ttl.Pipe")
        try:
            net = PipeNet(values[0])
        except ValueError as err:
            raise self.ctx.error(node, str(err)) from None
        line = getattr(node, "lineno", 1) + self.ctx.line_offset
        return net.located(f"{self.ctx.filename}:{line}")

    def net_id(self, net: PipeNet) -> int:
        """The net's number in this operation (order of first use; by identity)."""
        nets = self.ctx.threads.pipe_nets
        return nets.setdefault(id(net), (len(nets), net))[0]

    def placed(self, net: PipeNet) -> list[PlacedPipe]:
        """The net's pipes in (x, y) coordinates of this operation's grid."""
        _, rows = self.ctx.grid()
        return [pipe.on_grid(rows) for pipe in net.pipes]

    def on_core(self, pipe: PlacedPipe, role: str, loc: str) -> str:
        """An i1: the executing core is the pipe's source (``role`` "src") or one of its
        destinations."""
        b = self.ctx.builder
        x, y = b.node(0, loc), b.node(1, loc)

        def compare(op: type, value: str, bound: int) -> str:
            return b.compare(op, value, b.index_constant(bound, loc), loc)

        def both(lhs: str, rhs: str) -> str:
            return b.logical("and", lhs, rhs, loc)

        if role == "src":
            return both(compare(ast.Eq, x, pipe.src[0]), compare(ast.Eq, y, pipe.src[1]))
        (x0, y0), (x1, y1) = pipe.first, pipe.last
        if pipe.run and x0 != x1:
            # (x0, y0) <= (x, y) <= (x1, y1), column first (node order).
            after = b.logical("or", compare(ast.Gt, x, x0),
                              both(compare(ast.Eq, x, x0), compare(ast.GtE, y, y0)), loc)
            before = b.logical("or", compare(ast.Lt, x, x1),
                               both(compare(ast.Eq, x, x1), compare(ast.LtE, y, y1)), loc)
            return both(after, before)
        terms = []
        for coordinate, low, high in ((x, x0, x1), (y, y0, y1)):
            if low == high:
                terms.append(compare(ast.Eq, coordinate, low))
                continue
            terms.append(compare(ast.GtE, coordinate, low))
            terms.append(compare(ast.LtE, coordinate, high))
        result = terms[0]
        for term in terms[1:]:
            result = both(result, term)
        return result

    def role_predicate(self, net: PipeNet, name: str, node: ast.Call) -> Scalar:
        loc = self.ctx.loc(node)
        roles = {"is_src": ("src",), "is_dst": ("dst",), "is_active": ("src", "dst")}[name]
        terms = [self.on_core(pipe, role, loc) for role in roles for pipe in self.placed(net)]
        result = terms[0]
        for term in terms[1:]:
            result = self.ctx.builder.logical("or", result, term, loc)
        return Scalar(result, ir_text.I1)

    def run_callback(self, net: PipeNet, role: str, fn: LocalFunction, node: ast.Call) -> None:
        """``net.if_src(fn)`` / ``net.if_dst(fn)``: ``fn``'s body once per pipe, under a
        runtime ``if`` on the core's role in that pipe."""
        params = fn.node.args
        if (len(params.args) != 1 or params.vararg or params.kwarg or params.kwonlyargs
                or params.posonlyargs):
            raise self.ctx.error(fn.node, f"a net.if_{role} callback takes one parameter (the pipe)")
        ident = self.net_id(net)
        b = self.ctx.builder
        for index, (pipe, given) in enumerate(zip(self.placed(net), net.pipes)):
            loc = self.ctx.loc(node)
            b.begin_if(self.on_core(pipe, role, loc), [])
            with self.ctx.push_scope(region=True):
                self.ctx.scope.names[params.args[0].arg] = PipeEndpoint(
                    pipe, ident, index, net.where, role, given
                )
                self.ctx.statements(fn.node.body)
            b.end_region(loc)

    def copy(self, src: Any, dst: Any, keywords: dict[str, tuple[Any, ast.AST]],
             node: ast.Call) -> TransferValue:
        """``ttl.copy(blk, pipe)`` (send, in ``if_src``) / ``ttl.copy(pipe, blk)`` (receive,
        in ``if_dst``)."""
        if isinstance(src, TileSlice) or isinstance(dst, TileSlice):
            # Neither tt-lang's spec (its copy table) nor tt-lang-sim 1.1.6 (its copy
            # handlers) copies between a pipe and a tensor: a pipe moves DFB blocks.
            raise self.ctx.error(
                node,
                "ttl.copy copies between a pipe and a block, not a tensor slice: send a block "
                "read into a DFB (ttl.copy(t[...], blk), then ttl.copy(blk, pipe)), or receive "
                "into a reserved block and copy that out (ttl.copy(pipe, blk), then "
                "ttl.copy(blk, t[...]) once it is waited for)",
            )
        if keywords:
            raise self.ctx.error(node, "ttl.copy through a pipe takes no keywords")
        loc = self.ctx.loc(node)
        if isinstance(dst, PipeEndpoint) and isinstance(src, BlockValue):
            if dst.role != "src":
                raise self.ctx.error(
                    node, "ttl.copy(block, pipe) sends: call it in net.if_src(...), where the "
                    "core is the pipe's source (in net.if_dst, receive with ttl.copy(pipe, block))"
                )
            return TransferValue(self.ctx.builder.pipe_send(src.ssa, src.type, dst.attribute(), loc))
        if isinstance(src, PipeEndpoint) and isinstance(dst, BlockValue):
            if src.role != "dst":
                raise self.ctx.error(
                    node, "ttl.copy(pipe, block) receives: call it in net.if_dst(...), where the "
                    "core is a destination of the pipe (in net.if_src, send with ttl.copy(block, pipe))"
                )
            return TransferValue(self.ctx.builder.pipe_recv(src.attribute(), dst.ssa, dst.type, loc))
        raise self.ctx.error(
            node,
            f"ttl.copy through a pipe copies between a pipe and a block, got "
            f"{self.ctx.describe(src)} -> {self.ctx.describe(dst)}",
        )

