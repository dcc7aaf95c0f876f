"""Held-out random draws of the matmul, CNN and transformer families (bench/opmodel_random.py reads
``GENERATORS``): matmul, linear, max_pool2d, conv2d, rotary embedding, attention and the moreh
softmax / layer_norm backwards.

Each generator draws one call the way a user of ttnn 0.81.1 would write it: shapes of real models
(tile-aligned or not, batched, transposed operands; ResNet / VGG / MobileNet-like convolutions;
the heads, head dims and sequence lengths of real transformers), the data types and placements
such a user picks (DRAM, L1, now and then sharded), and a minority of calls ttnn rejects
(mismatched shapes, unsupported data types or placements). Only the random generator passed in is
used, so a seed always gives the same cases.

The IR syntax and the ttnn calls follow the fixed calibration cases: bench/opmodel_calibration.py
(matmul), bench/opmodel_cases_matmul.py (linear), bench/opmodel_cases_cnn.py (max_pool2d, conv2d:
flattened NHWC row-major inputs, output layouts naming the applied shard scheme with a nominal grid
and shard, conv weights built on the host), bench/opmodel_cases_compute.py (rotary embedding,
attention, moreh backwards).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import opmodel_random as R

Case, Operand, Placement = R.Case, R.Operand, R.Placement
Shape = tuple[int, ...]
SHORT = {long: short for short, long in R.capture.SCHEMES.items()}
ACTIVATIONS = ("relu", "relu6", "gelu", "silu", "sigmoid", "tanh")
# Elements a drawn case may hold across its tensors (moderate: most cases fit L1).
BUDGET = 3 << 20
# The largest shard a drawn tensor gets (a user keeps room in each core's L1 for the op).
MAX_SHARD_BYTES = 384 << 10
BYTES = {"bf16": 2, "f32": 4, "bfp8_b": 1, "u32": 4}


# ---------------------------------------------------------------------------------------------
# Small helpers.
# ---------------------------------------------------------------------------------------------


def _dtype(t: Any, name: str) -> Any:
    """ttnn's data type of a dtype name (inside the mock-device child)."""
    return {"bf16": t.bfloat16, "f32": t.float32, "bfp8_b": t.bfloat8_b, "u32": t.uint32}[name]


def _attrs(pairs: Sequence[str]) -> str:
    return " {" + ", ".join(pairs) + "}" if pairs else ""


def _scheme(placement: str) -> str | None:
    """hs / ws / bs of a sharded placement, None for an interleaved one."""
    parsed = Placement.parse(placement)
    return None if parsed.scheme == "interleaved" else SHORT[parsed.scheme]


def _sharded_on(scheme: str, grid: tuple[int, int], shape: Sequence[int], row_major: bool = False) -> str:
    """``shape`` sharded in ``scheme`` over ``grid`` (rows x columns), the shards covering it as a user
    would compute them (ceil division: the last cores may hold less)."""
    height, width = R.collapsed(shape, row_major)
    unit = 1 if row_major else R.TILE
    hu, wu = -(-height // unit), -(-width // unit)
    rows, cols = grid
    if scheme == "hs":
        shard = (-(-hu // (rows * cols)) * unit, wu * unit)
    elif scheme == "ws":
        shard = (hu * unit, -(-wu // (rows * cols)) * unit)
    else:
        shard = (-(-hu // rows) * unit, -(-wu // cols) * unit)
    return Placement("l1", R.capture.SCHEMES[scheme], grid, shard, row_major).text()


def _like(placement: str, shape: Sequence[int]) -> str:
    """``shape`` sharded like ``placement`` (the same scheme and grid)."""
    parsed = Placement.parse(placement)
    return _sharded_on(SHORT[parsed.scheme], parsed.grid, shape, parsed.row_major)


def _chosen_by_ttnn(rng: random.Random, scheme: str, shape: Sequence[int], row_major: bool) -> str:
    """A sharded placement of an output whose grid and shard ttnn chooses itself (max_pool2d,
    conv2d): only the scheme counts, the grid and shard are nominal."""
    return (R.sharded(rng, shape, scheme, row_major=row_major, exact=False)
            or _sharded_on(scheme, (8, 8), shape, row_major))


def _interleaved(rng: random.Random, l1: float = 0.4, row_major: bool = False) -> str:
    return Placement("l1" if rng.random() < l1 else "dram", row_major=row_major).text()


def _shard_bytes(placement: str, dtype: str) -> int:
    height, width = Placement.parse(placement).shard
    return height * width * BYTES[dtype]


def _maybe_sharded(rng: random.Random, shape: Sequence[int], share: float, l1: float = 0.4,
                   schemes: Sequence[str] = ("hs", "ws", "bs"), dtype: str = "bf16") -> str:
    """Sharded in one of ``schemes`` with probability ``share`` (when it can be, in shards a user
    would keep in L1; one in five of any size that covers the tensor, empty cores allowed), else
    interleaved."""
    if rng.random() < R.lean_sharded(share):
        for _ in range(4):
            found = R.sharded(rng, shape, rng.choice(schemes), exact=rng.random() < 0.8)
            if found is not None and _shard_bytes(found, dtype) <= MAX_SHARD_BYTES:
                return found
    return _interleaved(rng, l1)


def _broadcast(a: Sequence[int], b: Sequence[int]) -> Shape | None:
    """numpy's broadcast of two batch shapes, None when they do not broadcast."""
    out = []
    for i in range(max(len(a), len(b))):
        x = a[len(a) - 1 - i] if i < len(a) else 1
        y = b[len(b) - 1 - i] if i < len(b) else 1
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(reversed(out))


def _elements(*shapes: Sequence[int]) -> int:
    return sum(math.prod(s) for s in shapes)


# ---------------------------------------------------------------------------------------------
# matmul and linear: one product, drawn alike.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Product:
    a: Operand
    b: Operand
    out: Operand
    transpose_a: bool
    transpose_b: bool

    def flags(self) -> list[str]:
        return ((["transpose_a = true"] if self.transpose_a else [])
                + (["transpose_b = true"] if self.transpose_b else []))

    def text(self) -> str:
        return (f"{R.describe(self.a)} . {R.describe(self.b)} -> {R.describe(self.out)}"
                + (" T_a" if self.transpose_a else "") + (" T_b" if self.transpose_b else ""))


def _product_dims(rng: random.Random) -> tuple[int, int, int]:
    """M, K, N: decode-like few rows, prefill-like blocks, square-ish products; aligned or not."""
    m = rng.choice((R.dim(rng, 1, 64, 0.4), R.dim(rng, 1, 512), R.dim(rng, 32, 2048, 0.7)))
    k = rng.choice((R.dim(rng, 16, 512, 0.7), R.dim(rng, 32, 2048, 0.8), R.dim(rng, 32, 4096, 0.9)))
    n = rng.choice((R.dim(rng, 1, 512), R.dim(rng, 32, 2048, 0.7), R.dim(rng, 32, 4096, 0.8)))
    return m, k, n


def _batches(rng: random.Random, weights_2d: float) -> tuple[Shape, Shape]:
    """a's and b's leading dimensions: b a plain 2-D weight (``weights_2d`` of the time), b with a's
    batch, with ones, a batched b beside a batch of ones; now and then two that do not broadcast."""
    rank = rng.choice((2, 2, 2, 3, 3, 4))
    a_batch = tuple(rng.randint(1, 4) for _ in range(rank - 2))
    if rank == 2 or rng.random() < weights_2d:
        return a_batch, ()
    mode = rng.choices(("same", "ones", "b_only", "mismatch"), (5, 2, 2, 1))[0]
    if mode == "same":
        return a_batch, a_batch
    if mode == "ones":
        return a_batch, (1,) * len(a_batch)
    if mode == "b_only":
        return (1,) * len(a_batch), tuple(rng.randint(2, 4) for _ in a_batch)
    return tuple(x + 1 for x in a_batch), tuple(x + 2 for x in a_batch)  # never broadcast


def _output_placement(rng: random.Random, a_place: str, out_shape: Shape, dtype: str) -> str:
    """A sharded a's result sharded like it (or interleaved); interleaved operands' result now and
    then sharded."""
    if _scheme(a_place) is not None:
        return _like(a_place, out_shape) if rng.random() < 0.55 else _interleaved(rng)
    return _maybe_sharded(rng, out_shape, 0.12, dtype=dtype)


def _product(rng: random.Random, weights_2d: float, sharded_a: float) -> _Product:
    """One product a . b with its result; about 5% with inner dimensions that do not match."""
    while True:
        m, k, n = _product_dims(rng)
        a_batch, b_batch = _batches(rng, weights_2d)
        ta, tb = rng.random() < 0.1, rng.random() < 0.25
        kb = k + rng.choice((32, 1, -1)) if rng.random() < 0.05 else k
        a_shape = a_batch + ((k, m) if ta else (m, k))
        b_shape = b_batch + ((n, kb) if tb else (kb, n))
        out_shape = (_broadcast(a_batch, b_batch) or a_batch) + (m, n)
        if _elements(a_shape, b_shape, out_shape) <= BUDGET:
            break
    a_dt = rng.choice(R.TILED_DTYPES)
    b_dt = a_dt if rng.random() < 0.7 else rng.choice(R.TILED_DTYPES)
    out_dt = a_dt if rng.random() < 0.85 else rng.choice(("bf16", "bfp8_b", "f32"))
    a_place = _maybe_sharded(rng, a_shape, sharded_a, dtype=a_dt)
    b_place = _maybe_sharded(rng, b_shape, 0.05, dtype=b_dt)
    out_place = _output_placement(rng, a_place, out_shape, out_dt)
    return _Product(Operand(a_shape, a_place, a_dt), Operand(b_shape, b_place, b_dt),
                    Operand(out_shape, out_place, out_dt), ta, tb)


def _out_dtype_kw(t: Any, p: _Product) -> dict[str, Any]:
    """An explicit output dtype when it is not a's (ttnn's default)."""
    return {"dtype": _dtype(t, p.out.dtype)} if p.out.dtype != p.a.dtype else {}


def matmul(rng: random.Random) -> Case:
    """ttnn.matmul of a drawn product."""
    p = _product(rng, weights_2d=0.35, sharded_a=0.2)

    def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
        return t.matmul(a[0], a[1], transpose_a=p.transpose_a, transpose_b=p.transpose_b,
                        memory_config=mc[p.out.placement], **_out_dtype_kw(t, p))

    return Case(f"matmul {p.text()}", "matmul", (p.a, p.b), p.out, "ttnn.matmul %a0, %a1" + _attrs(p.flags()), call)


def _bias(rng: random.Random, p: _Product) -> Operand | None:
    """A bias as users pass it: [N], [1, N], [1, ..., 1, N] of the result's rank, [1, 1, 1, N] or a
    full [M, N]; in a's data type mostly; interleaved."""
    m, n = p.out.shape[-2:]
    rank = len(p.out.shape)
    kind = rng.choices(("none", "n", "1n", "rank", "4d", "mn"), (25, 20, 30, 10, 5, 10))[0]
    if kind == "none":
        return None
    shape = {"n": (n,), "1n": (1, n), "rank": (1,) * (rank - 1) + (n,), "4d": (1, 1, 1, n), "mn": (m, n)}[kind]
    dtype = p.a.dtype if rng.random() < 0.75 else rng.choice(("bf16", "bf16", "f32", "bfp8_b"))
    return Operand(shape, _interleaved(rng, 0.35), dtype)


def linear(rng: random.Random) -> Case:
    """ttnn.linear: a product (b mostly a 2-D weight, often stored N x K), a bias, an activation."""
    p = _product(rng, weights_2d=0.85, sharded_a=0.15)
    bias = _bias(rng, p)
    activation = rng.choice(ACTIVATIONS) if rng.random() < 0.35 else None
    ir = "ttnn.linear %a0, %a1" + (" bias %a2" if bias else "") + (f" activation {activation}" if activation else "")
    inputs = (p.a, p.b) + ((bias,) if bias else ())
    name = (f"linear {p.text()}" + (f" bias {R.describe(bias)}" if bias else " no bias")
            + (f" {activation}" if activation else ""))

    def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
        return t.linear(a[0], a[1], bias=a[2] if bias else None, transpose_a=p.transpose_a,
                        transpose_b=p.transpose_b, activation=activation, memory_config=mc[p.out.placement],
                        **_out_dtype_kw(t, p))

    return Case(name, "linear", inputs, p.out, ir + _attrs(p.flags()), call)


# ---------------------------------------------------------------------------------------------
# CNN ops: flattened NHWC [1, 1, N*H*W, C] inputs, ResNet / VGG / MobileNet-like shapes.
# ---------------------------------------------------------------------------------------------

NICE_SIDES = (7, 14, 28, 56, 112, 13, 26, 52, 19, 38, 10, 20, 40, 80, 16, 32, 64, 15, 30, 60)
CNN_INPUT_BUDGET = 1_700_000


def _side(rng: random.Random, low: int = 5, high: int = 112) -> int:
    """A feature map's side: mostly of a real network, else anything in range."""
    nice = [s for s in NICE_SIDES if low <= s <= high]
    return rng.choice(nice) if nice and rng.random() < 0.7 else rng.randint(low, high)


def _window_out(side: int, k: int, s: int, p: int) -> int:
    return (side + 2 * p - k) // s + 1


def _sensible_scheme(pixels: int, channels: int) -> str:
    """The scheme a user picks for a layer: height for many pixels of few channels, width for few
    pixels of many channels, block in between."""
    if pixels >= 32 * channels:
        return "hs"
    if pixels * 4 <= channels:
        return "ws"
    return "bs"


def _cnn_input(rng: random.Random, shape: Shape) -> tuple[str, str | None]:
    """The activation's placement (row-major DRAM mostly, row-major L1, tiled DRAM, a height-sharded
    row-major tensor as a previous layer leaves it) and the scheme a pre-sharded input imposes."""
    kind = rng.choices(("dram_rm", "l1_rm", "dram_tiled", "sharded"), (66, 14, 10, 10))[0]
    if kind == "sharded":
        # One in five in shards of any size that covers it (uneven, idle cores), as a user sizes them.
        found = R.sharded(rng, shape, "hs", row_major=True, exact=rng.random() >= 0.2)
        if found is not None:
            return found, "hs"
    return {"dram_rm": "g:dram:rm", "l1_rm": "g:l1:rm", "dram_tiled": "g:dram", "sharded": "g:dram:rm"}[kind], None


def _pool_window(rng: random.Random) -> tuple[int, int, int, bool]:
    """(kernel, stride, padding, legal): ResNet's 3/2/1, VGG's 2/2/0, others; ~8% padding beyond
    half the kernel (ttnn rejects it)."""
    if rng.random() < 0.08:
        k = rng.choice((2, 3))
        return k, rng.choice((1, 2)), k // 2 + 1, False
    k, s, p = rng.choices(((3, 2, 1), (2, 2, 0), (3, 1, 1), (3, 2, 0), (5, 1, 2), (None, None, None)),
                          (40, 28, 10, 8, 4, 10))[0]
    if k is None:
        k = rng.randint(2, 5)
        s, p = rng.randint(1, 2), rng.randint(0, k // 2)
    return k, s, p, True


def max_pool2d(rng: random.Random) -> Case:
    """ttnn.max_pool2d of a flattened NHWC activation, the output in the scheme the user applies."""
    while True:
        n = rng.choice((1, 1, 1, 2))
        h = _side(rng)
        w = h if rng.random() < 0.8 else _side(rng)
        c = rng.choice((16, 32, 64, 64, 64, 96, 128, 128, 192, 256, 256, 320, 384, 512, 1024, 24, 40, 48))
        k, s, p, legal = _pool_window(rng)
        oh, ow = _window_out(h, k, s, p), _window_out(w, k, s, p)
        if n * h * w * c <= CNN_INPUT_BUDGET and oh > 0 and ow > 0:
            break
    in_shape, out_shape = (1, 1, n * h * w, c), (1, 1, n * oh * ow, c)
    src, imposed = _cnn_input(rng, in_shape)
    scheme = imposed or (_sensible_scheme(n * oh * ow, c) if rng.random() < 0.5 else rng.choice(("hs", "bs", "ws")))
    out = Operand(out_shape, _chosen_by_ttnn(rng, scheme, out_shape, True))
    ir = (f"ttnn.max_pool2d %a0 {{batch_size = {n} : i64, input_height = {h} : i64, input_width = {w} : i64, "
          f"channels = {c} : i64, kernel_size = {R.array((k, k))}, stride = {R.array((s, s))}, "
          f"padding = {R.array((p, p))}}}")
    applied = None if imposed else R.capture.SCHEMES[scheme].upper()

    def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
        scheme_kw = getattr(t.TensorMemoryLayout, applied) if applied else None
        return t.max_pool2d(a[0], n, h, w, c, [k, k], [s, s], [p, p], [1, 1], applied_shard_scheme=scheme_kw)

    name = (f"max_pool2d {R.dims((n, h, w, c))} k{k}s{s}p{p} {src[2:]}->{scheme}"
            + ("" if legal else " (padding beyond half the kernel)"))
    return Case(name, "max_pool2d", (Operand(in_shape, src),), out, ir, call)


@dataclass(frozen=True)
class _Conv:
    n: int
    h: int
    w: int
    c: int
    o: int
    k: int
    s: int
    p: int

    def out_hw(self) -> tuple[int, int]:
        return _window_out(self.h, self.k, self.s, self.p), _window_out(self.w, self.k, self.s, self.p)

    def fits(self) -> bool:
        oh, ow = self.out_hw()
        return (self.n * self.h * self.w * self.c <= CNN_INPUT_BUDGET and self.n * oh * ow * self.o <= CNN_INPUT_BUDGET
                and self.o * self.c * self.k * self.k <= 5_000_000)


def _conv_layer(rng: random.Random, n: int) -> _Conv:
    """One convolution of a real network's kind (legal window)."""
    kind = rng.choices(("resnet", "vgg", "pointwise", "stem", "five", "any"), (30, 12, 18, 10, 10, 20))[0]
    if kind == "resnet":
        h, c = rng.choice(((56, 64), (28, 128), (14, 256), (7, 512)))
        return rng.choice((_Conv(n, h, h, c, c, 3, 1, 1), _Conv(n, h, h, c, 4 * c, 1, 1, 0),
                           _Conv(n, h, h, 4 * c, c, 1, 1, 0), _Conv(n, 2 * h, 2 * h, c, c, 3, 2, 1),
                           _Conv(n, 2 * h, 2 * h, 2 * c, 4 * c, 1, 2, 0)))
    if kind == "vgg":
        h, c = rng.choice(((112, 64), (56, 128), (56, 64), (28, 256), (28, 512), (14, 512)))
        return _Conv(n, h, h, c, rng.choice((c, 2 * c)), 3, 1, 1)
    if kind == "pointwise":
        chans = (16, 24, 32, 40, 64, 80, 96, 112, 160, 192, 320, 576, 960)
        h = rng.choice((112, 56, 28, 14, 7))
        return _Conv(n, h, h, rng.choice(chans), rng.choice(chans + (1280,)), 1, 1, 0)
    if kind == "stem":
        # 7x7 and 3x3 stems, 4x4 and 16x16 patchify stems (ConvNeXt, ViT) of a few channels.
        h, k, s, p = rng.choice(((224, 7, 2, 3), (112, 7, 2, 3), (224, 3, 2, 1), (128, 3, 2, 1), (224, 4, 4, 0),
                                 (224, 16, 16, 0)))
        return _Conv(n, h, h, rng.choice((3, 3, 4, 8, 16)), rng.choice((16, 32, 64, 96, 768)), k, s, p)
    if kind == "five":
        c = rng.choice((24, 40, 80, 112, 192, 240))
        h = rng.choice((56, 28, 14, 7, 30))
        return _Conv(n, h, h, c, rng.choice((c, 2 * c, 40, 80)), 5, rng.choice((1, 2)), 2)
    h = _side(rng, 5, 80)
    w = h if rng.random() < 0.7 else _side(rng, 5, 80)
    k = rng.choice((1, 1, 3, 3, 3, 5, 7))
    c = rng.choice((rng.randint(1, 512), 8 * rng.randint(1, 64), 32 * rng.randint(1, 16)))
    o = rng.choice((rng.randint(1, 512), 8 * rng.randint(1, 64), 32 * rng.randint(1, 16)))
    return _Conv(n, h, w, c, o, k, rng.choice((1, 1, 2)), rng.randint(0, min(3, k)))


def _conv_shape(rng: random.Random) -> _Conv:
    """A convolution of batch 1, 2 or 4 that fits the budget."""
    n = rng.choices((1, 2, 4), (70, 25, 5))[0]
    while True:
        conv = _conv_layer(rng, n)
        if conv.fits() and min(conv.out_hw()) > 0:
            return conv


def _conv_output(rng: random.Random, scheme: str, out_shape: Shape) -> tuple[str, str, str]:
    """(placement, dtype, what): an L1 result sharded by the scheme (nominal grid and shard: ttnn
    chooses them), a DRAM one (the IR names the scheme), now and then L1 interleaved or bfp8_b."""
    kind = rng.choices(("sharded", "dram", "l1", "bfp8_b"), (58, 32, 5, 5))[0]
    if kind == "dram":
        return "g:dram", "bf16", "dram"
    if kind == "l1":
        return "g:l1", "bf16", "l1"
    place = _chosen_by_ttnn(rng, scheme, out_shape, False)
    return place, "bfp8_b" if kind == "bfp8_b" else "bf16", scheme


def conv2d(rng: random.Random) -> Case:
    """ttnn.conv2d of a flattened NHWC activation with host weights (prepared in ``weights_dtype``)."""
    conv = _conv_shape(rng)
    oh, ow = conv.out_hw()
    # ~6% a stale in_channels: the activation holds other channels than the call says (ttnn rejects it
    # from DRAM and in the matmul; an L1 input of more channels runs).
    held = conv.c + rng.choice((16, 32, conv.c)) if rng.random() < 0.06 else conv.c
    in_shape, out_shape = (1, 1, conv.n * conv.h * conv.w, held), (1, 1, conv.n * oh * ow, conv.o)
    src, imposed = _cnn_input(rng, in_shape)
    scheme = imposed or (_sensible_scheme(conv.n * oh * ow, max(conv.c, conv.o)) if rng.random() < 0.6
                         else rng.choice(("hs", "bs", "ws")))
    out_place, out_dtype, dst = _conv_output(rng, scheme, out_shape)
    weights = rng.choices(("bf16", "bfp8_b", "f32"), (55, 40, 5))[0]
    bias, relu = rng.random() < 0.8, rng.random() < 0.3
    return conv2d_case(conv, held, src, scheme, (out_place, out_dtype, dst), weights, bias, relu)


def conv2d_case(conv: _Conv, held: int, src: str, scheme: str, output: tuple[str, str, str], weights: str,
                bias: bool, relu: bool) -> Case:
    """The conv2d case of ``conv`` (its activation holding ``held`` channels, placed at ``src``) under
    ``scheme``, its output (placement, dtype, what) and weights' dtype as drawn."""
    oh, ow = conv.out_hw()
    n, h, w, c, o, k, s, p = conv.n, conv.h, conv.w, conv.c, conv.o, conv.k, conv.s, conv.p
    reject = f"the input holds {held} channels" if held != c else ""
    in_shape, out_shape = (1, 1, n * h * w, held), (1, 1, n * oh * ow, o)
    out_place, out_dtype, dst = output
    inputs = (Operand(in_shape, src), Operand((o, c, k, k), "g:dram", weights)) + (
        (Operand((1, 1, 1, o), "g:dram", weights),) if bias else ())
    attrs = [f"batch_size = {n} : i64", f"input_height = {h} : i64", f"input_width = {w} : i64",
             f"in_channels = {c} : i64", f"out_channels = {o} : i64", f"kernel_size = {R.array((k, k))}",
             f"stride = {R.array((s, s))}", f"padding = {R.array((p, p))}"]
    attrs += ['activation = "relu"'] if relu else []
    if _scheme(out_place) is None:
        attrs.append(f"shard_layout = #ttnn.memory_layout<{R.capture.SCHEMES[scheme]}>")
    ir = "ttnn.conv2d %a0, %a1" + (" bias %a2" if bias else "") + _attrs(attrs)
    sharded_out = _scheme(out_place) is not None

    def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
        import numpy as np

        host_w = t.Tensor(np.ones((o, c, k, k), dtype=np.float32), data_type=t.bfloat16, layout=t.ROW_MAJOR_LAYOUT)
        host_b = (t.Tensor(np.ones((1, 1, 1, o), dtype=np.float32), data_type=t.bfloat16, layout=t.ROW_MAJOR_LAYOUT)
                  if bias else None)
        config: dict[str, Any] = {"weights_dtype": _dtype(t, weights),
                                  "shard_layout": getattr(t.TensorMemoryLayout, R.capture.SCHEMES[scheme].upper())}
        if relu:
            config["activation"] = t.UnaryWithParam(t.UnaryOpType.RELU)
        extra: dict[str, Any] = {} if sharded_out else {"memory_config": mc[out_place]}
        if out_dtype != "bf16":
            extra["dtype"] = _dtype(t, out_dtype)
        return t.conv2d(input_tensor=a[0], weight_tensor=host_w, bias_tensor=host_b, device=dev, in_channels=c,
                        out_channels=o, batch_size=n, input_height=h, input_width=w, kernel_size=(k, k),
                        stride=(s, s), padding=(p, p), conv_config=t.Conv2dConfig(**config), **extra)

    name = (f"conv2d {R.dims((n, h, w, c))}->{o} k{k}s{s}p{p} {src[2:]}->{dst}"
            + (f" {out_dtype}" if out_dtype != "bf16" else "") + (f" w {weights}" if weights != "bf16" else "")
            + ("" if bias else " no bias") + (" relu" if relu else "") + (f" ({reject})" if reject else ""))
    return Case(name, "conv2d", inputs, Operand(out_shape, out_place, out_dtype), ir, call)


# ---------------------------------------------------------------------------------------------
# Transformer ops: rotary embedding, scaled dot-product attention.
# ---------------------------------------------------------------------------------------------

# Head dims (weighted): ttnn's rotary takes one tile or an even number of tiles (80 and 96 are
# rejected), its SDPA whole tiles (80 is rejected).
ROTARY_HEAD_DIMS = ((64, 128, 32, 256, 48, 16, 96, 80), (30, 30, 8, 8, 6, 3, 5, 5))
ATTENTION_HEAD_DIMS = ((64, 128, 32, 96, 256, 160, 80), (30, 30, 8, 8, 8, 3, 5))
HEADS = (1, 2, 4, 8, 8, 12, 16, 32)


def _sequence(rng: random.Random, high: int = 2048) -> int:
    """A sequence length: a power of two, a tile multiple, or any length (prompts are not aligned)."""
    return rng.choice((rng.choice([s for s in (128, 256, 512, 1024, 2048) if s <= high]),
                       R.dim(rng, 32, high, 0.7), rng.randint(1, min(high, 600))))


def _table_seq(rng: random.Random, seq: int) -> tuple[int, str]:
    """The cos / sin tables' rows: the sequence, or a longer cache of max positions; ~4% shorter than
    the sequence (a rejection)."""
    if rng.random() < 0.04 and seq > 32:
        return seq - rng.choice((1, 32)), "tables shorter than the sequence"
    if rng.random() < 0.55:
        return seq, ""
    return max(seq, rng.choice((512, 1024, 2048, 4096, R.TILE * R.tiles(seq)))), ""


def _rotary_placements(rng: random.Random, x: Shape, dtype: str) -> tuple[str, str]:
    """(input, output): interleaved mostly, height sharded now and then (either side or both), width or
    block sharded rarely (ttnn takes interleaved or height sharded only)."""
    schemes = ("hs", "hs", "hs", "ws", "bs")
    src = _maybe_sharded(rng, x, 0.15, schemes=schemes, dtype=dtype)
    if _scheme(src) is not None and rng.random() < 0.6:
        return src, src
    return src, _maybe_sharded(rng, x, 0.15, schemes=schemes, dtype=dtype)


def rotary_embedding(rng: random.Random) -> Case:
    """ttnn.experimental.rotary_embedding of [B, H, S, D] (or [H, S, D]) with [1, 1, S', D] tables."""
    while True:
        d, heads, seq = rng.choices(*ROTARY_HEAD_DIMS)[0], rng.choice(HEADS), _sequence(rng)
        batch = rng.choice((1, 1, 1, 2, 4))
        x = (batch, heads, seq, d) if rng.random() < 0.85 else (heads, seq, d)
        table_seq, reject = _table_seq(rng, seq)
        table_d = d if rng.random() > 0.02 else d // 2
        table = (1, 1, table_seq, table_d)
        if _elements(x, x, table, table) <= BUDGET:
            break
    dtype = rng.choice(R.TILED_DTYPES)
    table_dtype = dtype if rng.random() < 0.8 else rng.choice(("bf16", "bf16", "f32", "bfp8_b"))
    src, dst = _rotary_placements(rng, x, dtype)
    table_place = _interleaved(rng, 0.4) if rng.random() > 0.03 else (R.sharded(rng, table, "hs") or "g:l1")
    tables = Operand(table, table_place, table_dtype)
    inputs = (Operand(x, src, dtype), tables, tables)
    out = Operand(x, dst, dtype)
    name = (f"rotary_embedding {R.describe(inputs[0])} tables {R.describe(inputs[1])} -> {R.describe(out)}"
            + (f" ({reject})" if reject else "") + (" (table head_dim)" if table_d != d else ""))
    return Case(name, "rotary embedding", inputs, out, "ttnn.rotary_embedding %a0, %a1, %a2",
                lambda t, dev, mc, a: t.experimental.rotary_embedding(a[0], a[1], a[2], memory_config=mc[dst]))


def _kv_heads(rng: random.Random, hq: int) -> int:
    """Multi-head (Hkv = Hq), grouped-query (a divisor) or multi-query (1) attention."""
    divisors = [h for h in (1, 2, 4, 8) if hq % h == 0 and h < hq]
    return hq if not divisors or rng.random() < 0.5 else rng.choice(divisors)


def _attention_placement(rng: random.Random, shape: Shape, sharded: float, dtype: str) -> str:
    return _maybe_sharded(rng, shape, sharded, l1=0.3, dtype=dtype)


def attention(rng: random.Random) -> Case:
    """ttnn.transformer.scaled_dot_product_attention of q [B, Hq, Sq, D], k / v [B, Hkv, Sk, D]."""
    while True:
        d, hq, b = rng.choices(*ATTENTION_HEAD_DIMS)[0], rng.choice(HEADS + (64,)), rng.choice((1, 1, 2, 4))
        hkv, sq = _kv_heads(rng, hq), _sequence(rng)
        causal = rng.random() < 0.6
        # Self-attention (Sk = Sq; ~4% of causal calls with another Sk, which ttnn rejects) or cross.
        sk = sq if rng.random() < (0.96 if causal else 0.7) else _sequence(rng)
        q, kv = (b, hq, sq, d), (b, hkv, sk, d)
        if _elements(q, kv, kv, q) <= BUDGET:
            break
    dtype = rng.choices(("bf16", "bfp8_b", "f32"), (72, 22, 6))[0]
    kv_dtype = dtype if rng.random() < 0.8 else rng.choice(("bf16", "bfp8_b"))
    q_place, kv_place = _attention_placement(rng, q, 0.04, dtype), _attention_placement(rng, kv, 0.03, kv_dtype)
    out = Operand(q, _attention_placement(rng, q, 0.2, dtype), dtype)
    scale = rng.choice((0.125, round(1 / math.sqrt(d), 6), 0.1)) if rng.random() < 0.15 else None
    attrs = (["is_causal = true"] if causal else []) + ([f"scale = {scale} : f32"] if scale is not None else [])
    inputs = (Operand(q, q_place, dtype), Operand(kv, kv_place, kv_dtype), Operand(kv, kv_place, kv_dtype))

    def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
        return t.transformer.scaled_dot_product_attention(a[0], a[1], a[2], is_causal=causal, scale=scale,
                                                          memory_config=mc[out.placement])

    name = (f"sdpa q {R.describe(inputs[0])} kv {R.describe(inputs[1])} -> {R.describe(out)}"
            + (" causal" if causal else "") + (f" scale {scale}" if scale is not None else ""))
    return Case(name, "attention", inputs, out, "ttnn.scaled_dot_product_attention %a0, %a1, %a2" + _attrs(attrs),
                call)


# ---------------------------------------------------------------------------------------------
# Moreh backward ops: softmax and layer_norm.
# ---------------------------------------------------------------------------------------------

MOREH = "softmax/layer_norm backward (moreh)"


def _moreh_dtype(rng: random.Random, allowed: Sequence[str], others: Sequence[str], reject: float) -> str:
    return rng.choice(others) if rng.random() < reject else rng.choice(allowed)


def _softmax_backward(rng: random.Random) -> Case:
    """ttnn.moreh_softmax_backward(output, output_grad, dim): any rank, any dimension; bf16 / bfp8_b
    (~8% f32, which ttnn rejects)."""
    shape = R.shape(rng, inner_max=rng.choice((512, 1024, 1024, 4096)), max_elements=1 << 20)
    dim = rng.randrange(len(shape))
    dtype = _moreh_dtype(rng, ("bf16", "bf16", "bfp8_b"), ("f32",), 0.08)
    grad_dtype = dtype if rng.random() < 0.8 else rng.choice(("bf16", "bfp8_b"))
    src = _maybe_sharded(rng, shape, 0.15, dtype=dtype)
    grad_place = src if rng.random() < 0.7 else _maybe_sharded(rng, shape, 0.15, dtype=grad_dtype)
    dst = _maybe_sharded(rng, shape, 0.15, dtype=dtype)
    inputs = (Operand(shape, src, dtype), Operand(shape, grad_place, grad_dtype))
    out = Operand(shape, dst, dtype)
    name = f"moreh_softmax_backward {R.describe(inputs[0])}, {R.describe(inputs[1])} dim {dim} -> {R.describe(out)}"
    return Case(name, MOREH, inputs, out, f"ttnn.moreh_softmax_backward %a0, %a1 {{dim = {dim} : i64}}",
                lambda t, dev, mc, a: t.moreh_softmax_backward(a[0], a[1], dim, memory_config=mc[dst]))


def _canonical(dims_: Shape) -> Shape:
    """ttnn's canonical form of the statistics and parameters: at least [1, d]."""
    return (1,) * (2 - len(dims_)) + dims_ if len(dims_) < 2 else dims_


def _layer_norm_grads(rng: random.Random) -> tuple[str, ...]:
    """Which gradients a caller asks for (at least one; input_grad most often)."""
    while True:
        wanted = tuple(g for g, share in (("ig", 0.8), ("gg", 0.4), ("bg", 0.4)) if rng.random() < share)
        if wanted:
            return wanted


def _layer_norm_backward(rng: random.Random) -> Case:
    """ttnn.moreh_layer_norm_backward(dy, x, mean, rstd, normalized_dims, gamma=, input_grad=,
    gamma_grad=, beta_grad=), the gradients allocated by the call (in the capture: the op's results);
    bf16 (~8% bfp8_b / f32 and ~3% rank 1, which ttnn rejects)."""
    rank = 1 if rng.random() < 0.03 else rng.choice((2, 2, 3, 3, 4))
    shape = R.shape(rng, rank, max_elements=1 << 20, inner_max=rng.choice((512, 1024, 1024, 4096)))
    dims = min(rank, rng.choices((1, 2, 3, 4), (60, 25, 10, 5))[0])
    stats, params = _canonical(shape[:rank - dims]), _canonical(shape[rank - dims:])
    gamma, wanted = rng.random() < 0.5, _layer_norm_grads(rng)
    dtype = _moreh_dtype(rng, ("bf16",), ("bfp8_b", "f32"), 0.08)
    dy_place = _maybe_sharded(rng, shape, 0.12, dtype=dtype)
    x_place = dy_place if rng.random() < 0.7 else _maybe_sharded(rng, shape, 0.12, dtype=dtype)
    side_in, side_out = _interleaved(rng), _interleaved(rng)
    dx_place = _maybe_sharded(rng, shape, 0.12, dtype=dtype)
    inputs = (Operand(shape, dy_place, dtype), Operand(shape, x_place, dtype), Operand(stats, side_in, dtype),
              Operand(stats, side_in, dtype)) + ((Operand(params, side_in, dtype),) if gamma else ())
    outputs = tuple(Operand(shape, dx_place, dtype) if g == "ig" else Operand(params, side_out, dtype) for g in wanted)
    flags = {"gg": "gamma_grad", "bg": "beta_grad"}
    attrs = ([f"normalized_dims = {dims} : i64"] + ([] if "ig" in wanted else ["input_grad = false"])
             + [f"{flags[g]} = true" for g in wanted if g != "ig"])
    ir = "ttnn.moreh_layer_norm_backward %a0, %a1, %a2, %a3" + (" gamma %a4" if gamma else "") + _attrs(attrs)

    def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
        def empty(s: Shape, place: str) -> Any:
            return t.empty(list(s), _dtype(t, dtype), t.TILE_LAYOUT, dev, mc[place])

        return t.moreh_layer_norm_backward(
            a[0], a[1], a[2], a[3], dims, gamma=a[4] if gamma else None,
            input_grad=empty(shape, dx_place) if "ig" in wanted else None,
            gamma_grad=empty(params, side_out) if "gg" in wanted else None,
            beta_grad=empty(params, side_out) if "bg" in wanted else None)

    name = (f"moreh_layer_norm_backward dy {R.describe(inputs[0])} x {R.describe(inputs[1])} nd {dims}"
            + (" gamma" if gamma else "") + f" stats {side_in[2:]} grads {','.join(wanted)} -> "
            + ", ".join(R.describe(o) for o in outputs))
    return Case(name, MOREH, inputs, outputs[0] if len(outputs) == 1 else outputs, ir, call)


def moreh_backward(rng: random.Random) -> Case:
    """The moreh softmax or layer_norm backward, half each."""
    return _softmax_backward(rng) if rng.random() < 0.5 else _layer_norm_backward(rng)


GENERATORS = {
    "matmul": matmul,
    "linear": linear,
    "max_pool2d": max_pool2d,
    "conv2d": conv2d,
    "rotary embedding": rotary_embedding,
    "attention": attention,
    MOREH: moreh_backward,
}
