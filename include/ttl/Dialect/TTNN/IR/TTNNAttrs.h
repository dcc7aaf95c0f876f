//===- TTNNAttrs.h - TTNN dialect, enums and attributes ---------*- C++ -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNATTRS_H
#define TTL_DIALECT_TTNN_IR_TTNNATTRS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "ttl/Dialect/TTNN/IR/TTNNOpsDialect.h.inc"
#include "ttl/Dialect/TTNN/IR/TTNNOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ttl/Dialect/TTNN/IR/TTNNOpsAttrs.h.inc"

#endif // TTL_DIALECT_TTNN_IR_TTNNATTRS_H
