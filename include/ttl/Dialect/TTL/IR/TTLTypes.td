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

def TTL_BlockType : TTL_Type<"Block", "block"> {
  let summary = "a block of tiles";
  let description = [{
    A block of `rows x cols` 32x32 tiles of `element_type`. Values of this
    type are either a DFB slot acquired with `ttl.reserve` (to be filled) or
    `ttl.wait` (to be read), or the result of tile math on such blocks.

    ```mlir
    !ttl.block<2x2xbf16>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block shape in tiles (rows, cols)">:$shape,
    "::mlir::Type":$elementType
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getTilesPerBlock() const { return getShape()[0] * getShape()[1]; }
  }];
}

def TTL_TransferType : TTL_Type<"Transfer", "transfer"> {
  let summary = "handle of an asynchronous tile copy";
  let description = [{
    Returned by `ttl.load_tiles` and `ttl.store_tiles`; `ttl.transfer_wait`
    blocks until the copy has completed (a NoC read or write barrier).

    ```mlir
    %tx = ttl.load_tiles %t[%r, %c], %blk : tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
    ttl.transfer_wait %tx
    ```
  }];
}

#endif // TTL_DIALECT_TTL_IR_TTLTYPES_TD
