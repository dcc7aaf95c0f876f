"""Random case generators of the compute families for the held-out draw (bench/opmodel_random.py):
unary eltwise, binary eltwise, where, typecast, to_memory_config, creation, activation, pow, activation
backward, softmax, normalization, reduction, argmax.

Each generator takes a seeded ``random.Random`` and returns one ``Case``: a call a ttnn user would write
(ranks 1 to 4, tile-aligned or not, bf16 / f32 / bfp8_b, tiled or row-major where the op takes both,
DRAM / L1 interleaved, about a quarter height / width / block sharded, broadcast operands, mixed data
types now and then) with the op's own arguments drawn at random (dimensions, keepdim, exponents, fill
values, epsilons, ...), and a minority of calls ttnn rejects (incompatible shapes, dimensions out of range,
shards that cannot hold the tensor, data types an op refuses). Nothing here looks at what the op model
handles. Only the ``rng`` passed in is used: a seed always gives the same cases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import opmodel_random as R

Case, Operand, Placement = R.Case, R.Operand, R.Placement
TILE = R.TILE
ROW_MAJOR_DTYPES = R.ROW_MAJOR_DTYPES
SHARDED_SHARE = 0.25
ROW_MAJOR_SHARE = 0.1
# The share of calls drawn to be ones ttnn rejects.
INVALID_SHARE = 0.1
# The share of calls whose operands are in different data types (binary, where, backward).
MIXED_SHARE = 0.1


# ---------------------------------------------------------------------------------------------
# Shared helpers: data types, placements, shapes, names.
# ---------------------------------------------------------------------------------------------


def _dtype(rng: random.Random, row_major: bool = False) -> str:
    return rng.choice(ROW_MAJOR_DTYPES if row_major else R.TILED_DTYPES)


def _ttnn_dtype(t: Any, dtype: str) -> Any:
    return {"bf16": t.bfloat16, "f32": t.float32, "bfp8_b": t.bfloat8_b, "u32": t.uint32}[dtype]


def _is_sharded(placement: str) -> bool:
    return Placement.parse(placement).scheme != "interleaved"


def _sharded(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool = False,
             scheme: str | None = None) -> str | None:
    """A sharded L1 placement of ``shape_`` whose shard fits a core's L1, or None."""
    return R.sharded_within(rng, shape_, dtype, row_major, scheme, exact=rng.random() < 0.85)


def _place(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool = False,
           share: float = SHARDED_SHARE) -> str:
    return R.placed(rng, shape_, dtype, row_major, share, uneven=0.15)


def _out_place(rng: random.Random, shape_: Sequence[int], dtype: str, like: str, row_major: bool = False,
               share: float = SHARDED_SHARE) -> str:
    """A result's placement: often the input's own sharding (``like``, of the same shape), else drawn."""
    if _is_sharded(like) and rng.random() < 0.5:
        return like
    return _place(rng, shape_, dtype, row_major, share)


def _too_small(rng: random.Random, shape_: Sequence[int], row_major: bool = False) -> str | None:
    """A sharded placement whose shards cannot hold ``shape_`` (ttnn: TT_FATAL), or None for a
    tensor one shard unit tall and wide."""
    height, width = R.collapsed(shape_, row_major)
    unit = 1 if row_major else TILE
    rows, cols = -(-height // unit), -(-width // unit)
    if rows > 1:
        shard = (unit, cols * unit if not row_major else width)
        return Placement("l1", "height_sharded", _fewer_cores(rng, rows), shard, row_major).text()
    if cols > 1:
        shard = (rows * unit if not row_major else height, unit)
        return Placement("l1", "width_sharded", _fewer_cores(rng, cols), shard, row_major).text()
    return None


def _fewer_cores(rng: random.Random, units: int) -> tuple[int, int]:
    """A grid (rows x columns, within 8 x 8) of fewer than ``units`` cores (``units`` > 1)."""
    return rng.choice([(r, c) for r in range(1, 9) for c in range(1, 9) if r * c < units])


def _short(placement: str) -> str:
    return placement[2:] if placement.startswith("g:") else placement


def _name(op: str, inputs: Sequence[Operand], output: Operand, what: str = "") -> str:
    """``<op> <inputs> -> <output placement>``, the output's data type when it differs, then ``what``."""
    out = _short(output.placement) + (f" {output.dtype}" if not inputs or output.dtype != inputs[0].dtype else "")
    text = f"{op} {', '.join(R.describe(o) for o in inputs)} -> {out}" if inputs else f"{op} {R.describe(output)}"
    return f"{text} {what}" if what else text


def _broadcast(shapes: Sequence[Sequence[int]]) -> tuple[int, ...] | None:
    """numpy's broadcast of ``shapes``, or None when they are incompatible."""
    rank = max(len(s) for s in shapes)
    result = []
    for i in range(rank):
        sizes = {s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0} - {1}
        if len(sizes) > 1:
            return None
        result.append(sizes.pop() if sizes else 1)
    return tuple(result)


def _broadcast_operand(rng: random.Random, full: Sequence[int]) -> tuple[tuple[int, ...], str]:
    """An operand shape that broadcasts to ``full``: a row (1 x W), a column (H x 1), a scalar, a batch
    broadcast or a lower rank, and what it is."""
    rank = len(full)
    kinds = ["row", "column", "scalar"] if rank >= 2 else ["scalar"]
    if rank >= 3:
        kinds.append("batch")
    if rank >= 2:
        kinds.append("lower rank")
    kind = rng.choice(kinds)
    shape_ = list(full)
    if kind == "row":
        shape_[-2] = 1
    elif kind == "column":
        shape_[-1] = 1
    elif kind == "scalar":
        shape_[-1] = 1
        if rank >= 2:
            shape_[-2] = 1
    elif kind == "batch":
        shape_[rng.randrange(rank - 2)] = 1
    else:
        shape_ = shape_[rng.randint(1, rank - 1):]
    return tuple(shape_), kind


def _incompatible(rng: random.Random, full: Sequence[int]) -> tuple[int, ...] | None:
    """A shape that does not broadcast with ``full``: a dimension above 1 changed to another size above
    1 (None when every dimension is 1)."""
    axes = [i for i, size in enumerate(full) if size > 1]
    if not axes:
        return None
    shape_ = list(full)
    axis = rng.choice(axes)
    shape_[axis] += rng.choice((1, 7, 32))
    return tuple(shape_)


def _tensor_shape(rng: random.Random, rank: int | None = None) -> tuple[int, ...]:
    """A shape of rank 1 to 4; mostly below 2M elements, sometimes small."""
    if rng.random() < 0.3:
        return R.shape(rng, rank, max_elements=1 << 16, inner_max=256)
    return R.shape(rng, rank)


# ---------------------------------------------------------------------------------------------
# One-input elementwise ops: unary eltwise, activation, pow_scalar.
# ---------------------------------------------------------------------------------------------


def _one_input(rng: random.Random, family: str, op: str, ir: str, call: Callable[[Any, Any, Any], Any],
               what: str = "") -> Case:
    """``op`` of one random tensor into a random placement (same shape and data type); with
    INVALID_SHARE a result placement whose shards cannot hold it. ``call(t, x, memory_config)``."""
    row_major = rng.random() < R.lean_row_major(ROW_MAJOR_SHARE)
    shape_ = _tensor_shape(rng)
    dtype = _dtype(rng, row_major)
    src = _place(rng, shape_, dtype, row_major)
    dst = _out_place(rng, shape_, dtype, src, row_major)
    if rng.random() < INVALID_SHARE:
        dst = _too_small(rng, shape_, row_major) or dst
    inp, out = Operand(shape_, src, dtype), Operand(shape_, dst, dtype)
    return Case(_name(op, (inp,), out, what), family, (inp,), out, ir,
                lambda t, dev, mc, a: call(t, a[0], mc[dst]))


UNARY_OPS = ("relu", "sqrt", "exp", "tanh", "neg", "abs", "rsqrt", "cbrt")
ACTIVATIONS = ("gelu", "silu", "sigmoid")


def unary_eltwise(rng: random.Random) -> Case:
    op = rng.choice(UNARY_OPS)
    return _one_input(rng, "unary eltwise", op, f"ttnn.{op} %a0",
                      lambda t, x, mc: getattr(t, op)(x, memory_config=mc))


def activation(rng: random.Random) -> Case:
    op = rng.choice(ACTIVATIONS)
    return _one_input(rng, "activation", op, f"ttnn.{op} %a0",
                      lambda t, x, mc: getattr(t, op)(x, memory_config=mc))


# ---------------------------------------------------------------------------------------------
# Two- and three-input elementwise ops: binary eltwise, pow_tensor, where.
# ---------------------------------------------------------------------------------------------


def _operand_shapes(rng: random.Random, count: int, invalid: bool) -> tuple[list[tuple[int, ...]], str]:
    """``count`` operand shapes: one shape, or some operands broadcast (a row, a column, a scalar, a
    batch, a lower rank), or (``invalid``) one that does not broadcast; and a note of which."""
    full = _tensor_shape(rng)
    shapes = [full] * count
    bad = _incompatible(rng, full) if invalid else None
    if bad is not None:
        index = rng.randrange(count)
        shapes[index] = bad
        return shapes, f"(operand {index} incompatible)"
    if rng.random() < 0.6:
        return shapes, ""
    notes = []
    for index in rng.sample(range(count), rng.randint(1, count - 1)):
        shapes[index], kind = _broadcast_operand(rng, full)
        notes.append(f"{index} {kind}")
    return shapes, f"(broadcast {', '.join(notes)})"


def _operands(rng: random.Random, shapes: Sequence[tuple[int, ...]], dtypes: Sequence[str],
              row_major: bool) -> tuple[Operand, ...]:
    """Operands of ``shapes``: placed at random, the full-size ones often sharded alike."""
    places: list[str] = []
    for shape_, dtype in zip(shapes, dtypes):
        like = next((p for p, s in zip(places, shapes) if s == shape_ and _is_sharded(p)), None)
        if like is not None and rng.random() < 0.6:
            places.append(like)
        else:
            places.append(_place(rng, shape_, dtype, row_major))
    return tuple(Operand(s, p, d) for s, p, d in zip(shapes, places, dtypes))


def _result(rng: random.Random, inputs: Sequence[Operand], shape_: tuple[int, ...] | None, dtype: str,
            row_major: bool) -> Operand:
    """The result of an elementwise op of ``inputs``: the broadcast shape (the first input's when they
    are incompatible), in ``dtype``; often sharded like a sharded input of its shape."""
    out_shape = shape_ if shape_ is not None else inputs[0].shape
    like = next((o.placement for o in inputs if o.shape == out_shape and _is_sharded(o.placement)), None)
    if like is not None and rng.random() < 0.6:
        return Operand(out_shape, like, dtype)
    return Operand(out_shape, _place(rng, out_shape, dtype, row_major), dtype)


def _elementwise(rng: random.Random, family: str, op: str, ir_op: str, count: int, mixed: Sequence[str],
                 call: Callable[..., Any], out_from: int = 0, tiled_into_interleaved: bool = False) -> Case:
    """An elementwise op of ``count`` operands; ``mixed`` the data types an operand may take instead of
    the common one (MIXED_SHARE of the time); the result takes operand ``out_from``'s data type (ttnn
    0.81.1), and is tiled in interleaved memory with ``tiled_into_interleaved`` (whatever the operands'
    layout). ``call(t, *inputs, memory_config=)``."""
    row_major = rng.random() < R.lean_row_major(ROW_MAJOR_SHARE / 2)
    invalid = rng.random() < INVALID_SHARE
    shapes, note = _operand_shapes(rng, count, invalid)
    dtype = _dtype(rng, row_major)
    dtypes = [dtype] * count
    if not row_major and mixed and rng.random() < MIXED_SHARE:
        index = rng.randrange(count)
        dtypes[index] = rng.choice([d for d in mixed if d != dtype] or [dtype])
    inputs = _operands(rng, shapes, dtypes, row_major)
    out = _result(rng, inputs, _broadcast(shapes), dtypes[out_from], row_major)
    if tiled_into_interleaved and row_major and not _is_sharded(out.placement):
        out = Operand(out.shape, out.placement.removesuffix(":rm"), out.dtype)
    operands = ", ".join(f"%a{i}" for i in range(count))
    name = f"{op} {', '.join(R.describe(o) for o in inputs)} -> {_short(out.placement)}" + (f" {note}" if note else "")
    return Case(name, family, inputs, out, f"ttnn.{ir_op} {operands}",
                lambda t, dev, mc, a: call(t, *a, memory_config=mc[out.placement]))


BINARY_OPS = ("add", "subtract", "multiply", "maximum", "minimum")


def binary_eltwise(rng: random.Random) -> Case:
    op = rng.choice(BINARY_OPS)
    return _elementwise(rng, "binary eltwise", op, op, 2, ("bf16", "f32", "bfp8_b"),
                        lambda t, *args, **kw: getattr(t, op)(*args, **kw))


def where(rng: random.Random) -> Case:
    # ttnn 0.81.1's where returns the true value's data type, and tiles into interleaved memory.
    return _elementwise(rng, "where", "where", "where", 3, ("bf16", "f32", "bfp8_b"),
                        lambda t, *args, **kw: t.where(*args, **kw), out_from=1, tiled_into_interleaved=True)


EXPONENTS = (2.0, 2.0, 3.0, 0.5, -1.0, 1.5, 0.0, 4.0, -0.5, 2.5, 1.0)


def pow_(rng: random.Random) -> Case:
    """pow_scalar (a scalar exponent: the unary program) or pow_tensor (a tensor exponent, broadcast)."""
    if rng.random() < 0.5:
        exponent = rng.choice(EXPONENTS) if rng.random() < 0.8 else round(rng.uniform(-3, 5), 2)
        return _one_input(rng, "pow", "pow_scalar", f"ttnn.pow_scalar %a0 {{exponent = {exponent!r} : f64}}",
                          lambda t, x, mc: t.pow(x, exponent, memory_config=mc), f"** {exponent}")
    return _elementwise(rng, "pow", "pow_tensor", "pow_tensor", 2, ("bf16", "f32"),
                        lambda t, x, y, **kw: t.pow(x, y, **kw))


# ---------------------------------------------------------------------------------------------
# Activation backward: gelu_bw, relu_bw, silu_bw (grad, input).
# ---------------------------------------------------------------------------------------------

BACKWARD_OPS = ("gelu_bw", "relu_bw", "silu_bw")


def activation_backward(rng: random.Random) -> Case:
    """grad and input of one shape (with INVALID_SHARE a broadcast input, which ttnn does not take
    here); now and then in two data types (ttnn's result takes the input's)."""
    op = rng.choice(BACKWARD_OPS)
    shape_ = _tensor_shape(rng)
    shapes, note = [shape_, shape_], ""
    if rng.random() < INVALID_SHARE:
        shapes[1], kind = _broadcast_operand(rng, shape_)
        note = f"(input {kind})"
    dtype = _dtype(rng)
    dtypes = [dtype, dtype]
    if rng.random() < MIXED_SHARE:
        dtypes[rng.randrange(2)] = rng.choice([d for d in ("bf16", "f32", "bfp8_b") if d != dtype])
    inputs = _operands(rng, shapes, dtypes, False)
    out = _result(rng, inputs, shape_, dtypes[1], False)
    name = f"{op} {', '.join(R.describe(o) for o in inputs)} -> {_short(out.placement)}" + (f" {note}" if note else "")
    return Case(name, "activation backward", inputs, out, f"ttnn.{op} %a0, %a1",
                lambda t, dev, mc, a: getattr(t, op)(a[0], a[1], memory_config=mc[out.placement])[0])


# ---------------------------------------------------------------------------------------------
# typecast, to_memory_config.
# ---------------------------------------------------------------------------------------------


def _typecast_place(rng: random.Random, shape_: Sequence[int], dtype: str, src: str, row_major: bool) -> str:
    """A typecast's result placement: mostly in the input's memory layout (ttnn 0.81.1 keeps it; another
    one is rejected): a sharded input's own shards or others of its scheme, an interleaved input's DRAM
    or L1; now and then another memory layout."""
    scheme = Placement.parse(src).scheme
    if scheme == "interleaved":
        return _place(rng, shape_, dtype, row_major, share=0.08)
    draw = rng.random()
    if draw < 0.65:
        return src
    if draw < 0.85:
        short = next(k for k, v in R.capture.SCHEMES.items() if v == scheme)
        return _sharded(rng, shape_, dtype, row_major, scheme=short) or src
    return R.interleaved(rng, row_major)


def typecast(rng: random.Random) -> Case:
    """Any pair of bf16 / f32 / bfp8_b (u32 now and then; the same type rarely), tiled or row-major,
    into a random placement; rejected: a row-major bfp8_b result, shards that cannot hold it."""
    row_major = rng.random() < R.lean_row_major(ROW_MAJOR_SHARE)
    types = ROW_MAJOR_DTYPES if row_major else R.TILED_DTYPES
    src_dtype = "u32" if rng.random() < 0.05 else rng.choice(types)
    draw = rng.random()
    if draw < 0.06:
        dst_dtype = src_dtype
    elif draw < 0.14 and src_dtype != "u32":
        dst_dtype = "u32"
    else:
        dst_dtype = rng.choice([d for d in types if d != src_dtype])
    invalid = rng.random() < INVALID_SHARE
    bfp8_rows = invalid and row_major and rng.random() < 0.5
    if bfp8_rows:
        dst_dtype = "bfp8_b"
    shape_ = _tensor_shape(rng)
    src = _place(rng, shape_, src_dtype, row_major)
    dst = _typecast_place(rng, shape_, dst_dtype, src, row_major)
    if invalid and not bfp8_rows:
        dst = _too_small(rng, shape_, row_major) or dst
    inp, out = Operand(shape_, src, src_dtype), Operand(shape_, dst, dst_dtype)
    return Case(_name("typecast", (inp,), out), "typecast", (inp,), out, "ttnn.typecast %a0",
                lambda t, dev, mc, a: t.typecast(a[0], _ttnn_dtype(t, dst_dtype), memory_config=mc[dst]))


def to_memory_config(rng: random.Random) -> Case:
    """A tensor moved between DRAM, L1 and shards (half the time sharded on either side), tiled or
    row-major; rejected: shards that cannot hold it."""
    row_major = rng.random() < R.lean_row_major(0.15)
    shape_ = _tensor_shape(rng)
    dtype = _dtype(rng, row_major)
    src = _place(rng, shape_, dtype, row_major, share=0.45)
    dst = src
    for _ in range(4):
        dst = _place(rng, shape_, dtype, row_major, share=0.45)
        if dst != src or rng.random() < 0.05:
            break
    if rng.random() < INVALID_SHARE:
        dst = _too_small(rng, shape_, row_major) or dst
    inp, out = Operand(shape_, src, dtype), Operand(shape_, dst, dtype)
    return Case(_name("to_memory_config", (inp,), out), "to_memory_config", (inp,), out,
                "ttnn.to_memory_config %a0", lambda t, dev, mc, a: t.to_memory_config(a[0], mc[dst]))


# ---------------------------------------------------------------------------------------------
# Creation: zeros, ones, full, empty, arange.
# ---------------------------------------------------------------------------------------------

FILL_VALUES = (0.0, 1.0, -1.0, 0.5, 2.5, 3.14159, -7.25, 1000.0, 1e-3)


def _fill(rng: random.Random, op: str) -> Case:
    """zeros / ones / full / empty of a random shape, data type, layout and placement; rejected: a
    row-major bfp8_b tensor, shards that cannot hold it."""
    row_major = rng.random() < R.lean_row_major(0.25)
    shape_ = _tensor_shape(rng)
    dtype = _dtype(rng, row_major)
    invalid = rng.random() < INVALID_SHARE
    if invalid and rng.random() < 0.5:
        row_major, dtype = True, "bfp8_b"
    dst = _place(rng, shape_, dtype, row_major)
    if invalid and dtype != "bfp8_b":
        dst = _too_small(rng, shape_, row_major) or dst
    out = Operand(shape_, dst, dtype)
    value = rng.choice(FILL_VALUES)
    attrs = f" {{fill_value = {value!r} : f64}}" if op == "full" else ""
    args = (value,) if op == "full" else ()

    def call(t: Any, dev: Any, mc: Any, a: Sequence[Any]) -> Any:
        layout = t.ROW_MAJOR_LAYOUT if row_major else t.TILE_LAYOUT
        if op == "empty":
            return t.empty(list(shape_), _ttnn_dtype(t, dtype), layout, dev, mc[dst])
        return getattr(t, op)(list(shape_), *args, dtype=_ttnn_dtype(t, dtype), layout=layout, device=dev,
                              memory_config=mc[dst])

    what = f"= {value!r}" if op == "full" else ""
    return Case(_name(op, (), out, what), "creation", (), out, f"ttnn.{op}{attrs}", call)


def _arange(rng: random.Random) -> Case:
    """arange(start, end, step) of 1 to 5000 values, tiled or row-major; rejected: a step against the
    direction from start to end, a bfp8_b result."""
    row_major = rng.random() < R.lean_row_major(0.3)
    dtype = "u32" if rng.random() < 0.1 else _dtype(rng, row_major)
    step = rng.choice((1, 1, 1, 2, 3, 5, -1, -2, 7))
    count = rng.randint(1, 5000) if rng.random() < 0.7 else TILE * rng.randint(1, 64)
    start = rng.randint(-100, 100) if dtype != "u32" or step < 0 else rng.randint(0, 100)
    if dtype == "u32" and step < 0:
        start += abs(step) * count
    end = start + step * (count - 1) + (1 if step > 0 else -1) * rng.randint(1, abs(step))
    invalid = rng.random() < INVALID_SHARE
    if invalid:
        step = -step
    span = end - start
    size = max(0, span // step + (1 if span % step else 0))
    shape_ = (size if size > 0 else count,)
    dst = _place(rng, shape_, dtype, row_major)
    out = Operand(shape_, dst, dtype)

    def call(t: Any, dev: Any, mc: Any, a: Sequence[Any]) -> Any:
        layout = t.ROW_MAJOR_LAYOUT if row_major else t.TILE_LAYOUT
        return t.arange(start, end, step, dtype=_ttnn_dtype(t, dtype), layout=layout, device=dev,
                        memory_config=mc[dst])

    return Case(_name("arange", (), out, f"{start}..{end} step {step}"), "creation", (), out,
                f"ttnn.arange {{start = {start} : i64, end = {end} : i64, step = {step} : i64}}", call)


def creation(rng: random.Random) -> Case:
    op = rng.choice(("zeros", "ones", "full", "full", "empty", "arange", "arange"))
    return _arange(rng) if op == "arange" else _fill(rng, op)


# ---------------------------------------------------------------------------------------------
# softmax, layer_norm / rms_norm.
# ---------------------------------------------------------------------------------------------


def softmax(rng: random.Random) -> Case:
    """softmax along the last dimension mostly (as -1 or its index), another dimension now and then;
    rejected: a dimension out of range, a row-major input."""
    invalid = rng.random() < INVALID_SHARE
    row_major = invalid and rng.random() < 0.4
    shape_ = _tensor_shape(rng)
    rank = len(shape_)
    dtype = _dtype(rng, row_major)
    draw = rng.random()
    if invalid and not row_major:
        dim = rng.choice((rank, -rank - 1))
    elif draw < 0.7:
        dim = -1
    elif draw < 0.85:
        dim = rank - 1
    else:
        dim = rng.randrange(-rank, rank)
    src = _place(rng, shape_, dtype, row_major)
    dst = _out_place(rng, shape_, dtype, src, row_major)
    inp, out = Operand(shape_, src, dtype), Operand(shape_, dst, dtype)
    return Case(_name("softmax", (inp,), out, f"dim {dim}"), "softmax", (inp,), out,
                f"ttnn.softmax %a0 {{dimension = {dim} : si32}}",
                lambda t, dev, mc, a: t.softmax(a[0], dim=dim, memory_config=mc[dst]))


EPSILONS = (1e-5, 1e-5, 1e-6, 1e-12, 1e-3)


def _norm_input(rng: random.Random, invalid: bool) -> tuple[Operand, str]:
    """The normalized tensor and the result's placement: interleaved, or width / block sharded into its
    own shards, or an interleaved input into shards; ``invalid``: a height-sharded input (ttnn needs a
    program config for it) half the time."""
    shape_ = _tensor_shape(rng)
    row_major = rng.random() < R.lean_row_major(0.05)
    dtype = _dtype(rng, row_major)
    if invalid and not row_major and rng.random() < 0.5:
        src = _sharded(rng, shape_, dtype, scheme="hs")
        if src is not None:
            return Operand(shape_, src, dtype), src
    draw = rng.random()
    if draw < 0.15 and not row_major:
        src = _sharded(rng, shape_, dtype, scheme=rng.choice(("ws", "bs")))
        if src is not None:
            return Operand(shape_, src, dtype), src
    src = R.interleaved(rng, row_major)
    return Operand(shape_, src, dtype), _place(rng, shape_, dtype, row_major, share=0.15)


def normalization(rng: random.Random) -> Case:
    """layer_norm / rms_norm over the last dimension with optional weight and bias (1 x W or W, bf16 most
    often); rejected: a weight of another width, a height-sharded input."""
    op = rng.choice(("layer_norm", "rms_norm"))
    invalid = rng.random() < INVALID_SHARE
    x, dst = _norm_input(rng, invalid)
    width = x.shape[-1]
    bad_width = invalid and not _is_sharded(x.placement)
    operands = [x]
    ir = f"ttnn.{op} %a0"
    roles = [role for role in ("weight", "bias") if rng.random() < 0.5]
    if bad_width and not roles:
        roles = ["weight"]
    for role in roles:
        w = width + TILE if bad_width and role == roles[0] else width
        shape_ = (w,) if rng.random() < 0.3 else (1, w)
        dtype = "bf16" if rng.random() < 0.75 else rng.choice(("f32", "bfp8_b"))
        operands.append(Operand(shape_, R.interleaved(rng), dtype))
        ir += f" {role} %a{len(operands) - 1}"
    epsilon = rng.choice(EPSILONS)
    ir += f" {{epsilon = {epsilon:e} : f32}}"
    out = Operand(x.shape, dst, x.dtype)
    what = " + ".join(f"{r} {R.describe(o)}" for r, o in zip(roles, operands[1:]))
    name = f"{op} {R.describe(x)} -> {_short(dst)}" + (f" ({what})" if what else "") + f" eps {epsilon:g}"

    def call(t: Any, dev: Any, mc: Any, a: Sequence[Any]) -> Any:
        kwargs = {role: a[1 + i] for i, role in enumerate(roles)}
        return getattr(t, op)(a[0], epsilon=epsilon, memory_config=mc[dst], **kwargs)

    return Case(name, "normalization", tuple(operands), out, ir, call)


# ---------------------------------------------------------------------------------------------
# Reductions (sum, mean, max, min) and argmax.
# ---------------------------------------------------------------------------------------------


def _reduced(shape_: Sequence[int], dims: Sequence[int] | None, keepdim: bool) -> tuple[int, ...]:
    """The result shape of a reduction of ``shape_`` over ``dims`` (None: all)."""
    rank = len(shape_)
    axes = set(range(rank)) if dims is None else {d % rank for d in dims}
    return tuple(1 if i in axes else s for i, s in enumerate(shape_) if keepdim or i not in axes)


def _reduce_dims(rng: random.Random, rank: int, invalid: bool) -> list[int] | None:
    """None (every dimension), one dimension (by index or from the back) or several; ``invalid``: a
    dimension out of range or one named twice."""
    if invalid:
        if rank > 1 and rng.random() < 0.4:
            d = rng.randrange(rank)
            return [d, d]
        return [rng.choice((rank, -rank - 1, rank + 1))]
    draw = rng.random()
    if draw < 0.15:
        return None
    if draw < 0.7 or rank == 1:
        d = rng.randrange(rank)
        return [d - rank if rng.random() < 0.4 else d]
    dims = sorted(rng.sample(range(rank), rng.randint(2, rank)))
    return [d - rank if rng.random() < 0.3 else d for d in dims]


def reduction(rng: random.Random) -> Case:
    """sum / mean / max / min over all, one or several dimensions, keepdim or not, tiled or row-major,
    sharded inputs now and then; rejected: dimensions out of range or named twice."""
    op = rng.choice(("sum", "mean", "max", "min"))
    row_major = rng.random() < R.lean_row_major(ROW_MAJOR_SHARE)
    shape_ = _tensor_shape(rng)
    rank = len(shape_)
    dtype = _dtype(rng, row_major)
    invalid = rng.random() < INVALID_SHARE
    dims = _reduce_dims(rng, rank, invalid)
    keepdim = rng.random() < 0.5
    src = _place(rng, shape_, dtype, row_major)
    out_shape = _reduced(shape_, dims, keepdim) if not invalid else tuple(shape_)
    # A sharded input's memory config is often passed on as the result's (ttnn derives the result's
    # shards itself where one reduce program writes it).
    dst = src if _is_sharded(src) and rng.random() < 0.4 else _place(rng, out_shape, dtype, row_major, share=0.08)
    inp, out = Operand(shape_, src, dtype), Operand(out_shape, dst, dtype)
    attrs = ([f"dim_arg = {R.array(dims)}"] if dims is not None else []) + (["keep_dim = true"] if keepdim else [])
    ir = f"ttnn.{op} %a0" + (f" {{{', '.join(attrs)}}}" if attrs else "")
    kwargs: dict[str, Any] = {"keepdim": keepdim}
    if dims is not None:
        kwargs["dim"] = dims[0] if len(dims) == 1 else list(dims)
    where_ = "all dims" if dims is None else f"dims {dims}"
    name = _name(op, (inp,), out, where_ + (" keepdim" if keepdim else ""))
    return Case(name, "reduction", (inp,), out, ir,
                lambda t, dev, mc, a: getattr(t, op)(a[0], memory_config=mc[dst], **kwargs))


def argmax(rng: random.Random) -> Case:
    """argmax along one dimension (by index or from the back) or all, keepdim or not, of a tiled or
    row-major bf16 / f32 tensor into a row-major u32 result in DRAM or L1; rejected: bfp8_b, sharded
    inputs, dimensions out of range (and, for tiled inputs, every dimension at once)."""
    row_major = rng.random() < R.lean_row_major(0.15)
    shape_ = _tensor_shape(rng)
    rank = len(shape_)
    dtype = rng.choice(("bf16", "bf16", "f32"))
    src = R.interleaved(rng, row_major)
    draw = rng.random()
    dim: int | None = rng.randrange(-rank, rank) if rng.random() < 0.5 else rng.choice((-1, rank - 1))
    if draw < 0.1:
        dim = None
    elif draw < 0.18:
        kind = rng.choice(("bfp8_b", "sharded", "range"))
        if kind == "bfp8_b" and not row_major:
            dtype = "bfp8_b"
        elif kind == "sharded":
            src = _sharded(rng, shape_, dtype, row_major) or src
        else:
            dim = rng.choice((rank, -rank - 1))
    keepdim = rng.random() < 0.4
    in_range = dim is None or -rank <= dim < rank
    out_shape = _reduced(shape_, None if dim is None else [dim], keepdim) if in_range else tuple(shape_)
    dst = R.interleaved(rng, row_major=True)
    inp, out = Operand(shape_, src, dtype), Operand(out_shape, dst, "u32")
    attrs = ([f"dim = {dim} : si32"] if dim is not None else []) + (["keep_dim = true"] if keepdim else [])
    ir = "ttnn.argmax %a0" + (f" {{{', '.join(attrs)}}}" if attrs else "")
    kwargs: dict[str, Any] = {} if dim is None else {"dim": dim}
    what = ("all dims" if dim is None else f"dim {dim}") + (" keepdim" if keepdim else "")
    return Case(_name("argmax", (inp,), out, what), "argmax", (inp,), out, ir,
                lambda t, dev, mc, a: t.argmax(a[0], keepdim=keepdim, memory_config=mc[dst], **kwargs))


GENERATORS: dict[str, Callable[[random.Random], Case]] = {
    "unary eltwise": unary_eltwise,
    "binary eltwise": binary_eltwise,
    "where": where,
    "typecast": typecast,
    "to_memory_config": to_memory_config,
    "creation": creation,
    "activation": activation,
    "pow": pow_,
    "activation backward": activation_backward,
    "softmax": softmax,
    "normalization": normalization,
    "reduction": reduction,
    "argmax": argmax,
}
