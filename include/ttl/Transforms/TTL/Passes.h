//===- Passes.h - TTL pass entry points -------------------------*- C++ -*-===//

#ifndef TTL_TRANSFORMS_TTL_PASSES_H
#define TTL_TRANSFORMS_TTL_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "ttl/Targets.h"

namespace mlir::ttl {

#define GEN_PASS_DECL
#include "ttl/Transforms/TTL/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ttl/Transforms/TTL/Passes.h.inc"

/// The option of every pipeline that compiles for a target
/// (`ttl-compile-operation{target=...}`, `ttl-to-metal{target=...}`).
struct TargetPipelineOptions : public PassPipelineOptions<TargetPipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("wormhole_b0 or blackhole"),
                             llvm::cl::init(std::string(
                                 ::ttlang::target::kDefaultTarget))};
};

/// Adds the passes that compile TTL operation functions to kernel functions
/// (`ttl-compile-operation{target=...}`).
void buildCompileOperationPipeline(OpPassManager &pm, StringRef target);

/// Registers `ttl-compile-operation`.
void registerTTLPipelines();

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_PASSES_H
