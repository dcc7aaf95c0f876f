//===- TTNNConvOps.td - ops of CNN layers ----------------------*- tablegen -*-===//
//
// The convolution and pooling ops of a ResNet-50 bottleneck block (issue 12).
// Included by TTNNOps.td. Their op models are ttnn 0.81.1's pipelines on the
// mock Wormhole and Blackhole devices (docs/op-model.md, "CNN ops").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNCONVOPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNCONVOPS_TD

def TTNN_MaxPool2dOp : TTNN_Op<"max_pool2d", [Pure]> {
  let summary = "2-D max pooling over a flattened NHWC tensor";
  let description = [{
    The maximum of every `kernel_size` window of an `input` holding
    `batch_size x input_height x input_width` pixels of `channels` channels,
    flattened as ttnn does: `[1, 1, N*H*W, C]`, one row (a stick) per pixel.
    The window moves by `stride` over the input padded by `padding` pixels on
    each side (`[pad_h, pad_w]`, padded pixels are -inf); the result is
    `[1, 1, N*OH*OW, C]` with `OH = (H + 2 pad_h - kernel_h) / stride_h + 1`
    and likewise `OW` (`ttnn.max_pool2d` with dilation 1, no ceil mode). The
    verifier checks the attributes, that the input holds `N*H*W` pixels of
    `channels` channels and the result's shape and element type.

    Op model: ttnn 0.81.1's pipeline for a row-major bf16 input in DRAM,
    sharded by the scheme the result's layout names (height, block or width
    sharded, ttnn's `applied_shard_scheme`): the input is resharded into L1,
    the halo op gathers each core's window rows (plus its padding and gather
    config tensors), the halo output is reallocated, and the pool program
    writes the row-major sharded output whose grid and shard ttnn chooses (the
    answer's output layout says which). Other placements answer
    `not_implemented` (docs/op-model.md, "CNN ops").

    ```mlir
    %p = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 112 : i64, input_width = 112 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x12544x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$batch_size,
                       I64Attr:$input_height, I64Attr:$input_width,
                       I64Attr:$channels, DenseI64ArrayAttr:$kernel_size,
                       DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The output height and width: (in + 2 pad - kernel) / stride + 1.
    int64_t getOutputHeight() {
      return (getInputHeight() + 2 * getPadding()[0] - getKernelSize()[0]) /
                 getStride()[0] + 1;
    }
    int64_t getOutputWidth() {
      return (getInputWidth() + 2 * getPadding()[1] - getKernelSize()[1]) /
                 getStride()[1] + 1;
    }
  }];
}

def TTNN_Conv2dOp : TTNN_Op<"conv2d", [Pure]> {
  let summary = "2-D convolution over a flattened NHWC tensor";
  let description = [{
    `out[n, oh, ow, o] = bias[o] + sum over c, kh, kw of
    input[n, oh * stride_h + kh - pad_h, ow * stride_w + kw - pad_w, c] *
    weight[o, c, kh, kw]` for an `input` holding `batch_size x input_height x
    input_width` pixels of `in_channels` channels, flattened as ttnn does:
    `[1, 1, N*H*W, C]`; the result is `[1, 1, N*OH*OW, out_channels]`
    (`ttnn.conv2d` with dilation 1 and one group). `weight` is
    `[out_channels, in_channels, kernel_h, kernel_w]`, `bias` (optional)
    `[1, 1, 1, out_channels]`; their layouts' data type is the
    `weights_dtype` ttnn prepares them in (bf16 or bfp8_b, both in DRAM).
    `activation = "relu"` fuses a relu into the output. `shard_layout`
    (optional, `#ttnn.memory_layout<...>`) is ttnn's `Conv2dConfig.shard_layout`:
    a sharded result carries the scheme itself (the verifier checks they
    agree); a DRAM result needs it. The verifier checks the attributes and
    every shape.

    Op model: ttnn 0.81.1's programs for a row-major bf16 input and a tiled
    bf16 output, L1 sharded by the conv config's scheme or DRAM interleaved
    (ttnn then shards by `shard_layout` and copies the result out: the L1
    figures are the sharded ones, the output's L1 0). A 1x1, stride-1,
    unpadded convolution (DRAM or L1 interleaved input) runs as a
    height-sharded matmul: the input is resharded and tilized in L1 and
    multiplied by the prepared weights, whose weight block is all of K x N
    (plus the bias row). Every other convolution of a DRAM input (ResNet's
    3x3 convs, stride 1 or 2, and the 1x1 stride-2 downsample) runs the halo
    and conv programs: the halo gathers each core's window rows, the conv
    program reads act blocks of a kernel row of channels against a weight
    block of that many rows, and ttnn copies the output to DRAM (the answer's
    output layout is DRAM interleaved). Block sharded, the 1x1 stride-1 path
    is ttnn's block-sharded 2-D multicast matmul (the input tilized in DRAM,
    resharded block sharded, K in blocks per column; the output stays in L1);
    every other convolution runs the halo and the block-sharded conv program
    (tile rows over grid rows, the input channels in 8-element blocks over a
    padded divisor of the columns, the output channels over their own, act
    blocks of one kernel row of a core's channels; the output copied to DRAM).
    Width sharded, every convolution (1x1 stride-1 ones too) runs ttnn's
    width-sharded conv program: every core holds all the pixels and a share
    of the channel tiles, one act block of the whole kernel of its channels
    plus a row-major act CB; the output is copied to DRAM. A row-major L1
    input runs the same programs with the same peaks but its result stays in
    L1, sharded on the program's grid (the matmul paths' results are L1
    sharded from either input). Convolutions ttnn slices over DRAM answer
    `not_implemented` (docs/op-model.md, "CNN ops").

    ```mlir
    %y = ttnn.conv2d %x, %w bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, activation = "relu"} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 7x8, shard = 64x256>>
    ```

    A 3x3 conv through the halo (its result in DRAM):

    ```mlir
    %z = ttnn.conv2d %x, %w3 bias %b3 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
    ```

    A block-sharded conv config writing DRAM:

    ```mlir
    %d = ttnn.conv2d %x14, %w33 bias %b33 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x256xbf16, #ttnn.layout<dram, interleaved, bf16>>
    ```

    A width-sharded 1x1 conv (the conv program, not the matmul):

    ```mlir
    %v = ttnn.conv2d %x7, %w11 bias %b11 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 1024 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x49x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x1024x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x49x256xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$weight,
                       Optional<AnyRankedTensor>:$bias, I64Attr:$batch_size,
                       I64Attr:$input_height, I64Attr:$input_width,
                       I64Attr:$in_channels, I64Attr:$out_channels,
                       DenseI64ArrayAttr:$kernel_size,
                       DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding,
                       OptionalAttr<StrAttr>:$activation,
                       OptionalAttr<TTNN_TensorMemoryLayoutAttr>:$shard_layout);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `,` $weight (`bias` $bias^)? attr-dict `:` type($input) `,`
    type($weight) (`,` type($bias)^)? `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    int64_t getOutputHeight() {
      return (getInputHeight() + 2 * getPadding()[0] - getKernelSize()[0]) /
                 getStride()[0] + 1;
    }
    int64_t getOutputWidth() {
      return (getInputWidth() + 2 * getPadding()[1] - getKernelSize()[1]) /
                 getStride()[1] + 1;
    }
  }];
}

#endif // TTL_DIALECT_TTNN_IR_TTNNCONVOPS_TD
