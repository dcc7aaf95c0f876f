"""Random case generators of the data-movement families for the held-out draw (bench/opmodel_random.py):
concat, slice, repeat, reshape, permute, transpose, pad, to_layout, embedding, concatenate_heads.

Each generator takes a seeded ``random.Random`` and returns one ``Case``: a call a ttnn user would write
(ranks 1 to 4, tile-aligned or not, bf16 / f32 / bfp8_b, tiled or row-major where the op takes both,
DRAM / L1 interleaved, about a quarter height / width / block sharded) with the op's own arguments drawn
at random, and a minority of calls ttnn rejects (mixed data types, front padding of tiles, bad dimensions,
f32 embedding tables, ...). Nothing here looks at what the op model handles.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence

import opmodel_random as R

Case, Operand, Placement = R.Case, R.Operand, R.Placement
TILE = R.TILE
ROW_MAJOR_DTYPES = R.ROW_MAJOR_DTYPES
SHARDED_SHARE = 0.25
# Single-input ops: each side sharded this often (either side about a quarter of the time).
SIDE_SHARE = 0.15
# The share of calls drawn to be ones ttnn rejects (where the family has such a call of its own).
INVALID_SHARE = 0.08


# ---------------------------------------------------------------------------------------------
# Shared helpers.
# ---------------------------------------------------------------------------------------------


def _dtype(rng: random.Random, row_major: bool = False) -> str:
    return rng.choice(ROW_MAJOR_DTYPES if row_major else R.TILED_DTYPES)


def _row_major(rng: random.Random, share: float = 0.2) -> bool:
    return rng.random() < R.lean_row_major(share)


def _sharded(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool = False,
             scheme: str | None = None, exact: bool = True) -> str | None:
    """A sharded L1 placement of ``shape_`` whose shard fits a core's L1, or None."""
    return R.sharded_within(rng, shape_, dtype, row_major, scheme, exact)


def _place(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool = False,
           share: float = SHARDED_SHARE) -> str:
    return R.placed(rng, shape_, dtype, row_major, share, uneven=0.0)


def _short(placement: str) -> str:
    return placement[2:] if placement.startswith("g:") else placement


def _name(family: str, inputs: Sequence[Operand], output: Operand, what: str = "") -> str:
    """``<family> <inputs> -> <output placement> <what>``; the output's data type when it differs."""
    out = _short(output.placement) + (f" {output.dtype}" if output.dtype != inputs[0].dtype else "")
    text = f"{family} {', '.join(R.describe(o) for o in inputs)} -> {out}"
    return f"{text} {what}" if what else text


def _elements_ok(shape_: Sequence[int], limit: int = 1 << 21) -> bool:
    return math.prod(shape_) <= limit


def _divisors(n: int) -> list[int]:
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted(set(small + [n // d for d in small]))


def _factor(rng: random.Random, n: int, parts: int) -> list[int]:
    """``parts`` positive integers whose product is ``n`` (divisors drawn front to back)."""
    result: list[int] = []
    for _ in range(parts - 1):
        d = rng.choice(_divisors(n))
        result.append(d)
        n //= d
    return result + [n]


# ---------------------------------------------------------------------------------------------
# concat
# ---------------------------------------------------------------------------------------------


def _joined_shards(placement: str, shard_axis: int, count: int) -> str | None:
    """The placement of ``count`` equal shards joined along rows (0) or columns (1) on each core."""
    p = Placement.parse(placement)
    if p.scheme == "interleaved":
        return None
    shard = (p.shard[0] * count, p.shard[1]) if shard_axis == 0 else (p.shard[0], p.shard[1] * count)
    return Placement(p.buffer, p.scheme, p.grid, shard, p.row_major).text()


def _concat_placements(rng: random.Random, shapes: list[tuple[int, ...]], out: tuple[int, ...], axis: int,
                       dtype: str, row_major: bool) -> tuple[list[str], str]:
    """Interleaved inputs each in DRAM or L1, or (a quarter) equal inputs in one sharded placement; the
    output interleaved, the joined shards or another sharding."""
    if len(set(shapes)) == 1 and rng.random() < SHARDED_SHARE:
        shared = _sharded(rng, shapes[0], dtype, row_major)
        if shared is not None:
            rank = len(out)
            joined = None
            if axis == rank - 1:
                joined = _joined_shards(shared, 1, len(shapes))
            elif axis == rank - 2 and math.prod(out[:-2]) == 1:
                joined = _joined_shards(shared, 0, len(shapes))
            pick = rng.random()
            if joined is not None and pick < 0.35:
                return [shared] * len(shapes), joined
            if pick < 0.5:
                return [shared] * len(shapes), _place(rng, out, dtype, row_major, share=1.0)
            return [shared] * len(shapes), R.interleaved(rng, row_major)
    return [R.interleaved(rng, row_major) for _ in shapes], _place(rng, out, dtype, row_major, share=SIDE_SHARE)


def concat(rng: random.Random) -> Case:
    """2 to 4 tensors of one rank joined along any dimension (negative ones too); sometimes one input
    in another data type (ttnn rejects it)."""
    rank = rng.choice((1, 2, 2, 3, 3, 4))
    count = rng.choice((2, 2, 2, 3, 4))
    row_major = _row_major(rng)
    dtype = _dtype(rng, row_major)
    base = R.shape(rng, rank, max_elements=(1 << 20) // count)
    dim = rng.randrange(-rank, rank)
    axis = dim % rank
    equal = rng.random() < 0.5
    shapes: list[tuple[int, ...]] = []
    for _ in range(count):
        size = base[axis] if equal else R.dim(rng, 1, max(TILE, base[axis]), 0.6)
        shapes.append(tuple(size if d == axis else s for d, s in enumerate(base)))
    out = tuple(sum(s[axis] for s in shapes) if d == axis else base[d] for d in range(rank))
    dtypes = [dtype] * count
    if rng.random() < INVALID_SHARE:  # one input in another data type
        dtypes[rng.randrange(1, count)] = next(d for d in ("f32", "bf16") if d != dtype)
    srcs, dst = _concat_placements(rng, shapes, out, axis, dtype, row_major)
    inputs = tuple(Operand(s, p, t) for s, p, t in zip(shapes, srcs, dtypes))
    output = Operand(out, dst, dtype)
    names = ", ".join(f"%a{i}" for i in range(count))
    return Case(_name("concat", inputs, output, f"dim {dim}"), "concat", inputs, output,
                f"ttnn.concat {names} {{dim = {dim} : si32}}",
                lambda t, dev, mc, a: t.concat(list(a), dim, memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# slice
# ---------------------------------------------------------------------------------------------


def _window(rng: random.Random, size: int) -> tuple[int, int]:
    """A [begin, end) window of a dimension: the whole of it, tile-aligned bounds or any bounds."""
    kind = rng.random()
    if kind < 0.3 or size == 1:
        return 0, size
    if kind < 0.6 and size > TILE:
        begin = TILE * rng.randint(0, (size - 1) // TILE)
        return begin, min(size, begin + TILE * rng.randint(1, R.tiles(size - begin)))
    begin = rng.randint(0, size - 1)
    return begin, rng.randint(begin + 1, size)


def slice_(rng: random.Random) -> Case:
    """A window of any rank-1..4 tensor, unit steps mostly, steps of 2 to 4 on some dimensions a
    fifth of the time; sometimes an end past the dimension (ttnn runs it inside a tiled tensor's
    padding on its tile program, and rejects it otherwise)."""
    row_major = _row_major(rng)
    dtype = _dtype(rng, row_major)
    in_shape = R.shape(rng)
    windows = [_window(rng, size) for size in in_shape]
    steps = [1] * len(in_shape)
    if rng.random() < 0.2:
        for d in rng.sample(range(len(in_shape)), rng.randint(1, len(in_shape))):
            steps[d] = rng.randint(2, 4)
    begins, ends = [b for b, _ in windows], [e for _, e in windows]
    if rng.random() < INVALID_SHARE:  # an end past the dimension (rejected unless in the tile padding)
        d = rng.randrange(len(in_shape))
        ends[d] = in_shape[d] + rng.randint(1, TILE)
    # ttnn's result is end - begin long, also for an end inside a tiled tensor's padding.
    out = tuple(-(-(e - b) // s) for b, e, s in zip(begins, ends, steps))
    src = _place(rng, in_shape, dtype, row_major, share=SIDE_SHARE)
    dst = _place(rng, out, dtype, row_major, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(out, dst, dtype)
    window = ", ".join(f"{b}:{e}" + (f":{s}" if s != 1 else "") for b, e, s in zip(begins, ends, steps))
    return Case(_name("slice", inputs, output, f"[{window}]"), "slice", inputs, output,
                f"ttnn.slice %a0 {{begins = {R.array(begins)}, ends = {R.array(ends)}, step = {R.array(steps)}}}",
                lambda t, dev, mc, a: t.slice(a[0], begins, ends, steps, memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# repeat
# ---------------------------------------------------------------------------------------------


def repeat(rng: random.Random) -> Case:
    """Repeats of 2 to 4 along one or two dimensions (now and then none: a copy), results up to 2M
    elements."""
    row_major = _row_major(rng)
    dtype = _dtype(rng, row_major)
    while True:
        in_shape = R.shape(rng, max_elements=1 << 18)
        repeats = [1] * len(in_shape)
        if rng.random() > 0.1:
            for d in rng.sample(range(len(in_shape)), rng.randint(1, min(2, len(in_shape)))):
                repeats[d] = rng.randint(2, 4)
        out = tuple(s * r for s, r in zip(in_shape, repeats))
        if _elements_ok(out):
            break
    src = _place(rng, in_shape, dtype, row_major, share=SIDE_SHARE)
    dst = _place(rng, out, dtype, row_major, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(out, dst, dtype)
    return Case(_name("repeat", inputs, output, f"x({', '.join(map(str, repeats))})"), "repeat", inputs, output,
                f"ttnn.repeat %a0 {{repeats = {R.array(repeats)}}}",
                lambda t, dev, mc, a: t.repeat(a[0], repeats, memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# reshape
# ---------------------------------------------------------------------------------------------


def _new_shape(rng: random.Random, shape_: tuple[int, ...]) -> tuple[int, ...]:
    """Another shape of the same elements: the last dimension kept with the outer ones regrouped, two
    neighbours merged or one split, a free factorization, or the same shape (a placement change)."""
    kind = rng.random()
    rank = len(shape_)
    if kind < 0.1:
        return shape_
    if kind < 0.4:
        return (*_factor(rng, math.prod(shape_[:-1]), rng.randint(1, 3)), shape_[-1])
    if kind < 0.65 and rank >= 2:
        d = rng.randrange(rank - 1)
        return (*shape_[:d], shape_[d] * shape_[d + 1], *shape_[d + 2:])
    if kind < 0.8 and rank < 4:
        d = rng.randrange(rank)
        return (*shape_[:d], *_factor(rng, shape_[d], 2), *shape_[d + 1:])
    return tuple(_factor(rng, math.prod(shape_), rng.randint(1, 4)))


def reshape(rng: random.Random) -> Case:
    """Views, merges, splits and free reshapes of rank 1..4 tensors, into the input's placement or
    another; sometimes a shape of another element count (rejected)."""
    row_major = _row_major(rng, 0.25)
    dtype = _dtype(rng, row_major)
    in_shape = R.shape(rng)
    new = _new_shape(rng, in_shape)
    if rng.random() < INVALID_SHARE:  # an element count that is not the input's
        last = new[-1] + rng.choice((-1, 1, TILE)) if new[-1] > 1 else 2
        new = (*new[:-1], last)
    src = _place(rng, in_shape, dtype, row_major, share=SIDE_SHARE)
    # The input's placement kept (a view when ttnn can) if it still describes the result.
    same_2d = R.collapsed(new, row_major) == R.collapsed(in_shape, row_major)
    fits = same_2d or Placement.parse(src).scheme == "interleaved"
    dst = src if fits and rng.random() < 0.4 else _place(rng, new, dtype, row_major, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(new, dst, dtype)
    shape_list = list(new)
    return Case(_name("reshape", inputs, output, f"to {R.dims(new)}"), "reshape", inputs, output,
                f"ttnn.reshape %a0 {{shape = {R.array(new)}}}",
                lambda t, dev, mc, a: t.reshape(a[0], shape_list, memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# permute and transpose
# ---------------------------------------------------------------------------------------------


def permute(rng: random.Random) -> Case:
    """Any permutation (the identity now and then) of a rank 1..4 tensor; sometimes one that names a
    dimension past the rank (rejected)."""
    row_major = _row_major(rng, 0.15)
    dtype = _dtype(rng, row_major)
    in_shape = R.shape(rng, rng.choice((1, 2, 2, 3, 3, 4, 4, 4)))
    rank = len(in_shape)
    perm = list(range(rank)) if rng.random() < 0.05 else rng.sample(range(rank), rank)
    out = tuple(in_shape[d] for d in perm)
    if rng.random() < INVALID_SHARE:  # a dimension past the rank (ttnn 0.81.1 runs one named twice)
        perm[rng.randrange(rank)] = rank
    src = _place(rng, in_shape, dtype, row_major, share=SIDE_SHARE)
    dst = _place(rng, out, dtype, row_major, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(out, dst, dtype)
    dims_ = tuple(perm)
    return Case(_name("permute", inputs, output, str(dims_)), "permute", inputs, output,
                f"ttnn.permute %a0 {{permutation = {R.array(perm)}}}",
                lambda t, dev, mc, a: t.permute(a[0], dims_, memory_config=mc[dst]))


def transpose(rng: random.Random) -> Case:
    """A swap of two dimensions (either may be negative; the same one twice now and then) of a rank
    2..4 tensor; sometimes a dimension out of range (rejected)."""
    row_major = _row_major(rng, 0.15)
    dtype = _dtype(rng, row_major)
    in_shape = R.shape(rng, rng.choice((2, 2, 3, 3, 4, 4)))
    rank = len(in_shape)
    if rng.random() < 0.6:  # the last two, as most calls do
        dim0, dim1 = rng.choice(((-2, -1), (rank - 2, rank - 1), (-1, -2)))
    else:
        dim0, dim1 = rng.randrange(-rank, rank), rng.randrange(-rank, rank)
    out = list(in_shape)
    if rng.random() < INVALID_SHARE:
        dim1 = rank + rng.randint(0, 1)
    else:
        out[dim0 % rank], out[dim1 % rank] = out[dim1 % rank], out[dim0 % rank]
    src = _place(rng, in_shape, dtype, row_major, share=SIDE_SHARE)
    dst = _place(rng, out, dtype, row_major, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(tuple(out), dst, dtype)
    return Case(_name("transpose", inputs, output, f"dims {dim0}, {dim1}"), "transpose", inputs, output,
                f"ttnn.transpose %a0 {{dim0 = {dim0} : si32, dim1 = {dim1} : si32}}",
                lambda t, dev, mc, a: t.transpose(a[0], dim0, dim1, memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# pad
# ---------------------------------------------------------------------------------------------


def _padding(rng: random.Random, rank: int, row_major: bool) -> list[tuple[int, int]]:
    """Back padding of one or two dimensions (the last two most often; tile multiples or any amount);
    front padding too on row-major tensors a third of the time, on tiled ones rarely (rejected)."""
    pads = [[0, 0] for _ in range(rank)]
    if rng.random() < 0.04:
        return [(f, b) for f, b in pads]  # nothing to pad
    candidates = list(range(rank)) + [rank - 1] * 2 + ([rank - 2] * 2 if rank >= 2 else [])
    for d in set(rng.sample(candidates, min(len(candidates), rng.randint(1, 2)))):
        pads[d][1] = TILE * rng.randint(1, 4) if rng.random() < 0.5 else rng.randint(1, 40)
    if rng.random() < (0.3 if row_major else INVALID_SHARE):
        pads[rng.randrange(rank)][0] = rng.randint(1, 33)
    return [(f, b) for f, b in pads]


def pad(rng: random.Random) -> Case:
    """Constant padding of a rank 1..4 tensor, zero or another value."""
    row_major = _row_major(rng)
    dtype = _dtype(rng, row_major)
    in_shape = R.shape(rng, max_elements=1 << 20)
    padding = _padding(rng, len(in_shape), row_major)
    value = rng.choice((0.0, 0.0, 1.0, -2.5))
    out = tuple(s + f + b for s, (f, b) in zip(in_shape, padding))
    src = _place(rng, in_shape, dtype, row_major, share=SIDE_SHARE)
    dst = _place(rng, out, dtype, row_major, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(out, dst, dtype)
    flat = [p for pair in padding for p in pair]
    attrs = f"padding = {R.array(flat)}" + (f", value = {value} : f64" if value else "")
    grown = ", ".join(f"{f}+{b}" if f else f"+{b}" for f, b in padding)
    return Case(_name("pad", inputs, output, f"({grown})" + (f" value {value}" if value else "")), "pad",
                inputs, output, f"ttnn.pad %a0 {{{attrs}}}",
                lambda t, dev, mc, a: t.pad(a[0], padding, value, memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# to_layout
# ---------------------------------------------------------------------------------------------


def _layout_place(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool) -> str:
    """``_place`` for a to_layout side: row-major height or block shards usually of whole 32-row
    blocks (as a tilize or untilize keeps them), else of any height."""
    if row_major and rng.random() < SIDE_SHARE:
        rows = R.collapsed(shape_, row_major=True)
        if rows[0] >= TILE and rng.random() < 0.6:  # 32-row shards of the rows (width shards hold every row)
            found = _sharded(rng, rows, dtype, scheme=rng.choice(("hs", "bs")))
        else:
            found = _sharded(rng, shape_, dtype, row_major=True)
        if found is not None:
            return dataclasses.replace(Placement.parse(found), row_major=True).text()
    return _place(rng, shape_, dtype, row_major, share=0.0 if row_major else SIDE_SHARE)


def to_layout(rng: random.Random) -> Case:
    """Tilize (row-major to tile) or untilize (tile to row-major; bfp8_b comes out bf16), interleaved
    or sharded on either side (now and then uneven shards); rarely the same page layout in place."""
    tilize = rng.random() < 0.5
    dtype = _dtype(rng, row_major=tilize)
    in_shape = R.shape(rng)
    out_dtype = "bf16" if dtype == "bfp8_b" else dtype
    src = _layout_place(rng, in_shape, dtype, row_major=tilize)
    if rng.random() < 0.04:  # the same page layout and placement: the identity
        inputs = (Operand(in_shape, src, dtype),)
        output = Operand(in_shape, src, dtype)
        layout = "TILE_LAYOUT" if not tilize else "ROW_MAJOR_LAYOUT"
        what = "(same layout)"
    else:
        dst = _layout_place(rng, in_shape, out_dtype, row_major=not tilize)
        if rng.random() < INVALID_SHARE:  # uneven shards, empty cores allowed
            dst = _sharded(rng, in_shape, out_dtype, not tilize, exact=False) or dst
        inputs = (Operand(in_shape, src, dtype),)
        output = Operand(in_shape, dst, out_dtype)
        layout = "TILE_LAYOUT" if tilize else "ROW_MAJOR_LAYOUT"
        what = "tilize" if tilize else "untilize"
    placed = output.placement
    return Case(_name("to_layout", inputs, output, what), "to_layout", inputs, output, "ttnn.to_layout %a0",
                lambda t, dev, mc, a: t.to_layout(a[0], getattr(t, layout), memory_config=mc[placed]))


# ---------------------------------------------------------------------------------------------
# embedding
# ---------------------------------------------------------------------------------------------


def _weight(rng: random.Random, hidden: int) -> Operand:
    """The table: row-major bf16 in DRAM (or L1 when small) mostly; f32 (rejected) or tiled now and then."""
    rows = rng.choice((rng.randint(2, 1024), rng.randint(1000, 50000)))
    rows = max(2, min(rows, (1 << 22) // hidden))
    kind = rng.random()
    dtype, row_major = ("f32", True) if kind < INVALID_SHARE else ("bf16", kind > 0.15)
    where = "l1" if rows * hidden <= (1 << 18) and rng.random() < 0.3 else "dram"
    return Operand((rows, hidden), Placement(where, row_major=row_major).text(), dtype)


def embedding(rng: random.Random) -> Case:
    """Row-major u32 indices [batch, seq] into a [rows, hidden] table, a tiled or row-major result,
    interleaved or (a quarter) sharded."""
    batch = rng.choice((1, 1, 1, 2, 4, 8))
    seq = R.dim(rng, 1, 2048 // batch if batch > 1 else 4096, 0.6)
    hidden = R.dim(rng, 8, 4096, 0.7)
    weight = _weight(rng, hidden)
    tiled = rng.random() < 0.55
    out_shape = (batch, seq, hidden)
    dst = _place(rng, out_shape, "bf16", row_major=not tiled)
    indices = Operand((batch, seq), R.interleaved(rng, row_major=True), "u32")
    inputs, output = (indices, weight), Operand(out_shape, dst, weight.dtype)
    layout = "TILE_LAYOUT" if tiled else "ROW_MAJOR_LAYOUT"
    name = f"embedding {R.dims(indices.shape)} {_short(indices.placement)}, weight {R.describe(weight)} -> " \
           f"{'tile' if tiled else 'row_major'} {_short(dst).removesuffix(':rm')}"
    return Case(name, "embedding", inputs, output, "ttnn.embedding %a0, %a1",
                lambda t, dev, mc, a: t.embedding(a[0], a[1], layout=getattr(t, layout), memory_config=mc[dst]))


# ---------------------------------------------------------------------------------------------
# concatenate_heads
# ---------------------------------------------------------------------------------------------


def concatenate_heads(rng: random.Random) -> Case:
    """[batch, heads, seq, head_dim] -> [batch, seq, heads x head_dim]; a head_dim that is not a tile
    multiple now and then (rejected)."""
    dtype = _dtype(rng)
    while True:
        batch = rng.choice((1, 1, 1, 2, 4, 8))
        heads = rng.choice((1, 2, 3, 4, 6, 8, 12, 16, 32))
        seq = R.dim(rng, 1, 2048, 0.7)
        head_dim = rng.choice((32, 64, 64, 96, 128, 128, 256))
        if rng.random() < INVALID_SHARE:
            head_dim = rng.choice((40, 80, 100))
        in_shape = (batch, heads, seq, head_dim)
        if _elements_ok(in_shape):
            break
    out_shape = (batch, seq, heads * head_dim)
    src = _place(rng, in_shape, dtype, share=SIDE_SHARE)
    dst = _place(rng, out_shape, dtype, share=SIDE_SHARE)
    inputs, output = (Operand(in_shape, src, dtype),), Operand(out_shape, dst, dtype)
    return Case(_name("concatenate_heads", inputs, output), "concatenate_heads", inputs, output,
                "ttnn.concatenate_heads %a0",
                lambda t, dev, mc, a: t.transformer.concatenate_heads(a[0], memory_config=mc[dst]))


GENERATORS: dict[str, R.Generator] = {
    "concat": concat,
    "slice": slice_,
    "repeat": repeat,
    "reshape": reshape,
    "permute": permute,
    "transpose": transpose,
    "pad": pad,
    "to_layout": to_layout,
    "embedding": embedding,
    "concatenate_heads": concatenate_heads,
}
