//===- Backend.cpp - C API for the TT-Metal kernel backend ----------------===//

#include "ttl-c/Backend.h"

#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Target/Cpp/KernelEmitter.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

MlirLogicalResult ttlangEmitKernelSources(MlirModule module,
                                          TtlangKernelSourceCallback callback,
                                          void *userData) {
  mlir::FailureOr<llvm::SmallVector<mlir::ttl::KernelSource>> sources =
      mlir::ttl::emitKernelSources(unwrap(module));
  if (mlir::failed(sources))
    return mlirLogicalResultFailure();
  for (const mlir::ttl::KernelSource &kernel : *sources)
    callback(wrap(llvm::StringRef(kernel.id)),
             wrap(llvm::StringRef(kernel.source)), userData);
  return mlirLogicalResultSuccess();
}

MlirStringRef ttlangBackendPipelineName(void) {
  return wrap(llvm::StringRef(mlir::ttl::kBackendPipelineName));
}
