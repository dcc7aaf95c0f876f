//===- KernelEmitter.h - C++ sources of generated kernels -------*- C++ -*-===//

#ifndef TTL_TARGET_CPP_KERNELEMITTER_H
#define TTL_TARGET_CPP_KERNELEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::ttl {

struct KernelSource {
  /// The `emitc.file` id (kernel function name, unique in the module).
  std::string id;
  std::string source;
};

/// The C++ source of every `emitc.file` directly in `module`, in module
/// order, through emitc::translateToCpp. Fails (with the emitter's
/// diagnostics) when a file holds something the emitter cannot print.
FailureOr<llvm::SmallVector<KernelSource>> emitKernelSources(ModuleOp module);

} // namespace mlir::ttl

#endif // TTL_TARGET_CPP_KERNELEMITTER_H
