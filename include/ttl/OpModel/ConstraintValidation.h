//===- ConstraintValidation.h - is a placement legal? -----------*- C++ -*-===//
//
// Asks an op's model whether it can run with the given operand and output
// layouts, and classifies the answer by type (never by message text).
//
// Two overloads: the stateless one (no live set) additionally enforces
//   overall peak + additionalL1Usage <= usable L1 per core * cap
// where cap is the module attribute `ttnn.l1_usage_cap` (default 0.95), since
// nothing was allocated and this is the only thing keeping a search off
// illegal L1 placements. The stateful one (a live set, possibly empty) skips
// it: the mock allocator already decided fit, fragmentation and CB clashes.
// Which check applies is derived from the same optional that selects the
// query flavour, so the two cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_CONSTRAINTVALIDATION_H
#define TTL_OPMODEL_CONSTRAINTVALIDATION_H

#include "ttl/OpModel/OpModelTypes.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::ttnn {

enum class ValidationStatus {
  Success = 0,
  OutOfMemory = 1,
  NotImplemented = 2,
  BackendError = 3,
};

llvm::StringRef stringifyValidationStatus(ValidationStatus status);

struct ValidationResult {
  ValidationStatus status = ValidationStatus::Success;
  std::string errorMessage;
  /// Set on success.
  std::optional<op_model::OpConstraints> constraints;

  bool isSuccess() const { return status == ValidationStatus::Success; }
};

/// Name and default of the module attribute capping the stateless check.
constexpr llvm::StringLiteral kL1UsageCapAttrName = "ttnn.l1_usage_cap";
/// 5% of usable L1 (73,198 B on Wormhole) is the margin for what the model
/// does not see: where it is below ttnn 0.81.1 (by up to 16,384 B in the
/// calibration's measured cases) and allocator behaviour it does not model.
constexpr double kDefaultL1UsageCap = 0.95;

/// A cap is a fraction of usable L1 in (0, 1].
inline bool isValidL1UsageCap(double cap) { return cap > 0 && cap <= 1; }

/// `ttnn.l1_usage_cap` of the module enclosing `op`, kDefaultL1UsageCap
/// without one, nullopt when the attribute is not a valid cap.
std::optional<double> moduleL1UsageCap(Operation *op);

/// The optimizer's byte ceiling per core: usable L1 x `cap`.
uint64_t l1Ceiling(double cap);

/// The one rule of the ceiling, for the stateless validation (additional L1
/// of the caller) and the L1 spill pass (live L1 tensors): nullopt when
/// `peak + additional` B per core is within l1Ceiling(cap), else the
/// out-of-memory message naming both terms. The sum is checked: one that
/// would wrap past 2^64 is over the ceiling.
std::optional<std::string> checkL1Ceiling(Operation *op, uint64_t peak,
                                          uint64_t additional,
                                          llvm::StringRef additionalName,
                                          double cap);

/// Stateless: cached query plus the peak-L1 check.
ValidationResult validateOperation(Operation *op,
                                   const std::vector<LayoutAttr> &inputs,
                                   const OpConfig &config,
                                   uint64_t additionalL1Usage = 0);

/// Stateful: the query runs on `liveRecords` (an empty set is still a
/// stateful query and allocates the outputs); no peak-L1 check.
ValidationResult
validateOperation(Operation *op, const std::vector<LayoutAttr> &inputs,
                  const OpConfig &config,
                  llvm::ArrayRef<op_model::OpModelAllocationRecord> liveRecords);

/// The layouts encoded in `op`'s tensor operands (null where there is none).
std::vector<LayoutAttr> getOperandLayouts(Operation *op);

} // namespace mlir::ttnn

#endif // TTL_OPMODEL_CONSTRAINTVALIDATION_H
