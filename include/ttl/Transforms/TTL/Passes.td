//===- Passes.td - TTL passes ------------------------------*- tablegen -*-===//

#ifndef TTL_TRANSFORMS_TTL_PASSES_TD
#define TTL_TRANSFORMS_TTL_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLAssignDFBIndices : Pass<"ttl-assign-dfb-indices", "::mlir::ModuleOp"> {
  let summary = "assigns physical TT-Metal indices to dataflow buffers";
  let description = [{
    Gives every `ttl.create_dfb` in a function without a `physical_index` the
    next free physical circular-buffer index of that function, in program
    order, and fails with an error at the offending buffer when the function
    needs more buffers than the target has.

    ```mlir
    // Before
    %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
    // After ttl-assign-dfb-indices
    %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"wormhole_b0\"",
           "target architecture whose buffer count bounds the indices "
           "(wormhole_b0 or blackhole)">
  ];
}

#endif // TTL_TRANSFORMS_TTL_PASSES_TD
