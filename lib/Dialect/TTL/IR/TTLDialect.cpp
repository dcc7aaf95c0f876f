//===- TTLDialect.cpp - TTL dialect ---------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;

#include "ttl/Dialect/TTL/IR/TTLOpsDialect.cpp.inc"

void TTLDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ttl/Dialect/TTL/IR/TTLOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
}
