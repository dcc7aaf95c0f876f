"""Calibration cases of ttnn.linear (bias, fused activation) over the branches of the matmul program
selection, and of matmul with sharded operands (issue 12), against ttnn 0.81.1 on the mock devices.

Imported by bench/opmodel_calibration.py, which owns the Case / Operand records and passes them in
(``cases(Case, Operand)``); ``LAYOUTS`` and ``memory_configs(ttnn)`` add the sharded placements.
What the linear cases show (docs/op-model.md, "Linear"): with a, b and the output in DRAM the bias is fused
into the matmul program (one more CB of perCoreN bias tiles); otherwise the product goes to a temporary
placed like the output and a broadcast add follows; an activation is one more unary program. The sharded
matmul cases: a block-sharded a runs the 2-D multicast program on its grid, a height- or width-sharded one
the 1-D multicast program ("Sharded operands").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SUFFIX = {"bf16": "", "f32": "_f32", "bfp8_b": "_bfp8"}
D, L = "dram", "l1"
ELEMENT = {"bf16": "bf16", "f32": "f32", "bfp8_b": "bfp8_b"}

# Block-sharded placements: name -> (columns, rows, shard height, shard width), on cores (0,0)..(c-1,r-1).
_BLOCK = {"bs8": (8, 8, 128, 128), "bs8_k1": (8, 8, 128, 32), "bs8_tall": (8, 8, 256, 64),
          "bs4x8": (8, 4, 128, 128), "bs4x8_n64": (8, 4, 128, 64), "bs2": (2, 2, 128, 128),
          "bs8_256": (8, 8, 256, 256), "bs8_4x4": (4, 4, 256, 256), "bs8_256x32": (8, 8, 256, 32),
          "bs8_64": (8, 8, 64, 64)}
# Height- and width-sharded placements (the 1-D program): name -> (kind, columns, rows, shard height, width).
_ONE_D = {
    "hs_mm": ("HEIGHT_SHARDED", 8, 8, 32, 256), "hs_64x512": ("HEIGHT_SHARDED", 8, 8, 64, 512),
    "hs_64x1024": ("HEIGHT_SHARDED", 8, 8, 64, 1024), "hs_64x640": ("HEIGHT_SHARDED", 8, 8, 64, 640),
    "hs_256x512": ("HEIGHT_SHARDED", 8, 8, 256, 512), "hs_32x2048": ("HEIGHT_SHARDED", 8, 8, 32, 2048),
    "hs_32x1024": ("HEIGHT_SHARDED", 8, 8, 32, 1024), "hs4x8": ("HEIGHT_SHARDED", 8, 4, 32, 256),
    "hs4x8_n512": ("HEIGHT_SHARDED", 8, 4, 32, 512),
    "hs_128x256": ("HEIGHT_SHARDED", 8, 8, 128, 256),
    "ws_mm": ("WIDTH_SHARDED", 8, 8, 32, 32), "ws_128x32": ("WIDTH_SHARDED", 8, 8, 128, 32),
    "ws_32x64": ("WIDTH_SHARDED", 8, 8, 32, 64), "ws_256x32": ("WIDTH_SHARDED", 8, 8, 256, 32),
    "ws_256x64": ("WIDTH_SHARDED", 8, 8, 256, 64), "ws4x8": ("WIDTH_SHARDED", 8, 4, 64, 32),
    # Width-sharded b placements (K x perCoreN shards).
    "wsb_64x64": ("WIDTH_SHARDED", 8, 8, 64, 64), "wsb_128x64": ("WIDTH_SHARDED", 8, 8, 128, 64),
    "wsb_64x32": ("WIDTH_SHARDED", 8, 8, 64, 32), "wsb4x8": ("WIDTH_SHARDED", 8, 4, 32, 32),
    "wsb_64x96": ("WIDTH_SHARDED", 8, 8, 64, 96),
}

LAYOUTS = {
    **{f"{name}{SUFFIX[dt]}": f"#ttnn.layout<l1, block_sharded, {ELEMENT[dt]}, grid = {r}x{c}, shard = {h}x{w}>"
       for name, (c, r, h, w) in _BLOCK.items() for dt in SUFFIX},
    **{f"{name}{SUFFIX[dt]}": f"#ttnn.layout<l1, {kind.lower()}, {ELEMENT[dt]}, grid = {r}x{c}, shard = {h}x{w}>"
       for name, (kind, c, r, h, w) in _ONE_D.items() for dt in SUFFIX},
}


def memory_configs(ttnn: Any) -> dict[str, Any]:
    """The ttnn memory configs of LAYOUTS (built in the mock-device child); a memory config carries no
    data type, so the _f32 / _bfp8 forms share one."""
    def sharded(kind: str, c: int, r: int, h: int, w: int) -> Any:
        grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(c - 1, r - 1))])
        return ttnn.MemoryConfig(getattr(ttnn.TensorMemoryLayout, kind), ttnn.BufferType.L1,
                                 ttnn.ShardSpec(grid, [h, w], ttnn.ShardOrientation.ROW_MAJOR))
    configs = {f"{name}{SUFFIX[dt]}": sharded("BLOCK_SHARDED", *spec) for name, spec in _BLOCK.items() for dt in SUFFIX}
    configs.update({f"{name}{SUFFIX[dt]}": sharded(*spec) for name, spec in _ONE_D.items() for dt in SUFFIX})
    return configs


DIFFERENCES: dict[str, str] = {}

# The cases ttnn 0.81.1 rejects on both devices (and so does the model).
REJECTED_ON_BLACKHOLE = frozenset({
    # Blackhole's 130 cores give these 1-D programs perCoreN = 1: b's 2-tile-wide shards do not match.
    "matmul 32x64 . 64x4096 dram,wsb_64x64->dram", "matmul 32x128 . 128x4096 dram,wsb_128x64->dram",
    "matmul 32x128 . 128x4096 dram,wsb_128x64->l1", "matmul 32x128 . 128x4096 dram,wsb_128x64->dram bfp8_b",
    "matmul 64x128 . 128x4096 dram,wsb_128x64->dram", "matmul 32x64 . 64x4096 dram,wsb_64x64->ws_32x64",
    # linear's view after copying the transposed a exceeds the output (Blackhole's config copies it).
    "linear 1088x91 dram bf16 . 1088x320 dram bfp8_b -> l1 bf16 T_a bias 1x320 dram bf16",
})
# ttnn 0.81.1 places this product's output on 1 x 13 cores, beyond Wormhole's 8 columns.
REJECTED_ON_WORMHOLE = frozenset({
    "matmul 31x1280 bs:1x8:32x160 bf16 . 1280x1920 dram bf16 -> bs:1x8:32x256 bf16 (Wormhole: the output's grid "
    "exceeds the device)",
    # The batch folded into M: 10 block rows of the 2-D program, beyond Wormhole's 8 (Blackhole runs it).
    "matmul 4x608x512 l1 f32 . 434x512 l1 bfp8_b -> bs:2x4:1216x128 bfp8_b T_b",
})
REJECTED = frozenset({
    # linear's view of the result in the shape recomputed after a copied transpose: a bias that does not
    # broadcast with it; a batched b against an a with a batch; an output spec whose shards do not fit
    # (height shards on 60 cores of a 1x2 request, block shards of a batched b on one row, 2 x 1 blocks of
    # 512 x 96 on a 2x2 grid whose 1-D program places 20 cores); a sharded output of a batched b.
    "linear 64x1162 dram bf16 . 418x1162 dram bf16 -> l1 bf16 T_b bias 1x418 dram bf16",
    "linear 53x96 l1 bf16 . 53x163 dram bf16 -> l1 f32 T_a bias 163 dram bf16",
    "matmul 2x1x62x256 dram bf16 . 2x3x256x160 dram bf16 -> dram bf16 (rejected)",
    "matmul 96x1138 dram bf16 . 1138x1920 dram bf16 -> hs:1x2:64x1920 bf16",
    "matmul 2x64x256 l1 bf16 . 2x256x512 dram bf16 -> bs:1x4:128x128 bf16 (rejected)",
    "matmul 3x192x384 dram bfp8_b . 3x79x384 l1 bfp8_b -> bs:3x2:192x64 bfp8_b T_b",
    "matmul 640x256 l1 bf16 . 256x96 dram bf16 -> bs:2x2:320x64 bf16 (rejected)",
    "linear 1x64x284 hs:2x1:32x288 bfp8_b . 3x284x463 bs:5x1:192x480 bfp8_b -> dram bfp8_b",
    "matmul 4x512x608 l1 f32 . 434x512 l1 bfp8_b -> bs:2x4:1216x128 bfp8_b T_a T_b",
    "matmul 2048x256 . 256x256 hs_mm,dram->bs8_256x32",
    # The 2-D program's per-core M (a block-sharded a's stored shard rows) above M.
    "matmul 64x96 bs:1x3:96x32 bf16 . 96x144 dram bf16 -> dram bf16 (per-core M beyond M)",
    "linear 96x13 bs:1x1:96x32 bfp8_b . 96x144 dram bfp8_b -> bs:1x1:32x160 bfp8_b T_a bias 144 dram bfp8_b",
    "matmul 8192x256 . 256x256 dram,dram->hs_128x256",
    # A sharded b: ttnn 0.81.1 chooses the program config as for an interleaved b, then requires b to
    # be interleaved (MatmulMultiCore, the 1-D program with a sharded a), or height / width sharded
    # with its shard as wide as perCoreN (the 2-D program), which the chosen config does not meet here.
    "matmul 1024x1024 . 1024x1024 dram,bs8->dram",
    "matmul 256x2048 . 2048x256 dram,hs_mm->dram",
    "matmul 1024x1024 . 1024x1024 bs8,bs8->bs8",
    "matmul 1024x1024 . 1024x1024 dram,bs8->bs8",
    "matmul 32x64 . 64x6144 dram,wsb_64x96->dram",
})


def cases(Case: Callable[..., Any], Operand: Callable[..., Any]) -> tuple[Any, ...]:
    def linear(mt: int, kt: int, nt: int, places: tuple[str, str, str | None], out: str, dtype: str = "bf16",
               bias_dtype: str | None = None, activation: str | None = None, batch: tuple[int, ...] = (),
               bias_rank: int = 2, transpose_b: bool = False) -> Any:
        """M, K, N in tiles; ``places`` = (a, b, bias) placements (bias None: no bias)."""
        m, k, n = 32 * mt, 32 * kt, 32 * nt
        bias_dtype = bias_dtype or dtype
        pa, pb, pbias = places
        name = f"linear Mt Kt Nt {mt} {kt} {nt} {pa},{pb},{pbias or 'no bias'}->{out}"
        name += f" {dtype}" if dtype != "bf16" else ""
        name += f" bias {bias_dtype}" if pbias and bias_dtype != dtype else ""
        name += f" {activation}" if activation else ""
        name += f" batch {'x'.join(map(str, batch))}" if batch else ""
        name += f" bias rank {bias_rank}" if pbias and bias_rank != 2 else ""
        name += " transpose_b" if transpose_b else ""
        operands = [Operand(batch + (m, k), pa + SUFFIX[dtype], dtype),
                    Operand((n, k) if transpose_b else (k, n), pb + SUFFIX[dtype], dtype)]
        ir = "ttnn.linear %a0, %a1"
        if pbias:
            operands.append(Operand((1,) * (bias_rank - 1) + (n,), pbias + SUFFIX[bias_dtype], bias_dtype))
            ir += " bias %a2"
        if activation:
            ir += f" activation {activation}"
        if transpose_b:
            ir += " {transpose_b = true}"

        def call(t, dev, mc, a):
            return t.linear(a[0], a[1], bias=a[2] if pbias else None, activation=activation,
                            transpose_b=transpose_b, memory_config=mc[out])

        return Case(name, "linear", tuple(operands), Operand(batch + (m, n), out + SUFFIX[dtype], dtype), ir, call)

    def sharded(m: int, k: int, n: int, pa: str, pb: str, out: str, dtype: str = "bf16", batch: tuple[int, ...] = (),
                bias: bool = False) -> Any:
        """A sharded matmul (or a linear with a DRAM bias): shapes in elements, placements by name."""
        op = "linear" if bias else "matmul"
        shape = lambda dims: "x".join(map(str, dims))  # noqa: E731
        name = f"{op} {shape(batch + (m, k))} . {k}x{n} {pa},{pb}->{out}" + (f" {dtype}" if dtype != "bf16" else "")
        name += " + bias" if bias else ""
        sharded_names = {**_BLOCK, **_ONE_D}
        operands = [Operand(batch + (m, k), pa + SUFFIX[dtype] if pa in sharded_names or pa in (D, L) else pa, dtype),
                    Operand((k, n), pb + SUFFIX[dtype], dtype)]
        ir = f"ttnn.{op} %a0, %a1"
        if bias:
            operands.append(Operand((1, n), D + SUFFIX[dtype], dtype))
            ir += " bias %a2"
        place = out + SUFFIX[dtype] if out in sharded_names or out in (D, L) else out

        def call(t, dev, mc, a):
            if bias:
                return t.linear(a[0], a[1], bias=a[2], memory_config=mc[place])
            return t.matmul(a[0], a[1], memory_config=mc[place])

        return Case(name, op, tuple(operands), Operand(batch + (m, n), place, dtype), ir, call)

    def product(a: tuple[tuple[int, ...], str, str], b: tuple[tuple[int, ...], str, str], out: str,
                out_dtype: str | None = None, ta: bool = False, tb: bool = False,
                bias: tuple[tuple[int, ...], str, str] | None = None, activation: str | None = None,
                op: str = "matmul", note: str = "") -> Any:
        """Any product on generated placements ("g:dram", "g:hs:RxC:HxW", ...): a and b as (shape, placement,
        dtype), the output's placement and data type (a's by default), the transposes, linear's bias and
        activation; ``note`` names what the case shows."""
        def text(shape: tuple[int, ...], place: str, dtype: str) -> str:
            return f"{'x'.join(map(str, shape))} {place[2:]} {dtype}"
        out_dtype = out_dtype or a[2]
        batch = a[0][:-2] if len(a[0]) >= len(b[0]) else b[0][:-2]
        if len(a[0]) == len(b[0]) and all(d == 1 for d in a[0][:-2]):
            batch = b[0][:-2]
        m = a[0][-1] if ta else a[0][-2]
        n = b[0][-2] if tb else b[0][-1]
        name = (f"{op} {text(*a)} . {text(*b)} -> {out[2:]} {out_dtype}" + (" T_a" if ta else "") +
                (" T_b" if tb else "") + (f" bias {text(*bias)}" if bias else "") +
                (f" {activation}" if activation else "") + (f" ({note})" if note else ""))
        operands = [Operand(*a), Operand(*b)] + ([Operand(*bias)] if bias else [])
        flags = [f for f, on in (("transpose_a = true", ta), ("transpose_b = true", tb)) if on]
        ir = f"ttnn.{op} %a0, %a1" + (" bias %a2" if bias else "") + (f" activation {activation}" if activation else "")
        ir += " {" + ", ".join(flags) + "}" if flags else ""

        def call(t, dev, mc, args):
            kw = {"transpose_a": ta, "transpose_b": tb, "memory_config": mc[out]}
            if out_dtype != a[2]:
                kw["dtype"] = {"bf16": t.bfloat16, "f32": t.float32, "bfp8_b": t.bfloat8_b}[out_dtype]
            if op == "linear":
                return t.linear(args[0], args[1], bias=args[2] if bias else None, activation=activation, **kw)
            return t.matmul(args[0], args[1], **kw)

        return Case(name, op, tuple(operands), Operand(batch + (m, n), out, out_dtype), ir, call)

    gd, gl = "g:dram", "g:l1"
    dd = (D, D, D)
    return (
        # The partials block beside a bfp8_b output only with packer L1 accumulation (more than one K block):
        # one K block packs straight into the output.
        product(((1184, 64), gd, "bfp8_b"), ((64, 2016), gl, "bfp8_b"), gd, note="one K block"),
        product(((2, 256, 30), gd, "bfp8_b"), ((1, 30, 1065), gd, "bfp8_b"), gd, note="2-D, all DRAM, one row"),
        product(((256, 96), gd, "bfp8_b"), ((96, 2048), gd, "bfp8_b"), gd, note="three K blocks"),
        product(((1956, 122), gl, "bfp8_b"), ((96, 122), gl, "bfp8_b"), gl, tb=True, note="two K blocks, 1-D"),
        product(((972, 49), "g:bs:3x2:352x32", "bfp8_b"), ((49, 704), gl, "bfp8_b"), "g:bs:3x2:352x352",
                note="two K blocks, 2-D"),
        product(((23, 1152), "g:bs:1x2:32x576", "bfp8_b"), ((416, 1152), gd, "bfp8_b"), "g:bs:1x2:32x224", tb=True,
                bias=((416,), gd, "bfp8_b"), op="linear"),
        product(((1, 32, 128), gl, "bfp8_b"), ((2, 3648, 128), gd, "bfp8_b"), gl, tb=True, note="in0 reuse"),
        # transpose_a: the 1-D / 2-D programs transpose in0 tiles through one more CB like in0's.
        product(((3, 2, 1152, 64), gl, "f32"), ((1152, 1600), gl, "f32"), gd, ta=True),
        product(((352, 32), gd, "bf16"), ((576, 352), gd, "bf16"), gd, ta=True, tb=True),
        product(((1632, 64), gl, "bfp8_b"), ((1632, 1088), gd, "bfp8_b"), gl, ta=True),
        # MatmulMultiCore takes no transpose: ttnn.transpose copies the operand first (an L1 copy stays
        # until the op returns).
        product(((4, 204, 204), gd, "bfp8_b"), ((160, 204), gl, "bfp8_b"), gd, tb=True, op="linear"),
        product(((1088, 91), gd, "bf16"), ((1088, 320), gd, "bfp8_b"), gl, ta=True),
        # The copy in L1 does not lower the budget of the copies' config: MatmulMultiCore again.
        product(((2, 64, 1760), gd, "bf16"), ((2, 448, 1760), gl, "bf16"), gd, tb=True, note="an L1 copy"),
        # ... and linear then reshapes the result to the shape it recomputes without the flag: a bias that
        # does not broadcast with it is rejected, as is another element count.
        product(((64, 1162), gd, "bf16"), ((418, 1162), gd, "bf16"), gl, tb=True, bias=((1, 418), gd, "bf16"),
                op="linear"),
        product(((1088, 91), gd, "bf16"), ((1088, 320), gd, "bfp8_b"), gl, ta=True, bias=((1, 320), gd, "bf16"),
                op="linear"),
        product(((53, 96), gl, "bf16"), ((53, 163), gd, "bf16"), gl, "f32", ta=True, bias=((163,), gd, "bf16"),
                op="linear"),
        # Batches: b's batch double-buffers in1 in the 1-D program splitting N, a's in the 2-D program; an
        # a whose leading dimensions are all 1 takes a batched b's batch (in0 reuse).
        product(((4, 485, 32), gl, "bf16"), ((4, 32, 800), gl, "bf16"), gd),
        product(((4, 32, 64), gd, "bf16"), ((1, 64, 1664), gd, "bf16"), gl, "f32"),
        product(((1, 1, 62, 1984), gd, "bf16"), ((2, 3, 1984, 160), gd, "bf16"), gd),
        product(((1, 1, 192, 256), gd, "bfp8_b"), ((2, 3, 256, 424), gl, "bfp8_b"), gl),
        product(((2, 1, 62, 256), gd, "bf16"), ((2, 3, 256, 160), gd, "bf16"), gd, note="rejected"),
        # linear: a full or batched bias, or any with a batched b, is added after the product; the
        # output's data type may differ from a's.
        product(((672, 1280), gd, "bf16"), ((864, 1280), gd, "bf16"), gd, tb=True, bias=((672, 864), gd, "bf16"),
                op="linear"),
        product(((4, 1, 13, 1162), gd, "bf16"), ((418, 1162), gd, "bf16"), gd, tb=True,
                bias=((4, 1, 13, 418), gd, "bf16"), op="linear"),
        product(((2, 3, 192, 145), gd, "bf16"), ((2, 3, 145, 372), gd, "bf16"), gd, bias=((1, 372), gl, "bfp8_b"),
                op="linear"),
        product(((4, 3, 320, 79), gd, "f32"), ((79, 32), gd, "bf16"), gl, "bfp8_b", bias=((1, 32), gl, "f32"),
                activation="relu", op="linear"),
        # Sharded a on one core: get_matmul_program_config's height, width and block branches.
        product(((3, 51, 160), "g:hs:1x1:192x160", "bf16"), ((160, 960), gl, "bf16"), gd),
        product(((3, 51, 160), "g:ws:1x1:192x160", "bf16"), ((160, 960), gl, "bf16"), gd),
        product(((3, 51, 160), "g:bs:1x1:192x160", "bf16"), ((160, 960), gl, "bf16"), gd),
        product(((3, 51, 160), "g:hs:1x1:192x160", "bf16"), ((160, 960), gl, "bf16"), gd,
                bias=((1, 1, 960), gd, "bf16"), op="linear"),
        # A batched b with a sharded a (linear too): MatmulMultiCoreReuse on a's shards; a sharded b sharded
        # like a is read in place, any other sharded b rejected.
        product(((2, 32, 256), "g:hs:1x1:64x256", "f32"), ((2, 256, 96), gd, "f32"), gd, op="linear"),
        product(((2, 64, 256), "g:hs:2x1:64x256", "bf16"), ((2, 256, 96), "g:hs:2x1:256x96", "bf16"), gd),
        product(((2, 64, 256), "g:hs:2x1:64x256", "bf16"), ((2, 256, 96), "g:hs:2x1:256x96", "bf16"),
                "g:hs:2x1:64x96"),
        product(((2, 64, 256), "g:bs:2x1:64x256", "bf16"), ((2, 256, 96), gd, "bf16"), gd),
        product(((1, 64, 284), "g:hs:2x1:32x288", "bfp8_b"), ((3, 284, 463), "g:bs:5x1:192x480", "bfp8_b"), gd,
                op="linear"),
        # A block-sharded a on one row of cores: the 2-D program on the device's grid.
        product(((1, 352, 1472), "g:bs:1x8:352x192", "f32"), ((1, 1472, 502), gl, "bfp8_b"), gd),
        product(((7, 320), "g:bs:1x4:32x96", "f32"), ((320, 3264), gd, "f32"), "g:bs:1x4:32x832"),
        product(((31, 1280), "g:bs:1x8:32x160", "bf16"), ((1280, 1920), gd, "bf16"), "g:bs:1x8:32x256",
                note="Wormhole: the output's grid exceeds the device"),
        # The 2-D program relays in0 through a second buffer when a has more columns than block columns.
        product(((3, 16, 1696), "g:bs:2x8:64x224", "f32"), ((800, 1696), gd, "f32"), gl, tb=True,
                bias=((800,), gd, "f32"), op="linear"),
        # Shard grids with idle cores (ttnn's fit rule), and outputs placed on the cores with blocks.
        product(((96, 256), "g:hs:1x5:32x256", "bf16"), ((256, 256), gd, "bf16"), gd),
        product(((32, 672), gd, "f32"), ((672, 3168), gl, "f32"), "g:ws:3x1:32x1056", bias=((3168,), gd, "f32"),
                op="linear"),
        product(((128, 2048), gd, "bf16"), ((2048, 1024), gd, "bf16"), "g:ws:8x8:128x32"),
        product(((32, 32), gl, "bf16"), ((32, 2208), gd, "bf16"), "g:ws:1x2:32x1120",
                bias=((1, 2208), gd, "bf16"), activation="relu", op="linear"),
        product(((32, 32), gl, "bf16"), ((32, 69 * 32), gd, "bf16"), "g:ws:1x2:32x1120", activation="relu",
                op="linear", note="Wormhole: partial last shards stream"),
        product(((96, 1138), gd, "bf16"), ((1138, 1920), gd, "bf16"), "g:hs:1x2:64x1920"),
        # Block-sharded outputs: on one core, row or column, the requested spec as height / width shards;
        # else the 2-D blocks, no larger than the product, on their own grid.
        product(((64, 256), gl, "bf16"), ((256, 512), gd, "bf16"), "g:bs:1x4:64x128"),
        product(((256, 256), gl, "bf16"), ((256, 64), gd, "bf16"), "g:bs:4x1:64x64"),
        product(((64, 256), gl, "bf16"), ((256, 64), gd, "bf16"), "g:bs:1x1:64x64"),
        product(((32, 256), gl, "bf16"), ((256, 224), gd, "bf16"), "g:bs:2x2:32x128"),
        product(((15, 512), gl, "bf16"), ((32, 512), gd, "bf16"), "g:bs:1x1:32x32", "bfp8_b", tb=True),
        product(((2, 17, 1312), gl, "bf16"), ((1312, 420), gl, "bf16"), "g:bs:2x5:32x96", activation="relu",
                op="linear"),
        product(((2, 64, 256), gl, "bf16"), ((2, 256, 512), gd, "bf16"), "g:bs:1x4:128x128", note="rejected"),
        # The 2-D program folds the batch into M for a sharded output (Blackhole: 10 block rows of 8 tiles, 3
        # for an interleaved output); transpose_a with a fused batch is rejected.
        product(((4, 608, 512), gl, "f32"), ((434, 512), gl, "bfp8_b"), "g:bs:2x4:1216x128", "bfp8_b", tb=True),
        product(((4, 608, 512), gl, "f32"), ((434, 512), gl, "bfp8_b"), gl, "bfp8_b", tb=True),
        product(((4, 512, 608), gl, "f32"), ((434, 512), gl, "bfp8_b"), "g:bs:2x4:1216x128", "bfp8_b", ta=True,
                tb=True),
        product(((3, 192, 384), gd, "bfp8_b"), ((3, 79, 384), gl, "bfp8_b"), "g:bs:3x2:192x64", tb=True),
        product(((640, 256), gl, "bf16"), ((256, 96), gd, "bf16"), "g:bs:2x2:320x64", note="rejected"),

        # Block-sharded a, interleaved b: the 2-D program on a's grid, perCoreM x in0_block_w = a's shard,
        # perCoreN = Nt / columns; a's shard and a block-sharded output are their own CBs.
        sharded(1024, 1024, 1024, "bs8", D, "bs8"), sharded(1024, 1024, 1024, "bs8", D, D),
        sharded(1024, 1024, 1024, "bs8", D, L), sharded(1024, 1024, 1024, "bs8", L, "bs8"),
        sharded(1024, 1024, 1024, "bs8", D, "bs8", "f32"), sharded(1024, 1024, 1024, "bs8", D, "bs8", "bfp8_b"),
        sharded(1024, 1024, 1024, "bs8", D, D, "bfp8_b"),
        sharded(1024, 256, 1024, "bs8_k1", D, "bs8"), sharded(512, 1024, 1024, "bs4x8", D, "bs4x8"),
        sharded(512, 1024, 512, "bs4x8", D, "bs4x8_n64"), sharded(2048, 512, 512, "bs8_tall", D, "bs8_tall"),
        sharded(256, 256, 256, "bs2", D, "bs2"), sharded(256, 256, 256, "bs2", D, D),
        sharded(2048, 2048, 2048, "bs8_256", D, "bs8_256"), sharded(512, 1024, 1024, "bs8", D, "bs8", batch=(2,)),
        # ttnn ignores an output shard spec other than the one it derives (here 4x4 cores of 256x256).
        sharded(1024, 1024, 1024, "bs8", D, "bs8_4x4"),
        # Height-sharded a: the 1-D program, perCoreM = a's shard height, perCoreN = Nt, in0_block_w = Kt;
        # A block-sharded a's shard rows (before transpose_a) are the 2-D program's per-core M: no more than M.
        product(((64, 96), "g:bs:1x3:96x32", "bf16"), ((96, 144), gd, "bf16"), gd, note="per-core M beyond M"),
        product(((2, 64, 96), "g:bs:1x3:128x32", "bf16"), ((96, 144), gd, "bf16"), gd, note="per-core M is M"),
        product(((96, 13), "g:bs:1x1:96x32", "bfp8_b"), ((96, 144), gd, "bfp8_b"), "g:bs:1x1:32x160", ta=True,
                bias=((144,), gd, "bfp8_b"), op="linear"),
        # the output block fitted to L1 (one tile row high for a sharded output narrower than N).
        sharded(2048, 256, 256, "hs_mm", D, "hs_mm"), sharded(2048, 256, 256, "hs_mm", D, D),
        sharded(2048, 256, 256, "hs_mm", D, L), sharded(2048, 256, 256, "hs_mm", L, "hs_mm"),
        sharded(4096, 512, 1024, "hs_64x512", D, "hs_64x1024"), sharded(4096, 512, 1024, "hs_64x512", D, D),
        sharded(4096, 512, 512, "hs_64x512", D, "hs_64x512"), sharded(4096, 512, 512, "hs_64x512", D, D),
        sharded(4096, 512, 512, "hs_64x512", D, L), sharded(4096, 512, 512, "hs_64x512", D, "hs_64x512", "f32"),
        sharded(4096, 512, 512, "hs_64x512", D, D, "f32"), sharded(4096, 512, 512, "hs_64x512", D, D, "bfp8_b"),
        sharded(4096, 512, 512, "hs_64x512", D, "hs_64x512", "bfp8_b"),
        sharded(16384, 512, 512, "hs_256x512", D, "hs_256x512"), sharded(16384, 512, 512, "hs_256x512", D, D),
        sharded(16384, 512, 128, "hs_256x512", D, D), sharded(4096, 512, 544, "hs_64x512", D, D),
        sharded(4096, 512, 640, "hs_64x512", D, "hs_64x640"), sharded(2048, 2048, 1024, "hs_32x2048", D, "hs_32x1024"),
        sharded(2048, 256, 1216, "hs_mm", D, D), sharded(2048, 256, 1248, "hs_mm", D, D),
        sharded(1024, 256, 256, "hs4x8", D, "hs4x8"), sharded(1024, 256, 512, "hs4x8", D, "hs4x8_n512"),
        sharded(1024, 256, 512, "hs4x8", D, D), sharded(1024, 256, 256, "hs_mm", D, "hs_mm", batch=(2,)),
        # ttnn requires a sharded output to be sharded like a: both reject.
        sharded(2048, 256, 256, "hs_mm", D, "bs8_256x32"),
        # A sharded b (block, height, width; with an interleaved or a block-sharded a): ttnn's automatic
        # program config does not take one (REJECTED); the model rejects it too.
        sharded(1024, 1024, 1024, D, "bs8", D), sharded(256, 2048, 256, D, "hs_mm", D),
        sharded(32, 32, 2048, D, "ws_mm", D), sharded(1024, 1024, 1024, "bs8", "bs8", "bs8"),
        sharded(1024, 1024, 1024, D, "bs8", "bs8"),
        # A width-sharded b that is the in0-multicast 1-D program's in1 (K x perCoreN on the cores it
        # uses): legal, b's shard is in1's CB; perCoreN = 3 runs MatmulMultiCore, which rejects it.
        sharded(32, 64, 4096, D, "wsb_64x64", D), sharded(32, 128, 4096, D, "wsb_128x64", D),
        sharded(32, 128, 4096, D, "wsb_128x64", L), sharded(32, 128, 4096, D, "wsb_128x64", D, "bfp8_b"),
        sharded(64, 128, 4096, D, "wsb_128x64", D), sharded(32, 64, 2048, D, "wsb_64x32", D),
        sharded(32, 32, 1024, D, "wsb4x8", D), sharded(32, 64, 6144, D, "wsb_64x96", D),
        sharded(32, 64, 4096, D, "wsb_64x64", "ws_32x64"),
        # Width-sharded a: perCoreM = M, perCoreN = Nt / cores, in0_block_w = gcd(shard width, Kt); in0
        # multicast, its CB twice when fewer blocks than a's cores have work.
        sharded(32, 2048, 2048, "ws_mm", D, "ws_mm"), sharded(32, 2048, 2048, "ws_mm", D, D),
        sharded(128, 2048, 1024, "ws_128x32", D, D), sharded(128, 2048, 1024, "ws_128x32", D, "ws_128x32"),
        sharded(32, 4096, 4096, "ws_32x64", D, "ws_32x64"), sharded(32, 2048, 2048, "ws_mm", D, "ws_mm", "f32"),
        sharded(32, 2048, 2048, "ws_mm", L, L, "bfp8_b"), sharded(256, 2048, 4096, "ws_256x32", D, D),
        sharded(256, 2048, 4096, "ws_256x32", D, "ws_256x64"), sharded(64, 1024, 1024, "ws4x8", D, "ws4x8"),
        sharded(64, 1024, 1024, "ws4x8", D, D),
        # Interleaved operands, a sharded output: the interleaved selection with the output block written
        # into the shard; a block-sharded output is always 16-tile blocks (512x512 shards) on their own grid.
        # 8192x256 . 256x256: a 4 x 8 block (Wormhole) or 2 x 8 (Blackhole) whose first subblock is
        # neither a block row nor one tile high: ttnn rejects it on both.
        sharded(2048, 256, 256, D, D, "hs_mm"), sharded(2048, 256, 256, L, D, "hs_mm"),
        sharded(2048, 256, 256, D, D, "hs_mm", "f32"), sharded(2048, 256, 256, D, D, "hs_mm", "bfp8_b"),
        sharded(32, 2048, 2048, D, D, "ws_mm"), sharded(32, 2048, 2048, D, L, "ws_mm"),
        sharded(8192, 256, 256, D, D, "hs_128x256"),
        sharded(1024, 1024, 1024, D, D, "bs8"), sharded(2048, 2048, 2048, D, D, "bs8_256"),
        sharded(512, 512, 512, D, D, "bs8_64"), sharded(1024, 1024, 1024, D, D, "bs8", "bfp8_b"),
        # A height-sharded a with a DRAM output fuses the bias (a CB of output-block-wide bias tiles).
        sharded(2048, 256, 256, "hs_mm", D, D, bias=True), sharded(4096, 512, 1024, "hs_64x512", D, D, bias=True),
        # A block-sharded a fuses the bias into its program when the output is in DRAM, else adds it after.
        sharded(1024, 1024, 1024, "bs8", D, "bs8", bias=True), sharded(1024, 1024, 1024, "bs8", D, D, bias=True),
        sharded(1024, 1024, 1024, "bs8", D, L, bias=True), sharded(1024, 1024, 1024, "bs8", L, D, bias=True),
        # A width-sharded a with a bias.
        sharded(32, 2048, 2048, "ws_mm", D, "ws_mm", bias=True), sharded(32, 2048, 2048, "ws_mm", D, D, bias=True),
        sharded(128, 2048, 1024, "ws_128x32", D, D, bias=True),
        # Every tensor in DRAM: the bias fused into the 1-D / 2-D program (perCoreN bias tiles).
        linear(2, 32, 32, dd, D), linear(32, 8, 2, dd, D), linear(1, 8, 64, dd, D), linear(64, 3, 1, dd, D),
        linear(32, 32, 32, dd, D), linear(16, 18, 16, dd, D), linear(3, 3, 3, dd, D), linear(8, 32, 64, dd, D),
        linear(32, 32, 32, (D, D, L), D), linear(2, 32, 32, (D, D, L), D),
        linear(32, 32, 32, dd, D, bias_dtype="f32"), linear(32, 32, 32, dd, D, bias_dtype="bfp8_b"),
        linear(32, 32, 32, dd, D, "f32"), linear(32, 32, 32, dd, D, "bfp8_b"), linear(24, 8, 3, dd, D, "bfp8_b"),
        linear(2, 32, 32, dd, D, bias_rank=1), linear(2, 32, 32, dd, D, bias_rank=4),
        linear(2, 32, 32, dd, D, batch=(2,)), linear(24, 8, 24, dd, D, transpose_b=True),
        # Some tensor in L1: the matmul without the bias, then a broadcast add (binary_ng, 4 x 2 pages).
        linear(8, 8, 8, dd, L), linear(2, 32, 32, dd, L), linear(16, 8, 1, dd, L), linear(16, 8, 16, dd, L),
        linear(32, 8, 64, dd, L), linear(1, 8, 16, dd, L), linear(3, 3, 24, dd, L),
        linear(40, 32, 40, (L, L, L), L), linear(32, 32, 32, (L, D, D), D), linear(32, 32, 32, (D, L, D), D),
        linear(8, 8, 8, dd, L, "f32"), linear(8, 8, 8, dd, L, bias_dtype="f32"), linear(8, 8, 8, dd, L, "bfp8_b"),
        linear(16, 8, 16, dd, L, "f32"), linear(2, 32, 32, dd, L, batch=(2,)),
        linear(3, 3, 24, dd, L, transpose_b=True),
        # An L1 bias counts in the 16-tile block budget: 24x32x56 with L1 operands is exactly at it.
        linear(24, 32, 56, (L, L, L), D), linear(24, 32, 56, (L, L, D), D), linear(24, 32, 56, (L, L, None), D),
        # No bias: ttnn.matmul's program.
        linear(16, 8, 16, (L, L, None), L), linear(32, 32, 32, (D, D, None), D),
        # Activations: one more unary program (2 x 2 pages) after the product or the add.
        *(linear(32, 8, 32, dd, L, activation=act) for act in ("relu", "relu6", "gelu", "silu", "sigmoid", "tanh")),
        linear(2, 32, 32, dd, D, activation="relu"), linear(8, 8, 8, dd, D, "f32", activation="relu"),
        linear(8, 8, 8, dd, L, activation="gelu"), linear(8, 8, 8, (D, D, L), L, activation="relu"),
        linear(8, 8, 8, dd, L, "bfp8_b", activation="relu"), linear(32, 8, 32, (D, D, None), L, activation="gelu"),
        linear(8, 8, 8, (D, D, None), L, activation="silu"), linear(2, 32, 32, (D, D, None), D, activation="tanh"),
    )
