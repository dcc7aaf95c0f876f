//===- TTLDialect.cpp - TTL dialect ---------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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

Operation *TTLDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  // What ttl.floor_mod folds to: an integer or index.
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer || !type.isSignlessIntOrIndex())
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, integer);
}
