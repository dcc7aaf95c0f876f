"""External C++ calls (docs/external-functions.md): the element-wise template (eltwise.py), with
the reader thread reading some inputs through ``ttl.call_extern_func`` of ``fuzz_read``
(fuzz_extern.hpp: the block's tiles through the tensor's TensorAccessor, then an exact
transform of every element in L1: negate, absolute value, double or halve, whose numpy twins are
``-x``, ``|x|``, ``2x``, ``x / 2``), and sometimes the writer writing through ``fuzz_write``. The
calls pass the DFB as a template argument (``ttl.get_dfb_id``), a runtime tile row and column,
and declare their DFB effects, so the compiler balances them against the compute kernel's
``wait`` / ``reserve``. The transforms are exact, so the bound is the expression's.
"""

from __future__ import annotations

import pathlib
import random

import numpy as np

import expressions as ex
from records import DTYPES, MEMORIES, TILE, Kernel, Program, Tensor, strided_loops

HEADER = pathlib.Path(__file__).resolve().parents[1] / "fuzz_extern.hpp"
TRANSFORMS = {0: np.negative, 1: np.abs, 2: lambda x: 2 * x, 3: lambda x: x / 2}


def draw(seed: int, rng: random.Random) -> Program:
    cols, rows = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2)])
    block = (rng.choice([1, 2]), rng.choice([1, 2]))
    blocks = (rng.randint(1, 3), rng.randint(1, 3))
    dtype = rng.choice(DTYPES)
    kernel = Kernel(dtype, dtype, None)
    count = rng.randint(1, 2)
    transforms = [rng.choice([None, 0, 1, 2, 3]) for _ in range(count)]
    if all(t is None for t in transforms):
        transforms[0] = rng.choice(sorted(TRANSFORMS))
    external_write = rng.random() < 0.5
    grammar = ex.Grammar(leaves=tuple(ex.leaf(f"x{i}", i) for i in range(count)),
                         functions=rng.random() < 0.5)
    expression = ex.draw_expression(rng, grammar, kernel.registers, (1, 3))
    tensor_cols = blocks[1] * block[1]  # tiles across every tensor
    tiles = f"r * {block[0]}:(r + 1) * {block[0]}, c * {block[1]}:(c + 1) * {block[1]}"
    origin = f"r * {block[0]}, c * {block[1]}"
    name = f"fuzz_{seed}"
    loops = strided_loops(*blocks)
    read = []
    for i, transform in enumerate(transforms):
        if transform is None:
            read += [f"                with d{i}.reserve() as x{i}:",
                     f"                    ttl.copy(a{i}[{tiles}], x{i}).wait()"]
        else:
            read += [
                "                ttl.call_extern_func(",
                f"                    HEADER, \"fuzz_read\",",
                f"                    template_args=[ttl.get_dfb_id(d{i}), {block[0]}, {block[1]}, "
                f"{tensor_cols}, {transform}],",
                f"                    func_args=[a{i}, {origin}], dfb_dependencies=[d{i}],",
                f"                    dfb_effects=[ttl.DFBEffect.reserve(d{i}, tiles={block[0] * block[1]}), "
                f"ttl.DFBEffect.push(d{i}, tiles={block[0] * block[1]})],",
                "                    include_paths=[INCLUDE])",
            ]
    if external_write:
        write = [
            "                ttl.call_extern_func(",
            "                    HEADER, \"fuzz_write\",",
            f"                    template_args=[ttl.get_dfb_id(o), {block[0]}, {block[1]}, {tensor_cols}],",
            f"                    func_args=[out, {origin}], dfb_dependencies=[o],",
            f"                    dfb_effects=[ttl.DFBEffect.wait(o, tiles={block[0] * block[1]}), "
            f"ttl.DFBEffect.pop(o, tiles={block[0] * block[1]})],",
            "                    include_paths=[INCLUDE])",
        ]
    else:
        write = ["                with o.wait() as z:",
                 f"                    ttl.copy(z, out[{tiles}]).wait()"]
    waits = ", ".join(f"d{i}.wait() as x{i}" for i in range(count))
    counts = [rng.randint(1, 3) for _ in range(count + 1)]
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz, extern): transforms {transforms}, "
        f"{'external' if external_write else 'plain'} writer: {expression.text}",
        "import ttlang as ttl",
        "",
        f"HEADER = {HEADER.name!r}",
        f"INCLUDE = {str(HEADER.parent)!r}",
        "",
        "",
        f"@ttl.operation(grid=({cols}, {rows}))",
        f"def {name}({', '.join([f'a{i}' for i in range(count)] + ['out'])}):",
        *[f"    d{i} = ttl.make_dataflow_buffer_like(a{i}, shape={block}, block_count={counts[i]})"
          for i in range(count)],
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
        *read,
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        *write,
    ]
    shape = (blocks[0] * block[0] * TILE, blocks[1] * block[1] * TILE)
    tensors = tuple(Tensor(shape, dtype, rng.choice(MEMORIES)) for _ in range(count))

    def model(inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        views = [x if t is None else TRANSFORMS[t](x) for x, t in zip(inputs, transforms)]
        value, error = expression.evaluate(views, kernel.units())
        return value, kernel.packed(value, error)

    return Program(seed, "extern", "\n".join(lines) + "\n", name, tensors, Tensor(shape, dtype, rng.choice(MEMORIES)),
                   model, f"transforms {transforms}, external writer {external_write}: {expression.text}")
