//===- TTLangModule.cpp - the ttlang Python extension ---------------------===//
//
// One extension module for the whole project. It links the project's objects
// against the `mlir` package's libMLIRPythonCAPI.so, so `from mlir import ir`
// and `import ttlang` share one MLIR in the process. Each area contributes a
// populate function (Bindings.h).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "ttl/Targets.h"
#include "ttl/TileGeometry.h"

#include <nanobind/stl/string.h>

namespace nb = nanobind;

NB_MODULE(_ttlang, m) {
  m.doc() = "ttlang compiler internals";
  // The tile geometry's one home is ttl/TileGeometry.h; Python reads it here.
  m.attr("TILE_SIDE") = ::ttlang::tile::kSide;
  m.attr("FACE_SIDE") = ::ttlang::tile::kFaceSide;
  // The target table's one home is ttl/Targets.h.
  m.attr("DEFAULT_TARGET") = std::string(::ttlang::target::kDefaultTarget);
  m.def(
      "targets",
      []() {
        nb::dict targets;
        for (const ::ttlang::target::Facts &facts : ::ttlang::target::kTargets) {
          nb::dict entry;
          entry["grid"] = nb::make_tuple(facts.gridCols, facts.gridRows);
          entry["l1_bytes"] = facts.l1Bytes;
          entry["l1_reserved_bytes"] = facts.l1ReservedBytes;
          entry["l1_allocator_base"] = facts.l1AllocatorBase;
          entry["circular_buffers"] = facts.circularBuffers;
          entry["semaphores"] = facts.semaphores;
          entry["dram_banks"] = facts.dramBanks;
          entry["l1_alignment"] = facts.l1Alignment;
          entry["dram_alignment"] = facts.dramAlignment;
          targets[facts.name] = entry;
        }
        return targets;
      },
      "The supported targets' facts (ttl/Targets.h): name -> dict.");
  ttlang::python::populateCoreBindings(m);
  ttlang::python::populateOpModelBindings(m);
  ttlang::python::populateFrontendBindings(m);
  ttlang::python::populateBackendBindings(m);
  ttlang::python::populateKernelRecordBindings(m);
  ttlang::python::populateRuntimeBindings(m);
  ttlang::python::populateDispatchMemoBindings(m);
}
