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


DIFFERENCES: dict[str, str] = {
    "matmul 128x2048 . 2048x1024 ws_128x32,dram->ws_128x32": "a width-sharded output on more cores than it needs "
    "(32 shards of 128x32 on the 8x8 grid): ttnn 0.81.1 accepts it and uses 32 cores; the op model's layout rule "
    "(Backend.cpp, checkLayout) requires every core of a shard grid to hold a shard, so the model rejects it "
    "(conservative; the same product with a DRAM output, whose CBs are those of this one, matches).",
}

# The cases ttnn 0.81.1 rejects on both devices (and so does the model).
REJECTED_ON_BLACKHOLE = frozenset({
    # Blackhole's 130 cores give these 1-D programs perCoreN = 1: b's 2-tile-wide shards do not match.
    "matmul 32x64 . 64x4096 dram,wsb_64x64->dram", "matmul 32x128 . 128x4096 dram,wsb_128x64->dram",
    "matmul 32x128 . 128x4096 dram,wsb_128x64->l1", "matmul 32x128 . 128x4096 dram,wsb_128x64->dram bfp8_b",
    "matmul 64x128 . 128x4096 dram,wsb_128x64->dram", "matmul 32x64 . 64x4096 dram,wsb_64x64->ws_32x64",
})
REJECTED = frozenset({
    "matmul 2048x256 . 256x256 hs_mm,dram->bs8_256x32",
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

    dd = (D, D, D)
    return (
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
