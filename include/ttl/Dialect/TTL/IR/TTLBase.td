//===- TTLBase.td - TTL dialect definition -----------------*- tablegen -*-===//
//
// The TTL dialect models TT-Lang programs: operations made of logical kernels
// (compute and data movement) that communicate through dataflow buffers.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLBASE_TD
#define TTL_DIALECT_TTL_IR_TTLBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TTL_Dialect : Dialect {
  let name = "ttl";
  let cppNamespace = "::mlir::ttl";
  let summary = "TT-Lang operations, logical kernels and dataflow buffers";
  let description = [{
    The `ttl` dialect is the compiler's view of a TT-Lang program written with
    `@ttl.operation`. An operation runs on a grid of Tensix cores; on each core
    it is made of *logical kernels* (one compute kernel and up to two
    data-movement kernels on the current targets) that exchange tiles through
    *dataflow buffers* (DFBs, TT-Metal circular buffers). The dialect carries
    the facts that later passes need: which kernel owns which work, the DFB
    protocol (reserve / push / wait / pop), and the physical resources
    allocated for each buffer.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Discardable attributes: `ttl.kernels` (logical-kernel selection of one
  // op), `ttl.kernel` (the logical kernel a kernel function implements),
  // `ttl.operation_id`, `ttl.grid`, `ttl.runtime_resources` and
  // `ttl.fp32_dest_acc_en` (on operation and kernel functions),
  // `ttl.core_ranges` (on kernel functions after ttl-specialize-cores),
  // `ttl.processor_role`, `ttl.abi`, `ttl.dataflow_buffers` and
  // `ttl.dfb_configurations` (on kernel functions, until ttl-package-kernels
  // moves them into the record), the tile-math plan (`ttl.unpack_to_dest` on
  // compute kernel functions, `ttl.accumulation` and `ttl.indexed_pack` on
  // `ttl.store`, before ttl-lower-tile-math) and `ttl.kernel_record` (on each
  // generated `emitc.file`).
  let hasOperationAttrVerify = 1;
  // Folds (ttl.floor_mod) produce `arith.constant`s.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    /// Names of the discardable attributes of this dialect.
    static constexpr ::llvm::StringLiteral kKernelsAttrName = "ttl.kernels";
    static constexpr ::llvm::StringLiteral kKernelAttrName = "ttl.kernel";
    static constexpr ::llvm::StringLiteral kOperationIdAttrName =
        "ttl.operation_id";
    static constexpr ::llvm::StringLiteral kGridAttrName = "ttl.grid";
    /// Unit attribute of an operation (and its kernel functions) declared
    /// with `runtime_resource_factory=`: every kernel takes caller words.
    static constexpr ::llvm::StringLiteral kRuntimeResourcesAttrName =
        "ttl.runtime_resources";
    /// Bool attribute of an operation (and its kernel functions) declared
    /// with `fp32_dest_acc_en=`: whether its compute kernel runs with fp32
    /// DEST accumulation. Without it the backend decides from the DFB
    /// element types.
    static constexpr ::llvm::StringLiteral kFp32DestAccAttrName =
        "ttl.fp32_dest_acc_en";
    /// Array of #ttl.core_range: the cores a kernel function runs on
    /// (ttl-specialize-cores).
    static constexpr ::llvm::StringLiteral kCoreRangesAttrName =
        "ttl.core_ranges";
    /// The facts of a kernel function that its record will carry, written by
    /// the backend passes before the conversion to EmitC: its
    /// #ttl.processor_role, #ttl.abi, #ttl.dfb_spec list and #ttl.dfb_config
    /// list.
    static constexpr ::llvm::StringLiteral kProcessorRoleAttrName =
        "ttl.processor_role";
    static constexpr ::llvm::StringLiteral kAbiAttrName = "ttl.abi";
    static constexpr ::llvm::StringLiteral kDataflowBuffersAttrName =
        "ttl.dataflow_buffers";
    static constexpr ::llvm::StringLiteral kDfbConfigurationsAttrName =
        "ttl.dfb_configurations";
    /// Array of #ttl.fabric_claim: the fabric-manager claim lifetimes of a
    /// kernel function (ttl-record-fabric-managers).
    static constexpr ::llvm::StringLiteral kFabricClaimsAttrName =
        "ttl.fabric_claims";
    /// The tile-math plan, recorded before ttl-lower-tile-math lowers it:
    /// the sorted physical indices of the f32 DFBs a compute kernel function
    /// unpacks straight to DEST (ttl-plan-unpack-to-dest; an i64 array, empty
    /// when none), and on a `ttl.store` how it accumulates (#ttl.accumulation)
    /// and whether its packs name their tile indices (unit;
    /// ttl-plan-accumulation).
    static constexpr ::llvm::StringLiteral kUnpackToDestAttrName =
        "ttl.unpack_to_dest";
    static constexpr ::llvm::StringLiteral kAccumulationAttrName =
        "ttl.accumulation";
    static constexpr ::llvm::StringLiteral kIndexedPackAttrName =
        "ttl.indexed_pack";
    /// #ttl.kernel_record of a generated kernel, on its emitc.file.
    static constexpr ::llvm::StringLiteral kKernelRecordAttrName =
        "ttl.kernel_record";
  }];
}

class TTL_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTL_Dialect, mnemonic, traits>;

class TTL_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TTL_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class TTL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TTL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TTL_DIALECT_TTL_IR_TTLBASE_TD
