//===- EmitCCalls.cpp - building TT-Metal API calls in EmitC --------------===//

#include "ttl/Transforms/TTL/EmitCCalls.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

Type emitc_lowering::getUint32Type(MLIRContext *context) {
  return emitc::OpaqueType::get(context, "uint32_t");
}
Type emitc_lowering::getSizeType(MLIRContext *context) {
  return emitc::SizeTType::get(context);
}

emitc::CallOpaqueOp emitc_lowering::emitCall(OpBuilder &b, Location loc,
                                             StringRef callee, Type result,
                                             ArrayRef<CallArg> args,
                                             ArrayRef<Attribute> templateArgs) {
  SmallVector<Value> operands;
  SmallVector<Attribute> argAttrs;
  bool hasLiteral = false;
  for (const CallArg &arg : args) {
    if (auto *value = std::get_if<Value>(&arg)) {
      argAttrs.push_back(b.getIndexAttr(operands.size()));
      operands.push_back(*value);
    } else {
      hasLiteral = true;
      argAttrs.push_back(b.getI32IntegerAttr(std::get<int64_t>(arg)));
    }
  }
  TypeRange results = result ? TypeRange(result) : TypeRange();
  return emitc::CallOpaqueOp::create(
      b, loc, results, callee, operands,
      hasLiteral ? b.getArrayAttr(argAttrs) : ArrayAttr(),
      templateArgs.empty() ? ArrayAttr() : b.getArrayAttr(templateArgs));
}

Value emitc_lowering::emitIndex(OpBuilder &b, Location loc, int64_t value) {
  // The same attribute arith-to-emitc gives index constants, so CSE merges them.
  return emitc::ConstantOp::create(b, loc, getSizeType(b.getContext()),
                                   b.getIndexAttr(value));
}

void emitc_lowering::emitTileLoop(
    OpBuilder &b, Location loc, int64_t extent,
    llvm::function_ref<void(OpBuilder &, Value)> body) {
  if (extent == 1) {
    body(b, emitIndex(b, loc, 0));
    return;
  }
  Value lb = emitIndex(b, loc, 0);
  Value ub = emitIndex(b, loc, extent);
  Value step = emitIndex(b, loc, 1);
  emitc::ForOp::create(b, loc, lb, ub, step,
                       [&](OpBuilder &nested, Location bodyLoc, Value iv) {
                         body(nested, iv);
                         emitc::YieldOp::create(nested, bodyLoc);
                       });
}
