//===- KernelFunctions.h - the kernel functions of a module -----*- C++ -*-===//
//
// The backend passes (ttl-assign-processor-roles through convert-ttl-to-emitc)
// work on the kernel functions ttl-split-kernels made; an operation function
// left unsplit is an error they share.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_KERNELFUNCTIONS_H
#define TTL_TRANSFORMS_TTL_KERNELFUNCTIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ttl {

/// The error on an operation function left for the backend passes.
inline constexpr llvm::StringLiteral kNotSplitMessage =
    "operation is not split into kernels; run ttl-split-kernels before "
    "convert-ttl-to-emitc";

/// The kernel functions of `module` (`ttl.kernel`), in order; fails with
/// kNotSplitMessage on an operation function that is not split.
FailureOr<SmallVector<func::FuncOp>> getKernelFunctions(ModuleOp module);

/// Runs `step` on each kernel function of `module` in order, stopping at the
/// first failure (the body of a per-kernel backend pass).
LogicalResult
forEachKernelFunction(ModuleOp module,
                      llvm::function_ref<LogicalResult(func::FuncOp)> step);

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_KERNELFUNCTIONS_H
