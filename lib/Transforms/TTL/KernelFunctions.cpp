//===- KernelFunctions.cpp - the kernel functions of a module -------------===//

#include "ttl/Transforms/TTL/KernelFunctions.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;

FailureOr<SmallVector<func::FuncOp>> ttl::getKernelFunctions(ModuleOp module) {
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func->hasAttr(TTLDialect::kKernelAttrName)) {
      kernels.push_back(func);
      continue;
    }
    if (func->hasAttr(TTLDialect::kOperationIdAttrName))
      return func.emitError(kNotSplitMessage);
  }
  return kernels;
}

LogicalResult ttl::forEachKernelFunction(
    ModuleOp module, llvm::function_ref<LogicalResult(func::FuncOp)> step) {
  FailureOr<SmallVector<func::FuncOp>> kernels = getKernelFunctions(module);
  if (failed(kernels))
    return failure();
  for (func::FuncOp kernel : *kernels)
    if (failed(step(kernel)))
      return failure();
  return success();
}
