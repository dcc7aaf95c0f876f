//===- TTNNDataOps.td - reshape, permute, pad, embedding, argmax -*- tablegen -*-===//
//
// Ops that rearrange, pad, gather or index tensors. As for the layout ops,
// each verifier checks the result shape against one shape rule per op
// (static `inferResultShape`, which the op model reuses); what ttnn 0.81.1
// accepts for a placement (layouts, formats, sharding) is the op model's
// answer, not the verifier's (docs/op-model.md).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNDATAOPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNDATAOPS_TD

include "ttl/Dialect/TTNN/IR/TTNNBase.td"
include "ttl/Dialect/TTNN/IR/TTNNAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TTNN_ReshapeOp : TTNN_Op<"reshape", [Pure]> {
  let summary = "gives a tensor another shape with the same elements";
  let description = [{
    The elements in row-major order, read into `shape` (the result's shape;
    every entry positive, the element count unchanged). Op model: ttnn
    0.81.1 returns a view of the input (no program, no buffer) when the last
    dimension is kept, the placement does not change and, for a tiled
    tensor, the second-to-last dimension is kept or is a tile multiple on
    both sides; a same-shape call into another placement is a copy; any
    other tiled reshape runs the tiled program (a DRAM mapping tensor built
    on the host, one page of it and one input tile of CB, one output tile
    of scratchpad; bfp8_b through bf16 typecasts), a row-major one the
    row-major program (scratchpads only). Sharded tensors are not modelled
    (docs/op-model.md).

    ```mlir
    %1 = ttnn.reshape %0 {shape = array<i64: 128, 512>} : tensor<64x1024xbf16, #dram> -> tensor<128x512xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$shape);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// `shape`, or the reason it cannot hold the elements of `input`.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> input,
                     llvm::ArrayRef<int64_t> shape);
  }];
}

def TTNN_PermuteOp : TTNN_Op<"permute", [Pure]> {
  let summary = "reorders the dimensions of a tensor";
  let description = [{
    Result dimension `i` is input dimension `permutation[i]`; `permutation`
    holds every dimension `0 .. rank-1` once. Op model: ttnn 0.81.1 routes a
    swap of the last two dimensions, of dimensions 1 and 2, or of 0 and 1
    (of the tensor seen as 4-D) to its transpose programs and every other
    permutation to its permute programs (tile-invariant, row-invariant or
    generic, chosen by where the last two dimensions go); a bfp8_b tensor
    goes through bf16 typecasts around all but the plain transposes. A
    sharded input into an interleaved output runs the same programs: the
    transposes read the shard where it is, the permute programs an
    interleaved L1 copy of it (docs/op-model.md).

    ```mlir
    %1 = ttnn.permute %0 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x8x256x64xbf16, #dram> -> tensor<1x256x8x64xbf16, #l1>
    #hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
    %3 = ttnn.permute %2 {permutation = array<i64: 1, 0>} : tensor<28672x32xbf16, #hs> -> tensor<32x28672xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The permuted shape, or the reason `permutation` is not one of `shape`.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> permutation);
  }];
}

def TTNN_PadOp : TTNN_Op<"pad", [Pure]> {
  let summary = "pads a tensor with a constant";
  let description = [{
    Adds `padding[2 i]` elements before and `padding[2 i + 1]` after
    dimension `i` (two non-negative entries per dimension), filled with
    `value`. ttnn 0.81.1 pads tiled tensors at the back only (front padding:
    TT_FATAL), which the op model reports. Op model: the pad program (one
    2-page CB and a one-tile scratchpad), preceded by ttnn's fill-pad
    program when the input's last two dimensions are not tile multiples
    (docs/op-model.md).

    ```mlir
    %1 = ttnn.pad %0 {padding = array<i64: 0, 32, 0, 0>, value = 0.0 : f64} : tensor<64x1024xbf16, #dram> -> tensor<96x1024xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$padding,
                       DefaultValuedAttr<F64Attr, "0.0">:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The padded shape, or the reason `padding` does not fit `shape`.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<int64_t> padding);
  }];
}

def TTNN_EmbeddingOp : TTNN_Op<"embedding", [Pure]> {
  let summary = "gathers rows of a weight table by index";
  let description = [{
    For indices `[batch, seq]` (`ui32`) and a weight table `[rows, hidden]`,
    result element `[b, s, h]` is `weight[indices[b, s], h]`; the result has
    the weight's element type. Op model: ttnn 0.81.1's embedding programs
    for row-major bf16 weights: the row-major program (one CB of up to two
    weight rows), its fused tilizing program for a tiled result of whole
    tiles, or the row-major program followed by a tilize otherwise
    (docs/op-model.md).

    ```mlir
    #ids = #ttnn.layout<row_major, dram, interleaved, u32>
    #rm = #ttnn.layout<row_major, dram, interleaved, bf16>
    %2 = ttnn.embedding %0, %1 : tensor<2x64xui32, #ids>, tensor<32000x4096xbf16, #rm> -> tensor<2x64x4096xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$indices, AnyRankedTensor:$weight);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $indices `,` $weight attr-dict `:` type($indices) `,` type($weight) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The gathered shape [batch, seq, hidden], or the reason there is none.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> indices,
                     llvm::ArrayRef<int64_t> weight);
  }];
}

def TTNN_ArgMaxOp : TTNN_Op<"argmax", [Pure]> {
  let summary = "index of the largest element along a dimension";
  let description = [{
    The `ui32` index of the largest element along `dim` (negative counts
    from the back), which is dropped, or kept with size 1 under `keep_dim`;
    without `dim`, over all elements (a scalar, or all ones under
    `keep_dim`). ttnn 0.81.1 returns a row-major `u32` tensor. Op model:
    ttnn's single-core argmax of a tiled bf16 / f32 input along one
    dimension (one input tile of CB and one output row of scratchpad); the
    row-major programs are not modelled (docs/op-model.md).

    ```mlir
    #idx = #ttnn.layout<row_major, l1, interleaved, u32>
    %1 = ttnn.argmax %0 {dim = -1 : si32} : tensor<64x1024xbf16, #dram> -> tensor<64xui32, #idx>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, OptionalAttr<SI32Attr>:$dim,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The reduced shape, or the reason `dim` is not a dimension of `shape`.
    static llvm::Expected<llvm::SmallVector<int64_t>>
    inferResultShape(llvm::ArrayRef<int64_t> shape,
                     std::optional<int64_t> dim, bool keepDim);
  }];
}

#endif // TTL_DIALECT_TTNN_IR_TTNNDATAOPS_TD
