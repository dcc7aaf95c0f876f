//===- KernelEmitter.cpp - C++ sources of generated kernels ---------------===//

#include "ttl/Target/Cpp/KernelEmitter.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

FailureOr<SmallVector<ttl::KernelSource>>
ttl::emitKernelSources(ModuleOp module) {
  SmallVector<KernelSource> sources;
  for (auto file : module.getOps<emitc::FileOp>()) {
    KernelSource kernel{file.getId().str(), {}};
    llvm::raw_string_ostream os(kernel.source);
    // translateToCpp prints only the bodies of files with a matching id; the
    // ids are unique because they are kernel function names.
    if (failed(emitc::translateToCpp(module, os,
                                     /*declareVariablesAtTop=*/false,
                                     file.getId())))
      return failure();
    // The emitter separates (empty) output of the other files with blank
    // lines; a kernel source is just its own text.
    kernel.source = (llvm::StringRef(kernel.source).trim() + "\n").str();
    sources.push_back(std::move(kernel));
  }
  return sources;
}
