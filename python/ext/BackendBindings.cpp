//===- BackendBindings.cpp - C++ emission of generated kernels ------------===//

#include "Bindings.h"

#include "ttl-c/Backend.h"
#include "ttl-c/TTLFrontend.h"

#include "mlir-c/BuiltinAttributes.h"

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

nb::str toStr(MlirStringRef ref) { return nb::str(ref.data, ref.length); }

void appendPrinted(MlirStringRef chunk, void *userData) {
  static_cast<std::string *>(userData)->append(chunk.data, chunk.length);
}

/// The plain Python value of a record attribute: str, int, bool (unit: True),
/// tuple (array, dense i64 array), dict (dictionary), and a #ttl.kernel as
/// (kind, name, operation).
nb::object toPython(MlirAttribute attr) {
  if (mlirAttributeIsAString(attr))
    return toStr(mlirStringAttrGetValue(attr));
  if (mlirAttributeIsABool(attr))
    return nb::bool_(mlirBoolAttrGetValue(attr));
  if (mlirAttributeIsAInteger(attr))
    return nb::int_(mlirIntegerAttrGetValueInt(attr));
  if (mlirAttributeIsAUnit(attr))
    return nb::bool_(true);
  if (mlirAttributeIsADenseI64Array(attr)) {
    intptr_t n = mlirDenseArrayGetNumElements(attr);
    nb::list items;
    for (intptr_t i = 0; i < n; ++i)
      items.append(nb::int_(mlirDenseI64ArrayGetElement(attr, i)));
    return nb::tuple(items);
  }
  if (mlirAttributeIsAArray(attr)) {
    intptr_t n = mlirArrayAttrGetNumElements(attr);
    nb::list items;
    for (intptr_t i = 0; i < n; ++i)
      items.append(toPython(mlirArrayAttrGetElement(attr, i)));
    return nb::tuple(items);
  }
  if (mlirAttributeIsADictionary(attr)) {
    nb::dict entries;
    intptr_t n = mlirDictionaryAttrGetNumElements(attr);
    for (intptr_t i = 0; i < n; ++i) {
      MlirNamedAttribute entry = mlirDictionaryAttrGetElement(attr, i);
      entries[toStr(mlirIdentifierStr(entry.name))] = toPython(entry.attribute);
    }
    return entries;
  }
  if (ttlangAttributeIsAKernel(attr))
    return nb::make_tuple(
        ttlangKernelAttrGetKind(attr) == 0 ? "compute" : "data_movement",
        toStr(ttlangKernelAttrGetName(attr)),
        toStr(ttlangKernelAttrGetOperation(attr)));
  std::string printed;
  mlirAttributePrint(attr, appendPrinted, &printed);
  throw std::invalid_argument("a record attribute of an unexpected kind: " +
                              printed);
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
  m.def(
      "top_level_records",
      [](MlirModule module, const std::vector<std::string> &names) {
        nb::list records;
        MlirBlock body = mlirModuleGetBody(module);
        for (MlirOperation op = mlirBlockGetFirstOperation(body);
             !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
          nb::dict values;
          for (const std::string &name : names) {
            MlirAttribute attr = mlirOperationGetAttributeByName(
                op, mlirStringRefCreate(name.data(), name.size()));
            if (!mlirAttributeIsNull(attr))
              values[nb::str(name.data(), name.size())] = toPython(attr);
          }
          records.append(nb::make_tuple(
              toStr(mlirIdentifierStr(mlirOperationGetName(op))), values));
        }
        return records;
      },
      nb::arg("module"), nb::arg("names"),
      "[(op name, {attribute: value})] of every operation directly in "
      "`module`, with those of `names` it carries as plain Python values "
      "(str, int, bool, tuple, dict; #ttl.kernel as (kind, name, "
      "operation)). Reads records without creating Python op views, which "
      "would import each dialect's generated Python module.");
  m.def(
      "module_records",
      [](MlirModule module, const std::vector<std::string> &names) {
        MlirOperation op = mlirModuleGetOperation(module);
        nb::dict values;
        for (const std::string &name : names) {
          MlirAttribute attr = mlirOperationGetAttributeByName(
              op, mlirStringRefCreate(name.data(), name.size()));
          if (!mlirAttributeIsNull(attr))
            values[nb::str(name.data(), name.size())] = toPython(attr);
        }
        return values;
      },
      nb::arg("module"), nb::arg("names"),
      "{attribute: value} of those of `names` the module itself carries, as "
      "top_level_records gives them (no Python op view of the module).");
  MlirStringRef name = ttlangBackendPipelineName();
  m.attr("BACKEND_PIPELINE") = std::string(name.data, name.length);
}
