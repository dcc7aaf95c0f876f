//===- Passes.h - TTL to EmitC passes and pipeline ---------------*- C++ -*-===//

#ifndef TTL_CONVERSION_TTLTOEMITC_PASSES_H
#define TTL_CONVERSION_TTLTOEMITC_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ttl {

#define GEN_PASS_DECL
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ttl/Conversion/TTLToEmitC/Passes.h.inc"

/// Name of the backend pipeline: split TTL kernels -> one `emitc.file` per
/// kernel descriptor (core specialization, conversion, cleanup). Registered by
/// registerBackendPasses(); ttlang-opt and Python both run it by name.
inline constexpr llvm::StringLiteral kBackendPipelineName = "ttl-backend-pipeline";

/// Adds the backend pipeline to `pm` (a pass manager on builtin.module) for
/// `target` (empty: any target; grids are then bounded by the largest, and a
/// row-major tensor's accessor pages aligned as on the default target).
void buildBackendPipeline(OpPassManager &pm, StringRef target = "");

/// Name of the whole pipeline, TTL operations -> TT-Metal kernels:
/// `ttl-compile-operation{target}` followed by `ttl-backend-pipeline`. The
/// frontend runs it in one pass manager; ttlang-opt runs it by name.
inline constexpr llvm::StringLiteral kTTLToMetalPipelineName = "ttl-to-metal";

/// Adds the whole pipeline for `target` to `pm` (on builtin.module).
void buildTTLToMetalPipeline(OpPassManager &pm, StringRef target);

/// Registers the passes above and the named backend and whole pipelines.
void registerBackendPasses();

} // namespace mlir::ttl

#endif // TTL_CONVERSION_TTLTOEMITC_PASSES_H
