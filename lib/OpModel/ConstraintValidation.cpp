//===- ConstraintValidation.cpp - is a placement legal? -------------------===//

#include "ttl/OpModel/ConstraintValidation.h"

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/OpModelErrors.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::ttnn {

llvm::StringRef stringifyValidationStatus(ValidationStatus status) {
  switch (status) {
  case ValidationStatus::Success:
    return "success";
  case ValidationStatus::OutOfMemory:
    return "out_of_memory";
  case ValidationStatus::NotImplemented:
    return "not_implemented";
  case ValidationStatus::BackendError:
    return "backend_error";
  }
  llvm_unreachable("unknown validation status");
}

std::vector<LayoutAttr> getOperandLayouts(Operation *op) {
  std::vector<LayoutAttr> layouts;
  for (Type type : op->getOperandTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    layouts.push_back(
        tensor ? dyn_cast_or_null<LayoutAttr>(tensor.getEncoding()) : nullptr);
  }
  return layouts;
}

namespace {

ValidationResult failure(ValidationStatus status, std::string message) {
  ValidationResult result;
  result.status = status;
  result.errorMessage = std::move(message);
  return result;
}

ValidationStatus classify(op_model::OpModelErrorKind kind) {
  switch (kind) {
  case op_model::OpModelErrorKind::OutOfMemory:
    return ValidationStatus::OutOfMemory;
  case op_model::OpModelErrorKind::NotSupported:
    return ValidationStatus::NotImplemented;
  case op_model::OpModelErrorKind::Backend:
    return ValidationStatus::BackendError;
  }
  llvm_unreachable("unknown op-model error kind");
}

ValidationResult
validate(Operation *op, const std::vector<LayoutAttr> &inputs,
         const OpConfig &config,
         std::optional<llvm::ArrayRef<op_model::OpModelAllocationRecord>>
             liveRecords,
         uint64_t additionalL1Usage) {
  // Derived from the selector itself, never passed beside it.
  const bool statefulQuery = liveRecords.has_value();
  auto model = dyn_cast<OpModelInterface>(op);
  if (!model)
    return failure(ValidationStatus::NotImplemented,
                   (op->getName().getStringRef() +
                    " has no op model (OpModelExempt or not a TTNN op)")
                       .str());
  auto constraints = model.getOpConstraints(inputs, config, liveRecords);
  if (!constraints) {
    auto [kind, message] = op_model::takeOpModelError(constraints.takeError());
    return failure(classify(kind), message);
  }
  if (!statefulQuery) {
    std::optional<double> cap = moduleL1UsageCap(op);
    if (!cap)
      return failure(ValidationStatus::BackendError,
                     (llvm::Twine(kL1UsageCapAttrName) +
                      " must be a float in (0, 1]")
                         .str());
    if (auto over = checkL1Ceiling(op, constraints->peakL1MemorySize,
                                   additionalL1Usage, "additional", *cap))
      return failure(ValidationStatus::OutOfMemory, *over);
  }
  ValidationResult result;
  result.constraints = std::move(*constraints);
  return result;
}

} // namespace

std::optional<double> moduleL1UsageCap(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  Attribute attr = module ? module->getAttr(kL1UsageCapAttrName) : nullptr;
  if (!attr)
    return kDefaultL1UsageCap;
  auto cap = dyn_cast<FloatAttr>(attr);
  if (!cap || !isValidL1UsageCap(cap.getValueAsDouble()))
    return std::nullopt;
  return cap.getValueAsDouble();
}

uint64_t l1Ceiling(double cap) {
  return uint64_t(double(op_model::currentDevice().usableL1()) * cap);
}

std::optional<std::string> checkL1Ceiling(Operation *op, uint64_t peak,
                                          uint64_t additional,
                                          llvm::StringRef additionalName,
                                          double cap) {
  uint64_t ceiling = l1Ceiling(cap);
  uint64_t needed = 0;
  // A sum that wraps is over every ceiling, never a small number.
  bool wraps = __builtin_add_overflow(peak, additional, &needed);
  if (!wraps && needed <= ceiling)
    return std::nullopt;
  std::string message;
  llvm::raw_string_ostream os(message);
  os << op->getName() << ": needs ";
  if (wraps)
    os << "more than 2^64";
  else
    os << needed;
  os << " B of L1 per core (peak " << peak << " + " << additionalName << " "
     << additional << "), over the cap of " << ceiling << " B ("
     << op_model::currentDevice().usableL1() << " B usable x "
     << llvm::format("%g", cap) << ")";
  return message;
}

ValidationResult validateOperation(Operation *op,
                                   const std::vector<LayoutAttr> &inputs,
                                   const OpConfig &config,
                                   uint64_t additionalL1Usage) {
  return validate(op, inputs, config, std::nullopt, additionalL1Usage);
}

ValidationResult validateOperation(
    Operation *op, const std::vector<LayoutAttr> &inputs,
    const OpConfig &config,
    llvm::ArrayRef<op_model::OpModelAllocationRecord> liveRecords) {
  // Engaged even when empty: this is the stateful query.
  return validate(op, inputs, config, liveRecords, /*additionalL1Usage=*/0);
}

} // namespace mlir::ttnn
