//===- QueryAPI.cpp - op-model queries for the Python extension -----------===//

#include "ttl/OpModel/QueryAPI.h"

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/OpModel/OpModelCache.h"
#include "ttl/OpModel/OpModelErrors.h"
#include "ttl/OpModel/ConstraintValidation.h"

#include "ttl/OpModel/Device.h"

#include "mlir/CAPI/IR.h"

#include <chrono>

using namespace mlir;
using namespace mlir::ttnn;

namespace ttlang::opmodel {

namespace {

/// Operand layouts of the query, or an error message.
std::optional<std::string>
resolveInputs(Operation *op,
              const std::optional<std::vector<MlirAttribute>> &overrides,
              std::vector<LayoutAttr> &inputs) {
  if (!overrides) {
    inputs = getOperandLayouts(op);
    return std::nullopt;
  }
  for (MlirAttribute attr : *overrides) {
    auto layout = dyn_cast_or_null<LayoutAttr>(unwrap(attr));
    if (!layout)
      return std::string("input layouts must be #ttnn.layout attributes");
    inputs.push_back(layout);
  }
  return std::nullopt;
}

std::optional<std::string> resolveOutput(MlirAttribute attr, OpConfig &config) {
  if (mlirAttributeIsNull(attr))
    return std::nullopt;
  config.outputLayout = dyn_cast<LayoutAttr>(unwrap(attr));
  if (!config.outputLayout)
    return std::string("the output layout must be a #ttnn.layout attribute");
  return std::nullopt;
}

/// Operand layouts and output configuration of the query, or an error
/// message.
std::optional<std::string>
resolveQuery(Operation *op,
             const std::optional<std::vector<MlirAttribute>> &inputs,
             MlirAttribute outputLayout, std::vector<LayoutAttr> &layouts,
             OpConfig &config) {
  if (auto error = resolveInputs(op, inputs, layouts))
    return error;
  return resolveOutput(outputLayout, config);
}

template <typename T>
T fail(ValidationStatus status, std::string message) {
  T result;
  result.status = static_cast<int>(status);
  result.message = std::move(message);
  return result;
}

/// The caller's device, or nullptr for the module's; an error message for a
/// name that is no device.
std::optional<std::string>
resolveDevice(const std::optional<std::string> &name,
              const op_model::DeviceModel *&device) {
  device = nullptr;
  if (!name)
    return std::nullopt;
  device = op_model::deviceNamed(*name);
  if (!device)
    return "unknown device '" + *name +
           "': the op model answers for wormhole_b0 and blackhole";
  return std::nullopt;
}

CacheStats convert(const op_model::CacheStats &s) {
  return {s.hits, s.misses, s.entries};
}

} // namespace

bool hasOpModel(MlirOperation op) {
  return isa<OpModelInterface>(unwrap(op));
}

Constraints queryConstraints(
    MlirOperation cOp, const std::optional<std::vector<MlirAttribute>> &inputs,
    MlirAttribute outputLayout,
    const std::optional<std::vector<AllocationRecord>> &liveRecords,
    bool validate, uint64_t additionalL1Usage,
    const std::optional<std::string> &deviceName) {
  Operation *op = unwrap(cOp);
  std::vector<LayoutAttr> layouts;
  OpConfig config;
  if (auto error = resolveQuery(op, inputs, outputLayout, layouts, config))
    return fail<Constraints>(ValidationStatus::BackendError, *error);
  const op_model::DeviceModel *device;
  if (auto error = resolveDevice(deviceName, device))
    return fail<Constraints>(ValidationStatus::BackendError, *error);
  std::optional<op_model::DeviceScope> scope;
  if (device)
    scope.emplace(*device);

  std::optional<std::vector<op_model::OpModelAllocationRecord>> records;
  if (liveRecords) {
    records.emplace();
    for (const AllocationRecord &r : *liveRecords) {
      if (r.bufferType != 0 && r.bufferType != 1)
        return fail<Constraints>(ValidationStatus::BackendError,
                                 "record buffer type must be 0 (dram) or 1 "
                                 "(l1)");
      records->push_back({static_cast<BufferType>(r.bufferType), r.address,
                          r.sizePerBank});
    }
  }

  std::optional<op_model::OpConstraints> constraints;
  if (validate) {
    ValidationResult result =
        records ? validateOperation(op, layouts, config, *records)
                : validateOperation(op, layouts, config, additionalL1Usage);
    if (!result.isSuccess())
      return fail<Constraints>(result.status, result.errorMessage);
    constraints = std::move(result.constraints);
  } else {
    auto model = dyn_cast<OpModelInterface>(op);
    if (!model)
      return fail<Constraints>(ValidationStatus::NotImplemented,
                               (op->getName().getStringRef() +
                                " has no op model")
                                   .str());
    // The 2-argument stateless convenience exists on the interface handle.
    auto answer = records ? model.getOpConstraints(layouts, config,
                                                   llvm::ArrayRef(*records))
                          : model.getOpConstraints(layouts, config);
    if (!answer) {
      auto [kind, message] = op_model::takeOpModelError(answer.takeError());
      ValidationStatus status =
          kind == op_model::OpModelErrorKind::OutOfMemory
              ? ValidationStatus::OutOfMemory
          : kind == op_model::OpModelErrorKind::NotSupported
              ? ValidationStatus::NotImplemented
              : ValidationStatus::BackendError;
      return fail<Constraints>(status, message);
    }
    constraints = std::move(*answer);
  }

  Constraints out;
  out.cbL1PeakSize = constraints->cbL1PeakSize;
  out.tensorL1PeakSize = constraints->tensorL1PeakSize;
  out.peakL1MemorySize = constraints->peakL1MemorySize;
  out.outputL1BufferSize = constraints->outputL1BufferSize;
  for (LayoutAttr layout : constraints->outputLayouts)
    out.outputLayouts.push_back(wrap(Attribute(layout)));
  for (const auto &r : constraints->outputAllocations)
    out.outputAllocations.push_back(
        {static_cast<int>(r.bufferType), r.address, r.sizePerBank});
  return out;
}

Runtime queryRuntime(MlirOperation cOp,
                     const std::optional<std::vector<MlirAttribute>> &inputs,
                     MlirAttribute outputLayout,
                     const std::optional<std::string> &deviceName) {
  Operation *op = unwrap(cOp);
  std::vector<LayoutAttr> layouts;
  OpConfig config;
  if (auto error = resolveQuery(op, inputs, outputLayout, layouts, config))
    return fail<Runtime>(ValidationStatus::BackendError, *error);
  const op_model::DeviceModel *device;
  if (auto error = resolveDevice(deviceName, device))
    return fail<Runtime>(ValidationStatus::BackendError, *error);
  std::optional<op_model::DeviceScope> scope;
  if (device)
    scope.emplace(*device);
  auto model = dyn_cast<OpModelInterface>(op);
  if (!model)
    return fail<Runtime>(ValidationStatus::NotImplemented,
                         (op->getName().getStringRef() + " has no op model")
                             .str());
  auto runtime = model.getOpRuntime(layouts, config);
  if (!runtime) {
    auto [kind, message] = op_model::takeOpModelError(runtime.takeError());
    return fail<Runtime>(kind == op_model::OpModelErrorKind::NotSupported
                             ? ValidationStatus::NotImplemented
                             : ValidationStatus::BackendError,
                         message);
  }
  Runtime out;
  out.nanoseconds = *runtime;
  return out;
}

double benchmarkConstraints(MlirOperation cOp, BenchMode mode,
                            uint64_t iterations, uint64_t liveRecordCount) {
  Operation *op = unwrap(cOp);
  auto model = dyn_cast<OpModelInterface>(op);
  if (!model || iterations == 0)
    return -1;
  std::vector<LayoutAttr> layouts = getOperandLayouts(op);
  OpConfig config;
  std::vector<op_model::OpModelAllocationRecord> live;
  const op_model::DeviceModel &device = op_model::currentDevice();
  for (uint64_t i = 0; i < liveRecordCount; ++i)
    live.push_back({BufferType::L1, device.l1Bytes - (i + 1) * 4096, 2048});
  size_t failures = 0;
  auto start = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < iterations; ++i) {
    if (mode == BenchMode::UncachedStateless)
      op_model::opConstraintsCache().clear();
    auto result = mode == BenchMode::Stateful
                      ? model.getOpConstraints(layouts, config,
                                               llvm::ArrayRef(live))
                      : model.getOpConstraints(layouts, config);
    if (!result) {
      ++failures;
      llvm::consumeError(result.takeError());
    }
  }
  auto elapsed = std::chrono::steady_clock::now() - start;
  if (failures)
    return -1;
  return double(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed)
                    .count()) /
         double(iterations);
}

CacheStats constraintsCacheStats() {
  return convert(op_model::opConstraintsCache().getStats());
}
CacheStats runtimeCacheStats() {
  return convert(op_model::opRuntimeCache().getStats());
}
void clearCaches() {
  op_model::opConstraintsCache().clear();
  op_model::opRuntimeCache().clear();
}
void setConstantCacheHashForTesting(bool enabled) {
  op_model::opConstraintsCache().setConstantHashForTesting(enabled);
  op_model::opRuntimeCache().setConstantHashForTesting(enabled);
}

} // namespace ttlang::opmodel
