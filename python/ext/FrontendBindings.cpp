//===- FrontendBindings.cpp - context settings for the frontend -----------===//

#include "Bindings.h"

#include "ttl-c/TTLFrontend.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>

#include <optional>
#include <string>
#include <tuple>

namespace nb = nanobind;

void ttlang::python::populateFrontendBindings(nb::module_ &m) {
  m.def(
      "set_print_op_on_diagnostic",
      [](MlirContext context, bool enable) {
        ttlangContextSetPrintOpOnDiagnostic(context, enable);
      },
      nb::arg("context"), nb::arg("enable"),
      "Whether op diagnostics carry a 'see current operation' note.");
  m.def(
      "target_worker_grid",
      [](const std::string &name)
          -> std::optional<std::tuple<int64_t, int64_t>> {
        int64_t cols = 0, rows = 0;
        if (!ttlangTargetWorkerGrid(mlirStringRefCreate(name.data(),
                                                        name.size()),
                                    &cols, &rows))
          return std::nullopt;
        return std::make_tuple(cols, rows);
      },
      nb::arg("target"),
      "(cols, rows) of a target's worker grid (the target capacity table), "
      "else None.");
  m.def(
      "supported_target_names",
      []() {
        MlirStringRef names = ttlangSupportedTargetNames();
        return std::string(names.data, names.length);
      },
      "The targets of the capacity table, comma-separated.");
  m.def(
      "extern_call_max_effects", []() { return ttlangExternCallMaxEffects(); },
      "The most DFB effects one ttl.call_extern_func may declare.");
}
