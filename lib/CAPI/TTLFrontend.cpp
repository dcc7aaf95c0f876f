//===- TTLFrontend.cpp - C API used by the TT-Lang frontend ---------------===//

#include "ttl-c/TTLFrontend.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

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
