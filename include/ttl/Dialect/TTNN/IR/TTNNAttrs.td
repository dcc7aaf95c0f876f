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

def TTNN_LayoutAttr : TTNN_Attr<"Layout", "layout"> {
  let summary = "memory placement of a tiled tensor";
  let description = [{
    Where a tiled tensor lives and how its 32x32 tiles are distributed. The
    layout is the encoding of the ranked tensors that TTNN ops take.

    - `buffer_type`: `dram` or `l1`.
    - `memory_layout`: `interleaved` (pages round-robin over banks) or
      `height_sharded` / `width_sharded` / `block_sharded` (one shard per core).
    - `data_type`: the tile element type, `bf16` or `f32`.
    - `grid`: for sharded layouts, the core grid `ROWSxCOLS` holding shards.
    - `shard`: for sharded layouts, the shard shape in elements.

    ```mlir
    #dram = #ttnn.layout<dram, interleaved, bf16>
    #hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
    ```
  }];
  let parameters = (ins
    EnumParameter<TTNN_BufferType>:$bufferType,
    EnumParameter<TTNN_TensorMemoryLayout>:$memoryLayout,
    "::mlir::Type":$dataType,
    OptionalArrayRefParameter<"int64_t">:$grid,
    OptionalArrayRefParameter<"int64_t">:$shard
  );
  let assemblyFormat = [{
    `<` $bufferType `,` $memoryLayout `,` $dataType
        (`,` `grid` `=` custom<Shape>($grid)^)?
        (`,` `shard` `=` custom<Shape>($shard)^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isSharded() const {
      return getMemoryLayout() != TensorMemoryLayout::Interleaved;
    }
  }];
}

#endif // TTL_DIALECT_TTNN_IR_TTNNATTRS_TD
