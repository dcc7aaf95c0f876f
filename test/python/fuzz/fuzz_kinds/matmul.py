"""Blocked matmuls: out = a @ b (or a @ b.T with ``transpose_rhs=True``) in (bm x bk) @ (bk x bn)
-tile blocks, each core a strided share of the output blocks, the K blocks summed as tt-lang's
tutorials do: a running sum in a block value (``acc = fill(0)``, ``acc += a @ b``, either
release's spelling), ``+=`` on the reserved block, or, with one K block, a plain store (into an
output of either element type: the packer converts) or a fused ``relu(a @ b + bias)``; or
tt-lang 1.1's accumulator DFB (``t.store(prev + a @ b)``, the partial sum through a DFB).

Bound: a matmul tile computes each 32-term dot product in f32 and adds it to DEST with one
rounding; the K sum adds at most one more rounding per K tile (the packer's L1 accumulation),
so the sum over ``K`` tiles passes at most ``2 K`` roundings of the unit ``u`` (the coarser of
DEST and the output DFB), plus the f32 dot products (32 terms, ``32 * 2^-24`` relative, under
one unit). Error <= (2 u_leaf + gamma_{2K+1}) (|a| @ |b|), u_leaf being each operand's read
(TF32 for f32). The fused form adds ``bias`` (one rounding) and ``relu`` (exact).
"""

from __future__ import annotations

import random

import numpy as np

import expressions as ex
from records import DTYPES, MEMORIES, TILE, Kernel, Program, Tensor, strided_loops


def _gamma(n: int, u: float) -> float:
    return n * u / (1 - n * u)


def draw(seed: int, rng: random.Random) -> Program:
    cols, rows = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2)])
    bm, bk, bn = rng.choice([1, 2]), rng.choice([1, 2]), rng.choice([1, 2])
    mb, kb, nb = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
    dtype = rng.choice(DTYPES)
    forms = ["block_fill", "math_fill", "reserved"] + (["store", "fused"] if kb == 1 else ["accumulator"])
    form = rng.choice(forms)
    out_dtype = dtype
    if form == "store" and rng.random() < 0.5:
        out_dtype = "float32" if dtype == "bfloat16" else "bfloat16"
    transposed = rng.random() < 0.3
    kernel = Kernel(dtype, out_dtype, None)
    memory = [rng.choice(MEMORIES) for _ in range(4)]
    counts = [rng.randint(1, 3) for _ in range(4)]
    k_tiles = kb * bk
    name = f"fuzz_{seed}"
    loops = strided_loops(mb, nb)
    product = "ttl.math.matmul(p, q, transpose_rhs=True)" if transposed else "p @ q"
    a_tiles = f"r * {bm}:(r + 1) * {bm}, k * {bk}:(k + 1) * {bk}"
    if transposed:  # b is N x K: its blocks are bn x bk tiles
        b_tiles, b_block = f"c * {bn}:(c + 1) * {bn}, k * {bk}:(k + 1) * {bk}", (bn, bk)
    else:
        b_tiles, b_block = f"k * {bk}:(k + 1) * {bk}, c * {bn}:(c + 1) * {bn}", (bk, bn)
    out_tiles = f"r * {bm}:(r + 1) * {bm}, c * {bn}:(c + 1) * {bn}"
    waits = "a_dfb.wait() as p, b_dfb.wait() as q" + (", c_dfb.wait() as v" if form == "fused" else "")
    if form == "reserved":
        body = ["                with o.reserve() as z:",
                f"                    for _ in range({kb}):",
                f"                        with {waits}:",
                f"                            z += {product}"]
    elif form == "accumulator":
        # tt-lang 1.1's accumulator DFB: the first K block stored, each later one `prev + p @ q`.
        # A waited and a reserved block of it are held at once: it needs two blocks (with one,
        # the reserve waits for the pop after it: a deadlock, rejected at compile time).
        step = f"with {waits}, s_dfb.wait() as prev"
        body = [f"                with {waits}, s_dfb.reserve() as t:",
                f"                    t.store({product})",
                *([f"                for _ in range({kb - 2}):",
                   f"                    {step}, s_dfb.reserve() as t:",
                   f"                        t.store(prev + {product})"] if kb > 2 else []),
                f"                {step}, o.reserve() as z:",
                f"                    z.store(prev + {product})"]
    elif form in ("store", "fused"):
        stored = product if form == "store" else f"ttl.math.relu({product} + v)"
        if form == "store" and not transposed and rng.random() < 0.5:
            stored = "ttl.math.matmul(p, q, z)"  # 1.1.6's output hint
        body = [f"                with {waits}, o.reserve() as z:",
                f"                    z.store({stored})"]
    else:
        # ttl.block.fill is bf16 unless dtype= says otherwise (docs/language.md).
        start = ("ttl.block.fill(0, shape=z.shape, dtype=z.dtype)" if form == "block_fill"
                 else "ttl.math.fill(z, 0)")
        body = ["                with o.reserve() as z:",
                f"                    acc = {start}",
                f"                    for _ in range({kb}):",
                f"                        with {waits}:",
                f"                            acc += {product}",
                "                    z.store(acc)"]
    bias = form == "fused"
    reads = ["a_dfb.reserve() as p", "b_dfb.reserve() as q"] + (["c_dfb.reserve() as v"] if bias else [])
    lines = [
        f"# Random TT-Lang program {seed} (test/python/fuzz, matmul): {form}, transpose_rhs={transposed}",
        "import ttlang as ttl",
        "",
        "",
        f"@ttl.operation(grid=({cols}, {rows}))",
        f"def {name}(a, b, {'bias, ' if bias else ''}out):",
        f"    a_dfb = ttl.make_dataflow_buffer_like(a, shape=({bm}, {bk}), block_count={counts[0]})",
        f"    b_dfb = ttl.make_dataflow_buffer_like(b, shape={b_block}, block_count={counts[1]})",
        *([f"    c_dfb = ttl.make_dataflow_buffer_like(bias, shape=({bm}, {bn}), block_count={counts[3]})"]
          if bias else []),
        f"    o = ttl.make_dataflow_buffer_like(out, shape=({bm}, {bn}), block_count={counts[2]})",
        *([f"    s_dfb = ttl.make_dataflow_buffer_like(out, shape=({bm}, {bn}), block_count={rng.randint(2, 3)})"]
          if form == "accumulator" else []),
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
        f"                    with {', '.join(reads)}:",
        f"                        ta = ttl.copy(a[{a_tiles}], p)",
        f"                        tb = ttl.copy(b[{b_tiles}], q)",
        *([f"                        tc = ttl.copy(bias[{out_tiles}], v)", "                        tc.wait()"]
          if bias else []),
        "                        ta.wait()",
        "                        tb.wait()",
        "",
        "    @ttl.datamovement()",
        "    def write():",
        *loops,
        "                with o.wait() as z:",
        f"                    ttl.copy(z, out[{out_tiles}]).wait()",
    ]
    m, k, n = mb * bm * TILE, kb * bk * TILE, nb * bn * TILE
    shapes = [(m, k), (n, k) if transposed else (k, n)] + ([(m, n)] if bias else [])
    tensors = tuple(Tensor(s, dtype, memory[i]) for i, s in enumerate(shapes))

    def model(inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        a, b = inputs[0], inputs[1].T if transposed else inputs[1]
        units = kernel.units()
        u = max(units.dest, ex.UNIT[out_dtype]) if form not in ("store", "fused") else units.dest
        value = a @ b
        # The accumulator DFB adds a pack and a read per K block.
        roundings = 2 * k_tiles + 1 + (2 * kb if form == "accumulator" else 0)
        error = (2 * units.leaf + _gamma(roundings, u)) * (np.abs(a) @ np.abs(b))
        if bias:
            c = inputs[2]
            error = error + units.leaf * np.abs(c)
            error = error + units.dest * (np.abs(value) + np.abs(c) + error)
            value = np.maximum(value + c, 0)
        return value, kernel.packed(value, error)

    return Program(seed, "matmul", "\n".join(lines) + "\n", name, tensors, Tensor((m, n), out_dtype, memory[2]),
                   model, f"matmul {form}, transpose_rhs={transposed}, {dtype} -> {out_dtype}")
