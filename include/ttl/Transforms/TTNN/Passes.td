//===- Passes.td - TTNN passes -----------------------------*- tablegen -*-===//

#ifndef TTL_TRANSFORMS_TTNN_PASSES_TD
#define TTL_TRANSFORMS_TTNN_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTNNPrintOpConstraints
    : Pass<"ttnn-print-op-constraints", "::mlir::func::FuncOp"> {
  let summary = "test pass: reports each TTNN op's L1 constraints and runtime";
  let description = [{
    Validates every TTNN op of the function with the layouts of its IR types
    and reports the answer as a remark on the op: the validation status, the
    constraints (circular buffers, tensor L1 peak, overall peak, output size,
    output layouts) and the runtime estimate. OpModelExempt ops report that
    they are exempt.

    With `stateful=true` the pass threads a live allocation set through the
    function: it starts engaged and empty, each op's query runs on it, the
    op's output records are added, and `ttnn.deallocate` removes its operand's
    records. The remark then lists the output allocations.

    Functions run in parallel under the multi-threaded pass manager, which is
    how the op-model caches are exercised concurrently.

    ```mlir
    // remark: ttnn.relu: success cb=8192 l1=2048 total=10240 out=2048 ...
    %1 = ttnn.relu %0 : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let options = [
    Option<"stateful", "stateful", "bool", /*default=*/"false",
           "query with a live allocation set threaded through the function">
  ];
  let dependentDialects = ["::mlir::ttnn::TTNNDialect"];
}

#endif // TTL_TRANSFORMS_TTNN_PASSES_TD
