/*===- TTLFrontend.h - C API used by the TT-Lang frontend -------*- C -*-===*\
|*                                                                            *|
|* Context settings the Python frontend needs beyond the upstream C API.     *|
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

#ifdef __cplusplus
}
#endif

#endif /* TTL_C_TTLFRONTEND_H */
