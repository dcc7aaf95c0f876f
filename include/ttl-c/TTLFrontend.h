/*===- TTLFrontend.h - C API used by the TT-Lang frontend -------*- C -*-===*\
|*                                                                            *|
|* What the Python frontend needs beyond the upstream C API.               *|
\*===----------------------------------------------------------------------===*/

#ifndef TTL_C_TTLFRONTEND_H
#define TTL_C_TTLFRONTEND_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Whether diagnostics on an op get a "see current operation" note with the
/// op's generic form. The frontend turns it off: users see their Python line.
MLIR_CAPI_EXPORTED void ttlangContextSetPrintOpOnDiagnostic(MlirContext context,
                                                           bool enable);

/// Whether `attr` is a `#ttl.kernel` logical-kernel attribute.
MLIR_CAPI_EXPORTED bool ttlangAttributeIsAKernel(MlirAttribute attr);

/// Kind of a `#ttl.kernel`: 0 compute, 1 data movement.
MLIR_CAPI_EXPORTED int ttlangKernelAttrGetKind(MlirAttribute attr);

/// Capture name of a `#ttl.kernel` (empty for a canonical selector).
MLIR_CAPI_EXPORTED MlirStringRef ttlangKernelAttrGetName(MlirAttribute attr);

/// Owning operation identity of a `#ttl.kernel` (empty for a canonical
/// selector).
MLIR_CAPI_EXPORTED MlirStringRef ttlangKernelAttrGetOperation(MlirAttribute attr);

/// The worker grid of target `name` (the target capacity table): writes its
/// columns and rows and returns true, or returns false for an unknown target.
MLIR_CAPI_EXPORTED bool ttlangTargetWorkerGrid(MlirStringRef name,
                                               int64_t *cols, int64_t *rows);

/// "wormhole_b0, blackhole": the targets of the capacity table.
MLIR_CAPI_EXPORTED MlirStringRef ttlangSupportedTargetNames(void);

/// The most DFB effects one `ttl.call_extern_func` may declare
/// (`CallExternFuncOp::kMaxEffects`): the frontend expands a `repeat` only up
/// to it.
MLIR_CAPI_EXPORTED int64_t ttlangExternCallMaxEffects(void);

#ifdef __cplusplus
}
#endif

#endif /* TTL_C_TTLFRONTEND_H */
