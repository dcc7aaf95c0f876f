//===- CoreEvaluation.h - integer values per core ---------------*- C++ -*-===//
//
// Evaluation of the side-effect-free integer arithmetic (`arith` ops over
// index / integer / i1 values) that kernels compute from constants, launch
// coordinates (`ttl.node`), grid extents (`ttl.grid_size`) and loop indices.
// With a static grid (`ttl.grid`) every value computed only from coordinates,
// extents and constants is a known function of the core. Shared by the DFB
// lifecycle proof (balance per core) and core specialization
// (`ttl-specialize-cores`).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_COREEVALUATION_H
#define TTL_TRANSFORMS_TTL_COREEVALUATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>

namespace mlir::ttl {

/// A static grid: `cols` x `rows` cores, core (x, y) with 0 <= x < cols and
/// 0 <= y < rows.
struct StaticGrid {
  int64_t cols = 1, rows = 1;
  int64_t numCores() const { return cols * rows; }
};

/// The grid of `func` from its `ttl.grid` attribute, if it has one.
std::optional<StaticGrid> staticGridOf(func::FuncOp func);

/// Gives the value of a leaf (any value), or none to evaluate it by its
/// defining op.
using LeafValues = function_ref<std::optional<int64_t>(Value)>;

/// The value of `value` (i1 as 0 / 1, other integers and index as signed),
/// computed through constants and side-effect-free `arith` ops from the
/// leaves `leaf` gives; none when it depends on anything else, or the
/// arithmetic overflows or divides by zero. `memo`, when given, caches values
/// (valid only while `leaf` gives the same values).
std::optional<int64_t>
evaluateInteger(Value value, LeafValues leaf,
                llvm::DenseMap<Value, std::optional<int64_t>> *memo = nullptr);

/// The value of a `ttl.node` / `ttl.grid_size` result on core (x, y) of
/// `grid`; none for other values.
std::optional<int64_t> coordinateValue(Value value, int64_t x, int64_t y,
                                       StaticGrid grid);

/// True when `value` is computed (through any ops) from a `ttl.node` result.
bool dependsOnNode(Value value, llvm::DenseMap<Value, bool> &memo);

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_COREEVALUATION_H
