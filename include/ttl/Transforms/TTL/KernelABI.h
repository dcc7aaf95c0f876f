//===- KernelABI.h - argument layout of a generated kernel ------*- C++ -*-===//
//
// The one definition of what a generated TT-Metal kernel reads from its
// compile-time arguments, common runtime arguments and per-core runtime
// arguments, and in which order (docs/kernel-abi.md). ttl-record-kernel-abi
// records it on each kernel function (`ttl.abi`), the conversion to EmitC
// reads its argument slots from that record and moves it into the kernel's
// `#ttl.kernel_record`, which the Python artifact turns into KernelABI.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_KERNELABI_H
#define TTL_TRANSFORMS_TTL_KERNELABI_H

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <string>

namespace mlir::ttl {

/// Bits of the TensorAccessorArgs ArgsConfig word
/// (hostdevcommon/tensor_accessor/arg_config.hpp): the buffer is in DRAM.
inline constexpr int64_t kAccessorArgConfigIsDram = 1 << 1;
/// The buffer is sharded; its bank coordinates are common runtime args.
inline constexpr int64_t kAccessorArgConfigSharded = 1 << 0;
inline constexpr int64_t kAccessorArgConfigRuntimeBankCoords = 1 << 6;

struct KernelArgSlot {
  /// The generated TTL_KernelArgKind enum (TTLAttrs.td).
  KernelArgKind kind;
  /// DFB name, or the tensor parameter index in decimal.
  std::string ref;
  /// Number of 32-bit words.
  int64_t count;
  /// Index of the slot's first word in its argument list.
  int64_t offset;
  /// The finished words the compiler knows (dfb_index, tensor_accessor).
  llvm::SmallVector<int64_t, 2> words = {};
};

/// One synchronized reconfiguration of a DFB (`ttl.reconfigure_dfb`), in
/// program order: its ring lies at `offset` bytes from the DFB's base.
struct DataflowBufferConfig {
  Operation *op;
  /// `<DFB name>#<n>`: the n-th (1-based) reconfiguration of that DFB.
  std::string name;
  std::string dfbName;
  int32_t physicalIndex;
  int64_t offset;
  int64_t pages;
  int64_t pageBytes;
};

/// The configurations of a kernel's DFBs in program order, and the bytes each
/// DFB's allocation needs (initial ring plus every configured ring).
struct DataflowBufferConfigLayout {
  llvm::SmallVector<DataflowBufferConfig> configs;
  std::map<int32_t, int64_t> totalBytes;
};
FailureOr<DataflowBufferConfigLayout>
computeDataflowBufferConfigs(func::FuncOp kernel);

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
  /// First common runtime word of the bank coordinates of sharded tensor
  /// `argIndex` (its TensorAccessorArgs' CRTA offset).
  std::optional<int64_t> bankCoordsWord(unsigned argIndex) const;
  /// Common runtime word holding scalar parameter `argIndex` (an integer
  /// argument of the kernel function: an int's value or a float's f32 bits).
  std::optional<int64_t> scalarWord(unsigned argIndex) const;

  /// Compile-time word of the caller argument count, when caller words are
  /// followed by compiler-owned per-core words.
  std::optional<int64_t> callerCountWord;
  /// Whether per-core args start with the caller's words.
  bool callerArgs = false;
  /// The kernel's DFB reconfigurations; the k-th reads its ring offset from
  /// per-core word `caller count + k` (`k` without caller words).
  DataflowBufferConfigLayout configs;

  /// The layout as a #ttl.abi record.
  KernelABIAttr toAttr(MLIRContext *context) const;
  /// The layout `record` describes for `kernel` (the inverse of toAttr; the
  /// DFB configurations come from the kernel's reconfigure ops).
  static FailureOr<KernelABI> fromAttr(KernelABIAttr record,
                                       func::FuncOp kernel);
};

/// Compile-time TensorAccessorArgs words of an interleaved tensor (the args
/// config word and the aligned page size).
inline constexpr int64_t kInterleavedAccessorWords = 2;

/// The ABI of kernel function `kernel`: compile-time args are the physical
/// indices of the DFBs it creates (ascending), then the TensorAccessorArgs of
/// each tensor parameter it copies from or to (parameter order); common
/// runtime args are those tensors' buffer addresses (parameter order). A
/// kernel of a resource-aware operation (`ttl.runtime_resources`) takes the
/// caller's per-core words first; a kernel that reconfigures DFBs takes one
/// per-core ring offset per reconfiguration after them, and then (if it has
/// caller words) a compile-time caller argument count. The core coordinate
/// comes from the firmware. Emits an error and fails for a DFB without physical index or a
/// tensor that is not interleaved and tiled.
/// `target` aligns the page size of a row-major tensor's accessor (its rows
/// are that far apart in their bank, as ttnn allocates them).
FailureOr<KernelABI> computeKernelABI(func::FuncOp kernel,
                                      const TargetCapacity &target);

/// The name a DFB has in ABI records: the NameLoc name of its `ttl.create_dfb`
/// when there is one, else `dfb<physical index>`.
std::string getDataflowBufferName(Operation *createDfb, int32_t physicalIndex);

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_KERNELABI_H
