//===- TTLTypes.td - TTL types -----------------------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTLTYPES_TD
#define TTL_DIALECT_TTL_IR_TTLTYPES_TD

include "ttl/Dialect/TTL/IR/TTLBase.td"
include "ttl/Dialect/TTL/IR/TTLAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def TTL_DataflowBufferType : TTL_Type<"DataflowBuffer", "dfb"> {
  let summary = "a dataflow buffer of tile blocks or of element-shaped blocks";
  let description = [{
    A dataflow buffer (DFB) is a ring of `block_count` blocks in the L1 memory
    of every core of the operation. On TT-Metal a DFB is a circular buffer
    with a physical index, whose pages are the blocks' pages. Producers reserve
    a block, fill it and push it; consumers wait for a block, read it and pop
    it. The blocks are of one of two kinds (`layout`):

    - `tiled` (the default, not spelled): each block holds `rows x cols`
      tiles of 32x32 elements of `element_type` (bf16 or f32), one tile per
      page. Python: `ttl.make_dataflow_buffer_like(t, shape=(r, c))` with `t`
      in tile layout.
    - `row_major`: an *element-shaped* block, `rows` rows of `cols` elements,
      one row per page (ttnn's ROW_MAJOR layout: a page is one row of the
      tensor's last dimension). Each page is `cols` elements rounded up to
      the largest NoC alignment of any target (`kRowPageAlignment`,
      ttl/Targets.h: 64 B), so every row of a block starts where a NoC read
      of a DRAM or L1 page may land. Python: `ttl.make_dataflow_buffer_like(t,
      shape=(C,))` (one row) or `shape=(..., R, C)` (R rows, the leading
      dimensions folded into the rows) with `t` row-major. These blocks are
      for data movement: `ttl.load_rows` / `ttl.store_rows` and pipes move
      them; tile math does not take them.

    Syntax: `!ttl.dfb<ROWSxCOLSxELEMENT, BLOCK_COUNT[, row_major]>`, for
    example

    ```mlir
    // Two blocks of 2x2 bf16 tiles (8 KiB per block).
    !ttl.dfb<2x2xbf16, 2>
    // Two blocks of one row of 32 f32 elements (one 128 B page per block).
    !ttl.dfb<1x32xf32, 2, row_major>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block shape: tiles (rows, cols), or rows and elements per row">:$shape,
    "::mlir::Type":$elementType,
    "int64_t":$blockCount,
    DefaultValuedParameter<"::mlir::ttl::TensorLayout", "::mlir::ttl::TensorLayout::Tiled",
                           "tiled: pages of tiles; row_major: pages of rows">:$layout
  );
  // A tiled DFB is the common case: its layout may be left out.
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
                     "int64_t":$blockCount,
                     CArg<"::mlir::ttl::TensorLayout", "::mlir::ttl::TensorLayout::Tiled">:$layout), [{
      return $_get($_ctxt, shape, elementType, blockCount, layout);
    }]>];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for blocks of 32x32 tiles (tile math takes them).
    bool isTiled() const { return getLayout() == TensorLayout::Tiled; }
    /// Pages of one block: its tiles, or its rows when row-major.
    int64_t getPagesPerBlock() const;
    /// Bytes of one page: a 32x32 tile of the element type, or a row of
    /// `cols` elements rounded up to kRowPageAlignment.
    int64_t getPageSizeBytes() const;
    /// Bytes of L1 that the whole buffer occupies on one core.
    int64_t getTotalSizeBytes() const;
  }];
}

def TTL_BlockType : TTL_Type<"Block", "block"> {
  let summary = "a block of tiles, or an element-shaped block of rows";
  let description = [{
    A block of `rows x cols` 32x32 tiles of `element_type`, or with
    `row_major` an element-shaped block of `rows` rows of `cols` elements
    (see `!ttl.dfb`). Values of this type are either a DFB slot acquired with
    `ttl.reserve` (to be filled) or `ttl.wait` (to be read), or the result of
    tile math on tiled blocks.

    ```mlir
    !ttl.block<2x2xbf16>
    !ttl.block<1x32xf32, row_major>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block shape: tiles (rows, cols), or rows and elements per row">:$shape,
    "::mlir::Type":$elementType,
    DefaultValuedParameter<"::mlir::ttl::TensorLayout", "::mlir::ttl::TensorLayout::Tiled",
                           "tiled: tiles; row_major: rows of elements">:$layout
  );
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
                     CArg<"::mlir::ttl::TensorLayout", "::mlir::ttl::TensorLayout::Tiled">:$layout), [{
      return $_get($_ctxt, shape, elementType, layout);
    }]>];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isTiled() const { return getLayout() == TensorLayout::Tiled; }
    int64_t getTilesPerBlock() const { return getShape()[0] * getShape()[1]; }
    /// Pages of the block: its tiles, or its rows when row-major.
    int64_t getPagesPerBlock() const {
      return isTiled() ? getTilesPerBlock() : getShape()[0];
    }
    /// Bytes of one page (as the DFB type's).
    int64_t getPageSizeBytes() const;
  }];
}

// A block of tiles: what tile math, stores and device prints take.
def TTL_TileBlock : Type<
    And<[CPred<"::llvm::isa<::mlir::ttl::BlockType>($_self)">,
         CPred<"::llvm::cast<::mlir::ttl::BlockType>($_self).isTiled()">]>,
    "block of 32x32 tiles (an element-shaped row_major block is for data "
    "movement only: copy the tensor in tile layout to compute on it)",
    "::mlir::ttl::BlockType">;

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
