"""Calibration cases of reshape, permute, pad, embedding and argmax (bench/opmodel_calibration.py).

The harness passes its ``Case`` and ``Operand`` records in (``cases(Case, Operand)``), so this module
does not import the harness. Every case runs on both mock devices. Placements are the harness's LAYOUTS
keys; ``LAYOUTS`` adds the row-major u32 placements of embedding indices and argmax results
(``ROW_MAJOR`` names them, with the harness's own row-major ones, for the mock-device child).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

D, L, HS = "dram", "l1", "hs"
# Sharded placements a permute's input may take (the harness's and the compute cases' keys).
SHARDED_INPUTS = frozenset({HS, "bs", "ws", "hs_rows"})
SUFFIX = {"bf16": "", "f32": "_f32", "bfp8_b": "_bfp8"}

LAYOUTS = {
    "dram_rm_u32": "#ttnn.layout<row_major, dram, interleaved, u32>",
    "l1_rm_u32": "#ttnn.layout<row_major, l1, interleaved, u32>",
}

# Families whose ttnn programs keep data in a scratchpad (part of total, not of cb); permute: a
# permutation that moves nothing is to_memory_config, whose interleaved_to_sharded stages rows there.
SCRATCHPAD_FAMILIES = frozenset({"reshape", "pad", "embedding", "argmax", "permute"})

# Cases ttnn 0.81.1 rejects on purpose (and so does the model).
REJECTED = frozenset({
    "pad 64x1024 (front (32, 0) rows) dram->dram",
    "embedding 1x32 weight 1000x256 f32 row_major -> row_major dram",
    "argmax 64x1024 bfp8_b dim -1 dram->dram",
    "argmax 64x1024 all dims dram->dram",
    "argmax 4096x128 dim -1 tl_hs->dram",
    "embedding 1x4096 weight 1000x120 row_major -> dram->tl_hs120_rm",
    "embedding 1x256 weight 1000x1024 row_major -> dram->tl_ws_rm",
    "embedding 1x4000 weight 1000x128 tile -> dram->tl_hs",
    "embedding 1x4096 weight 1000x100 tile -> dram->tl_hs",
    "embedding 1x4096 weight 1024x128 tl_hsw_rm tile -> dram->dram",
    "argmax 256x1024 dim -1 tl_bs->dram",
    "argmax 256x1024 dim -1 tl_ws->dram",
    "reshape 1x923x512 -> 1x472576 dram:rm->l1:rm",
    "reshape 1x712x512 -> 1x364544 dram:rm->dram:rm",
    "pad 704 (+32) l1->l1",
    "pad 2x30x50 (+0, +2, +0) hs:2x1:32x64->hs:2x1:32x64",
    "pad 14x736 (+0, +7) hs:1x1:32x736->ws:5x1:32x160",  # ttnn's widened height shards: 14 rows
    "embedding 1x256 dram:rm weight 100x120 dram:rm row_major -> hs:8x1:32x120:rm",
    "embedding 8x96 l1:rm weight 769x352 dram:rm tile -> ws:1x6:768x64",
    "transpose 4x64x60 dims 1, 1 g:hs:2x1:128x64->g:dram bfp8_b",
    "embedding 8x160 dram:rm weight 699x827 dram:rm tile -> hs:1x8:160x832",
    "permute 1x1x800x896 (1, 2, 3, 0) bs:4x2:200x448:rm->hs:5x7:20480x1:rm",
    "embedding 1x100 dram:rm weight 699x256 dram:rm tile -> ws:1x4:128x64",
    "reshape 512x32 -> 16384 ws:3x1:512x11:rm->dram:rm",
    "reshape 4x2x26x320 -> 1024x65 l1:rm->hs:4x8:32x65:rm",
})
# Blackhole's DRAM alignment is 64 B: the row-major program cannot write 224 B rows into shards there.
REJECTED_ON_BLACKHOLE = frozenset({"embedding 1x4096 weight 1000x112 row_major -> dram->tl_hs112_rm",
                                   "embedding 1x256 dram:rm weight 100x112 l1:rm row_major -> hs:8x1:32x112:rm"})

DIFFERENCES: dict[str, str] = {}

def _dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def _placement(where: str, dtype: str, row_major: bool) -> str:
    """The harness' LAYOUTS key: dram / l1, "_rm" for row-major, then the data type's suffix."""
    if where == HS:
        return where
    return where + ("_rm" if row_major else "") + SUFFIX[dtype]


def cases(case: Callable[..., Any], operand: Callable[..., Any]) -> tuple[Any, ...]:
    def reshape(shape: tuple[int, ...], new: tuple[int, ...], src: str, dst: str, dtype: str = "bf16",
                row_major: bool = False) -> Any:
        name = (f"reshape {_dims(shape)} -> {_dims(new)} {src}->{dst}" + (" row_major" if row_major else "")
                + (f" {dtype}" if dtype != "bf16" else ""))
        return case(name, "reshape", (operand(shape, _placement(src, dtype, row_major), dtype),),
                    operand(new, _placement(dst, dtype, row_major), dtype),
                    f"ttnn.reshape %a0 {{shape = array<i64: {', '.join(map(str, new))}>}}",
                    lambda t, dev, mc, a: t.reshape(a[0], list(new), memory_config=mc[dst]))

    def permute(shape: tuple[int, ...], perm: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        out = tuple(shape[d] for d in perm)
        name = f"permute {_dims(shape)} {perm} {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
        return case(name, "permute", (operand(shape, src if src in SHARDED_INPUTS else src + SUFFIX[dtype], dtype),),
                    operand(out, dst + SUFFIX[dtype], dtype),
                    f"ttnn.permute %a0 {{permutation = array<i64: {', '.join(map(str, perm))}>}}",
                    lambda t, dev, mc, a: t.permute(a[0], perm, memory_config=mc[dst]))

    def pad(shape: tuple[int, ...], padding: tuple[tuple[int, int], ...], src: str, dst: str,
            dtype: str = "bf16", label: str | None = None) -> Any:
        out = tuple(d + front + back for d, (front, back) in zip(shape, padding))
        grown = label or ", ".join(f"+{back}" for _, back in padding)
        name = f"pad {_dims(shape)} ({grown}) {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
        flat = ", ".join(str(p) for pair in padding for p in pair)
        return case(name, "pad", (operand(shape, src + SUFFIX[dtype], dtype),), operand(out, dst + SUFFIX[dtype], dtype),
                    f"ttnn.pad %a0 {{padding = array<i64: {flat}>}}",
                    lambda t, dev, mc, a: t.pad(a[0], list(padding), 0.0, memory_config=mc[dst]))

    def embedding(tokens: tuple[int, int], table: tuple[int, int], ids: str, out: str, dtype: str = "bf16",
                  weight: str = "dram_rm") -> Any:
        """``out``: a placement ending in "_rm" (a row-major result: "dram_rm", "tl_hs_rm") or a tiled one."""
        tiled = not out.endswith("_rm")
        shape = (*tokens, table[1])
        name = (f"embedding {_dims(tokens)} weight {_dims(table)}" + (f" {dtype}" if dtype != "bf16" else "")
                + (f" {weight}" if weight != "dram_rm" else "")
                + f" {'tile' if tiled else 'row_major'} -> {ids}->{out}")
        if dtype != "bf16":
            name = f"embedding {_dims(tokens)} weight {_dims(table)} {dtype} row_major -> row_major dram"
            weight = "dram_rm_f32"
        placed = out.replace("_rm", "_rm_f32") if dtype == "f32" else out
        return case(name, "embedding", (operand(tokens, ids + "_rm_u32", "u32"), operand(table, weight, dtype)),
                    operand(shape, placed, dtype), "ttnn.embedding %a0, %a1",
                    lambda t, dev, mc, a: t.embedding(a[0], a[1], layout=t.TILE_LAYOUT if tiled else t.ROW_MAJOR_LAYOUT,
                                                      memory_config=mc[out]))

    def argmax(shape: tuple[int, ...], dim: int | None, src: str, dst: str, dtype: str = "bf16",
               keepdim: bool = False) -> Any:
        if dim is None:
            out: tuple[int, ...] = ()
        else:
            axis = dim % len(shape)
            out = tuple(1 if i == axis else d for i, d in enumerate(shape) if i != axis or keepdim)
        where = "all dims" if dim is None else f"dim {dim}" + (" keepdim" if keepdim else "")
        name = f"argmax {_dims(shape)}" + (f" {dtype}" if dtype != "bf16" else "") + f" {where} {src}->{dst}"
        attrs = [] if dim is None else [f"dim = {dim} : si32"]
        if keepdim:
            attrs.append("keep_dim = true")
        ir = "ttnn.argmax %a0" + (f" {{{', '.join(attrs)}}}" if attrs else "")
        kwargs = {} if dim is None else {"dim": dim}
        return case(name, "argmax", (operand(shape, src + SUFFIX[dtype], dtype),), operand(out, dst + "_rm_u32", "u32"),
                    ir, lambda t, dev, mc, a: t.argmax(a[0], keepdim=keepdim, memory_config=mc[dst], **kwargs))

    def placed(shape: tuple[int, ...], src: str, dtype: str) -> Any:
        return operand(shape, src, dtype)

    def pad_g(shape: tuple[int, ...], padding: tuple[tuple[int, int], ...], src: str, dst: str,
              dtype: str = "bf16") -> Any:
        """A pad between generated placements ("g:l1:rm", "g:hs:2x1:32x64", ...)."""
        out = tuple(d + front + back for d, (front, back) in zip(shape, padding))
        grown = ", ".join(f"{front}+{back}" if front else f"+{back}" for front, back in padding)
        name = f"pad {_dims(shape)} ({grown}) {src[2:]}->{dst[2:]}" + (f" {dtype}" if dtype != "bf16" else "")
        flat = ", ".join(str(p) for pair in padding for p in pair)
        return case(name, "pad", (placed(shape, src, dtype),), placed(out, dst, dtype),
                    f"ttnn.pad %a0 {{padding = array<i64: {flat}>}}",
                    lambda t, dev, mc, a: t.pad(a[0], list(padding), 0.0, memory_config=mc[dst]))

    def permute_g(shape: tuple[int, ...], perm: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        out = tuple(shape[d] for d in perm)
        name = f"permute {_dims(shape)} {perm} {src[2:]}->{dst[2:]}" + (f" {dtype}" if dtype != "bf16" else "")
        return case(name, "permute", (placed(shape, src, dtype),), placed(out, dst, dtype),
                    f"ttnn.permute %a0 {{permutation = array<i64: {', '.join(map(str, perm))}>}}",
                    lambda t, dev, mc, a: t.permute(a[0], perm, memory_config=mc[dst]))

    def embedding_g(tokens: tuple[int, int], table: tuple[int, int], ids: str, weight: str, out: str,
                    tiled: bool) -> Any:
        shape = (*tokens, table[1])
        name = (f"embedding {_dims(tokens)} {ids[2:]} weight {_dims(table)} {weight[2:]} "
                f"{'tile' if tiled else 'row_major'} -> {out[2:]}")
        return case(name, "embedding", (operand(tokens, ids, "u32"), operand(table, weight, "bf16")),
                    operand(shape, out, "bf16"), "ttnn.embedding %a0, %a1",
                    lambda t, dev, mc, a: t.embedding(a[0], a[1], layout=t.TILE_LAYOUT if tiled else t.ROW_MAJOR_LAYOUT,
                                                      memory_config=mc[out]))

    def reshape_g(shape: tuple[int, ...], new: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        name = f"reshape {_dims(shape)} -> {_dims(new)} {src[2:]}->{dst[2:]}" + (f" {dtype}" if dtype != "bf16" else "")
        return case(name, "reshape", (placed(shape, src, dtype),), placed(new, dst, dtype),
                    f"ttnn.reshape %a0 {{shape = array<i64: {', '.join(map(str, new))}>}}",
                    lambda t, dev, mc, a: t.reshape(a[0], list(new), memory_config=mc[dst]))

    def argmax_g(shape: tuple[int, ...], dim: int | None, src: str, dst: str, dtype: str = "bf16",
                 keepdim: bool = False) -> Any:
        if dim is None:
            out: tuple[int, ...] = (1,) * len(shape) if keepdim else ()
        else:
            axis = dim % len(shape)
            out = tuple(1 if i == axis else d for i, d in enumerate(shape) if i != axis or keepdim)
        where = "all dims" if dim is None else f"dim {dim}" + (" keepdim" if keepdim else "")
        name = f"argmax {_dims(shape)}" + (f" {dtype}" if dtype != "bf16" else "") + f" {where} {src[2:]}->{dst[2:]}"
        attrs = ([] if dim is None else [f"dim = {dim} : si32"]) + (["keep_dim = true"] if keepdim else [])
        ir = "ttnn.argmax %a0" + (f" {{{', '.join(attrs)}}}" if attrs else "")
        kwargs = {} if dim is None else {"dim": dim}
        return case(name, "argmax", (placed(shape, src, dtype),), placed(out, dst, "u32"), ir,
                    lambda t, dev, mc, a: t.argmax(a[0], keepdim=keepdim, memory_config=mc[dst], **kwargs))

    x, x4 = (64, 1024), (2, 3, 64, 128)
    return (
        # reshape: views (the last dimension kept, the placement too, and tile rows that do not move), the
        # same shape into another placement (a copy), the tiled program (mapping pages from 64 B to 2432 B;
        # ranks 1 to 4; f32; bfp8_b through bf16 with and without a fill-pad), the row-major program (one or
        # two kernels, one or 8 destination slots), a height-sharded input into interleaved outputs.
        reshape(x, (1, 64, 1024), D, D), reshape(x, (2, 32, 1024), D, D), reshape((2, 32, 64), (64, 64), D, D),
        reshape(x4, (6, 64, 128), L, L), reshape((30, 50), (1, 30, 50), D, D),
        reshape(x, (4, 16, 1024), D, D, row_major=True), reshape((30, 50), (3, 10, 50), L, L, row_major=True),
        reshape(x, x, D, L), reshape(x, x, L, D, "f32"), reshape(x, x, D, L, "bfp8_b"),
        reshape(x, (128, 512), D, D), reshape(x, (128, 512), D, L), reshape(x, (128, 512), L, L),
        reshape(x, (128, 512), L, D), reshape(x, (4, 16, 1024), D, D), reshape(x, (65536,), D, D),
        reshape(x, (1, 64, 1024), L, D), reshape(x, (1, 64, 1024), D, L), reshape((30, 50), (50, 30), D, D),
        reshape((30, 50), (1500,), D, L), reshape((2, 30, 64), (60, 64), D, D), reshape(x4, (2, 3, 128, 64), D, D),
        reshape(x4, (6, 8192), D, L), reshape((1, 8, 256, 64), (1, 256, 512), D, D), reshape((4096,), (64, 64), D, D),
        reshape((1, 32, 4096), (1, 32, 32, 128), D, D), reshape((128, 4096), (128, 32, 128), D, L),
        reshape((8, 100, 96), (800, 96), L, L), reshape((3, 50, 70), (70, 150), D, D), reshape((7, 33), (33, 7), D, L, "f32"),
        reshape((2, 2, 3, 64, 64), (12, 4096), D, D), reshape((96,), (1, 3, 32), L, L),
        reshape((30, 50), (50, 30), D, D, "bfp8_b"), reshape((64, 96), (96, 64), L, L, "bfp8_b"),
        reshape(x, (128, 512), D, D, "f32"), reshape(x, (128, 512), L, L, "f32"), reshape((30, 50), (50, 30), D, D, "f32"),
        reshape(x, (128, 512), D, L, "bfp8_b"), reshape(x, (4, 16, 1024), D, D, "bfp8_b"),
        reshape(x, (4, 16, 1024), D, L, "bfp8_b"), reshape(x, (65536,), L, L, "bfp8_b"),
        reshape(x, (128, 512), D, D, row_major=True), reshape(x, (128, 512), D, L, row_major=True),
        reshape(x, (1, 64, 1024), D, L, row_major=True), reshape((30, 50), (50, 30), D, D, row_major=True),
        reshape((30, 50), (50, 30), L, L, row_major=True), reshape(x, (32, 2048), D, D, "f32", row_major=True),
        reshape(x4, (2, 3, 128, 64), D, D, row_major=True), reshape((100, 60), (60, 100), D, L, row_major=True),
        reshape((8, 4096), (4096, 8), D, D, row_major=True), reshape((8, 4096), (4096, 8), D, L, row_major=True),
        reshape((2, 65536), (4, 32768), D, D, row_major=True), reshape((3, 50, 70), (70, 150), L, D, "f32", row_major=True),
        reshape((28672, 32), (896, 1024), HS, D), reshape((28672, 32), (14336, 64), HS, L),
        # Sharded results: the tiled program into the shards, views that keep the sharding, the same shape
        # to or from shards (ttnn's (un)sharding copy).
        reshape((512, 512), (256, 1024), D, "tl_bs"), reshape((2048, 256), (4096, 128), D, "tl_hs"),
        reshape((512, 512), (256, 1024), L, "tl_ws"), reshape((2048, 256), (4096, 128), "tl_hs256", "tl_hs"),
        reshape((4096, 128), (256, 2048), "tl_hs", "tl_bs256"), reshape((2, 2048, 128), (4096, 128), D, "tl_hs"),
        reshape((2048, 256), (4096, 128), D, "tl_hs", "f32"), reshape((256, 1024), (1, 256, 1024), "tl_bs", "tl_bs"),
        reshape((4096, 128), (2, 2048, 128), "tl_hs", "tl_hs"), reshape((4096, 128), (4096, 128), D, "tl_hs"),
        reshape((4096, 128), (4096, 128), "tl_hs", L),
        # permute: the transposes (WH, HC, CN), then the permute programs (tile-invariant, row-invariant with
        # and without a padding face row, generic), f32, bfp8_b (native or through bf16), rank 5, unaligned.
        permute(x, (1, 0), D, D), permute(x, (1, 0), D, L), permute(x, (1, 0), L, L, "f32"),
        permute(x4, (0, 1, 3, 2), D, D), permute(x4, (0, 2, 1, 3), D, L), permute(x4, (1, 0, 2, 3), D, D),
        permute(x4, (1, 0, 3, 2), D, L), permute(x4, (2, 0, 1, 3), D, D), permute(x4, (0, 3, 1, 2), D, L),
        permute(x4, (3, 2, 1, 0), D, D), permute(x4, (0, 2, 3, 1), D, L), permute(x4, (3, 2, 1, 0), L, L),
        permute((32, 2, 64, 128), (2, 1, 0, 3), D, D), permute((2, 64, 64, 128), (0, 3, 1, 2), D, D),
        permute((1, 8, 256, 64), (0, 2, 1, 3), D, L), permute((2, 64, 64, 128), (0, 2, 1, 3), D, D), permute((1, 8, 256, 64), (0, 2, 3, 1), L, D),
        permute(x4, (0, 2, 1, 3), D, D, "f32"), permute(x4, (3, 2, 1, 0), D, L, "f32"),
        permute(x4, (0, 2, 3, 1), L, L, "f32"),
        permute(x4, (0, 1, 3, 2), D, D, "bfp8_b"), permute(x4, (1, 0, 2, 3), D, L, "bfp8_b"),
        permute(x4, (0, 2, 1, 3), D, L, "bfp8_b"), permute(x4, (3, 2, 1, 0), D, D, "bfp8_b"),
        permute((2, 2, 3, 64, 64), (0, 1, 2, 4, 3), D, D), permute((2, 2, 3, 64, 64), (4, 3, 2, 1, 0), D, L),
        permute((2, 2, 3, 64, 64), (1, 0, 2, 3, 4), D, D),
        permute((2, 30, 50), (1, 0, 2), D, D), permute((2, 30, 50), (2, 1, 0), D, L), permute(x, (0, 1), D, D),
        permute(x, (0, 1), D, L),
        permute((28672, 32), (1, 0), HS, L), permute((28672, 32), (1, 0), HS, D),
        permute((256, 1024), (1, 0), "bs", L), permute((64, 2048), (1, 0), "ws", D),
        permute((1, 8, 1024, 64), (0, 1, 3, 2), "hs_rows", L), permute((1, 8, 1024, 64), (0, 2, 1, 3), "hs_rows", D),
        permute((1, 8, 1024, 64), (0, 3, 1, 2), "hs_rows", D), permute((1, 8, 1024, 64), (0, 3, 1, 2), L, D),
        # pad: at the back of any dimension, f32, bfp8_b (through bf16), unaligned inputs (fill-pad first, or
        # fill-pad alone when the tiles already hold the result), front padding (rejected), nothing to pad.
        pad(x, ((0, 32), (0, 0)), D, D), pad(x, ((0, 0), (0, 32)), D, D), pad(x, ((0, 0), (0, 6)), D, L),
        pad(x, ((0, 5), (0, 0)), D, L), pad(x, ((0, 64), (0, 64)), L, L), pad((64, 64), ((0, 32), (0, 32)), D, L),
        pad((2048, 2048), ((0, 32), (0, 0)), D, L), pad(x4, ((0, 1), (0, 0), (0, 0), (0, 0)), D, D),
        pad(x4, ((0, 0), (0, 1), (0, 0), (0, 0)), L, L), pad(x4, ((0, 0), (0, 0), (0, 0), (0, 32)), D, D),
        pad(x, ((0, 32), (0, 0)), D, D, "f32"), pad(x, ((0, 0), (0, 32)), L, L, "f32"),
        pad(x, ((0, 32), (0, 0)), D, D, "bfp8_b"), pad(x, ((0, 32), (0, 0)), D, L, "bfp8_b"),
        # Sharded tile-aligned tensors: the same pad program, the result placed as asked.
        pad((4096, 128), ((0, 0), (0, 32)), "tl_hs", "tl_hs160"), pad((4096, 128), ((0, 0), (0, 32)), "tl_hs", L),
        pad((4096, 128), ((0, 0), (0, 32)), "tl_hs", "tl_hs160", "f32"),
        pad((4096, 128), ((0, 64), (0, 0)), "tl_hs", D), pad((256, 1024), ((0, 0), (0, 32)), "tl_bs", D),
        pad((256, 1024), ((0, 0), (0, 1024)), "tl_bs", "tl_bs256"), pad((256, 1024), ((0, 0), (0, 1024)), D, "tl_bs256"),
        pad((256, 1024), ((0, 32), (0, 0)), "tl_ws", D), pad((224, 1024), ((0, 32), (0, 0)), D, "tl_ws"),
        pad((224, 1024), ((0, 32), (0, 0)), L, "tl_ws", "f32"),
        pad((30, 50), ((0, 32), (0, 0)), D, D), pad((30, 50), ((0, 32), (0, 0)), D, L),
        pad((30, 50), ((0, 0), (0, 32)), L, L), pad((30, 50), ((0, 32), (0, 0)), D, D, "f32"),
        pad((2, 30, 50), ((0, 0), (0, 2), (0, 0)), D, D), pad(x, ((0, 0), (0, 0)), D, D),
        pad(x, ((32, 0), (0, 0)), D, D, label="front (32, 0) rows"),
        # embedding: the row-major program (one or two weight rows per core, L1 indices), the fused tilizing
        # program (double- and single-buffered), row-major then tilize, f32 weights (rejected).
        embedding((1, 32), (1000, 256), D, "dram_rm"), embedding((2, 64), (1000, 100), D, "l1_rm"),
        embedding((8, 1024), (1000, 64), D, "dram_rm"), embedding((1, 1), (1000, 4096), D, "dram_rm"),
        embedding((2, 64), (1000, 256), L, "l1_rm"),
        embedding((1, 32), (1000, 256), D, D), embedding((2, 64), (1000, 4096), D, L),
        embedding((8, 1024), (1000, 64), D, L), embedding((1, 128), (1000, 2048), D, D),
        embedding((2, 64), (1000, 256), L, L),
        embedding((1, 32), (1000, 100), D, L), embedding((8, 1024), (1000, 100), D, L),
        embedding((1, 1), (1000, 256), D, L), embedding((1, 50), (1000, 256), D, D),
        embedding((1, 32), (1000, 256), D, "dram_rm", "f32"),
        # Sharded results: the fused program's weight CB of the shard's width (height, width, block shards;
        # double-buffered up to 64 tiles), the row-major program (height shards only, rows a multiple of the
        # DRAM alignment: 224 B rows fit Wormhole's 32 B, not Blackhole's 64 B), ttnn's rejections.
        embedding((1, 4096), (1000, 128), D, "tl_hs"), embedding((1, 4096), (1000, 128), L, "tl_hs2"),
        embedding((8, 512), (1000, 128), D, "tl_hs"), embedding((1, 2048), (1000, 96), D, "tl_hs96"),
        embedding((1, 2048), (1000, 256), D, "tl_hs256"), embedding((1, 2048), (1000, 1024), D, "tl_hs1k"),
        embedding((1, 2048), (1000, 2080), D, "tl_hs2080"), embedding((1, 2048), (1000, 4096), D, "tl_hs4k"),
        embedding((1, 256), (1000, 1024), D, "tl_ws"), embedding((1, 256), (1000, 4096), D, "tl_ws4k"),
        embedding((1, 256), (1000, 1024), D, "tl_bs"), embedding((1, 256), (1000, 4096), D, "tl_bs4k"),
        embedding((1, 4096), (1000, 128), D, "tl_hs_rm"), embedding((1, 4096), (1000, 128), L, "tl_hs_rm"),
        embedding((1, 2048), (1000, 256), D, "tl_hs256_rm"), embedding((1, 4096), (1000, 64), D, "tl_hs64_rm"),
        embedding((1, 2048), (1000, 4096), D, "tl_hs4k_rm"), embedding((1, 4096), (1000, 112), D, "tl_hs112_rm"),
        embedding((1, 4096), (1000, 120), D, "tl_hs120_rm"), embedding((1, 256), (1000, 1024), D, "tl_ws_rm"),
        embedding((1, 4000), (1000, 128), D, "tl_hs"), embedding((1, 4096), (1000, 100), D, "tl_hs"),
        embedding((1, 4096), (1024, 128), D, D, weight="tl_hsw_rm"),
        # argmax of tiled inputs along one dimension: shapes, f32, keepdim, other dimensions, L1 results;
        # bfp8_b and all dimensions (a row-major program) are rejected.
        argmax(x, -1, D, D), argmax(x, -1, D, L), argmax(x, -1, D, D, keepdim=True), argmax(x, -1, L, L, "f32"),
        argmax(x, 0, D, D), argmax((2, 3, 64, 1024), -1, D, L), argmax((30, 50), -1, L, L),
        argmax((1, 32000), -1, D, D), argmax((1024, 1024), -1, D, L), argmax((8, 128), -1, D, L, keepdim=True),
        argmax((2, 64, 256), 1, D, D), argmax(x, -1, D, D, "f32", keepdim=True),
        argmax(x, -1, D, D, "bfp8_b"), argmax(x, None, D, D),
        # Sharded inputs: ttnn 0.81.1 TT_FATALs (interleaved only).
        argmax((4096, 128), -1, "tl_hs", D), argmax((256, 1024), -1, "tl_bs", D), argmax((256, 1024), -1, "tl_ws", D),
        # The same shape into another placement: to_memory_config's copy for whole tiles, else (partial tiles,
        # rank 1) the tiled program, as ttnn compares padded shapes.
        reshape_g((3, 288, 923), (3, 288, 923), "g:dram", "g:l1"), reshape_g((64,), (64,), "g:dram", "g:l1"),
        reshape_g((64, 60), (64, 60), "g:dram", "g:hs:2x1:32x64"),
        # The same shape into another row-major placement: to_memory_config's row-major copy.
        reshape_g((64, 1024), (64, 1024), "g:dram:rm", "g:l1:rm"),
        case("reshape 256x96 -> 256x96 ws:1x1:256x96->ws:1x1:256x96 bfp8_b", "reshape",
             (operand((256, 96), "g:ws:1x1:256x96", "bfp8_b"),), operand((256, 96), "g:ws:1x1:256x96", "bfp8_b"),
             "ttnn.reshape %a0 {shape = array<i64: 256, 96>}",
             lambda t, dev, mc, a: t.reshape(a[0], [256, 96], memory_config=mc["g:ws:1x1:256x96"])),
        case("reshape 60x64 -> 60x64 dram->l1 bfp8_b", "reshape", (operand((60, 64), "g:dram", "bfp8_b"),),
             operand((60, 64), "g:l1", "bfp8_b"), "ttnn.reshape %a0 {shape = array<i64: 60, 64>}",
             lambda t, dev, mc, a: t.reshape(a[0], [60, 64], memory_config=mc["g:l1"])),
        # Row-major reshapes whose scratchpads reach L1 above the allocator base (rejected past it, whatever
        # L1 tensors are live).
        *(reshape_g((1, rows, 512), (1, rows * 512), src, dst) for rows, src, dst in (
            (923, "g:dram:rm", "g:l1:rm"), (400, "g:dram:rm", "g:dram:rm"), (712, "g:dram:rm", "g:dram:rm"),
            (300, "g:dram:rm", "g:l1:rm"))),
        # argmax of row-major inputs: the multi-core program (2 pages of blocks when the result row has 2 or
        # more indices, else 1; cores capped or split), a scalar result, a tilize then the tiled program.
        argmax_g((160, 84), -1, "g:dram:rm", "g:dram:rm", "f32"), argmax_g((525, 542), 1, "g:dram:rm", "g:l1:rm", "f32"),
        argmax_g((64, 100), None, "g:dram:rm", "g:l1:rm"), argmax_g((4, 1000), -1, "g:dram:rm", "g:dram:rm", keepdim=True),
        argmax_g((64, 1000), -1, "g:dram:rm", "g:dram:rm"), argmax_g((3, 30, 100), -1, "g:l1:rm", "g:dram:rm", "f32"),
        argmax_g((4, 4096), -1, "g:dram:rm", "g:dram:rm", "f32"), argmax_g((64,), 0, "g:dram", "g:l1:rm"),
        argmax_g((30, 100), 0, "g:l1:rm", "g:l1:rm"), argmax_g((2, 2, 291, 841), 2, "g:dram:rm", "g:dram:rm", keepdim=True),
        # Along a leading dimension: the NC program (circular buffers) into tiled u32, then an untilize.
        argmax_g((3, 30, 100), 0, "g:dram", "g:dram:rm", "f32"), argmax_g((2, 3, 64, 64), 1, "g:dram", "g:dram:rm"),
        argmax_g((2, 3, 64, 64), 0, "g:dram", "g:dram:rm", keepdim=True), argmax_g((1, 832, 960), -3, "g:dram", "g:l1:rm"),
        argmax_g((3, 30, 100), 0, "g:l1:rm", "g:dram:rm", "f32"),
        # Row-major pads (the row-major program: a DFB of up to 16 x 2 KiB of rows, the pad row and a
        # realigning row in scratchpads; front padding; sharded sides; the height-only shard program).
        pad_g((704,), ((0, 64),), "g:dram:rm", "g:dram:rm"), pad_g((30, 40), ((0, 2), (0, 0)), "g:dram:rm", "g:l1:rm"),
        pad_g((30, 40), ((0, 2), (3, 1)), "g:l1:rm", "g:l1:rm"),
        pad_g((30, 40), ((1, 2), (0, 1)), "g:l1:rm", "g:dram:rm", "f32"),
        pad_g((2, 3, 30, 45), ((1, 0), (0, 2), (0, 0), (0, 3)), "g:l1:rm", "g:l1:rm"),
        pad_g((1000, 3000), ((0, 64), (0, 0)), "g:dram:rm", "g:dram:rm", "f32"),
        pad_g((64, 64), ((0, 0), (0, 32)), "g:hs:2x1:32x64:rm", "g:l1:rm"),
        pad_g((64, 64), ((0, 64), (0, 0)), "g:hs:2x1:32x64:rm", "g:hs:2x1:64x64:rm"),
        pad_g((64, 64), ((0, 64), (0, 0)), "g:ws:1x2:64x32:rm", "g:l1:rm"),
        pad_g((64, 64), ((0, 64), (0, 0)), "g:l1:rm", "g:bs:2x2:64x32:rm"),
        # Tiled pads: bfp8_b with partial tiles (fill-pad and pad, each through bf16), rank 1 (a view of
        # the input's tiles; rejected when it needs more), sharded fill-pads (one slice only).
        pad_g((370, 1024), ((0, 0), (0, 27)), "g:l1", "g:dram", "bfp8_b"),
        pad_g((2, 3, 269, 608), ((0, 0), (0, 0), (0, 0), (0, 39)), "g:l1", "g:l1", "bfp8_b"),
        pad_g((64, 50), ((0, 0), (0, 2)), "g:l1", "g:l1", "bfp8_b"), pad_g((700,), ((0, 4),), "g:l1", "g:l1"),
        pad_g((704,), ((0, 32),), "g:l1", "g:l1"), pad_g((461, 416), ((0, 0), (0, 27)), "g:hs:3x5:32x416", "g:dram"),
        pad_g((2, 30, 50), ((0, 0), (0, 2), (0, 0)), "g:hs:2x1:32x64", "g:hs:2x1:32x64"),
        pad_g((64, 50), ((0, 0), (0, 20)), "g:hs:2x1:32x64", "g:dram", "bfp8_b"),
        pad_g((64, 64), ((0, 32), (0, 0)), "g:hs:2x1:32x64", "g:l1", "bfp8_b"),
        # ttnn returns the input where it is, whatever placement was asked for: nothing to pad, a fill-pad alone.
        pad_g((1, 333, 39), ((0, 0), (0, 0), (0, 7)), "g:l1", "g:dram"),
        pad_g((3, 3, 32, 512), ((0, 0), (0, 0), (0, 0), (0, 0)), "g:bs:8x8:36x64:rm", "g:dram:rm"),
        pad_g((64, 50), ((0, 0), (0, 2)), "g:l1", "g:dram", "bfp8_b"),
        # A height-sharded input padded in width into shards: ttnn's own height shards on the input's grid
        # (TT_FATAL when not whole tiles), then a pad in height into the requested ones.
        pad_g((64, 736), ((0, 0), (0, 7)), "g:hs:1x2:32x736", "g:ws:5x1:64x160"),
        pad_g((14, 736), ((0, 0), (0, 7)), "g:hs:1x1:32x736", "g:ws:5x1:32x160"),
        pad_g((64, 730), ((0, 32), (0, 0)), "g:hs:1x2:32x736", "g:hs:1x3:32x736"),
        # permute: a bfp8_b program through bf16 (the bf16 input held to the end), the CN-and-WH program on
        # bfp8_b tiles, permutations that move only dimensions of size 1 (to_memory_config), sharded inputs
        # of the permute programs (read in place), row-major programs (rows, 32x32 blocks; from shards
        # unsharded first; into shards).
        permute_g((2, 832, 1024), (2, 0, 1), "g:l1", "g:l1", "bfp8_b"),
        permute_g((2, 4, 64, 96), (1, 0, 3, 2), "g:dram", "g:l1", "bfp8_b"),
        permute_g((1, 1, 64, 60), (1, 0, 2, 3), "g:l1", "g:l1"), permute_g((1, 1, 64, 60), (1, 0, 2, 3), "g:l1", "g:dram"),
        permute_g((2, 4, 256, 64), (2, 0, 1, 3), "g:hs:4x8:64x64", "g:dram"),
        permute_g((2, 4, 256, 64), (3, 2, 1, 0), "g:hs:4x8:64x64", "g:l1"),
        permute_g((2, 4, 256, 64), (1, 0, 3, 2), "g:hs:4x8:64x64", "g:l1"),
        permute_g((5, 7, 40), (1, 0, 2), "g:dram:rm", "g:l1:rm"), permute_g((5, 7, 40), (1, 0, 2), "g:l1:rm", "g:dram:rm"),
        permute_g((5, 7, 40), (2, 0, 1), "g:dram:rm", "g:l1:rm", "f32"),
        permute_g((5, 7, 40), (0, 2, 1), "g:dram:rm", "g:l1:rm"),
        permute_g((64, 64), (1, 0), "g:dram:rm", "g:hs:2x1:32x64:rm"),
        permute_g((4, 64, 64), (1, 0, 2), "g:dram:rm", "g:ws:1x2:256x32:rm"),
        permute_g((4, 64, 60), (1, 0, 2), "g:ws:1x2:256x32:rm", "g:dram:rm"),
        permute_g((1, 1, 800, 896), (1, 2, 3, 0), "g:bs:4x2:200x448:rm", "g:hs:5x7:20480x1:rm"),
        permute_g((2, 320), (0, 1), "g:l1:rm", "g:l1:rm", "f32"),
        # Sharded outputs of the permute programs: their interleaved CBs (bfp8_b: the bf16 result in the shards).
        permute_g((2, 4, 64, 96), (1, 0, 3, 2), "g:dram", "g:hs:4x6:32x64"),
        permute_g((2, 4, 64, 96), (2, 0, 1, 3), "g:dram", "g:hs:1x8:512x96"),
        permute_g((2, 4, 64, 96), (2, 1, 0, 3), "g:dram", "g:bs:8x3:1024x32"),
        permute_g((2, 4, 64, 96), (2, 1, 0, 3), "g:dram", "g:ws:1x3:8192x32"),
        permute_g((2, 4, 64, 96), (2, 1, 0, 3), "g:hs:4x4:32x96", "g:hs:8x8:128x96"),
        permute_g((2, 4, 64, 96), (0, 3, 1, 2), "g:l1", "g:hs:6x8:128x64", "f32"),
        permute_g((2, 4, 64, 96), (2, 1, 0, 3), "g:l1", "g:hs:8x8:128x96", "bfp8_b"),
        permute_g((2, 4, 64, 96), (3, 2, 1, 0), "g:l1", "g:hs:8x8:3072x32"),
        # Moving nothing into or out of shards: to_memory_config's (un)sharding copy.
        permute_g((859,), (0,), "g:hs:1x1:32x864", "g:l1", "f32"), permute_g((544,), (0,), "g:dram", "g:ws:2x3:32x96", "bfp8_b"),
        # ... and between shards: to_memory_config's reshard (its buffers are the shards), tiled and row-major.
        permute_g((1, 891, 662), (0, 1, 2), "g:ws:7x3:896x32", "g:ws:3x7:896x32"),
        permute_g((4, 96, 64), (0, 1, 2), "g:hs:4x3:32x64:rm", "g:bs:2x2:192x32:rm", "f32"),
        # embedding: a tiled weight (untilized first, held to the end) into each program; row-major shards
        # whose weight rows, aligned to the indices', are the L1-aligned shard rows (L1 indices: always;
        # 224 B rows from DRAM indices: Wormhole only); a fused shard width that does not divide the table.
        embedding_g((2, 64), (100, 96), "g:dram:rm", "g:dram", "g:dram:rm", False),
        embedding_g((2, 64), (100, 96), "g:dram:rm", "g:dram", "g:dram", True),
        embedding_g((2, 60), (100, 96), "g:dram:rm", "g:dram", "g:dram", True),
        embedding_g((2, 64), (100, 90), "g:dram:rm", "g:l1", "g:dram", True),
        embedding_g((1, 256), (100, 120), "g:l1:rm", "g:dram:rm", "g:hs:8x1:32x120:rm", False),
        embedding_g((1, 256), (100, 120), "g:dram:rm", "g:dram:rm", "g:hs:8x1:32x120:rm", False),
        embedding_g((1, 256), (100, 112), "g:dram:rm", "g:l1:rm", "g:hs:8x1:32x112:rm", False),
        embedding_g((8, 96), (769, 352), "g:l1:rm", "g:dram:rm", "g:ws:1x6:768x64", True),
        # A tiled result of partial tiles into shards: the row-major program writes them, height shards of the
        # table's whole width only (rejected otherwise).
        embedding_g((8, 160), (699, 827), "g:dram:rm", "g:dram:rm", "g:hs:1x8:160x832", True),
        embedding_g((1, 100), (699, 256), "g:dram:rm", "g:dram:rm", "g:ws:1x4:128x64", True),
        # A tiled result of partial tiles whose tilize is ttnn's block program (its rows staged in scratchpads).
        embedding_g((1, 1500), (900, 1400), "g:dram:rm", "g:dram:rm", "g:dram", True),
        embedding_g((2, 300), (400, 1200), "g:l1:rm", "g:dram:rm", "g:l1", True),
        # Sharded results of the tiled reshape: ttnn derives height / width shards from the grid (whole
        # tiles split evenly; other shards not implemented); bfp8_b from shards typecast in them, into
        # shards through interleaved tensors (unsharded, typecast, reshaped, typecast, sharded).
        reshape_g((4, 240, 64), (960, 64), "g:dram", "g:hs:4x1:288x64"),
        reshape_g((4, 240, 64), (960, 64), "g:dram", "g:hs:4x1:256x64"),
        reshape_g((4, 240, 64), (960, 64), "g:dram", "g:hs:4x1:256x64", "bfp8_b"),
        reshape_g((2, 64, 96), (3, 64, 64), "g:hs:2x1:64x96", "g:dram", "bfp8_b"),
        reshape_g((2, 64, 96), (4, 48, 64), "g:hs:2x1:64x96", "g:hs:2x1:128x64", "bfp8_b"),
        reshape_g((2, 64, 96), (4, 48, 64), "g:l1", "g:bs:2x2:128x32", "bfp8_b"),
        # Row-major reshapes from or into shards: ttnn's (un)sharding copies reject shard rows that are not
        # L1-aligned.
        reshape_g((512, 32), (16384,), "g:ws:3x1:512x11:rm", "g:dram:rm"),
        reshape_g((4, 2, 26, 320), (1024, 65), "g:l1:rm", "g:hs:4x8:32x65:rm"),
        # Sharded bfp8_b inputs of ttnn.permute: the permute programs on bfp8_b tiles; HC through bf16.
        permute_g((3, 2, 41, 512), (1, 2, 3, 0), "g:hs:1x2:192x512", "g:dram", "bfp8_b"),
        permute_g((8, 2, 32, 100), (1, 2, 3, 0), "g:hs:2x1:256x128", "g:l1", "bfp8_b"),
        permute_g((1, 8, 1024, 64), (0, 2, 1, 3), "g:hs:8x8:128x64", "g:dram", "bfp8_b"),
    )
