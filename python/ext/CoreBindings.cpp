//===- CoreBindings.cpp - dialect and pass registration -------------------===//

#include "Bindings.h"

#include "ttl-c/TTLang.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

namespace nb = nanobind;

void ttlang::python::populateCoreBindings(nb::module_ &m) {
  m.def(
      "register_dialects",
      [](MlirContext context) { ttlangRegisterAllDialects(context); },
      nb::arg("context"),
      "Registers and loads the ttl, ttnn and pipeline dialects in `context`.");
  m.def("register_passes", &ttlangRegisterAllPasses,
        "Registers every ttlang pass with the global pass registry.");
}
