//===- TTNNAttrs.td - TTNN attributes ----------------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNATTRS_TD
#define TTL_DIALECT_TTNN_IR_TTNNATTRS_TD

include "ttl/Dialect/TTNN/IR/TTNNBase.td"

def TTNN_BufferType : I32EnumAttr<"BufferType", "where a tensor's pages live", [
    I32EnumAttrCase<"DRAM", 0, "dram">,
    I32EnumAttrCase<"L1", 1, "l1">
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::ttnn";
}

def TTNN_TensorMemoryLayout : I32EnumAttr<"TensorMemoryLayout",
    "how a tensor's pages are spread over banks or cores", [
    I32EnumAttrCase<"Interleaved", 0, "interleaved">,
    I32EnumAttrCase<"HeightSharded", 1, "height_sharded">,
    I32EnumAttrCase<"WidthSharded", 2, "width_sharded">,
    I32EnumAttrCase<"BlockSharded", 3, "block_sharded">
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::ttnn";
}

def TTNN_DataType : I32EnumAttr<"DataType",
    "storage format of a tensor's 32x32 tiles", [
    I32EnumAttrCase<"BFloat16", 0, "bf16">,
    I32EnumAttrCase<"Float32", 1, "f32">,
    I32EnumAttrCase<"BFloat8B", 2, "bfp8_b">,
    I32EnumAttrCase<"UInt32", 3, "u32">
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::ttnn";
}

def TTNN_PageLayout : I32EnumAttr<"PageLayout",
    "how a tensor's elements form pages", [
    I32EnumAttrCase<"Tile", 0, "tile">,
    I32EnumAttrCase<"RowMajor", 1, "row_major">
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::ttnn";
}

def TTNN_TensorMemoryLayoutAttr
    : EnumAttr<TTNN_Dialect, TTNN_TensorMemoryLayout, "memory_layout"> {
  let summary = "a sharding scheme on its own (an op's configured scheme)";
  let description = [{
    A `TensorMemoryLayout` where an op configures a scheme apart from its
    tensors' layouts, for example conv2d's `shard_layout` (ttnn's
    `Conv2dConfig.shard_layout`) when the result is written to DRAM:

    ```mlir
    shard_layout = #ttnn.memory_layout<block_sharded>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def TTNN_LayoutAttr : TTNN_Attr<"Layout", "layout"> {
  let summary = "memory placement of a tensor";
  let description = [{
    Where a tensor lives and how its pages are distributed. The layout is the
    encoding of the ranked tensors that TTNN ops take.

    - a leading `row_major` (optional): the tensor is stored row by row, one
      page per row of its last dimension (ttnn's ROW_MAJOR_LAYOUT); without
      it the tensor is tiled, one page per 32x32 tile (TILE_LAYOUT). A
      row-major page holds `last dim x element bytes` (bf16 2, f32 4),
      aligned up to the buffer's alignment; `bfp8_b` exists only tiled.
      Most ops take tiled tensors; `ttnn.to_layout` converts.

    - `buffer_type`: `dram` or `l1`.
    - `memory_layout`: `interleaved` (pages round-robin over banks) or
      `height_sharded` / `width_sharded` / `block_sharded` (one shard per core).
    - `data_type`: the tile storage format: `bf16` (2048 B per tile), `f32`
      (4096 B) or `bfp8_b` (block floating point, 1024 B of mantissas plus 64
      B of shared exponents = 1088 B per tile) or `u32` (4096 B; 4 B per
      row-major element) for index tensors (`ui32` elements: embedding
      indices, argmax results). A `bfp8_b` layout stores a tensor whose
      element type is `bf16` or `f32`.
    - `grid`: for sharded layouts, the core grid `ROWSxCOLS` holding shards.
    - `shard`: for sharded layouts, the shard shape in elements (rows x
      columns of the tensor collapsed to 2-D), a multiple of the 32x32 tile.

    ```mlir
    #dram = #ttnn.layout<dram, interleaved, bf16>
    #hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
    #bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 2x4, shard = 64x128>
    #rm = #ttnn.layout<row_major, dram, interleaved, bf16>
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"::mlir::ttnn::PageLayout",
                           "::mlir::ttnn::PageLayout::Tile">:$pageLayout,
    EnumParameter<TTNN_BufferType>:$bufferType,
    EnumParameter<TTNN_TensorMemoryLayout>:$memoryLayout,
    EnumParameter<TTNN_DataType>:$dataType,
    OptionalArrayRefParameter<"int64_t">:$grid,
    OptionalArrayRefParameter<"int64_t">:$shard
  );
  let assemblyFormat = [{
    `<` `` custom<PageLayout>($pageLayout) `` $bufferType `,` $memoryLayout `,`
        $dataType (`,` `grid` `=` custom<Shape>($grid)^)?
        (`,` `shard` `=` custom<Shape>($shard)^)? `>`
  }];
  let builders = [
    // A tiled layout: every layout but to_layout's row-major ones.
    AttrBuilder<(ins "BufferType":$bufferType,
                     "TensorMemoryLayout":$memoryLayout, "DataType":$dataType,
                     "::llvm::ArrayRef<int64_t>":$grid,
                     "::llvm::ArrayRef<int64_t>":$shard), [{
      return $_get($_ctxt, PageLayout::Tile, bufferType, memoryLayout,
                   dataType, grid, shard);
    }]>
  ];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isSharded() const {
      return getMemoryLayout() != TensorMemoryLayout::Interleaved;
    }
    bool isL1() const { return getBufferType() == BufferType::L1; }
    bool isRowMajor() const { return getPageLayout() == PageLayout::RowMajor; }
    /// Bytes of one 32x32 tile in this layout's storage format.
    int64_t getTileBytes() const;
    /// This placement in another storage format (the bf16 temporaries of a
    /// bfp8_b chain).
    LayoutAttr withDataType(DataType dataType) const;
    /// This placement with `pageLayout` pages (a tensor tilized or
    /// untilized in place of its memory config).
    LayoutAttr withPageLayout(PageLayout pageLayout) const;
    /// This placement with another grid and shard shape (a sharded output
    /// placed by its program).
    LayoutAttr withShards(::llvm::ArrayRef<int64_t> grid,
                          ::llvm::ArrayRef<int64_t> shard) const;
    /// This storage format, interleaved in `bufferType` with `pageLayout`
    /// pages: the temporaries ttnn copies a tensor through.
    LayoutAttr interleavedIn(PageLayout pageLayout,
                             BufferType bufferType) const;
  }];
}

//===----------------------------------------------------------------------===//
// A compiled TTL operation inside a TTNN graph (ttnn.generic)
//===----------------------------------------------------------------------===//

def TTNN_CoreRangeAttr : TTNN_Attr<"CoreRange", "core_range"> {
  let summary = "an inclusive rectangle of worker cores";
  let description = [{
    The worker cores `(x, y)` with `start_x <= x <= end_x` and
    `start_y <= y <= end_y`; `x` is the column and `y` the row, as in
    `ttnn.CoreCoord` and `ttlang.artifact.CoreRange`.

    ```mlir
    #ttnn.core_range<(0, 0), (1, 1)>   // the 2x2 cores at the origin
    ```
  }];
  let parameters = (ins "int64_t":$startX, "int64_t":$startY,
                        "int64_t":$endX, "int64_t":$endY);
  let assemblyFormat = [{
    `<` `(` $startX `,` $startY `)` `,` `(` $endX `,` $endY `)` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool contains(int64_t x, int64_t y) const {
      return getStartX() <= x && x <= getEndX() && getStartY() <= y &&
             y <= getEndY();
    }
  }];
}

def TTNN_KernelAttr : TTNN_Attr<"Kernel", "kernel"> {
  let summary = "one kernel descriptor of a compiled TTL operation";
  let description = [{
    A generated TT-Metal kernel: its logical kernel (the TTL dialect's
    `#ttl.kernel`, resolved: kind, capture name, operation identity) and the
    cores it runs on (core specialization may split one logical kernel into
    several descriptors with disjoint cores). This is
    `ttlang.artifact.KernelDescriptorSpec` without its source and ABI, which
    the op model does not need.

    ```mlir
    #ttnn.kernel<#ttl.kernel<compute, "compute", "ops.add:1f2e">, cores = [#ttnn.core_range<(0, 0), (1, 1)>]>
    ```
  }];
  let parameters = (ins "::mlir::ttl::KernelAttr":$kernel,
                        "::mlir::ArrayAttr":$cores);
  let assemblyFormat = "`<` qualified($kernel) `,` `cores` `=` $cores `>`";
  let genVerifyDecl = 1;
}

def TTNN_DataflowBufferAttr : TTNN_Attr<"DataflowBuffer", "dfb"> {
  let summary = "one dataflow buffer (circular buffer) of a compiled TTL operation";
  let description = [{
    A DFB as the runtime allocates it (`ttlang.artifact.DataflowBufferSpec`,
    a ttnn `CBDescriptor`): its record name, its physical circular-buffer
    index, its TTL type `!ttl.dfb<ROWSxCOLSxELEMENT, BLOCK_COUNT>` (block
    shape, element type, block count: the same type the TTL program
    created), the blocks of the rings its synchronized reconfigurations add
    (`reconfigured_blocks`, `ttl.reconfigure_dfb`; 0 when absent) and the
    cores it is allocated on. Bytes per core: block bytes x (block count +
    reconfigured blocks), the compiler's `total_size`.

    ```mlir
    #ttnn.dfb<"a_dfb", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (1, 1)>]>
    #ttnn.dfb<"acc", 16, !ttl.dfb<2x2xf32, 2>, cores = [#ttnn.core_range<(0, 0), (7, 7)>], reconfigured_blocks = 4>
    ```
  }];
  let parameters = (ins StringRefParameter<"name in the compile records">:$name,
                        "int64_t":$index,
                        "::mlir::ttl::DataflowBufferType":$type,
                        "::mlir::ArrayAttr":$cores,
                        DefaultValuedParameter<"int64_t", "0">:$reconfiguredBlocks);
  let assemblyFormat = [{
    `<` $name `,` $index `,` qualified($type) `,` `cores` `=` $cores
        (`,` `reconfigured_blocks` `=` $reconfiguredBlocks^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// L1 bytes on each of its cores: block bytes x (block count +
    /// reconfigured blocks).
    int64_t getBytesPerCore() const;
  }];
}

#endif // TTL_DIALECT_TTNN_IR_TTNNATTRS_TD
