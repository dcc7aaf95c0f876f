//===- DFBBalance.h - DFB protocol balance across kernels --------*- C++ -*-===//
//
// Private to the DFB lifecycle analysis (DFBLifecycle.cpp collects the
// occurrences; DFBBalance.cpp proves their balance). Three phases:
// counting (each occurrence's tiles, trip-count factors and guard leaves),
// enumeration (cores grouped by what their guards and loops decide, then the
// assignments of the undecided conditions) and diagnosis (an unbalanced
// protocol, or why its balance cannot be proven).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_TRANSFORMS_TTL_DFBBALANCE_H
#define TTL_LIB_TRANSFORMS_TTL_DFBBALANCE_H

#include "ttl/Transforms/TTL/DFBLifecycle.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>
#include <utility>
#include <vector>

namespace mlir::ttl::detail {

/// Enclosing control of an occurrence within its kernel.
struct Context {
  int64_t multiplier = 1; // product of constant trip counts
  /// Loops with non-constant trip counts: a stable loop class
  /// (ConditionIdentity::loopClassOf) is the same trip count in every kernel;
  /// a loop whose bounds are not stable is a trip count of its own in each
  /// kernel.
  SmallVector<std::pair<unsigned, scf::ForOp>> stableLoops;
  SmallVector<scf::ForOp> perKernelLoops;
  /// Loops with constant trip counts, whose iterations can be enumerated.
  SmallVector<scf::ForOp> constantLoops;
  SmallVector<std::pair<ConditionIdentity::FormulaId, bool>> guards;
  Operation *unknown = nullptr;       // enclosing control we cannot model
  Operation *outermostLoop = nullptr; // the occurrence spans this loop
};

/// Tiles pushed or popped by one occurrence in one kernel.
struct Term {
  Context context;
  int64_t tiles;
  KernelAttr kernel;
  Operation *site;
};

/// What the lifecycle analysis collected for one DFB.
struct Occurrences {
  std::vector<Term> produced, consumed;
  /// A transaction released in nested control: (acquire, release).
  std::optional<std::pair<Operation *, Operation *>> nestedRelease;
};

/// Decides `lifecycle.balance` (and its detail) from `occurrences`; fails
/// with an error at the buffer, and notes at the occurrences, when the
/// protocol is unbalanced or its balance cannot be proven. An opaque
/// lifecycle is Unchecked.
LogicalResult checkBalance(func::FuncOp func, ConditionIdentity &conditions,
                           const Occurrences &occurrences,
                           DFBLifecycle &lifecycle);

/// "file:line:col" of `op`, for diagnostics.
inline std::string locationText(Operation *op) {
  return describeLocation(op->getLoc());
}

} // namespace mlir::ttl::detail

#endif // TTL_LIB_TRANSFORMS_TTL_DFBBALANCE_H
