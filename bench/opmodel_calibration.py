"""Op-model calibration against ttnn 0.81.1 on tt-metal's mock Wormhole and Blackhole devices: the
fixed cases.

Every case of CASES ran as the real ttnn op on both mock devices (bench/opmodel_capture.py), and ttnn's
answers are recorded in test/data/opmodel/calibration.json; test/python/test_opmodel_calibration.py
compares the op model with the recording in ``make test`` (seconds) and re-runs one case per family
live, so a ttnn that answers differently is still caught. DIFFERENCES (Wormhole) and
BLACKHOLE_DIFFERENCES list the cases where the analytical model deliberately keeps another answer,
with the reason. bench/opmodel_random.py draws held-out cases at random.

    .venv/bin/python bench/opmodel_calibration.py --record [--family F ...] [--device D]
        run the cases on the mock devices (both by default) and record ttnn's answers
        (a family run replaces that family's cases in the recording)
    .venv/bin/python bench/opmodel_calibration.py [--family F ...] [--device D]
        compare the model with the recording and print the tables (no ttnn; seconds)
    .venv/bin/python bench/opmodel_calibration.py --write-docs
        the agreement tables of docs/op-model.md, from the recording and today's model

``make calibrate`` records the fixed cases and a fresh random draw and writes the docs' tables.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]


if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))
import opmodel_capture as capture  # noqa: E402

_sibling = capture._sibling
Case, Operand, CaseTable = capture.Case, capture.Operand, capture.CaseTable
DEVICES, FIELDS = capture.DEVICES, capture.FIELDS
RECORDING = capture.DATA / "calibration.json"

# Transformer-layer compute ops (activations, pow, gelu_bw, norms).
compute = _sibling("opmodel_cases_compute")
# permute, pad, embedding, argmax.
data = _sibling("opmodel_cases_data")
# ttnn.linear (bias, activation) and sharded matmul program configs.
matmul_cases = _sibling("opmodel_cases_matmul")
# CNN ops (max_pool2d).
cnn = _sibling("opmodel_cases_cnn")

# Placements of the cases, as #ttnn.layout attributes and as ttnn memory configs (built in the
# child). "hs": 28672x32 bf16 = 896 tiles, 14 per core on the 8x8 grid (reference row 3).
LAYOUTS = {
    "dram": "#ttnn.layout<dram, interleaved, bf16>",
    "l1": "#ttnn.layout<l1, interleaved, bf16>",
    "hs": "#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>",
    "dram_f32": "#ttnn.layout<dram, interleaved, f32>",
    "l1_f32": "#ttnn.layout<l1, interleaved, f32>",
    "dram_bfp8": "#ttnn.layout<dram, interleaved, bfp8_b>",
    "l1_bfp8": "#ttnn.layout<l1, interleaved, bfp8_b>",
    # 256x1024 bf16 block sharded on 4 rows x 8 columns of cores, 64x128 per core (8 tiles).
    "bs": "#ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x128>",
    "hs_f32": "#ttnn.layout<l1, height_sharded, f32, grid = 8x8, shard = 448x32>",
    **compute.LAYOUTS,
    **matmul_cases.LAYOUTS,
    **cnn.LAYOUTS,
}

X = (64, 1024)
D, L, HS = "dram", "l1", "hs"


def _unary(op: str, src: str, dst: str, shape=X) -> Case:
    return Case(f"{op} {'x'.join(map(str, shape))} {src}->{dst}", "unary eltwise", (Operand(shape, src),),
                Operand(shape, dst), f"ttnn.{op} %a0", lambda t, dev, mc, a: getattr(t, op)(a[0], memory_config=mc[dst]))


def _binary(op: str, srcs: tuple[str, str], dst: str) -> Case:
    return Case(f"{op} 64x1024 {srcs[0]},{srcs[1]}->{dst}", "binary eltwise", (Operand(X, srcs[0]), Operand(X, srcs[1])),
                Operand(X, dst), f"ttnn.{op} %a0, %a1", lambda t, dev, mc, a: getattr(t, op)(a[0], a[1], memory_config=mc[dst]))


def _reduce(op: str, shape: tuple[int, ...], dim: int, src: str = D, dst: str = D) -> Case:
    out = tuple(1 if i == dim else d for i, d in enumerate(shape))
    return Case(f"{op} {'x'.join(map(str, shape))} dim {dim} keepdim {src}->{dst}", "reduction", (Operand(shape, src),),
                Operand(out, dst), f"ttnn.{op} %a0 {{dim_arg = array<i64: {dim}>, keep_dim = true}}",
                lambda t, dev, mc, a: getattr(t, op)(a[0], dim=dim, keepdim=True, memory_config=mc[dst]))


def _reduction(op: str, shape: tuple[int, ...], dims: tuple[int, ...] | None, keepdim: bool, src: str, dst: str,
               dtype: str = "bf16") -> Case:
    """``op`` over ``dims`` (None: every dimension) in generated placements (``g:...``)."""
    rank = len(shape)
    axes = set(range(rank)) if dims is None else {d % rank for d in dims}
    out = tuple(1 if i in axes else d for i, d in enumerate(shape) if keepdim or i not in axes)
    attrs = ([f"dim_arg = array<i64: {', '.join(map(str, dims))}>"] if dims is not None else []) + (
        ["keep_dim = true"] if keepdim else [])
    what = "all dims" if dims is None else f"dims {list(dims)}"
    name = (f"{op} {'x'.join(map(str, shape))} {what}{' keepdim' if keepdim else ''} {src[2:]}->{dst[2:]}"
            + (f" {dtype}" if dtype != "bf16" else ""))
    kwargs: dict = {"keepdim": keepdim}
    if dims is not None:
        kwargs["dim"] = dims[0] if len(dims) == 1 else list(dims)
    return Case(name, "reduction", (Operand(shape, src, dtype),), Operand(out, dst, dtype),
                f"ttnn.{op} %a0" + (f" {{{', '.join(attrs)}}}" if attrs else ""),
                lambda t, dev, mc, a: getattr(t, op)(a[0], memory_config=mc[dst], **kwargs))


# The reduction and softmax cases ttnn 0.81.1 rejects: the sharded fill-pad of a tensor with leading
# dimensions (N_slices == 1), a last dimension that is not a tile multiple into narrower output shards, and
# row-major softmax inputs.
REDUCTION_REJECTED = ("min 2x4x928x187 dims [-4] hs:6x4:320x192->l1", "softmax 64x300 g:dram->g:ws:1x2:64x160",
                      "softmax 64x64 dim -1 row_major", "softmax 2x3x40x50 dim 2 row_major",
                      # fast_reduce_nc's result (or a transpose's) in the output's shards, which do not cover it.
                      "sum 4x256x512 dims [0, 2] keepdim dram->hs:8x1:32x32",
                      "sum 4x256x512 dims [0, 1] keepdim dram->ws:1x4:32x128",
                      "max 2x96x640 dims [0, 2] keepdim l1->hs:3x1:32x32")


def _softmax(width: int) -> Case:
    shape = (64, width)
    return Case(f"softmax 64x{width} l1 (Wt={width // 32})", "softmax", (Operand(shape, L),), Operand(shape, L),
                "ttnn.softmax %a0 {dimension = -1 : si32}", lambda t, dev, mc, a: t.softmax(a[0], dim=-1, memory_config=mc[L]))


def _sharded_softmax(shape: tuple[int, int], src: str, dst: str, dtype: str) -> Case:
    # Named placements carry the data type in a suffix; generated ones (g:...) in the operand.
    suffix = "" if src.startswith("g:") else {"bf16": "", "f32": "_f32", "bfp8_b": "_bfp8"}[dtype]
    name = f"softmax {shape[0]}x{shape[1]} {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
    return Case(name, "softmax", (Operand(shape, src + suffix, dtype),), Operand(shape, dst + suffix, dtype),
                "ttnn.softmax %a0 {dimension = -1 : si32}",
                lambda t, dev, mc, a: t.softmax(a[0], dim=-1, memory_config=mc[dst + suffix]))


def _transpose(shape: tuple[int, ...], dims: tuple[int, int], src: str, dst: str, dtype: str | None = None) -> Case:
    """``dtype`` for generated placements ("g:l1:rm"); named ones carry theirs in a suffix."""
    out = list(shape)
    out[dims[0]], out[dims[1]] = out[dims[1]], out[dims[0]]
    name = f"transpose {'x'.join(map(str, shape))} dims {dims[0]}, {dims[1]} {src}->{dst}"
    if dtype is not None and dtype != "bf16":
        name += f" {dtype}"
    dtype = dtype or ("f32" if src.endswith("_f32") else "bfp8_b" if src.endswith("_bfp8") else "bf16")
    return Case(name, "transpose", (Operand(shape, src, dtype),), Operand(tuple(out), dst, dtype),
                f"ttnn.transpose %a0 {{dim0 = {dims[0]} : si32, dim1 = {dims[1]} : si32}}",
                lambda t, dev, mc, a: t.transpose(a[0], dims[0], dims[1], memory_config=mc[dst]))


def _matmul(m: int, k: int, n: int, place: str) -> Case:
    return Case(f"matmul {m}x{k}x{n} {place}", "matmul", (Operand((m, k), place), Operand((k, n), place)),
                Operand((m, n), place), "ttnn.matmul %a0, %a1", lambda t, dev, mc, a: t.matmul(a[0], a[1], memory_config=mc[place]))


def _mm(mt: int, kt: int, nt: int, inp: str, out: str, dtype: str = "bf16", batch: tuple[int, ...] = (),
        b_batch: tuple[int, ...] = (), transpose_b: bool = False) -> Case:
    """The matmul sweep: M, K, N in tiles; ``inp`` places both operands, ``out`` the output ("dram" or "l1");
    ``batch`` / ``b_batch`` are the operands' leading dimensions; ``transpose_b`` stores b as N x K."""
    suffix = {"bf16": "", "f32": "_f32", "bfp8_b": "_bfp8"}[dtype]
    m, k, n = 32 * mt, 32 * kt, 32 * nt
    shape = lambda dims: "x".join(map(str, dims))  # noqa: E731
    name = f"matmul Mt Kt Nt {mt} {kt} {nt} {inp}->{out}"
    if dtype != "bf16":
        name += f" {dtype}"
    if batch or b_batch:
        name += f" ({shape(batch + (m, k))} . {shape(b_batch + (k, n))})"
    b_dims = (n, k) if transpose_b else (k, n)
    if transpose_b:
        name += " transpose_b"
    return Case(name, "matmul", (Operand(batch + (m, k), inp + suffix, dtype), Operand(b_batch + b_dims, inp + suffix, dtype)),
                Operand(batch + (m, n), out + suffix, dtype),
                "ttnn.matmul %a0, %a1" + (" {transpose_b = true}" if transpose_b else ""),
                lambda t, dev, mc, a: t.matmul(a[0], a[1], memory_config=mc[out], transpose_b=transpose_b))


# Matmul program-config sweep (docs/op-model.md, "Matmul program configs"): one or more cases per branch
# of the rule, chosen from the 633-shape sweep the rule was derived from.
MATMUL_SWEEP = (
    # Every tensor in DRAM: 1-D when narrow (ratio > 8) or M or N is one tile, else 2-D on 8x8, w = Kt / 8.
    _mm(3, 8, 32, D, D), _mm(32, 8, 3, D, D), _mm(1, 8, 64, D, D), _mm(64, 3, 1, D, D), _mm(1, 1, 1, D, D),
    _mm(3, 3, 3, D, D), _mm(3, 8, 24, D, D), _mm(24, 8, 3, D, D), _mm(16, 48, 16, D, D), _mm(16, 18, 16, D, D),
    _mm(8, 32, 64, D, D), _mm(64, 32, 8, D, D),
    # An L1 output: MultiCore, 1-D or 2-D with 16x16 blocks.
    _mm(8, 8, 8, D, L), _mm(16, 8, 16, D, L), _mm(3, 32, 16, D, L), _mm(1, 8, 16, D, L), _mm(16, 8, 1, D, L),
    _mm(1, 3, 16, D, L), _mm(24, 1, 16, D, L), _mm(3, 3, 24, D, L), _mm(16, 8, 24, D, L), _mm(24, 3, 24, D, L),
    _mm(32, 8, 64, D, L), _mm(64, 1, 24, D, L), _mm(160, 2, 160, D, L),
    # L1 inputs: the 16x16 block while its CBs plus the inputs' per-bank bytes fit the budget, else 8x8.
    _mm(40, 32, 40, L, L), _mm(24, 32, 56, L, D), _mm(24, 32, 60, L, D), _mm(32, 48, 32, L, D), _mm(24, 8, 16, L, L),
    _mm(16, 8, 16, L, L),
    # f32: the 16x16 block never fits, 8x8.
    _mm(64, 32, 64, D, D, "f32"), _mm(16, 8, 16, D, L, "f32"), _mm(24, 8, 24, D, L, "f32"), _mm(8, 8, 8, D, L, "f32"),
    # bfp8_b output: one more CB, the partials block in bf16 (outside the block budget).
    _mm(24, 8, 3, D, D, "bfp8_b"), _mm(3, 3, 24, D, L, "bfp8_b"), _mm(64, 32, 64, D, L, "bfp8_b"),
    _mm(16, 8, 16, D, L, "bfp8_b"),
    # transpose_b: the rule applies to the transposed shape.
    _mm(24, 8, 24, D, D, transpose_b=True), _mm(3, 3, 24, D, L, transpose_b=True),
    # Batched: the CBs of one matrix.
    _mm(64, 32, 64, D, L, batch=(2,)), _mm(24, 8, 24, D, L, batch=(2,), b_batch=(2,)),
    _mm(16, 8, 16, D, D, batch=(3, 2)), _mm(1, 8, 64, D, L, batch=(2,)),
    # Mt > 8 x 16: outside the derived rule (see DIFFERENCES).
    _mm(160, 2, 160, D, D),
)


def _fill(op: str, place: str, attrs: str = "", *value: float) -> Case:
    return Case(f"{op} 64x1024 {place}", "creation", (), Operand(X, place), f"ttnn.{op}{attrs}",
                lambda t, dev, mc, a: getattr(t, op)([64, 1024], *value, dtype=t.bfloat16, layout=t.TILE_LAYOUT,
                                                     device=dev, memory_config=mc[place]))


# The data-movement ops' and the mixed-sharding binary cases live beside this file; they take the
# records above.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from opmodel_cases_layout import (  # noqa: E402
    CONCAT_LAYOUTS, ROW_MAJOR_LAYOUTS, TO_LAYOUT_DIFFERENCES, SHARDED_LAYOUTS, concat_memory_configs,
    REJECTED as LAYOUT_REJECTED, REJECTED_ON_BLACKHOLE as LAYOUT_REJECTED_ON_BLACKHOLE,
    layout_cases, mixed_sharding_cases, to_layout_cases, sharded_memory_configs)

LAYOUTS.update(ROW_MAJOR_LAYOUTS)
LAYOUTS.update(CONCAT_LAYOUTS)
LAYOUTS.update(SHARDED_LAYOUTS)
LAYOUTS.update(data.LAYOUTS)
# Every row-major placement: built as row-major host tensors in the child.
ROW_MAJOR = {**ROW_MAJOR_LAYOUTS, **data.LAYOUTS}


def memory_configs(ttnn: Any, dev: Any) -> dict[str, Any]:
    """The ttnn memory configs of LAYOUTS (in the mock-device child). A memory config carries no data
    type: the *_f32 / *_bfp8 placements share the bf16 ones."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))])
    hs = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(grid, [448, 32], ttnn.ShardOrientation.ROW_MAJOR))
    block_grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 3))])
    bs = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.BLOCK_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(block_grid, [64, 128], ttnn.ShardOrientation.ROW_MAJOR))
    return {"dram": ttnn.DRAM_MEMORY_CONFIG, "l1": ttnn.L1_MEMORY_CONFIG, "hs": hs, "bs": bs, "hs_f32": hs,
            "dram_f32": ttnn.DRAM_MEMORY_CONFIG, "l1_f32": ttnn.L1_MEMORY_CONFIG,
            "dram_bfp8": ttnn.DRAM_MEMORY_CONFIG, "l1_bfp8": ttnn.L1_MEMORY_CONFIG,
            **compute.memory_configs(ttnn), **matmul_cases.memory_configs(ttnn),
            **cnn.memory_configs(ttnn), **concat_memory_configs(ttnn), **sharded_memory_configs(ttnn),
            **{name: ttnn.L1_MEMORY_CONFIG if name.startswith("l1") else ttnn.DRAM_MEMORY_CONFIG
               for name in ROW_MAJOR}}


TABLE = CaseTable(LAYOUTS, frozenset(ROW_MAJOR), memory_configs)

CASES: tuple[Case, ...] = (
    _unary("relu", D, D), _unary("relu", D, L), _unary("relu", L, L),
    _unary("relu", HS, HS, (28672, 32)), _unary("relu", HS, L, (28672, 32)), _unary("relu", L, HS, (28672, 32)),
    _unary("exp", "bs", "bs", (256, 1024)),
    # Sharded <-> interleaved: ttnn 0.81.1 streams the shard through 2-page CBs (docs/op-model.md).
    _unary("relu", HS, D, (28672, 32)), _unary("relu", D, HS, (28672, 32)),
    _unary("exp", "bs", L, (256, 1024)), _unary("exp", L, "bs", (256, 1024)), _unary("exp", "bs", D, (256, 1024)),
    Case("relu 28672x32 f32 hs->l1", "unary eltwise", (Operand((28672, 32), "hs_f32", "f32"),),
         Operand((28672, 32), "l1_f32", "f32"), "ttnn.relu %a0", lambda t, dev, mc, a: t.relu(a[0], memory_config=mc[L])),
    Case("relu 28672x32 f32 l1->hs", "unary eltwise", (Operand((28672, 32), "l1_f32", "f32"),),
         Operand((28672, 32), "hs_f32", "f32"), "ttnn.relu %a0",
         lambda t, dev, mc, a: t.relu(a[0], memory_config=mc["hs_f32"])),
    *(_unary(op, L, L) for op in ("sqrt", "exp", "tanh", "neg", "abs", "rsqrt", "cbrt")),
    Case("relu 64x1024 f32 dram->dram", "unary eltwise", (Operand(X, "dram_f32", "f32"),),
         Operand(X, "dram_f32", "f32"), "ttnn.relu %a0", lambda t, dev, mc, a: t.relu(a[0], memory_config=mc[D])),
    Case("exp 64x1024 bfp8_b l1->l1", "unary eltwise", (Operand(X, "l1_bfp8", "bfp8_b"),),
         Operand(X, "l1_bfp8", "bfp8_b"), "ttnn.exp %a0", lambda t, dev, mc, a: t.exp(a[0], memory_config=mc[L])),
    *(_binary(op, (D, D), D) for op in ("add", "subtract", "multiply", "maximum", "minimum")),
    _binary("add", (L, L), L), _binary("add", (D, L), L), _binary("multiply", (L, D), L),
    Case("add 28672x32 hs,hs->hs", "binary eltwise", (Operand((28672, 32), HS),) * 2, Operand((28672, 32), HS),
         "ttnn.add %a0, %a1", lambda t, dev, mc, a: t.add(a[0], a[1], memory_config=mc[HS])),
    Case("multiply 256x1024 bs,bs->bs", "binary eltwise", (Operand((256, 1024), "bs"),) * 2,
         Operand((256, 1024), "bs"), "ttnn.multiply %a0, %a1",
         lambda t, dev, mc, a: t.multiply(a[0], a[1], memory_config=mc["bs"])),
    Case("add 64x1024 + 1x1024 (broadcast) l1", "binary eltwise", (Operand(X, L), Operand((1, 1024), L)),
         Operand(X, L), "ttnn.add %a0, %a1", lambda t, dev, mc, a: t.add(a[0], a[1], memory_config=mc[L])),
    Case("multiply 2x64x1024 * 64x1024 (broadcast) dram", "binary eltwise",
         (Operand((2, 64, 1024), D), Operand(X, D)), Operand((2, 64, 1024), D), "ttnn.multiply %a0, %a1",
         lambda t, dev, mc, a: t.multiply(a[0], a[1], memory_config=mc[D])),
    Case("add 64x1024 + 2048x2048 (incompatible)", "binary eltwise", (Operand(X, D), Operand((2048, 2048), D)),
         Operand(X, D), "ttnn.add %a0, %a1", lambda t, dev, mc, a: t.add(a[0], a[1], memory_config=mc[D])),
    Case("where 64x1024 dram", "where", (Operand(X, D),) * 3, Operand(X, D), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[D])),
    Case("where 64x1024 l1", "where", (Operand(X, L),) * 3, Operand(X, L), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[L])),
    Case("where 64x1024 with a 1x1024 operand l1", "where", (Operand(X, L), Operand((1, 1024), L), Operand(X, L)),
         Operand(X, L), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[L])),
    # where with broadcast operands (each position, several, f32, DRAM).
    Case("where 64x1024 with a 1x1024 condition l1", "where", (Operand((1, 1024), L), Operand(X, L), Operand(X, L)),
         Operand(X, L), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[L])),
    Case("where 64x1024 with a 64x1 third operand dram", "where", (Operand(X, D), Operand(X, D), Operand((64, 1), D)),
         Operand(X, D), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[D])),
    Case("where 64x1024 with two 1x1024 operands l1", "where",
         (Operand(X, L), Operand((1, 1024), L), Operand((1, 1024), L)), Operand(X, L), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[L])),
    Case("where 64x1024 f32 with a 1x1024 operand dram", "where",
         (Operand(X, "dram_f32", "f32"), Operand((1, 1024), "dram_f32", "f32"), Operand(X, "dram_f32", "f32")),
         Operand(X, "dram_f32", "f32"), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[D])),
    Case("where 2x64x1024 with a 64x1024 operand dram", "where",
         (Operand((2, 64, 1024), D), Operand(X, D), Operand((2, 64, 1024), D)), Operand((2, 64, 1024), D),
         "ttnn.where %a0, %a1, %a2", lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[D])),
    Case("where 64x1024 with a 1x1 operand l1", "where", (Operand(X, L), Operand(X, L), Operand((1, 1), L)),
         Operand(X, L), "ttnn.where %a0, %a1, %a2",
         lambda t, dev, mc, a: t.where(a[0], a[1], a[2], memory_config=mc[L])),
    *(_reduce(op, X, 1) for op in ("sum", "mean", "max", "min")),
    _reduce("sum", X, 0), _reduce("sum", (64, 64), 1), _reduce("sum", (64, 96), 1), _reduce("sum", (64, 128), 1),
    _reduce("max", X, 0, L, L), _reduce("sum", (2, 64, 1024), 0), _reduce("sum", (8, 64, 64), 0),
    _reduce("mean", (8, 64, 64), 0),
    # Sharded inputs of one-dimension reductions: the interleaved program.
    _reduce("sum", (4096, 128), 1, "tl_hs"), _reduce("sum", (4096, 128), 0, "tl_hs"),
    _reduce("max", (256, 1024), 1, "tl_bs"), _reduce("mean", (256, 1024), 1, "tl_ws", L),
    _reduce("min", (256, 1024), 0, "tl_bs", L),
    # Several dimensions including the last two: a row reduction, then a column reduction.
    *(Case(f"{op} 2x64x1024 dims [1, 2] keepdim dram", "reduction", (Operand((2, 64, 1024), D),),
           Operand((2, 1, 1), D), f"ttnn.{op} %a0 {{dim_arg = array<i64: 1, 2>, keep_dim = true}}",
           lambda t, dev, mc, a, op=op: getattr(t, op)(a[0], dim=[1, 2], keepdim=True, memory_config=mc[D]))
      for op in ("sum", "mean", "max")),
    *(Case(f"{op} 64x1024 all dims {place}", "reduction", (Operand(X, place, dt),), Operand((), place, dt),
           f"ttnn.{op} %a0", lambda t, dev, mc, a, op=op: getattr(t, op)(a[0], memory_config=mc[D]))
      for op, place, dt in (("mean", D, "bf16"), ("max", D, "bf16"), ("sum", "dram_f32", "f32"),
                            ("sum", "dram_bfp8", "bfp8_b"))),
    Case("sum 64x96 all dims dram", "reduction", (Operand((64, 96), D),), Operand((), D), "ttnn.sum %a0",
         lambda t, dev, mc, a: t.sum(a[0], memory_config=mc[D])),
    _reduce("sum", (2, 3, 64, 64), 1), _reduce("sum", (2, 64, 1024), 1),
    Case("sum 64x1024 all dims dram", "reduction", (Operand(X, D),), Operand((), D), "ttnn.sum %a0",
         lambda t, dev, mc, a: t.sum(a[0], memory_config=mc[D])),
    Case("sum 64x1024 dims [1, 2] (out of range)", "reduction", (Operand(X, D),), Operand((64,), D),
         "ttnn.sum %a0 {dim_arg = array<i64: 1, 2>}", lambda t, dev, mc, a: t.sum(a[0], dim=[1, 2], memory_config=mc[D])),
    # ttnn 0.81.1's composite: fill-pad of tile padding (bfp8_b through bf16), fast_reduce_nc and its slice,
    # W / H / split H / HW programs, outer dimensions through transposes, the final reshape, row-major
    # programs, bfp8_b min's negating programs, sharded inputs and outputs (Reduction.cpp).
    *(_reduction(*spec) for spec in (
        ("min", (1, 640, 388), (1,), False, "g:dram", "g:dram"),
        ("sum", (640, 64), (0,), True, "g:dram", "g:l1"),
        ("sum", (640, 64), (0,), True, "g:dram", "g:dram", "f32"),
        ("mean", (640, 64), (0,), True, "g:l1", "g:dram", "bfp8_b"),
        ("max", (3, 640, 64), (1,), True, "g:dram", "g:l1"),
        ("max", (640, 64), (0,), True, "g:dram", "g:dram", "bfp8_b"),
        ("sum", (544, 735), (1,), False, "g:l1", "g:l1", "bfp8_b"),
        ("mean", (672, 943), (-1,), True, "g:l1", "g:l1", "bfp8_b"),
        ("min", (64, 256), (0,), True, "g:dram", "g:dram", "bfp8_b"),
        ("min", (130, 64, 32), (1,), True, "g:dram", "g:dram", "bfp8_b"),
        ("min", (300, 32, 32), (2,), True, "g:dram", "g:dram", "bfp8_b"),
        ("min", (64, 96), None, True, "g:dram", "g:dram", "bfp8_b"),
        ("max", (3, 170, 18), (0,), True, "g:dram", "g:l1"),
        ("max", (2, 3, 64, 96), (0,), False, "g:dram", "g:l1"),
        ("mean", (2, 3, 64, 96), (1,), True, "g:dram", "g:l1", "bfp8_b"),
        ("sum", (2, 3, 64, 96), (0, 1), True, "g:dram", "g:dram"),
        ("sum", (3, 70, 96), (0, 1), True, "g:dram", "g:l1"),
        ("sum", (2, 3, 64, 96), (0, 1, 3), True, "g:dram", "g:dram", "bfp8_b"),
        ("sum", (1, 224, 512), (0, 1, 2), True, "g:dram", "g:l1"),
        ("max", (64, 96), (1,), False, "g:dram", "g:l1"),
        ("mean", (128, 224), (-1,), False, "g:l1", "g:dram", "bfp8_b"),
        ("sum", (138, 138), (-1,), False, "g:ws:2x1:160x96", "g:l1", "bfp8_b"),
        ("max", (1, 128, 950), None, False, "g:l1", "g:dram", "bfp8_b"),
        ("min", (4, 4, 928, 96), None, True, "g:l1", "g:l1"),
        ("sum", (4, 96, 73), (2,), False, "g:l1:rm", "g:l1:rm"),
        ("mean", (4, 160, 86), (1,), True, "g:l1:rm", "g:l1:rm"),
        ("sum", (4, 96, 300), (2,), True, "g:dram:rm", "g:dram:rm", "f32"),
        ("min", (158, 232), (0,), True, "g:l1:rm", "g:dram:rm"),
        ("max", (4, 96, 73), (1,), True, "g:l1:rm", "g:l1:rm", "f32"),
        ("sum", (448, 191), (1,), True, "g:ws:1x2:448x96", "g:ws:1x1:448x32"),
        ("sum", (448, 192), (0,), True, "g:dram", "g:ws:1x6:32x32"),
        ("max", (480,), (0,), False, "g:hs:1x1:32x480", "g:dram", "bfp8_b"),
        ("min", (2, 4, 928, 187), (-4,), False, "g:hs:6x4:320x192", "g:l1"),
        ("mean", (911,), None, False, "g:bs:1x7:32x160", "g:dram", "f32"),
        ("mean", (4, 384, 32), (0, 2), True, "g:l1", "g:l1"),
        ("sum", (96,), (0,), False, "g:l1:rm", "g:l1:rm"),
        ("mean", (4, 4, 320, 70), (-1,), False, "g:dram", "g:dram"),
        ("sum", (4096, 128), (1,), True, "g:hs:8x8:64x128", "g:hs:8x8:64x32"),
        ("sum", (1024, 256), (0,), True, "g:ws:1x4:1024x64", "g:ws:1x4:32x64"),
        # Row-major: fast_reduce_nc's tilize where the result goes and its slice to the logical width; a
        # reduce program's tilized input freed when that program ends.
        ("sum", (1, 96, 226), (0,), True, "g:dram:rm", "g:l1:rm"),
        ("max", (1, 375, 192), None, False, "g:l1:rm", "g:l1:rm"),
        ("max", (1, 375, 192), (-1,), False, "g:l1:rm", "g:dram:rm"),
        # The dense row-major H program in one program at 12 tile rows; output shards with idle cores.
        ("sum", (1, 384, 160), (-2,), True, "g:dram:rm", "g:l1:rm"),
        ("min", (4, 4, 64, 736), (-1,), True, "g:dram", "g:hs:5x3:96x32"),
        # A row-major HW reduction holds its tilize through both programs; fast_reduce_nc's fill-padded
        # bfp8_b input is freed after its slice.
        ("max", (69, 384), (-2, 1), True, "g:l1:rm", "g:l1:rm"),
        ("sum", (4, 2, 799, 179), (-4, 2), True, "g:l1", "g:l1", "bfp8_b"),
        # Sharded outputs of reductions over several programs.
        ("sum", (64, 1024), None, True, "g:dram", "g:hs:1x1:32x32"),
        ("max", (256, 512), (0, 1), True, "g:dram", "g:ws:1x1:32x32"),
        ("sum", (4, 256, 256), (0,), True, "g:dram", "g:hs:8x1:32x256"),
        ("sum", (256, 512), (1,), True, "g:dram", "g:hs:8x1:32x32", "bfp8_b"),
        ("sum", (4, 256, 512), (0, 2), True, "g:dram", "g:hs:8x1:32x32"),
        ("sum", (4, 256, 512), (0, 1), True, "g:dram", "g:ws:1x4:32x128"),
        ("max", (2, 96, 640), (0, 2), True, "g:l1", "g:hs:3x1:32x32"),
        ("sum", (8, 64, 128), (0,), True, "g:dram", "g:bs:2x4:32x32"),
        ("min", (640, 96), (0,), True, "g:dram", "g:ws:1x3:32x32", "bfp8_b"),
        # One W or H program derives its result's shards from the grid, whatever shard was asked: too
        # small, too large, or the input's own (reduceShards).
        ("sum", (256, 512), (-1,), True, "g:dram", "g:hs:2x1:64x32"),
        ("sum", (256, 512), (-1,), True, "g:dram", "g:hs:4x2:256x512"),
        ("sum", (256, 512), (-2,), True, "g:dram", "g:ws:1x3:32x64"),
        ("max", (256, 512), (-2,), True, "g:ws:1x8:256x64", "g:ws:1x8:256x64"),
        ("mean", (256, 512), (-1,), True, "g:bs:4x4:64x128", "g:bs:4x4:64x128"),
        ("sum", (4, 64, 512), (-1,), True, "g:hs:8x1:32x512", "g:hs:8x1:32x512"),
        ("sum", (256, 512), (-2, -1), True, "g:dram", "g:hs:2x2:64x32"),
        ("max", (576, 992), (-2, -1), True, "g:bs:3x8:192x128", "g:bs:3x8:192x128", "f32"),
    )),
    *(_softmax(32 * wt) for wt in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 18, 21, 24, 27, 30, 32, 33, 45)),
    *(Case(f"softmax 64x{32 * wt} f32 l1 (Wt={wt})", "softmax", (Operand((64, 32 * wt), "l1_f32", "f32"),),
           Operand((64, 32 * wt), "l1_f32", "f32"), "ttnn.softmax %a0 {dimension = -1 : si32}",
           lambda t, dev, mc, a: t.softmax(a[0], dim=-1, memory_config=mc[L])) for wt in (5, 6, 9, 15)),
    *(Case(f"softmax 64x{32 * wt} bfp8_b l1 (Wt={wt})", "softmax", (Operand((64, 32 * wt), "l1_bfp8", "bfp8_b"),),
           Operand((64, 32 * wt), "l1_bfp8", "bfp8_b"), "ttnn.softmax %a0 {dimension = -1 : si32}",
           lambda t, dev, mc, a: t.softmax(a[0], dim=-1, memory_config=mc[L])) for wt in (6, 9, 10)),
    # Sharded: the interleaved program's CBs, whatever the placement of either side.
    *(_sharded_softmax(*spec) for spec in (
        ((4096, 128), "tl_hs", "tl_hs", "bf16"), ((256, 1024), "tl_bs", "tl_bs", "bf16"),
        ((256, 1024), "tl_ws", "tl_ws", "bf16"), ((4096, 128), D, "tl_hs", "bf16"), ((4096, 128), "tl_hs", L, "bf16"),
        ((4096, 128), "tl_hs", "tl_hs", "f32"), ((4096, 128), "tl_hs", "tl_hs", "bfp8_b"),
        ((2048, 192), "tl_hs6", "tl_hs6", "bf16"), ((1024, 288), "tl_hs9", "tl_hs9", "bf16"),
        ((256, 1024), "tl_bs", D, "bf16"), ((256, 1024), "tl_bs", "tl_hs8", "bf16"),
        # A last dimension that is not a tile multiple: 2 x block input tiles and a row copy; shards narrower
        # than the padded row are rejected on the output; grids with idle cores.
        ((32, 14), "g:dram", "g:dram", "bf16"), ((480, 703), "g:dram", "g:l1", "f32"),
        ((984, 843), "g:l1", "g:dram", "bfp8_b"), ((448, 30), "g:l1", "g:dram", "bfp8_b"),
        ((64, 300), "g:ws:1x2:64x160", "g:dram", "bf16"), ((64, 300), "g:dram", "g:ws:1x2:64x160", "bf16"),
        ((70, 300), "g:dram", "g:bs:3x1:32x320", "bf16"), ((3328, 284), "g:hs:7x6:96x288", "g:hs:7x6:96x288", "f32"),
        ((3328, 320), "g:bs:5x7:672x64", "g:l1", "bf16"))),
    # Other dimensions: ttnn's general programs (small and large columns, outer dimensions).
    *(Case(f"softmax {'x'.join(map(str, shape))} dim {dim} {dtype}", "softmax", (Operand(shape, "g:dram", dtype),),
           Operand(shape, "g:dram", dtype), f"ttnn.softmax %a0 {{dimension = {dim} : si32}}",
           lambda t, dev, mc, a, dim=dim: t.softmax(a[0], dim=dim, memory_config=mc["g:dram"]))
      for shape, dim, dtype in (((640, 96), 0, "bf16"), ((544, 96), 0, "f32"), ((1024, 64), 0, "bf16"),
                                ((1056, 64), 0, "bf16"), ((1024, 96), 0, "f32"), ((3, 100, 70), 1, "bfp8_b"),
                                ((2, 3, 64, 96), 0, "f32"), ((3, 64, 96), 0, "bfp8_b"))),
    # Row-major inputs: rejected (but a rank-3 one over dimension 1, which ttnn tilizes: not modelled).
    *(Case(f"softmax {'x'.join(map(str, shape))} dim {dim} row_major", "softmax", (Operand(shape, "g:dram:rm"),),
           Operand(shape, "g:dram:rm"), f"ttnn.softmax %a0 {{dimension = {dim} : si32}}",
           lambda t, dev, mc, a, dim=dim: t.softmax(a[0], dim=dim, memory_config=mc["g:dram:rm"]))
      for shape, dim in (((64, 64), -1), ((2, 3, 40, 50), 2))),
    Case("transpose 64x1024 -> 1024x64 l1", "transpose", (Operand(X, L),), Operand((1024, 64), L),
         "ttnn.transpose %a0 {dim0 = 0 : si32, dim1 = 1 : si32}", lambda t, dev, mc, a: t.transpose(a[0], 0, 1, memory_config=mc[L])),
    Case("transpose 2x64x1024 dims 1, 2 dram", "transpose", (Operand((2, 64, 1024), D),), Operand((2, 1024, 64), D),
         "ttnn.transpose %a0 {dim0 = 1 : si32, dim1 = 2 : si32}",
         lambda t, dev, mc, a: t.transpose(a[0], 1, 2, memory_config=mc[D])),
    # The WH, HC and CN transposes and a permute program (permute's model), sharded on either side.
    *(_transpose(*spec) for spec in (
        ((1, 8, 512, 64), (1, 2), D, D), ((1, 32, 256, 64), (1, 2), D, "hs_rows"),
        ((1, 32, 256, 64), (1, 2), "hs_rows", "hs_rows"), ((2, 8, 256, 64), (0, 1), D, D),
        ((2, 8, 256, 64), (0, 1), D, "tl_hs64"), ((2, 8, 256, 64), (0, 1), "tl_hs64", D),
        ((2, 8, 256, 64), (0, 2), D, D), ((256, 1024), (0, 1), "tl_bs", D), ((256, 1024), (0, 1), "tl_ws", D),
        ((256, 1024), (0, 1), D, "tl_bst"), ((256, 1024), (0, 1), "tl_bs", "tl_bst"),
        ((4096, 128), (0, 1), "tl_hs", L), ((4096, 128), (0, 1), "tl_hs_f32", "dram_f32"),
        # A height-sharded WH transpose into the transposed width shards: ttnn's sharded WH program (no CB);
        # into other shards the interleaved program.
        ((4096, 128), (0, 1), "tl_hs", "tl_wst"), ((4096, 128), (0, 1), "tl_hs_f32", "tl_wst_f32"),
        ((4096, 128), (0, 1), "tl_hs_bfp8", "tl_wst_bfp8"), ((4096, 128), (0, 1), "tl_hs", "tl_wst2"),
        ((4096, 128), (0, 1), "tl_hs", "tl_bst4"), ((1, 1, 4096, 128), (2, 3), "tl_hs", "tl_wst"),
        # bfp8_b through bf16 (the bf16 input held to the end); a swap that moves nothing: the input, or
        # ttnn.clone (bfp8_b in bf16 unless dimensions 0 and 1; between shards and interleaved rejected);
        # row-major tensors: the row-major permute programs (a block- or width-sharded input of partial
        # tiles unsharded first).
        ((1, 4, 928, 384), (-1, 1), "g:l1", "g:l1", "bfp8_b"), ((4, 64, 60), (0, 0), "g:l1", "g:l1", "bfp8_b"),
        ((4, 64, 60), (1, 1), "g:l1", "g:dram", "bfp8_b"),
        ((4, 64, 60), (1, 1), "g:hs:2x1:128x64", "g:dram", "bfp8_b"),
        ((1, 1, 64, 60), (0, 1), "g:l1", "g:dram", "bf16"), ((1, 1, 64, 60), (0, 1), "g:l1", "g:l1", "bf16"),
        ((1, 1, 64, 60), (0, 1), "g:l1", "g:dram", "bfp8_b"),
        ((1, 1, 64, 564), (-3, 1), "g:l1:rm", "g:dram:rm", "bf16"),
        ((4, 2, 192, 320), (-1, -2), "g:l1:rm", "g:l1:rm", "bf16"),
        ((3, 3, 256, 544), (-3, 2), "g:l1:rm", "g:l1:rm", "bf16"),
        ((1, 1, 471, 128), (-2, -1), "g:ws:8x2:471x8:rm", "g:l1:rm", "f32"),
        ((1, 356, 893), (-2, -1), "g:dram:rm", "g:l1:rm", "f32"))),
    Case("typecast bf16 l1 -> f32 l1", "typecast", (Operand(X, L),), Operand(X, "l1_f32", "f32"), "ttnn.typecast %a0",
         lambda t, dev, mc, a: t.typecast(a[0], t.float32, memory_config=mc[L])),
    Case("typecast bf16 dram -> bfp8_b dram", "typecast", (Operand(X, D),), Operand(X, "dram_bfp8", "bfp8_b"),
         "ttnn.typecast %a0", lambda t, dev, mc, a: t.typecast(a[0], t.bfloat8_b, memory_config=mc[D])),
    Case("typecast bf16 hs -> f32 hs", "typecast", (Operand((28672, 32), HS),), Operand((28672, 32), "hs_f32", "f32"),
         "ttnn.typecast %a0", lambda t, dev, mc, a: t.typecast(a[0], t.float32, memory_config=mc["hs_f32"])),
    Case("to_memory_config 64x1024 dram -> l1", "to_memory_config", (Operand(X, D),), Operand(X, L),
         "ttnn.to_memory_config %a0", lambda t, dev, mc, a: t.to_memory_config(a[0], mc[L])),
    Case("to_memory_config 64x1024 l1 -> dram", "to_memory_config", (Operand(X, L),), Operand(X, D),
         "ttnn.to_memory_config %a0", lambda t, dev, mc, a: t.to_memory_config(a[0], mc[D])),
    Case("to_memory_config 28672x32 l1 -> hs", "to_memory_config", (Operand((28672, 32), L),), Operand((28672, 32), HS),
         "ttnn.to_memory_config %a0", lambda t, dev, mc, a: t.to_memory_config(a[0], mc[HS])),
    Case("to_memory_config 28672x32 hs -> l1", "to_memory_config", (Operand((28672, 32), HS),), Operand((28672, 32), L),
         "ttnn.to_memory_config %a0", lambda t, dev, mc, a: t.to_memory_config(a[0], mc[L])),
    _matmul(2048, 1024, 2048, L), _matmul(1024, 1024, 1024, L), _matmul(2048, 2048, 2048, D), _matmul(2048, 1024, 2048, D),
    _matmul(1024, 1024, 1024, D), _matmul(256, 512, 256, D), _matmul(256, 512, 256, L),
    Case("matmul 4x256x512 . 512x256 dram (batched)", "matmul", (Operand((4, 256, 512), D), Operand((512, 256), D)),
         Operand((4, 256, 256), D), "ttnn.matmul %a0, %a1",
         lambda t, dev, mc, a: t.matmul(a[0], a[1], memory_config=mc[D])),
    *MATMUL_SWEEP,
    Case("concatenate_heads 1x8x512x64 l1", "concatenate_heads", (Operand((1, 8, 512, 64), L),),
         Operand((1, 512, 512), L), "ttnn.concatenate_heads %a0",
         lambda t, dev, mc, a: t.transformer.concatenate_heads(a[0], memory_config=mc[L])),
    _fill("zeros", L), _fill("ones", L), _fill("zeros", D),
    _fill("full", L, " {fill_value = 2.5 : f64}", 2.5), _fill("empty", L),
    Case("arange 0..1024 l1", "creation", (), Operand((1, 1024), L),
         "ttnn.arange {start = 0 : i64, end = 1024 : i64, step = 1 : i64}",
         lambda t, dev, mc, a: t.arange(0, 1024, 1, dtype=t.bfloat16, layout=t.TILE_LAYOUT, device=dev,
                                        memory_config=mc[L])),
    *compute.cases(Case, Operand),
    *matmul_cases.cases(Case, Operand),
    *layout_cases(Case, Operand),
    *to_layout_cases(Case, Operand),
    *mixed_sharding_cases(Case, Operand),
    *data.cases(Case, Operand),
    *cnn.cases(Case, Operand),
)

# Cases where the model deliberately answers differently from ttnn 0.81.1, and why. The test
# asserts that each still differs (a model change that closes a gap must remove its entry).
DIFFERENCES: dict[str, str] = {
    **compute.DIFFERENCES,
    **matmul_cases.DIFFERENCES,
    **TO_LAYOUT_DIFFERENCES,
    **data.DIFFERENCES,
    **cnn.DIFFERENCES,
}

# Blackhole (13x10 workers, 130 L1 banks, 8 DRAM banks): the same departures as on Wormhole, whose
# reasons do not depend on the grid.
BLACKHOLE_DIFFERENCES: dict[str, str] = dict(DIFFERENCES)


def differences(device: str) -> dict[str, str]:
    return DIFFERENCES if device == "wormhole_b0" else BLACKHOLE_DIFFERENCES


def selected_cases(families: tuple[str, ...] = ()) -> tuple[Case, ...]:
    """CASES, or those of the named families (a focused run while a rule is being fitted)."""
    unknown = set(families) - {case.family for case in CASES}
    if unknown:
        raise SystemExit(f"unknown families {sorted(unknown)}; known: {sorted({c.family for c in CASES})}")
    return tuple(case for case in CASES if not families or case.family in families)


def compare(recording: Any, device: str, asker: Any, families: tuple[str, ...] = ()) -> list[dict]:
    """The model against ttnn's recorded answers on ``device``: one row per case, in CASES order."""
    listed = differences(device)
    rows = []
    for case in recording.cases:
        if families and case.family not in families:
            continue
        measured = case.ttnn[device]
        model = asker.ask(case.module, device)
        rows.append({"case": case.name, "family": case.family, "ttnn": measured, "model": model,
                     "verdict": capture.verdict(measured, model), "reason": listed.get(case.name, "")})
    return rows


AGREEMENT_FIELDS = ("cb", "l1", "out", "legality")


def _agrees(row: dict, field: str) -> bool:
    """Both reject, or both accept and (for a size field) answer the same bytes."""
    device_ok, model_ok = "error" not in row["ttnn"], "error" not in row["model"]
    if field == "legality" or not (device_ok and model_ok):
        return device_ok == model_ok
    return row["ttnn"][field] == row["model"][field]


def agreement(rows: list[dict]) -> dict[str, dict[str, float]]:
    """Per family: the fraction of cases that agree exactly on each of AGREEMENT_FIELDS."""
    families: dict[str, list[dict]] = {}
    for row in rows:
        families.setdefault(row["family"], []).append(row)
    return {family: {"cases": len(members), **{f: sum(_agrees(r, f) for r in members) / len(members)
                                               for f in AGREEMENT_FIELDS}}
            for family, members in sorted(families.items())}


def agreement_markdown(per_device: dict[str, list[dict]]) -> str:
    """One row per family, the devices side by side."""
    devices = list(per_device)
    lines = ["| family | cases | " + " | ".join(f"{d}: cb, l1, out, legality" for d in devices) + " |",
             "|---|---|" + "---|" * len(devices)]
    figures = {d: agreement(rows) for d, rows in per_device.items()}
    for family in figures[devices[0]]:
        cells = " | ".join(", ".join(f"{100 * figures[d][family][f]:.0f}%" for f in AGREEMENT_FIELDS)
                           for d in devices)
        lines.append(f"| {family} | {figures[devices[0]][family]['cases']} | {cells} |")
    return "\n".join(lines)


def _cell(figures: dict) -> str:
    if "error" in figures:
        return "rejected"
    if "crash" in figures or "invalid_input" in figures:
        return "no answer"
    return " / ".join(str(figures[f]) for f in FIELDS)


def differences_markdown(per_device: dict[str, list[dict]]) -> str:
    """The cases where the model differs from ttnn, each with its recorded reason."""
    lines = ["| device | case | ttnn 0.81.1 (cb / l1 / total / out) | model | why |", "|---|---|---|---|---|"]
    for device, rows in per_device.items():
        for row in rows:
            if row["verdict"] == "difference":
                lines.append(f"| {device} | {row['case']} | {_cell(row['ttnn'])} | {_cell(row['model'])} | "
                             f"{row['reason'] or 'UNEXPLAINED'} |")
    return "\n".join(lines)


DOCS = ROOT / "docs" / "op-model.md"
# The generated blocks of docs/op-model.md, between these marker comments.
DOC_BLOCKS = ("calibration-agreement", "held-out")


def doc_block(text: str, name: str) -> str:
    begin, end = f"<!-- generated: {name} -->", f"<!-- end generated: {name} -->"
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[start:stop].strip("\n")


def replace_doc_block(text: str, name: str, content: str) -> str:
    begin, end = f"<!-- generated: {name} -->", f"<!-- end generated: {name} -->"
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + "\n" + content + "\n" + text[stop:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true",
                        help="run the cases on the mock devices and record ttnn's answers")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the calibration tables of docs/op-model.md (from the recording)")
    parser.add_argument("--device", choices=(*DEVICES, "all"), default="all")
    parser.add_argument("--family", action="append", default=[], help="only this family's cases (repeatable)")
    args = parser.parse_args()
    families = tuple(args.family)
    devices = tuple(DEVICES) if args.device == "all" else (args.device,)
    if args.record:
        selection = capture.Selection("fixed", families=families)
        cases = selected_cases(families)
        captures = {}
        for device in devices:
            print(f"capturing {len(cases)} cases on the mock {device}", file=sys.stderr)
            captures[device] = capture.capture(device, selection)
        fresh = capture.record(TABLE, cases, captures, selection)
        if RECORDING.exists():
            old = capture.read_recording(RECORDING)
            if families or len(devices) < len(DEVICES):
                # A partial run: keep the other devices' answers of these cases, and every other case.
                by_name = old.by_name()
                fresh = capture.Recording(fresh.selection, tuple(
                    capture.RecordedCase(c.name, c.family, c.module,
                                         {**(by_name[c.name].ttnn if c.name in by_name else {}), **c.ttnn})
                    for c in fresh.cases))
                fresh = capture.merge(old, fresh)
        # The recording follows CASES: cases no longer listed leave it.
        order = {case.name: i for i, case in enumerate(CASES)}
        kept = tuple(sorted((c for c in fresh.cases if c.name in order), key=lambda c: order[c.name]))
        capture.write_recording(capture.Recording(capture.Selection("fixed"), kept), RECORDING)
        print(f"recorded {len(kept)} cases in {RECORDING.relative_to(ROOT)}", file=sys.stderr)
    recording = capture.read_recording(RECORDING)
    asker = capture.ModelAsker()
    tables = {device: compare(recording, device, asker, families) for device in devices}
    if args.write_docs:
        if families or len(devices) < len(DEVICES):
            parser.error("--write-docs writes every family on every device: run it without --family / --device")
        text = DOCS.read_text()
        text = replace_doc_block(text, "calibration-agreement", agreement_markdown(tables))
        random_draw = _sibling("opmodel_random")
        if random_draw.RECORDING.exists():
            drawn = capture.read_recording(random_draw.RECORDING)
            text = replace_doc_block(text, "held-out",
                                     random_draw.held_out_section(drawn, random_draw.judge(drawn, asker, devices)))
        DOCS.write_text(text)
    print(agreement_markdown(tables) + "\n\n" + differences_markdown(tables))
    failed = False
    for device, rows in tables.items():
        unexplained = [r["case"] for r in rows if r["verdict"] == "difference" and not r["reason"]]
        stale = [r["case"] for r in rows if r["verdict"] != "difference" and r["reason"]]
        if unexplained or stale:
            failed = True
            print(f"{device}: unexplained differences: {unexplained}; recorded differences that now match: "
                  f"{stale}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
