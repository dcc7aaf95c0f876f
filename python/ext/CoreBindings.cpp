//===- CoreBindings.cpp - dialect and pass registration -------------------===//

#include "Bindings.h"

#include "ttl-c/TTLang.h"

#include "mlir-c/Bindings/Python/Interop.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

namespace nb = nanobind;

void ttlang::python::populateCoreBindings(nb::module_ &m) {
  m.def(
      "register_dialects",
      [](MlirContext context) { ttlangRegisterAllDialects(context); },
      nb::arg("context"),
      "Registers and loads the ttl, ttnn and pipeline dialects in `context`.");
  m.def(
      "create_compile_context_capsule",
      [] {
        return nb::steal<nb::object>(
            mlirPythonContextToCapsule(ttlangCreateCompileContext()));
      },
      "A capsule of a new context with only the ttlang dialects loaded and "
      "multithreading off (what one compilation needs); "
      "`ir.Context._CAPICreate` takes ownership of it.");
  m.def("register_passes", &ttlangRegisterAllPasses,
        "Registers every ttlang pass with the global pass registry.");
}
