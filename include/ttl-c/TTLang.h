/*===- TTLang.h - C API for the ttlang dialects and passes ------*- C -*-===*\
|*                                                                            *|
|* The Python extension talks to the compiler through these functions and    *|
|* the upstream MLIR C API, so it shares one MLIR with the `mlir` package.   *|
\*===----------------------------------------------------------------------===*/

#ifndef TTL_C_TTLANG_H
#define TTL_C_TTLANG_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Appends the ttlang dialects (ttl, ttnn and the upstream dialects the
/// pipelines use) to `context` and loads them.
MLIR_CAPI_EXPORTED void ttlangRegisterAllDialects(MlirContext context);

/// A new context with only the ttlang dialects registered (TTL loaded, the
/// others when first parsed or needed by a pass) and multithreading off: what
/// one compilation needs. A context from the `mlir`
/// package's Python `Context()` also registers and loads every upstream
/// dialect and starts a thread pool, which costs more than a small compile.
/// The caller owns it (`mlirContextDestroy`).
MLIR_CAPI_EXPORTED MlirContext ttlangCreateCompileContext(void);

/// Registers every ttlang pass and pipeline globally. Idempotent.
MLIR_CAPI_EXPORTED void ttlangRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TTL_C_TTLANG_H */
