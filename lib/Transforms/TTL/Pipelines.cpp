//===- Pipelines.cpp - the TTL compilation pipeline -----------------------===//
//
// The one definition of the pipeline that compiles a TTL operation; both
// ttlang-opt (`--ttl-compile-operation`) and Python (`ttlang.compile`) use it.
//
//===----------------------------------------------------------------------===//

#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {
struct CompileOperationOptions
    : public PassPipelineOptions<CompileOperationOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("wormhole_b0 or blackhole"),
                             llvm::cl::init("wormhole_b0")};
};
} // namespace

void mlir::ttl::buildCompileOperationPipeline(OpPassManager &pm,
                                              StringRef target) {
  pm.addPass(createTTLMaterializeComputeDFBs());
  pm.addPass(createTTLVerifyDispatchConditions());
  pm.addPass(createTTLVerifyBlockLifetimes());
  pm.addPass(createTTLAssignDFBIndices({target.str()}));
  pm.addPass(createTTLSplitKernels({target.str()}));
}

void mlir::ttl::registerTTLPipelines() {
  PassPipelineRegistration<CompileOperationOptions>(
      "ttl-compile-operation",
      "Compiles TTL operations to kernel functions: checks dispatch "
      "conditions and block lifetimes, proves DFB lifecycles and assigns physical DFB indices, "
      "then splits each operation into its logical kernels",
      [](OpPassManager &pm, const CompileOperationOptions &options) {
        buildCompileOperationPipeline(pm, options.target);
      });
}
