"""Element-wise programs: each core of the grid walks its share of the output blocks, a reader
thread copies the input blocks in, the compute thread stores one fused expression over the
waited blocks, a writer copies the result out.

Two kinds share the template:

* ``eltwise``: the leaves are the inputs' blocks; the expression uses every block function of
  docs/language.md that keeps the shape (``+ - * /``, ``max`` / ``min``, comparisons, ``where``,
  the SFPU functions, block-scalar math with the scalar a literal, a module constant or an
  argument of the factory that makes the operation), the output possibly of the other element
  type (the packer converts), and ``fp32_dest_acc_en=`` drawn;
* ``broadcast``: some leaves change the shape: ``broadcast`` of a one-tile-column, one-tile-row
  or one-tile block (dims ``[1]``, ``[0]``, ``[0, 1]``; both spellings), ``transpose`` of an
  ``N x M``-tile block (both spellings) and ``fill`` (both spellings). Broadcast and transpose
  move values unchanged (a leaf's error: an f32 FPU operand is TF32), a fill is its f32
  constant rounded into DEST.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable

import numpy as np

import expressions as ex
from records import DTYPES, MEMORIES, TILE, Kernel, Program, Tensor, distributed_loops


@dataclasses.dataclass(frozen=True)
class Source:
    """One input: its block shape in tiles, the leaf text its waited block ``x<i>`` gives, and
    ``view(array, grid, block)``: the input as seen at every output element."""

    kind: str
    block: tuple[int, int]
    text: str
    view: Callable[[np.ndarray, tuple[int, int], tuple[int, int]], np.ndarray]


def _plain(x, blocks, block):
    return x


def _bcast_cols(x, blocks, block):  # dims=[1]: each row's column 0 across the block
    return np.repeat(x[:, 0::TILE], TILE * block[1], axis=1)


def _bcast_rows(x, blocks, block):  # dims=[0]: the block's row 0 down its rows
    return np.repeat(x[0::TILE, :], TILE * block[0], axis=0)


def _bcast_scalar(x, blocks, block):  # dims=[0, 1]: element (0, 0) everywhere
    return np.repeat(np.repeat(x[0::TILE, 0::TILE], TILE * block[0], axis=0), TILE * block[1], axis=1)


def _transpose(x, blocks, block):  # each N x M-tile block transposed element-wise
    rows, cols = block
    return (x.reshape(blocks[0], cols * TILE, blocks[1], rows * TILE)
            .transpose(0, 3, 2, 1).reshape(blocks[0] * rows * TILE, blocks[1] * cols * TILE))


def _shaped_sources(rng: random.Random, block: tuple[int, int], index: int, same_type: bool) -> Source:
    """A shape-changing input ``x<index>`` for an output block of ``block`` tiles."""
    name = f"x{index}"
    choice = rng.choice(["cols", "rows", "scalar", "transpose"])
    if choice == "transpose":
        text = rng.choice([f"ttl.math.transpose({name})", f"ttl.block.transpose({name})"])
        return Source("transpose", (block[1], block[0]), text, _transpose)
    dims, shape, view = {"cols": ([1], (block[0], 1), _bcast_cols),
                         "rows": ([0], (1, block[1]), _bcast_rows),
                         "scalar": ([0, 1], (1, 1), _bcast_scalar)}[choice]
    dims = rng.choice([dims, [d - 2 for d in dims]])  # 0 / 1, or -2 / -1
    spellings = [f"ttl.block.broadcast({name}, dims={dims}, shape=z.shape)"]
    if same_type:  # math.broadcast's out_blk gives the result's type too
        spellings.append(f"ttl.math.broadcast({name}, z, dims={dims})")
    return Source(f"broadcast{dims}", shape, rng.choice(spellings), view)


class Spelling:
    """How the program names a block-scalar constant: a literal, a module constant or an
    argument of the factory that makes the operation. Collects the names it used."""

    def __init__(self, mode: str):
        self.mode = mode
        self.names: dict[float, str] = {}

    def __call__(self, value: float) -> str:
        if self.mode == "literal":
            return repr(value)
        prefix = "SCALE" if self.mode == "module" else "s"
        return self.names.setdefault(value, f"{prefix}{len(self.names)}")


def _fill(dtype_of: str, same_type: bool, rng: random.Random) -> Callable[[float], ex.Expr]:
    def build(value: float) -> ex.Expr:
        spellings = [f"ttl.block.fill({value!r}, shape=z.shape, dtype={dtype_of}.dtype)"]
        if same_type:
            spellings.append(f"ttl.math.fill(z, {value!r})")

        def evaluate(xs, units):
            shape = xs[0].shape
            return np.full(shape, value), np.full(shape, units.dest * abs(value))

        return ex.Expr(rng.choice(spellings), evaluate, 1, abs(value))

    return build


def draw(seed: int, rng: random.Random, shaped: bool) -> Program:
    kind = "broadcast" if shaped else "eltwise"
    # "auto" / "full": the target's whole worker grid (8x8 on the emulated wormhole_b0).
    grid = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (3, 2)] * 6 + ["auto", "full"])
    block = (rng.choice([1, 2]), rng.choice([1, 2]))
    blocks = (rng.randint(1, 3), rng.randint(1, 3))  # output blocks down, across
    math_dtype = rng.choice(DTYPES)
    out_dtype = rng.choice([math_dtype] * 3 + [other for other in ("bfloat16", "float32") if other != math_dtype])
    kernel = Kernel(math_dtype, out_dtype, rng.choice([None, None, True, False]))
    same_type = math_dtype == out_dtype
    plain = rng.randint(1, 3)
    sources = [Source("plain", block, f"x{i}", _plain) for i in range(plain)]
    if shaped:
        sources += [_shaped_sources(rng, block, plain + i, same_type) for i in range(rng.randint(1, 2))]
    spelling = Spelling(rng.choice(["literal", "module", "factory"]) if not shaped else "literal")
    grammar = ex.Grammar(
        leaves=tuple(ex.leaf(s.text, i) for i, s in enumerate(sources)),
        spell=spelling,
        functions=not shaped or rng.random() < 0.5,
        fill=_fill("x0", same_type, rng) if shaped else None,
    )
    expression = ex.draw_expression(rng, grammar, kernel.registers, (2, 4))
    # Every input is used: in a unified operation a waited block with no use has no kernel
    # (docs/language.md "Unified operations"), and every drawn shape-changing leaf is tested.
    for index, source in enumerate(sources):
        # (``x0.dtype`` in a fill's dtype= is no use of the block)
        if not re.search(rf"\b{re.escape(source.text)}(?![\w.])", expression.text):
            expression = ex.add(expression, ex.leaf(source.text, index))
    if expression.registers > kernel.registers:
        return draw(seed, rng, shaped)

    # Shapes that are not whole tiles (element-wise only): ttnn pads to whole tiles with zeros,
    # the kernels compute on whole tiles, reading back drops the padding.
    trim = (rng.randint(1, TILE - 1), rng.randint(1, TILE - 1)) if not shaped and rng.random() < 0.2 else (0, 0)
    shape = (blocks[0] * block[0] * TILE - trim[0], blocks[1] * block[1] * TILE - trim[1])
    tensors = tuple(Tensor((blocks[0] * s.block[0] * TILE - trim[0], blocks[1] * s.block[1] * TILE - trim[1]),
                           math_dtype, rng.choice(MEMORIES)) for s in sources)
    output = Tensor(shape, out_dtype, rng.choice(MEMORIES))
    counts = [rng.randint(1, 3) for _ in range(len(sources) + 1)]
    name = f"fuzz_{seed}"
    form = rng.choice(["threads", "threads", "owned_reader", "unified"])
    distribution = rng.choice(["strided", "strided", "linear", "chunked"])
    body = _body(name, sources, blocks, block, counts, expression.text, grid, kernel, form, distribution)
    source = _module(seed, kind, expression.text, name, body, spelling)

    def model(inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        views = [s.view(x, blocks, block) for s, x in zip(sources, inputs)]
        value, error = expression.evaluate(views, kernel.units())
        return value, kernel.packed(value, error)

    return Program(seed, kind, source, name, tensors, output, model,
                   f"{expression.text} ({math_dtype} -> {out_dtype}, fp32_dest_acc_en={kernel.fp32_dest}, "
                   f"{form}, {distribution})")


def _tiles(block: tuple[int, int]) -> str:
    return f"r * {block[0]}:(r + 1) * {block[0]}, c * {block[1]}:(c + 1) * {block[1]}"


def _body(name, sources, blocks, block, counts, text, grid, kernel, form, distribution) -> list[str]:
    """The operation: ``threads`` (compute, reader, writer), ``owned_reader`` (the reader an
    operation-owned ``ttl.Kernel``) or ``unified`` (one body; the compiler assigns the work)."""
    args = ", ".join([f"a{i}" for i in range(len(sources))] + ["out"])
    waits = ", ".join(f"d{i}.wait() as x{i}" for i in range(len(sources)))
    reserves = ", ".join(f"d{i}.reserve() as x{i}" for i in range(len(sources)))
    head = [
        f"@ttl.operation(grid={grid!r}{kernel.decorator_argument()})",
        f"def {name}({args}):",
        *[f"    d{i} = ttl.make_dataflow_buffer_like(a{i}, shape={s.block}, block_count={counts[i]})"
          for i, s in enumerate(sources)],
        f"    o = ttl.make_dataflow_buffer_like(out, shape={block}, block_count={counts[-1]})",
    ]
    copies = [f"with {reserves}:",
              *[f"    t{i} = ttl.copy(a{i}[{_tiles(s.block)}], x{i})" for i, s in enumerate(sources)],
              *[f"    t{i}.wait()" for i in range(len(sources))]]
    compute = [f"with {waits}, o.reserve() as z:", f"    z.store({text})"]
    write = ["with o.wait() as z:", f"    ttl.copy(z, out[{_tiles(block)}]).wait()"]
    if form == "unified":
        loops, depth = distributed_loops(distribution, *blocks, indent=4)
        return head + loops + [" " * depth + line for line in copies + compute + write]
    loops, depth = distributed_loops(distribution, *blocks, indent=8)
    inner = lambda lines: [" " * depth + line for line in lines]  # noqa: E731
    reader = "(kernel=reader)" if form == "owned_reader" else "()"
    return head + [
        *(["    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)"] if form == "owned_reader" else []),
        "",
        "    @ttl.compute()",
        "    def compute():",
        *loops,
        *inner(compute),
        "",
        f"    @ttl.datamovement{reader}",
        "    def read():",
        *loops,
        *inner(copies),
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        *inner(write),
    ]


def _module(seed: int, kind: str, text: str, name: str, body: list[str], spelling: Spelling) -> str:
    head = [f"# Random TT-Lang program {seed} (test/python/fuzz, {kind}): {text}", "import ttlang as ttl", ""]
    if spelling.mode == "factory" and spelling.names:
        params = ", ".join(spelling.names.values())
        values = ", ".join(repr(v) for v in spelling.names)
        lines = head + ["", f"def make({params}):", *["    " + line if line else "" for line in body],
                        f"    return {name}", "", "", f"{name} = make({values})"]
    else:
        constants = [f"{n} = {v!r}" for v, n in spelling.names.items()]
        lines = head + constants + ["", *body]
    return "\n".join(lines) + "\n"
