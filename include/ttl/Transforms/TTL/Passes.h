//===- Passes.h - TTL pass entry points -------------------------*- C++ -*-===//

#ifndef TTL_TRANSFORMS_TTL_PASSES_H
#define TTL_TRANSFORMS_TTL_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ttl {

#define GEN_PASS_DECL
#include "ttl/Transforms/TTL/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ttl/Transforms/TTL/Passes.h.inc"

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_PASSES_H
