//===- KernelRecords.cpp - C API of the kernel record attributes ----------===//

#include "ttl-c/KernelRecords.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace mlir::ttl;

template <typename AttrT>
static AttrT get(MlirAttribute attr) {
  return cast<AttrT>(unwrap(attr));
}

MlirStringRef ttlangKernelRecordAttrName(void) {
  return wrap(TTLDialect::kKernelRecordAttrName);
}

bool ttlangAttributeIsAKernelRecord(MlirAttribute attr) {
  return isa<KernelRecordAttr>(unwrap(attr));
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
MlirStringRef ttlangFabricClaimIntervalAttrGetName(MlirAttribute attr) {
  return wrap(get<FabricClaimIntervalAttr>(attr).getName());
}
int64_t ttlangFabricClaimIntervalAttrGetStart(MlirAttribute attr) {
  return get<FabricClaimIntervalAttr>(attr).getStart();
}
int64_t ttlangFabricClaimIntervalAttrGetEnd(MlirAttribute attr) {
  return get<FabricClaimIntervalAttr>(attr).getEnd();
}
