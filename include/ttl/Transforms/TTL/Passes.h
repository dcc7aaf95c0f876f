//===- Passes.h - TTL pass entry points -------------------------*- C++ -*-===//

#ifndef TTL_TRANSFORMS_TTL_PASSES_H
#define TTL_TRANSFORMS_TTL_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::ttl {

#define GEN_PASS_DECL
#include "ttl/Transforms/TTL/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ttl/Transforms/TTL/Passes.h.inc"

/// Adds the passes that compile TTL operation functions to kernel functions
/// (`ttl-compile-operation{target=...}`).
void buildCompileOperationPipeline(OpPassManager &pm, StringRef target);

/// Registers `ttl-compile-operation`.
void registerTTLPipelines();

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_PASSES_H
