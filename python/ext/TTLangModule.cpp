//===- TTLangModule.cpp - the ttlang Python extension ---------------------===//
//
// One extension module for the whole project. It links the project's objects
// against the `mlir` package's libMLIRPythonCAPI.so, so `from mlir import ir`
// and `import ttlang` share one MLIR in the process. Each area contributes a
// populate function (Bindings.h).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "ttl/TileGeometry.h"

NB_MODULE(_ttlang, m) {
  m.doc() = "ttlang compiler internals";
  // The tile geometry's one home is ttl/TileGeometry.h; Python reads it here.
  m.attr("TILE_SIDE") = ::ttlang::tile::kSide;
  m.attr("FACE_SIDE") = ::ttlang::tile::kFaceSide;
  ttlang::python::populateCoreBindings(m);
  ttlang::python::populateOpModelBindings(m);
  ttlang::python::populateFrontendBindings(m);
  ttlang::python::populateBackendBindings(m);
  ttlang::python::populateRuntimeBindings(m);
}
