"""The one home of the frontend's TTL IR spellings: types, attributes, locations and ops.

Every other frontend module builds IR through :class:`Builder` and the type / attribute
functions here; none writes IR text itself (``test_frontend_structure.py`` checks). The IR is
built as text for the MLIR parser because that is the fastest way in from Python (a module of a
few hundred ops parses in well under a millisecond, where building it through the generated op
classes costs a Python call per op, attribute and type; ``bench/compile_latency.py``). The text is
exactly what ``ttlang-opt`` prints back, so the lit tests read the same spellings.

This module imports nothing from the rest of the frontend: it takes SSA names, types and
attribute texts as strings and knows only how to spell them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass

# --- scalar types -----------------------------------------------------------------------------
INDEX = "index"
I1 = "i1"
I32 = "i32"
I64 = "i64"
UI32 = "ui32"
# ttnn / TensorSpec dtype names -> the IR's element types.
ELEMENT_TYPES: dict[str, str] = {"bfloat16": "bf16", "float32": "f32"}

# --- op tables (Python operator -> op) --------------------------------------------------------
INDEX_BINARY: dict[type, str] = {
    ast.Add: "arith.addi",
    ast.Sub: "arith.subi",
    ast.Mult: "arith.muli",
    ast.FloorDiv: "arith.floordivsi",
    ast.Mod: "ttl.floor_mod",
}
INDEX_COMPARE: dict[type, str] = {
    ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "slt", ast.LtE: "sle", ast.Gt: "sgt", ast.GtE: "sge",
}
BLOCK_BINARY: dict[type, str] = {
    ast.Add: "ttl.add", ast.Sub: "ttl.sub", ast.Mult: "ttl.mul", ast.Div: "ttl.div",
}
# (operator, block on the left) -> block-scalar op.
BLOCK_SCALAR: dict[tuple[type, bool], str] = {
    (ast.Add, True): "ttl.add_scalar", (ast.Add, False): "ttl.add_scalar",
    (ast.Sub, True): "ttl.sub_scalar", (ast.Sub, False): "ttl.rsub_scalar",
    (ast.Mult, True): "ttl.mul_scalar", (ast.Mult, False): "ttl.mul_scalar",
    (ast.Div, True): "ttl.div_scalar", (ast.Div, False): "ttl.rdiv_scalar",
    (ast.Pow, True): "ttl.pow_scalar",
}
# ``ttl.math.<name>`` -> reduction op.
REDUCE_OPS: dict[str, str] = {"reduce_sum": "ttl.reduce_sum", "reduce_max": "ttl.reduce_max"}


# --- literals, locations, types and attributes ------------------------------------------------
# What an MLIR string literal holds unescaped: printable ASCII except '"' and backslash.
_PLAIN = re.compile(r'[\x20-\x21\x23-\x5b\x5d-\x7e]*')


def string(text: str | None) -> str:
    """``text`` as an MLIR string literal."""
    assert text is not None
    if _PLAIN.fullmatch(text):
        return f'"{text}"'
    escaped = "".join(
        ch if 0x20 <= ord(ch) < 0x7F and ch not in '"\\' else "".join(
            f"\\{b:02X}" for b in ch.encode()
        )
        for ch in text
    )
    return f'"{escaped}"'


def location(file: str, line: int, col: int) -> str:
    return f"loc({string(file)}:{line}:{col})"


def f32_literal(value: float) -> str:
    """A finite f32 attribute value (``ttl.fill``, block-scalar operands)."""
    return f"{value:.9e}"


def tensor_type(
    shape: Sequence[int], element: str, buffer_type: str, memory_layout: str, layout: str,
    shard: str | None = None,
) -> str:
    """A TTL tensor type; ``shard`` is a sharded tensor's ``#ttl.shard`` (:func:`shard_attr`)."""
    dims = "x".join(str(d) for d in shape)
    spec = f", {shard}" if shard else ""
    return f"tensor<{dims}x{element}, #ttl.layout<{buffer_type}, {memory_layout}, {layout}{spec}>>"


def shard_attr(
    grid: Sequence[tuple[tuple[int, int], tuple[int, int]]], shape: tuple[int, int], orientation: str
) -> str:
    """``#ttl.shard<grid = [...], shape = [rows, cols], row_major|col_major>``: ``grid`` holds
    inclusive core rectangles ``((x0, y0), (x1, y1))``."""
    ranges = ", ".join(f"#ttl.core_range<({x0}, {y0}) to ({x1}, {y1})>" for (x0, y0), (x1, y1) in grid)
    return f"#ttl.shard<grid = [{ranges}], shape = [{shape[0]}, {shape[1]}], {orientation}>"


def block_type(shape: tuple[int, int], element: str, row_major: bool = False) -> str:
    """``!ttl.block<RxCxT>`` (tiles), or with ``row_major`` an element-shaped block of R rows
    of C elements."""
    layout = ", row_major" if row_major else ""
    return f"!ttl.block<{shape[0]}x{shape[1]}x{element}{layout}>"


def dfb_type(shape: tuple[int, int], element: str, block_count: int, row_major: bool = False) -> str:
    layout = ", row_major" if row_major else ""
    return f"!ttl.dfb<{shape[0]}x{shape[1]}x{element}, {block_count}{layout}>"


def kernel_attr(kind: str, name: str | None = None, operation_id: str | None = None) -> str:
    """``#ttl.kernel<kind>`` (a canonical kernel) or ``#ttl.kernel<kind, name, operation>``."""
    if name is None:
        return f"#ttl.kernel<{kind}>"
    return f"#ttl.kernel<{kind}, {string(name)}, {string(operation_id)}>"


def kernels_attr(kernels: Sequence[str]) -> str:
    """The ``kernel=`` selection of an op, appended to its text."""
    return " {ttl.kernels = [" + ", ".join(kernels) + "]}"


def _with_matrix_rows(kernels: str, matrix_rows: int | None) -> str:
    """A tile copy's attribute dictionary: the ``kernels_attr`` text, with ``matrix_rows``."""
    if matrix_rows is None:
        return kernels
    entry = f"matrix_rows = {matrix_rows} : i64"
    return f"{kernels[:-1]}, {entry}}}" if kernels else f" {{{entry}}}"


def dfb_template_attr(kind: str, dependency: int) -> str:
    return f"#ttl.dfb_template<{kind}, dependency = {dependency}>"


def dfb_effect_attr(kind: str, dependency: int, tiles: int) -> str:
    return f"#ttl.dfb_effect<{kind}, dependency = {dependency}, tiles = {tiles}>"


def dispatch_condition_attr(ordinal: int, type_: str) -> str:
    return f"#ttl.dispatch_condition<{ordinal}, {type_}>"


def fabric_manager_attr(phase: str, claim: str, kernel: str) -> str:
    """``#ttl.fabric_manager<phase, "claim", #ttl.kernel<...>>``: what a call does with a claim."""
    return f"#ttl.fabric_manager<{phase}, {string(claim)}, {kernel}>"


def bool_attr(value: bool) -> str:
    return "true" if value else "false"


def pipe_attr(
    net: int, index: int, src: tuple[int, int], dst: tuple[int, int, int, int], where: str,
    run: bool = False,
) -> str:
    """``#ttl.pipe``: pipe ``index`` of net ``net``, from core ``src`` to the inclusive
    rectangle ``dst`` (x0, y0, x1, y1), or with ``run`` to the cores from (x0, y0) through
    (x1, y1) in node order; ``where`` made (TTLPipes.td)."""
    x0, y0, x1, y1 = dst
    span = "through" if run else "to"
    return (
        f"#ttl.pipe<net {net} pipe {index}, src ({src[0]}, {src[1]}), "
        f"dst ({x0}, {y0}) {span} ({x1}, {y1}), {string(where)}>"
    )


def i64_attr(value: int) -> str:
    return f"{value} : {I64}"


def f32_bits_attr(bits: int) -> str:
    """An f32 attribute from its binary32 bits (exact, also for values decimal would round)."""
    return f"0x{bits:08X} : f32"


def grid_attr(cols: int, rows: int) -> str:
    return f"array<i64: {cols}, {rows}>"


@dataclass(frozen=True)
class ExternCall:
    """The operands and attributes of one ``ttl.call_extern_func`` (attributes as text from
    the functions above)."""

    callee: str
    header: str
    template: tuple[str, ...] = ()
    func_args: tuple[tuple[str, str], ...] = ()
    descriptors: tuple[tuple[str, str], ...] = ()
    dependencies: tuple[tuple[str, str], ...] = ()
    effects: tuple[str, ...] = ()
    unknown_dfb_access: bool = False
    include_paths: tuple[str, ...] = ()
    condition: str | None = None
    fabric_managers: tuple[str, ...] = ()
    kernels: tuple[str, ...] | None = None
    result_type: str | None = None


def _operands(values: Sequence[tuple[str, str]]) -> str:
    return f"{', '.join(v for v, _ in values)} : {', '.join(t for _, t in values)}"


@dataclass(frozen=True)
class ForLoop:
    """SSA names of an ``scf.for``: the induction variable, the region's carried arguments
    and the loop's results (``results#i``)."""

    induction: str
    args: tuple[str, ...]
    results: str


# --- the builder ------------------------------------------------------------------------------
class Builder:
    """The lines of one TTL IR module, with fresh SSA names and region nesting."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        # Indentation of the next line: region bodies are one level deeper (the compiler's
        # scopes raise and lower it).
        self.depth = 2
        self._next = 0

    # --- plumbing -------------------------------------------------------------------------
    def fresh(self) -> str:
        self._next += 1
        return f"%v{self._next}"

    def _line(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def _op(self, text: str, loc: str) -> None:
        self._line(f"{text} {loc}")

    def _value(self, rhs: str, loc: str) -> str:
        name = self.fresh()
        self._op(f"{name} = {rhs}", loc)
        return name

    def end_region(self, loc: str) -> None:
        self._line(f"}} {loc}")

    # --- arith / scf ----------------------------------------------------------------------
    def index_constant(self, value: int, loc: str) -> str:
        return self._value(f"arith.constant {value} : {INDEX}", loc)

    def int_constant(self, value: int, type_: str, loc: str) -> str:
        return self._value(f"arith.constant {value} : {type_}", loc)

    def bool_constant(self, value: bool, loc: str) -> str:
        return self._value(f"arith.constant {bool_attr(value)}", loc)

    def index_binary(self, op: type, lhs: str, rhs: str, loc: str) -> str:
        return self._value(f"{INDEX_BINARY[op]} {lhs}, {rhs} : {INDEX}", loc)

    def cmpi(self, predicate: str, lhs: str, rhs: str, type_: str, loc: str) -> str:
        return self._value(f"arith.cmpi {predicate}, {lhs}, {rhs} : {type_}", loc)

    def compare(self, op: type, lhs: str, rhs: str, loc: str) -> str:
        """Python comparison ``op`` of two indices."""
        return self.cmpi(INDEX_COMPARE[op], lhs, rhs, INDEX, loc)

    def logical(self, kind: str, lhs: str, rhs: str, loc: str) -> str:
        """``and`` / ``or`` / ``xor`` of two i1 values."""
        return self._value(f"arith.{kind}i {lhs}, {rhs} : {I1}", loc)

    def select(self, condition: str, true_value: str, false_value: str, loc: str) -> str:
        return self._value(f"arith.select {condition}, {true_value}, {false_value} : {INDEX}", loc)

    def index_cast(self, value: str, type_: str, loc: str) -> str:
        return self._value(f"arith.index_cast {value} : {type_} to {INDEX}", loc)

    def begin_for(
        self, lb: str, ub: str, step: str, carried: Sequence[tuple[str, str]]
    ) -> ForLoop:
        """Opens ``scf.for`` with ``carried`` (initial value, type) iter_args; close it with
        :meth:`end_region` after the body's :meth:`yield_`."""
        induction = self.fresh()
        header = f"scf.for {induction} = {lb} to {ub} step {step}"
        results = self.fresh() if carried else ""
        args = tuple(self.fresh() for _ in carried)
        if carried:
            types = ", ".join(t for _, t in carried)
            inits = ", ".join(f"{a} = {v}" for a, (v, _) in zip(args, carried))
            header = f"{results}:{len(carried)} = {header} iter_args({inits}) -> ({types})"
        self._line(f"{header} {{")
        return ForLoop(induction, args, results)

    def begin_if(self, predicate: str, result_types: Sequence[str]) -> str:
        """Opens ``scf.if``; returns the results' name (``name#i``), empty without results."""
        results = self.fresh() if result_types else ""
        header = f"scf.if {predicate}"
        if result_types:
            header = f"{results}:{len(result_types)} = {header} -> ({', '.join(result_types)})"
        self._line(f"{header} {{")
        return results

    def else_(self) -> None:
        self._line("} else {")

    def yield_(self, values: Sequence[str], types: Sequence[str], loc: str) -> None:
        self._op(f"scf.yield {', '.join(values)} : {', '.join(types)}", loc)

    # --- threads, DFBs and blocks ---------------------------------------------------------
    def begin_thread(self, kernel: str) -> None:
        self._line(f"ttl.thread {kernel} {{")

    def node(self, dim: int, loc: str) -> str:
        return self._value(f"ttl.node {dim}", loc)

    def create_dfb(self, type_: str, loc: str) -> str:
        return self._value(f"ttl.create_dfb : {type_}", loc)

    def acquire(self, how: str, dfb: str, dfb_type_: str, block_type_: str, loc: str) -> str:
        """``ttl.reserve`` / ``ttl.wait`` (``how``) of a block of ``dfb``."""
        return self._value(f"ttl.{how} {dfb} : {dfb_type_} -> {block_type_}", loc)

    def release(self, how: str, block: str, block_type_: str, loc: str, kernels: str = "") -> None:
        """``ttl.push`` / ``ttl.pop`` (``how``) of a block; ``kernels`` from :func:`kernels_attr`."""
        self._op(f"ttl.{how} {block}{kernels} : {block_type_}", loc)

    def dprint(self, format_: str, values: Sequence[tuple[str, str]], thread: str | None, loc: str) -> None:
        """``ttl.dprint``: one device-print line; ``values`` are (SSA, type) pairs."""
        operands = f" {', '.join(v for v, _ in values)} : {', '.join(t for _, t in values)}" if values else ""
        attrs = f" {{thread = {string(thread)}}}" if thread else ""
        self._op(f"ttl.dprint {string(format_)}{operands}{attrs}", loc)

    def reconfigure_dfb(self, dfb: str, block_count: int, dfb_type_: str, loc: str) -> None:
        self._op(f"ttl.reconfigure_dfb {dfb} block_count = {block_count} : {dfb_type_}", loc)

    def store(
        self, value: str, value_type: str, block: str, block_type_: str, accumulate: bool, loc: str
    ) -> None:
        # Another element type (bf16 <-> f32) packs converting to the destination's format.
        types = block_type_ if value_type == block_type_ else f"{value_type} -> {block_type_}"
        attrs = " {accumulate}" if accumulate else ""
        self._op(f"ttl.store {value}, {block}{attrs} : {types}", loc)

    def load_tiles(
        self, tensor: str, tensor_type_: str, row: str, col: str, block: str, block_type_: str,
        kernels: str, loc: str, matrix_rows: int | None = None,
    ) -> str:
        attrs = _with_matrix_rows(kernels, matrix_rows)
        return self._value(
            f"ttl.load_tiles {tensor}[{row}, {col}], {block}{attrs} : {tensor_type_}, {block_type_}",
            loc,
        )

    def store_tiles(
        self, block: str, block_type_: str, tensor: str, tensor_type_: str, row: str, col: str,
        kernels: str, loc: str, matrix_rows: int | None = None,
    ) -> str:
        attrs = _with_matrix_rows(kernels, matrix_rows)
        return self._value(
            f"ttl.store_tiles {block}, {tensor}[{row}, {col}]{attrs} : {block_type_}, {tensor_type_}",
            loc,
        )

    def load_rows(
        self, tensor: str, tensor_type_: str, row: str, block: str, block_type_: str, kernels: str,
        loc: str,
    ) -> str:
        return self._value(
            f"ttl.load_rows {tensor}[{row}], {block}{kernels} : {tensor_type_}, {block_type_}", loc
        )

    def store_rows(
        self, block: str, block_type_: str, tensor: str, tensor_type_: str, row: str, kernels: str,
        loc: str,
    ) -> str:
        return self._value(
            f"ttl.store_rows {block}, {tensor}[{row}]{kernels} : {block_type_}, {tensor_type_}", loc
        )

    def transfer_wait(self, transfer: str, loc: str) -> None:
        self._op(f"ttl.transfer_wait {transfer}", loc)

    def pipe_send(self, block: str, block_type_: str, pipe: str, loc: str) -> str:
        return self._value(f"ttl.pipe_send {pipe} from {block} : {block_type_}", loc)

    def pipe_recv(self, pipe: str, block: str, block_type_: str, loc: str) -> str:
        return self._value(f"ttl.pipe_recv {pipe} into {block} : {block_type_}", loc)

    # --- tile math ------------------------------------------------------------------------
    def tile_op(self, mnemonic: str, operands: Sequence[str], type_: str, loc: str) -> str:
        """An element-wise tile op (``ttl.<mnemonic>``) on blocks of one type."""
        return self._value(f"ttl.{mnemonic} {', '.join(operands)} : {type_}", loc)

    def block_binary(self, op: type, lhs: str, rhs: str, type_: str, loc: str) -> str:
        return self._value(f"{BLOCK_BINARY[op]} {lhs}, {rhs} : {type_}", loc)

    def block_scalar(self, op: tuple[type, bool], block: str, scalar: float, type_: str, loc: str) -> str:
        return self._value(f"{BLOCK_SCALAR[op]} {block}, {f32_literal(scalar)} : {type_}", loc)

    def block_scalar_bits(self, op: tuple[type, bool], block: str, bits: str, type_: str, loc: str) -> str:
        """Block math with a run-time scalar: ``bits`` is an ``i32`` holding its f32 bits."""
        return self._value(f"{BLOCK_SCALAR[op]} {block}, {bits} bits : {type_}", loc)

    def matmul(
        self, lhs: str, lhs_type: str, rhs: str, rhs_type: str, transpose_rhs: bool,
        result_type: str, loc: str,
    ) -> str:
        attrs = " {transpose_rhs}" if transpose_rhs else ""
        return self._value(
            f"ttl.matmul {lhs}, {rhs}{attrs} : {lhs_type}, {rhs_type} -> {result_type}", loc
        )

    def fill(self, value: float, type_: str, loc: str) -> str:
        return self._value(f"ttl.fill {f32_literal(value)} : {type_}", loc)

    def broadcast(
        self, input_: str, input_type: str, dims: Sequence[int], result_type: str, loc: str
    ) -> str:
        return self._value(
            f"ttl.broadcast {input_} dims = {_dims(dims)} : {input_type} -> {result_type}", loc
        )

    def reduce(
        self, name: str, operands: Sequence[tuple[str, str]], dims: Sequence[int],
        result_type: str, loc: str,
    ) -> str:
        """``ttl.math.<name>`` (a key of :data:`REDUCE_OPS`) of a block and an optional scaler."""
        values = ", ".join(v for v, _ in operands)
        types = ", ".join(t for _, t in operands)
        return self._value(
            f"{REDUCE_OPS[name]} {values} dims = {_dims(dims)} : {types} -> {result_type}", loc
        )

    def transpose(self, input_: str, input_type: str, result_type: str, loc: str) -> str:
        return self._value(f"ttl.transpose {input_} : {input_type} -> {result_type}", loc)

    # --- external calls -------------------------------------------------------------------
    def raw_addr(self, tensor: str, tensor_type_: str, loc: str) -> str:
        return self._value(f"ttl.raw_addr {tensor} : {tensor_type_}", loc)

    def call_extern_func(self, call: ExternCall, loc: str) -> str | None:
        """Emits the call; its result's SSA name when it has a ``result_type``."""
        text = f"ttl.call_extern_func {string(call.callee)} from {string(call.header)}"
        if call.template:
            text += f" template [{', '.join(call.template)}]"
        text += f" args({_operands(call.func_args)})" if call.func_args else " args()"
        if call.descriptors:
            text += f" descriptors({_operands(call.descriptors)})"
        if call.dependencies:
            text += f" dependencies({_operands(call.dependencies)})"
        if call.effects:
            text += f" effects [{', '.join(call.effects)}]"
        if call.unknown_dfb_access:
            text += " unknown_dfb_access"
        if call.include_paths:
            text += f" include_paths [{', '.join(string(p) for p in call.include_paths)}]"
        if call.condition is not None:
            text += f" condition {call.condition}"
        if call.fabric_managers:
            text += f" fabric_managers [{', '.join(call.fabric_managers)}]"
        if call.kernels is not None:
            text += kernels_attr(call.kernels)
        if call.result_type is None:
            self._op(text, loc)
            return None
        return self._value(f"{text} -> {call.result_type}", loc)

    # --- the module -----------------------------------------------------------------------
    def module(
        self, symbol: str, params: Sequence[tuple[str, str, str]], attributes: Sequence[str],
        return_loc: str, func_loc: str,
    ) -> str:
        """The whole module: one ``func.func`` with ``params`` (SSA name, type, location), the
        ``attributes`` texts and the lines built so far as its body."""
        signature = ", ".join(f"{name}: {type_} {loc}" for name, type_, loc in params)
        header = f"  func.func @{symbol}({signature}) attributes {{{', '.join(attributes)}}} {{"
        footer = [f"    func.return {return_loc}", f"  }} {func_loc}"]
        return "\n".join(["module {", header, *self.lines, *footer, f"}} {func_loc}"]) + "\n"


def _dims(dims: Sequence[int]) -> str:
    return f"[{', '.join(map(str, dims))}]"


# --- attributes of the operation's function ---------------------------------------------------
def operation_attributes(
    grid: tuple[int, int], operation_id: str, runtime_resources: bool,
    fp32_dest_acc_en: bool | None,
) -> tuple[str, ...]:
    attrs = [f"ttl.grid = {grid_attr(*grid)}", f"ttl.operation_id = {string(operation_id)}"]
    # A resource-aware operation's kernels take caller per-core words (kernel ABI).
    if runtime_resources:
        attrs.append("ttl.runtime_resources")
    # fp32_dest_acc_en= overrides the backend's choice (fp32 DEST where a DFB is f32).
    if fp32_dest_acc_en is not None:
        attrs.append(f"ttl.fp32_dest_acc_en = {bool_attr(fp32_dest_acc_en)}")
    return tuple(attrs)


# --- the op model's ``ttnn.generic`` of a compiled operation (ttlang.opmodel) -----------------
def ttnn_tensor_type(
    shape: Sequence[int], element: str, buffer_type: str, memory_layout: str = "interleaved",
    grid: tuple[int, int] | None = None, shard: tuple[int, int] | None = None,
) -> str:
    """A ttnn tensor type; a sharded one takes its shard ``grid`` (rows, cols of cores) and
    ``shard`` shape (elements)."""
    dims = "x".join(str(d) for d in shape)
    sharding = f", grid = {grid[0]}x{grid[1]}, shard = {shard[0]}x{shard[1]}" if grid and shard else ""
    return f"tensor<{dims}x{element}, #ttnn.layout<{buffer_type}, {memory_layout}, {element}{sharding}>>"


def ttnn_core_range(start: tuple[int, int], end: tuple[int, int]) -> str:
    return f"#ttnn.core_range<({start[0]}, {start[1]}), ({end[0]}, {end[1]})>"


def ttnn_kernel_attr(kernel: str, cores: Sequence[str]) -> str:
    return f"#ttnn.kernel<{kernel}, cores = [{', '.join(cores)}]>"


def ttnn_dfb_attr(
    name: str, physical_index: int, type_: str, cores: Sequence[str], reconfigured_blocks: int
) -> str:
    ring = f", reconfigured_blocks = {reconfigured_blocks}" if reconfigured_blocks else ""
    return (
        f"#ttnn.dfb<{string(name)}, {physical_index}, {type_}, cores = [{', '.join(cores)}]{ring}>"
    )


def ttnn_generic_function(
    symbol: str, operation_id: str, grid: tuple[int, int], tile_ops: int | None,
    kernels: Sequence[str], dfbs: Sequence[str], in_types: Sequence[str], out_types: Sequence[str],
) -> str:
    """A function whose arguments are the inputs and whose one op is the ``ttnn.generic``."""
    args = ", ".join(f"%arg{n}: {t}" for n, t in enumerate(in_types))
    operands = ", ".join(f"%arg{n}" for n in range(len(in_types)))
    tile_ops_attr = "" if tile_ops is None else f", tile_ops = {i64_attr(tile_ops)}"
    attrs = (
        f"operation_id = {string(operation_id)}, grid = {grid_attr(*grid)}"
        f"{tile_ops_attr}, kernels = [{', '.join(kernels)}], dataflow_buffers = [{', '.join(dfbs)}]"
    )
    result = "%0" if len(out_types) == 1 else f"%0:{len(out_types)}"
    return (
        f"func.func @{string(symbol)}({args}) {{\n"
        f"  {result} = ttnn.generic {operands} {{{attrs}}} : "
        f"({', '.join(in_types)}) -> ({', '.join(out_types)})\n"
        "  return\n}\n"
    )
