//===- TTNNOps.td - TTNN operations ------------------------*- tablegen -*-===//
//
// Shape legality that depends on the device (broadcast compatibility,
// reduction dims, matmul inner dims, sharding rules) is answered by the op
// model with a reason (getOpConstraints), not by the verifiers: the optimizer
// asks about placements that are not in the IR yet, and the same answer must
// hold for both. Verifiers check what makes the IR well formed.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNOPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNOPS_TD

include "ttl/Dialect/TTNN/IR/TTNNBase.td"
include "ttl/Dialect/TTNN/IR/TTNNAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Unary elementwise
//===----------------------------------------------------------------------===//

class TTNN_UnaryEltwiseOp<string mnemonic, string math>
    : TTNN_Op<mnemonic, [Pure, SameOperandsAndResultShape,
                         SameOperandsAndResultElementType]> {
  let summary = "elementwise " # math;
  let description = [{
    Unary elementwise `}] # math # [{`. Input and output have the same shape
    and element type; their layouts may differ (the output layout is where
    the result is placed). Op model: unary eltwise family.

    ```mlir
    %1 = ttnn.}] # mnemonic # [{ %0 : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TTNN_ReluOp : TTNN_UnaryEltwiseOp<"relu", "max(x, 0)">;
def TTNN_SqrtOp : TTNN_UnaryEltwiseOp<"sqrt", "sqrt(x)">;
def TTNN_ExpOp : TTNN_UnaryEltwiseOp<"exp", "exp(x)">;
def TTNN_TanhOp : TTNN_UnaryEltwiseOp<"tanh", "tanh(x)">;
def TTNN_CbrtOp : TTNN_UnaryEltwiseOp<"cbrt", "cbrt(x)">;
def TTNN_NegOp : TTNN_UnaryEltwiseOp<"neg", "-x">;
def TTNN_AbsOp : TTNN_UnaryEltwiseOp<"abs", "|x|">;
def TTNN_RsqrtOp : TTNN_UnaryEltwiseOp<"rsqrt", "1 / sqrt(x)">;

//===----------------------------------------------------------------------===//
// Binary elementwise and where
//===----------------------------------------------------------------------===//

class TTNN_BinaryEltwiseOp<string mnemonic, string math>
    : TTNN_Op<mnemonic, [Pure]> {
  let summary = "elementwise " # math;
  let description = [{
    Binary elementwise `}] # math # [{` with numpy broadcasting. Whether the
    operand shapes are broadcast-compatible is the op model's answer
    (an incompatible pair is an illegal query with a reason). Op model:
    binary eltwise family.

    ```mlir
    %2 = ttnn.}] # mnemonic # [{ %0, %1 : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def TTNN_AddOp : TTNN_BinaryEltwiseOp<"add", "a + b">;
def TTNN_SubtractOp : TTNN_BinaryEltwiseOp<"subtract", "a - b">;
def TTNN_MultiplyOp : TTNN_BinaryEltwiseOp<"multiply", "a * b">;
def TTNN_MaximumOp : TTNN_BinaryEltwiseOp<"maximum", "max(a, b)">;
def TTNN_MinimumOp : TTNN_BinaryEltwiseOp<"minimum", "min(a, b)">;

def TTNN_WhereOp : TTNN_Op<"where", [Pure]> {
  let summary = "elementwise select";
  let description = [{
    `condition != 0 ? true_value : false_value`, elementwise with numpy
    broadcasting. Op model: ternary eltwise family.

    ```mlir
    %3 = ttnn.where %c, %a, %b : tensor<32x64xbf16, #l1>, tensor<32x64xbf16, #l1>, tensor<32x64xbf16, #l1> -> tensor<32x64xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$condition, AnyRankedTensor:$true_value,
                       AnyRankedTensor:$false_value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:` type($condition)
    `,` type($true_value) `,` type($false_value) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class TTNN_ReductionOp<string mnemonic, string math>
    : TTNN_Op<mnemonic, [Pure]> {
  let summary = math # " reduction";
  let description = [{
    Reduces the input with `}] # math # [{` over the dimensions `dim_arg`
    (all dimensions when absent). `keep_dim` keeps reduced dimensions with
    size 1. Dimensions out of range are an illegal query (op model), not a
    verifier error. Op model: reduction family.

    ```mlir
    %1 = ttnn.}] # mnemonic # [{ %0 {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<64x1xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       OptionalAttr<DenseI64ArrayAttr>:$dim_arg,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TTNN_SumOp : TTNN_ReductionOp<"sum", "sum">;
def TTNN_MeanOp : TTNN_ReductionOp<"mean", "mean">;
def TTNN_MaxOp : TTNN_ReductionOp<"max", "max">;
def TTNN_MinOp : TTNN_ReductionOp<"min", "min">;

//===----------------------------------------------------------------------===//
// Matmul, softmax, transpose, typecast, concatenate_heads
//===----------------------------------------------------------------------===//

def TTNN_MatmulOp : TTNN_Op<"matmul", [Pure]> {
  let summary = "matrix product of the two innermost dimensions";
  let description = [{
    `a @ b` over the two innermost dimensions, leading dimensions broadcast.
    `transpose_a` / `transpose_b` transpose an operand's two innermost
    dimensions first. Op model: the program ttnn 0.81.1 selects (MatmulMultiCore,
    1-D or 2-D multicast; a block-sharded `a` runs the 2-D program on its grid;
    docs/op-model.md, "Matmul program configs").

    ```mlir
    %2 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #l1>, tensor<1024x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_b);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
}

def TTNN_SoftmaxOp : TTNN_Op<"softmax", [Pure, SameOperandsAndResultShape,
                                         SameOperandsAndResultElementType]> {
  let summary = "softmax along one dimension";
  let description = [{
    `exp(x - max(x)) / sum(exp(x - max(x)))` along `dimension` (negative
    counts from the back). Op model: ttnn's multi-core softmax over the last
    dimension; sharded operands (height, width, block) run the same program
    with the same CBs (docs/op-model.md).

    ```mlir
    %1 = ttnn.softmax %0 {dimension = -1 : si32} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, SI32Attr:$dimension);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TTNN_TransposeOp : TTNN_Op<"transpose", [Pure]> {
  let summary = "swaps two dimensions";
  let description = [{
    Swaps dimensions `dim0` and `dim1` (negative counts from the back).

    ```mlir
    %1 = ttnn.transpose %0 {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<64x1024xbf16, #l1> -> tensor<1024x64xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, SI32Attr:$dim0, SI32Attr:$dim1);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def TTNN_TypecastOp : TTNN_Op<"typecast", [Pure, SameOperandsAndResultShape]> {
  let summary = "converts the tile storage format";
  let description = [{
    Converts every element to the result's storage format (the data type of
    the result layout, e.g. bf16 -> bfp8_b or bf16 -> f32).

    ```mlir
    %1 = ttnn.typecast %0 : tensor<64x1024xbf16, #dram> -> tensor<64x1024xf32, #dram_f32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TTNN_ConcatenateHeadsOp : TTNN_Op<"concatenate_heads", [Pure]> {
  let summary = "[B, H, S, D] -> [B, S, H * D]";
  let description = [{
    Concatenates attention heads: `[batch, heads, seq, head_dim]` becomes
    `[batch, seq, heads * head_dim]`.

    ```mlir
    %1 = ttnn.concatenate_heads %0 : tensor<1x8x512x64xbf16, #l1> -> tensor<1x512x512xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def TTNN_ToMemoryConfigOp : TTNN_Op<"to_memory_config",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "moves a tensor to another placement";
  let description = [{
    Copies the input into the result's layout: DRAM <-> L1, interleaved <->
    sharded, or reshard. The L1 spill pass inserts it to move a tensor out of
    L1.

    ```mlir
    %1 = ttnn.to_memory_config %0 : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Creation and deallocation
//===----------------------------------------------------------------------===//

class TTNN_CreationOp<string mnemonic, string what, list<Trait> traits = []>
    : TTNN_Op<mnemonic, traits> {
  let summary = "creates a tensor " # what;
  let results = (outs AnyRankedTensor:$result);
}

def TTNN_EmptyOp : TTNN_CreationOp<"empty", "with unspecified contents", [Pure]> {
  let description = [{
    Allocates a tensor of the result type without initialising it.

    ```mlir
    %0 = ttnn.empty : tensor<64x1024xbf16, #l1>
    ```
  }];
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TTNN_ZerosOp : TTNN_CreationOp<"zeros", "filled with 0", [Pure]> {
  let description = [{
    ```mlir
    %0 = ttnn.zeros : tensor<64x1024xbf16, #l1>
    ```
  }];
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TTNN_OnesOp : TTNN_CreationOp<"ones", "filled with 1", [Pure]> {
  let description = [{
    ```mlir
    %0 = ttnn.ones : tensor<64x1024xbf16, #l1>
    ```
  }];
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TTNN_FullOp : TTNN_CreationOp<"full", "filled with a constant", [Pure]> {
  let description = [{
    ```mlir
    %0 = ttnn.full {fill_value = 2.5 : f64} : tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins F64Attr:$fill_value);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TTNN_ArangeOp : TTNN_CreationOp<"arange", "holding start, start + step, ...",
                                    [Pure]> {
  let description = [{
    A 1-D tensor (or `1x...xN`) with the values `start, start + step, ...`
    below `end`; the result has `ceil((end - start) / step)` elements.

    ```mlir
    %0 = ttnn.arange {start = 0 : i64, end = 1024 : i64, step = 1 : i64} : tensor<1x1024xbf16, #dram>
    ```
  }];
  let arguments = (ins I64Attr:$start, I64Attr:$end, I64Attr:$step);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TTNN_DeallocateOp : TTNN_Op<"deallocate", [MemoryEffects<[MemFree]>]> {
  let summary = "frees a tensor's device buffer";
  let description = [{
    Releases the input's buffer; the value must not be used afterwards.
    `force` frees it even if other host references remain.

    ```mlir
    ttnn.deallocate %0 : tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       DefaultValuedAttr<BoolAttr, "false">:$force);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// A compiled TTL operation
//===----------------------------------------------------------------------===//

def TTNN_GenericOp : TTNN_Op<"generic"> {
  let summary = "a compiled TTL operation inside a TTNN graph";
  let description = [{
    Runs a compiled TT-Lang operation (`@ttl.operation`, dispatched as a ttnn
    generic program) on its input tensors and produces its output tensors.
    The op carries what the compiler recorded about the operation
    (`ttlang.artifact.CompiledArtifact`): `operation_id` (its identity), `grid`
    (`[cols, rows]` of worker cores), `kernels` (one `#ttnn.kernel` per
    generated kernel descriptor, with its cores) and `dataflow_buffers` (one
    `#ttnn.dfb` per physical circular buffer: TTL type and cores).
    `tile_ops`, when present, is the number of tile math operations the
    compute kernels perform in total; absent, the op model assumes one per
    output tile.

    Op model: the circular-buffer peak is the largest sum, over the cores,
    of the DFBs allocated on a core (block bytes x block count); the outputs
    are placed by the requested layout like any op's (TTL kernels address
    interleaved tensors only: a sharded operand or output is not
    supported); the runtime is the shared roofline over the bytes its copies
    move (every input read once, every output written once) and its tile
    math on the cores of its compute kernels. See docs/op-model.md.

    ```mlir
    #dram = #ttnn.layout<dram, interleaved, bf16>
    #l1 = #ttnn.layout<l1, interleaved, bf16>
    #cores = #ttnn.core_range<(0, 0), (1, 1)>
    %2 = ttnn.generic %0, %1 {
        operation_id = "tile_add:5f1c", grid = array<i64: 2, 2>,
        kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "tile_add:5f1c">, cores = [#cores]>,
                   #ttnn.kernel<#ttl.kernel<data_movement, "data_movement", "tile_add:5f1c">, cores = [#cores]>],
        dataflow_buffers = [#ttnn.dfb<"a_dfb", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#cores]>,
                            #ttnn.dfb<"b_dfb", 1, !ttl.dfb<1x1xbf16, 2>, cores = [#cores]>,
                            #ttnn.dfb<"out_dfb", 2, !ttl.dfb<1x1xbf16, 2>, cores = [#cores]>]}
        : (tensor<128x128xbf16, #dram>, tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #l1>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       StrAttr:$operation_id,
                       DenseI64ArrayAttr:$grid,
                       TypedArrayAttrBase<TTNN_KernelAttr, "kernel descriptors">:$kernels,
                       TypedArrayAttrBase<TTNN_DataflowBufferAttr, "dataflow buffers">:$dataflow_buffers,
                       OptionalAttr<I64Attr>:$tile_ops);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = "$inputs attr-dict `:` functional-type($inputs, $results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// OpModelExempt: host transfers and collectives
//===----------------------------------------------------------------------===//

def TTNN_ToDeviceOp : TTNN_Op<"to_device", [OpModelExempt]> {
  let summary = "moves a host tensor to the device";
  let description = [{
    Host-to-device transfer: no kernel runs on the cores, so there is no op
    model (OpModelExempt). The result layout says where the tensor lands.

    ```mlir
    %1 = ttnn.to_device %0 : tensor<64x1024xbf16> -> tensor<64x1024xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TTNN_FromDeviceOp : TTNN_Op<"from_device", [OpModelExempt]> {
  let summary = "moves a device tensor to the host";
  let description = [{
    Device-to-host transfer (OpModelExempt).

    ```mlir
    %1 = ttnn.from_device %0 : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TTNN_AllGatherOp : TTNN_Op<"all_gather", [OpModelExempt]> {
  let summary = "gathers a tensor from all devices of a mesh";
  let description = [{
    Multi-device collective along `all_gather_dim` over `num_links` Ethernet
    links. The single-device op model cannot describe it (OpModelExempt).

    ```mlir
    %1 = ttnn.all_gather %0 {all_gather_dim = 0 : si32, num_links = 1 : ui32} : tensor<32x64xbf16, #dram> -> tensor<64x64xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, SI32Attr:$all_gather_dim,
                       UI32Attr:$num_links);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

// Ops of transformer layers (activations, norms, their backward ops).
include "ttl/Dialect/TTNN/IR/TTNNModelOps.td"
// linear: matmul with a bias and an activation.
include "ttl/Dialect/TTNN/IR/TTNNLinearOps.td"
// Data-movement ops (concat, slice, repeat).
include "ttl/Dialect/TTNN/IR/TTNNLayoutOps.td"
// Rearranging, padding, gathering and indexing ops (permute, pad, embedding,
// argmax).
include "ttl/Dialect/TTNN/IR/TTNNDataOps.td"
// Ops of CNN layers (max_pool2d).
include "ttl/Dialect/TTNN/IR/TTNNConvOps.td"

#endif // TTL_DIALECT_TTNN_IR_TTNNOPS_TD
