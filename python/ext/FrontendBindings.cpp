//===- FrontendBindings.cpp - context settings for the frontend -----------===//

#include "Bindings.h"

#include "ttl-c/TTLFrontend.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

namespace nb = nanobind;

void ttlang::python::populateFrontendBindings(nb::module_ &m) {
  m.def(
      "set_print_op_on_diagnostic",
      [](MlirContext context, bool enable) {
        ttlangContextSetPrintOpOnDiagnostic(context, enable);
      },
      nb::arg("context"), nb::arg("enable"),
      "Whether op diagnostics carry a 'see current operation' note.");
}
