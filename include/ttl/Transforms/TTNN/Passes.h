//===- Passes.h - TTNN pass entry points ------------------------*- C++ -*-===//

#ifndef TTL_TRANSFORMS_TTNN_PASSES_H
#define TTL_TRANSFORMS_TTNN_PASSES_H

#include "ttl/Dialect/TTNN/IR/TTNN.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ttnn {

#define GEN_PASS_DECL
#include "ttl/Transforms/TTNN/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ttl/Transforms/TTNN/Passes.h.inc"

} // namespace mlir::ttnn

#endif // TTL_TRANSFORMS_TTNN_PASSES_H
