//===- Patterns.h - TTL to EmitC pattern families (internal) ----*- C++ -*-===//
//
// Shared by the pattern families of convert-ttl-to-emitc. Facts the patterns need about
// the original IR (ABI slots, transfer directions, tensor shapes) are
// collected before the conversion starts, because during it the IR is half
// converted.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_CONVERSION_TTLTOEMITC_PATTERNS_H
#define TTL_LIB_CONVERSION_TTLTOEMITC_PATTERNS_H

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/EmitCCalls.h"
#include "ttl/Transforms/TTL/KernelABI.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::ttl::emitc_lowering {

/// What the patterns look up, keyed by original operation.
struct LoweringFacts {
  /// ttl.create_dfb -> compile-time word holding its physical index.
  llvm::DenseMap<Operation *, int64_t> dfbWord;
  /// ttl.transfer_wait -> true when it waits for a read (ttl.load_tiles,
  /// ttl.load_rows).
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
    /// The kernel's previous configuration of the DFB (its offset word, like
    /// `index`), or none: the DFB is still in its initial ring (offset 0).
    std::optional<int64_t> previousIndex;
    /// Pages of the ring the DFB leaves.
    int64_t previousPages;
    /// The kernel reserves blocks of the DFB (ttl.reserve, or an external
    /// call's reserve / push effect): on a shrink it first waits until no
    /// more than `pages` pages are in flight (the 16-bit free-page count
    /// would wrap otherwise).
    bool producer;
  };
  llvm::DenseMap<Operation *, Reconfiguration> reconfigurations;
  /// ttl.create_dfb of a DFB the kernel reconfigures -> its initial ring
  /// (pages, page bytes), set at kernel start (the firmware configures the
  /// whole allocation).
  llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> initialRings;
  /// ttl.raw_addr -> common runtime word holding its tensor's address.
  llvm::DenseMap<Operation *, int64_t> addressWord;
  /// ttl.dprint -> whether its kernel is a compute kernel (which names the
  /// printing processor).
  llvm::DenseMap<Operation *, bool> computePrints;
};

/// Header of the device side of DFB reconfiguration
/// (python/ttlang/include/ttlang/dfb_reconfigure.h).
inline constexpr llvm::StringLiteral kDataflowBufferReconfigureHeader =
    "ttlang/dfb_reconfigure.h";

/// Headers of device prints: TT-Metal's, and the device side of printing a
/// block (python/ttlang/include/ttlang/dprint_block.h).
inline constexpr llvm::StringLiteral kDPrintHeader = "api/debug/dprint.h";
inline constexpr llvm::StringLiteral kDPrintBlockHeader = "ttlang/dprint_block.h";

/// The C++ type of an interleaved tensor's value (its TensorAccessor).
Type getAutoType(MLIRContext *context);

/// index -> size_t, DFBs / blocks / transfers -> uint32_t (the physical
/// index), interleaved tensors -> `auto` (their TensorAccessor).
void populateKernelTypeConversions(TypeConverter &converter);

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
/// Device prints (DPrintPatterns.cpp): which kernel kind each print is in
/// (an error for a compute processor chosen in a data-movement kernel),
/// whether a kernel prints a block, and the patterns.
LogicalResult collectPrintFacts(func::FuncOp kernel, bool compute,
                                LoweringFacts &facts);
bool printsBlocks(func::FuncOp kernel);
void populateDPrintPatterns(const TypeConverter &converter,
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

/// Pipe transfers (PipePatterns.cpp): whether a kernel sends or receives
/// through a pipe (it then includes kPipeHeader), and the patterns.
inline constexpr llvm::StringLiteral kPipeHeader = "ttlang/pipe.h";
bool usesPipes(func::FuncOp kernel);
void populatePipePatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns);

} // namespace mlir::ttl::emitc_lowering

#endif // TTL_LIB_CONVERSION_TTLTOEMITC_PATTERNS_H
