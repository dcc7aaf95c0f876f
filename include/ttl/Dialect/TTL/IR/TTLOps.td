//===- TTLOps.td - TTL operations --------------------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTLOPS_TD
#define TTL_DIALECT_TTL_IR_TTLOPS_TD

include "ttl/Dialect/TTL/IR/TTLBase.td"
include "ttl/Dialect/TTL/IR/TTLTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TTL_CreateDataflowBufferOp : TTL_Op<"create_dfb", [Pure]> {
  let summary = "creates a dataflow buffer";
  let description = [{
    Creates a dataflow buffer on every core of the enclosing operation. The
    result type gives the block shape, element type and block count. The
    optional `physical_index` is the TT-Metal circular-buffer index chosen by
    DFB index allocation; it is absent until that pass runs.

    ```mlir
    %in = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
    %out = ttl.create_dfb {physical_index = 16 : i32} : !ttl.dfb<1x1xf32, 2>
    ```
  }];
  let arguments = (ins OptionalAttr<I32Attr>:$physical_index);
  let results = (outs TTL_DataflowBufferType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Largest number of physical DFB indices on any supported target
    /// (Blackhole: 64, Wormhole: 32).
    static constexpr int32_t kMaxPhysicalIndices = 64;
  }];
}

#endif // TTL_DIALECT_TTL_IR_TTLOPS_TD
