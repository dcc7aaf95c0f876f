//===- Patterns.h - TTL to EmitC pattern families (internal) ----*- C++ -*-===//
//
// Shared by the pattern families of convert-ttl-to-emitc. Facts the patterns
// need about the original IR (ABI slots, transfer directions, tensor shapes)
// are collected before the conversion starts, because during it the IR is
// half converted.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_CONVERSION_TTLTOEMITC_PATTERNS_H
#define TTL_LIB_CONVERSION_TTLTOEMITC_PATTERNS_H

#include "ttl/Conversion/TTLToEmitC/KernelABI.h"
#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <variant>

namespace mlir::ttl::emitc_lowering {

/// What the patterns look up, keyed by original operation.
struct LoweringFacts {
  /// ttl.create_dfb -> compile-time word holding its physical index.
  llvm::DenseMap<Operation *, int64_t> dfbWord;
  /// ttl.transfer_wait -> true when it waits for a read (ttl.load_tiles).
  llvm::DenseMap<Operation *, bool> waitsForRead;
  /// ttl.transfer_wait ops right after a wait of the same direction: the
  /// barrier before them already waited for every transfer of that direction.
  llvm::DenseSet<Operation *> redundantWaits;
  /// ttl.load_tiles / ttl.store_tiles -> tiles per row of the tensor.
  llvm::DenseMap<Operation *, int64_t> tensorTileCols;
  /// ttl.grid_size -> the static extent.
  llvm::DenseMap<Operation *, int64_t> gridExtent;
  /// kernel func.func -> its ABI.
  llvm::DenseMap<Operation *, KernelABI> abi;
  /// ttl.reconfigure_dfb -> where its ring offset is and the new ring's shape.
  struct Reconfiguration {
    /// Compile-time word of the caller argument count (resource-aware
    /// kernels); the offset is per-core word `count + index`, else `index`.
    std::optional<int64_t> callerCountWord;
    int64_t index;
    int64_t pages;
    int64_t pageBytes;
  };
  llvm::DenseMap<Operation *, Reconfiguration> reconfigurations;
  /// ttl.raw_addr -> common runtime word holding its tensor's address.
  llvm::DenseMap<Operation *, int64_t> addressWord;
};

/// Header of the device side of DFB reconfiguration
/// (python/ttlang/include/ttlang/dfb_reconfigure.h).
inline constexpr llvm::StringLiteral kDataflowBufferReconfigureHeader =
    "ttlang/dfb_reconfigure.h";

/// The error on an operation function left for the backend passes.
inline constexpr llvm::StringLiteral kNotSplitMessage =
    "operation is not split into kernels; run ttl-split-kernels before "
    "convert-ttl-to-emitc";

/// The kernel functions of `module` (`ttl.kernel`), in order; fails with
/// kNotSplitMessage on an operation function that is not split.
FailureOr<SmallVector<func::FuncOp>> getKernelFunctions(ModuleOp module);

/// One argument of an emitted call: an SSA operand or an integer literal.
using CallArg = std::variant<Value, int64_t>;

/// `callee<templateArgs>(args...)`; `result` may be null for a statement.
emitc::CallOpaqueOp emitCall(OpBuilder &b, Location loc, StringRef callee,
                             Type result, ArrayRef<CallArg> args,
                             ArrayRef<Attribute> templateArgs = {});

/// Emits `for (size_t i = 0; i < extent; ++i) body(i)`, or `body(0)` when the
/// extent is 1.
void emitTileLoop(OpBuilder &b, Location loc, int64_t extent,
                  llvm::function_ref<void(OpBuilder &, Value)> body);

/// size_t literal.
Value emitIndex(OpBuilder &b, Location loc, int64_t value);

/// The C++ type names used for kernel values.
Type getUint32Type(MLIRContext *context);
Type getSizeType(MLIRContext *context);
Type getAutoType(MLIRContext *context);

/// index -> size_t, DFBs / blocks / transfers -> uint32_t (the physical
/// index), interleaved tensors -> `auto` (their TensorAccessor).
void populateKernelTypeConversions(TypeConverter &converter);

/// True when compute kernel `kernel` runs with fp32 DEST accumulation
/// (`fp32_dest_acc_en` of its #ttl.kernel_record): as its operation chose
/// (`ttl.fp32_dest_acc_en`), else when it uses a DFB of f32 elements.
bool needsFp32DestAccumulation(func::FuncOp kernel);

/// Tiles one DEST section holds in tt-metal's default SyncHalf mode
/// (ckernel.h get_dest_max_tiles): 8 16-bit tiles, 4 with fp32 accumulation.
int64_t destTilesPerSection(bool fp32DestAccumulation);

/// True when the tile-math lowering runs the stored tile math `value` on the
/// FPU as one eltwise binary op (add / sub / mul of two waited blocks:
/// `binary_tiles_init` + `add_tiles`, ...; or of a waited block and a
/// broadcast of one: `add_bcast_rows_init` + `add_tiles_bcast_rows`, ...). A
/// matmul and a reduction run on the FPU too; any other tree runs on the SFPU,
/// its leaves unpacked with `copy_tile` / `unary_bcast` / `transpose_tile`.
bool lowersToFpuBinary(Value value);

/// The DFB an FPU binary operand reads: a waited block's, or the waited input
/// of a broadcast; else null.
Value getFpuOperandDfb(Value value);

/// A stored block matmul with fused element-wise math, as the tile-math
/// lowering runs it: `addend + lhs @ rhs` (or the product alone) computed in
/// the destination registers (the addend's tile copied in, then the product
/// accumulated onto it), then `epilogue` applied in place, innermost first:
/// unary and block-scalar ops, and binary ops whose other operand is a waited
/// block (e.g. `relu(a @ b + bias)`: add of bias, then relu).
struct MatmulExpr {
  MatmulOp matmul;
  Value addend; // a waited block, or null
  SmallVector<Operation *> epilogue;
};

/// The matmul form of stored tile math `value`, or nullopt when `value` is
/// not one (no matmul, or one combined otherwise, e.g. two matmuls).
std::optional<MatmulExpr> matchMatmulExpr(Value value);

/// The waited blocks a matmul expression copies into DEST (its addend and
/// the block operands of its epilogue).
SmallVector<Value> getCopiedBlocks(const MatmulExpr &expr);

/// Name of the unit attribute markL1Accumulation puts on an accumulating
/// `ttl.store` that always adds (an earlier store into its block precedes it).
inline constexpr llvm::StringLiteral kAlwaysAddsAttrName = "ttl.always_adds";

/// Name of the unit attribute markL1Accumulation puts on an accumulating
/// `ttl.store` of a plain matmul whose partial sums stay in DEST across its
/// loop (the block fits one DEST section; TileMathPatterns.cpp).
inline constexpr llvm::StringLiteral kDestAccumulationAttrName =
    "ttl.dest_accumulation";

/// Name of the unit attribute markL1Accumulation puts on every `ttl.store`
/// into a reserved block that has an accumulating store: its packs name their
/// tile indices (`pack_tile<true>(d, out, tile)`).
inline constexpr llvm::StringLiteral kIndexedPackAttrName =
    "ttl.indexed_pack";

/// Checks the accumulating stores (`ttl.store {accumulate}`, Python
/// `blk += expr`) of `kernel` before its tile math is lowered, and marks those
/// that always add (kAlwaysAddsAttrName): a store with an earlier store into
/// its reserved block before it. The others overwrite on the first iteration
/// of the loops between them and the reservation, or keep their sums in DEST
/// (kDestAccumulationAttrName). An accumulating store in a runtime `if` below
/// its reservation is an error.
LogicalResult markL1Accumulation(func::FuncOp kernel);

/// The DFBs (`ttl.create_dfb` results) whose tiles compute kernel `kernel`
/// unpacks straight into DEST (ttnn UnpackToDestMode::UnpackToDestFp32,
/// `unpack_to_dest` of its #ttl.kernel_record): its f32 DFBs that its tile
/// math reads only with copy_tile, when it runs with fp32 DEST accumulation
/// (UnpackToDest.cpp). Every other DFB is unpacked through SrcA / SrcB
/// (TF32 for f32 data).
llvm::SmallSetVector<Value, 4> planUnpackToDest(func::FuncOp kernel);

/// The sorted physical indices of `plan`, for the kernel's record, after its
/// tile math is lowered, checked against the compute-API calls the lowering
/// emitted: every planned DFB is read by copy_tile and by no other unpacking
/// call. Fails with an error otherwise.
FailureOr<SmallVector<int64_t>>
checkUnpackToDest(func::FuncOp kernel,
                  const llvm::SmallSetVector<Value, 4> &plan);

/// Tile math (run greedily before the conversion): every `ttl.store` of a
/// tile-math expression becomes compute-API calls inside the tile-register
/// protocol; the expression ops become dead. Also emits the compute
/// kernel's hardware startup.
void populateTileMathPatterns(RewritePatternSet &patterns);

/// Before the tile math is lowered: emits reconfig_data_format* /
/// pack_reconfig_data_format before each `ttl.store` of `kernel` whose DFB
/// unpacker / packer formats differ from the math that runs before it
/// (DataFormatReconfig.cpp): a format is a DFB's element type and, for a
/// source, whether it is unpacked to DEST (`unpackToDest`, from
/// planUnpackToDest). Nothing for a kernel of one format.
void emitDataFormatReconfigs(
    func::FuncOp kernel, const llvm::SmallSetVector<Value, 4> &unpackToDest);

/// A conversion pattern of `OpTy` that reads the LoweringFacts collected
/// before the conversion.
template <typename OpTy>
struct FactsPattern : public OpConversionPattern<OpTy> {
  FactsPattern(const TypeConverter &converter, MLIRContext *context,
               const LoweringFacts &facts, PatternBenefit benefit = 1)
      : OpConversionPattern<OpTy>(converter, context, benefit), facts(facts) {}

  const LoweringFacts &facts;
};

/// Per op family, for the dialect conversion.
void populateDataflowBufferPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringFacts &facts);
void populateCopyPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns,
                          const LoweringFacts &facts);
void populateCoordinatePatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns,
                                const LoweringFacts &facts);
void populateReconfigurePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const LoweringFacts &facts);
void populateKernelFunctionPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringFacts &facts);

/// External calls (ExternCallPatterns.cpp): facts collected before the
/// conversion, the headers / include paths of a kernel's external calls
/// added to its file, and the call / raw_addr patterns.
LogicalResult collectExternFacts(func::FuncOp kernel, const KernelABI &abi,
                                 LoweringFacts &facts);
/// What a kernel's record says about the headers of its external calls:
/// their search directories (in order) and whether one is a header of this
/// project (ttlang/dfb_descriptor.hpp), whose directory the build must add.
struct ExternIncludes {
  llvm::SmallVector<StringRef> paths;
  bool projectInclude = false;
};
ExternIncludes addExternIncludes(func::FuncOp kernel, emitc::FileOp file);
void populateExternCallPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns,
                                const LoweringFacts &facts);

} // namespace mlir::ttl::emitc_lowering

#endif // TTL_LIB_CONVERSION_TTLTOEMITC_PATTERNS_H
