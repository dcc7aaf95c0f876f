//===- TTLTypes.td - TTL types -----------------------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTLTYPES_TD
#define TTL_DIALECT_TTL_IR_TTLTYPES_TD

include "ttl/Dialect/TTL/IR/TTLBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def TTL_DataflowBufferType : TTL_Type<"DataflowBuffer", "dfb"> {
  let summary = "a dataflow buffer of tile blocks";
  let description = [{
    A dataflow buffer (DFB) is a ring of `block_count` blocks in the L1 memory
    of every core of the operation, each block holding `rows x cols` tiles of
    32x32 elements of `element_type` (bf16 or f32). Producers reserve a block,
    fill it and push it; consumers wait for a block, read it and pop it. On
    TT-Metal a DFB is a circular buffer with a physical index.

    Syntax: `!ttl.dfb<ROWSxCOLSxELEMENT, BLOCK_COUNT>`, for example

    ```mlir
    // Two blocks of 2x2 bf16 tiles (8 KiB per block).
    !ttl.dfb<2x2xbf16, 2>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block shape in tiles (rows, cols)">:$shape,
    "::mlir::Type":$elementType,
    "int64_t":$blockCount
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of tiles in one block.
    int64_t getTilesPerBlock() const;
    /// Bytes of one 32x32 tile of the element type.
    int64_t getTileSizeBytes() const;
    /// Bytes of L1 that the whole buffer occupies on one core.
    int64_t getTotalSizeBytes() const;
  }];
}

#endif // TTL_DIALECT_TTL_IR_TTLTYPES_TD
