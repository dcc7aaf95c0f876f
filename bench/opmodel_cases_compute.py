"""Calibration cases of the transformer-layer compute ops (issue 12): activations, pow, gelu_bw,
layer_norm and rms_norm, against ttnn 0.81.1 on the mock Wormhole device.

Imported by bench/opmodel_calibration.py, which owns the Case / Operand records and passes them in
(``cases(Case, Operand)``): this module does not import the harness, so either can be loaded first.
``LAYOUTS`` and ``memory_configs(ttnn)`` add the placements these cases need; ``DIFFERENCES`` lists
the cases where the model deliberately differs; ``REJECTED`` the cases ttnn 0.81.1 rejects on purpose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# 64x2048 bf16 width sharded over the 8x8 grid: one 64x32 column block (2 tiles) per core.
# 1x8x1024x64 bf16 height sharded over the 8x8 grid: 128 rows (4 x 2 tiles) per core.
# 1x8x256x64 bf16 height sharded over 4x4 cores: 128 rows per core (a request rotary ignores).
LAYOUTS = {
    "ws": "#ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x32>",
    "hs_rows": "#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x64>",
    "hs_4x4": "#ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 128x64>",
}


def memory_configs(ttnn: Any) -> dict[str, Any]:
    """The ttnn memory configs of LAYOUTS (built in the mock-device child)."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))])
    return {"ws": ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.L1,
                                    ttnn.ShardSpec(grid, [64, 32], ttnn.ShardOrientation.ROW_MAJOR)),
            "hs_rows": ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                         ttnn.ShardSpec(grid, [128, 64], ttnn.ShardOrientation.ROW_MAJOR)),
            "hs_4x4": ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                        ttnn.ShardSpec(ttnn.CoreRangeSet([ttnn.CoreRange(
                                            ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 3))]),
                                            [128, 64], ttnn.ShardOrientation.ROW_MAJOR))}


X = (64, 1024)
HS_SHAPE, BS_SHAPE, WS_SHAPE = (28672, 32), (256, 1024), (64, 2048)
SUFFIX = {"bf16": "", "f32": "_f32", "bfp8_b": "_bfp8"}

SHARDED_RESULT = "a sharded input's result must be sharded alike"
RMS_ROW_MAJOR = "rms_norm 64x1024 dram row_major (tiled inputs only)"
LN_ROW_MAJOR_WIDTH = "layer_norm 222x79 l1 row_major (whole tiles of width only)"
LN_CBS_OVER_L1 = "layer_norm 1x640x448 ws:1x2:640x224 + weight + bias (CBs beyond the shards' L1)"
ROTARY_HEAD_DIM = "a head dim of 3 tiles"
ROTARY_ROWS = "rows not a multiple of the shard height"
# Cases that ttnn 0.81.1 rejects (and so does the model): both-reject matches.
REJECTED = frozenset({
    f"rms_norm 256x1024 tl_ws->dram ({SHARDED_RESULT})",
    f"rms_norm 256x1024 bs->l1 ({SHARDED_RESULT})",
    "pow_tensor 64x1024 ** 1x1000 (incompatible)",
    "layer_norm 28672x32 hs (needs a sharded program config)",
    f"rotary_embedding 1x8x128x80 l1->l1 ({ROTARY_HEAD_DIM})",
    f"rotary_embedding 1x8x128x96 l1->l1 ({ROTARY_HEAD_DIM})",
    f"rotary_embedding 1x16x1184x48 hs 6x3 ({ROTARY_ROWS})",
    "rms_norm 28672x32 hs (needs a sharded program config)",
    RMS_ROW_MAJOR,
    LN_ROW_MAJOR_WIDTH,
    LN_CBS_OVER_L1,
    "sdpa 1x8x256x64 f32 (bf16 or bfp8_b only)",
    *(f"rotary_embedding 1x8x256x128 {src}->{dst} (interleaved or height sharded only)"
      for src, dst in (("tl_wsr", "tl_wsr"), ("tl_bsr", "tl_bsr"), ("tl_bsr", "dram"), ("dram", "tl_wsr"),
                       ("dram", "tl_bsr"))),
    "sdpa 1x8x256x64 tl_hsq query (interleaved inputs only)",
    "sdpa 1x8x256x64 tl_hsq key, value (interleaved inputs only)",
    "sdpa 1x8x256x64 tl_bsq query (interleaved inputs only)",
    "sdpa 1x8x128x64 kv 1x8x512x64 causal (Sq != Sk)",
    "sdpa 1x8x256x80 (head_dim not a multiple of 32)",
    "moreh_softmax_backward 64x1024 dim 1 dram->dram f32 (bf16 or bfp8_b only)",
    "moreh_layer_norm_backward 64x1024 nd 1 dram->dram bfp8_b (bf16 only)",
    "moreh_layer_norm_backward 64x1024 nd 1 dram->dram f32 (bf16 only)",
    "moreh_layer_norm_backward 1024 nd 1 (rank 1)",
    # The eltwise placements: operands of two data types where ttnn takes one, an interleaved row-major
    # condition, a temporary that does not fit the output's shards, typecast into another memory layout,
    # over another number of cores or into unaligned row-major shards, arange in bfp8_b, concatenate_heads
    # into shards or with static buffers beyond L1 (357 heads: both devices).
    "minimum 256x64 dram bf16, 256x64 dram f32 -> dram",
    "pow 256x64 dram f32, 256x64 dram bfp8_b -> dram",
    "where 256x64 dram:rm bf16, 256x64 dram:rm bf16, 256x64 dram:rm bf16 -> dram:rm",
    "relu_bw 256x64 l1 bfp8_b, 256x64 l1 bf16 -> l1",
    "relu_bw 704 l1 bfp8_b, 1 dram bfp8_b -> hs:1x1:32x704",
    "typecast 256x64 hs:1x8:32x64 bf16->l1 f32",
    "typecast 256x100 hs:8x1:32x100:rm bf16->hs:8x1:32x100:rm f32",
    "typecast 256x64 hs:1x8:32x64 bf16->hs:1x3:96x64 bf16",
    "arange 0..100 step 1 l1 bfp8_b",
    "concatenate_heads 1x2x640x64 dram->hs:4x5:32x128 bf16",
    "concatenate_heads 1x357x32x32 dram->dram bf16",
})
# Rejected on Wormhole only: 341 one-tile heads' static buffers pass Wormhole's L1, not Blackhole's.
REJECTED_ON_WORMHOLE = frozenset({"concatenate_heads 1x341x32x32 dram->dram bf16"})

DIFFERENCES: dict[str, str] = {}


def _dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


# ---------------------------------------------------------------------------------------------
# Eltwise programs on shards and the placements of the eltwise, typecast, to_memory_config,
# creation and concatenate_heads families (generated placements "g:..."; docs/op-model.md,
# "Eltwise programs on shards"): the native sharded paths and what streams instead, uneven shards,
# grids with idle cores, row-major tensors, mixed data types.
# ---------------------------------------------------------------------------------------------

S = (256, 64)
HS8, HS8_64, UNEVEN, IDLE = "g:hs:1x8:32x64", "g:hs:1x8:64x64", "g:hs:1x3:96x64", "g:hs:2x8:32x64"
DTYPE = {"bf16": "bfloat16", "f32": "float32", "bfp8_b": "bfloat8_b", "u32": "uint32"}


def placement_cases(Case: Callable[..., Any], Operand: Callable[..., Any]) -> tuple[Any, ...]:
    def short(place: str) -> str:
        return place[2:]

    def unary(op: str, shape, src: str, dst: str, dtype="bf16", family="unary eltwise") -> Any:
        return Case(f"{op} {_dims(shape)} {short(src)}->{short(dst)} {dtype}", family,
                    (Operand(shape, src, dtype),), Operand(shape, dst, dtype), f"ttnn.{op} %a0",
                    lambda t, dev, mc, a: getattr(t, op)(a[0], memory_config=mc[dst]))

    def nary(op: str, family: str, operands, dst: str) -> Any:
        """``op`` of ``operands`` (shape, placement, data type) into ``dst``: the broadcast shape, in the
        data type ttnn 0.81.1 writes (binary_ng: the first operand's; where: the true value's; a backward
        op: the input's)."""
        ops = tuple(Operand(s, p, d) for s, p, d in operands)
        rank = max(len(o.shape) for o in ops)
        padded = [(1,) * (rank - len(o.shape)) + tuple(o.shape) for o in ops]
        shape = tuple(max(sizes) for sizes in zip(*padded))
        dtype = ops[1].dtype if op == "where" or op.endswith("_bw") else ops[0].dtype
        name = f"{op} " + ", ".join(f"{_dims(o.shape)} {short(o.placement)} {o.dtype}" for o in ops) + f" -> {short(dst)}"
        ir = f"ttnn.{'pow_tensor' if op == 'pow' else op} " + ", ".join(f"%a{i}" for i in range(len(ops)))
        first = op.endswith("_bw")  # the backward ops return a list of gradients
        return Case(name, family, ops, Operand(shape, dst, dtype), ir,
                    lambda t, dev, mc, a: (lambda r: r[0] if first else r)(getattr(t, op)(*a, memory_config=mc[dst])))

    def typecast(shape, src: str, sdt: str, dst: str, ddt: str) -> Any:
        return Case(f"typecast {_dims(shape)} {short(src)} {sdt}->{short(dst)} {ddt}", "typecast",
                    (Operand(shape, src, sdt),), Operand(shape, dst, ddt), "ttnn.typecast %a0",
                    lambda t, dev, mc, a: t.typecast(a[0], getattr(t, DTYPE[ddt]), memory_config=mc[dst]))

    def move(shape, src: str, dst: str, dtype="bf16") -> Any:
        return Case(f"to_memory_config {_dims(shape)} {short(src)}->{short(dst)} {dtype}", "to_memory_config",
                    (Operand(shape, src, dtype),), Operand(shape, dst, dtype), "ttnn.to_memory_config %a0",
                    lambda t, dev, mc, a: t.to_memory_config(a[0], mc[dst]))

    def fill(op: str, shape, dst: str, dtype="bf16") -> Any:
        row_major = dst.endswith(":rm")
        return Case(f"{op} {_dims(shape)} {short(dst)} {dtype}", "creation", (), Operand(shape, dst, dtype),
                    f"ttnn.{op}", lambda t, dev, mc, a: getattr(t, op)(
                        list(shape), dtype=getattr(t, DTYPE[dtype]),
                        layout=t.ROW_MAJOR_LAYOUT if row_major else t.TILE_LAYOUT, device=dev, memory_config=mc[dst]))

    def arange(start: int, end: int, step: int, count: int, dst: str, dtype="bf16") -> Any:
        row_major = dst.endswith(":rm")
        return Case(f"arange {start}..{end} step {step} {short(dst)} {dtype}", "creation", (),
                    Operand((count,), dst, dtype),
                    f"ttnn.arange {{start = {start} : i64, end = {end} : i64, step = {step} : i64}}",
                    lambda t, dev, mc, a: t.arange(start, end, step, dtype=getattr(t, DTYPE[dtype]),
                                                   layout=t.ROW_MAJOR_LAYOUT if row_major else t.TILE_LAYOUT,
                                                   device=dev, memory_config=mc[dst]))

    def heads(shape, src: str, dst: str, dtype="bf16") -> Any:
        out = (shape[0], shape[2], shape[1] * shape[3])
        return Case(f"concatenate_heads {_dims(shape)} {short(src)}->{short(dst)} {dtype}", "concatenate_heads",
                    (Operand(shape, src, dtype),), Operand(out, dst, dtype), "ttnn.concatenate_heads %a0",
                    lambda t, dev, mc, a: t.transformer.concatenate_heads(a[0], memory_config=mc[dst]))

    def power(exponent: float, shape, src: str, dst: str, dtype="bf16") -> Any:
        return Case(f"pow_scalar {exponent} {_dims(shape)} {short(src)}->{short(dst)} {dtype}", "pow",
                    (Operand(shape, src, dtype),), Operand(shape, dst, dtype),
                    f"ttnn.pow_scalar %a0 {{exponent = {exponent!r} : f64}}",
                    lambda t, dev, mc, a: t.pow(a[0], exponent, memory_config=mc[dst]))

    L, D = "g:l1", "g:dram"
    return (
        # pow_scalar: x ** 1 is ttnn's copy (one 2-page CB, sharded too); other exponents the unary program.
        power(1.0, S, L, L), power(1.0, S, HS8, HS8), power(1.0, S, D, HS8, "bfp8_b"), power(1.0, S, L, L, "f32"),
        power(1.5, S, HS8, HS8), power(-2.0, S, UNEVEN, UNEVEN),
        # Row-major: x ** 0 is a host-filled tensor (no program), x ** 1 ttnn's row-major copy.
        power(0.0, (40, 77), "g:dram:rm", "g:l1:rm"), power(1.0, (40, 77), "g:dram:rm", "g:l1:rm"),
        power(1.0, (64, 128), "g:ws:1x2:64x64:rm", "g:ws:1x2:64x64:rm"),
        # unary: the sharded program for even shards into the same shards only.
        unary("relu", S, HS8, HS8), unary("relu", S, HS8, HS8_64), unary("relu", S, HS8, "g:hs:2x4:32x64"),
        unary("cbrt", S, UNEVEN, UNEVEN), unary("relu", S, IDLE, IDLE), unary("neg", (192,), "g:ws:4x1:32x64", "g:ws:4x1:32x64"),
        unary("relu", S, "g:bs:3x2:96x32", "g:bs:3x2:96x32"), unary("relu", S, "g:hs:1x1:512x64", "g:hs:1x1:512x64"),
        unary("abs", S, HS8, HS8, "bfp8_b"), unary("exp", S, L, UNEVEN, "f32"),
        unary("relu", (256, 100), "g:l1:rm", "g:l1:rm"), unary("sqrt", (256, 100), "g:dram:rm", "g:dram:rm", "f32"),
        unary("relu", (256, 100), "g:hs:8x1:32x100:rm", "g:hs:8x1:32x100:rm"),
        unary("relu", (256, 96), "g:hs:8x1:32x96:rm", "g:hs:8x1:32x96:rm"),
        unary("relu", (256, 8), "g:hs:8x1:32x8:rm", "g:hs:8x1:32x8:rm"),
        unary("gelu", (256, 64), "g:bs:2x2:128x32:rm", "g:bs:2x2:128x32:rm", family="activation"),
        unary("silu", (250, 64), "g:hs:8x1:32x64:rm", "g:hs:8x1:32x64:rm", family="activation"),
        # binary_ng: one shape and memory config; a column or scalar b beside a height-sharded a.
        nary("add", "binary eltwise", ((S, HS8, "bf16"), (S, HS8, "bf16")), HS8_64),
        nary("add", "binary eltwise", ((S, UNEVEN, "bf16"), (S, UNEVEN, "bf16")), UNEVEN),
        nary("add", "binary eltwise", ((S, UNEVEN, "bf16"), (S, UNEVEN, "bf16")), "g:hs:1x3:128x64"),
        nary("add", "binary eltwise", ((S, L, "bf16"), (S, L, "bf16")), UNEVEN),
        nary("subtract", "binary eltwise", ((S, L, "bf16"), (S, L, "bf16")), IDLE),
        nary("multiply", "binary eltwise", ((S, L, "bf16"), (S, L, "bf16")), "g:ws:1x3:256x32"),
        nary("add", "binary eltwise", ((S, HS8, "bf16"), (S, L, "bf16")), HS8),
        nary("add", "binary eltwise", ((S, HS8, "bf16"), ((256, 1), L, "bf16")), HS8),
        nary("maximum", "binary eltwise", ((S, HS8, "bf16"), ((1, 1), D, "bf16")), HS8),
        nary("add", "binary eltwise", ((S, HS8, "bf16"), ((1, 64), L, "bf16")), HS8),
        nary("add", "binary eltwise", ((S, HS8, "f32"), ((256, 1), L, "bf16")), HS8),
        nary("add", "binary eltwise", (((256, 96), "g:ws:1x3:256x32", "bf16"), ((256, 1), L, "bf16")), "g:ws:1x3:256x32"),
        nary("add", "binary eltwise", (((256, 1), L, "f32"), ((1, 64), L, "bf16")), L),
        nary("add", "binary eltwise", (((1, 64), L, "f32"), ((256, 1), L, "bf16")), L),
        nary("multiply", "binary eltwise", (((1, 1), L, "f32"), (S, L, "bf16")), L),
        nary("minimum", "binary eltwise", ((S, D, "bf16"), (S, D, "f32")), D),
        nary("add", "binary eltwise", (((64, 100), "g:l1:rm", "bf16"), ((1, 100), "g:l1:rm", "bf16")), "g:l1:rm"),
        nary("pow", "pow", ((S, HS8, "bfp8_b"), ((256, 1), L, "bfp8_b")), HS8),
        nary("pow", "pow", ((S, D, "f32"), (S, D, "bfp8_b")), D),
        # where: one shape and memory config, nothing uneven; a row broadcast's 3 CBs.
        nary("where", "where", ((S, L, "bf16"),) * 3, HS8),
        nary("where", "where", ((S, L, "bf16"),) * 3, UNEVEN),
        nary("where", "where", ((S, HS8, "bf16"),) * 3, HS8_64),
        nary("where", "where", ((S, UNEVEN, "bf16"),) * 3, UNEVEN),
        nary("where", "where", ((S, HS8, "bf16"), (S, HS8, "bf16"), (S, L, "bf16")), HS8),
        nary("where", "where", ((S, D, "f32"), ((1, 64), D, "bf16"), (S, D, "bfp8_b")), D),
        nary("where", "where", ((S, D, "bf16"), ((1, 64), D, "bf16"), ((256, 1), D, "bf16")), D),
        nary("where", "where", (((256, 1), D, "bf16"), ((1, 1), D, "bf16"), ((256, 1), D, "bf16")), D),
        nary("where", "where", (((1, 1), D, "bfp8_b"), ((64,), D, "bfp8_b"), ((224, 64), L, "bfp8_b")), L),
        nary("where", "where", ((S, "g:dram:rm", "bf16"),) * 3, "g:dram:rm"),
        # activation backward: composites of the unary and binary_ng programs; gelu_bw's own program.
        nary("relu_bw", "activation backward", (((128,), D, "bf16"), ((128,), D, "bf16")), "g:bs:1x1:32x128"),
        nary("relu_bw", "activation backward", ((S, L, "bf16"), ((64,), L, "bf16")), L),
        nary("relu_bw", "activation backward", ((S, UNEVEN, "bf16"), (S, UNEVEN, "bf16")), UNEVEN),
        nary("relu_bw", "activation backward", ((S, HS8, "bf16"), (S, L, "bf16")), HS8),
        nary("relu_bw", "activation backward", ((S, L, "bfp8_b"), (S, L, "bf16")), L),
        nary("relu_bw", "activation backward", (((32, 992), "g:ws:4x2:32x128", "f32"), ((992,), L, "f32")),
             "g:ws:4x2:32x128"),
        nary("relu_bw", "activation backward", (((704,), L, "bfp8_b"), ((1,), D, "bfp8_b")), "g:hs:1x1:32x704"),
        nary("gelu_bw", "activation backward", ((S, L, "f32"), (S, L, "bf16")), L),
        nary("gelu_bw", "activation backward", ((S, HS8, "bf16"), (S, L, "bf16")), HS8),
        nary("gelu_bw", "activation backward", ((S, UNEVEN, "bf16"), (S, UNEVEN, "bf16")), UNEVEN),
        nary("silu_bw", "activation backward", ((S, L, "f32"), (S, L, "bf16")), L),
        nary("silu_bw", "activation backward", ((S, L, "bf16"), (S, L, "f32")), L),
        nary("silu_bw", "activation backward", ((S, D, "bf16"), (S, D, "bf16")), HS8),
        nary("silu_bw", "activation backward", ((S, UNEVEN, "bf16"), (S, UNEVEN, "bf16")), UNEVEN),
        # silu_bw's grad broadcasts to x's shape.
        nary("silu_bw", "activation backward", (((64, 32), D, "bfp8_b"), ((3, 64, 32), D, "bfp8_b")), L),
        nary("silu_bw", "activation backward", (((1, 32), D, "bf16"), ((64, 32), D, "bf16")), D),
        # typecast: one memory layout, any shards of it; u32; row-major.
        typecast(S, HS8, "bf16", HS8_64, "f32"), typecast(S, HS8, "bf16", L, "f32"),
        typecast(S, UNEVEN, "bf16", UNEVEN, "f32"), typecast(S, D, "u32", D, "bf16"), typecast(S, HS8, "u32", HS8, "bf16"),
        typecast(S, D, "bf16", D, "u32"), typecast((256, 100), "g:l1:rm", "f32", "g:l1:rm", "bf16"),
        typecast((256, 100), "g:hs:8x1:32x100:rm", "bf16", "g:hs:8x1:32x100:rm", "f32"),
        typecast((256, 8), "g:hs:8x1:32x8:rm", "f32", "g:hs:8x1:32x8:rm", "bf16"),
        # One tile size: the sharded program (0 B) on as many cores, else TT_FATAL.
        typecast(S, HS8, "bf16", "g:hs:2x4:32x64", "bf16"), typecast(S, HS8, "bf16", UNEVEN, "bf16"),
        typecast(S, HS8, "f32", HS8, "u32"), typecast(S, "g:bs:2x2:128x32", "f32", "g:bs:2x2:128x32", "bf16"),
        typecast((256, 100), "g:hs:8x1:32x100:rm", "f32", "g:hs:8x1:32x100:rm", "f32"),
        # to_memory_config: the input itself; row-major copies and (un)sharding programs.
        move(S, L, L), move(S, HS8, HS8), move(S, D, "g:hs:1x3:96x64"), move((4, 2, 816, 192), "g:bs:2x5:3328x64",
                                                                             "g:hs:3x6:384x192", "bfp8_b"),
        move((64, 100), "g:dram:rm", "g:l1:rm"), move((64, 100), "g:l1:rm", "g:dram:rm"), move((64, 3), "g:l1:rm", "g:dram:rm"),
        move((64, 1000), "g:l1:rm", "g:dram:rm", "f32"), move((256, 64), "g:dram:rm", "g:hs:8x1:32x64:rm"),
        move((256, 64), "g:dram:rm", "g:ws:1x2:256x32:rm"), move((32, 128), "g:l1:rm", "g:bs:4x8:8x16:rm"),
        move((256, 100), "g:dram:rm", "g:hs:8x1:32x100:rm"), move((256, 100), "g:hs:8x1:32x100:rm", "g:dram:rm"),
        move((256, 64), "g:hs:8x1:32x64:rm", "g:dram:rm"), move((256, 64), "g:hs:8x1:32x64:rm", "g:hs:4x1:64x64:rm"),
        move((256, 64), "g:hs:8x1:32x64:rm", "g:bs:2x2:128x32:rm"),
        # Unaligned width / block shard rows (either side, reshards too): ttnn's row-major copy, 2 output
        # pages aligned to the output buffer and one input page in a scratchpad, each at most 256 KiB.
        move((26, 694), "g:l1:rm", "g:bs:7x4:4x174:rm", "f32"), move((576, 800), "g:bs:2x3:288x267:rm", "g:l1:rm", "f32"),
        move((64, 136), "g:ws:8x2:64x9:rm", "g:bs:5x4:13x34:rm"), move((64, 128), "g:hs:1x8:8x128:rm", "g:ws:1x8:64x17:rm"),
        move((64, 128), "g:ws:1x8:64x17:rm", "g:hs:1x8:8x128:rm"), move((30, 100), "g:bs:2x2:15x50:rm", "g:dram:rm"),
        move((2, 70000), "g:dram:rm", "g:ws:1x8:2x8750:rm", "f32"),
        # creation: row-major, u32, idle cores; arange with a negative step, bfp8_b.
        fill("zeros", (352,), "g:l1:rm"), fill("empty", (2, 552, 352), "g:l1:rm"), fill("ones", (64, 100), "g:l1:rm", "f32"),
        fill("zeros", (256, 100), "g:hs:8x1:32x100:rm"), fill("zeros", (64, 64), "g:l1", "u32"),
        fill("ones", S, IDLE), arange(-99, -1797, -1, 1698, L), arange(100, 0, -3, 34, "g:l1:rm", "f32"),
        arange(0, 100, 1, 100, L, "bfp8_b"), arange(0, 100, 1, 100, "g:l1:rm", "u32"),
        # concatenate_heads: a sharded input through sharded_to_interleaved; sharded outputs fail.
        heads((4, 2, 640, 256), "g:hs:8x5:128x256", "g:l1"), heads((1, 2, 640, 256), "g:bs:4x2:320x128", D),
        heads((1, 2, 640, 64), D, "g:hs:4x5:32x128"), heads((2, 3, 50, 64), L, L),
        heads((1, 341, 32, 32), D, D), heads((1, 357, 32, 32), D, D),
    )


def cases(Case: Callable[..., Any], Operand: Callable[..., Any]) -> tuple[Any, ...]:
    def unary(op: str, ir: str, call: Callable[..., Any], src: str, dst: str, shape=X, dtype="bf16") -> Any:
        name = f"{op} {_dims(shape)} {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
        return Case(name, "activation", (Operand(shape, src + SUFFIX[dtype], dtype),),
                    Operand(shape, dst + SUFFIX[dtype], dtype), ir,
                    lambda t, dev, mc, a: call(t, a[0], mc[dst]))

    def activation(op: str) -> tuple[Any, ...]:
        call = lambda t, x, mc: getattr(t, op)(x, memory_config=mc)  # noqa: E731
        ir = f"ttnn.{op} %a0"
        return (unary(op, ir, call, "dram", "dram"), unary(op, ir, call, "dram", "l1"),
                unary(op, ir, call, "l1", "l1"), unary(op, ir, call, "l1", "l1", (2, 64, 1024)),
                unary(op, ir, call, "dram", "dram", dtype="f32"), unary(op, ir, call, "l1", "l1", dtype="bfp8_b"),
                unary(op, ir, call, "hs", "hs", HS_SHAPE), unary(op, ir, call, "bs", "bs", BS_SHAPE),
                unary(op, ir, call, "ws", "ws", WS_SHAPE))

    def pow_scalar(exponent: float, src: str, dst: str, shape=X, dtype="bf16") -> Any:
        call = lambda t, x, mc: t.pow(x, exponent, memory_config=mc)  # noqa: E731
        return unary(f"pow_scalar {exponent}", f"ttnn.pow_scalar %a0 {{exponent = {exponent} : f64}}", call,
                     src, dst, shape, dtype)

    def binary(op: str, family: str, ir: str, call: Callable[..., Any], srcs: tuple[str, str], dst: str,
               shapes=(X, X), dtype="bf16", label: str = "") -> Any:
        out_shape = tuple(max(a, b) for a, b in zip(*shapes)) if len(shapes[0]) == len(shapes[1]) else shapes[0]
        name = label or (f"{op} {_dims(shapes[0])} {srcs[0]},{srcs[1]}->{dst}"
                         + (f" {dtype}" if dtype != "bf16" else ""))
        return Case(name, family, tuple(Operand(s, p + SUFFIX[dtype], dtype) for s, p in zip(shapes, srcs)),
                    Operand(out_shape, dst + SUFFIX[dtype], dtype), ir,
                    lambda t, dev, mc, a: call(t, a[0], a[1], mc[dst]))

    pow_t = lambda t, x, y, mc: t.pow(x, y, memory_config=mc)  # noqa: E731

    def pow_tensor(srcs, dst, **kw) -> Any:
        return binary("pow_tensor", "pow", "ttnn.pow_tensor %a0, %a1", pow_t, srcs, dst, **kw)

    def backward(srcs, dst, op: str = "gelu_bw", **kw) -> Any:
        call = lambda t, g, x, mc: getattr(t, op)(g, x, memory_config=mc)  # noqa: E731
        return binary(op, "activation backward", f"ttnn.{op} %a0, %a1", call, srcs, dst, **kw)

    def norm(op: str, shape: tuple[int, ...], src: str, dst: str, dtype="bf16", weight: bool = False,
             bias: bool = False, label: str = "", rows_in: str = "") -> Any:
        row = (1, shape[-1])
        operands = [Operand(shape, src + SUFFIX[dtype], dtype)]
        ir = f"ttnn.{op} %a0"
        if weight:
            operands.append(Operand(row, rows_in or src))
            ir += f" weight %a{len(operands) - 1}"
        if bias:
            operands.append(Operand(row, rows_in or src))
            ir += f" bias %a{len(operands) - 1}"
        extras = " + weight" * weight + " + bias" * bias
        name = label or (f"{op} {_dims(shape)}{extras} {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else ""))

        def call(t, dev, mc, a):
            w = a[1] if weight else None
            b = a[1 + weight] if bias else None
            return getattr(t, op)(a[0], weight=w, bias=b, epsilon=1e-5, memory_config=mc[dst])

        return Case(name, "normalization", tuple(operands), Operand(shape, dst + SUFFIX[dtype], dtype), ir, call)

    norms = []
    for op in ("layer_norm", "rms_norm"):
        norms += [
            # Wt = 1, 3, 5, 32 (blocks of 4 for layer_norm, 8 for rms_norm), 100 and a 3-D input.
            norm(op, (64, 32), "l1", "l1"), norm(op, (64, 96), "l1", "l1"), norm(op, (64, 160), "dram", "l1"),
            norm(op, X, "l1", "l1"), norm(op, X, "dram", "dram"), norm(op, (2, 64, 1024), "dram", "l1"),
            norm(op, (32, 3200), "dram", "dram"),
            norm(op, X, "l1", "l1", weight=True), norm(op, X, "l1", "l1", weight=True, bias=True),
            norm(op, X, "dram", "dram", bias=True),
            norm(op, X, "l1", "l1", "f32"), norm(op, X, "l1", "l1", "bfp8_b"), norm(op, X, "dram", "dram", "f32"),
            # Rows past the single-pass limit: the large-tensor program.
            norm(op, (64, 4096), "l1", "l1"), norm(op, (64, 4096), "dram", "dram", weight=True, bias=True),
            norm(op, (32, 9984), "dram", "dram"), norm(op, (32, 16384), "dram", "dram", "f32"),
            norm(op, (32, 8192), "dram", "dram", "bfp8_b"),
            norm(op, HS_SHAPE, "hs", "hs", label=f"{op} 28672x32 hs (needs a sharded program config)"),
            # An interleaved input into sharded outputs: the interleaved program's CBs.
            norm(op, (4096, 128), "dram", "tl_hs"), norm(op, BS_SHAPE, "dram", "bs"),
            norm(op, BS_SHAPE, "dram", "tl_ws"),
        ]
    norms += [norm("layer_norm", (4096, 128), "l1", "tl_hs"), norm("layer_norm", (4096, 128), "dram", "tl_hs", "f32"),
              norm("layer_norm", (4096, 128), "dram", "tl_hs", "bfp8_b"),
              norm("layer_norm", BS_SHAPE, "dram", "bs", weight=True, bias=True),
              norm("rms_norm", BS_SHAPE, "tl_ws", "dram", label=f"rms_norm 256x1024 tl_ws->dram ({SHARDED_RESULT})"),
              norm("rms_norm", BS_SHAPE, "bs", "l1", label=f"rms_norm 256x1024 bs->l1 ({SHARDED_RESULT})")]
    # Width- and block-sharded inputs: the sharded program on the input's shards (a reduction over a
    # block row's columns; width sharding over every core, in two stages on a grid of several rows).
    for op in ("layer_norm", "rms_norm"):
        norms += [norm(op, BS_SHAPE, "bs", "bs"), norm(op, BS_SHAPE, "tl_bs8", "tl_bs8"),
                  norm(op, BS_SHAPE, "tl_bs44", "tl_bs44"), norm(op, (1024, 256), "tl_bsn", "tl_bsn"),
                  norm(op, BS_SHAPE, "tl_ws", "tl_ws"), norm(op, WS_SHAPE, "ws", "ws"),
                  norm(op, (64, 1024), "tl_ws1", "tl_ws1"), norm(op, BS_SHAPE, "bs", "bs", weight=True, rows_in="dram"),
                  norm(op, BS_SHAPE, "tl_bs", "tl_bs", "f32"), norm(op, BS_SHAPE, "tl_bs", "tl_bs", "bfp8_b")]
    norms += [norm("layer_norm", BS_SHAPE, "bs", "bs", weight=True, bias=True, rows_in="dram"),
              norm("layer_norm", (32, 4096), "tl_ws64", "tl_ws64")]
    # Near the single-pass limit: 1,310,720 .. 1,325,568 B of CBs.
    norms += [norm("layer_norm", (32, 3840), "dram", "dram"), norm("layer_norm", (32, 3968), "dram", "dram"),
              norm("rms_norm", (32, 9728), "dram", "dram"), norm("rms_norm", (32, 6400), "dram", "dram", "f32"),
              norm("rms_norm", (32, 13056), "dram", "dram", "bfp8_b"),
              norm("layer_norm", (32, 2688), "dram", "dram", weight=True, bias=True),
              norm("layer_norm", (32, 2816), "dram", "dram", weight=True, bias=True)]
    # The switch counts the L1 inputs (24,576 B a bank on Wormhole: large; 12,288 B on Blackhole: one pass),
    # not the L1 output; rms_norm rejects a row-major input.
    norms += [norm("layer_norm", (192, 3840), "l1", "dram"), norm("layer_norm", (192, 3840), "dram", "l1"),
              norm("rms_norm", X, "g:dram:rm", "g:dram:rm", label=RMS_ROW_MAJOR)]
    # layer_norm of a row-major input: the output row in Wt' tiles and 2 blocks of input tiles to tilize from.
    norms += [norm("layer_norm", (2, 21, 800), "g:dram:rm", "g:dram:rm"),
              norm("layer_norm", (640,), "g:l1:rm", "g:dram:rm", bias=True, rows_in="l1"),
              norm("layer_norm", (169, 128), "g:dram:rm", "g:l1:rm", weight=True, bias=True, rows_in="dram"),
              norm("layer_norm", (222, 79), "g:l1:rm", "g:dram:rm", label=LN_ROW_MAJOR_WIDTH)]
    # The sharded program on uneven shards (the shard shape's CBs), and rms_norm's mask of a padded last
    # dimension (a bf16 tile per shard column).
    norms += [norm("rms_norm", (160,), "g:bs:1x3:32x64", "g:bs:1x3:32x64", weight=True, rows_in="l1"),
              norm("layer_norm", (32, 160), "g:bs:1x3:32x64", "g:bs:1x3:32x64", weight=True, bias=True,
                   rows_in="l1"),
              norm("rms_norm", (547,), "g:bs:1x6:32x96", "g:bs:1x6:32x96", bias=True, rows_in="l1"),
              norm("rms_norm", (3, 32, 171), "g:ws:3x2:96x32", "g:ws:3x2:96x32"),
              norm("layer_norm", (1, 640, 448), "g:ws:1x2:640x224", "g:ws:1x2:640x224", weight=True, bias=True,
                   rows_in="l1", label=LN_CBS_OVER_L1),
              # CBs that overlap the L1 shards but stay below the top of L1: ttnn runs them.
              norm("rms_norm", (2, 710, 192), "g:ws:3x1:1472x64", "g:ws:3x1:1472x64", weight=True, bias=True,
                   rows_in="l1"),
              # layer_norm's padded last dimension: 2 x shard tile rows + 1 bf16 tiles per shard column; padding
              # in height nothing.
              norm("layer_norm", (96, 100), "g:ws:1x2:96x64", "g:ws:1x2:96x64"),
              norm("layer_norm", (3, 57, 704), "g:bs:1x2:192x352", "g:bs:1x2:192x352"),
              # An interleaved input into output shards that leave a core of the grid idle.
              norm("layer_norm", (512, 864), "g:l1", "g:bs:1x8:512x128")]

    def rotary(x: tuple[int, ...], src: str, dst: str, dtype="bf16", table_dtype: str | None = None,
               table_place: str | None = None, seq: int | None = None, label: str = "") -> Any:
        table_dtype = table_dtype or dtype
        table = (1, 1, seq or x[-2], x[-1])
        tplace = (table_place or src) + SUFFIX[table_dtype]
        name = label or (f"rotary_embedding {_dims(x)} {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
                         + (f" tables {table_dtype}" if table_dtype != dtype else "")
                         + (f" tables 1x1x{seq}x{x[-1]}" if seq else ""))
        return Case(name, "rotary embedding",
                    (Operand(x, src + SUFFIX[dtype], dtype), Operand(table, tplace, table_dtype),
                     Operand(table, tplace, table_dtype)),
                    Operand(x, dst + SUFFIX[dtype], dtype), "ttnn.rotary_embedding %a0, %a1, %a2",
                    lambda t, dev, mc, a: t.experimental.rotary_embedding(a[0], a[1], a[2], memory_config=mc[dst]))

    def sdpa(b: int, hq: int, hkv: int, seq: int, d: int, causal: bool, dst: str = "dram", dtype="bf16",
             kv_dtype: str | None = None, src: str = "dram", sk: int | None = None, label: str = "",
             kv_src: str = "dram") -> Any:
        kv_dtype = kv_dtype or dtype
        sk = sk or seq
        q, kv = (b, hq, seq, d), (b, hkv, sk, d)
        name = label or (f"sdpa {_dims(q)} kv {_dims(kv)}{' causal' if causal else ''} {src}->{dst}"
                         + (f" {dtype}" if dtype != "bf16" else "") + (f" kv {kv_dtype}" if kv_dtype != dtype else ""))
        flag = " {is_causal = true}" if causal else ""
        return Case(name, "attention",
                    (Operand(q, src + SUFFIX[dtype], dtype), Operand(kv, kv_src + SUFFIX[kv_dtype], kv_dtype),
                     Operand(kv, kv_src + SUFFIX[kv_dtype], kv_dtype)),
                    Operand(q, dst + SUFFIX[dtype], dtype), "ttnn.scaled_dot_product_attention %a0, %a1, %a2" + flag,
                    lambda t, dev, mc, a: t.transformer.scaled_dot_product_attention(
                        a[0], a[1], a[2], is_causal=causal, memory_config=mc[dst]))

    attention = (
        # head_dim 32 .. 256 (DHt 1 .. 8), causal and not.
        sdpa(1, 8, 8, 256, 32, True), sdpa(1, 8, 8, 256, 64, True), sdpa(1, 8, 8, 256, 128, True, "l1"),
        sdpa(1, 8, 8, 256, 256, True), sdpa(1, 8, 8, 256, 64, False), sdpa(1, 8, 8, 256, 128, False),
        sdpa(1, 8, 8, 96, 96, False),
        # The q CB: one chunk per core (single) or more, or a causal even chunk count (double).
        sdpa(1, 8, 8, 2048, 64, True), sdpa(1, 8, 8, 2048, 64, False), sdpa(1, 8, 8, 96, 64, True),
        sdpa(1, 8, 8, 160, 64, True), sdpa(1, 8, 8, 192, 64, True), sdpa(1, 8, 8, 32, 64, True),
        sdpa(1, 8, 8, 64, 64, True), sdpa(1, 8, 8, 100, 64, True), sdpa(1, 64, 64, 96, 64, True),
        sdpa(1, 64, 64, 96, 64, False), sdpa(4, 32, 8, 64, 64, True), sdpa(2, 8, 8, 256, 64, True),
        # Grouped-query attention, formats, placements.
        sdpa(1, 8, 2, 512, 64, True), sdpa(1, 32, 8, 128, 128, True, "l1"),
        sdpa(1, 8, 8, 256, 64, True, dtype="bfp8_b"), sdpa(1, 8, 8, 256, 64, True, kv_dtype="bfp8_b"),
        sdpa(1, 8, 8, 256, 64, True, "l1", src="l1"), sdpa(1, 8, 8, 128, 64, False, sk=512),
        # Sharded results (the same CBs; the buffer a shard): height, width, block, bfp8_b, GQA.
        sdpa(1, 8, 8, 256, 64, True, "tl_hsq"), sdpa(1, 8, 8, 256, 64, True, "tl_wsq"),
        sdpa(1, 8, 8, 256, 64, False, "tl_bsq"), sdpa(1, 8, 8, 256, 64, True, "tl_hsq", dtype="bfp8_b"),
        sdpa(1, 8, 8, 1024, 128, False, "tl_hsq2"), sdpa(1, 8, 8, 1024, 128, False, "tl_hsq24"),
        sdpa(1, 8, 8, 1024, 128, False, "tl_bsq2"), sdpa(1, 8, 2, 1024, 128, True, "tl_hsq2"),
        # Rejected by ttnn 0.81.1 and the model.
        sdpa(1, 8, 8, 256, 64, True, src="tl_hsq", label="sdpa 1x8x256x64 tl_hsq query (interleaved inputs only)"),
        sdpa(1, 8, 8, 256, 64, True, kv_src="tl_hsq", label="sdpa 1x8x256x64 tl_hsq key, value (interleaved inputs only)"),
        sdpa(1, 8, 8, 256, 64, True, src="tl_bsq", label="sdpa 1x8x256x64 tl_bsq query (interleaved inputs only)"),
        sdpa(1, 8, 8, 256, 64, True, dtype="f32", label="sdpa 1x8x256x64 f32 (bf16 or bfp8_b only)"),
        sdpa(1, 8, 8, 128, 64, True, sk=512, label="sdpa 1x8x128x64 kv 1x8x512x64 causal (Sq != Sk)"),
        sdpa(1, 8, 8, 256, 80, True, label="sdpa 1x8x256x80 (head_dim not a multiple of 32)"),
        # A key length that is not a multiple of the chunk: the padded mask (2 bf16 tiles).
        sdpa(4, 12, 4, 84, 64, False), sdpa(1, 4, 2, 87, 96, False), sdpa(1, 16, 2, 1024, 64, False, sk=341),
        sdpa(1, 16, 2, 1024, 64, False, sk=341, dtype="bfp8_b"),
        # A sharded result on a grid with idle cores.
        sdpa(1, 8, 8, 256, 64, False, "g:hs:8x8:64x64"), sdpa(4, 12, 4, 84, 64, False, "g:bs:3x1:1536x64"),
    )

    rotaries = (
        rotary((1, 8, 128, 64), "l1", "l1"), rotary((1, 8, 128, 64), "dram", "dram"),
        rotary((1, 8, 256, 128), "dram", "l1"), rotary((1, 32, 128, 128), "l1", "l1"),
        rotary((1, 8, 128, 256), "dram", "dram"), rotary((1, 8, 128, 32), "l1", "l1"),
        rotary((8, 128, 64), "l1", "l1"), rotary((1, 8, 128, 48), "l1", "l1"),
        rotary((1, 8, 128, 128), "l1", "l1", "f32"), rotary((2, 4, 64, 128), "dram", "dram", "bfp8_b"),
        rotary((1, 8, 128, 64), "l1", "l1", "f32", table_dtype="bf16"),
        rotary((1, 8, 128, 64), "l1", "l1", seq=256),
        rotary((1, 8, 1024, 64), "hs_rows", "hs_rows", table_place="dram"),
        rotary((1, 8, 1024, 64), "hs_rows", "dram", table_place="dram"),
        rotary((1, 8, 1024, 64), "dram", "hs_rows", table_place="dram"),
        # ttnn splits the output over the whole grid instead of the requested 4x4 cores.
        rotary((1, 8, 256, 64), "dram", "hs_4x4", table_place="dram"),
        # 67 tile rows: no core count of the grid divides them but one (its shard holds all 67).
        rotary((1, 1, 2144, 64), "dram", "hs_4x4", table_place="dram"),
        rotary((1, 1, 3200, 64), "dram", "hs_4x4", table_place="dram"),
        # A height-sharded input: the output takes its shard spec, whatever was asked.
        rotary((1, 8, 1024, 64), "hs_rows", "hs_4x4", table_place="dram"),
        # One tile of head dim: the transformation matrix (bfp8_b for a bfp8_b input), intermediates in the
        # input's format.
        rotary((1, 2, 64, 32), "l1", "l1", "bfp8_b"), rotary((1, 2, 64, 32), "l1", "l1", "f32", table_dtype="bf16"),
        rotary((1, 2, 64, 32), "l1", "l1", "f32"),
        # Sharded tables: read through accessors, the same CBs.
        rotary((1, 8, 128, 64), "l1", "l1", table_place="g:hs:4x1:32x64",
               label="rotary_embedding 1x8x128x64 l1->l1 tables hs:4x1:32x64"),
        # Rejected: a head dim of 3 tiles; a sharded input whose rows its shard height does not divide.
        rotary((1, 8, 128, 80), "l1", "l1", label=f"rotary_embedding 1x8x128x80 l1->l1 ({ROTARY_HEAD_DIM})"),
        rotary((1, 8, 128, 96), "l1", "l1", label=f"rotary_embedding 1x8x128x96 l1->l1 ({ROTARY_HEAD_DIM})"),
        rotary((1, 16, 1184, 48), "g:hs:6x3:1056x64", "g:hs:6x3:1056x64", table_place="l1",
               label=f"rotary_embedding 1x16x1184x48 hs 6x3 ({ROTARY_ROWS})"),
        # Width and block shards: ttnn rejects them (a width-sharded input; a block shard narrower than the
        # row; an interleaved input into them: the grid it derives does not fit).
        *(rotary((1, 8, 256, 128), src, dst, table_place="dram",
                 label=f"rotary_embedding 1x8x256x128 {src}->{dst} (interleaved or height sharded only)")
          for src, dst in (("tl_wsr", "tl_wsr"), ("tl_bsr", "tl_bsr"), ("tl_bsr", "dram"), ("dram", "tl_wsr"),
                           ("dram", "tl_bsr"))),
    )

    def softmax_bw(shape: tuple[int, ...], dim: int, src: str, dst: str, dtype="bf16", grad_dtype: str = "",
                   label: str = "") -> Any:
        """ttnn.moreh_softmax_backward(output, output_grad, dim): the result in output's data type."""
        grad_dtype = grad_dtype or dtype
        name = label or (f"moreh_softmax_backward {_dims(shape)} dim {dim} {src}->{dst}"
                         + (f" {dtype}" if dtype != "bf16" else "")
                         + (f" output_grad {grad_dtype}" if grad_dtype != dtype else ""))
        return Case(name, "softmax/layer_norm backward (moreh)",
                    (Operand(shape, src + SUFFIX[dtype], dtype), Operand(shape, src + SUFFIX[grad_dtype], grad_dtype)),
                    Operand(shape, dst + SUFFIX[dtype], dtype), f"ttnn.moreh_softmax_backward %a0, %a1 {{dim = {dim} : i64}}",
                    lambda t, dev, mc, a: t.moreh_softmax_backward(a[0], a[1], dim, memory_config=mc[dst]))

    softmax_backward = (
        # The last dimension: the small W program (3 Wt + 6 tiles) in each placement and format.
        softmax_bw(X, 1, "l1", "l1"), softmax_bw(X, 1, "dram", "dram"), softmax_bw(X, 1, "dram", "l1"),
        softmax_bw(X, 1, "l1", "dram"), softmax_bw(X, 1, "dram", "dram", "bfp8_b"),
        softmax_bw(X, 1, "l1", "l1", "bfp8_b"), softmax_bw(X, 1, "dram", "dram", grad_dtype="bfp8_b"),
        softmax_bw(X, 1, "dram", "dram", "bfp8_b", grad_dtype="bf16"), softmax_bw((64, 100), 1, "dram", "dram"),
        softmax_bw((1024,), 0, "dram", "dram"), softmax_bw((2, 64, 1024), 2, "l1", "l1"),
        softmax_bw((64, 32), 1, "l1", "l1"),
        # The small/large switch on both devices: 3 Wt + 6 tiles against 512 KiB less the allocator base.
        *(softmax_bw((32, 32 * wt), 1, "dram", "dram", dtype) for wt, dtype in (
            (65, "bf16"), (66, "bf16"), (67, "bf16"), (124, "bfp8_b"), (125, "bfp8_b"), (126, "bfp8_b"),
            (127, "bfp8_b"))),
        softmax_bw((64, 32768), 1, "dram", "dram"), softmax_bw((64, 32768), 1, "dram", "dram", "bfp8_b"),
        # The second-to-last dimension: the H programs.
        softmax_bw(X, 0, "l1", "l1"), softmax_bw(X, 0, "dram", "dram", "bfp8_b"),
        softmax_bw(X, 0, "dram", "dram", "bfp8_b", grad_dtype="bf16"), softmax_bw((100, 64), 0, "dram", "dram"),
        softmax_bw((2, 64, 1024), 1, "dram", "l1"),
        *(softmax_bw((32 * ht, 64), 0, "dram", "dram") for ht in (65, 66, 67)),
        softmax_bw((32768, 64), 0, "dram", "dram"), softmax_bw((32768, 64), 0, "l1", "l1", "bfp8_b"),
        # Any other dimension: the C program (10 tiles).
        softmax_bw((2, 64, 1024), 0, "dram", "dram"), softmax_bw((2, 64, 1024), 0, "dram", "dram", "bfp8_b"),
        softmax_bw((2, 64, 1024), 0, "dram", "dram", grad_dtype="bfp8_b"), softmax_bw((4, 3, 64, 96), 1, "dram", "dram"),
        softmax_bw((4, 3, 64, 96), 0, "l1", "l1"),
        # Sharded tensors: the same programs through tensor accessors.
        softmax_bw(HS_SHAPE, 1, "hs", "hs"), softmax_bw(HS_SHAPE, 0, "hs", "hs"), softmax_bw(HS_SHAPE, 1, "hs", "l1"),
        softmax_bw(BS_SHAPE, 1, "tl_ws", "tl_ws"), softmax_bw(BS_SHAPE, 1, "bs", "bs"), softmax_bw(BS_SHAPE, 1, "bs", "dram"),
        softmax_bw(BS_SHAPE, 0, "tl_ws", "tl_ws"),
        softmax_bw(X, 1, "dram", "dram", "f32",
                   label="moreh_softmax_backward 64x1024 dim 1 dram->dram f32 (bf16 or bfp8_b only)"),
    )

    def layer_norm_bw(shape: tuple[int, ...], dims: int, src: str, dst: str, grads: str = "ig", gamma: bool = False,
                      dtype: str = "bf16", label: str = "", side: str = "") -> Any:
        """ttnn.moreh_layer_norm_backward(dy, x, mean, rstd, normalized_dims, gamma=, input_grad=, gamma_grad=,
        beta_grad=): ttnn writes into the gradient tensors it is given, which the call allocates (inside the
        capture, as the op model's results); ``grads`` names them (ig, gg, bg). ``side``: the placement of the
        statistics, gamma and its gradients when it is not ``src`` / ``dst`` (beside sharded dy, x, dx)."""
        def canonical(dims_: tuple[int, ...]) -> tuple[int, ...]:
            return (1,) * (2 - len(dims_)) + dims_ if len(dims_) < 2 else dims_
        stats, params = canonical(shape[:len(shape) - dims]), canonical(shape[len(shape) - dims:])
        wanted = grads.split(",")
        name = label or (f"moreh_layer_norm_backward {_dims(shape)} nd {dims} {src}->{dst}" + (" gamma" if gamma else "")
                         + f" grads {grads}" + (f" {dtype}" if dtype != "bf16" else "")
                         + (f" side {side}" if side else ""))
        place = lambda p: p + SUFFIX[dtype]  # noqa: E731
        side_in, side_out = side or src, side or dst
        inputs = (Operand(shape, place(src), dtype), Operand(shape, place(src), dtype),
                  Operand(stats, place(side_in), dtype), Operand(stats, place(side_in), dtype))
        if gamma:
            inputs += (Operand(params, place(side_in), dtype),)
        outputs = tuple(Operand(shape, place(dst), dtype) if g == "ig" else Operand(params, place(side_out), dtype)
                        for g in wanted)
        flags = {"ig": "input_grad", "gg": "gamma_grad", "bg": "beta_grad"}
        attrs = ", ".join([f"normalized_dims = {dims} : i64"] + (["input_grad = false"] if "ig" not in wanted else [])
                          + [f"{flags[g]} = true" for g in wanted if g != "ig"])
        ir = "ttnn.moreh_layer_norm_backward %a0, %a1, %a2, %a3" + (" gamma %a4" if gamma else "") + f" {{{attrs}}}"

        def call(t: Any, dev: Any, mc: Any, a: Any) -> Any:
            dt = {"bf16": t.bfloat16, "f32": t.float32, "bfp8_b": t.bfloat8_b}[dtype]
            empty = lambda s, p: t.empty(list(s), dt, t.TILE_LAYOUT, dev, mc[p])  # noqa: E731
            return t.moreh_layer_norm_backward(
                a[0], a[1], a[2], a[3], dims, gamma=a[4] if gamma else None,
                input_grad=empty(shape, dst) if "ig" in wanted else None,
                gamma_grad=empty(params, side_out) if "gg" in wanted else None,
                beta_grad=empty(params, side_out) if "bg" in wanted else None)

        return Case(name, "softmax/layer_norm backward (moreh)", inputs,
                    outputs[0] if len(outputs) == 1 else outputs, ir, call)

    layer_norm_backward = (
        # input_grad alone, small (2 N + 14 tiles), in each placement; gamma adds a tile.
        layer_norm_bw(X, 1, "dram", "dram"), layer_norm_bw(X, 1, "l1", "l1"), layer_norm_bw(X, 1, "dram", "l1", gamma=True),
        # Both programs: the CB peak is the larger, every gradient is allocated first.
        layer_norm_bw(X, 1, "dram", "dram", "ig,gg,bg", True), layer_norm_bw(X, 1, "l1", "l1", "ig,gg,bg", True),
        layer_norm_bw(X, 1, "dram", "l1", "ig,bg"),
        # The gamma/beta program alone: 11 tiles and one per gradient.
        layer_norm_bw(X, 1, "dram", "dram", "gg"), layer_norm_bw(X, 1, "dram", "l1", "bg"),
        layer_norm_bw(X, 1, "dram", "dram", "gg,bg"),
        # Masks: an unaligned width (input_grad), an unaligned height (gamma/beta with one normalized dimension,
        # input_grad with more).
        layer_norm_bw((100, 1000), 1, "dram", "dram"), layer_norm_bw((100, 1024), 1, "dram", "dram", "ig,gg,bg"),
        layer_norm_bw((100, 1000), 1, "dram", "dram", "gg"), layer_norm_bw((100, 1024), 2, "dram", "dram"),
        layer_norm_bw((100, 1000), 2, "dram", "dram", gamma=True), layer_norm_bw((100, 1024), 2, "dram", "dram", "bg"),
        # More normalized dimensions: N is every normalized tile.
        layer_norm_bw((4, 64, 1024), 2, "dram", "dram", "ig,gg,bg", True), layer_norm_bw((2, 3, 64, 64), 3, "dram", "dram", "ig,gg,bg"),
        layer_norm_bw((2, 3, 64, 64), 1, "l1", "l1", "ig,gg,bg", True),
        # Sharded dy, x and dx (the statistics, gamma and its gradients interleaved): the same programs.
        layer_norm_bw(BS_SHAPE, 1, "bs", "bs", side="dram"), layer_norm_bw(BS_SHAPE, 1, "bs", "dram", side="dram"),
        layer_norm_bw(BS_SHAPE, 1, "dram", "bs", side="dram"), layer_norm_bw(BS_SHAPE, 1, "tl_ws", "tl_ws", side="dram"),
        layer_norm_bw(BS_SHAPE, 1, "tl_hs8", "tl_hs8", side="dram"),
        layer_norm_bw(BS_SHAPE, 1, "bs", "bs", "ig,gg,bg", True, side="dram"),
        layer_norm_bw(BS_SHAPE, 1, "tl_ws", "tl_ws", "ig,gg,bg", True, side="l1"),
        # Width shards on a grid with an idle core (8 shards of 96 on 3x3).
        layer_norm_bw((256, 768), 1, "g:ws:3x3:256x96", "g:ws:3x3:256x96", side="dram"),
        # The small/large switch at the L1 above the allocator's base, on both devices.
        *(layer_norm_bw((32, 32 * n), 1, "dram", "dram", gamma=g) for n, g in (
            (333, False), (333, True), (334, False), (349, True), (350, False))),
        layer_norm_bw((64, 32768), 1, "dram", "dram", "ig,gg,bg", True),
        # Rejected: ttnn 0.81.1 takes bf16 only and reads the second-to-last dimension.
        layer_norm_bw(X, 1, "dram", "dram", dtype="bfp8_b",
                      label="moreh_layer_norm_backward 64x1024 nd 1 dram->dram bfp8_b (bf16 only)"),
        layer_norm_bw(X, 1, "dram", "dram", dtype="f32",
                      label="moreh_layer_norm_backward 64x1024 nd 1 dram->dram f32 (bf16 only)"),
        layer_norm_bw((1024,), 1, "dram", "dram", label="moreh_layer_norm_backward 1024 nd 1 (rank 1)"),
    )

    return (
        *activation("gelu"), *activation("silu"), *activation("sigmoid"),
        pow_scalar(2.0, "dram", "dram"), pow_scalar(2.0, "l1", "l1"), pow_scalar(0.5, "dram", "dram", dtype="f32"),
        pow_scalar(3.0, "l1", "l1", dtype="bfp8_b"), pow_scalar(3.0, "hs", "hs", HS_SHAPE),
        pow_scalar(2.0, "bs", "bs", BS_SHAPE), pow_scalar(2.0, "ws", "ws", WS_SHAPE),
        pow_tensor(("l1", "l1"), "l1"), pow_tensor(("dram", "dram"), "dram"), pow_tensor(("dram", "l1"), "l1"),
        pow_tensor(("dram", "dram"), "dram", dtype="f32"), pow_tensor(("dram", "dram"), "dram", dtype="bfp8_b"),
        pow_tensor(("l1", "l1"), "l1", shapes=(X, (1, 1024)), label="pow_tensor 64x1024 ** 1x1024 (broadcast) l1"),
        pow_tensor(("hs", "hs"), "hs", shapes=(HS_SHAPE, HS_SHAPE)),
        pow_tensor(("bs", "bs"), "bs", shapes=(BS_SHAPE, BS_SHAPE)), pow_tensor(("ws", "ws"), "ws", shapes=(WS_SHAPE, WS_SHAPE)),
        pow_tensor(("dram", "dram"), "dram", shapes=(X, (1, 1000)), label="pow_tensor 64x1024 ** 1x1000 (incompatible)"),
        backward(("l1", "l1"), "l1"), backward(("l1", "dram"), "dram"), backward(("dram", "dram"), "l1"),
        backward(("dram", "dram"), "dram", dtype="f32"), backward(("l1", "l1"), "l1", dtype="bfp8_b"),
        backward(("hs", "hs"), "hs", shapes=(HS_SHAPE, HS_SHAPE)), backward(("bs", "bs"), "bs", shapes=(BS_SHAPE, BS_SHAPE)),
        backward(("ws", "ws"), "ws", shapes=(WS_SHAPE, WS_SHAPE)),
        backward(("dram", "dram"), "dram", shapes=((2, 64, 1024), (2, 64, 1024))),
        *(backward(srcs, dst, "relu_bw", **kw) for srcs, dst, kw in (
            (("l1", "l1"), "l1", {}), (("dram", "dram"), "l1", {}), (("l1", "l1"), "dram", {}),
            (("dram", "l1"), "l1", {}), (("dram", "dram"), "dram", {"dtype": "f32"}),
            (("l1", "l1"), "l1", {"dtype": "f32"}), (("l1", "l1"), "l1", {"dtype": "bfp8_b"}),
            (("l1", "l1"), "l1", {"shapes": ((2, 64, 1024), (2, 64, 1024))}),
            (("hs", "hs"), "hs", {"shapes": (HS_SHAPE, HS_SHAPE)}),
            (("bs", "bs"), "bs", {"shapes": (BS_SHAPE, BS_SHAPE)}),
            (("ws", "ws"), "ws", {"shapes": (WS_SHAPE, WS_SHAPE)}))),
        *(backward(srcs, dst, "silu_bw", **kw) for srcs, dst, kw in (
            (("l1", "l1"), "l1", {}), (("dram", "dram"), "l1", {}), (("l1", "l1"), "dram", {}),
            (("dram", "l1"), "l1", {}), (("dram", "dram"), "dram", {}), (("dram", "dram"), "dram", {"dtype": "f32"}),
            (("l1", "l1"), "l1", {"dtype": "f32"}), (("l1", "l1"), "l1", {"dtype": "bfp8_b"}),
            (("dram", "dram"), "l1", {"dtype": "bfp8_b"}),
            (("l1", "l1"), "l1", {"shapes": ((2, 64, 1024), (2, 64, 1024))}),
            (("hs", "hs"), "hs", {"shapes": (HS_SHAPE, HS_SHAPE)}),
            # Sharded alike: the rsub's 8-tile CB (none for f32) beside its scalar tile, shards of 1 to 32 tiles.
            (("hs", "hs"), "hs", {"shapes": (HS_SHAPE, HS_SHAPE), "dtype": "f32"}),
            (("hs", "hs"), "hs", {"shapes": (HS_SHAPE, HS_SHAPE), "dtype": "bfp8_b"}),
            (("bs", "bs"), "bs", {"shapes": (BS_SHAPE, BS_SHAPE)}), (("ws", "ws"), "ws", {"shapes": (WS_SHAPE, WS_SHAPE)}),
            (("tl_hs1t", "tl_hs1t"), "tl_hs1t", {"shapes": ((2048, 32), (2048, 32))}),
            (("tl_hs32t", "tl_hs32t"), "tl_hs32t", {"shapes": ((4096, 512), (4096, 512))}))),
        *norms, *rotaries, *attention, *softmax_backward, *layer_norm_backward,
        *placement_cases(Case, Operand),
    )
