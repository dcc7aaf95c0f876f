//===- ShapeRules.h - shared pieces of the TTNN ops' shape rules -*- C++ -*-===//
//
// The ops with a static inferResultShape (TTNNLayoutOps.cpp, TTNNDataOps.cpp)
// report a shape rule's failure as an llvm::Error and check their result type
// against the rule with checkResult.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_DIALECT_TTNN_IR_SHAPERULES_H
#define TTL_LIB_DIALECT_TTNN_IR_SHAPERULES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::ttnn::shape_rules {

inline llvm::Error shapeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// "2x64x1024" ("a scalar" for rank 0).
inline std::string describe(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "a scalar";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

/// The op's error for a result type that is not `expected`, or for the
/// reason there is no result shape.
inline LogicalResult
checkResult(Operation *op, llvm::Expected<SmallVector<int64_t>> expected) {
  if (!expected)
    return op->emitOpError(llvm::toString(expected.takeError()));
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (result.getShape() != ArrayRef<int64_t>(*expected))
    return op->emitOpError("result shape must be ")
           << describe(*expected) << ", got " << describe(result.getShape());
  return success();
}

inline SmallVector<int64_t> shapeOf(Value value) {
  return SmallVector<int64_t>(
      cast<RankedTensorType>(value.getType()).getShape());
}

} // namespace mlir::ttnn::shape_rules

#endif // TTL_LIB_DIALECT_TTNN_IR_SHAPERULES_H
