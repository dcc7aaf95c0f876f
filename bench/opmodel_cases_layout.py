"""Calibration cases of the data-movement ops concat, slice and repeat, and of binary eltwise with mixed
sharded / interleaved placements (bench/opmodel_calibration.py).

The harness passes its ``Case`` and ``Operand`` records in (``layout_cases(Case, Operand)``), so this
module does not import the harness, which runs both as a script and as a module. Every case runs on
both mock devices. Placements are the harness's LAYOUTS keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

D, L, HS = "dram", "l1", "hs"
SUFFIX = {"bf16": "", "f32": "_f32", "bfp8_b": "_bfp8"}
# Sharded concat placements beside the harness's "hs" (28672 rows, 448 a core of the 8x8 grid): 64 columns
# (the concat of two "hs" tensors, sharded), 96 columns and the bfp8_b ones (reached through SUFFIX).
CONCAT_LAYOUTS = {
    "hs_w64": "#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x64>",
    "hs_bfp8": "#ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 448x32>",
    "hs_w64_bfp8": "#ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 448x64>",
    "hs_w96": "#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x96>",
}


# Cases ttnn 0.81.1 rejects on purpose (and so does the model).
REJECTED = frozenset({
    # ttnn's row-major intermediate of the whole input does not fit the result's shards.
    "slice 4096x256 [0:4096, 0:256:2] dram->tl_hs",
    # Width shards along the width need an interleaved output; every input sharded or none; sharded inputs
    # along an outer dimension need an interleaved output.
    "concat 256x1024, 256x1024 dim 1 tl_ws,tl_ws->tl_bs256",
    "concat 256x1024, 256x1024 dim 1 tl_bs,dram->dram",
    "concat 28672x32, 28672x32 dim 1 hs,dram->l1",
    "concat 1x256x1024, 1x256x1024 dim 0 tl_ws,tl_ws->tl_wsh",
    # Rank-1 shards cannot be untilized for a concat; a tiled slice on row-major data needs its untilized
    # input to fit the output's shard grid (and the rank-1 untilize into shards fails); padded height shards
    # outgrowing their shards, and batched width or block shards untilized with unpadding into an
    # interleaved tensor.
    "concat 640, 640, 640 dim 0 hs:1x1:32x640,hs:1x1:32x640,hs:1x1:32x640->l1 bf16",
    "slice 823 [63:610] l1->bs:1x6:32x96 bfp8_b",
    "slice 3x800x416 [0:3, 444:641, 172:413] l1->bs:1x1:672x256 bf16",
    "to_layout 2x300x470 bs:5x5:128x96->dram:rm bfp8_b",
    "to_layout 3x70x64 hs:1x7:32x64:rm->dram f32",
    "slice 2x134x128 [0:2, 124:132, 0:128] ws:1x1:320x128->dram bf16",
    # Rank-1 padded inputs into shards of a tile's height; height shards along the height, width shards along
    # the width into shards.
    "concat 832, 832 dim 0 dram,dram->hs:1x1:32x1664 f32",
    "concat 480, 480 dim 0 l1,l1->bs:1x2:32x480 bf16",
    "concat 180x1024, 180x1024 dim 0 hs:3x6:10x1024:rm,hs:3x6:10x1024:rm->hs:3x6:20x1024:rm bf16",
    "concat 64x256, 64x256 dim 1 ws:1x4:64x64:rm,ws:1x4:64x64:rm->ws:1x4:64x128:rm bf16",
})
# ttnn transposes a rank-1 tensor (TT_FATAL) when a bfp8_b input's tile row is not a whole unit of Blackhole
# DRAM's 64 B alignment (LayoutOps.cpp, bfp8TiledRowsUnaligned).
REJECTED_ON_BLACKHOLE = frozenset({"concat 480, 480 dim 0 l1,dram->l1 bfp8_b"})


def concat_memory_configs(ttnn: Any) -> dict[str, Any]:
    """The ttnn memory configs of CONCAT_LAYOUTS (built in the mock-device child; no data type)."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))])

    def rows(width: int) -> Any:
        return ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                 ttnn.ShardSpec(grid, [448, width], ttnn.ShardOrientation.ROW_MAJOR))
    return {"hs_w64": rows(64), "hs_bfp8": rows(32), "hs_w64_bfp8": rows(64), "hs_w96": rows(96)}


def _dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def layout_cases(case: Callable[..., Any], operand: Callable[..., Any]) -> tuple[Any, ...]:
    def concat(shapes: tuple[tuple[int, ...], ...], dim: int, srcs: tuple[str, ...], dst: str,
               dtype: str = "bf16", out_dtype: str | None = None) -> Any:
        out_dtype = out_dtype or dtype
        rank = len(shapes[0])
        axis = dim % rank
        out = tuple(sum(s[axis] for s in shapes) if d == axis else shapes[0][d] for d in range(rank))
        name = f"concat {', '.join(_dims(s) for s in shapes)} dim {dim} {','.join(srcs)}->{dst}"
        if dtype != "bf16":
            name += f" {dtype}"
        if out_dtype != dtype:
            name += f" -> {out_dtype}"
        inputs = tuple(operand(s, p + SUFFIX[dtype], dtype) for s, p in zip(shapes, srcs))
        return case(name, "concat", inputs, operand(out, dst + SUFFIX[out_dtype], out_dtype),
                    f"ttnn.concat {', '.join(f'%a{i}' for i in range(len(shapes)))} {{dim = {dim} : si32}}",
                    lambda t, dev, mc, a: t.concat(list(a), dim, memory_config=mc[dst]))

    def slice_(shape: tuple[int, ...], begins: tuple[int, ...], ends: tuple[int, ...], src: str, dst: str,
               dtype: str = "bf16", step: tuple[int, ...] | None = None) -> Any:
        step = step or (1,) * len(shape)
        out = tuple((e - b + s - 1) // s for b, e, s in zip(begins, ends, step))
        window = ", ".join(f"{b}:{e}" + (f":{s}" if s != 1 else "") for b, e, s in zip(begins, ends, step))
        name = f"slice {_dims(shape)} [{window}] {src}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
        array = lambda v: "array<i64: " + ", ".join(map(str, v)) + ">"  # noqa: E731
        return case(name, "slice", (operand(shape, src + SUFFIX[dtype] if src != HS else src, dtype),),
                    operand(out, dst + SUFFIX[dtype], dtype),
                    f"ttnn.slice %a0 {{begins = {array(begins)}, ends = {array(ends)}, step = {array(step)}}}",
                    lambda t, dev, mc, a: t.slice(a[0], list(begins), list(ends), list(step), memory_config=mc[dst]))

    def repeat(shape: tuple[int, ...], repeats: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        out = tuple(d * r for d, r in zip(shape, repeats))
        name = f"repeat {_dims(shape)} x({', '.join(map(str, repeats))}) {src}->{dst}"
        name += f" {dtype}" if dtype != "bf16" else ""
        return case(name, "repeat", (operand(shape, src + SUFFIX[dtype] if src != HS else src, dtype),),
                    operand(out, dst + SUFFIX[dtype], dtype),
                    f"ttnn.repeat %a0 {{repeats = array<i64: {', '.join(map(str, repeats))}>}}",
                    lambda t, dev, mc, a: t.repeat(a[0], repeats, memory_config=mc[dst]))

    x, half, x4 = (64, 1024), (64, 512), (2, 3, 64, 128)
    return (
        concat((x, x), 0, (D, D), D), concat((x, x), 1, (D, D), D), concat((x, x), -1, (D, D), L),
        concat((x, half), 1, (D, D), D), concat((x, x, x), 0, (D, D, D), D), concat((x, x), 1, (L, L), L),
        concat((x, x), 0, (L, D), D), concat((x4, x4), 1, (D, D), L), concat((x4, x4), 3, (D, D), D),
        concat(((2048, 2048), (2048, 2048)), 0, (D, D), L), concat((x, x), 1, (D, D), D, "f32"),
        concat((x, x), 0, (L, L), L, "f32"), concat((x, x), 1, (D, D), D, "bfp8_b"),
        concat((x, x), 1, (L, L), L, "bfp8_b"), concat(((32, 32), (32, 64), (32, 96)), 1, (D, D, D), L),
        concat((x4, x4), 0, (L, L), L), concat((x4, x4, x4), 2, (D, D, D), D),
        concat((x, x, x), 1, (L, L, L), L, "f32"), concat((x, x), 0, (L, L), D, "bfp8_b"),
        concat(((28672, 32), (28672, 32)), 1, (HS, HS), L),
        # Two height-sharded inputs, concatenated along the width: ttnn's sharded concat program.
        concat(((28672, 32), (28672, 32)), 1, (HS, HS), D), concat(((28672, 32), (28672, 32)), 1, (HS, HS), "hs_w64"),
        concat(((28672, 32), (28672, 64)), 1, (HS, "hs_w64"), L),
        concat(((28672, 64), (28672, 32)), 1, ("hs_w64", HS), "hs_w96"),
        concat(((28672, 64), (28672, 64)), 1, ("hs_w64", "hs_w64"), D),
        concat(((28672, 32), (28672, 32)), 1, (HS, HS), L, "f32"),
        concat(((28672, 32), (28672, 32)), 1, (HS, HS), L, "bfp8_b"),
        concat(((28672, 32), (28672, 32)), 1, (HS, HS), "hs_w64", "bfp8_b"),
        # Three inputs: ttnn's multi-tensor sharded program (every CB a shard); along the height: ttnn first
        # copies each input to L1 interleaved, then runs the interleaved program.
        concat(((28672, 32),) * 3, 1, (HS, HS, HS), L), concat(((28672, 32),) * 3, 1, (HS, HS, HS), "hs_w96"),
        concat(((28672, 32), (28672, 64), (28672, 32)), 1, (HS, "hs_w64", HS), D),
        concat(((28672, 32), (28672, 32)), 0, (HS, HS), L), concat(((28672, 32), (28672, 32)), 0, (HS, HS), D),
        concat(((28672, 32), (28672, 32)), 0, (HS, HS), L, "bfp8_b"),
        # Width and block shards: joined on each core (width along the height, block either way; every CB a
        # shard), or copied interleaved first (width along the width); interleaved inputs into shards.
        *(concat(((256, 1024),) * len(srcs), dim, srcs, dst, dtype) for srcs, dim, dst, dtype in (
            (("tl_ws", "tl_ws"), 0, "tl_wsh", "bf16"), (("tl_ws", "tl_ws"), 0, D, "bf16"),
            (("tl_ws", "tl_ws"), 0, L, "bf16"), (("tl_ws",) * 3, 0, "tl_ws3h", "bf16"),
            (("tl_ws", "tl_ws"), 0, D, "bfp8_b"), (("tl_ws", "tl_ws"), 1, D, "bf16"),
            (("tl_ws", "tl_ws"), 1, L, "bf16"), (("tl_ws", "tl_ws"), 1, L, "f32"),
            (("tl_bs", "tl_bs"), 1, "tl_bs256", "bf16"), (("tl_bs", "tl_bs"), 1, D, "bf16"),
            (("tl_bs", "tl_bs"), 1, L, "bf16"), (("tl_bs", "tl_bs"), 0, "tl_bsh", "bf16"),
            (("tl_bs",) * 3, 1, "tl_bs384", "bf16"), (("tl_bs", "tl_bs"), 1, "tl_bs256", "bfp8_b"),
            (("tl_bs", "tl_bs"), 1, D, "f32"), ((D, D), 1, "tl_bs256", "bf16"), ((D, D), 1, "tl_ws2", "bf16"),
            ((D, D), 0, "tl_bsh", "bf16"),
            # Rejected by ttnn 0.81.1: width shards along the width into shards, sharded beside interleaved.
            (("tl_ws", "tl_ws"), 1, "tl_bs256", "bf16"), (("tl_bs", D), 1, D, "bf16"))),
        concat(((28672, 32), (28672, 32)), 1, (HS, D), L),
        # An outer dimension: each input copied interleaved first; into shards ttnn fails.
        concat(((1, 256, 1024), (1, 256, 1024)), 0, ("tl_bs", "tl_bs"), D),
        concat(((1, 256, 1024), (1, 256, 1024)), 0, ("tl_bs", "tl_bs"), L),
        concat(((1, 256, 1024), (1, 256, 1024)), 0, ("tl_ws", "tl_ws"), L),
        concat(((1, 4096, 128), (1, 4096, 128)), 0, ("tl_hs", "tl_hs"), L),
        concat(((1, 256, 1024), (1, 256, 1024)), 0, ("tl_ws", "tl_ws"), "tl_wsh"),
        # ttnn: every input has the first's data type (TT_FATAL); the model: the output's format.
        case("concat 64x1024 f32, 64x1024 bf16 dim 0 (mixed data types)", "concat",
             (operand(x, "dram_f32", "f32"), operand(x, D)), operand((128, 1024), D), "ttnn.concat %a0, %a1 {dim = 0 : si32}",
             lambda t, dev, mc, a: t.concat(list(a), 0, memory_config=mc[D])),
        slice_(x, (0, 0), (32, 512), D, D), slice_(x, (0, 256), (64, 768), D, L), slice_(x, (0, 0), (30, 500), D, D),
        slice_((4, 64, 128), (0, 0, 0), (2, 64, 64), D, D), slice_((4, 64, 128), (1, 0, 0), (4, 32, 128), L, L),
        slice_(x4, (0, 1, 0, 0), (2, 3, 64, 64), D, D), slice_((2048, 2048), (0, 0), (1024, 2048), D, L),
        slice_(x, (0, 0), (32, 512), D, D, "f32"), slice_(x, (32, 0), (64, 1024), L, L, "f32"),
        slice_(x, (0, 0), (32, 512), D, D, "bfp8_b"), slice_(x, (0, 512), (64, 1024), L, L, "bfp8_b"),
        slice_(x4, (1, 0, 32, 0), (2, 3, 64, 128), D, L), slice_((4, 64, 128), (0, 0, 0), (4, 64, 32), D, D, "f32"),
        slice_((1024, 1024), (512, 512), (1024, 1024), L, L), slice_((2, 64, 1024), (0, 0, 0), (2, 64, 32), D, D),
        slice_((4, 64, 128), (2, 32, 64), (4, 64, 128), D, D, "bfp8_b"), slice_(x, (32, 512), (64, 1024), D, L, "f32"),
        slice_((2048, 2048), (1024, 1024), (2048, 2048), L, D),
        slice_((28672, 32), (0, 0), (14336, 32), HS, L), slice_(x, (0, 0), (64, 1024), D, D, step=(1, 2)),
        # A step above 1: untilize, a row-major strided slice, tilize (three programs).
        slice_(x, (0, 0), (64, 1024), D, D, step=(2, 1)), slice_(x, (0, 0), (64, 1024), D, D, step=(2, 2)),
        slice_(x, (0, 0), (64, 1024), D, D, step=(1, 3)), slice_(x, (0, 0), (64, 1024), L, L, step=(4, 4)),
        slice_(x, (0, 0), (64, 1024), L, D, step=(1, 2)), slice_(x, (0, 0), (64, 1024), D, L, step=(1, 2)),
        slice_(x, (0, 0), (64, 1024), D, D, "f32", step=(1, 2)), slice_(x, (0, 0), (64, 1024), L, L, "f32", step=(2, 2)),
        slice_(x, (0, 0), (64, 1024), D, D, "bfp8_b", step=(1, 2)),
        slice_((256, 256), (0, 0), (256, 256), D, D, step=(2, 2)), slice_((128, 2048), (0, 0), (128, 2048), D, D, step=(1, 2)),
        slice_((2, 64, 128), (0, 0, 0), (2, 64, 128), D, D, step=(1, 2, 2)),
        slice_((1024, 1024), (0, 0), (1024, 1024), D, L, step=(2, 2)), slice_(x, (0, 32), (64, 512), D, D, step=(1, 2)),
        slice_((32, 32), (0, 0), (32, 32), D, D, step=(1, 2)), slice_((64, 64), (0, 0), (64, 64), L, L, step=(3, 3)),
        repeat(x, (2, 1), D, D), repeat(x, (1, 2), D, D), repeat(x, (3, 1), L, L), repeat(x, (1, 1), L, L), repeat(x, (1, 1), D, L),
        repeat(x4, (1, 2, 1, 1), D, D), repeat(x4, (1, 1, 1, 4), D, L), repeat(x4, (2, 1, 1, 2), D, L),
        repeat(x4, (2, 1, 1, 2), D, D), repeat(x4, (1, 1, 2, 1), L, L), repeat((32, 32), (4, 4), D, D),
        repeat((2048, 2048), (2, 1), D, D), repeat(x, (2, 1), D, D, "f32"), repeat(x, (1, 2), L, L, "f32"),
        repeat(x, (2, 1), D, D, "bfp8_b"), repeat(x, (1, 3), D, L, "bfp8_b"), repeat((28672, 32), (1, 2), HS, L),
        # Sharded results: slice and repeat write the shards through their interleaved CBs; a repeat of
        # nothing is ttnn's (un)sharding copy (no CB). A strided slice into shards: ttnn's intermediate does
        # not fit them (both reject).
        slice_((4096, 256), (0, 0), (4096, 128), D, "tl_hs"), slice_((256, 2048), (0, 0), (256, 1024), D, "tl_bs"),
        slice_((512, 1024), (256, 0), (512, 1024), D, "tl_ws"),
        slice_((512, 1024), (256, 0), (512, 1024), L, "tl_ws", "f32"),
        slice_((256, 2048), (0, 0), (256, 1024), "tl_bs256", "tl_bs"),
        slice_((4096, 256), (0, 0), (4096, 128), D, "tl_hs", "bfp8_b"),
        slice_((4096, 128), (0, 0), (4096, 64), "tl_hs", "tl_hs64"),
        slice_((4096, 256), (0, 0), (4096, 256), D, "tl_hs", step=(1, 2)),
        repeat((128, 1024), (2, 1), D, "tl_bs"), repeat((256, 512), (1, 2), D, "tl_ws"),
        repeat((2048, 128), (2, 1), D, "tl_hs"), repeat((2048, 128), (2, 1), "tl_hsr", "tl_hs"),
        repeat((2048, 128), (2, 1), D, "tl_hs", "f32"), repeat((2048, 128), (2, 1), D, "tl_hs", "bfp8_b"),
        repeat((4096, 128), (1, 1), D, "tl_hs"), repeat((4096, 128), (1, 1), "tl_hs", L),
        repeat((4096, 128), (1, 1), "tl_hs", D),
        # An outer dimension (not the last two) into L1: a 1-page CB; into DRAM the 8 pages.
        repeat((1, 2048, 128), (2, 1, 1), D, L), repeat((1, 64, 1024), (2, 1, 1), D, L),
        repeat((1, 2048, 128), (3, 1, 1), D, L), repeat((1, 2048, 128), (2, 1, 1), D, D),
        repeat((1, 1, 2048, 128), (1, 2, 1, 1), D, L), repeat((1, 2048, 128), (2, 1, 1), D, "tl_hs"),
        repeat((1, 64, 1024), (2, 1, 1), D, L, "f32"), repeat((1, 2048, 128), (1, 2, 1), D, L),
        *layout_path_cases(case, operand),
    )


def mixed_sharding_cases(case: Callable[..., Any], operand: Callable[..., Any]) -> tuple[Any, ...]:
    """Binary eltwise with mixed sharded / interleaved placements (28672x32: 14 tiles per core on 8x8)."""
    shape = (28672, 32)

    def binary(op: str, srcs: tuple[str, str], dst: str, dtype: str = "bf16", dims: tuple[int, int] = shape) -> Any:
        suffix = "" if dtype == "bf16" else "_f32"
        name = f"{op} {_dims(dims)} {srcs[0]},{srcs[1]}->{dst}" + (f" {dtype}" if dtype != "bf16" else "")
        return case(name, "binary eltwise", tuple(operand(dims, p + suffix, dtype) for p in srcs),
                    operand(dims, dst + suffix, dtype), f"ttnn.{op} %a0, %a1",
                    lambda t, dev, mc, a: getattr(t, op)(a[0], a[1], memory_config=mc[dst + suffix]))

    return (
        binary("add", (HS, D), HS), binary("add", (D, HS), HS), binary("add", (D, D), HS),
        binary("add", (L, L), HS), binary("add", (L, D), HS), binary("add", (HS, L), L),
        binary("add", (HS, HS), L), binary("add", (HS, D), D), binary("multiply", (L, HS), HS),
        binary("add", (HS, D), HS, "f32"), binary("multiply", (L, L), HS, "f32"),
        # Width and block shards (256x1024 on 4x8), alike and mixed with interleaved operands.
        *(binary(op, srcs, dst, dims=(256, 1024)) for op, srcs, dst in (
            ("add", ("tl_ws", "tl_ws"), "tl_ws"), ("add", ("tl_ws", D), "tl_ws"), ("multiply", (D, D), "tl_ws"),
            ("add", ("tl_ws", "tl_ws"), L), ("add", (D, "tl_bs"), "tl_bs"), ("subtract", ("tl_bs", D), D))),
        case("add 28672x32 hs + 1x32 dram (broadcast) -> hs", "binary eltwise", (operand(shape, HS), operand((1, 32), D)),
             operand(shape, HS), "ttnn.add %a0, %a1", lambda t, dev, mc, a: t.add(a[0], a[1], memory_config=mc[HS])),
    )


# Row-major placements (the harness's LAYOUTS keys); a bfp8_b tensor exists only tiled.
RM_SUFFIX = {"bf16": "_rm", "f32": "_rm_f32"}
ROW_MAJOR_LAYOUTS = {
    "dram_rm": "#ttnn.layout<row_major, dram, interleaved, bf16>",
    "l1_rm": "#ttnn.layout<row_major, l1, interleaved, bf16>",
    "dram_rm_f32": "#ttnn.layout<row_major, dram, interleaved, f32>",
    "l1_rm_f32": "#ttnn.layout<row_major, l1, interleaved, f32>",
}


# Sharded placements of the to_layout and softmax cases: (memory layout, grid rows x cols, shard) a base,
# each tiled (bf16, "_f32", "_bfp8") and row-major ("_rm", "_rm_f32"). 4096x128 height sharded on 8x8
# (64x128 a core) and on 4x8 (128x128); 256x1024 block (64x128) and width (256x32) sharded on 4x8 and
# height sharded on 1x8 (32x1024); 448x64 on 4 cores of 128 rows (uneven: the last holds 64); 2048x192
# on 8x8 (32x192) and 1024x288 on 4x4 (64x288).
SHARDINGS = {
    "tl_hs": ("height_sharded", (8, 8), (64, 128)),
    "tl_hs2": ("height_sharded", (4, 8), (128, 128)),
    "tl_bs": ("block_sharded", (4, 8), (64, 128)),
    "tl_ws": ("width_sharded", (4, 8), (256, 32)),
    "tl_hs8": ("height_sharded", (1, 8), (32, 1024)),
    "tl_hsu": ("height_sharded", (1, 4), (128, 64)),
    "tl_hs6": ("height_sharded", (8, 8), (32, 192)),
    "tl_hs9": ("height_sharded", (4, 4), (64, 288)),
    # The norms' sharded program: 256x1024 block sharded on 8x8 (32x128) and 4x4 (64x256), 1024x256 on
    # 4 rows x 2 columns (256x128: more tile rows than reducing cores), 64x1024 width sharded on one row
    # (1x8, 64x128) and 32x4096 on 8x8 (32x64).
    "tl_bs8": ("block_sharded", (8, 8), (32, 128)),
    "tl_bs44": ("block_sharded", (4, 4), (64, 256)),
    "tl_bsn": ("block_sharded", (4, 2), (256, 128)),
    "tl_ws1": ("width_sharded", (1, 8), (64, 128)),
    "tl_ws64": ("width_sharded", (8, 8), (32, 64)),
    # Padded results: 4096x160 on 8x8 (64x160) and 256x2048 block sharded on 4x8 (64x256).
    "tl_hs160": ("height_sharded", (8, 8), (64, 160)),
    "tl_bs256": ("block_sharded", (4, 8), (64, 256)),
    # Transposed results: 1024x256 block sharded on 4x8 (256x32), 4096x64 height sharded on 8x8 (64x64).
    "tl_bst": ("block_sharded", (4, 8), (256, 32)),
    "tl_hs64": ("height_sharded", (8, 8), (64, 64)),
    # Sharded embedding results: tables of 96 to 4096 columns over 8x8 (the widest single-buffered), 112- and
    # 120-column rows (the row-major program's alignment), 8x8 width and 4x8 block shards of 4096 columns.
    "tl_hs96": ("height_sharded", (8, 8), (32, 96)),
    "tl_hs256": ("height_sharded", (8, 8), (32, 256)),
    "tl_hs1k": ("height_sharded", (8, 8), (32, 1024)),
    "tl_hs2080": ("height_sharded", (8, 8), (32, 2080)),
    "tl_hs4k": ("height_sharded", (8, 8), (32, 4096)),
    "tl_hs112": ("height_sharded", (8, 8), (64, 112)),
    "tl_hs120": ("height_sharded", (8, 8), (64, 120)),
    "tl_ws4k": ("width_sharded", (8, 8), (256, 64)),
    "tl_bs4k": ("block_sharded", (4, 8), (64, 512)),
    "tl_hsw": ("height_sharded", (8, 8), (16, 128)),
    # Concatenated width and block shards of 256x1024 inputs on 4x8 (tl_ws, tl_bs): along the height (512 rows,
    # three inputs: 768) and the width (three inputs: 384 columns a core; tl_bs256 for two), and interleaved
    # inputs into 256x2048 width shards.
    "tl_wsh": ("width_sharded", (4, 8), (512, 32)),
    "tl_ws3h": ("width_sharded", (4, 8), (768, 32)),
    "tl_bsh": ("block_sharded", (4, 8), (128, 128)),
    "tl_bs384": ("block_sharded", (4, 8), (64, 384)),
    "tl_ws2": ("width_sharded", (4, 8), (256, 64)),
    # 4096x128 (tl_hs) transposed: width shards of the transposed shard on 8x8, on 4x8, block shards.
    "tl_wst": ("width_sharded", (8, 8), (128, 64)),
    "tl_wst2": ("width_sharded", (4, 8), (128, 128)),
    "tl_bst4": ("block_sharded", (4, 8), (32, 512)),
    # silu_bw's sharded programs: shards of 1 and 32 tiles.
    "tl_hs1t": ("height_sharded", (8, 8), (32, 32)),
    "tl_hs32t": ("height_sharded", (8, 8), (64, 512)),
    # Rotary embedding inputs of 1x8x256x128 (2048x128) in width and block shards (ttnn rejects both).
    "tl_wsr": ("width_sharded", (1, 4), (2048, 32)),
    "tl_bsr": ("block_sharded", (4, 4), (512, 32)),
    # Sharded slice / repeat / reshape operands: 2048x128 over 8x8.
    "tl_hsr": ("height_sharded", (8, 8), (32, 128)),
    # Sharded SDPA results: 1x8x256x64 (2048x64) and 1x8x1024x128 (8192x128) in height, width and block shards.
    "tl_hsq": ("height_sharded", (8, 8), (32, 64)),
    "tl_wsq": ("width_sharded", (1, 2), (2048, 32)),
    "tl_bsq": ("block_sharded", (8, 2), (256, 32)),
    "tl_hsq2": ("height_sharded", (8, 8), (128, 128)),
    "tl_hsq24": ("height_sharded", (8, 4), (256, 128)),
    "tl_bsq2": ("block_sharded", (8, 4), (1024, 32)),
}
_TL_VARIANTS = {"": "bf16", "_f32": "f32", "_bfp8": "bfp8_b", "_rm": "row_major bf16", "_rm_f32": "row_major f32"}


def _tl_layout(scheme: str, grid: tuple[int, int], shard: tuple[int, int], variant: str) -> str:
    *page, dtype = variant.split()
    return (f"#ttnn.layout<{page[0] + ', ' if page else ''}l1, {scheme}, {dtype}, grid = {grid[0]}x{grid[1]}, "
            f"shard = {shard[0]}x{shard[1]}>")


SHARDED_LAYOUTS = {
    base + suffix: _tl_layout(*spec, variant)
    for base, spec in SHARDINGS.items() for suffix, variant in _TL_VARIANTS.items()}


def sharded_memory_configs(ttnn: Any) -> dict[str, Any]:
    """The ttnn memory configs of SHARDED_LAYOUTS (built in the mock-device child; no data type)."""
    configs = {}
    for base, (scheme, (rows, cols), shard) in SHARDINGS.items():
        grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(cols - 1, rows - 1))])
        config = ttnn.MemoryConfig(getattr(ttnn.TensorMemoryLayout, scheme.upper()), ttnn.BufferType.L1,
                                   ttnn.ShardSpec(grid, list(shard), ttnn.ShardOrientation.ROW_MAJOR))
        configs.update({base + suffix: config for suffix in _TL_VARIANTS})
    return configs


def to_layout_cases(case: Callable[..., Any], operand: Callable[..., Any]) -> tuple[Any, ...]:
    """to_layout both ways over shapes (tile-aligned or not, narrow / wide rows, many tile rows), bf16 / f32 /
    bfp8_b and DRAM / L1."""

    def tilize(shape: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        name = f"to_layout {_dims(shape)} row_major {src}->tile {dst}" + (f" {dtype}" if dtype != "bf16" else "")
        return case(name, "to_layout", (operand(shape, src + RM_SUFFIX[dtype], dtype),),
                    operand(shape, dst + SUFFIX[dtype], dtype), "ttnn.to_layout %a0",
                    lambda t, dev, mc, a: t.to_layout(a[0], t.TILE_LAYOUT, memory_config=mc[dst]))

    def untilize(shape: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        out_dtype = "bf16" if dtype == "bfp8_b" else dtype
        name = f"to_layout {_dims(shape)} tile {src}->row_major {dst}" + (f" {dtype}" if dtype != "bf16" else "")
        return case(name, "to_layout", (operand(shape, src + SUFFIX[dtype], dtype),),
                    operand(shape, dst + RM_SUFFIX[out_dtype], out_dtype), "ttnn.to_layout %a0",
                    lambda t, dev, mc, a: t.to_layout(a[0], t.ROW_MAJOR_LAYOUT, memory_config=mc[dst]))

    x, x4 = (64, 1024), (2, 3, 64, 128)
    hs, x2, uneven = (4096, 128), (256, 1024), (448, 64)
    return (
        tilize(x, D, D), tilize(x, D, L), tilize(x, L, L), tilize(x, L, D, "f32"), tilize(x, D, L, "f32"),
        tilize((30, 500), D, L), tilize((30, 500), L, L, "f32"), tilize(x4, D, L), tilize(x4, L, D, "f32"),
        tilize((1, 1, 7, 100), D, L), tilize((3, 33), D, L, "f32"), tilize((1, 8), L, L), tilize((100, 17), D, L),
        tilize((8192, 32), D, L), tilize((4096, 64), D, L, "f32"), tilize((32, 32), D, L),
        untilize(x, D, D), untilize(x, D, L), untilize(x, L, L, "f32"), untilize(x, D, L, "bfp8_b"),
        untilize(x4, D, L), untilize(x4, L, D, "f32"), untilize(x4, D, L, "bfp8_b"), untilize((32, 32), D, L),
        untilize((32, 32), L, L, "f32"), untilize((30, 500), D, L), untilize((30, 500), D, L, "f32"),
        untilize((30, 500), L, L, "bfp8_b"), untilize((64, 500), D, L), untilize((1, 1, 7, 100), D, L, "f32"),
        untilize((3, 33), D, L), untilize((1, 8), L, L, "bfp8_b"), untilize((100, 17), D, L, "f32"),
        untilize((64, 2048), D, L), untilize((64, 2112), D, L, "bfp8_b"), untilize((32, 4096), D, L),
        # The codegen untilize on fewer tile rows than cores: columns a divisor of Wt (97 tiles: one column).
        untilize((64, 3104), D, L), untilize((96, 2080), D, L), untilize((64, 2080), D, L, "bfp8_b"),
        untilize((160, 1024), D, L), untilize((224, 1120), D, L), untilize((32, 8192), D, D),
        # f32 runs the native untilize: its block program for wide rows when square blocks use more cores.
        untilize((64, 2048), D, D, "f32"), untilize((64, 4096), D, L, "f32"), untilize((1024, 1152), D, D, "f32"),
        untilize((2080, 2048), D, D, "f32"), untilize((96, 4096), D, D, "f32"),
        untilize((2, 64, 2048), D, L), untilize((4096, 64), D, L), untilize((8192, 32), D, L, "f32"),
        untilize((2048, 64), D, L, "f32"), untilize((4096, 64), D, L, "f32"), untilize((8192, 32), L, L, "bfp8_b"),
        untilize((1, 64), D, L),
        # Sharded conversions (both directions, each memory layout; the same sharding, another one, interleaved).
        *(untilize(shape, src, dst, dtype) for shape, src, dst, dtype in (
            (hs, "tl_hs", "tl_hs", "bf16"), (hs, "tl_hs", D, "bf16"), (hs, "tl_hs", L, "bf16"),
            (hs, D, "tl_hs", "bf16"), (hs, L, "tl_hs", "bf16"), (hs, "tl_hs", "tl_hs2", "bf16"),
            (hs, "tl_hs2", D, "bf16"), (hs, D, "tl_hs2", "bf16"), (hs, "tl_hs", D, "f32"), (hs, D, "tl_hs", "f32"),
            (hs, "tl_hs", "tl_hs", "bfp8_b"), (hs, "tl_hs", D, "bfp8_b"), (hs, D, "tl_hs", "bfp8_b"),
            (x2, "tl_bs", "tl_bs", "bf16"), (x2, "tl_bs", D, "bf16"), (x2, "tl_bs", L, "bf16"),
            (x2, "tl_bs", "tl_ws", "bf16"), (x2, D, "tl_bs", "bf16"), (x2, "tl_ws", D, "bf16"),
            (x2, "tl_ws", L, "f32"), (x2, D, "tl_ws", "bf16"), (x2, "tl_ws", "tl_ws", "bf16"),
            (uneven, "tl_hsu", D, "bf16"), (uneven, "tl_hsu", "tl_hsu", "bf16"), (uneven, D, "tl_hsu", "bf16"))),
        *(tilize(shape, src, dst, dtype) for shape, src, dst, dtype in (
            (hs, "tl_hs", "tl_hs", "bf16"), (hs, "tl_hs", "tl_hs2", "bf16"), (hs, "tl_hs", D, "bf16"),
            (hs, "tl_hs", L, "bf16"), (hs, D, "tl_hs", "bf16"), (hs, L, "tl_hs2", "bf16"), (hs, "tl_hs", L, "f32"),
            (hs, "tl_hs", D, "f32"), (hs, D, "tl_hs", "f32"), (x2, "tl_bs", "tl_bs", "bf16"), (x2, "tl_bs", D, "bf16"),
            (x2, "tl_bs", L, "bf16"), (x2, "tl_bs", "tl_ws", "bf16"), (x2, "tl_ws", D, "bf16"),
            (x2, "tl_ws", L, "bf16"), (x2, "tl_ws", "tl_ws", "bf16"), (x2, D, "tl_bs", "f32"),
            (uneven, "tl_hsu", D, "bf16"), (uneven, "tl_hsu", "tl_hsu", "bf16"))),
        # ttnn's block tilize of wide rows on few tile rows, and a no-op that ignores the placement.
        tilize((64, 4096), D, L),
        # ttnn's block tilize (wide rows on few tile rows, or rows whose CBs do not fit L1): square blocks, a cliff
        # column, both buffer sets on every core; (2048, 2048) runs it on Blackhole only.
        *(tilize(shape, D, L, dtype) for shape, dtype in (
            ((32, 4096), "bf16"), ((96, 4096), "bf16"), ((64, 2048), "bf16"), ((64, 1056), "bf16"),
            ((64, 8192), "bf16"), ((64, 4096), "f32"), ((128, 4096), "bf16"), ((64, 3072), "bf16"),
            ((32, 16384), "bf16"), ((1024, 2048), "bf16"), ((320, 1600), "bf16"), ((2048, 2048), "bf16"),
            ((64, 65536), "bf16"))),
        tilize((64, 4096), D, D),
        case("to_layout 64x1024 tile dram->tile l1 (same page layout)", "to_layout", (operand(x, D),), operand(x, L),
             "ttnn.to_layout %a0", lambda t, dev, mc, a: t.to_layout(a[0], t.TILE_LAYOUT, memory_config=mc[L])),
        case("to_layout 64x1024 tile dram->tile dram (identity)", "to_layout", (operand(x, D),), operand(x, D),
             "ttnn.to_layout %a0", lambda t, dev, mc, a: t.to_layout(a[0], t.TILE_LAYOUT, memory_config=mc[D])),
    )


# The to_layout family matches ttnn everywhere (the same page layout into another placement is answered as
# ttnn runs it: the input itself, its layout the answer's).
TO_LAYOUT_DIFFERENCES: dict[str, str] = {}


def layout_path_cases(case: Callable[..., Any], operand: Callable[..., Any]) -> tuple[Any, ...]:
    """The programs ttnn 0.81.1 chooses beyond the tile-aligned interleaved paths (generated placements,
    "g:..."): to_layout's selection over wide rows, batches and padded shapes, its sharded padding programs
    and idle shard cores; slice's row-major path (untilize, SliceRm / SliceRmStride / SliceRmSharded, tilize)
    and row-major shards; repeat's codegen legs and native row-major programs; concat's tiled unaligned
    program, its untilize + row-major concat + tilize path and transposes around unaligned rows."""
    array = lambda v: "array<i64: " + ", ".join(map(str, v)) + ">"  # noqa: E731
    short = lambda p: p[2:]  # noqa: E731

    def to_layout(shape: tuple[int, ...], src: str, dst: str, dtype: str = "bf16") -> Any:
        tilize = src.endswith(":rm")
        out_dtype = "bf16" if dtype == "bfp8_b" else dtype
        name = f"to_layout {_dims(shape)} {short(src)}->{short(dst)} {dtype}"
        layout = "TILE_LAYOUT" if tilize else "ROW_MAJOR_LAYOUT"
        return case(name, "to_layout", (operand(shape, src, dtype),), operand(shape, dst, out_dtype),
                    "ttnn.to_layout %a0",
                    lambda t, dev, mc, a: t.to_layout(a[0], getattr(t, layout), memory_config=mc[dst]))

    def slice_(shape: tuple[int, ...], src: str, dst: str, begins: tuple[int, ...], ends: tuple[int, ...],
               step: tuple[int, ...] | None = None, dtype: str = "bf16") -> Any:
        step = step or (1,) * len(shape)
        out = tuple((e - b + s - 1) // s for b, e, s in zip(begins, ends, step))
        window = ", ".join(f"{b}:{e}" + (f":{s}" if s != 1 else "") for b, e, s in zip(begins, ends, step))
        name = f"slice {_dims(shape)} [{window}] {short(src)}->{short(dst)} {dtype}"
        return case(name, "slice", (operand(shape, src, dtype),), operand(out, dst, dtype),
                    f"ttnn.slice %a0 {{begins = {array(begins)}, ends = {array(ends)}, step = {array(step)}}}",
                    lambda t, dev, mc, a: t.slice(a[0], list(begins), list(ends), list(step), memory_config=mc[dst]))

    def repeat(shape: tuple[int, ...], src: str, dst: str, repeats: tuple[int, ...], dtype: str = "bf16") -> Any:
        out = tuple(d * r for d, r in zip(shape, repeats))
        name = f"repeat {_dims(shape)} x({', '.join(map(str, repeats))}) {short(src)}->{short(dst)} {dtype}"
        return case(name, "repeat", (operand(shape, src, dtype),), operand(out, dst, dtype),
                    f"ttnn.repeat %a0 {{repeats = {array(repeats)}}}",
                    lambda t, dev, mc, a: t.repeat(a[0], list(repeats), memory_config=mc[dst]))

    def concat(shapes: tuple[tuple[int, ...], ...], srcs: tuple[str, ...], dst: str, dim: int,
               dtype: str = "bf16") -> Any:
        axis = dim % len(shapes[0])
        out = tuple(sum(s[axis] for s in shapes) if d == axis else shapes[0][d] for d in range(len(shapes[0])))
        name = (f"concat {', '.join(_dims(s) for s in shapes)} dim {dim} "
                f"{','.join(short(p) for p in srcs)}->{short(dst)} {dtype}")
        return case(name, "concat", tuple(operand(s, p, dtype) for s, p in zip(shapes, srcs)),
                    operand(out, dst, dtype),
                    f"ttnn.concat {', '.join(f'%a{i}' for i in range(len(shapes)))} {{dim = {dim} : si32}}",
                    lambda t, dev, mc, a: t.concat(list(a), dim, memory_config=mc[dst]))

    gd, gl, gdr, glr = "g:dram", "g:l1", "g:dram:rm", "g:l1:rm"
    return (
        # to_layout: codegen untilize tiers and column splits, native and unpadding block programs, tilize with
        # value padding (also its block program), batched block programs.
        to_layout((256, 5408), gd, glr), to_layout((3, 640, 553), gl, glr), to_layout((2, 128, 6209), gdr, gl, "f32"),
        to_layout((154, 6400), gdr, gl), to_layout((3, 66, 1952), gl, glr, "bfp8_b"),
        to_layout((5077,), gl, glr, "bfp8_b"), to_layout((168, 1984), glr, gl, "f32"),
        to_layout((3, 248, 2720), gdr, gd), to_layout((128, 5939), gd, glr, "bfp8_b"),
        to_layout((455, 512), gl, gdr, "f32"), to_layout((1, 96, 864), gd, glr, "f32"),
        # to_layout with a sharded side: padded shapes, ttnn's pad + tilize of height shards, row-major shards
        # of padded rows, idle output cores, untilize with unpadding from shards.
        to_layout((544, 326), "g:bs:3x1:192x352:rm", "g:bs:4x4:160x96"),
        to_layout((544, 326), "g:bs:3x1:192x352:rm", "g:hs:8x1:96x352"),
        to_layout((4, 201, 640), "g:hs:1x7:128x640:rm", gd), to_layout((4, 201, 640), "g:hs:1x7:128x640:rm", gl),
        to_layout((4, 201, 640), "g:hs:1x7:128x640:rm", "g:hs:1x7:128x640"),
        to_layout((3, 70, 64), "g:hs:1x7:32x64:rm", gd, "f32"),
        to_layout((2, 597, 480), glr, "g:hs:4x1:320x480"), to_layout((597, 470), gdr, "g:bs:4x5:160x96", "f32"),
        to_layout((2, 597, 480), gl, "g:hs:4x1:320x480:rm"), to_layout((597, 480), "g:bs:4x5:160x96:rm", gd),
        to_layout((2, 300, 470), "g:bs:5x5:128x96:rm", "g:bs:5x5:128x96"),
        to_layout((2, 320, 470), "g:hs:5x1:128x480:rm", gd, "f32"),
        to_layout((2, 3, 712, 203), "g:bs:4x7:1088x32:rm", gd),
        to_layout((3, 384, 960), gdr, "g:hs:6x5:64x960", "f32"),
        to_layout((597, 480), "g:hs:5x1:128x480", gdr), to_layout((597, 480), "g:bs:5x5:128x96", gdr),
        to_layout((2, 300, 470), "g:bs:5x5:128x96", gdr, "bfp8_b"),
        # slice: row-major programs (SliceRm's merged rows, misaligned first columns, SliceRmStride), the whole
        # tensor as to_memory_config, a tiled input's untilize + row-major slice + tilize, row-major shards.
        slice_((100, 200), gdr, gdr, (10, 0), (90, 200)), slice_((100, 200), gdr, glr, (10, 3), (90, 150)),
        slice_((3, 50, 70), glr, gdr, (1, 5, 7), (3, 45, 69)), slice_((4000, 1000), gdr, gdr, (0, 1), (4000, 999)),
        slice_((700,), glr, glr, (5,), (600,)), slice_((32, 384), glr, glr, (0, 166), (32, 362), (2, 2)),
        slice_((100, 198), gdr, glr, (0, 1), (100, 197), (1, 2), "f32"),
        slice_((618,), gdr, glr, (0,), (618,), dtype="f32"), slice_((300, 618), glr, gdr, (0, 0), (300, 618)),
        slice_((64, 64), gd, gd, (0, 0), (64, 64)), slice_((64, 64), gd, gl, (0, 0), (64, 64)),
        slice_((736,), gd, gd, (416,), (672,), dtype="f32"), slice_((93,), gl, gd, (83,), (90,)),
        slice_((1, 96, 864), gd, gl, (0, 0, 711), (1, 96, 733), dtype="f32"),
        slice_((64, 2048), gd, gd, (3, 0), (64, 2048), dtype="bfp8_b"),
        slice_((2, 100, 300), gl, gl, (0, 17, 0), (2, 99, 300)),
        slice_((703, 744), "g:ws:5x1:704x160", gd, (0, 538), (703, 568)),
        slice_((256, 64), gdr, "g:hs:4x1:32x32:rm", (0, 16), (128, 48)),
        slice_((256, 70), gdr, "g:ws:1x2:128x16:rm", (0, 0), (128, 32)),
        slice_((256, 64), "g:hs:4x1:64x64:rm", "g:hs:4x1:32x64:rm", (0, 0), (128, 64)),
        slice_((128, 64), "g:ws:1x2:128x32:rm", glr, (3, 8), (100, 64)),
        slice_((128, 64), glr, "g:hs:2x1:64x64:rm", (0, 0), (128, 64)),
        slice_((128, 64), gd, "g:bs:4x2:32x32", (3, 0), (128, 64)), slice_((64, 64), gd, "g:hs:2x1:64x64", (5, 0), (64, 64)),
        slice_((3, 800, 416), gl, "g:bs:1x1:672x256", (0, 444, 172), (3, 641, 413)),
        slice_((823,), gl, "g:bs:1x6:32x96", (63,), (610,), dtype="bfp8_b"),
        slice_((256, 64), gd, "g:hs:4x2:32x64", (0, 0), (128, 64)),
        slice_((2, 134, 128), "g:ws:1x1:320x128", gd, (0, 124, 0), (2, 132, 128)),
        # repeat: codegen legs (tiled, row-major, folded), the round trip through row-major data, unsharding,
        # resharding, native programs for rank 1 and bfp8_b row-major data, row-major shards.
        repeat((1, 193, 215), gl, gd, (2, 4, 1), "f32"), repeat((672,), gl, gl, (3,), "f32"),
        repeat((320, 188), "g:bs:1x6:320x32", gl, (2, 3)), repeat((544, 20), gd, gd, (2, 3)),
        repeat((518, 352), gl, gl, (3, 3)), repeat((11, 384), gl, "g:ws:1x5:32x256", (1, 3), "f32"),
        repeat((128, 928), gd, "g:bs:4x8:96x256", (3, 2), "f32"), repeat((64, 64), gl, gl, (2, 3)),
        repeat((160, 493), glr, gdr, (4, 1)), repeat((850, 224), gdr, glr, (1, 1), "f32"),
        repeat((528, 416), gdr, glr, (2, 3)), repeat((2, 2, 32, 576), glr, gdr, (3, 1, 3, 1)),
        repeat((1, 1, 640, 256), gdr, glr, (4, 1, 2, 1)), repeat((100, 100), gd, gd, (2, 3), "bfp8_b"),
        repeat((2, 1, 96, 39), glr, "g:hs:7x5:22x39:rm", (1, 1, 4, 1)),
        repeat((2, 4, 768, 32), gdr, "g:ws:8x4:12288x3:rm", (2, 1, 1, 3)),
        repeat((100, 70), "g:hs:4x1:25x70:rm", glr, (1, 1)), repeat((64, 64), gd, "g:bs:4x4:32x32", (2, 1)),
        # concat: the tiled unaligned width program, untilize + row-major concat + tilize, row-major concat,
        # transposes around unaligned rows, rank 1.
        concat(((512, 163), (512, 96), (512, 10)), (gd, gl, gd), gd, -1),
        concat(((1, 1, 640, 577), (1, 1, 640, 577)), (gl, gl), gl, 3),
        concat(((2, 64, 50), (2, 64, 30)), (gl, gl), gl, 2, "f32"), concat(((288,), (544,)), (gl, gd), gl, -1, "f32"),
        concat(((100, 96), (37, 96)), (gl, gl), gl, -2), concat(((2, 50, 70), (2, 30, 70)), (gd, gd), gd, 1),
        concat(((64, 128), (2, 128), (64, 128), (64, 128)), (gd, gl, gl, gd), gl, 0),
        concat(((64, 451), (101, 451)), (glr, glr), glr, -2), concat(((1, 825, 428), (1, 463, 428)), (glr, gdr), glr, 1),
        concat(((100, 64), (100, 32)), (gdr, gdr), gdr, 1), concat(((100, 63), (100, 33)), (gdr, gdr), gdr, 1),
        concat(((63,), (33,)), (gdr, gdr), gdr, 0), concat(((3, 300, 63), (3, 300, 99)), (glr, gdr), glr, 2),
        concat(((64, 50), (64, 30)), (gl, gd), gl, 1, "bfp8_b"), concat(((5,), (7,)), (glr, glr), glr, 0, "f32"),
        concat(((640,), (640,), (640,)), ("g:hs:1x1:32x640",) * 3, gl, 0),
        # Row-major concat into shards: height shards written by the row-major program, width and block shards
        # through a DRAM interleaved result and to_memory_config (interleaved_to_sharded for L1-aligned shard
        # rows, the row-major copy otherwise).
        concat(((6, 224), (6, 224)), (glr, glr), "g:hs:1x4:3x224:rm", -2),
        concat(((832,), (832,)), (gdr, glr), "g:hs:1x1:1x1664:rm", 0, "f32"),
        concat(((2, 500, 40), (2, 500, 40)), (glr, gdr), "g:bs:4x8:500x5:rm", 0, "f32"),
        concat(((2, 500, 40), (2, 500, 40)), (glr, gdr), "g:bs:4x5:500x8:rm", 0, "f32"),
        concat(((64, 128), (64, 128)), (gdr, gdr), "g:ws:1x4:128x32:rm", 0),
        # bfp8_b tiles along the last dimension: ttnn's alignment test on the tiled inputs (1 B an element,
        # Blackhole DRAM's 64 B) transposes the untilized rows whatever they are; rank-1 ones fail there.
        concat(((3, 40), (3, 32)), (gl, gd), gl, -1, "bfp8_b"),
        concat(((480,), (480,)), (gl, gd), gl, 0, "bfp8_b"), concat(((480,), (480,)), (gl, gl), gl, 0, "bfp8_b"),
        # Rejected: rank-1 padded inputs concatenated as rows into the output's shards (a row-major rank-1 shard
        # is one row high); row-major shards along a dimension their scheme cannot concatenate.
        concat(((832,), (832,)), (gd, gd), "g:hs:1x1:32x1664", 0, "f32"),
        concat(((480,), (480,)), (gl, gl), "g:bs:1x2:32x480", 0),
        concat(((180, 1024), (180, 1024)), ("g:hs:3x6:10x1024:rm",) * 2, "g:hs:3x6:20x1024:rm", 0),
        concat(((64, 256), (64, 256)), ("g:ws:1x4:64x64:rm",) * 2, "g:ws:1x4:64x128:rm", 1),
        # Row-major L1 shards along a dimension their scheme cannot join, into an interleaved output: each
        # input copied to the output's memory config, then the row-major concat.
        concat(((3, 3, 90, 512), (3, 3, 90, 512)), ("g:bs:5x1:162x512:rm",) * 2, glr, 0),
        concat(((180, 1024), (180, 1024)), ("g:hs:3x6:10x1024:rm",) * 2, gdr, 0),
        concat(((64, 256), (64, 256)), ("g:ws:1x4:64x64:rm",) * 2, glr, 1),
        concat(((2, 64, 48), (2, 64, 48)), ("g:bs:2x3:64x16:rm",) * 2, gdr, 0, "f32"),
    )
