//===- Pipelines.cpp - the TTL compilation pipeline -----------------------===//
//
// The one definition of the pipeline that compiles a TTL operation to kernel
// functions: ttlang-opt (`--ttl-compile-operation`), the first half of
// `ttl-to-metal` (which the frontend runs), and `CompiledOperation.ir`.
//
//===----------------------------------------------------------------------===//

#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;


void mlir::ttl::buildCompileOperationPipeline(OpPassManager &pm,
                                              StringRef target) {
  pm.addPass(createTTLAccumulateCarriedBlocks());
  pm.addPass(createTTLMaterializeComputeDFBs());
  pm.addPass(createTTLPlanPipes({target.str()}));
  pm.addPass(createTTLVerifyDispatchConditions());
  pm.addPass(createTTLVerifyBlockLifetimes());
  pm.addPass(createTTLAssignDFBIndices({target.str()}));
  pm.addPass(createTTLSplitKernels({target.str()}));
  pm.addPass(createTTLRecordFabricManagers());
}

void mlir::ttl::registerTTLPipelines() {
  PassPipelineRegistration<TargetPipelineOptions>(
      "ttl-compile-operation",
      "Compiles TTL operations to kernel functions: checks dispatch "
      "conditions and block lifetimes, proves DFB lifecycles and assigns physical DFB indices, "
      "then splits each operation into its logical kernels and records their "
      "fabric-manager claim lifetimes",
      [](OpPassManager &pm, const TargetPipelineOptions &options) {
        buildCompileOperationPipeline(pm, options.target);
      });
}
