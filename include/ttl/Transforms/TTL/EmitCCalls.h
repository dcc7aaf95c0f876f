//===- EmitCCalls.h - building TT-Metal API calls in EmitC ------*- C++ -*-===//
//
// The few EmitC builders shared by the passes that emit kernel API calls:
// ttl-lower-tile-math (compute-API calls) and convert-ttl-to-emitc (the rest
// of the kernel API).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_EMITCCALLS_H
#define TTL_TRANSFORMS_TTL_EMITCCALLS_H

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"

#include <variant>

namespace mlir::ttl::emitc_lowering {

/// One argument of an emitted call: an SSA operand or an integer literal.
using CallArg = std::variant<Value, int64_t>;

/// `callee<templateArgs>(args...)`; `result` may be null for a statement.
emitc::CallOpaqueOp emitCall(OpBuilder &b, Location loc, StringRef callee,
                             Type result, ArrayRef<CallArg> args,
                             ArrayRef<Attribute> templateArgs = {});

/// Emits `for (size_t i = 0; i < extent; ++i) body(i)`, or `body(0)` when the
/// extent is 1.
void emitTileLoop(OpBuilder &b, Location loc, int64_t extent,
                  llvm::function_ref<void(OpBuilder &, Value)> body);

/// size_t literal.
Value emitIndex(OpBuilder &b, Location loc, int64_t value);

/// The C++ type names used for kernel values: `uint32_t` (a CB's physical
/// index, a runtime word) and `size_t` (an index).
Type getUint32Type(MLIRContext *context);
Type getSizeType(MLIRContext *context);

} // namespace mlir::ttl::emitc_lowering

#endif // TTL_TRANSFORMS_TTL_EMITCCALLS_H
