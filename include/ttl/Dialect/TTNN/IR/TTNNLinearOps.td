//===- TTNNLinearOps.td - linear (matmul + bias + activation) -*- tablegen -*-===//
//
// ttnn.linear and the activation it may apply. Included by TTNNOps.td after
// ttnn.matmul, whose program selection linear shares (docs/op-model.md,
// "Linear").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNLINEAROPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNLINEAROPS_TD

// The activations ttnn 0.81.1's linear accepts by name and runs after the
// product (measured on the mock devices: each is one unary program).
def TTNN_UnaryActivation : I32EnumAttr<"UnaryActivation",
    "an activation applied to the result of ttnn.linear", [
    I32EnumAttrCase<"Relu", 0, "relu">,
    I32EnumAttrCase<"Relu6", 1, "relu6">,
    I32EnumAttrCase<"Gelu", 2, "gelu">,
    I32EnumAttrCase<"Silu", 3, "silu">,
    I32EnumAttrCase<"Sigmoid", 4, "sigmoid">,
    I32EnumAttrCase<"Tanh", 5, "tanh">
  ]> {
  let cppNamespace = "::mlir::ttnn";
  let genSpecializedAttr = 0;
}

def TTNN_UnaryActivationAttr
    : EnumAttr<TTNN_Dialect, TTNN_UnaryActivation, "activation">;

def TTNN_LinearOp : TTNN_Op<"linear", [Pure]> {
  let summary = "a @ b + bias, then an optional activation";
  let description = [{
    `activation(a @ b + bias)` as ttnn.linear: the product of the two
    innermost dimensions (leading dimensions of `a` and `b` broadcast, as
    ttnn.matmul, `transpose_a` / `transpose_b` first), plus an optional
    `bias` that broadcasts over the result (one value per output column,
    `[N]` or `[1, ..., 1, N]`, or a full `[M, N]`), then an optional
    `activation`. The verifier checks the ranks, the inner dimensions, the
    bias shape and that the result has the product's shape; its element
    type (with its layout's data type) is the output's, which need not be
    `a`'s (ttnn's `dtype`).

    Op model (ttnn 0.81.1 without a program config, measured on the mock
    Wormhole and Blackhole devices): the matmul program ttnn.matmul would
    run. A bias of one tile row is fused into it when the result is in DRAM
    and `a` is sharded or every tensor is in DRAM; otherwise the product is
    written to a temporary placed like the result and a broadcast add
    follows. The activation is always one more unary program over the
    result. Temporaries are freed after the program that reads them
    (docs/op-model.md, "Linear").

    ```mlir
    %y = ttnn.linear %x, %w bias %b activation gelu : tensor<64x1024xbf16, #dram>, tensor<1024x4096xbf16, #dram>, tensor<1x4096xbf16, #dram> -> tensor<64x4096xbf16, #dram>
    %z = ttnn.linear %x, %w {transpose_b = true} : tensor<64x1024xbf16, #l1>, tensor<4096x1024xbf16, #dram> -> tensor<64x4096xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
                       Optional<AnyRankedTensor>:$bias,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_b,
                       OptionalAttr<TTNN_UnaryActivationAttr>:$activation);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $a `,` $b (`bias` $bias^)? (`activation` $activation^)? attr-dict `:`
    type(operands) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTNN_IR_TTNNLINEAROPS_TD
