//===- QueryAPI.h - op-model queries for the Python extension ---*- C++ -*-===//
//
// Plain C++ over C API handles: the extension (compiled with RTTI) calls
// these without seeing any MLIR class with a vtable. Each function goes
// through the public path: the op's OpModel interface and validateOperation.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_QUERYAPI_H
#define TTL_OPMODEL_QUERYAPI_H

#include "mlir-c/IR.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ttlang::opmodel {

/// bufferType: 0 = dram, 1 = l1 (the #ttnn.layout enum values).
struct AllocationRecord {
  int bufferType;
  uint64_t address;
  uint64_t sizePerBank;
};

/// status: 0 success, 1 out of memory, 2 not implemented, 3 backend error.
struct Constraints {
  int status = 0;
  std::string message;
  uint64_t cbL1PeakSize = 0;
  uint64_t tensorL1PeakSize = 0;
  uint64_t peakL1MemorySize = 0;
  uint64_t outputL1BufferSize = 0;
  std::vector<MlirAttribute> outputLayouts;
  std::vector<AllocationRecord> outputAllocations;
};

struct Runtime {
  int status = 0;
  std::string message;
  uint64_t nanoseconds = 0;
};

struct CacheStats {
  uint64_t hits, misses, entries;
};

/// Whether `op` implements the OpModel interface (false for OpModelExempt).
bool hasOpModel(MlirOperation op);

/// `op`'s getOpConstraints. `inputs` overrides the operand layouts of the IR
/// (empty: use the IR's), a null `outputLayout` means the result type's.
/// `liveRecords` disengaged: stateless; engaged (even empty): stateful.
/// With `validate`, goes through validateOperation (peak-L1 cap on the
/// stateless path, `additionalL1Usage` added to the peak).
Constraints queryConstraints(
    MlirOperation op, const std::optional<std::vector<MlirAttribute>> &inputs,
    MlirAttribute outputLayout,
    const std::optional<std::vector<AllocationRecord>> &liveRecords,
    bool validate, uint64_t additionalL1Usage,
    const std::optional<std::string> &device = std::nullopt);

/// `device` (both queries): answer for that device ("wormhole_b0",
/// "blackhole"); nullopt: the module's `ttnn.device`, default Wormhole.
Runtime queryRuntime(MlirOperation op,
                     const std::optional<std::vector<MlirAttribute>> &inputs,
                     MlirAttribute outputLayout,
                     const std::optional<std::string> &device = std::nullopt);

enum class BenchMode { CachedStateless = 0, UncachedStateless = 1, Stateful = 2 };

/// Nanoseconds per getOpConstraints call on `op`, averaged over `iterations`
/// calls in a C++ loop (bench/opmodel.py). UncachedStateless empties the
/// constraint cache before each call; Stateful passes `liveRecordCount`
/// non-overlapping L1 records near the top of L1.
double benchmarkConstraints(MlirOperation op, BenchMode mode,
                            uint64_t iterations, uint64_t liveRecordCount);

CacheStats constraintsCacheStats();
CacheStats runtimeCacheStats();
void clearCaches();
/// Testing only: every cache key hashes alike (collision injection).
void setConstantCacheHashForTesting(bool enabled);

} // namespace ttlang::opmodel

#endif // TTL_OPMODEL_QUERYAPI_H
