//===- PrintKernelCpp.cpp - print generated kernels as C++ ----------------===//

#include "ttl/Target/Cpp/KernelEmitter.h"
#include "ttl/Target/Cpp/Passes.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLPRINTKERNELCPP
#include "ttl/Target/Cpp/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;

namespace {
struct PrintKernelCppPass
    : public ttl::impl::TTLPrintKernelCppBase<PrintKernelCppPass> {
  void runOnOperation() override {
    FailureOr<SmallVector<ttl::KernelSource>> sources =
        ttl::emitKernelSources(getOperation());
    if (failed(sources))
      return signalPassFailure();
    for (const ttl::KernelSource &kernel : *sources)
      llvm::outs() << "// ===== kernel " << kernel.id << " =====\n"
                   << kernel.source;
    llvm::outs().flush();
    markAllAnalysesPreserved();
  }
};
} // namespace
