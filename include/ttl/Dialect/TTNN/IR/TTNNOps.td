//===- TTNNOps.td - TTNN operations ------------------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNOPS_TD
#define TTL_DIALECT_TTNN_IR_TTNNOPS_TD

include "ttl/Dialect/TTNN/IR/TTNNBase.td"
include "ttl/Dialect/TTNN/IR/TTNNAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TTNN_ReluOp : TTNN_Op<"relu", [Pure]> {
  let summary = "elementwise max(x, 0)";
  let description = [{
    Unary elementwise rectified linear unit. Input and output have the same
    shape and element type; their layouts may differ (the output layout is
    where the result is placed).

    ```mlir
    %1 = ttnn.relu %0 : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTNN_IR_TTNNOPS_TD
