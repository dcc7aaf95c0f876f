//===- Pipeline.cpp - the backend and whole pipelines, defined once -------===//
//
// ttl-backend-pipeline: split TTL kernels -> one emitc.file per kernel
// descriptor (ttlang-opt --ttl-backend-pipeline; lit tests of lowering).
// ttl-to-metal{target=}: ttl-compile-operation{target} then the backend, the
// pipeline the frontend runs in one pass manager
// (PassManager.parse("builtin.module(ttl-to-metal{target=...})")).
//
//===----------------------------------------------------------------------===//

#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Targets.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// The canonicalizer without region simplification: kernels are structured
/// control flow (scf, emitc.for / if), with no blocks to merge nor block
/// arguments to drop, and the region DCE it runs was most of its cost.
static std::unique_ptr<Pass> createKernelCanonicalizer() {
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  return createCanonicalizerPass(config);
}

void ttl::buildBackendPipeline(OpPassManager &pm, StringRef target) {
  pm.addPass(createTTLSpecializeCores({target.str()}));
  // Folds the constants core specialization left in each clone.
  pm.addPass(createKernelCanonicalizer());
  // The facts each kernel's record carries, the tile-math plan and its
  // lowering, each kernel in its emitc.file with its record, then the
  // conversion itself.
  pm.addPass(createTTLAssignProcessorRoles());
  // A row-major tensor's accessor page is aligned as the target aligns it;
  // without a target, as the default target does.
  pm.addPass(createTTLRecordKernelABI(
      {target.empty() ? std::string(::ttlang::target::kDefaultTarget)
                      : target.str()}));
  pm.addPass(createTTLCheckSynchronizedReconfigurations());
  pm.addPass(createTTLPlanAccumulation());
  pm.addPass(createTTLPlanUnpackToDest());
  pm.addPass(createTTLLowerTileMath());
  pm.addPass(createTTLExpandIndexDivision());
  pm.addPass(createTTLPackageKernels());
  pm.addPass(createConvertTTLToEmitC());
  pm.addPass(createTTLCleanUpKernels());
  pm.addPass(createKernelCanonicalizer());
  pm.addPass(createCSEPass());
  // Single-use arithmetic becomes C++ expressions instead of temporaries.
  pm.addPass(createTTLFormKernelExpressions());
}

void ttl::buildTTLToMetalPipeline(OpPassManager &pm, StringRef target) {
  buildCompileOperationPipeline(pm, target);
  buildBackendPipeline(pm, target);
}


void ttl::registerBackendPasses() {
  registerTTLToEmitCPasses();
  PassPipelineRegistration<>(
      kBackendPipelineName,
      "split TTL kernels to one emitc.file (TT-Metal kernel) per kernel "
      "descriptor: ttl-specialize-cores, ttl-assign-processor-roles, "
      "ttl-record-kernel-abi, ttl-check-synchronized-reconfigurations, "
      "ttl-plan-accumulation, ttl-plan-unpack-to-dest, ttl-lower-tile-math, "
      "ttl-expand-index-division, ttl-package-kernels, convert-ttl-to-emitc, "
      "ttl-clean-up-kernels, cleanup",
      [](OpPassManager &pm) { buildBackendPipeline(pm); });
  PassPipelineRegistration<TargetPipelineOptions>(
      kTTLToMetalPipelineName,
      "TTL operations -> TT-Metal kernels (one emitc.file per kernel "
      "descriptor): ttl-compile-operation{target} then ttl-backend-pipeline",
      [](OpPassManager &pm, const TargetPipelineOptions &options) {
        buildTTLToMetalPipeline(pm, options.target);
      });
}
