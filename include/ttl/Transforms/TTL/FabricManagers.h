//===- FabricManagers.h - lifetimes of fabric-manager claims ----*- C++ -*-===//
//
// The lifetime of each captured `ttl.FabricManagerClaim` in a function, from
// the `#ttl.fabric_manager` effects of its external calls in program order
// (docs/runtime-resources.md, "External fabric managers").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_FABRICMANAGERS_H
#define TTL_TRANSFORMS_TTL_FABRICMANAGERS_H

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ttl {

/// One claim's lifetime: from the start of `first` (its acquiring or scoped
/// call) to the return of `last` (its releasing or scoped call). `start` and
/// `end` are the half-open interval of program positions, a position being the
/// pre-order index of an op in the function body.
struct FabricClaimLifetime {
  StringRef claim;
  KernelAttr kernel;
  CallExternFuncOp first;
  CallExternFuncOp last;
  int64_t start;
  int64_t end;
};

/// The lifetimes of the claims used in `func`, in order of first use. Fails,
/// with an error at the offending call, unless each claim's calls are either
/// one `scoped` call, or one `acquire`, any number of `use`, one `release`,
/// in program order, the acquire and release in one block (so the uses in
/// between, possibly nested in loops or branches, run while it is owned).
FailureOr<SmallVector<FabricClaimLifetime>>
computeFabricClaimLifetimes(func::FuncOp func);

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_FABRICMANAGERS_H
