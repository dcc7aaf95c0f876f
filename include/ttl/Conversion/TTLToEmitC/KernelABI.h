//===- KernelABI.h - argument layout of a generated kernel ------*- C++ -*-===//
//
// The one definition of what a generated TT-Metal kernel reads from its
// compile-time arguments, common runtime arguments and per-core runtime
// arguments, and in which order (docs/kernel-abi.md). The conversion to EmitC
// reads its argument slots from here and records the same layout on each
// kernel (`ttkernel.abi`), which the Python artifact turns into KernelABI.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_CONVERSION_TTLTOEMITC_KERNELABI_H
#define TTL_CONVERSION_TTLTOEMITC_KERNELABI_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::ttl {

/// Attribute names of the kernel records on each generated `emitc.file`
/// (and, for core ranges, on specialized kernel functions).
inline constexpr llvm::StringLiteral kKernelAbiAttrName = "ttkernel.abi";
inline constexpr llvm::StringLiteral kKernelIdentityAttrName = "ttkernel.kernel";
inline constexpr llvm::StringLiteral kKernelRoleAttrName = "ttkernel.role";
inline constexpr llvm::StringLiteral kCoreRangesAttrName = "ttkernel.core_ranges";
inline constexpr llvm::StringLiteral kDataflowBuffersAttrName =
    "ttkernel.dataflow_buffers";
/// Header search directories of the kernel's external calls (in order), and
/// a unit attribute when it includes a header of this project
/// (ttlang/dfb_descriptor.hpp), whose directory the build must add.
inline constexpr llvm::StringLiteral kIncludePathsAttrName =
    "ttkernel.include_paths";
inline constexpr llvm::StringLiteral kProjectIncludeAttrName =
    "ttkernel.project_include";

/// Kinds of argument slots; spelled as ttlang.artifact.ArgKind values.
enum class KernelArgKind { DfbIndex, TensorAccessor, BufferAddress };

llvm::StringRef stringifyKernelArgKind(KernelArgKind kind);

struct KernelArgSlot {
  KernelArgKind kind;
  /// DFB name, or the tensor parameter index in decimal.
  std::string ref;
  /// Number of 32-bit words.
  int64_t count;
  /// Index of the slot's first word in its argument list.
  int64_t offset;
};

struct KernelABI {
  llvm::SmallVector<KernelArgSlot> compileTime;
  llvm::SmallVector<KernelArgSlot> commonRuntime;
  llvm::SmallVector<KernelArgSlot> perCoreRuntime;
  /// Compile-time word -> physical DFB index it carries.
  llvm::DenseMap<int64_t, int32_t> dfbIndices;

  /// Compile-time word holding the physical index of DFB `physicalIndex`.
  std::optional<int64_t> dfbWord(int32_t physicalIndex) const;
  /// First compile-time word of the TensorAccessorArgs of tensor `argIndex`.
  std::optional<int64_t> accessorWord(unsigned argIndex) const;
  /// Common runtime word holding the buffer address of tensor `argIndex`.
  std::optional<int64_t> addressWord(unsigned argIndex) const;

  /// {compile_time = [...], common_runtime = [...], per_core_runtime = [...]}
  /// with one {kind, ref, count} dictionary per slot.
  DictionaryAttr toAttr(MLIRContext *context) const;
};

/// Compile-time TensorAccessorArgs words of an interleaved tensor (the args
/// config word and the aligned page size).
inline constexpr int64_t kInterleavedAccessorWords = 2;

/// The ABI of kernel function `kernel`: compile-time args are the physical
/// indices of the DFBs it creates (ascending), then the TensorAccessorArgs of
/// each tensor parameter it copies from or to (parameter order); common
/// runtime args are those tensors' buffer addresses (parameter order); there
/// are no per-core runtime args (the core coordinate comes from the
/// firmware). Emits an error and fails for a DFB without physical index or a
/// tensor that is not interleaved and tiled.
FailureOr<KernelABI> computeKernelABI(func::FuncOp kernel);

/// The name a DFB has in ABI records: the NameLoc name of its `ttl.create_dfb`
/// when there is one, else `dfb<physical index>`.
std::string getDataflowBufferName(Operation *createDfb, int32_t physicalIndex);

} // namespace mlir::ttl

#endif // TTL_CONVERSION_TTLTOEMITC_KERNELABI_H
