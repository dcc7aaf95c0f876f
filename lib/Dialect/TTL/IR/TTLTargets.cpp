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
// circular_buffer_constants.h.
static const TargetCapacity kTargets[] = {
    {"wormhole_b0", /*computeKernels=*/1, /*dataMovementKernels=*/2,
     /*dataflowBuffers=*/32},
    {"blackhole", /*computeKernels=*/1, /*dataMovementKernels=*/2,
     /*dataflowBuffers=*/64},
};

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
