//===- TTLangModule.cpp - the ttlang Python extension ---------------------===//
//
// One extension module for the whole project. It links the project's objects
// against the `mlir` package's libMLIRPythonCAPI.so, so `from mlir import ir`
// and `import ttlang` share one MLIR in the process. Each area contributes a
// populate function (Bindings.h).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

NB_MODULE(_ttlang, m) {
  m.doc() = "ttlang compiler internals";
  ttlang::python::populateCoreBindings(m);
  ttlang::python::populateOpModelBindings(m);
  ttlang::python::populateFrontendBindings(m);
  ttlang::python::populateBackendBindings(m);
}
