//===- TTNNModelOps.td - ops of transformer layers -------------*- tablegen -*-===//
//
// Activations, their backward ops, pow and the normalizations of a Llama /
// BERT layer (issue 12). Included by TTNNOps.td, which defines the unary and
// binary eltwise op classes reused here. Every op's CB figures are ttnn
// 0.81.1's on the mock Wormhole device (docs/op-model.md).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNMODELOPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNMODELOPS_TD

//===----------------------------------------------------------------------===//
// Activations: the unary eltwise family (ttnn's UnaryDeviceOperation)
//===----------------------------------------------------------------------===//

def TTNN_GeluOp : TTNN_UnaryEltwiseOp<"gelu", "x * Phi(x)">;
def TTNN_SiluOp : TTNN_UnaryEltwiseOp<"silu", "x * sigmoid(x)">;
def TTNN_SigmoidOp : TTNN_UnaryEltwiseOp<"sigmoid", "1 / (1 + exp(-x))">;

def TTNN_PowScalarOp : TTNN_Op<"pow_scalar", [Pure, SameOperandsAndResultShape,
                                              SameOperandsAndResultElementType]> {
  let summary = "elementwise x ** exponent, a scalar exponent";
  let description = [{
    Raises every element to the power `exponent` (ttnn.pow with a number).
    ttnn 0.81.1 runs it as a unary eltwise program, whatever the exponent:
    op model: unary eltwise family.

    ```mlir
    %1 = ttnn.pow_scalar %0 {exponent = 2.0 : f64} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, F64Attr:$exponent);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

// ttnn.pow with a tensor exponent is binary_ng, like add.
def TTNN_PowTensorOp : TTNN_BinaryEltwiseOp<"pow_tensor", "a ** b">;

//===----------------------------------------------------------------------===//
// Backward ops of the activations
//===----------------------------------------------------------------------===//

class TTNN_ActivationBackwardOp<string mnemonic, string activation,
                                string shapes, string opModel>
    : TTNN_Op<mnemonic, [Pure]> {
  let summary = "gradient of " # activation;
  let description = [{
    `grad * d }] # activation # [{(x) / dx` for the incoming gradient `grad`
    (`lhs`) and the forward input `x` (`rhs`), as ttnn.}] # mnemonic # [{.
    }] # shapes # [{ Op model: }] # opModel # [{

    ```mlir
    %2 = ttnn.}] # mnemonic # [{ %grad, %x : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTNN_GeluBackwardOp : TTNN_ActivationBackwardOp<"gelu_bw", "gelu",
    "grad, x and the result have one shape (ttnn 0.81.1 does not broadcast " #
    "here); grad may be of another element type than x, the result has x's.",
    "one UnaryBackward program (exact erf form) with a 2-page CB per operand " #
    "and for the output, or its shards.">;
def TTNN_ReluBackwardOp : TTNN_ActivationBackwardOp<"relu_bw", "relu",
    "grad and x broadcast (numpy) to the result's shape; one element type " #
    "(ttnn 0.81.1 multiplies them in one data type).",
    "two programs, as ttnn 0.81.1 composes it: a unary x > 0 into a " #
    "temporary placed like the output, then binary multiply by grad " #
    "(docs/op-model.md, composite ops).">;
def TTNN_SiluBackwardOp : TTNN_ActivationBackwardOp<"silu_bw", "silu",
    "grad broadcasts (numpy) to x's shape and the result has x's shape, " #
    "each up to leading 1s (ttnn 0.81.1 writes the last step into a tensor " #
    "of x's shape); grad may be of another element type than x, the result " #
    "has x's.",
    "six programs, as ttnn 0.81.1 composes it: sigmoid(x), then five " #
    "binary_ng steps (two with a scalar) through five temporaries placed " #
    "like the output, which is allocated first (docs/op-model.md, " #
    "composite ops).">;

//===----------------------------------------------------------------------===//
// Backward ops of softmax (moreh)
//===----------------------------------------------------------------------===//

def TTNN_MorehSoftmaxBackwardOp
    : TTNN_Op<"moreh_softmax_backward", [Pure, SameOperandsAndResultShape]> {
  let summary = "gradient of softmax along one dimension (moreh)";
  let description = [{
    `y * (dy - sum(y * dy))` along `dim` for the forward's result `output`
    (`y`) and the incoming gradient `output_grad` (`dy`), as
    ttnn.moreh_softmax_backward; ttnn 0.81.1 has no other softmax backward
    op. `dim` is in `[0, rank)` (ttnn takes an unsigned dimension) and the
    result has `output`'s element type (ttnn writes it in `output`'s data
    type); the verifier checks both.

    Op model: the program ttnn 0.81.1 picks by `dim` and size
    (docs/op-model.md, "Backward ops of softmax and layer_norm"): the last
    dimension runs its W program, the second-to-last its H program, both
    "small" (the whole reduced row of `N` tiles in L1: `3 N + 6` tiles) while
    those CBs fit ttnn's 512 KiB budget, else "large" (13 tiles); any other
    dimension its C program (10 tiles). Every CB is in `output`'s format;
    bf16 and bfp8_b only (ttnn rejects f32); sharded tensors run the same
    programs.

    ```mlir
    %dx = ttnn.moreh_softmax_backward %y, %dy {dim = 1 : i64} : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$output, AnyRankedTensor:$output_grad,
                       I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $output `,` $output_grad attr-dict `:` type($output) `,` type($output_grad)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTNN_MorehLayerNormBackwardOp
    : TTNN_Op<"moreh_layer_norm_backward", [Pure]> {
  let summary = "gradients of layer_norm (moreh)";
  let description = [{
    The gradients of a layer norm over the last `normalized_dims` dimensions
    of `input`, from the incoming gradient `output_grad` (the input's shape),
    the forward's saved `mean` and `rstd` (the input's leading dimensions,
    `[1, d]` for one of them, `[1, 1]` for none) and the optional `gamma` (the
    normalized dimensions, `[1, d]` for one), as ttnn.moreh_layer_norm_backward;
    ttnn 0.81.1 has no other layer_norm backward op. The `input_grad`,
    `gamma_grad` and `beta_grad` flags say which gradients are computed (by
    default only input_grad), and the results are those gradients in that
    order: input_grad in the input's shape, gamma_grad and beta_grad in
    gamma's. The verifier checks the shapes, the flags against the results
    and `1 <= normalized_dims <= rank`.

    Op model: ttnn 0.81.1 allocates every gradient first, then runs its
    input_grad program and its gamma/beta program (docs/op-model.md,
    "Backward ops of softmax and layer_norm"). input_grad: "small" keeps the
    `N` normalized tiles of dy and y in L1 (`2 N + 14` tiles) unless that
    reaches the L1 above the allocator's base, else "large" (15 tiles); one
    more for gamma, two for a mask when the normalized width, or the height
    of more than one normalized dimension, is not a tile multiple.
    gamma/beta: 11 tiles, one per gradient computed, one for a height mask
    (one normalized dimension). All in bf16 (ttnn accepts bf16 only),
    interleaved.

    ```mlir
    %dx, %dg, %db = ttnn.moreh_layer_norm_backward %dy, %x, %mean, %rstd gamma %g {normalized_dims = 1 : i64, gamma_grad = true, beta_grad = true} : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram>, tensor<1x64xbf16, #dram>, tensor<1x64xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>, tensor<1x1024xbf16, #dram>, tensor<1x1024xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$output_grad, AnyRankedTensor:$input,
                       AnyRankedTensor:$mean, AnyRankedTensor:$rstd,
                       Optional<AnyRankedTensor>:$gamma,
                       I64Attr:$normalized_dims,
                       DefaultValuedAttr<BoolAttr, "true">:$input_grad,
                       DefaultValuedAttr<BoolAttr, "false">:$gamma_grad,
                       DefaultValuedAttr<BoolAttr, "false">:$beta_grad);
  let results = (outs Variadic<AnyRankedTensor>:$grads);
  let assemblyFormat = [{
    $output_grad `,` $input `,` $mean `,` $rstd (`gamma` $gamma^)? attr-dict
    `:` type(operands) `->` type($grads)
  }];
  let extraClassDeclaration = [{
    /// The shape ttnn requires of mean and rstd: the input's leading
    /// `rank - normalizedDims` dimensions, as [1, d] for one and [1, 1] for
    /// none.
    static SmallVector<int64_t> statsShape(ArrayRef<int64_t> input,
                                           int64_t normalizedDims);
    /// The shape ttnn requires of gamma, gamma_grad and beta_grad: the
    /// normalized dimensions, as [1, d] for one.
    static SmallVector<int64_t> paramShape(ArrayRef<int64_t> input,
                                           int64_t normalizedDims);
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Normalizations over the last dimension
//===----------------------------------------------------------------------===//

class TTNN_NormOp<string mnemonic, string math>
    : TTNN_Op<mnemonic, [Pure, AttrSizedOperandSegments]> {
  let summary = math # " over the last dimension";
  let description = [{
    Normalizes every row (the last dimension) of `input` with `}] # math # [{`
    and `epsilon`, then scales by `weight` and shifts by `bias` when given.
    `weight` and `bias` hold one value per column: their last dimension is
    the input's and every other dimension is 1 (the verifier checks it, and
    that the result has the input's shape and element type).

    Op model: ttnn 0.81.1's interleaved multi-core normalization program
    (one core per row of tiles), into interleaved or sharded outputs; a
    width- or block-sharded input runs its sharded program into the input's
    own shards (a height-sharded one is rejected, as ttnn does without a
    program config).

    ```mlir
    %1 = ttnn.}] # mnemonic # [{ %x weight %w bias %b {epsilon = 1.0e-05 : f32} : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
    %2 = ttnn.}] # mnemonic # [{ %x : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       Optional<AnyRankedTensor>:$weight,
                       Optional<AnyRankedTensor>:$bias,
                       DefaultValuedAttr<F32Attr, "1.0e-5f">:$epsilon);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input (`weight` $weight^)? (`bias` $bias^)? attr-dict `:` type(operands)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTNN_LayerNormOp
    : TTNN_NormOp<"layer_norm", "(x - mean(x)) / sqrt(var(x) + epsilon)">;
def TTNN_RmsNormOp
    : TTNN_NormOp<"rms_norm", "x / sqrt(mean(x^2) + epsilon)">;

//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

def TTNN_RotaryEmbeddingOp : TTNN_Op<"rotary_embedding", [Pure]> {
  let summary = "rotary position embedding (prefill)";
  let description = [{
    `x * cos + rotate_half(x) * sin` for `input` `[..., seq, head_dim]` and
    the tables `cos`, `sin` `[1, 1, seq', head_dim']` with `seq' >= seq` and
    `head_dim'` padded to 32 as `head_dim` is (ttnn compares padded head dims)
    (ttnn.experimental.rotary_embedding without a token index). The verifier
    checks the table shapes and that the result is the input's shape and
    element type.

    Op model: ttnn 0.81.1's multi-core rotary program: input, rotated input,
    cos, sin and output CBs of two rows of tiles (`2 Wt`; no rotated input
    for `Wt = 1`), a bf16 scalar tile and 1-tile intermediates in the input,
    cos and sin formats. A height-sharded input or output is its own
    CB.

    ```mlir
    %r = ttnn.rotary_embedding %x, %cos, %sin : tensor<1x8x128x64xbf16, #l1>, tensor<1x1x128x64xbf16, #l1>, tensor<1x1x128x64xbf16, #l1> -> tensor<1x8x128x64xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, AnyRankedTensor:$cos,
                       AnyRankedTensor:$sin);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `,` $cos `,` $sin attr-dict `:` type($input) `,` type($cos) `,`
    type($sin) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTNN_ScaledDotProductAttentionOp
    : TTNN_Op<"scaled_dot_product_attention", [Pure]> {
  let summary = "softmax(q k^T * scale [+ causal mask]) v";
  let description = [{
    Flash attention over `query` `[B, Hq, Sq, D]`, `key` and `value`
    `[B, Hkv, Sk, D]` with `Hq` a multiple of `Hkv` (grouped-query attention),
    `is_causal` masking the future; `scale` defaults to `1 / sqrt(D)`
    (ttnn.transformer.scaled_dot_product_attention without a mask tensor or
    program config). The verifier checks the ranks, the shared batch and
    head_dim, the head grouping and that the result is the query's shape and
    element type; what the device accepts (a causal `Sq == Sk`, `D` a multiple
    of 32, bf16 / bfp8_b, interleaved operands) is the op model's answer.

    Op model: ttnn 0.81.1's SDPA program with its default 32 x 32 chunks:
    q, k, v, output, intermediate and statistics CBs of one chunk row of D
    (docs/op-model.md).

    ```mlir
    %o = ttnn.scaled_dot_product_attention %q, %k, %v {is_causal = true} : tensor<1x8x256x64xbf16, #dram>, tensor<1x2x256x64xbf16, #dram>, tensor<1x2x256x64xbf16, #dram> -> tensor<1x8x256x64xbf16, #dram>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$query, AnyRankedTensor:$key,
                       AnyRankedTensor:$value,
                       DefaultValuedAttr<BoolAttr, "false">:$is_causal,
                       OptionalAttr<F32Attr>:$scale);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $query `,` $key `,` $value attr-dict `:` type($query) `,` type($key) `,`
    type($value) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTNN_IR_TTNNMODELOPS_TD
