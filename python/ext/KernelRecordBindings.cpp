//===- KernelRecordBindings.cpp - the kernel records as typed attributes --===//
//
// The attributes a generated kernel carries to the runtime (#ttl.kernel_record
// and its parts, TTLAttrs.td) as subclasses of `mlir.ir.Attribute` with named
// properties, over their C API (ttl-c/KernelRecords.h), in the pattern of
// MLIR's standalone example. Each class's `get` builds its attribute through
// the attribute's C++ verifier: a broken rule raises `RecordError` with the
// verifier's message, so the runtime checks records it reads from disk or from
// an emitted runner by the compiler's own rules.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "ttl-c/KernelRecords.h"
#include "ttl-c/TTLFrontend.h"

#include "mlir-c/BuiltinAttributes.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace nb = nanobind;
using namespace nb::literals;
using mlir::python::nanobind_adaptors::mlir_attribute_subclass;

namespace {
/// A record that breaks a rule of its attribute's verifier
/// (`_ttlang.RecordError`).
struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void keepMessage(MlirStringRef message, void *userData) {
  static_cast<std::string *>(userData)->assign(message.data, message.length);
}

/// The attribute a C API Get function built (it receives the error callback
/// and its user data), or RecordError with the verifier's message.
template <typename Build>
MlirAttribute checked(Build build) {
  std::string message;
  MlirAttribute attr = build(keepMessage, &message);
  if (mlirAttributeIsNull(attr))
    throw RecordError(message);
  return attr;
}

MlirStringRef ref(const std::string &text) {
  return mlirStringRefCreate(text.data(), text.size());
}

nb::str toStr(MlirStringRef text) { return nb::str(text.data, text.length); }

MlirAttribute arrayOf(MlirContext context,
                      const std::vector<MlirAttribute> &elements) {
  return mlirArrayAttrGet(context, static_cast<intptr_t>(elements.size()),
                          elements.data());
}

MlirAttribute int64s(MlirContext context, const std::vector<int64_t> &values) {
  return mlirDenseI64ArrayGet(context, static_cast<intptr_t>(values.size()),
                              values.data());
}

nb::tuple int64Tuple(MlirAttribute denseI64) {
  intptr_t n = mlirDenseArrayGetNumElements(denseI64);
  nb::list items;
  for (intptr_t i = 0; i < n; ++i)
    items.append(mlirDenseI64ArrayGetElement(denseI64, i));
  return nb::tuple(items);
}

/// `attr` as an instance of the typed class `cls`, made from a plain
/// `mlir.ir.Attribute`. Passing the MlirAttribute itself would go through the
/// caster's `maybe_downcast`, whose first call imports the ttl dialect's Python
/// module (its generated op classes, about 10 ms) into a process that only
/// reads records.
nb::object asTyped(nb::handle cls, MlirAttribute attr) {
  nb::object capsule =
      nb::steal<nb::object>(mlirPythonAttributeToCapsule(attr));
  return cls(mlir::python::irModule()
                 .attr("Attribute")
                 .attr(MLIR_PYTHON_CAPI_FACTORY_ATTR)(capsule));
}

/// The elements of an array attribute as instances of `cls` (a typed
/// attribute class), or as str for `cls` None (an array of strings).
nb::tuple elementsAs(MlirAttribute array, nb::handle cls) {
  intptr_t n = mlirArrayAttrGetNumElements(array);
  nb::list items;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute element = mlirArrayAttrGetElement(array, i);
    items.append(cls.is_none()
                     ? nb::object(toStr(mlirStringAttrGetValue(element)))
                     : asTyped(cls, element));
  }
  return nb::tuple(items);
}

/// `get`'s trailing parameter: the context (None: the current one).
auto contextArg() { return "context"_a.none() = nb::none(); }
} // namespace

void ttlang::python::populateKernelRecordBindings(nb::module_ &m) {
  nb::exception<RecordError>(m, "RecordError", PyExc_ValueError);

  mlir_attribute_subclass kernel(m, "KernelAttr", ttlangAttributeIsAKernel);
  kernel.def_property_readonly("kind", [](MlirAttribute a) {
    return ttlangKernelAttrGetKind(a);
  });
  kernel.def_property_readonly("name", [](MlirAttribute a) {
    return toStr(ttlangKernelAttrGetName(a));
  });
  kernel.def_property_readonly("operation", [](MlirAttribute a) {
    return toStr(ttlangKernelAttrGetOperation(a));
  });
  kernel.def_classmethod(
      "get",
      [](nb::object cls, int kind, const std::string &name,
         const std::string &operation, MlirContext context) {
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangKernelAttrGet(context, kind, ref(name), ref(operation),
                                     onError, data);
        }));
      },
      "#ttl.kernel<kind, name, operation> (kind: TTL_KernelKind "
              "value).",
      "cls"_a, "kind"_a, "name"_a, "operation"_a, contextArg());

  mlir_attribute_subclass coreRange(m, "CoreRangeAttr",

                              ttlangAttributeIsACoreRange);
  static const char *const kCorners[4] = {"x0", "y0", "x1", "y1"};
  for (int corner = 0; corner < 4; ++corner)
    coreRange.def_property_readonly(kCorners[corner],
             [corner](MlirAttribute a) {
               int64_t corners[4];
               ttlangCoreRangeAttrGetCorners(a, corners);
               return corners[corner];
             });
  coreRange.def_classmethod(
      "get",
      [](nb::object cls, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
         MlirContext context) {
        int64_t corners[4] = {x0, y0, x1, y1};
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangCoreRangeAttrGet(context, corners, onError, data);
        }));
      },
      "#ttl.core_range<(x0, y0) to (x1, y1)>, inclusive.",
      "cls"_a, "x0"_a, "y0"_a, "x1"_a, "y1"_a, contextArg());

  mlir_attribute_subclass arg(m, "KernelArgAttr", ttlangAttributeIsAKernelArg);
  arg.def_property_readonly("kind", [](MlirAttribute a) {
    return ttlangKernelArgAttrGetKind(a);
  });
  arg.def_property_readonly("ref", [](MlirAttribute a) {
    return toStr(ttlangKernelArgAttrGetRef(a));
  });
  arg.def_property_readonly("count", [](MlirAttribute a) {
    return ttlangKernelArgAttrGetCount(a);
  });
  arg.def_property_readonly("words", [](MlirAttribute a) {
    nb::list words;
    for (intptr_t i = 0, n = ttlangKernelArgAttrGetNumWords(a); i < n; ++i)
      words.append(ttlangKernelArgAttrGetWord(a, i));
    return nb::tuple(words);
  });
  arg.def_classmethod(
      "get",
      [](nb::object cls, int kind, const std::string &slotRef, int64_t count,
         const std::vector<int64_t> &words, MlirContext context) {
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangKernelArgAttrGet(context, kind, ref(slotRef), count,
                                        static_cast<intptr_t>(words.size()),
                                        words.data(), onError, data);
        }));
      },
      "#ttl.arg<kind, ref, count, words> (kind: TTL_KernelArgKind "
              "value).",
      "cls"_a, "kind"_a, "ref"_a, "count"_a, "words"_a, contextArg());

  mlir_attribute_subclass abi(m, "KernelABIAttr", ttlangAttributeIsAKernelABI);
  abi.def_property_readonly(
      "compile_time", [cls = arg.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelABIAttrGetCompileTime(a), cls);
      });
  abi.def_property_readonly(
      "common_runtime", [cls = arg.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelABIAttrGetCommonRuntime(a), cls);
      });
  abi.def_property_readonly(
      "per_core_runtime", [cls = arg.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelABIAttrGetPerCoreRuntime(a), cls);
      });
  abi.def_classmethod(
      "get",
      [](nb::object cls, const std::vector<MlirAttribute> &compileTime,
         const std::vector<MlirAttribute> &commonRuntime,
         const std::vector<MlirAttribute> &perCoreRuntime,
         MlirContext context) {
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangKernelABIAttrGet(context, arrayOf(context, compileTime),
                                        arrayOf(context, commonRuntime),
                                        arrayOf(context, perCoreRuntime),
                                        onError, data);
        }));
      },
      "#ttl.abi of three lists of KernelArgAttr.",
      "cls"_a, "compile_time"_a, "common_runtime"_a, "per_core_runtime"_a,
      contextArg());

  mlir_attribute_subclass dfb(m, "DataflowBufferSpecAttr",

                              ttlangAttributeIsADataflowBufferSpec);
  dfb.def_property_readonly("name", [](MlirAttribute a) {
    return toStr(ttlangDataflowBufferSpecAttrGetName(a));
  });
  dfb.def_property_readonly("index", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetIndex(a);
  });
  dfb.def_property_readonly("data_format", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetDataFormat(a);
  });
  dfb.def_property_readonly("page_size", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetPageSize(a);
  });
  dfb.def_property_readonly("total_size", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetTotalSize(a);
  });
  dfb.def_property_readonly("block_shape", [](MlirAttribute a) {
    return int64Tuple(ttlangDataflowBufferSpecAttrGetBlockShape(a));
  });
  dfb.def_property_readonly("block_count", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetBlockCount(a);
  });
  dfb.def_property_readonly("reconfigured_blocks", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetReconfiguredBlocks(a);
  });
  dfb.def_property_readonly("location", [](MlirAttribute a) {
    return toStr(ttlangDataflowBufferSpecAttrGetLocation(a));
  });
  dfb.def_property_readonly("layout", [](MlirAttribute a) {
    return ttlangDataflowBufferSpecAttrGetLayout(a);
  });
  dfb.def_classmethod(
      "get",
      [](nb::object cls, const std::string &name, int64_t index, int dataFormat,
         int64_t pageSize, int64_t totalSize,
         const std::vector<int64_t> &blockShape,
         int64_t blockCount, int64_t reconfiguredBlocks,
         const std::string &location, int layout, MlirContext context) {
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangDataflowBufferSpecAttrGet(
              context, ref(name), index, dataFormat, pageSize, totalSize,
              int64s(context, blockShape), blockCount, reconfiguredBlocks,
              ref(location), layout, onError, data);
        }));
      },
      "#ttl.dfb_spec (data_format: TTL_DataFormat value; layout: "
      "TTL_TensorLayout value).",
      "cls"_a, "name"_a, "index"_a, "data_format"_a, "page_size"_a,
      "total_size"_a, "block_shape"_a, "block_count"_a,
      "reconfigured_blocks"_a, "location"_a, "layout"_a = 0, contextArg());

  mlir_attribute_subclass config(m, "DataflowBufferConfigAttr",

                              ttlangAttributeIsADataflowBufferConfig);
  config.def_property_readonly("name", [](MlirAttribute a) {
    return toStr(ttlangDataflowBufferConfigAttrGetName(a));
  });
  config.def_property_readonly("dfb", [](MlirAttribute a) {
    return toStr(ttlangDataflowBufferConfigAttrGetDfb(a));
  });
  config.def_property_readonly("address", [](MlirAttribute a) {
    return ttlangDataflowBufferConfigAttrGetAddress(a);
  });
  config.def_classmethod(
      "get",
      [](nb::object cls, const std::string &name, const std::string &dfbName,
         int64_t address, MlirContext context) {
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangDataflowBufferConfigAttrGet(
              context, ref(name), ref(dfbName), address, onError, data);
        }));
      },
      "#ttl.dfb_config<name, dfb, address>.",
      "cls"_a, "name"_a, "dfb"_a, "address"_a, contextArg());

  mlir_attribute_subclass claim(m, "FabricClaimIntervalAttr",

                              ttlangAttributeIsAFabricClaimInterval);
  claim.def_property_readonly("name", [](MlirAttribute a) {
    return toStr(ttlangFabricClaimIntervalAttrGetName(a));
  });
  claim.def_property_readonly("start", [](MlirAttribute a) {
    return ttlangFabricClaimIntervalAttrGetStart(a);
  });
  claim.def_property_readonly("end", [](MlirAttribute a) {
    return ttlangFabricClaimIntervalAttrGetEnd(a);
  });
  claim.def_classmethod(
      "get",
      [](nb::object cls, const std::string &name, int64_t start, int64_t end,
         MlirContext context) {
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangFabricClaimIntervalAttrGet(context, ref(name), start,
                                                  end, onError, data);
        }));
      },
      "#ttl.fabric_claim<name, start, end>.",
      "cls"_a, "name"_a, "start"_a, "end"_a, contextArg());

  mlir_attribute_subclass record(m, "KernelRecordAttr",

                              ttlangAttributeIsAKernelRecord);
  record.def_property_readonly(
      "kernel", [cls = kernel.get_class()](MlirAttribute a) {
        return asTyped(cls, ttlangKernelRecordAttrGetKernel(a));
      });
  record.def_property_readonly("role", [](MlirAttribute a) {
    return ttlangKernelRecordAttrGetRole(a);
  });
  record.def_property_readonly(
      "core_ranges", [cls = coreRange.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelRecordAttrGetCoreRanges(a), cls);
      });
  record.def_property_readonly("abi", [cls = abi.get_class()](MlirAttribute a) {
    return asTyped(cls, ttlangKernelRecordAttrGetABI(a));
  });
  record.def_property_readonly(
      "dataflow_buffers", [cls = dfb.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelRecordAttrGetDataflowBuffers(a), cls);
      });
  record.def_property_readonly(
      "dfb_configurations", [cls = config.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelRecordAttrGetDfbConfigurations(a), cls);
      });
  record.def_property_readonly("include_paths", [](MlirAttribute a) {
    return elementsAs(ttlangKernelRecordAttrGetIncludePaths(a), nb::none());
  });
  record.def_property_readonly("project_include", [](MlirAttribute a) {
    return ttlangKernelRecordAttrGetProjectInclude(a);
  });
  record.def_property_readonly("fp32_dest_acc_en", [](MlirAttribute a) {
    return ttlangKernelRecordAttrGetFp32DestAccEn(a);
  });
  record.def_property_readonly("unpack_to_dest", [](MlirAttribute a) {
    return int64Tuple(ttlangKernelRecordAttrGetUnpackToDest(a));
  });
  record.def_property_readonly(
      "fabric_claims", [cls = claim.get_class()](MlirAttribute a) {
        return elementsAs(ttlangKernelRecordAttrGetFabricClaims(a), cls);
      });
  record.def_classmethod(
      "get",
      [](nb::object cls, MlirAttribute kernelAttr, int role,
         const std::vector<MlirAttribute> &coreRanges, MlirAttribute abiAttr,
         const std::vector<MlirAttribute> &dataflowBuffers,
         const std::vector<MlirAttribute> &dfbConfigurations,
         const std::vector<std::string> &includePaths, bool projectInclude,
         bool fp32DestAccEn, const std::vector<int64_t> &unpackToDest,
         const std::vector<MlirAttribute> &fabricClaims, MlirContext context) {
        std::vector<MlirAttribute> paths;
        for (const std::string &path : includePaths)
          paths.push_back(mlirStringAttrGet(context, ref(path)));
        return asTyped(cls, checked([&](auto onError, void *data) {
          return ttlangKernelRecordAttrGet(
              context, kernelAttr, role, arrayOf(context, coreRanges), abiAttr,
              arrayOf(context, dataflowBuffers),
              arrayOf(context, dfbConfigurations), arrayOf(context, paths),
              projectInclude, fp32DestAccEn, int64s(context, unpackToDest),
              arrayOf(context, fabricClaims), onError, data);
        }));
      },
      "#ttl.kernel_record (role: TTL_ProcessorRole value).",
      "cls"_a, "kernel"_a, "role"_a, "core_ranges"_a, "abi"_a,
      "dataflow_buffers"_a, "dfb_configurations"_a, "include_paths"_a,
      "project_include"_a, "fp32_dest_acc_en"_a, "unpack_to_dest"_a,
      "fabric_claims"_a, contextArg());

  m.def(
      "kernel_records",
      [cls = record.get_class()](MlirModule module) {
        nb::list records;
        MlirStringRef recordName = ttlangKernelRecordAttrName();
        MlirBlock body = mlirModuleGetBody(module);
        for (MlirOperation op = mlirBlockGetFirstOperation(body);
             !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
          MlirAttribute attr = mlirOperationGetAttributeByName(op, recordName);
          if (mlirAttributeIsNull(attr))
            continue;
          if (!ttlangAttributeIsAKernelRecord(attr))
            throw RecordError("ttl.kernel_record is not a #ttl.kernel_record");
          MlirAttribute id = mlirOperationGetAttributeByName(
              op, mlirStringRefCreateFromCString("id"));
          records.append(
              nb::make_tuple(toStr(mlirStringAttrGetValue(id)), asTyped(cls, attr)));
        }
        return records;
      },
      "module"_a,
      "[(file id, KernelRecordAttr)] of every operation directly in `module` "
      "with a #ttl.kernel_record (each generated emitc.file).");
}
