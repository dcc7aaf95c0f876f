//===- TTLFrontend.cpp - C API used by the TT-Lang frontend ---------------===//

#include "ttl-c/TTLFrontend.h"

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/MLIRContext.h"

void ttlangContextSetPrintOpOnDiagnostic(MlirContext context, bool enable) {
  unwrap(context)->printOpOnDiagnostic(enable);
}

bool ttlangAttributeIsAKernel(MlirAttribute attr) {
  return mlir::isa<mlir::ttl::KernelAttr>(unwrap(attr));
}

int ttlangKernelAttrGetKind(MlirAttribute attr) {
  return static_cast<int>(
      mlir::cast<mlir::ttl::KernelAttr>(unwrap(attr)).getKind());
}

MlirStringRef ttlangKernelAttrGetName(MlirAttribute attr) {
  return wrap(mlir::cast<mlir::ttl::KernelAttr>(unwrap(attr)).getName());
}

MlirStringRef ttlangKernelAttrGetOperation(MlirAttribute attr) {
  return wrap(mlir::cast<mlir::ttl::KernelAttr>(unwrap(attr)).getOperation());
}

bool ttlangTargetWorkerGrid(MlirStringRef name, int64_t *cols, int64_t *rows) {
  const mlir::ttl::TargetCapacity *target =
      mlir::ttl::lookupTarget(unwrap(name));
  if (!target)
    return false;
  *cols = target->gridCols;
  *rows = target->gridRows;
  return true;
}

int64_t ttlangExternCallMaxEffects() {
  return mlir::ttl::CallExternFuncOp::kMaxEffects;
}

MlirStringRef ttlangSupportedTargetNames() {
  static const std::string names = mlir::ttl::supportedTargetNames();
  return wrap(llvm::StringRef(names));
}
