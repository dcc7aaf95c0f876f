//===- KernelRecords.cpp - C API of the kernel record attributes ----------===//

#include "ttl-c/KernelRecords.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>

using namespace mlir;
using namespace mlir::ttl;

template <typename AttrT>
static AttrT get(MlirAttribute attr) {
  return cast<AttrT>(unwrap(attr));
}

/// Reports `message` and returns the null attribute.
static MlirAttribute reject(StringRef message, MlirStringCallback onError,
                            void *userData) {
  onError(wrap(message), userData);
  return MlirAttribute{nullptr};
}

/// `AttrT` built through its verifier: the first diagnostic goes to `onError`
/// (not to the context's handlers) and the result is null.
template <typename AttrT, typename... Params>
static MlirAttribute getChecked(MlirContext ctx, MlirStringCallback onError,
                                void *userData, Params &&...params) {
  MLIRContext *context = unwrap(ctx);
  std::string message;
  AttrT attr;
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diagnostic) {
      if (message.empty())
        message = diagnostic.str();
      return success();
    });
    attr = AttrT::getChecked(
        [&] { return emitError(UnknownLoc::get(context)); }, context,
        std::forward<Params>(params)...);
  }
  if (!attr)
    return reject(message, onError, userData);
  return wrap(attr);
}

/// An enum parameter from its generated value; `what` names it in the error.
template <typename EnumT>
static std::optional<EnumT>
symbolize(int value, std::optional<EnumT> (*symbolizer)(uint32_t),
          StringRef what, MlirStringCallback onError, void *userData) {
  std::optional<EnumT> symbol =
      value < 0 ? std::nullopt : symbolizer(static_cast<uint32_t>(value));
  if (!symbol)
    reject((Twine(value) + " is not a " + what).str(), onError, userData);
  return symbol;
}

/// `attr` as `AttrT`, or a null one after reporting that `name` is not `expected`.
template <typename AttrT>
static AttrT field(MlirAttribute attr, StringRef name, StringRef expected,
                   MlirStringCallback onError, void *userData) {
  auto typed = dyn_cast_or_null<AttrT>(unwrap(attr));
  if (!typed)
    reject((Twine(name) + " must be " + expected).str(), onError, userData);
  return typed;
}

MlirAttribute ttlangKernelAttrGet(MlirContext ctx, int kind, MlirStringRef name,
                                  MlirStringRef operation,
                                  MlirStringCallback onError, void *userData) {
  std::optional<KernelKind> symbol = symbolize<KernelKind>(
      kind, symbolizeKernelKind, "kernel kind", onError, userData);
  if (!symbol)
    return MlirAttribute{nullptr};
  return getChecked<KernelAttr>(ctx, onError, userData, *symbol, unwrap(name),
                                unwrap(operation));
}

MlirStringRef ttlangKernelRecordAttrName(void) {
  return wrap(TTLDialect::kKernelRecordAttrName);
}

bool ttlangAttributeIsAKernelRecord(MlirAttribute attr) {
  return isa<KernelRecordAttr>(unwrap(attr));
}
MlirAttribute ttlangKernelRecordAttrGet(
    MlirContext ctx, MlirAttribute kernel, int role, MlirAttribute coreRanges,
    MlirAttribute abi, MlirAttribute dataflowBuffers,
    MlirAttribute dfbConfigurations, MlirAttribute includePaths,
    bool projectInclude, bool fp32DestAccEn, MlirAttribute unpackToDest,
    MlirAttribute fabricClaims, MlirStringCallback onError, void *userData) {
  std::optional<ProcessorRole> symbol = symbolize<ProcessorRole>(
      role, symbolizeProcessorRole, "processor role", onError, userData);
  auto kernelAttr =
      field<KernelAttr>(kernel, "kernel", "a #ttl.kernel", onError, userData);
  auto abiAttr =
      field<KernelABIAttr>(abi, "abi", "a #ttl.abi", onError, userData);
  auto unpack = field<DenseI64ArrayAttr>(unpackToDest, "unpack_to_dest",
                                         "an array<i64>", onError, userData);
  ArrayAttr lists[5];
  MlirAttribute given[5] = {coreRanges, dataflowBuffers, dfbConfigurations,
                            includePaths, fabricClaims};
  const char *names[5] = {"core_ranges", "dataflow_buffers",
                          "dfb_configurations", "include_paths",
                          "fabric_claims"};
  for (int i = 0; i < 5; ++i)
    if (!(lists[i] = field<ArrayAttr>(given[i], names[i], "an array",
                                      onError, userData)))
      return MlirAttribute{nullptr};
  if (!symbol || !kernelAttr || !abiAttr || !unpack)
    return MlirAttribute{nullptr};
  MLIRContext *context = unwrap(ctx);
  return getChecked<KernelRecordAttr>(
      ctx, onError, userData, kernelAttr, *symbol, lists[0], abiAttr, lists[1],
      lists[2], lists[3], BoolAttr::get(context, projectInclude),
      BoolAttr::get(context, fp32DestAccEn), unpack, lists[4]);
}
MlirAttribute ttlangKernelRecordAttrGetKernel(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getKernel());
}
int ttlangKernelRecordAttrGetRole(MlirAttribute attr) {
  return static_cast<int>(get<KernelRecordAttr>(attr).getRole());
}
MlirAttribute ttlangKernelRecordAttrGetCoreRanges(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getCoreRanges());
}
MlirAttribute ttlangKernelRecordAttrGetABI(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getAbi());
}
MlirAttribute ttlangKernelRecordAttrGetDataflowBuffers(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getDataflowBuffers());
}
MlirAttribute ttlangKernelRecordAttrGetDfbConfigurations(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getDfbConfigurations());
}
MlirAttribute ttlangKernelRecordAttrGetIncludePaths(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getIncludePaths());
}
bool ttlangKernelRecordAttrGetProjectInclude(MlirAttribute attr) {
  return get<KernelRecordAttr>(attr).getProjectInclude().getValue();
}
bool ttlangKernelRecordAttrGetFp32DestAccEn(MlirAttribute attr) {
  return get<KernelRecordAttr>(attr).getFp32DestAccEn().getValue();
}
MlirAttribute ttlangKernelRecordAttrGetUnpackToDest(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getUnpackToDest());
}
MlirAttribute ttlangKernelRecordAttrGetFabricClaims(MlirAttribute attr) {
  return wrap(get<KernelRecordAttr>(attr).getFabricClaims());
}

bool ttlangAttributeIsACoreRange(MlirAttribute attr) {
  return isa<CoreRangeAttr>(unwrap(attr));
}
MlirAttribute ttlangCoreRangeAttrGet(MlirContext ctx, const int64_t corners[4],
                                     MlirStringCallback onError,
                                     void *userData) {
  return getChecked<CoreRangeAttr>(ctx, onError, userData, corners[0],
                                   corners[1], corners[2], corners[3]);
}
void ttlangCoreRangeAttrGetCorners(MlirAttribute attr, int64_t corners[4]) {
  auto range = get<CoreRangeAttr>(attr);
  corners[0] = range.getX0();
  corners[1] = range.getY0();
  corners[2] = range.getX1();
  corners[3] = range.getY1();
}

bool ttlangAttributeIsAKernelABI(MlirAttribute attr) {
  return isa<KernelABIAttr>(unwrap(attr));
}
MlirAttribute ttlangKernelABIAttrGet(MlirContext ctx, MlirAttribute compileTime,
                                     MlirAttribute commonRuntime,
                                     MlirAttribute perCoreRuntime,
                                     MlirStringCallback onError,
                                     void *userData) {
  auto compile = field<ArrayAttr>(compileTime, "compile_time", "an array",
                                  onError, userData);
  auto common = compile ? field<ArrayAttr>(commonRuntime, "common_runtime",
                                           "an array", onError, userData)
                        : ArrayAttr();
  auto perCore = common ? field<ArrayAttr>(perCoreRuntime, "per_core_runtime",
                                           "an array", onError, userData)
                        : ArrayAttr();
  if (!perCore)
    return MlirAttribute{nullptr};
  return getChecked<KernelABIAttr>(ctx, onError, userData, compile, common,
                                   perCore);
}
MlirAttribute ttlangKernelABIAttrGetCompileTime(MlirAttribute attr) {
  return wrap(get<KernelABIAttr>(attr).getCompileTime());
}
MlirAttribute ttlangKernelABIAttrGetCommonRuntime(MlirAttribute attr) {
  return wrap(get<KernelABIAttr>(attr).getCommonRuntime());
}
MlirAttribute ttlangKernelABIAttrGetPerCoreRuntime(MlirAttribute attr) {
  return wrap(get<KernelABIAttr>(attr).getPerCoreRuntime());
}

bool ttlangAttributeIsAKernelArg(MlirAttribute attr) {
  return isa<KernelArgAttr>(unwrap(attr));
}
MlirAttribute ttlangKernelArgAttrGet(MlirContext ctx, int kind,
                                     MlirStringRef ref, int64_t count,
                                     intptr_t numWords, const int64_t *words,
                                     MlirStringCallback onError,
                                     void *userData) {
  std::optional<KernelArgKind> symbol = symbolize<KernelArgKind>(
      kind, symbolizeKernelArgKind, "kernel argument kind", onError, userData);
  if (!symbol)
    return MlirAttribute{nullptr};
  return getChecked<KernelArgAttr>(ctx, onError, userData, *symbol,
                                   unwrap(ref), count,
                                   ArrayRef<int64_t>(words, numWords));
}
int ttlangKernelArgAttrGetKind(MlirAttribute attr) {
  return static_cast<int>(get<KernelArgAttr>(attr).getKind());
}
MlirStringRef ttlangKernelArgAttrGetRef(MlirAttribute attr) {
  return wrap(get<KernelArgAttr>(attr).getRef());
}
int64_t ttlangKernelArgAttrGetCount(MlirAttribute attr) {
  return get<KernelArgAttr>(attr).getCount();
}
intptr_t ttlangKernelArgAttrGetNumWords(MlirAttribute attr) {
  return static_cast<intptr_t>(get<KernelArgAttr>(attr).getWords().size());
}
int64_t ttlangKernelArgAttrGetWord(MlirAttribute attr, intptr_t pos) {
  return get<KernelArgAttr>(attr).getWords()[pos];
}

bool ttlangAttributeIsADataflowBufferSpec(MlirAttribute attr) {
  return isa<DataflowBufferSpecAttr>(unwrap(attr));
}
MlirAttribute ttlangDataflowBufferSpecAttrGet(
    MlirContext ctx, MlirStringRef name, int64_t index, int dataFormat,
    int64_t pageSize, int64_t totalSize, MlirAttribute blockShape,
    int64_t blockCount, int64_t reconfiguredBlocks, MlirStringRef location,
    int layout, MlirStringCallback onError, void *userData) {
  std::optional<DataFormat> format = symbolize<DataFormat>(
      dataFormat, symbolizeDataFormat, "data format", onError, userData);
  std::optional<TensorLayout> pages = symbolize<TensorLayout>(
      layout, symbolizeTensorLayout, "tensor layout", onError, userData);
  auto shape = field<DenseI64ArrayAttr>(blockShape, "block_shape",
                                        "an array<i64>", onError, userData);
  if (!format || !pages || !shape)
    return MlirAttribute{nullptr};
  return getChecked<DataflowBufferSpecAttr>(
      ctx, onError, userData, unwrap(name), index, *format, pageSize,
      totalSize, shape, blockCount, reconfiguredBlocks, unwrap(location),
      *pages);
}
int ttlangDataflowBufferSpecAttrGetLayout(MlirAttribute attr) {
  return static_cast<int>(get<DataflowBufferSpecAttr>(attr).getLayout());
}
MlirStringRef ttlangDataflowBufferSpecAttrGetName(MlirAttribute attr) {
  return wrap(get<DataflowBufferSpecAttr>(attr).getName());
}
int64_t ttlangDataflowBufferSpecAttrGetIndex(MlirAttribute attr) {
  return get<DataflowBufferSpecAttr>(attr).getIndex();
}
int ttlangDataflowBufferSpecAttrGetDataFormat(MlirAttribute attr) {
  return static_cast<int>(get<DataflowBufferSpecAttr>(attr).getDataFormat());
}
int64_t ttlangDataflowBufferSpecAttrGetPageSize(MlirAttribute attr) {
  return get<DataflowBufferSpecAttr>(attr).getPageSize();
}
int64_t ttlangDataflowBufferSpecAttrGetTotalSize(MlirAttribute attr) {
  return get<DataflowBufferSpecAttr>(attr).getTotalSize();
}
MlirAttribute ttlangDataflowBufferSpecAttrGetBlockShape(MlirAttribute attr) {
  return wrap(get<DataflowBufferSpecAttr>(attr).getBlockShape());
}
int64_t ttlangDataflowBufferSpecAttrGetBlockCount(MlirAttribute attr) {
  return get<DataflowBufferSpecAttr>(attr).getBlockCount();
}
int64_t ttlangDataflowBufferSpecAttrGetReconfiguredBlocks(MlirAttribute attr) {
  return get<DataflowBufferSpecAttr>(attr).getReconfiguredBlocks();
}
MlirStringRef ttlangDataflowBufferSpecAttrGetLocation(MlirAttribute attr) {
  return wrap(get<DataflowBufferSpecAttr>(attr).getLocation());
}

bool ttlangAttributeIsADataflowBufferConfig(MlirAttribute attr) {
  return isa<DataflowBufferConfigAttr>(unwrap(attr));
}
MlirAttribute ttlangDataflowBufferConfigAttrGet(MlirContext ctx,
                                                MlirStringRef name,
                                                MlirStringRef dfb,
                                                int64_t address,
                                                MlirStringCallback onError,
                                                void *userData) {
  // No rule of its own: a record's verifier checks what it names.
  return wrap(DataflowBufferConfigAttr::get(unwrap(ctx), unwrap(name),
                                            unwrap(dfb), address));
}
MlirStringRef ttlangDataflowBufferConfigAttrGetName(MlirAttribute attr) {
  return wrap(get<DataflowBufferConfigAttr>(attr).getName());
}
MlirStringRef ttlangDataflowBufferConfigAttrGetDfb(MlirAttribute attr) {
  return wrap(get<DataflowBufferConfigAttr>(attr).getDfb());
}
int64_t ttlangDataflowBufferConfigAttrGetAddress(MlirAttribute attr) {
  return get<DataflowBufferConfigAttr>(attr).getAddress();
}

bool ttlangAttributeIsAFabricClaimInterval(MlirAttribute attr) {
  return isa<FabricClaimIntervalAttr>(unwrap(attr));
}
MlirAttribute ttlangFabricClaimIntervalAttrGet(MlirContext ctx,
                                               MlirStringRef name,
                                               int64_t start, int64_t end,
                                               MlirStringCallback onError,
                                               void *userData) {
  return getChecked<FabricClaimIntervalAttr>(ctx, onError, userData,
                                             unwrap(name), start, end);
}
MlirStringRef ttlangFabricClaimIntervalAttrGetName(MlirAttribute attr) {
  return wrap(get<FabricClaimIntervalAttr>(attr).getName());
}
int64_t ttlangFabricClaimIntervalAttrGetStart(MlirAttribute attr) {
  return get<FabricClaimIntervalAttr>(attr).getStart();
}
int64_t ttlangFabricClaimIntervalAttrGetEnd(MlirAttribute attr) {
  return get<FabricClaimIntervalAttr>(attr).getEnd();
}
