//===- TTLOps.cpp - TTL operations ----------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;

#define GET_OP_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOps.cpp.inc"

LogicalResult CreateDataflowBufferOp::verify() {
  std::optional<int32_t> index = getPhysicalIndex();
  if (index && (*index < 0 || *index >= kMaxPhysicalIndices))
    return emitOpError("physical_index must be in [0, ")
           << kMaxPhysicalIndices << "), got " << *index;
  return success();
}
