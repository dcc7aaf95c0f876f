//===- Passes.h - C++ kernel emission passes --------------------*- C++ -*-===//

#ifndef TTL_TARGET_CPP_PASSES_H
#define TTL_TARGET_CPP_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ttl {

#define GEN_PASS_DECL
#include "ttl/Target/Cpp/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ttl/Target/Cpp/Passes.h.inc"

} // namespace mlir::ttl

#endif // TTL_TARGET_CPP_PASSES_H
