/*===- KernelRecords.h - C API of the kernel record attributes --*- C -*-===*\
|*                                                                            *|
|* IsA / Get functions of the `ttl` attributes a generated kernel carries to  *|
|* the runtime (`#ttl.kernel_record`, `#ttl.abi`, `#ttl.arg`, `#ttl.dfb_spec`, *|
|* `#ttl.dfb_config`, `#ttl.core_range`, `#ttl.fabric_claim`; TTLAttrs.td).   *|
|* Enums are returned as                                                      *|
|* their generated values (TTL_KernelArgKind, TTL_ProcessorRole,             *|
|* TTL_DataFormat), which `ttlang.dialects._ttl_enum_gen` names in Python.   *|
|* Getters take an attribute of their kind (check with the IsA function).   *|
|* The Get functions build an attribute through its verifier (TTLAttrs.cpp): *|
|* a broken rule returns a null attribute and passes the verifier's message  *|
|* to `onError`, so records the runtime reads from disk or a runner are      *|
|* checked by the same rules as the compiler's.                              *|
\*===----------------------------------------------------------------------===*/

#ifndef TTL_C_KERNELRECORDS_H
#define TTL_C_KERNELRECORDS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// "ttl.kernel_record": the name of the record on each generated emitc.file.
MLIR_CAPI_EXPORTED MlirStringRef ttlangKernelRecordAttrName(void);

//===-- #ttl.kernel (getters in TTLFrontend.h) ----------------------------===//
/// `kind` 0 compute, 1 data movement; empty `name` and `operation` for a
/// canonical selector.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelAttrGet(MlirContext ctx, int kind, MlirStringRef name,
                    MlirStringRef operation, MlirStringCallback onError,
                    void *userData);

//===-- #ttl.kernel_record ------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsAKernelRecord(MlirAttribute attr);
/// `kernel` a #ttl.kernel, `coreRanges` / `dataflowBuffers` /
/// `dfbConfigurations` / `includePaths` / `fabricClaims` arrays of their
/// element attributes, `unpackToDest` a dense i64 array.
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelRecordAttrGet(
    MlirContext ctx, MlirAttribute kernel, int role, MlirAttribute coreRanges,
    MlirAttribute abi, MlirAttribute dataflowBuffers,
    MlirAttribute dfbConfigurations, MlirAttribute includePaths,
    bool projectInclude, bool fp32DestAccEn, MlirAttribute unpackToDest,
    MlirAttribute fabricClaims, MlirStringCallback onError, void *userData);
/// The resolved #ttl.kernel (ttlangKernelAttrGet* in TTLFrontend.h).
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelRecordAttrGetKernel(MlirAttribute attr);
/// TTL_ProcessorRole value.
MLIR_CAPI_EXPORTED int ttlangKernelRecordAttrGetRole(MlirAttribute attr);
/// Array of #ttl.core_range.
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelRecordAttrGetCoreRanges(MlirAttribute attr);
/// The #ttl.abi.
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelRecordAttrGetABI(MlirAttribute attr);
/// Array of #ttl.dfb_spec, ascending index.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelRecordAttrGetDataflowBuffers(MlirAttribute attr);
/// Array of #ttl.dfb_config.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelRecordAttrGetDfbConfigurations(MlirAttribute attr);
/// Array of strings: header directories of the kernel's external calls.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelRecordAttrGetIncludePaths(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool ttlangKernelRecordAttrGetProjectInclude(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool ttlangKernelRecordAttrGetFp32DestAccEn(MlirAttribute attr);
/// Dense i64 array of physical DFB indices, sorted.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelRecordAttrGetUnpackToDest(MlirAttribute attr);
/// Array of #ttl.fabric_claim, by name.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelRecordAttrGetFabricClaims(MlirAttribute attr);

//===-- #ttl.core_range ---------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsACoreRange(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute
ttlangCoreRangeAttrGet(MlirContext ctx, const int64_t corners[4],
                       MlirStringCallback onError, void *userData);
/// Writes x0, y0, x1, y1 (inclusive) to `corners`.
MLIR_CAPI_EXPORTED void ttlangCoreRangeAttrGetCorners(MlirAttribute attr,
                                                      int64_t corners[4]);

//===-- #ttl.abi ----------------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsAKernelABI(MlirAttribute attr);
/// Three arrays of #ttl.arg.
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelABIAttrGet(
    MlirContext ctx, MlirAttribute compileTime, MlirAttribute commonRuntime,
    MlirAttribute perCoreRuntime, MlirStringCallback onError, void *userData);
/// Arrays of #ttl.arg, in argument order.
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelABIAttrGetCompileTime(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelABIAttrGetCommonRuntime(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute
ttlangKernelABIAttrGetPerCoreRuntime(MlirAttribute attr);

//===-- #ttl.arg ----------------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsAKernelArg(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute ttlangKernelArgAttrGet(
    MlirContext ctx, int kind, MlirStringRef ref, int64_t count,
    intptr_t numWords, const int64_t *words, MlirStringCallback onError,
    void *userData);
/// TTL_KernelArgKind value.
MLIR_CAPI_EXPORTED int ttlangKernelArgAttrGetKind(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef ttlangKernelArgAttrGetRef(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t ttlangKernelArgAttrGetCount(MlirAttribute attr);
/// The slot's finished words (0 when the runtime fills it).
MLIR_CAPI_EXPORTED intptr_t ttlangKernelArgAttrGetNumWords(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t ttlangKernelArgAttrGetWord(MlirAttribute attr,
                                                      intptr_t pos);

//===-- #ttl.dfb_spec -----------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsADataflowBufferSpec(MlirAttribute attr);
/// `blockShape` a dense i64 array; `layout` a TTL_TensorLayout value.
MLIR_CAPI_EXPORTED MlirAttribute ttlangDataflowBufferSpecAttrGet(
    MlirContext ctx, MlirStringRef name, int64_t index, int dataFormat,
    int64_t pageSize, int64_t totalSize, MlirAttribute blockShape,
    int64_t blockCount, int64_t reconfiguredBlocks, MlirStringRef location,
    int layout, MlirStringCallback onError, void *userData);
/// TTL_TensorLayout value: tiled, or row_major for element-shaped blocks.
MLIR_CAPI_EXPORTED int ttlangDataflowBufferSpecAttrGetLayout(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef
ttlangDataflowBufferSpecAttrGetName(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t ttlangDataflowBufferSpecAttrGetIndex(MlirAttribute attr);
/// TTL_DataFormat value.
MLIR_CAPI_EXPORTED int ttlangDataflowBufferSpecAttrGetDataFormat(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t
ttlangDataflowBufferSpecAttrGetPageSize(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t
ttlangDataflowBufferSpecAttrGetTotalSize(MlirAttribute attr);
/// Dense i64 array: (rows, cols) in tiles.
MLIR_CAPI_EXPORTED MlirAttribute
ttlangDataflowBufferSpecAttrGetBlockShape(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t
ttlangDataflowBufferSpecAttrGetBlockCount(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t
ttlangDataflowBufferSpecAttrGetReconfiguredBlocks(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef
ttlangDataflowBufferSpecAttrGetLocation(MlirAttribute attr);

//===-- #ttl.dfb_config ---------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsADataflowBufferConfig(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute ttlangDataflowBufferConfigAttrGet(
    MlirContext ctx, MlirStringRef name, MlirStringRef dfb, int64_t address,
    MlirStringCallback onError, void *userData);
MLIR_CAPI_EXPORTED MlirStringRef
ttlangDataflowBufferConfigAttrGetName(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef
ttlangDataflowBufferConfigAttrGetDfb(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t
ttlangDataflowBufferConfigAttrGetAddress(MlirAttribute attr);

//===-- #ttl.fabric_claim -------------------------------------------------===//
MLIR_CAPI_EXPORTED bool ttlangAttributeIsAFabricClaimInterval(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute ttlangFabricClaimIntervalAttrGet(
    MlirContext ctx, MlirStringRef name, int64_t start, int64_t end,
    MlirStringCallback onError, void *userData);
MLIR_CAPI_EXPORTED MlirStringRef
ttlangFabricClaimIntervalAttrGetName(MlirAttribute attr);
/// Position of the acquiring (or scoped) call.
MLIR_CAPI_EXPORTED int64_t
ttlangFabricClaimIntervalAttrGetStart(MlirAttribute attr);
/// Position after the releasing (or scoped) call.
MLIR_CAPI_EXPORTED int64_t ttlangFabricClaimIntervalAttrGetEnd(MlirAttribute attr);

#ifdef __cplusplus
}
#endif

#endif /* TTL_C_KERNELRECORDS_H */
