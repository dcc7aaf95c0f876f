//===- TTLAttrs.td - TTL enums and attributes --------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTLATTRS_TD
#define TTL_DIALECT_TTL_IR_TTLATTRS_TD

include "ttl/Dialect/TTL/IR/TTLBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def TTL_MemorySpace : I32EnumAttr<"MemorySpace", "where a tensor's buffer lives", [
    I32EnumAttrCase<"L1", 0, "l1">,
    I32EnumAttrCase<"DRAM", 1, "dram">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_MemoryLayout : I32EnumAttr<"MemoryLayout",
    "how a tensor's pages are distributed over banks", [
    I32EnumAttrCase<"Interleaved", 0, "interleaved">,
    // ttnn's sharded layouts: each core of a shard grid holds whole shards
    // (#ttl.shard), in its own L1 (docs/language.md, "Sharded tensors").
    I32EnumAttrCase<"HeightSharded", 1, "height_sharded">,
    I32EnumAttrCase<"WidthSharded", 2, "width_sharded">,
    I32EnumAttrCase<"BlockSharded", 3, "block_sharded">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_TensorLayout : I32EnumAttr<"TensorLayout", "element order of a tensor", [
    I32EnumAttrCase<"Tiled", 0, "tiled">,
    I32EnumAttrCase<"RowMajor", 1, "row_major">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_ShardOrientation : I32EnumAttr<"ShardOrientation",
    "the order of a shard grid's cores (ttnn.ShardOrientation)", [
    I32EnumAttrCase<"RowMajor", 0, "row_major">,
    I32EnumAttrCase<"ColMajor", 1, "col_major">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_KernelKind : I32EnumAttr<"KernelKind", "kind of a logical kernel", [
    I32EnumAttrCase<"Compute", 0, "compute">,
    I32EnumAttrCase<"DataMovement", 1, "data_movement">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_KernelArgKind : I32EnumAttr<"KernelArgKind",
    "what one slot of a generated kernel's argument lists carries", [
    // Compile-time: the physical (circular-buffer) index of a DFB.
    I32EnumAttrCase<"DfbIndex", 0, "dfb_index">,
    // Compile-time: the TensorAccessorArgs words of a tensor.
    I32EnumAttrCase<"TensorAccessor", 1, "tensor_accessor">,
    // Common or per-core runtime: a tensor's buffer address.
    I32EnumAttrCase<"BufferAddress", 2, "buffer_address">,
    // Per-core runtime: the caller's runtime-resource words (any number, first).
    I32EnumAttrCase<"CallerArgs", 3, "caller_args">,
    // Compile-time: how many caller words precede compiler-owned per-core words.
    I32EnumAttrCase<"CallerArgCount", 4, "caller_arg_count">,
    // Per-core runtime: byte offset of a DFB configuration's ring.
    I32EnumAttrCase<"DfbConfigAddress", 5, "dfb_config_address">,
    // Per-core runtime: the core's (x, y). The runtime fills it; the compiler
    // does not emit it today (kernels read the coordinate from the firmware).
    I32EnumAttrCase<"CoreCoord", 6, "core_coord">,
    // Runtime: a named scalar the caller passes at dispatch. The runtime
    // fills it; the compiler does not emit it today.
    I32EnumAttrCase<"Scalar", 7, "scalar">,
    // Common runtime: a sharded tensor's bank coordinates (TensorAccessorArgs
    // with RuntimeBankCoords): the NoC (x, y) of each shard's core, two per
    // word. Its words are the logical cores, (x << 8) | y, one per bank; the
    // runtime translates them for the device it dispatches to.
    I32EnumAttrCase<"ShardBankCoords", 8, "shard_bank_coords">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_ProcessorRole : I32EnumAttr<"ProcessorRole",
    "which Tensix processors run a generated kernel", [
    // TRISC 0/1/2 (unpack, math, pack).
    I32EnumAttrCase<"Compute", 0, "compute">,
    // RISC-V 0 (BRISC, ttnn ReaderConfigDescriptor).
    I32EnumAttrCase<"DataMovement0", 1, "data_movement_0">,
    // RISC-V 1 (NCRISC, ttnn WriterConfigDescriptor).
    I32EnumAttrCase<"DataMovement1", 2, "data_movement_1">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_DataFormat : I32EnumAttr<"DataFormat",
    "element format of a circular buffer, spelled as ttnn's data types", [
    I32EnumAttrCase<"Bfloat16", 0, "bfloat16">,
    I32EnumAttrCase<"Float32", 1, "float32">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

// What an external call does with a claimed fabric manager
// (#ttl.fabric_manager, TTLExtern.td); here so Python gets it generated.
def TTL_FabricManagerPhase : I32EnumAttr<"FabricManagerPhase",
    "what an external call does with a claimed fabric manager", [
    // The call opens the manager: ownership starts when the call starts.
    I32EnumAttrCase<"Acquire", 0, "acquire">,
    // The call uses the manager while it is owned.
    I32EnumAttrCase<"Use", 1, "use">,
    // The call closes the manager: ownership ends after the call returns.
    I32EnumAttrCase<"Release", 2, "release">,
    // The call acquires, uses and releases the manager.
    I32EnumAttrCase<"Scoped", 3, "scoped">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_Accumulation : I32EnumAttr<"Accumulation",
    "how an accumulating ttl.store adds to its reserved block", [
    // The first contribution: overwrites while every scf.for between the store
    // and the reservation is at its first iteration, adds otherwise.
    I32EnumAttrCase<"First", 0, "first">,
    // An earlier store into the block precedes it: it always adds.
    I32EnumAttrCase<"AlwaysAdds", 1, "always_adds">,
    // A first-contribution matmul whose partial sums stay in DEST across its
    // loop (the block fits one DEST section).
    I32EnumAttrCase<"InDest", 2, "in_dest">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TTL_LayoutAttr : TTL_Attr<"Layout", "layout",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "memory placement of a tensor operand";
  let description = [{
    The encoding of a ranked tensor that an operation reads or writes: the
    memory holding its buffer (`l1` or `dram`), how pages are spread over
    banks (`interleaved`, or ttnn's `height_sharded` / `width_sharded` /
    `block_sharded` with a `#ttl.shard` spec) and the element order (`tiled`:
    32x32 tiles, one tile per page; `row_major`). Tensor operands of a TTL
    operation carry this encoding; tile copies (`ttl.load_tiles` /
    `ttl.store_tiles`) need `tiled`.

    A sharded tensor lives in L1, its shard spec fits the tensor's shape as
    ttnn requires (checked on the tensor type): a height-sharded shard is as
    wide as the tensor, a width-sharded one as tall (the tensor's rows are all
    dimensions but the last, tile-padded when tiled), a block-sharded grid is
    one rectangle holding the shards' rows and columns, and a tiled tensor's
    shards are whole tiles.

    ```mlir
    func.func @f(%a: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>)
    func.func @g(%a: tensor<256x64xbf16, #ttl.layout<l1, height_sharded, tiled,
        #ttl.shard<grid = [#ttl.core_range<(0, 0) to (3, 0)>], shape = [64, 64], row_major>>>)
    ```
  }];
  let parameters = (ins
    EnumParameter<TTL_MemorySpace>:$memorySpace,
    EnumParameter<TTL_MemoryLayout>:$memoryLayout,
    EnumParameter<TTL_TensorLayout>:$tensorLayout,
    OptionalParameter<"ShardSpecAttr">:$shard);
  let assemblyFormat =
      "`<` $memorySpace `,` $memoryLayout `,` $tensorLayout (`,` $shard^)? `>`";
  let builders = [
    AttrBuilder<(ins "MemorySpace":$memorySpace, "MemoryLayout":$memoryLayout,
                     "TensorLayout":$tensorLayout), [{
      return $_get($_ctxt, memorySpace, memoryLayout, tensorLayout,
                   ShardSpecAttr());
    }]>];
  let extraClassDeclaration = [{
    bool isSharded() const {
      return getMemoryLayout() != MemoryLayout::Interleaved;
    }
  }];
}

def TTL_KernelAttr : TTL_Attr<"Kernel", "kernel"> {
  let summary = "a logical kernel: kind, capture identity, operation identity";
  let description = [{
    Identifies one logical kernel of an operation. `kind` is `compute` or
    `data_movement`. A *canonical* kernel (the compiler-owned kernel of its
    kind, selected in Python with `ttl.KernelKind.COMPUTE` /
    `ttl.KernelKind.DATA_MOVEMENT`) is written with the kind alone. An
    operation-owned kernel (a `ttl.Kernel` handle) also carries its capture
    name and the deterministic identity of the operation that owns it; two
    attributes denote the same logical kernel exactly when they are equal.

    After `ttl-split-kernels` every kernel function carries a *resolved*
    attribute: canonical kernels then name themselves `"compute"` /
    `"data_movement"` and carry the identity of the compiled operation, so the
    triple (kind, name, operation) equals `ttlang.artifact.LogicalKernelId`.

    ```mlir
    #ttl.kernel<compute>                                  // canonical
    #ttl.kernel<data_movement, "reader", "ops.add:1f2e">  // handle `reader`
    ```
  }];
  let parameters = (ins
    EnumParameter<TTL_KernelKind>:$kind,
    StringRefParameter<"capture name; empty for a canonical selector", "\"\"">:$name,
    StringRefParameter<"owning operation identity", "\"\"">:$operation);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for an unresolved canonical selector (kind only).
    bool isCanonicalSelector() const { return getName().empty(); }
    /// The resolved identity of this selector inside operation `operationId`:
    /// canonical selectors get the kind's canonical name and `operationId`.
    KernelAttr resolve(::llvm::StringRef operationId) const;
    /// "compute", "data_movement" or "reader" (for diagnostics).
    std::string getDisplayName() const;
  }];
}

//===----------------------------------------------------------------------===//
// Kernel records: the compiler -> runtime contract of a generated kernel
//===----------------------------------------------------------------------===//

def TTL_CoreRangeAttr : TTL_Attr<"CoreRange", "core_range"> {
  let summary = "an inclusive rectangle of worker cores";
  let description = [{
    Cores `(x, y)` with `x0 <= x <= x1` and `y0 <= y <= y1` (`x` the column,
    `y` the row, as `ttnn.CoreCoord`). `ttl-specialize-cores` records the
    rectangles a kernel function runs on as `ttl.core_ranges`; the kernel's
    record (`#ttl.kernel_record`) carries them to the runtime.

    ```mlir
    func.func @k() attributes {ttl.core_ranges = [#ttl.core_range<(0, 0) to (1, 0)>]}
    ```
  }];
  let parameters = (ins "int64_t":$x0, "int64_t":$y0, "int64_t":$x1,
                        "int64_t":$y1);
  let assemblyFormat =
      "`<` `(` $x0 `,` $y0 `)` `to` ` ` `(` $x1 `,` $y1 `)` `>`";
  let genVerifyDecl = 1;
}

def TTL_ShardSpecAttr : TTL_Attr<"ShardSpec", "shard"> {
  let summary = "a sharded tensor's shard spec (ttnn.ShardSpec)";
  let description = [{
    `grid`: the cores holding shards, `#ttl.core_range` rectangles in ttnn's
    CoreRangeSet order; `shape`: one shard's [rows, cols] in elements;
    `row_major` / `col_major`: the orientation, the order in which the
    shards are dealt to the cores (a height- or width-sharded tensor's shard
    `i` goes to the `i`-th core, counting each rectangle row by row or column
    by column; a block-sharded shard (r, c) to core (x0 + c, y0 + r), or
    (x0 + r, y0 + c) for `col_major`). The core list is what the generated
    kernels' sharded TensorAccessor takes as its banks (docs/kernel-abi.md).

    ```mlir
    #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 1)>], shape = [64, 32], col_major>
    ```
  }];
  let parameters = (ins "ArrayAttr":$grid, ArrayRefParameter<"int64_t">:$shape,
                        EnumParameter<TTL_ShardOrientation>:$orientation);
  let assemblyFormat =
      "`<` `grid` `=` $grid `,` `shape` `=` `[` $shape `]` `,` $orientation `>`";
  let genVerifyDecl = 1;
}

def TTL_KernelArgAttr : TTL_Attr<"KernelArg", "arg"> {
  let summary = "one slot of a generated kernel's argument lists";
  let description = [{
    `count` 32-bit words of kind `kind` (`#ttl.abi`, docs/kernel-abi.md).
    `ref` names what the slot refers to: a DFB name, a tensor parameter index
    in decimal, a DFB configuration `<dfb>#<k>`, or `caller`. `words`, when
    present, are the slot's finished values, which the compiler knows: the
    physical index of a `dfb_index` slot, the TensorAccessorArgs words of a
    `tensor_accessor` slot (the ArgsConfig word, `IsDram` = 2 for DRAM, and
    the aligned page size, one tile). Slots the runtime fills (addresses,
    caller words, the caller argument count) have none. A `caller_args` slot
    has `count` 0: as many words as the caller gives.

    ```mlir
    #ttl.arg<dfb_index, "dfb0", 1, words = [0]>
    #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>
    #ttl.arg<buffer_address, "0", 1>
    ```
  }];
  let parameters = (ins EnumParameter<TTL_KernelArgKind>:$kind,
                        StringRefParameter<"what the slot refers to">:$ref,
                        "int64_t":$count,
                        OptionalArrayRefParameter<"int64_t">:$words);
  let assemblyFormat =
      "`<` $kind `,` $ref `,` $count (`,` `words` `=` `[` $words^ `]`)? `>`";
  let genVerifyDecl = 1;
}

def TTL_KernelABIAttr : TTL_Attr<"KernelABI", "abi"> {
  let summary = "argument layout of a generated kernel";
  let description = [{
    The compile-time, common runtime and per-core runtime argument slots of a
    generated TT-Metal kernel, each an array of `#ttl.arg` in argument order
    (docs/kernel-abi.md). Computed once, by `computeKernelABI`; the
    conversion to EmitC reads its argument indices from the same layout.

    ```mlir
    #ttl.abi<compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>,
                             #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>],
             common_runtime = [#ttl.arg<buffer_address, "0", 1>],
             per_core_runtime = []>
    ```
  }];
  let parameters = (ins "ArrayAttr":$compile_time, "ArrayAttr":$common_runtime,
                        "ArrayAttr":$per_core_runtime);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TTL_DataflowBufferSpecAttr : TTL_Attr<"DataflowBufferSpec", "dfb_spec"> {
  let summary = "one DFB as the runtime allocates it (a circular buffer)";
  let description = [{
    `name` (the `NameLoc` name of its `ttl.create_dfb`, else `dfb<index>`),
    physical `index`, element `data_format`, `page_size` (bytes of one page:
    a tile, or a row of an element-shaped DFB rounded up to 64 B) and
    `total_size` (bytes of its whole allocation on one core); its `!ttl.dfb`
    block shape (tiles, or rows and elements per row) and block count (for
    DFBs sharing an index, the largest), the blocks the rings of its
    synchronized reconfigurations add (`total_size` = block bytes x
    (`block_count` + `reconfigured_blocks`)), `location`, the `file:line` of
    the user's source that made it (empty when unknown), and its `layout`
    (`tiled`, not printed, or `row_major`: element-shaped blocks).

    ```mlir
    #ttl.dfb_spec<name = "dfb0", index = 0, data_format = bfloat16,
                  page_size = 2048, total_size = 8192, block_shape = [2, 2],
                  block_count = 1, reconfigured_blocks = 0, location = "add.py:12">
    ```
  }];
  let parameters = (ins StringRefParameter<"DFB name">:$name, "int64_t":$index,
                        EnumParameter<TTL_DataFormat>:$data_format,
                        "int64_t":$page_size, "int64_t":$total_size,
                        "DenseI64ArrayAttr":$block_shape,
                        "int64_t":$block_count, "int64_t":$reconfigured_blocks,
                        StringRefParameter<"file:line of the user's source">:$location,
                        DefaultValuedParameter<"::mlir::ttl::TensorLayout",
                            "::mlir::ttl::TensorLayout::Tiled",
                            "tiled or row_major (element-shaped blocks)">:$layout);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TTL_DataflowBufferConfigAttr
    : TTL_Attr<"DataflowBufferConfig", "dfb_config"> {
  let summary = "the ring of one synchronized DFB reconfiguration";
  let description = [{
    The `k`-th reconfiguration (`ttl.reconfigure_dfb`) of DFB `dfb`, named
    `<dfb>#<k>`: its ring lies `address` bytes after the DFB's base. A
    reconfiguring kernel reads the address from a `dfb_config_address`
    per-core slot whose `ref` is `name`.

    ```mlir
    #ttl.dfb_config<name = "dfb0#1", dfb = "dfb0", address = 4096>
    ```
  }];
  let parameters = (ins StringRefParameter<"<dfb>#<k>">:$name,
                        StringRefParameter<"the DFB's name">:$dfb,
                        "int64_t":$address);
  let assemblyFormat = "`<` struct(params) `>`";
}

def TTL_FabricClaimIntervalAttr
    : TTL_Attr<"FabricClaimInterval", "fabric_claim"> {
  let summary = "the lifetime of one captured fabric-manager claim in a kernel";
  let description = [{
    The interval `[start, end)` of program positions during which the
    external calls of the kernel own the fabric manager of claim `name`
    (`ttl.FabricManagerClaim`): `start` is the position of the acquiring
    (or scoped) call, `end` the position after the releasing (or scoped) call.
    A position is the pre-order index of an op in the body of the logical
    kernel's function after `ttl-split-kernels`. Recorded by
    `ttl-record-fabric-managers` on the kernel function
    (`ttl.fabric_claims`) and carried by its `#ttl.kernel_record` to
    `ttlang.artifact.FabricManagerSpec(external=True)`.

    ```mlir
    #ttl.fabric_claim<name = "mux", start = 2, end = 6>
    ```
  }];
  let parameters = (ins StringRefParameter<"the claim's name">:$name,
                        "int64_t":$start, "int64_t":$end);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TTL_ProcessorRoleAttr
    : EnumAttr<TTL_Dialect, TTL_ProcessorRole, "processor_role"> {
  let summary = "the processor role of a kernel function";
  let description = [{
    Written by `ttl-assign-processor-roles` on each kernel function
    (`ttl.processor_role`): the compute kernel runs on the TRISCs, the first
    data-movement logical kernel of the module on RISC-V 0, the second on
    RISC-V 1.

    ```mlir
    func.func @reader() attributes {ttl.processor_role = #ttl.processor_role<data_movement_0>, ...}
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def TTL_AccumulationAttr
    : EnumAttr<TTL_Dialect, TTL_Accumulation, "accumulation"> {
  let summary = "how an accumulating store adds to its block";
  let description = [{
    Written by `ttl-plan-accumulation` on every accumulating `ttl.store`
    (`{accumulate}`, Python `blk += expr`) as `ttl.accumulation`, and read by
    `ttl-lower-tile-math`, which packs accordingly:

    - `first`: the first contribution to its reserved block. Its packs
      overwrite while every `scf.for` between the store and the reservation is
      at its first iteration and add through the packer's L1 accumulation
      otherwise (`pack_reconfig_l1_acc(iv != lb || ...)`); outside loops they
      overwrite.
    - `always_adds`: an earlier store into the block precedes it (in its block
      or an enclosing one up to the reservation's): `pack_reconfig_l1_acc(1)`.
    - `in_dest`: a first-contribution plain matmul of waited blocks, alone in
      a loop right below the reservation, whose block fits one DEST section:
      its partial sums stay in DEST across the loop (one acquire around it).

    ```mlir
    %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.store %e, %r {accumulate, ttl.accumulation = #ttl.accumulation<first>,
                      ttl.indexed_pack} : !ttl.block<1x1xbf16>
    ttl.store %f, %r {accumulate, ttl.accumulation = #ttl.accumulation<always_adds>,
                      ttl.indexed_pack} : !ttl.block<1x1xbf16>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def TTL_KernelRecordAttr : TTL_Attr<"KernelRecord", "kernel_record"> {
  let summary = "what the runtime needs of one generated kernel";
  let description = [{
    Written by `convert-ttl-to-emitc` on each `emitc.file` (attribute
    `ttl.kernel_record`) and read by the runtime through the C API
    (`ttl-c/KernelRecords.h`) into `ttlang.artifact.KernelDescriptorSpec`:
    the logical `kernel` it implements, the processor `role`, the
    `core_ranges` it runs on (`#ttl.core_range`), its `abi` (`#ttl.abi`), the
    DFBs it uses (`#ttl.dfb_spec`, ascending index) and the rings of its DFB
    reconfigurations (`#ttl.dfb_config`), the header directories of its
    external calls (`include_paths`), whether it includes a header of this
    project (`project_include`), whether it runs with fp32 DEST accumulation
    (`fp32_dest_acc_en`, compute kernels) and the physical indices of the f32
    DFBs it unpacks straight to DEST (`unpack_to_dest`, sorted) and the
    lifetimes of the fabric-manager claims its external calls own
    (`fabric_claims`, `#ttl.fabric_claim`, by name). Empty lists and false
    flags are not printed.

    ```mlir
    emitc.file "compute" attributes {ttl.kernel_record = #ttl.kernel_record<
        kernel = <compute, "compute", "ops.add:1f2e">, role = compute,
        core_ranges = [#ttl.core_range<(0, 0) to (1, 1)>],
        abi = <compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>],
               common_runtime = [], per_core_runtime = []>,
        dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0,
            data_format = bfloat16, page_size = 2048, total_size = 4096,
            block_shape = [1, 1], block_count = 2, reconfigured_blocks = 0,
            location = "add.py:12">]>} { ... }
    ```
  }];
  let parameters = (ins
      "KernelAttr":$kernel,
      EnumParameter<TTL_ProcessorRole>:$role,
      "ArrayAttr":$core_ranges,
      "KernelABIAttr":$abi,
      "ArrayAttr":$dataflow_buffers,
      DefaultValuedParameter<"ArrayAttr",
          "::mlir::ArrayAttr::get($_ctxt, {})">:$dfb_configurations,
      DefaultValuedParameter<"ArrayAttr",
          "::mlir::ArrayAttr::get($_ctxt, {})">:$include_paths,
      DefaultValuedParameter<"BoolAttr",
          "::mlir::BoolAttr::get($_ctxt, false)">:$project_include,
      DefaultValuedParameter<"BoolAttr",
          "::mlir::BoolAttr::get($_ctxt, false)">:$fp32_dest_acc_en,
      DefaultValuedParameter<"DenseI64ArrayAttr",
          "::mlir::DenseI64ArrayAttr::get($_ctxt, ::llvm::ArrayRef<int64_t>())">:$unpack_to_dest,
      DefaultValuedParameter<"ArrayAttr",
          "::mlir::ArrayAttr::get($_ctxt, {})">:$fabric_claims);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TTL_DIALECT_TTL_IR_TTLATTRS_TD
