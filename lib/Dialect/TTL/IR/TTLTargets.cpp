//===- TTLTargets.cpp - target capacity table -----------------------------===//

#include "ttl/Dialect/TTL/IR/TTLTargets.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::ttl;

// Tensix cores have five RISC-V processors: two run data-movement kernels
// (BRISC, NCRISC) and three (TRISC 0/1/2) together run one compute kernel.
// Circular-buffer counts are NUM_CIRCULAR_BUFFERS of ttnn 0.81.1's
// circular_buffer_constants.h. Worker grids and L1 are the op model's devices
// (lib/OpModel/Device.cpp): Wormhole 8x8 workers with 1,463,968 B of the
// 1,499,136 B L1 unreserved (ttnn 0.81.1's mock Wormhole device); Blackhole
// 13x10 workers and 1.5 MiB (1,572,864 B) of L1 with the same reserved region
// (35,168 B), so 1,537,696 B for dataflow buffers.
static const TargetCapacity kTargets[] = {
    {"wormhole_b0", /*computeKernels=*/1, /*dataMovementKernels=*/2,
     /*dataflowBuffers=*/32, /*gridCols=*/8, /*gridRows=*/8,
     /*l1DataflowBufferBytes=*/1463968},
    {"blackhole", /*computeKernels=*/1, /*dataMovementKernels=*/2,
     /*dataflowBuffers=*/64, /*gridCols=*/13, /*gridRows=*/10,
     /*l1DataflowBufferBytes=*/1572864 - 35168},
};

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
