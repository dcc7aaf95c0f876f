//===- Bindings.h - parts of the ttlang Python extension --------*- C++ -*-===//
//
// The extension is one module (`ttlang._ttlang`); each area adds its functions
// from its own source file through one populate function declared here.
// Sources here are compiled with RTTI and exceptions (nanobind needs them);
// they reach the compiler through the C API in include/ttl-c or through
// plain C++ interfaces that pass no LLVM/MLIR classes with vtables.
//
//===----------------------------------------------------------------------===//

#ifndef TTLANG_PYTHON_EXT_BINDINGS_H
#define TTLANG_PYTHON_EXT_BINDINGS_H

#include <nanobind/nanobind.h>

namespace ttlang::python {

/// Dialect and pass registration.
void populateCoreBindings(nanobind::module_ &m);

/// Op-model queries (constraints, runtime, cache statistics).
void populateOpModelBindings(nanobind::module_ &m);
/// Context settings used by the TT-Lang frontend.
void populateFrontendBindings(nanobind::module_ &m);
/// Runtime-resource records that dispatch builds per core (CoreRuntimeArgs).
void populateRuntimeBindings(nanobind::module_ &m);
/// The cache-hit path of a resource-aware dispatch (DispatchMemo, WordTable).
void populateDispatchMemoBindings(nanobind::module_ &m);

/// C++ emission of generated kernels.
void populateBackendBindings(nanobind::module_ &m);
/// The kernel record attributes as typed `mlir.ir.Attribute` subclasses and
/// `kernel_records` (KernelRecordBindings.cpp).
void populateKernelRecordBindings(nanobind::module_ &m);

} // namespace ttlang::python

#endif // TTLANG_PYTHON_EXT_BINDINGS_H
