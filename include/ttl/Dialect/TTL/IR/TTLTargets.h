//===- TTLTargets.h - target capacity table ---------------------*- C++ -*-===//
//
// What each supported Tenstorrent target (ttl/Targets.h) offers to one
// operation on one core:
// how many logical kernels of each kind it can run and how many dataflow
// buffers (circular buffers) it has. Every pass that checks capacity reads
// this one table, so unified and explicit operations get the same limits and
// the same diagnostic terms.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLTARGETS_H
#define TTL_DIALECT_TTL_IR_TTLTARGETS_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::ttl {

struct TargetCapacity {
  llvm::StringRef name;
  unsigned computeKernels;
  unsigned dataMovementKernels;
  /// Circular buffers per core: the most DFBs one core may hold at once.
  unsigned circularBuffers;
  /// The worker grid one operation may use (cols x rows Tensix cores).
  int64_t gridCols;
  int64_t gridRows;
  /// L1 bytes per core above the firmware's reservation: what an operation's
  /// dataflow buffers may use (ttlang::target::Facts::l1UnreservedBytes()).
  int64_t l1UnreservedBytes;
  /// The alignment of a buffer's pages in L1 and in DRAM: a row-major
  /// tensor's pages (rows) are this far apart in their bank.
  int64_t l1Alignment;
  int64_t dramAlignment;
};

/// The target called `name`, or nullptr when there is none.
const TargetCapacity *lookupTarget(llvm::StringRef name);

/// The most worker cores of any target: passes that evaluate every core of a
/// grid without knowing the target (ttl-specialize-cores) bound their work
/// by it.
const TargetCapacity &largestWorkerGrid();

/// Checks `grid` (cols, rows) against `capacity`'s worker grid; emits on `op`
/// and fails when it is larger.
LogicalResult checkWorkerGrid(Operation *op, llvm::ArrayRef<int64_t> grid,
                              const TargetCapacity &capacity);

/// "wormhole_b0, blackhole": for diagnostics naming the valid choices.
std::string supportedTargetNames();

/// The target called `name`; when there is none, emits "unknown target" with
/// the valid choices on `op` and returns nullptr.
const TargetCapacity *lookupTargetOrEmitError(Operation *op,
                                              llvm::StringRef name);

} // namespace mlir::ttl

#endif // TTL_DIALECT_TTL_IR_TTLTARGETS_H
