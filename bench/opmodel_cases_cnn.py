"""Calibration cases of the CNN ops (issue 12): conv2d and max_pool2d of a ResNet-50 bottleneck block
against ttnn 0.81.1 on the mock Wormhole and Blackhole devices.

Imported by bench/opmodel_calibration.py, which owns the Case / Operand records and passes them in
(``cases(Case, Operand)``). ``LAYOUTS`` and ``memory_configs(ttnn)`` add the placements these cases
need, ``DIFFERENCES`` the cases where the model deliberately differs, ``REJECTED`` the cases ttnn
0.81.1 rejects on the mock device.

The inputs are ttnn's flattened NHWC tensors ``[1, 1, N*H*W, C]`` in row-major layout; the output
placement names the sharding scheme ttnn applies (the pool's ``applied_shard_scheme``, the conv
config's ``shard_layout``); ttnn chooses the output's grid and shard itself, so the grid and shard of
these output layouts are nominal. conv2d's weights and bias are host tensors that ttnn prepares in
the weights' data type (``weights_dtype``): the IR gives them that data type in DRAM.

Family "conv2d" holds height sharding (the 1x1 stride-1 matmul path and ResNet-50's 3x3 convs, stride 1
and 2, and 1x1 stride-2 downsamples, which ttnn runs through its halo and conv programs), block sharding
of both paths, and DRAM results of each (the IR's ``shard_layout`` names the conv config's scheme).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The output placements: the scheme counts, the grid / shard are ignored by ttnn and by the model.
LAYOUTS = {
    "pool_hs": "#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>",
    "pool_bs": "#ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x8, shard = 64x64>",
    "pool_ws": "#ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x64>",
    "conv_hs": "#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>",
    "conv_bs": "#ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>",
    "conv_ws": "#ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>",
    # A DRAM result of a block-sharded conv config ("dram" is the height-sharded one's).
    "dram_bs": "#ttnn.layout<dram, interleaved, bf16>",
    "dram_ws": "#ttnn.layout<dram, interleaved, bf16>",
    # 1x1x3136x64 row-major, 49 sticks per core of the 8x8 grid.
    "pool_hs_in": "#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>",
}
SCHEMES = {"pool_hs": "HEIGHT_SHARDED", "pool_bs": "BLOCK_SHARDED", "pool_ws": "WIDTH_SHARDED",
           "conv_hs": "HEIGHT_SHARDED", "conv_bs": "BLOCK_SHARDED", "dram": "HEIGHT_SHARDED",
           "dram_bs": "BLOCK_SHARDED", "conv_ws": "WIDTH_SHARDED", "dram_ws": "WIDTH_SHARDED"}
# conv2d outputs in DRAM: the IR names the conv config's scheme (shard_layout), ttnn gets the memory config.
DRAM_OUTPUTS = frozenset({"dram", "dram_bs", "dram_ws"})


def memory_configs(ttnn: Any) -> dict[str, Any]:
    """The ttnn memory configs of the input placements of LAYOUTS (built in the mock-device child)."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))])
    return {"pool_hs_in": ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                            ttnn.ShardSpec(grid, [49, 64], ttnn.ShardOrientation.ROW_MAJOR)),
            "dram_bs": ttnn.DRAM_MEMORY_CONFIG, "dram_ws": ttnn.DRAM_MEMORY_CONFIG}


# ResNet-50's pool and bottleneck activations (N, H, W, C), batch 1 and 2, with the 3x3 stride-2 pool.
SHAPES = ((1, 112, 112, 64), (1, 56, 56, 64), (1, 28, 28, 128), (1, 14, 14, 256), (1, 7, 7, 512),
          (2, 56, 56, 64), (2, 28, 28, 128), (2, 14, 14, 256), (2, 7, 7, 512), (1, 56, 56, 256),
          (1, 28, 28, 512), (1, 14, 14, 1024))
# Other windows: (N, H, W, C, kernel, stride, padding).
WINDOWS = ((1, 56, 56, 64, 2, 2, 0), (1, 112, 112, 64, 2, 2, 0), (1, 56, 56, 64, 3, 1, 1), (2, 28, 28, 128, 3, 1, 1))

# 1x1 convs ttnn would block-shard: ResNet-50's stages 3-4, batch 1 and 2, and shapes outside ResNet.
CONV_1X1_BLOCK = ((1, 28, 28, 128, 512), (1, 28, 28, 512, 128), (1, 14, 14, 256, 1024), (1, 14, 14, 1024, 256),
                  (2, 28, 28, 512, 128), (2, 14, 14, 256, 1024), (2, 14, 14, 1024, 256), (1, 32, 32, 256, 256),
                  (1, 20, 20, 512, 512), (1, 16, 16, 96, 64))
# Block sharding through the halo: ResNet-50's stage 2-4 3x3 convs and a stride-2 one, batch 1 and 2, and
# channels that do not fill the grid's columns (96: 6 columns of 16; 160: 7 columns of 24, 5 output columns).
CONV_HALO_BLOCK = ((1, 14, 14, 256, 256, 3, 1, 1), (2, 14, 14, 256, 256, 3, 1, 1), (1, 28, 28, 256, 256, 3, 2, 1),
                   (1, 28, 28, 128, 128, 3, 1, 1), (2, 28, 28, 128, 128, 3, 1, 1), (1, 56, 56, 64, 64, 3, 1, 1),
                   (1, 7, 7, 512, 512, 3, 1, 1), (1, 56, 56, 128, 128, 3, 2, 1), (1, 28, 28, 96, 128, 3, 1, 1),
                   (1, 28, 28, 160, 160, 3, 1, 1))
L1_INPUT_REASON = "L1 input: ttnn fails its CB size check under capture"
TOO_LARGE = "K x N weight block beyond L1"
NO_SLICE = "weight block beyond L1: no DRAM slicing fits"
# ttnn 0.81.1 rejects these on the mock device, and the model answers not_implemented (no ground truth).
REJECTED = frozenset({
    f"max_pool2d 1x56x56x64 k3s2p1 l1_rm->pool_hs ({L1_INPUT_REASON})",
    f"max_pool2d 1x56x56x64 k3s2p1 pool_hs_in->pool_hs ({L1_INPUT_REASON})",
    f"max_pool2d 1x56x56x64 k3s2p1 l1_rm->pool_bs ({L1_INPUT_REASON})",
    f"conv2d 1x7x7x512->2048 k1s1p0 dram_rm->conv_hs ({TOO_LARGE})",
    f"conv2d 1x7x7x2048->512 k1s1p0 dram_rm->conv_hs ({TOO_LARGE})",
    f"conv2d 2x7x7x512->2048 k1s1p0 dram_rm->conv_hs ({TOO_LARGE})",
    *(f"conv2d {name} ({NO_SLICE})" for name in (
        "1x7x7x512->512 k3s1p1 dram_rm->conv_hs", "2x7x7x512->512 k3s1p1 dram_rm->conv_hs",
        "1x14x14x512->512 k3s2p1 dram_rm->conv_hs", "2x14x14x512->512 k3s2p1 dram_rm->conv_hs",
        "1x14x14x1024->2048 k1s2p0 dram_rm->conv_hs", "2x14x14x1024->2048 k1s2p0 dram_rm->conv_hs",
        "1x14x14x1024->2048 k1s2p0 dram_rm->conv_hs bfp8_b", "2x14x14x1024->2048 k1s2p0 dram_rm->conv_hs bfp8_b")),
    # An activation holding other channels than in_channels (the model rejects these too).
    "conv2d 1x56x56x64->64 k3s1p1 dram_rm->conv_hs (the input holds 96 channels)",
    "conv2d 1x56x56x64->64 k1s1p0 dram_rm->conv_hs (the input holds 96 channels)",
    "conv2d 1x20x20x141->180 k3s2p0 dram_rm->conv_bs (the input holds 173 channels)",
    "conv2d 1x56x56x64->64 k3s1p1 l1_rm->conv_hs (the input holds 32 channels)",
    # Kernel-stride folding from DRAM: ttnn's folded operands disagree (height and width sharding: the model
    # rejects these too; block sharding: not_implemented).
    *(f"conv2d {name}" for name in (
        "1x224x224x3->64 k4s4p0 dram_rm->conv_hs", "1x64x64x16->32 k2s2p0 dram_rm->conv_hs",
        "1x224x224x4->96 k4s4p0 dram_rm->conv_bs", "1x224x224x8->768 k16s16p0 dram_rm->conv_hs",
        "1x64x64x32->64 k2s2p0 dram_rm->conv_hs", "1x64x64x32->64 k2s2p0 dram->conv_hs",
        "1x64x64x32->64 k2s2p0 dram_rm->conv_ws", "1x56x56x64->64 k2s2p0 dram_rm->conv_hs",
        "1x28x28x128->64 k2s2p0 dram_rm->conv_hs", "1x56x56x64->64 k4s4p0 dram_rm->conv_hs",
        "1x56x56x64->128 k4s4p0 dram_rm->conv_ws", "1x64x64x32->64 k2s2p0 dram_rm->conv_bs",
        "1x224x224x16->96 k4s4p0 dram_rm->conv_bs", "1x224x224x3->768 k16s16p0 dram_rm->conv_bs",
        "1x112x112x64->128 k2s2p0 dram_rm->conv_bs", "2x56x56x96->128 k4s4p0 dram_rm->conv_bs bfp8_b",
        # The 1x1 equivalent of a 16x16 patchify: all of K x N weight tiles beyond L1.
        "1x14x14x2048->768 k1s1p0 dram_rm->conv_hs")),
})

DIFFERENCES: dict[str, str] = {
    "conv2d 1x56x56x64->64 k4s4p0 dram_rm->conv_bs": "kernel-stride folding under block sharding: ttnn runs "
    "some (this one) and rejects others, not modelled (not_implemented)",
}
def _dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def cases(Case: Callable[..., Any], Operand: Callable[..., Any]) -> tuple[Any, ...]:
    def pool(n: int, h: int, w: int, c: int, k: int, s: int, p: int, src: str, dst: str, label: str = "") -> Any:
        oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        name = f"max_pool2d {_dims((n, h, w, c))} k{k}s{s}p{p} {src}->{dst}" + (f" ({label})" if label else "")
        ir = (f"ttnn.max_pool2d %a0 {{batch_size = {n} : i64, input_height = {h} : i64, input_width = {w} : i64, "
              f"channels = {c} : i64, kernel_size = array<i64: {k}, {k}>, stride = array<i64: {s}, {s}>, "
              f"padding = array<i64: {p}, {p}>}}")
        scheme = SCHEMES[dst]

        def call(t, dev, mc, a):
            return t.max_pool2d(a[0], n, h, w, c, [k, k], [s, s], [p, p], [1, 1],
                                applied_shard_scheme=getattr(t.TensorMemoryLayout, scheme))

        return Case(name, "max_pool2d", (Operand((1, 1, n * h * w, c), src),),
                    Operand((1, 1, n * oh * ow, c), dst), ir, call)

    pools = ("pool_hs", "pool_bs", "pool_ws")
    sweep = tuple(pool(*shape, 3, 2, 1, "dram_rm", dst) for dst in pools for shape in SHAPES)
    windows = tuple(pool(*window, "dram_rm", dst) for dst in pools for window in WINDOWS)
    return (
        *sweep, *windows,
        pool(1, 56, 56, 64, 3, 2, 1, "l1_rm", "pool_hs", L1_INPUT_REASON),
        pool(1, 56, 56, 64, 3, 2, 1, "pool_hs_in", "pool_hs", L1_INPUT_REASON),
        pool(1, 56, 56, 64, 3, 2, 1, "dram", "pool_hs", "tiled input"),
        # Window rows by channel tiles: 2x2 windows of 512 channels, 5x5 of 64, 3x3 of 96 and 384.
        pool(2, 32, 32, 512, 2, 1, 0, "dram_rm", "pool_hs"), pool(1, 28, 28, 64, 5, 1, 2, "dram_rm", "pool_hs"),
        pool(1, 28, 28, 96, 3, 2, 1, "dram_rm", "pool_hs"), pool(1, 64, 64, 384, 3, 2, 1, "dram_rm", "pool_hs"),
        # Channels that are not a multiple of 16: padded to tiles (16-channel units under width sharding).
        *(pool(n, h, h, c, k, s, p, "dram_rm", dst) for n, h, c, k, s, p, dst in (
            (1, 7, 24, 2, 2, 0, "pool_bs"), (1, 28, 24, 3, 2, 1, "pool_hs"), (1, 28, 40, 3, 2, 1, "pool_ws"),
            (1, 28, 40, 3, 2, 1, "pool_hs"), (1, 28, 200, 3, 2, 1, "pool_bs"), (1, 28, 200, 3, 2, 1, "pool_ws"),
            (1, 14, 1200, 3, 2, 1, "pool_ws"))),
        pool(1, 56, 56, 64, 3, 2, 1, "l1_rm", "pool_bs", L1_INPUT_REASON),
        pool(1, 28, 28, 128, 3, 2, 1, "dram", "pool_hs", "tiled input, 128 channels"),
        # Tiled inputs under block and width sharding: channels split in whole tiles.
        pool(1, 112, 112, 64, 2, 2, 0, "dram", "pool_bs", "tiled input"),
        pool(1, 16, 16, 320, 3, 2, 1, "dram", "pool_ws", "tiled input"),
        pool(2, 28, 28, 96, 3, 2, 1, "dram", "pool_bs", "tiled input"),
        pool(1, 14, 14, 256, 3, 1, 1, "dram", "pool_ws", "tiled input"),
        *conv_cases(Case, Operand),
    )


# Width sharding (every core all the pixels, a share of the channels): ResNet-50's stage 3-4 3x3 convs,
# 1x1 convs (not the matmul path under width sharding) and channels that do not fill the grid.
CONV_WIDTH = ((1, 14, 14, 256, 256, 3, 1, 1), (1, 7, 7, 512, 512, 3, 1, 1), (1, 14, 14, 256, 256, 1, 1, 0),
              (2, 7, 7, 512, 512, 3, 1, 1), (1, 14, 14, 512, 512, 3, 2, 1), (1, 7, 7, 1024, 256, 1, 1, 0),
              (1, 7, 7, 256, 1024, 1, 1, 0), (1, 14, 14, 96, 160, 3, 1, 1), (1, 7, 7, 2048, 512, 1, 1, 0),
              (1, 8, 8, 768, 384, 3, 1, 1), (1, 7, 7, 512, 512, 3, 2, 1))
# ResNet-50's 1x1 convolutions (N, H, W, C, O): the bottleneck's reduce and expand convs per stage.
CONV_1X1 = ((1, 56, 56, 64, 64), (1, 56, 56, 64, 256), (1, 56, 56, 256, 64), (1, 56, 56, 256, 128),
            (1, 28, 28, 128, 512), (1, 28, 28, 512, 128), (1, 14, 14, 256, 1024), (1, 14, 14, 1024, 256),
            (2, 56, 56, 64, 64), (2, 28, 28, 512, 128), (2, 14, 14, 256, 1024), (1, 28, 28, 512, 32),
            (1, 56, 56, 96, 64), (1, 56, 56, 48, 64))
CONV_1X1_BFP8 = ((1, 56, 56, 64, 256), (1, 28, 28, 128, 512), (1, 14, 14, 1024, 256), (1, 7, 7, 512, 2048),
                 (1, 7, 7, 2048, 512), (2, 7, 7, 512, 2048), (2, 28, 28, 512, 128), (1, 56, 56, 48, 64))
SUFFIX = {"bf16": "", "bfp8_b": "_bfp8", "f32": "_f32"}
# ResNet-50's convolutions through the halo (N, H, W, C, O, kernel, stride, padding), batch 1 and 2: each
# stage's 3x3 conv, the stride-2 3x3 conv and the 1x1 stride-2 downsample of the first block of stages 2-4.
STAGES = ((56, 64), (28, 128), (14, 256), (7, 512))
CONV_HALO = tuple(
    conv for n in (1, 2) for conv in (
        *((n, h, h, c, c, 3, 1, 1) for h, c in STAGES),
        *((n, 2 * h, 2 * h, c, c, 3, 2, 1) for h, c in STAGES[1:]),
        *((n, 2 * h, 2 * h, 2 * c, 4 * c, 1, 2, 0) for h, c in STAGES[1:])))
# Shapes outside ResNet-50 that the rule was checked on (other channels, sizes and batches; act blocks of
# 1 to 8 tile rows, split and not).
CONV_HALO_OTHER = ((1, 56, 56, 128, 128, 3, 1, 1), (1, 56, 56, 32, 32, 3, 1, 1), (1, 80, 80, 64, 128, 3, 1, 1),
                   (4, 28, 28, 128, 128, 3, 1, 1), (1, 56, 56, 64, 64, 3, 2, 1), (4, 56, 56, 64, 64, 3, 1, 1),
                   (1, 64, 64, 96, 64, 3, 1, 1), (1, 28, 28, 128, 256, 3, 1, 1), (1, 112, 112, 32, 32, 3, 2, 1),
                   (8, 14, 14, 256, 256, 3, 1, 1))


def conv_cases(Case: Callable[..., Any], Operand: Callable[..., Any]) -> tuple[Any, ...]:
    def conv(n: int, h: int, w: int, c: int, o: int, k: int = 1, s: int = 1, p: int = 0, src: str = "dram_rm",
             dst: str = "conv_hs", weights: str = "bf16", bias: bool = True, relu: bool = False, label: str = "",
             family: str = "conv2d", scheme: str = "", out_dtype: str = "bf16", held: int = 0) -> Any:
        """``scheme``: the conv config's shard_layout for a generated ``dst`` placement (``g:...``); an
        interleaved one (``g:dram``, ``g:l1``) is the memory config ttnn is given."""
        oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        name = (f"conv2d {_dims((n, h, w, c))}->{o} k{k}s{s}p{p} {src}->{dst}"
                + (f" {scheme.lower()}" if scheme else "")
                + (f" out {out_dtype}" if out_dtype != "bf16" else "")
                + (f" {weights}" if weights != "bf16" else "") + (" no bias" if not bias else "")
                + (" relu" if relu else "") + (f" ({label})" if label else ""))
        interleaved_dst = dst in DRAM_OUTPUTS or dst in ("g:dram", "g:l1")
        held = held or c
        name += f" (the input holds {held} channels)" if held != c else ""
        wplace = "dram" + SUFFIX[weights]
        operands = [Operand((1, 1, n * h * w, held), src), Operand((o, c, k, k), wplace, weights)]
        ir = "ttnn.conv2d %a0, %a1"
        if bias:
            operands.append(Operand((1, 1, 1, o), wplace, weights))
            ir += " bias %a2"
        ir += (f" {{batch_size = {n} : i64, input_height = {h} : i64, input_width = {w} : i64, "
               f"in_channels = {c} : i64, out_channels = {o} : i64, kernel_size = array<i64: {k}, {k}>, "
               f"stride = array<i64: {s}, {s}>, padding = array<i64: {p}, {p}>"
               + (', activation = "relu"' if relu else "")
               + (f", shard_layout = #ttnn.memory_layout<{(scheme or SCHEMES[dst]).lower()}>"
                  if interleaved_dst else "")
               + "}")
        scheme = scheme or SCHEMES[dst]

        def call(t, dev, mc, a):
            import numpy as np
            dtype = {"bf16": t.bfloat16, "bfp8_b": t.bfloat8_b, "f32": t.float32}[weights]
            host_w = t.Tensor(np.ones((o, c, k, k), dtype=np.float32), data_type=t.bfloat16,
                              layout=t.ROW_MAJOR_LAYOUT)
            host_b = (t.Tensor(np.ones((1, 1, 1, o), dtype=np.float32), data_type=t.bfloat16,
                               layout=t.ROW_MAJOR_LAYOUT) if bias else None)
            config = {"weights_dtype": dtype, "shard_layout": getattr(t.TensorMemoryLayout, scheme)}
            if relu:
                config["activation"] = t.UnaryWithParam(t.UnaryOpType.RELU)
            extra = {"memory_config": mc[dst]} if interleaved_dst else {}
            if out_dtype != "bf16":
                extra["dtype"] = {"bfp8_b": t.bfloat8_b}[out_dtype]
            return t.conv2d(input_tensor=a[0], weight_tensor=host_w, bias_tensor=host_b, device=dev,
                            in_channels=c, out_channels=o, batch_size=n, input_height=h, input_width=w,
                            kernel_size=(k, k), stride=(s, s), padding=(p, p),
                            conv_config=t.Conv2dConfig(**config), **extra)

        return Case(name, family, tuple(operands), Operand((1, 1, n * oh * ow, o), dst, out_dtype), ir, call)

    big = {(1, 7, 7, 512, 2048), (1, 7, 7, 2048, 512), (2, 7, 7, 512, 2048)}

    def halo_label(n: int, h: int, w: int, c: int, o: int, k: int, s: int, p: int, weights: str) -> str:
        name = f"conv2d {_dims((n, h, w, c))}->{o} k{k}s{s}p{p} dram_rm->conv_hs" + (
            f" {weights}" if weights != "bf16" else "")
        return NO_SLICE if f"{name} ({NO_SLICE})" in REJECTED else ""

    return (
        *(conv(*shape) for shape in CONV_1X1),
        *(conv(*shape, label=TOO_LARGE) for shape in sorted(big)),
        *(conv(*shape, weights="bfp8_b") for shape in CONV_1X1_BFP8),
        conv(1, 56, 56, 64, 256, bias=False), conv(1, 56, 56, 64, 256, weights="bfp8_b", bias=False),
        conv(1, 56, 56, 64, 256, relu=True), conv(1, 56, 56, 64, 256, weights="bfp8_b", relu=True),
        conv(1, 56, 56, 64, 256, src="l1_rm"), conv(1, 28, 28, 512, 128, src="l1_rm", weights="bfp8_b"),
        *(conv(n, h, w, c, o, k, s, p, weights=weights, label=halo_label(n, h, w, c, o, k, s, p, weights))
          for weights in ("bf16", "bfp8_b") for n, h, w, c, o, k, s, p in CONV_HALO),
        *(conv(*shape, weights=weights) for weights in ("bf16", "bfp8_b") for shape in CONV_HALO_OTHER),
        # The stem-sized 112x112 (a split act reader on both devices) and no bias.
        conv(1, 112, 112, 64, 64, 3, 1, 1), conv(1, 56, 56, 64, 64, 3, 1, 1, bias=False),
        conv(1, 28, 28, 256, 256, 3, 2, 1, bias=False),
        *(conv(*shape, dst="conv_bs", weights=weights)
          for weights in ("bf16", "bfp8_b") for shape in CONV_1X1_BLOCK),
        conv(1, 28, 28, 512, 128, dst="conv_bs", bias=False), conv(1, 14, 14, 1024, 256, dst="conv_bs", relu=True),
        *(conv(*shape, dst="conv_bs") for shape in CONV_HALO_BLOCK),
        conv(1, 14, 14, 256, 256, 3, 1, 1, dst="conv_bs", weights="bfp8_b"),
        conv(1, 28, 28, 128, 128, 3, 1, 1, dst="conv_bs", bias=False),
        # DRAM results: ttnn shards by the conv config's scheme, then copies out (every path).
        conv(1, 56, 56, 64, 256, dst="dram"), conv(1, 28, 28, 128, 128, 3, 1, 1, dst="dram"),
        conv(1, 28, 28, 128, 512, dst="dram_bs"), conv(1, 14, 14, 256, 256, 3, 1, 1, dst="dram_bs"),
        *(conv(*shape, dst="conv_ws") for shape in CONV_WIDTH),
        conv(1, 14, 14, 256, 256, 3, 1, 1, dst="dram_ws"), conv(1, 7, 7, 1024, 256, dst="dram_ws"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, dst="conv_ws", weights="bfp8_b"),
        conv(1, 7, 7, 512, 512, 3, 1, 1, dst="conv_ws", bias=False),
        conv(1, 14, 14, 256, 256, 1, 1, 0, dst="conv_ws", relu=True),
        # Row-major L1 inputs through the halo and width programs: the result stays in L1.
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="l1_rm"), conv(1, 28, 28, 128, 128, 3, 2, 1, src="l1_rm"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, src="l1_rm", dst="conv_bs"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, src="l1_rm", dst="conv_ws"),
        conv(1, 14, 14, 256, 256, 1, 1, 0, src="l1_rm", dst="conv_ws"),
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="l1_rm", dst="dram"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, src="l1_rm", dst="conv_bs", weights="bfp8_b"),
        # ... and through the block-sharded matmul and the width program's 1x1 read of the reshard.
        conv(1, 28, 28, 128, 512, src="l1_rm", dst="conv_bs"),
        conv(1, 28, 28, 128, 512, src="l1_rm", dst="conv_bs", weights="bfp8_b"),
        conv(1, 14, 14, 256, 1024, src="l1_rm", dst="conv_bs"),
        conv(1, 28, 28, 128, 512, src="l1_rm", dst="dram_bs"),
        conv(1, 56, 56, 64, 256, src="l1_rm", dst="conv_ws"),
        # Input channels that are not a multiple of 32: padded to 8 on the halo paths, 32 under width
        # sharding (the 224x224x3 stem: 3 -> 8).
        conv(2, 56, 56, 112, 80, 5, 1, 2), conv(1, 30, 30, 40, 40, 5, 2, 2), conv(1, 224, 224, 3, 64, 7, 2, 3),
        conv(1, 20, 19, 120, 152, 3, 1, 3, dst="conv_bs"), conv(1, 56, 56, 80, 80, 5, 2, 2, dst="conv_bs"),
        conv(1, 28, 28, 96, 96, 3, 1, 1, dst="conv_ws"), conv(1, 28, 28, 40, 24, 1, 1, 0, dst="conv_ws"),
        conv(1, 56, 56, 48, 64, 1, 1, 0, src="l1_rm"),
        # A bfp8_b result (ttnn's dtype): the tilized act block and the output in bfp8_b.
        *(conv(*shape, dst=dst, scheme=scheme, out_dtype="bfp8_b") for shape, dst, scheme in (
            ((1, 56, 56, 64, 64, 3, 1, 1), "g:hs:8x8:64x64", "HEIGHT_SHARDED"),
            ((1, 14, 14, 256, 256, 3, 1, 1), "g:bs:8x8:32x32", "BLOCK_SHARDED"),
            ((1, 28, 28, 128, 128, 3, 1, 1), "g:bs:8x8:128x32", "BLOCK_SHARDED"),
            ((1, 14, 14, 256, 256, 3, 1, 1), "g:ws:8x8:224x32", "WIDTH_SHARDED"),
            ((1, 56, 56, 64, 256, 1, 1, 0), "g:hs:8x8:64x256", "HEIGHT_SHARDED"),
            ((1, 28, 28, 128, 512, 1, 1, 0), "g:bs:8x8:128x64", "BLOCK_SHARDED"))),
        # f32 weights (and bias): the weight block and bias row in f32.
        conv(1, 56, 56, 64, 64, 3, 1, 1, weights="f32"), conv(1, 56, 56, 64, 256, weights="f32"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, dst="conv_bs", weights="f32"),
        # L1 interleaved results: ttnn copies the shards out while they and the conv's input are live; from a
        # DRAM input through the halo the result is DRAM whatever was asked.
        *(conv(*shape, src=src, dst="g:l1", scheme=scheme) for shape, src, scheme in (
            ((1, 56, 56, 64, 256, 1, 1, 0), "dram_rm", "HEIGHT_SHARDED"),
            ((1, 56, 56, 64, 256, 1, 1, 0), "l1_rm", "HEIGHT_SHARDED"),
            ((1, 28, 28, 128, 512, 1, 1, 0), "dram_rm", "BLOCK_SHARDED"),
            ((1, 56, 56, 64, 64, 3, 1, 1), "l1_rm", "HEIGHT_SHARDED"),
            ((1, 14, 14, 256, 256, 3, 1, 1), "l1_rm", "BLOCK_SHARDED"),
            ((1, 14, 14, 256, 256, 3, 1, 1), "l1_rm", "WIDTH_SHARDED"),
            ((1, 56, 56, 64, 64, 3, 1, 1), "dram_rm", "HEIGHT_SHARDED"))),
        # A height-sharded row-major input that needs no reshard: the halo and conv on its grid.
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="g:hs:7x7:64x64:rm"),
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="g:hs:8x8:49x64:rm"),
        conv(1, 28, 28, 112, 64, 3, 2, 1, src="g:hs:7x7:16x112:rm"),
        # A tiled DRAM input: reshaped to NHWC and back in DRAM, resharded in tiles, untilized by the halo.
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="dram"), conv(1, 28, 28, 40, 40, 3, 2, 1, src="dram"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, src="dram", dst="conv_bs"),
        conv(1, 14, 14, 256, 256, 3, 1, 1, src="dram", dst="conv_ws"),
        conv(1, 56, 56, 64, 256, src="dram"), conv(1, 28, 28, 128, 512, src="dram", dst="conv_bs"),
        # Block and width sharding skip the act multicast when the input and output channels each sit on
        # one core column: the act CB overlaps the tilized one, the bf16 row-major block stays.
        conv(1, 56, 56, 8, 32, 3, 1, 1, dst="g:dram", scheme="BLOCK_SHARDED", out_dtype="bfp8_b"),
        conv(1, 56, 56, 8, 64, 3, 1, 1, dst="g:dram", scheme="BLOCK_SHARDED", out_dtype="bfp8_b"),
        conv(1, 56, 56, 8, 32, 3, 1, 1, dst="g:dram", scheme="BLOCK_SHARDED"),
        conv(1, 14, 14, 32, 32, 3, 1, 1, dst="conv_ws"), conv(1, 14, 14, 32, 64, 3, 1, 1, dst="conv_ws"),
        conv(1, 14, 14, 64, 32, 3, 1, 1, dst="conv_ws"),
        conv(1, 14, 14, 32, 32, 3, 1, 1, dst="g:dram", scheme="WIDTH_SHARDED", out_dtype="bfp8_b"),
        # The block-sharded matmul of channels that are not whole tiles: K padded to tiles.
        conv(1, 14, 14, 80, 96, dst="conv_bs"), conv(1, 14, 14, 80, 96, src="dram", dst="conv_bs", weights="bfp8_b"),
        conv(1, 28, 28, 48, 64, dst="conv_bs"), conv(1, 28, 28, 48, 64, src="l1_rm", dst="conv_bs"),
        conv(1, 28, 28, 100, 64, src="dram", dst="conv_bs"),
        # 1x1 kernels with a stride or padding under block and width sharding; width sharding bypasses the
        # halo when unpadded; reader indices that run on across output rows (1x1 stride 1, padded).
        conv(1, 56, 56, 256, 512, 1, 2, 0, src="l1_rm", dst="conv_bs", bias=False),
        conv(1, 56, 56, 256, 512, 1, 2, 0, dst="conv_bs", bias=False),
        conv(1, 14, 14, 1024, 2048, 1, 2, 0, dst="conv_ws"), conv(2, 19, 19, 480, 57, 1, 1, 1, dst="conv_bs"),
        conv(1, 14, 14, 256, 256, 1, 1, 1, dst="dram_ws"), conv(1, 14, 14, 256, 256, 3, 1, 0, dst="dram_ws"),
        conv(1, 16, 16, 64, 96, 3, 2, 0, dst="dram_ws"),
        conv(1, 28, 28, 128, 256, 1, 2, 0, src="l1_rm", dst="conv_ws"),
        # CBs beyond L1 from DRAM with a weight block that fits: ttnn slices the input over DRAM.
        conv(1, 32, 32, 192, 240, 5, 1, 1, dst="dram_ws", bias=False),
        # An activation holding other channels than in_channels: rejected from DRAM, in the matmul and with
        # fewer channels; run from L1 with more (not modelled).
        conv(1, 56, 56, 64, 64, 3, 1, 1, held=96), conv(1, 56, 56, 64, 64, held=96),
        conv(1, 20, 20, 141, 180, 3, 2, 0, dst="conv_bs", held=173),
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="l1_rm", held=32),
        conv(1, 56, 56, 64, 64, 3, 1, 1, src="l1_rm", held=128),
        # The block-sharded matmul's tilize of a wide row: to_layout's block tilize.
        conv(2, 7, 7, 2048, 512, dst="conv_bs", bias=False, relu=True),
        # Height-sharded row-major inputs of the 1x1 matmul, and of channels needing a reshard.
        conv(1, 56, 56, 64, 256, src="g:hs:7x7:64x64:rm"), conv(1, 56, 56, 64, 256, src="g:hs:8x8:49x64:rm"),
        conv(1, 28, 28, 40, 96, src="g:hs:7x7:16x40:rm"),
        conv(1, 224, 224, 4, 96, 3, 2, 1, src="g:hs:7x8:896x4:rm", relu=True),
        conv(1, 56, 56, 20, 64, 3, 1, 1, src="g:hs:7x7:64x20:rm"),
        conv(1, 28, 28, 40, 96, src="l1_rm"), conv(1, 224, 224, 4, 96, 3, 2, 1, src="l1_rm", relu=True),
        conv(1, 56, 56, 20, 64, 3, 1, 1, src="l1_rm"),
        # Kernel-stride folding.
        conv(1, 224, 224, 3, 64, 4, 4, 0),
        conv(1, 64, 64, 16, 32, 2, 2, 0), conv(1, 32, 32, 64, 32),
        conv(1, 224, 224, 4, 96, 4, 4, 0, dst="conv_bs"), conv(1, 56, 56, 64, 96, dst="conv_bs"),
        conv(1, 224, 224, 8, 768, 16, 16, 0), conv(1, 14, 14, 2048, 768),
        conv(1, 64, 64, 32, 64, 2, 2, 0), conv(1, 56, 56, 64, 64, 4, 4, 0, dst="conv_bs"),
        conv(1, 64, 64, 32, 64, 2, 2, 0, src="dram"), conv(1, 64, 64, 16, 32, 2, 2, 0, src="l1_rm"),
        conv(1, 64, 64, 32, 64, 2, 2, 0, src="g:hs:8x8:64x32:rm"), conv(1, 64, 64, 32, 64, 2, 2, 0, dst="conv_ws"),
        conv(1, 56, 56, 16, 64, 4, 4, 0, src="g:hs:7x7:64x16:rm"),
        conv(1, 56, 56, 64, 64, 2, 2, 0), conv(1, 28, 28, 128, 64, 2, 2, 0), conv(1, 56, 56, 64, 64, 4, 4, 0),
        conv(1, 56, 56, 64, 128, 4, 4, 0, dst="conv_ws"), conv(1, 64, 64, 32, 64, 2, 2, 0, dst="conv_bs"),
        conv(1, 224, 224, 16, 96, 4, 4, 0, dst="conv_bs"), conv(1, 224, 224, 3, 768, 16, 16, 0, dst="conv_bs"),
        conv(1, 112, 112, 64, 128, 2, 2, 0, dst="conv_bs"), conv(2, 56, 56, 96, 128, 4, 4, 0, dst="conv_bs", weights="bfp8_b"),
        # A tiled input under width sharding: the reshard in whole tile rows, the halo even unpadded.
        conv(1, 14, 14, 240, 40, 5, 2, 2, src="dram", dst="dram_ws", bias=False, relu=True),
        conv(1, 7, 7, 512, 2048, src="dram", dst="conv_ws", weights="bfp8_b"),
        # DRAM slicing (op_slicing): along the height (13 slices of a 64x64 output), along the width (7
        # tile-wide slices of a 224-wide output), width falling back to height (10 slices), 3 slices of a
        # 7x7 kernel; every slice padded_slice'd, run and slice_write'n.
        conv(1, 64, 64, 256, 256, 5, 1, 2, dst="dram_ws"), conv(1, 32, 224, 256, 256, 3, 1, 1, dst="dram_ws"),
        conv(1, 40, 210, 128, 128, 5, 2, 2, dst="dram_ws"), conv(1, 14, 14, 1024, 512, 7, 1, 3, dst="dram_ws"),
        # A height-sharded input whose grid leaves cores idle: the halo and conv on its whole grid.
        conv(1, 28, 28, 64, 64, 3, 1, 1, src="g:hs:5x5:40x64:rm"),
    )
