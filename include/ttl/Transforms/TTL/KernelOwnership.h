//===- KernelOwnership.h - logical-kernel ownership of ops ------*- C++ -*-===//
//
// Which logical kernels run each op of a TTL operation function (the rules are
// in the ttl-split-kernels pass description). Shared by ttl-split-kernels and
// the DFB lifecycle analysis of ttl-assign-dfb-indices.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_KERNELOWNERSHIP_H
#define TTL_TRANSFORMS_TTL_KERNELOWNERSHIP_H

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::ttl {

using KernelSet = llvm::SmallSetVector<KernelAttr, 2>;

/// Words used for a kernel kind in diagnostics (shared by unified and
/// explicit operations).
StringRef kindWords(KernelKind kind, bool plural);

/// "'reader'" for a handle, "the canonical compute kernel" otherwise.
std::string describe(KernelAttr kernel);

/// Side-effect-free tile math on blocks.
bool isTileMath(Operation *op);

/// Ops that only give structure: kept in a kernel when it has work inside.
bool isStructural(Operation *op);

/// Ownership analysis of one operation function.
class Ownership {
public:
  Ownership(func::FuncOp func, StringRef operationId)
      : func(func), context(func.getContext()), operationId(operationId) {}

  LogicalResult run();

  /// Kernels in a stable order: compute first, then data movement, each in
  /// order of first appearance.
  SmallVector<KernelAttr> kernels() const;

  /// Ops owned (directly) by `kernel`.
  SmallVector<Operation *> ownedBy(KernelAttr kernel) const;

  /// The kernels owning `op`; null for ops that are not owned (side-effect
  /// free ops and structure, which go wherever they are needed).
  const KernelSet *ownersOf(Operation *op) const {
    auto it = owners.find(op);
    return it == owners.end() ? nullptr : &it->second;
  }

private:
  KernelAttr resolve(Attribute selector) const {
    return cast<KernelAttr>(selector).resolve(operationId);
  }
  KernelAttr canonical(KernelKind kind) const {
    return KernelAttr::get(context, kind, "", "").resolve(
        operationId);
  }
  /// Resolved selection carried by `op`, empty without one.
  KernelSet selection(Operation *op) const;
  void own(Operation *op, KernelAttr kernel) {
    owners[op].insert(kernel);
    order.insert(kernel);
  }
  LogicalResult assignThreads();
  LogicalResult assignBlock(Operation *acquire, Value block);
  LogicalResult assignRest();

  func::FuncOp func;
  MLIRContext *context;
  StringRef operationId;
  llvm::MapVector<Operation *, KernelSet> owners;
  llvm::SetVector<KernelAttr> order;
};

/// The ownership of one operation function as an MLIR analysis
/// (`getChildAnalysis<OwnershipAnalysis>(func)`), so one pipeline computes it
/// once: ttl-assign-dfb-indices and ttl-split-kernels share it, and the
/// passes between them preserve it. Its errors are emitted when it is first
/// computed.
class OwnershipAnalysis {
public:
  /// `op` is a func.func with an operation id.
  explicit OwnershipAnalysis(Operation *op);

  /// The ownership, or failure when its rules were violated.
  FailureOr<const Ownership *> get() const {
    if (failed(status))
      return failure();
    return &ownership;
  }

private:
  Ownership ownership;
  LogicalResult status;
};

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_KERNELOWNERSHIP_H
