"""Synchronized DFB reconfiguration (docs/language.md): each core of a ``cores x 1`` grid
streams one column of tiles through an input DFB and an output DFB in two or three phases; between
phases the input DFB (and sometimes the output DFB) switches to another block count (grow,
shrink or the same size, each a new ring). The compute kernel stores an element-wise expression
of each tile (expressions.py, its bound). Written unified (one body, the compiler puts the
switch into each kernel) or as threads (the switch written in each thread that uses the DFB).
Every tile must land where it came from, computed.
"""

from __future__ import annotations

import random

import numpy as np

import expressions as ex
from records import DTYPES, MEMORIES, TILE, Kernel, Program, Tensor


def draw(seed: int, rng: random.Random) -> Program:
    cores = rng.randint(1, 4)
    phases = rng.randint(2, 3)
    tiles = [rng.randint(1, 4) for _ in range(phases)]
    in_counts = [rng.randint(1, 4) for _ in range(phases)]
    out_counts = [rng.randint(1, 3)] * phases
    if rng.random() < 0.5:
        out_counts = [rng.randint(1, 3) for _ in range(phases)]
    dtype = rng.choice(DTYPES)
    kernel = Kernel(dtype, dtype, None)
    grammar = ex.Grammar(leaves=(ex.leaf("v", 0),), functions=rng.random() < 0.5)
    expression = ex.draw_expression(rng, grammar, kernel.registers, (1, 3))
    unified = rng.random() < 0.5
    name = f"fuzz_{seed}"
    body = _unified(tiles, in_counts, out_counts, expression.text) if unified else \
        _threads(tiles, in_counts, out_counts, expression.text)
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz, reconfigure): block counts "
        f"{in_counts} / {out_counts}, tiles {tiles}, {'unified' if unified else 'threads'}",
        "import ttlang as ttl",
        "",
        "",
        f"@ttl.operation(grid=({cores}, 1))",
        f"def {name}(a, out):",
        f"    d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count={in_counts[0]})",
        f"    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count={out_counts[0]})",
        *body,
    ]
    shape = (sum(tiles) * TILE, cores * TILE)
    memory = [rng.choice(MEMORIES) for _ in range(2)]

    def model(inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        value, error = expression.evaluate(inputs, kernel.units())
        return value, kernel.packed(value, error)

    return Program(seed, "reconfigure", "\n".join(lines) + "\n", name, (Tensor(shape, dtype, memory[0]),),
                   Tensor(shape, dtype, memory[1]), model,
                   f"{expression.text}, block counts {in_counts} / {out_counts}, tiles {tiles}, "
                   f"{'unified' if unified else 'threads'}, {cores} cores, {dtype}")


def _switches(index: int, in_counts, out_counts, dfbs: str, pad: str) -> list[str]:
    """The reconfigurations before phase ``index`` of the DFBs in ``dfbs`` ("d", "o")."""
    if index == 0:
        return []
    lines = []
    if "d" in dfbs and in_counts[index] is not None:
        lines.append(f"{pad}d.reconfigure(block_count={in_counts[index]})")
    if "o" in dfbs and out_counts[index] != out_counts[index - 1]:
        lines.append(f"{pad}o.reconfigure(block_count={out_counts[index]})")
    return lines


def _unified(tiles, in_counts, out_counts, text) -> list[str]:
    lines = ["    col, _ = ttl.node(dims=2)"]
    first = 0
    for index, count in enumerate(tiles):
        lines += _switches(index, in_counts, out_counts, "do", "    ")
        lines += [
            f"    for t in range({first}, {first + count}):",
            "        with d.reserve() as blk:",
            "            ttl.copy(a[t, col], blk).wait()",
            "        with d.wait() as v, o.reserve() as z:",
            f"            z.store({text})",
            "        with o.wait() as z:",
            "            ttl.copy(z, out[t, col]).wait()",
        ]
        first += count
    return lines


def _threads(tiles, in_counts, out_counts, text) -> list[str]:
    read, compute, write = [], [], []
    first = 0
    for index, count in enumerate(tiles):
        read += _switches(index, in_counts, out_counts, "d", "        ")
        compute += _switches(index, in_counts, out_counts, "do", "        ")
        write += _switches(index, in_counts, out_counts, "o", "        ")
        loop = f"        for t in range({first}, {first + count}):"
        read += [loop, "            with d.reserve() as blk:", "                ttl.copy(a[t, col], blk).wait()"]
        compute += [loop, "            with d.wait() as v, o.reserve() as z:", f"                z.store({text})"]
        write += [loop, "            with o.wait() as z:", "                ttl.copy(z, out[t, col]).wait()"]
        first += count
    return [
        "",
        "    @ttl.datamovement()",
        "    def read():",
        "        col, _ = ttl.node(dims=2)",
        *read,
        "",
        "    @ttl.compute()",
        "    def compute():",
        *compute,
        "",
        "    @ttl.datamovement()",
        "    def write():",
        "        col, _ = ttl.node(dims=2)",
        *write,
    ]
