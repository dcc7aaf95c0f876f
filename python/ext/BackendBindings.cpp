//===- BackendBindings.cpp - C++ emission of generated kernels ------------===//

#include "Bindings.h"

#include "ttl-c/Backend.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace nb = nanobind;

namespace {
using Sources = std::vector<std::pair<std::string, std::string>>;

void collect(MlirStringRef id, MlirStringRef source, void *userData) {
  static_cast<Sources *>(userData)->emplace_back(
      std::string(id.data, id.length), std::string(source.data, source.length));
}
} // namespace

void ttlang::python::populateBackendBindings(nb::module_ &m) {
  m.def(
      "emit_kernel_sources",
      [](MlirModule module) {
        Sources sources;
        if (mlirLogicalResultIsFailure(
                ttlangEmitKernelSources(module, collect, &sources)))
          throw std::runtime_error(
              "C++ emission of the generated kernels failed (see the "
              "diagnostics reported to the context)");
        return sources;
      },
      nb::arg("module"),
      "[(file id, C++ source)] of every emitc.file in `module` "
      "(emitc::translateToCpp).");
  MlirStringRef name = ttlangBackendPipelineName();
  m.attr("BACKEND_PIPELINE") = std::string(name.data, name.length);
}
