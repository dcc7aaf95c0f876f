//===- TTNNLayoutOps.td - TTNN data-movement ops -----------*- tablegen -*-===//
//
// Ops that move or copy tensor data without arithmetic: concat, slice,
// repeat, to_layout. Their verifiers check that the result shape is the one the op
// produces (one shape rule per op, static `inferResultShape`, which the op
// model reuses); placement legality (sharding) is the op model's answer.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNLAYOUTOPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNLAYOUTOPS_TD

include "ttl/Dialect/TTNN/IR/TTNNBase.td"
include "ttl/Dialect/TTNN/IR/TTNNAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TTNN_ConcatOp : TTNN_Op<"concat", [Pure]> {
  let summary = "joins tensors along one dimension";
  let description = [{
    Concatenates one or more tensors of equal rank along `dim` (negative
    counts from the back); every other dimension must be equal, and the
    result's `dim` is the sum of the inputs'. Op model: ttnn 0.81.1's
    interleaved concat program, one 2-page CB in the output's tile format;
    its tiled unaligned program for padded widths, and untilize / row-major
    concat / tilize for other padded dimensions; row-major inputs its
    row-major program (docs/op-model.md, "Layout ops"). Height-sharded
    inputs on one grid: along the width,
    ttnn's sharded programs write the concatenated shards (two inputs: the
    tiled program's transpose and concat CBs; more: every CB a shard), then
    copy them to an interleaved output, or the output is those shards; along
    the height, each input is copied interleaved first.

    ```mlir
    %2 = ttnn.concat %0, %1 {dim = 1 : si32} : tensor<64x1024xbf16, #dram>, tensor<64x512xbf16, #dram> -> tensor<64x1536xbf16, #l1>
    %3 = ttnn.concat %a, %b {dim = 1 : si32} : tensor<28672x32xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>>, tensor<28672x32xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>> -> tensor<28672x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x64>>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs, SI32Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $inputs attr-dict `:` type($inputs) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The concatenated shape, or the reason there is none.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<llvm::SmallVector<int64_t>> shapes,
                     int64_t dim);
  }];
}

def TTNN_SliceOp : TTNN_Op<"slice", [Pure]> {
  let summary = "a strided window of a tensor";
  let description = [{
    Takes elements `begins[i] <= x < ends[i]` with stride `step[i]` in each
    dimension `i` (one entry per dimension; `0 <= begins < ends <= size`,
    `step >= 1`). The result has `ceil((ends - begins) / step)` elements per
    dimension. Op model: ttnn 0.81.1's tiled slice program (unit steps,
    begins at tile multiples), one 2-page CB; otherwise its row-major
    programs, after an untilize and before a tilize for tiled tensors
    (docs/op-model.md, "Layout ops").

    ```mlir
    %1 = ttnn.slice %0 {begins = array<i64: 0, 256>, ends = array<i64: 64, 768>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #dram> -> tensor<64x512xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$begins,
                       DenseI64ArrayAttr:$ends, DenseI64ArrayAttr:$step);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The sliced shape, or the reason the window is not one of `shape`.
    /// `tiled`: the input is tiled, so ends may reach into the tile padding
    /// of the last two dimensions (ttnn 0.81.1's rule, see the .cpp).
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> begins,
                     llvm::ArrayRef<int64_t> ends,
                     llvm::ArrayRef<int64_t> step, bool tiled);
  }];
}

def TTNN_RepeatOp : TTNN_Op<"repeat", [Pure]> {
  let summary = "tiles a tensor by repeating it along its dimensions";
  let description = [{
    Repeats the input `repeats[i]` times along dimension `i` (one positive
    entry per dimension): the result's dimension `i` is `size[i] x
    repeats[i]`. Op model: ttnn 0.81.1 runs one repeat program per repeated
    dimension (codegen legs: 8 tiles or 8 row slots of CB; native row-major
    programs for rank 1); intermediates in the input's buffer type, padded
    tiled shapes through row-major data (docs/op-model.md, "Layout ops").

    ```mlir
    %1 = ttnn.repeat %0 {repeats = array<i64: 2, 1>} : tensor<64x1024xbf16, #dram> -> tensor<128x1024xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$repeats);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The repeated shape, or the reason `repeats` does not fit `shape`.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> repeats);
  }];
}

def TTNN_ToLayoutOp : TTNN_Op<"to_layout", [Pure]> {
  let summary = "converts a tensor between row-major and tiled pages";
  let description = [{
    Stores the input's elements in the page layout of the result's
    `#ttnn.layout`: `row_major` (one page per row) or tiled (32x32 tiles).
    Shape and element type are the input's; a `bfp8_b` tiled input becomes
    a `bf16` row-major result (bfp8_b is a tile format). Op model: ttnn
    0.81.1's tilize (row-major to tile) and untilize (tile to row-major)
    programs as ttnn selects them, interleaved or sharded on either side
    (whole-tile shards); a sharded tilize into the same memory layout keeps
    the input's shards; the same page layout is the input itself
    (docs/op-model.md, "Layout ops", "Sharded to_layout").

    ```mlir
    #rm = #ttnn.layout<row_major, dram, interleaved, bf16>
    #l1 = #ttnn.layout<l1, interleaved, bf16>
    %1 = ttnn.to_layout %0 : tensor<64x1024xbf16, #rm> -> tensor<64x1024xbf16, #l1>
    #hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
    #hs_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
    %3 = ttnn.to_layout %2 : tensor<4096x128xbf16, #hs> -> tensor<4096x128xbf16, #hs_rm>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTNN_IR_TTNNLAYOUTOPS_TD
