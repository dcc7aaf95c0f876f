"""Reductions: each core walks its share of the input blocks (bm x bn tiles) and stores
``ttl.math.reduce_sum`` / ``reduce_max`` of the block (or of an element-wise expression of it,
which the compiler stores into a DFB of its own first) along ``dims`` [1] (rows), [0] (columns)
or [0, 1], with or without a scaler block (a ``ttl.block.fill`` stored into a DFB of the
program's), in every spelling docs/language.md gives (``dims`` 0 / 1 or -2 / -1, the early
``out_blk`` argument, ``shape=``). The result holds the values where the FPU packs them (column
0, row 0, element (0, 0)) and zeros elsewhere, all checked. Or (``centered``) the reduction is
broadcast back with the same dims and subtracted: ``x - broadcast(reduce(x))``.

Bounds (docs/emulator.md "Numeric model", lib/Emu/TileNumerics.cpp): a sum adds each 16-element face
partial, computed in f32, into DEST with one rounding (two per tile along a row or a column; a
full reduction accumulates four face partials per column and pools them again: at most five
per tile), so a sum of ``T`` tiles passes at most ``k = 5 T + 2`` roundings of the DEST unit:
error <= s sum(e_i) + gamma_k s sum(|v_i| + e_i), ``e_i`` the operand's errors, ``s`` the scaler
(a power of two, exact). A maximum selects (error max(e_i) s, plus one truncation into a 16-bit
DEST). The scaler is a power of two because reduce_max scales by the scaler's exponent only
(GMPOOL).
"""

from __future__ import annotations

import random

import numpy as np

import expressions as ex
from records import DTYPES, MEMORIES, TILE, Kernel, Program, Tensor, strided_loops

# A full reduction (dims=[0, 1], the FPU's REDUCE_SCALAR) pools twice, and each pass multiplies by
# the scaler: the result is scaled by s**2 (llk_math_reduce.h; ttnn fills a mean's scaler with
# 1/sqrt(N) there; docs/language.md says so). Found by this fuzzer, once docs and hardware differed.
def _applied_scaler(scaler: float, dims: list[int]) -> float:
    return scaler * scaler if dims == [0, 1] else scaler


def _gamma(n: int, u: float) -> float:
    return n * u / (1 - n * u)


def draw(seed: int, rng: random.Random) -> Program:
    cols, rows = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (3, 1)])
    block = (rng.choice([1, 2]), rng.choice([1, 2, 3]))
    blocks = (rng.randint(1, 3), rng.randint(1, 3))
    dtype = rng.choice(DTYPES)
    kernel = Kernel(dtype, dtype, rng.choice([None, None, True, False]))
    function = rng.choice(["reduce_sum", "reduce_max"])
    dims = rng.choice([[1], [0], [0, 1]])
    spelled_dims = rng.choice([dims, [d - 2 for d in dims]])
    centered = rng.random() < 0.25
    scaled = rng.random() < 0.4 and not centered
    scaler = rng.choice([1.0, 0.5, 0.25, 2.0]) if scaled else 1.0
    computed = rng.random() < 0.35 and not centered
    # The operand: the waited block, or an expression of it (max depth 2).
    grammar = ex.Grammar(leaves=(ex.leaf("v", 0),), functions=rng.random() < 0.5)
    operand = (ex.draw_expression(rng, grammar, kernel.registers, (1, 2)) if computed
               else ex.leaf("v", 0))
    out_block = (1 if 0 in dims else block[0], 1 if 1 in dims else block[1])
    if centered:
        out_block = block
    arguments = [operand.text] + (["s"] if scaled else [])
    if scaled and not centered and rng.random() < 0.3:
        arguments.append("z")  # tt-lang's early spelling: the output block states the shape
    shape_given = rng.random() < 0.3 and not centered and "z" not in arguments  # one or the other
    keyword = f"dims={spelled_dims}" + (", shape=z.shape" if shape_given else "")
    reduction = f"ttl.math.{function}({', '.join(arguments)}, {keyword})"
    if centered:
        stored = (f"v - ttl.block.broadcast({reduction}, dims={spelled_dims}, shape=z.shape)")
    else:
        stored = reduction

    name = f"fuzz_{seed}"
    loops = strided_loops(*blocks)
    counts = [rng.randint(1, 3) for _ in range(2)]
    compute = [*loops,
               "                with x_dfb.wait() as v, o.reserve() as z:",
               f"                    z.store({stored})"]
    if scaled:
        compute = ["        with s_dfb.reserve() as s:",
                   f"            s.store(ttl.block.fill({scaler!r}, shape=(1, 1), dtype=s.dtype))",
                   "        with s_dfb.wait() as s:",
                   *["    " + line for line in compute]]
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz, reduce): {stored}",
        "import ttlang as ttl",
        "",
        "",
        f"@ttl.operation(grid=({cols}, {rows}){kernel.decorator_argument()})",
        f"def {name}(a, out):",
        f"    x_dfb = ttl.make_dataflow_buffer_like(a, shape={block}, block_count={counts[0]})",
        *(["    s_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=1)"] if scaled else []),
        f"    o = ttl.make_dataflow_buffer_like(out, shape={out_block}, block_count={counts[1]})",
        "",
        "    @ttl.compute()",
        "    def compute():",
        *compute,
        "",
        "    @ttl.datamovement()",
        "    def read():",
        *loops,
        "                with x_dfb.reserve() as v:",
        f"                    ttl.copy(a[r * {block[0]}:(r + 1) * {block[0]}, "
        f"c * {block[1]}:(c + 1) * {block[1]}], v).wait()",
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        "                with o.wait() as z:",
        f"                    ttl.copy(z, out[r * {out_block[0]}:(r + 1) * {out_block[0]}, "
        f"c * {out_block[1]}:(c + 1) * {out_block[1]}]).wait()",
    ]
    in_shape = (blocks[0] * block[0] * TILE, blocks[1] * block[1] * TILE)
    out_shape = (blocks[0] * out_block[0] * TILE, blocks[1] * out_block[1] * TILE)
    tiles = (block[0] if 0 in dims else 1) * (block[1] if 1 in dims else 1)

    def model(inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        units = kernel.units()
        x = inputs[0]
        value, error = operand.evaluate([x], units)
        if computed:  # stored into the compiler's DFB (of the input's type), read back
            error = kernel.packed(value, error) if dtype == "bfloat16" else error
            error = error + units.leaf * (np.abs(value) + error)
        reduced, reduced_error = _reduce(function, dims, value, error, blocks, block,
                                         _applied_scaler(scaler, dims), units, tiles)
        if not centered:
            return reduced, kernel.packed(reduced, reduced_error)
        # The reduction goes through a DFB of the input's type, then the FPU's x - broadcast(r).
        reduced_error = kernel.packed(reduced, reduced_error) if dtype == "bfloat16" else reduced_error
        spread, spread_error = (_spread(a, dims, blocks, block) for a in (reduced, reduced_error))
        spread_error = spread_error + units.leaf * (np.abs(spread) + spread_error)
        result = value - spread
        total = error + spread_error + units.dest * (np.abs(value) + np.abs(spread) + error + spread_error)
        return result, kernel.packed(result, total)

    return Program(seed, "reduce", "\n".join(lines) + "\n", name, (Tensor(in_shape, dtype, rng.choice(MEMORIES)),),
                   Tensor(out_shape, dtype, rng.choice(MEMORIES)), model,
                   f"{stored} (scaler {scaler}, {dtype}, fp32_dest_acc_en={kernel.fp32_dest})")


def _reduce(function, dims, value, error, blocks, block, scaler, units, tiles):
    """The packed reduction of every block (values where the FPU packs them, 0 elsewhere) and
    its bound."""
    b0, b1 = blocks
    shaped = lambda a: a.reshape(b0, block[0] * TILE, b1, block[1] * TILE)  # noqa: E731
    axes = tuple(1 if d == 0 else 3 for d in dims)
    v, e = shaped(value), shaped(error)
    if function == "reduce_sum":
        result = scaler * v.sum(axis=axes)
        k = 5 * tiles + 2
        bound = scaler * e.sum(axis=axes) + _gamma(k, units.dest) * scaler * (np.abs(v) + e).sum(axis=axes)
    else:
        result = scaler * v.max(axis=axes)
        bound = scaler * e.max(axis=axes)
        bound = bound + units.dest * (np.abs(result) + bound)
    # Place the results: row sums in column 0, column sums in row 0, a full one at (0, 0).
    out_rows = b0 * (TILE if 0 in dims else block[0] * TILE)
    out_cols = b1 * (TILE if 1 in dims else block[1] * TILE)
    placed, placed_bound = np.zeros((out_rows, out_cols)), np.zeros((out_rows, out_cols))
    if dims == [1]:
        placed[:, 0::TILE] = result.reshape(out_rows, b1)
        placed_bound[:, 0::TILE] = bound.reshape(out_rows, b1)
    elif dims == [0]:
        placed[0::TILE, :] = result.reshape(b0, out_cols)
        placed_bound[0::TILE, :] = bound.reshape(b0, out_cols)
    else:
        placed[0::TILE, 0::TILE] = result
        placed_bound[0::TILE, 0::TILE] = bound
    return placed, placed_bound


def _spread(placed: np.ndarray, dims, blocks, block) -> np.ndarray:
    """``broadcast(placed, dims)`` back to the input's blocks."""
    if dims == [1]:
        return np.repeat(placed[:, 0::TILE], TILE * block[1], axis=1)
    if dims == [0]:
        return np.repeat(placed[0::TILE, :], TILE * block[0], axis=0)
    return np.repeat(np.repeat(placed[0::TILE, 0::TILE], TILE * block[0], axis=0), TILE * block[1], axis=1)
