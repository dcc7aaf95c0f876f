"""Random valid TT-Lang operations with a numpy model (issue 33, differential testing).

``draw(seed)`` makes one program: a grid, input tensors (bf16 or f32, DRAM or L1, whole tiles),
block shapes and counts, and an element-wise expression over the waited blocks (``+ - *``,
``ttl.math.max`` / ``min``, ``relu``, ``neg``, ``abs``, block-scalar ``*`` / ``+``). Each core of
the grid walks its share of the output blocks (a strided loop over ``ttl.node``), reading the
inputs' blocks in a reader thread and writing results in a writer thread. The program is
source text (the frontend reads the operation from a file) with its numpy reference.

The error bound is the textbook forward bound for sums and products (Higham, gamma_n): every
operation's result is the exact operation on its computed operands times (1 + d) with
``|d| <= UNIT``, so an expression whose terms pass through at most ``n`` such factors is off by
at most ``gamma_n = n UNIT / (1 - n UNIT)`` times the expression evaluated on absolute values
(``|a| + |b|``, ``|a| * |b|``). A sum passes the larger count of its operands on (plus its own
rounding), a product the sum of both (relative errors of factors add). ``UNIT`` is one ulp of
the element type relative to the value: the emulated card truncates some 16-bit DEST stores
(docs/emulator.md, "Numeric model"), and f32 FPU operands are truncated to TF32 (10 bits).
``max``, ``min``, ``relu``, ``neg`` and ``abs`` are exact and pass their operands' counts on.
Extending the generator (matmul, reductions, reconfigures, external calls) extends ``Node`` and
the templates.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import numpy as np

TILE = 32
UNIT = {"bfloat16": 2.0**-7, "float32": 2.0**-9}


@dataclasses.dataclass(frozen=True)
class Node:
    """An expression over the input blocks: its source text, its value, its value on absolute
    values (the error scale) and the roundings on its longest path to an input."""

    text: str
    value: Callable[[list[np.ndarray]], np.ndarray]
    scale: Callable[[list[np.ndarray]], np.ndarray]
    roundings: int
    # DEST registers a left-first evaluation holds at once (the left operand's result while the
    # right one is computed): the compiler refuses more than a DEST section holds.
    registers: int = 1


def _leaf(index: int) -> Node:
    return Node(f"x{index}", lambda xs, i=index: xs[i], lambda xs, i=index: np.abs(xs[i]), 0, 1)


def _binary(op: str, a: Node, b: Node) -> Node:
    node = _binary_value(op, a, b)
    return dataclasses.replace(node, registers=max(a.registers, b.registers + 1))


def _binary_value(op: str, a: Node, b: Node) -> Node:
    if op == "+":
        return Node(f"({a.text} + {b.text})", lambda xs: a.value(xs) + b.value(xs),
                    lambda xs: a.scale(xs) + b.scale(xs), max(a.roundings, b.roundings) + 1)
    if op == "-":
        return Node(f"({a.text} - {b.text})", lambda xs: a.value(xs) - b.value(xs),
                    lambda xs: a.scale(xs) + b.scale(xs), max(a.roundings, b.roundings) + 1)
    if op == "*":
        return Node(f"({a.text} * {b.text})", lambda xs: a.value(xs) * b.value(xs),
                    lambda xs: a.scale(xs) * b.scale(xs), a.roundings + b.roundings + 1)
    function = np.maximum if op == "max" else np.minimum
    return Node(f"ttl.math.{op}({a.text}, {b.text})", lambda xs: function(a.value(xs), b.value(xs)),
                lambda xs: np.maximum(a.scale(xs), b.scale(xs)), max(a.roundings, b.roundings))


def _unary(op: str, a: Node, constant: float) -> Node:
    return dataclasses.replace(_unary_value(op, a, constant), registers=a.registers)


def _unary_value(op: str, a: Node, constant: float) -> Node:
    if op == "relu":
        return Node(f"ttl.math.relu({a.text})", lambda xs: np.maximum(a.value(xs), 0), a.scale, a.roundings)
    if op == "neg":
        return Node(f"(-{a.text})", lambda xs: -a.value(xs), a.scale, a.roundings)
    if op == "abs":
        return Node(f"abs({a.text})", lambda xs: np.abs(a.value(xs)), a.scale, a.roundings)
    if op == "scale":
        return Node(f"({a.text} * {constant!r})", lambda xs: a.value(xs) * constant,
                    lambda xs: a.scale(xs) * abs(constant), a.roundings + 1)
    return Node(f"({a.text} + {constant!r})", lambda xs: a.value(xs) + constant,
                lambda xs: a.scale(xs) + abs(constant), a.roundings + 1)


def _expression(rng: random.Random, inputs: int, depth: int, top: bool = True) -> Node:
    """A tree of at most ``depth`` operations; the root is a binary one."""
    if depth == 0 or (not top and rng.random() < 0.15):
        return _leaf(rng.randrange(inputs))
    if not top and rng.random() < 0.3:
        op = rng.choice(["relu", "neg", "abs", "scale", "shift"])
        constant = rng.choice([0.5, 2.0, -1.5, 0.25, 3.0, 0.1])
        return _unary(op, _expression(rng, inputs, depth - 1, False), constant)
    op = rng.choice(["+", "-", "*", "+", "*", "max", "min"])
    return _binary(op, _expression(rng, inputs, depth - 1, False),
                   _expression(rng, inputs, depth - 1, False))


@dataclasses.dataclass(frozen=True)
class Program:
    """One random program: its source, the operation's name, the tensors it takes and how to
    compute the expected output."""

    seed: int
    source: str
    name: str
    dtype: str
    input_shapes: tuple[tuple[int, int], ...]
    output_shape: tuple[int, int]
    memory: tuple[str, ...]  # per tensor, inputs then output: "dram" / "l1"
    expression: Node

    def inputs(self) -> list[np.ndarray]:
        rng = np.random.default_rng(self.seed)
        return [rng.uniform(-2, 2, shape).astype(np.float32) for shape in self.input_shapes]

    def expected(self, inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(reference, bound) in float64 from the inputs as the device holds them."""
        xs = [x.astype(np.float64) for x in inputs]
        reference = self.expression.value(xs)
        scale = self.expression.scale(xs)
        n = (self.expression.roundings + 1) * UNIT[self.dtype]  # one more: the leaves' TF32 reads
        bound = n / (1 - n) * scale + 1e-30
        return reference, bound


def draw(seed: int) -> Program:
    """The program of ``seed`` (the same program for the same seed): an element-wise one, or
    (one in three) a blocked matmul."""
    rng = random.Random(seed)
    if rng.random() < 1 / 3:
        return _matmul(seed, rng)
    return _eltwise(seed, rng)


def _matmul(seed: int, rng: random.Random) -> Program:
    """out = a @ b in (bm x bk) @ (bk x bn)-tile blocks, each core a strided share of the output
    blocks, the K blocks summed as tt-lang's tutorials do: a running sum in a block value
    (`acc = fill(0)`, `acc += a @ b`, either release's spelling) or `+=` on the reserved block.
    Every K tile rounds at most twice (DEST, and the packer's L1 addition)."""
    cols, rows = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2)])
    bm, bk, bn = rng.choice([1, 2]), rng.choice([1, 2]), rng.choice([1, 2])
    mb, kb, nb = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
    dtype = rng.choice(["bfloat16", "bfloat16", "float32"])
    memory = tuple(rng.choice(["dram", "dram", "l1"]) for _ in range(3))
    counts = [rng.randint(1, 3) for _ in range(3)]
    form = rng.choice(["block_fill", "math_fill", "reserved"])
    k_tiles = kb * bk
    expression = Node("a @ b", lambda xs: xs[0] @ xs[1], lambda xs: np.abs(xs[0]) @ np.abs(xs[1]),
                      2 * k_tiles, 1)
    name = f"fuzz_{seed}"
    loops = [
        "        x, y = ttl.node(dims=2)",
        f"        for r in range(y, {mb}, {rows}):",
        f"            for c in range(x, {nb}, {cols}):",
    ]
    a_tiles = f"r * {bm}:(r + 1) * {bm}, k * {bk}:(k + 1) * {bk}"
    b_tiles = f"k * {bk}:(k + 1) * {bk}, c * {bn}:(c + 1) * {bn}"
    if form == "reserved":
        body = [
            "                with o.reserve() as z:",
            f"                    for _ in range({kb}):",
            "                        with a_dfb.wait() as p, b_dfb.wait() as q:",
            "                            z += p @ q",
        ]
    else:
        # ttl.block.fill is bf16 unless dtype= says otherwise (docs/language.md).
        start = ("ttl.block.fill(0, shape=z.shape, dtype=z.dtype)" if form == "block_fill"
                 else "ttl.math.fill(z, 0)")
        body = [
            "                with o.reserve() as z:",
            f"                    acc = {start}",
            f"                    for _ in range({kb}):",
            "                        with a_dfb.wait() as p, b_dfb.wait() as q:",
            "                            acc += p @ q",
            "                    z.store(acc)",
        ]
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz/programs.py): matmul, {form}",
        "import ttlang as ttl",
        "",
        "",
        f"@ttl.operation(grid=({cols}, {rows}))",
        f"def {name}(a, b, out):",
        f"    a_dfb = ttl.make_dataflow_buffer_like(a, shape=({bm}, {bk}), block_count={counts[0]})",
        f"    b_dfb = ttl.make_dataflow_buffer_like(b, shape=({bk}, {bn}), block_count={counts[1]})",
        f"    o = ttl.make_dataflow_buffer_like(out, shape=({bm}, {bn}), block_count={counts[2]})",
        "",
        "    @ttl.compute()",
        "    def compute():",
        *loops,
        *body,
        "",
        "    @ttl.datamovement()",
        "    def read():",
        *loops,
        f"                for k in range({kb}):",
        "                    with a_dfb.reserve() as p, b_dfb.reserve() as q:",
        f"                        ta = ttl.copy(a[{a_tiles}], p)",
        f"                        tb = ttl.copy(b[{b_tiles}], q)",
        "                        ta.wait()",
        "                        tb.wait()",
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        "                with o.wait() as z:",
        f"                    ttl.copy(z, out[r * {bm}:(r + 1) * {bm}, c * {bn}:(c + 1) * {bn}]).wait()",
    ]
    m, k, n = mb * bm * TILE, kb * bk * TILE, nb * bn * TILE
    return Program(seed, "\n".join(lines) + "\n", name, dtype, ((m, k), (k, n)), (m, n), memory, expression)


def _eltwise(seed: int, rng: random.Random) -> Program:
    cols, rows = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (3, 2)])
    block = (rng.choice([1, 2]), rng.choice([1, 2]))
    blocks = (rng.randint(1, 3), rng.randint(1, 3))  # output blocks down, across
    shape = (blocks[0] * block[0] * TILE, blocks[1] * block[1] * TILE)
    inputs = rng.randint(1, 3)
    dtype = rng.choice(["bfloat16", "bfloat16", "float32"])
    memory = tuple(rng.choice(["dram", "dram", "l1"]) for _ in range(inputs + 1))
    counts = [rng.randint(1, 3) for _ in range(inputs + 1)]
    # A DEST section holds 8 bf16 tiles, 4 f32 ones (fp32 DEST accumulation); a block's tiles
    # are computed one at a time.
    limit = 4 if dtype == "float32" else 8
    expression = _expression(rng, inputs, rng.randint(2, 4))
    while expression.registers > limit:
        expression = _expression(rng, inputs, rng.randint(2, 4))
    name = f"fuzz_{seed}"
    args = ", ".join([f"a{i}" for i in range(inputs)] + ["out"])
    waits = ", ".join(f"d{i}.wait() as x{i}" for i in range(inputs))
    reserves = ", ".join(f"d{i}.reserve() as x{i}" for i in range(inputs))
    tiles = f"r * {block[0]}:(r + 1) * {block[0]}, c * {block[1]}:(c + 1) * {block[1]}"
    loops = [
        "        x, y = ttl.node(dims=2)",
        f"        for r in range(y, {blocks[0]}, {rows}):",
        f"            for c in range(x, {blocks[1]}, {cols}):",
    ]
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz/programs.py): {expression.text}",
        "import ttlang as ttl",
        "",
        "",
        f"@ttl.operation(grid=({cols}, {rows}))",
        f"def {name}({args}):",
        *[f"    d{i} = ttl.make_dataflow_buffer_like(a{i}, shape={block}, block_count={counts[i]})"
          for i in range(inputs)],
        f"    o = ttl.make_dataflow_buffer_like(out, shape={block}, block_count={counts[-1]})",
        "",
        "    @ttl.compute()",
        "    def compute():",
        *loops,
        f"                with {waits}, o.reserve() as z:",
        f"                    z.store({expression.text})",
        "",
        "    @ttl.datamovement()",
        "    def read():",
        *loops,
        f"                with {reserves}:",
        *[f"                    t{i} = ttl.copy(a{i}[{tiles}], x{i})" for i in range(inputs)],
        *[f"                    t{i}.wait()" for i in range(inputs)],
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        "                with o.wait() as z:",
        f"                    ttl.copy(z, out[{tiles}]).wait()",
    ]
    source = "\n".join(lines) + "\n"
    return Program(seed, source, name, dtype, tuple(shape for _ in range(inputs)), shape, memory, expression)
