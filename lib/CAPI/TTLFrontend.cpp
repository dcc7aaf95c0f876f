//===- TTLFrontend.cpp - C API used by the TT-Lang frontend ---------------===//

#include "ttl-c/TTLFrontend.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/MLIRContext.h"

void ttlangContextSetPrintOpOnDiagnostic(MlirContext context, bool enable) {
  unwrap(context)->printOpOnDiagnostic(enable);
}
