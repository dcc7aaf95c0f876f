//===- TTNNOps.cpp - TTNN operations --------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

using namespace mlir;
using namespace mlir::ttnn;

#define GET_OP_CLASSES
#include "ttl/Dialect/TTNN/IR/TTNNOps.cpp.inc"

LogicalResult ReluOp::verify() {
  auto inputType = cast<RankedTensorType>(getInput().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  if (inputType.getShape() != resultType.getShape())
    return emitOpError("result shape must equal the input shape");
  if (inputType.getElementType() != resultType.getElementType())
    return emitOpError("result element type ")
           << resultType.getElementType() << " differs from input element type "
           << inputType.getElementType();
  for (RankedTensorType type : {inputType, resultType})
    if (type.getEncoding() && !isa<LayoutAttr>(type.getEncoding()))
      return emitOpError("tensor encoding must be a #ttnn.layout, got ")
             << type.getEncoding();
  return success();
}
