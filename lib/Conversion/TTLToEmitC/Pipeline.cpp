//===- Pipeline.cpp - the backend pipeline, defined once ------------------===//
//
// ttl-backend-pipeline: split TTL kernels -> one emitc.file per kernel
// descriptor. ttlang-opt runs it with --ttl-backend-pipeline; Python runs it
// with PassManager.parse("builtin.module(ttl-backend-pipeline)").
//
//===----------------------------------------------------------------------===//

#include "ttl/Conversion/TTLToEmitC/Passes.h"

#include "mlir/Dialect/EmitC/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void ttl::buildBackendPipeline(OpPassManager &pm) {
  pm.addPass(createTTLSpecializeCores());
  // Folds the branches core specialization decided.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createConvertTTLToEmitC());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Single-use arithmetic becomes C++ expressions instead of temporaries.
  pm.addPass(emitc::createFormExpressionsPass());
}

void ttl::registerBackendPasses() {
  registerTTLToEmitCPasses();
  PassPipelineRegistration<>(
      kBackendPipelineName,
      "split TTL kernels to one emitc.file (TT-Metal kernel) per kernel "
      "descriptor: ttl-specialize-cores, convert-ttl-to-emitc, cleanup",
      buildBackendPipeline);
}
