//===- TTLAttrs.td - TTL enums and attributes --------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTLATTRS_TD
#define TTL_DIALECT_TTL_IR_TTLATTRS_TD

include "ttl/Dialect/TTL/IR/TTLBase.td"
include "mlir/IR/EnumAttr.td"

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
    I32EnumAttrCase<"Interleaved", 0, "interleaved">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_TensorLayout : I32EnumAttr<"TensorLayout", "element order of a tensor", [
    I32EnumAttrCase<"Tiled", 0, "tiled">,
    I32EnumAttrCase<"RowMajor", 1, "row_major">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_KernelKind : I32EnumAttr<"KernelKind", "kind of a logical kernel", [
    I32EnumAttrCase<"Compute", 0, "compute">,
    I32EnumAttrCase<"DataMovement", 1, "data_movement">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TTL_LayoutAttr : TTL_Attr<"Layout", "layout"> {
  let summary = "memory placement of a tensor operand";
  let description = [{
    The encoding of a ranked tensor that an operation reads or writes: the
    memory holding its buffer (`l1` or `dram`), how pages are spread over
    banks (`interleaved`) and the element order (`tiled`: 32x32 tiles, one
    tile per page; `row_major`). Tensor operands of a TTL operation carry this
    encoding; tile copies (`ttl.load_tiles` / `ttl.store_tiles`) need `tiled`.

    ```mlir
    func.func @f(%a: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>)
    ```
  }];
  let parameters = (ins
    EnumParameter<TTL_MemorySpace>:$memorySpace,
    EnumParameter<TTL_MemoryLayout>:$memoryLayout,
    EnumParameter<TTL_TensorLayout>:$tensorLayout);
  let assemblyFormat = "`<` $memorySpace `,` $memoryLayout `,` $tensorLayout `>`";
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

#endif // TTL_DIALECT_TTL_IR_TTLATTRS_TD
