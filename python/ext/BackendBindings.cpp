//===- BackendBindings.cpp - C++ emission of generated kernels ------------===//

#include "Bindings.h"

#include "ttl-c/Backend.h"
#include "ttl-c/KernelRecords.h"
#include "ttl-c/TTLFrontend.h"

#include "mlir-c/BuiltinAttributes.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
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

nb::tuple int64s(MlirAttribute denseI64) {
  intptr_t n = mlirDenseArrayGetNumElements(denseI64);
  nb::list items;
  for (intptr_t i = 0; i < n; ++i)
    items.append(nb::int_(mlirDenseI64ArrayGetElement(denseI64, i)));
  return nb::tuple(items);
}

/// The elements of an array attribute, each converted by `convert`.
template <typename Convert>
nb::tuple elements(MlirAttribute array, Convert convert) {
  intptr_t n = mlirArrayAttrGetNumElements(array);
  nb::list items;
  for (intptr_t i = 0; i < n; ++i)
    items.append(convert(mlirArrayAttrGetElement(array, i)));
  return nb::tuple(items);
}

/// (kind, ref, count, words) of a #ttl.arg.
nb::object kernelArg(MlirAttribute arg) {
  intptr_t n = ttlangKernelArgAttrGetNumWords(arg);
  nb::list words;
  for (intptr_t i = 0; i < n; ++i)
    words.append(nb::int_(ttlangKernelArgAttrGetWord(arg, i)));
  return nb::make_tuple(ttlangKernelArgAttrGetKind(arg),
                        toStr(ttlangKernelArgAttrGetRef(arg)),
                        ttlangKernelArgAttrGetCount(arg), nb::tuple(words));
}

/// The fields of a #ttl.kernel_record as plain Python values, in the order
/// of its parameters (TTLAttrs.td); enums as their generated values.
nb::tuple kernelRecord(MlirAttribute record) {
  MlirAttribute kernel = ttlangKernelRecordAttrGetKernel(record);
  MlirAttribute abi = ttlangKernelRecordAttrGetABI(record);
  return nb::make_tuple(
      nb::make_tuple(ttlangKernelAttrGetKind(kernel),
                     toStr(ttlangKernelAttrGetName(kernel)),
                     toStr(ttlangKernelAttrGetOperation(kernel))),
      ttlangKernelRecordAttrGetRole(record),
      elements(ttlangKernelRecordAttrGetCoreRanges(record),
               [](MlirAttribute range) {
                 int64_t c[4];
                 ttlangCoreRangeAttrGetCorners(range, c);
                 return nb::make_tuple(c[0], c[1], c[2], c[3]);
               }),
      nb::make_tuple(
          elements(ttlangKernelABIAttrGetCompileTime(abi), kernelArg),
          elements(ttlangKernelABIAttrGetCommonRuntime(abi), kernelArg),
          elements(ttlangKernelABIAttrGetPerCoreRuntime(abi), kernelArg)),
      elements(ttlangKernelRecordAttrGetDataflowBuffers(record),
               [](MlirAttribute dfb) {
                 return nb::make_tuple(
                     toStr(ttlangDataflowBufferSpecAttrGetName(dfb)),
                     ttlangDataflowBufferSpecAttrGetIndex(dfb),
                     ttlangDataflowBufferSpecAttrGetDataFormat(dfb),
                     ttlangDataflowBufferSpecAttrGetPageSize(dfb),
                     ttlangDataflowBufferSpecAttrGetTotalSize(dfb),
                     int64s(ttlangDataflowBufferSpecAttrGetBlockShape(dfb)),
                     ttlangDataflowBufferSpecAttrGetBlockCount(dfb),
                     ttlangDataflowBufferSpecAttrGetReconfiguredBlocks(dfb),
                     toStr(ttlangDataflowBufferSpecAttrGetLocation(dfb)));
               }),
      elements(ttlangKernelRecordAttrGetDfbConfigurations(record),
               [](MlirAttribute config) {
                 return nb::make_tuple(
                     toStr(ttlangDataflowBufferConfigAttrGetName(config)),
                     toStr(ttlangDataflowBufferConfigAttrGetDfb(config)),
                     ttlangDataflowBufferConfigAttrGetAddress(config));
               }),
      elements(ttlangKernelRecordAttrGetIncludePaths(record),
               [](MlirAttribute path) {
                 return toStr(mlirStringAttrGetValue(path));
               }),
      ttlangKernelRecordAttrGetProjectInclude(record),
      ttlangKernelRecordAttrGetFp32DestAccEn(record),
      int64s(ttlangKernelRecordAttrGetUnpackToDest(record)),
      elements(ttlangKernelRecordAttrGetFabricClaims(record),
               [](MlirAttribute claim) {
                 return nb::make_tuple(
                     toStr(ttlangFabricClaimIntervalAttrGetName(claim)),
                     ttlangFabricClaimIntervalAttrGetStart(claim),
                     ttlangFabricClaimIntervalAttrGetEnd(claim));
               }));
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
      "kernel_records",
      [](MlirModule module) {
        nb::list records;
        MlirStringRef recordName = ttlangKernelRecordAttrName();
        MlirBlock body = mlirModuleGetBody(module);
        for (MlirOperation op = mlirBlockGetFirstOperation(body);
             !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
          MlirAttribute record =
              mlirOperationGetAttributeByName(op, recordName);
          if (mlirAttributeIsNull(record))
            continue;
          if (!ttlangAttributeIsAKernelRecord(record))
            throw std::invalid_argument(
                "ttl.kernel_record is not a #ttl.kernel_record");
          MlirAttribute id =
              mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("id"));
          records.append(nb::make_tuple(toStr(mlirStringAttrGetValue(id)),
                                        kernelRecord(record)));
        }
        return records;
      },
      nb::arg("module"),
      "[(file id, record)] of every operation directly in `module` with a "
      "#ttl.kernel_record (each generated emitc.file), read through the C "
      "API (ttl-c/KernelRecords.h). `record` is (kernel (kind, name, "
      "operation), role, core_ranges ((x0, y0, x1, y1), ...), abi "
      "(compile_time, common_runtime, per_core_runtime: ((kind, ref, count, "
      "words), ...)), dataflow_buffers ((name, index, data_format, "
      "page_size, total_size, block_shape, block_count, reconfigured_blocks, "
      "location), ...), dfb_configurations ((name, dfb, address), ...), "
      "include_paths, project_include, fp32_dest_acc_en, unpack_to_dest, "
      "fabric_claims ((name, start, end), ...)); "
      "enums (kind, role, data_format) as the values of the generated "
      "ttlang.dialects._ttl_enum_gen enums.");
  MlirStringRef name = ttlangBackendPipelineName();
  m.attr("BACKEND_PIPELINE") = std::string(name.data, name.length);
}
