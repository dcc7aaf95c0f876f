"""Mixed element types in one compute kernel (examples/mixed_formats.py): a first expression over
blocks of one type is stored into an intermediate DFB of the program's whose type is the second
input's; a second expression over that block and the second input's block is stored into the
output, of either type. The compute kernel reconfigures the unpacker and packer between the
formats. Bound: the first expression's (expressions.py), its pack into the intermediate DFB
(a rounding only from an f32 DEST into bfloat16), that block's read as a leaf of the second
expression, then the second expression's rules and the output's pack.
"""

from __future__ import annotations

import random
import re

import numpy as np

import expressions as ex
from records import MEMORIES, TILE, Kernel, Program, Tensor, strided_loops

TYPES = ("bfloat16", "float32")


def draw(seed: int, rng: random.Random) -> Program:
    cols, rows = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2)])
    block = (rng.choice([1, 2]), rng.choice([1, 2]))
    blocks = (rng.randint(1, 3), rng.randint(1, 3))
    first, second = rng.choice(TYPES), rng.choice(TYPES)
    if first == second:
        second = rng.choice(TYPES)
    out_dtype = rng.choice(TYPES)
    fp32_dest = rng.choice([None, None, True, False])
    # One compute kernel: its DEST mode follows every DFB it uses.
    any_f32 = "float32" in (first, second, out_dtype)
    kernel1 = Kernel(first, second, fp32_dest if fp32_dest is not None else any_f32)
    kernel2 = Kernel(second, out_dtype, kernel1.fp32_dest)
    functions = rng.random() < 0.5
    stage1 = ex.draw_expression(
        rng, ex.Grammar(leaves=(ex.leaf("x0", 0), ex.leaf("x1", 1)), functions=functions),
        kernel1.registers, (1, 3))

    def intermediate(xs, units):
        # Stage 1 on the first inputs, packed into the intermediate DFB, read back as a leaf.
        units1 = kernel1.units()
        value, error = stage1.evaluate(xs[:2], units1)
        error = kernel1.packed(value, error)
        return value, error + units.leaf * (np.abs(value) + error)

    w = ex.Expr("w", intermediate, 1, stage1.magnitude)
    y = ex.leaf("u", 2)
    stage2 = ex.draw_expression(rng, ex.Grammar(leaves=(w, y), functions=functions), kernel2.registers, (1, 3))
    if not re.search(r"\bw\b", stage2.text):  # the intermediate is used
        stage2 = ex.add(stage2, w)
    name = f"fuzz_{seed}"
    loops = strided_loops(*blocks)
    counts = [rng.randint(1, 3) for _ in range(4)]
    tiles = f"r * {block[0]}:(r + 1) * {block[0]}, c * {block[1]}:(c + 1) * {block[1]}"
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz, mixed): {first} {stage1.text} -> "
        f"{second} {stage2.text} -> {out_dtype}",
        "import ttlang as ttl",
        "",
        "",
        f"@ttl.operation(grid=({cols}, {rows}){kernel1.decorator_argument() if fp32_dest is not None else ''})",
        f"def {name}(a0, a1, b, out):",
        f"    d0 = ttl.make_dataflow_buffer_like(a0, shape={block}, block_count={counts[0]})",
        f"    d1 = ttl.make_dataflow_buffer_like(a1, shape={block}, block_count={counts[1]})",
        f"    e = ttl.make_dataflow_buffer_like(b, shape={block}, block_count={counts[2]})",
        f"    t = ttl.make_dataflow_buffer_like(b, shape={block}, block_count=1)",
        f"    o = ttl.make_dataflow_buffer_like(out, shape={block}, block_count={counts[3]})",
        "",
        "    @ttl.compute()",
        "    def compute():",
        *loops,
        "                with d0.wait() as x0, d1.wait() as x1, t.reserve() as w:",
        f"                    w.store({stage1.text})",
        "                with t.wait() as w, e.wait() as u, o.reserve() as z:",
        f"                    z.store({stage2.text})",
        "",
        "    @ttl.datamovement()",
        "    def read():",
        *loops,
        "                with d0.reserve() as x0, d1.reserve() as x1, e.reserve() as u:",
        f"                    t0 = ttl.copy(a0[{tiles}], x0)",
        f"                    t1 = ttl.copy(a1[{tiles}], x1)",
        f"                    t2 = ttl.copy(b[{tiles}], u)",
        "                    t0.wait()",
        "                    t1.wait()",
        "                    t2.wait()",
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        "                with o.wait() as z:",
        f"                    ttl.copy(z, out[{tiles}]).wait()",
    ]
    shape = (blocks[0] * block[0] * TILE, blocks[1] * block[1] * TILE)
    tensors = (Tensor(shape, first, rng.choice(MEMORIES)), Tensor(shape, first, rng.choice(MEMORIES)),
               Tensor(shape, second, rng.choice(MEMORIES)))

    def model(inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        value, error = stage2.evaluate(inputs, kernel2.units())
        return value, kernel2.packed(value, error)

    output = Tensor(shape, out_dtype, rng.choice(MEMORIES))
    return Program(seed, "mixed", "\n".join(lines) + "\n", name, tensors, output,
                   model, f"{first} {stage1.text} -> {second} {stage2.text} -> {out_dtype}, "
                   f"fp32_dest_acc_en={fp32_dest}")
