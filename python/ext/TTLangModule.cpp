//===- TTLangModule.cpp - the ttlang Python extension ---------------------===//
//
// One extension module for the whole project. It links the project's objects
// against the `mlir` package's libMLIRPythonCAPI.so, so `from mlir import ir`
// and `import ttlang` share one MLIR in the process.
//
//===----------------------------------------------------------------------===//

#include "ttl-c/TTLang.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

namespace nb = nanobind;

NB_MODULE(_ttlang, m) {
  m.doc() = "ttlang compiler internals (dialect registration, passes)";
  m.def(
      "register_dialects",
      [](MlirContext context) { ttlangRegisterAllDialects(context); },
      nb::arg("context"),
      "Registers and loads the ttl, ttnn and pipeline dialects in `context`.");
  m.def("register_passes", &ttlangRegisterAllPasses,
        "Registers every ttlang pass with the global pass registry.");
}
