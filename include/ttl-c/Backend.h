/*===- Backend.h - C API for the TT-Metal kernel backend --------*- C -*-===*\
|*                                                                            *|
|* C++ emission of the kernels produced by ttl-backend-pipeline.              *|
\*===----------------------------------------------------------------------===*/

#ifndef TTL_C_BACKEND_H
#define TTL_C_BACKEND_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Called once per kernel, in module order, with the `emitc.file` id and the
/// C++ source (both valid only during the call).
typedef void (*TtlangKernelSourceCallback)(MlirStringRef id,
                                           MlirStringRef source,
                                           void *userData);

/// Translates every `emitc.file` directly in `module` to C++ with
/// emitc::translateToCpp. On failure the diagnostics go to the context's
/// handlers and the callback has been called for no kernel.
MLIR_CAPI_EXPORTED MlirLogicalResult ttlangEmitKernelSources(
    MlirModule module, TtlangKernelSourceCallback callback, void *userData);

/// The name of the backend pipeline (for PassManager.parse).
MLIR_CAPI_EXPORTED MlirStringRef ttlangBackendPipelineName(void);

#ifdef __cplusplus
}
#endif

#endif /* TTL_C_BACKEND_H */
