//===- TTNN.h - TTNN dialect, attributes and operations ---------*- C++ -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNN_H
#define TTL_DIALECT_TTNN_IR_TTNN_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ttl/Dialect/TTNN/IR/TTNNAttrs.h"
#include "ttl/Dialect/TTNN/IR/TTNNTraits.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "ttl/Dialect/TTNN/IR/TTNNOpModelInterface.h.inc"

#define GET_OP_CLASSES
#include "ttl/Dialect/TTNN/IR/TTNNOps.h.inc"

#endif // TTL_DIALECT_TTNN_IR_TTNN_H
