//===- TTLTargets.cpp - target capacity table -----------------------------===//

#include "ttl/Dialect/TTL/IR/TTLTargets.h"
#include "ttl/Targets.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <iterator>

using namespace mlir::ttl;

// The capacities are views of the one target table (ttl/Targets.h).
static TargetCapacity capacityOf(const ttlang::target::Facts &facts) {
  return {facts.name,
          facts.computeKernels,
          facts.dataMovementKernels,
          facts.circularBuffers,
          facts.gridCols,
          facts.gridRows,
          static_cast<int64_t>(facts.l1UnreservedBytes()),
          static_cast<int64_t>(facts.l1Alignment),
          static_cast<int64_t>(facts.dramAlignment)};
}

static const TargetCapacity kTargets[] = {
    capacityOf(ttlang::target::kTargets[0]),
    capacityOf(ttlang::target::kTargets[1]),
};
static_assert(std::size(ttlang::target::kTargets) == std::size(kTargets),
              "one capacity per target");

const TargetCapacity &mlir::ttl::largestWorkerGrid() {
  return *llvm::max_element(kTargets, [](const TargetCapacity &a,
                                         const TargetCapacity &b) {
    return a.gridCols * a.gridRows < b.gridCols * b.gridRows;
  });
}

mlir::LogicalResult mlir::ttl::checkWorkerGrid(Operation *op,
                                               llvm::ArrayRef<int64_t> grid,
                                               const TargetCapacity &capacity) {
  if (grid.size() != 2 ||
      (grid[0] <= capacity.gridCols && grid[1] <= capacity.gridRows))
    return success();
  return op->emitError("the operation's grid is ")
         << grid[0] << "x" << grid[1] << " (cols x rows) but target '"
         << capacity.name << "' has " << capacity.gridCols << "x"
         << capacity.gridRows << " worker cores";
}

const TargetCapacity *mlir::ttl::lookupTarget(llvm::StringRef name) {
  const auto *it = llvm::find_if(
      kTargets, [&](const TargetCapacity &t) { return t.name == name; });
  return it == std::end(kTargets) ? nullptr : it;
}

std::string mlir::ttl::supportedTargetNames() {
  return llvm::join(llvm::map_range(kTargets,
                                    [](const TargetCapacity &t) {
                                      return t.name.str();
                                    }),
                    ", ");
}

const TargetCapacity *mlir::ttl::lookupTargetOrEmitError(Operation *op,
                                                         llvm::StringRef name) {
  const TargetCapacity *capacity = lookupTarget(name);
  if (!capacity)
    op->emitError("unknown target '")
        << name << "'; supported targets: " << supportedTargetNames();
  return capacity;
}
