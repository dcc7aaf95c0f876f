//===- TTLExtern.td - external C++ calls -------------------*- tablegen -*-===//
//
// `ttl.call_extern_func`, its DFB protocol effects, DFB template arguments,
// dispatch-condition declarations and fabric-manager claims (Python
// `ttl.call_extern_func`).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLEXTERN_TD
#define TTL_DIALECT_TTL_IR_TTLEXTERN_TD

include "ttl/Dialect/TTL/IR/TTLAttrs.td"
include "ttl/Dialect/TTL/IR/TTLBase.td"
include "ttl/Dialect/TTL/IR/TTLTypes.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Interface
//===----------------------------------------------------------------------===//

def TTL_DFBDependencyOpInterface : OpInterface<"DFBDependencyOpInterface"> {
  let cppNamespace = "::mlir::ttl";
  let description = [{
    An op whose (opaque) behaviour touches DFB storage. The dependency
    sequence is the list of DFB occurrences the op declares; effect and
    template attributes refer to its elements by position. Two positions may
    hold the same SSA value (operation adaptation aliases occurrences without
    merging them).
  }];
  let methods = [
    InterfaceMethod<"The DFB occurrences the op depends on, in declaration order.",
      "::llvm::SmallVector<::mlir::Value>", "getDFBDependencyOperands">
  ];
}

//===----------------------------------------------------------------------===//
// Enums and attributes
//===----------------------------------------------------------------------===//

def TTL_DFBEffectKind : I32EnumAttr<"DFBEffectKind",
    "a DFB protocol action performed by external C++", [
    I32EnumAttrCase<"Reserve", 0, "reserve">,
    I32EnumAttrCase<"Push", 1, "push">,
    I32EnumAttrCase<"Wait", 2, "wait">,
    I32EnumAttrCase<"Pop", 3, "pop">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_DFBTemplateKind : I32EnumAttr<"DFBTemplateKind",
    "what a DFB template argument of an external call renders as", [
    I32EnumAttrCase<"Descriptor", 0, "descriptor">,
    I32EnumAttrCase<"Index", 1, "index">]> {
  let cppNamespace = "::mlir::ttl";
  let genSpecializedAttr = 0;
}

def TTL_DFBEffectAttr : TTL_Attr<"DFBEffect", "dfb_effect"> {
  let summary = "one synchronous DFB protocol action of an external call";
  let description = [{
    One action that the external C++ function performs before it returns:
    `reserve`, `push`, `wait` or `pop` of `tiles` tiles on the DFB at position
    `dependency` of the call's `getDFBDependencyOperands()` sequence. A call's
    effect list is in execution order. Effects describe the C++ code; they
    emit nothing.

    ```mlir
    #ttl.dfb_effect<wait, dependency = 0, tiles = 2>
    ```
  }];
  let parameters = (ins EnumParameter<TTL_DFBEffectKind>:$kind,
                        "int64_t":$dependency, "int64_t":$tiles);
  let assemblyFormat = [{
    `<` $kind `,` `dependency` `=` $dependency `,` `tiles` `=` $tiles `>`
  }];
  let genVerifyDecl = 1;
}

def TTL_DFBTemplateArgAttr : TTL_Attr<"DFBTemplateArg", "dfb_template"> {
  let summary = "a template argument naming a DFB dependency";
  let description = [{
    A template argument of `ttl.call_extern_func` that refers to the DFB at
    position `dependency` of the call's dependency sequence. `descriptor`
    renders as a `ttlang::DFBDescriptor<...>` type (Python
    `ttl.dfb_descriptor(dfb)`), `index` as the DFB's physical index constant
    (Python `ttl.get_dfb_id(dfb)`).

    ```mlir
    #ttl.dfb_template<descriptor, dependency = 1>
    #ttl.dfb_template<index, dependency = 0>
    ```
  }];
  let parameters = (ins EnumParameter<TTL_DFBTemplateKind>:$kind,
                        "int64_t":$dependency);
  let assemblyFormat = "`<` $kind `,` `dependency` `=` $dependency `>`";
}

def TTL_DispatchConditionAttr : TTL_Attr<"DispatchCondition",
                                         "dispatch_condition"> {
  let summary = "a dispatch-stable condition declaration";
  let description = [{
    Identifies one `ttl.DispatchCondition` declaration of the compiled module:
    every call carrying an equal attribute evaluates the same runtime
    condition (same truth value for one dispatch and launch coordinate; zero
    is false). Distinct declarations have distinct ordinals, whatever their C++
    names. `type` is the declaration's scalar type, `i32` or `i64`.

    ```mlir
    #ttl.dispatch_condition<0, i64>
    ```
  }];
  let parameters = (ins "int64_t":$ordinal, "::mlir::Type":$type);
  let assemblyFormat = "`<` $ordinal `,` $type `>`";
  let genVerifyDecl = 1;
}

def TTL_FabricManagerEffectAttr : TTL_Attr<"FabricManagerEffect",
                                           "fabric_manager"> {
  let summary = "what an external call does with a claimed fabric manager";
  let description = [{
    One use of a captured `ttl.FabricManagerClaim` by an external call:
    `phase` is `acquire`, `use`, `release` or `scoped` (Python
    `claim.acquire()` ... `claim.scoped()`); the claim is identified by its
    `claim` name and the logical `kernel` (`#ttl.kernel`, as selected in
    Python) whose opaque calls own the manager. Two attributes with equal
    name and kernel denote one claim.

    The call runs in that kernel only (`CallExternFuncOp::verify`);
    `ttl-record-fabric-managers` checks the claim's lifetime in program
    order and records its interval in the kernel's record. Effects describe
    the C++ code; they emit nothing.

    ```mlir
    #ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement, "sender", "m.op:1f2e">>
    #ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>
    ```
  }];
  let parameters = (ins EnumParameter<TTL_FabricManagerPhase>:$phase,
                        StringRefParameter<"the claim's name">:$claim,
                        "KernelAttr":$kernel);
  let assemblyFormat = "`<` $phase `,` $claim `,` qualified($kernel) `>`";
  let genVerifyDecl = 1;
}

def TTL_FabricManagerEffectArrayAttr
    : TypedArrayAttrBase<TTL_FabricManagerEffectAttr,
                         "array of fabric manager effects">;

def TTL_DFBEffectArrayAttr
    : TypedArrayAttrBase<TTL_DFBEffectAttr, "array of DFB effects">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

def TTL_RawAddrOp : TTL_Op<"raw_addr", [Pure]> {
  let summary = "the L1/DRAM buffer address of a tensor argument";
  let description = [{
    The base address of `tensor`'s buffer as an unsigned 32-bit value (Python
    `ttl.raw_addr(tensor)`), for passing to external C++. It carries no
    layout, page size, alignment or bounds metadata. `tensor` must be an
    argument of the operation (not a slice or a computed value).

    ```mlir
    %addr = ttl.raw_addr %t : tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$tensor);
  let results = (outs UI32:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
  let hasVerifier = 1;
}

def TTL_CallExternFuncOp : TTL_Op<"call_extern_func", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<TTL_DFBDependencyOpInterface>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "calls a C++ function declared in an external header";
  let description = [{
    Calls `callee`, declared in `header`, in every logical kernel that runs the
    op (Python `ttl.call_extern_func`). The compiler does not see or check the
    C++ signature; it includes `header` before the call and renders:

    * `template_args` (source order): `i64` integers as signed constants,
      booleans, `f32` floats as their binary32 bit pattern, and
      `#ttl.dfb_template<...>` as a `ttlang::DFBDescriptor` type or a physical
      DFB index;
    * `func_args` (source order): scalars (`index`, `i1`, `i32`, `i64`) with
      the runtime-argument convention, a DFB as its physical index, a base
      tensor (an operation argument, tiled bf16/f32, data-movement kernels
      only) as a `TensorAccessor`, and a `ttl.raw_addr` (`ui32`) as a
      `uint32_t` address.

    The *dependency sequence* (`getDFBDependencyOperands()`) is: the DFB
    operands of `func_args`, then `descriptor_dfbs` (one per descriptor
    template argument, in order), then `dependencies` (DFB storage used
    without a C++ argument). `dfb_effects` is the call-wide list of synchronous
    protocol actions on those positions, in execution order; a dependency with
    no effect is an opaque access for the whole call. `unknown_dfb_access`
    makes the call an opaque access of every DFB of the operation.
    `include_paths` are added to the kernel build's header search path.

    The optional result is a signless `i32` / `i64` scalar. `condition` marks
    the call as one evaluation of a dispatch-stable condition declaration; such
    a call touches no DFB and claims no fabric manager.

    `fabric_managers` lists what the call does with captured fabric-manager
    claims (`#ttl.fabric_manager`, at most one per claim). A call with any
    runs in exactly one logical kernel, the claims' (its `ttl.kernels`
    selection, its thread or its kernel function is that kernel).

    Logical-kernel placement in a unified operation uses the `ttl.kernels`
    selection like every other op. The op reads and writes unknown memory, so
    it is never removed, merged or hoisted.

    ```mlir
    ttl.call_extern_func "external_stage" from "kernels/stage.hpp"
        template [#ttl.dfb_template<index, dependency = 0>]
        args(%src : !ttl.dfb<1x2xbf16, 2>)
        dependencies(%dst : !ttl.dfb<1x1xbf16, 2>)
        effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 2>,
                 #ttl.dfb_effect<pop, dependency = 0, tiles = 2>,
                 #ttl.dfb_effect<reserve, dependency = 1, tiles = 1>,
                 #ttl.dfb_effect<push, dependency = 1, tiles = 1>]
        {ttl.kernels = [#ttl.kernel<data_movement>]}
    %on = ttl.call_extern_func "evaluate" from "cond.hpp" args()
        condition #ttl.dispatch_condition<0, i64> -> i64
    ttl.call_extern_func "mux_open" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
        {ttl.kernels = [#ttl.kernel<data_movement>]}
    ```
  }];
  let arguments = (ins
    StrAttr:$callee,
    StrAttr:$header,
    DefaultValuedAttr<ArrayAttr, "{}">:$template_args,
    Variadic<AnyType>:$func_args,
    Variadic<TTL_DataflowBufferType>:$descriptor_dfbs,
    Variadic<TTL_DataflowBufferType>:$dependencies,
    DefaultValuedAttr<TTL_DFBEffectArrayAttr, "{}">:$dfb_effects,
    UnitAttr:$unknown_dfb_access,
    DefaultValuedAttr<StrArrayAttr, "{}">:$include_paths,
    OptionalAttr<TTL_DispatchConditionAttr>:$condition,
    DefaultValuedAttr<TTL_FabricManagerEffectArrayAttr, "{}">:$fabric_managers);
  let results = (outs Optional<AnyTypeOf<[I32, I64]>>:$result);
  let assemblyFormat = [{
    $callee `from` $header
    (`template` $template_args^)?
    `args` `(` ($func_args^ `:` qualified(type($func_args)))? `)`
    (`descriptors` `(` $descriptor_dfbs^ `:` qualified(type($descriptor_dfbs)) `)`)?
    (`dependencies` `(` $dependencies^ `:` qualified(type($dependencies)) `)`)?
    (`effects` $dfb_effects^)?
    (`unknown_dfb_access` $unknown_dfb_access^)?
    (`include_paths` $include_paths^)?
    (`condition` qualified($condition)^)?
    (`fabric_managers` $fabric_managers^)?
    attr-dict (`->` type($result)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Compiler-resource bound on the effect list of one call.
    static constexpr int64_t kMaxEffects = 4096;
    /// Number of DFB operands among `func_args` (the first dependencies).
    unsigned getNumDFBFuncArgs();
  }];
}

#endif // TTL_DIALECT_TTL_IR_TTLEXTERN_TD
