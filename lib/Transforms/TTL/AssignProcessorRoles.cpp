//===- AssignProcessorRoles.cpp - each kernel's Tensix processor ----------===//
//
// ttl-assign-processor-roles: the compute kernel runs on the TRISCs, the
// first data-movement logical kernel of the module on RISC-V 0 (BRISC), the
// second on RISC-V 1 (NCRISC), recorded as `ttl.processor_role`, which
// ttl-package-kernels moves into the kernel's #ttl.kernel_record.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLASSIGNPROCESSORROLES
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

struct AssignProcessorRolesPass
    : public ttl::impl::TTLAssignProcessorRolesBase<AssignProcessorRolesPass> {
  void runOnOperation() override {
    FailureOr<SmallVector<func::FuncOp>> kernels =
        getKernelFunctions(getOperation());
    if (failed(kernels))
      return signalPassFailure();
    // The compute kernel on the TRISCs, the first logical data-movement
    // kernel on RISC-V 0 (BRISC), the second on RISC-V 1.
    SmallVector<Attribute> movers;
    for (func::FuncOp kernel : *kernels) {
      auto id = cast<KernelAttr>(kernel->getAttr(TTLDialect::kKernelAttrName));
      ProcessorRole role = ProcessorRole::Compute;
      if (id.getKind() != KernelKind::Compute) {
        auto *it = llvm::find(movers, id);
        if (it == movers.end()) {
          if (movers.size() == 2) {
            kernel.emitError("more than two data-movement kernels in one "
                             "module; a Tensix core has two data-movement "
                             "processors");
            return signalPassFailure();
          }
          movers.push_back(id);
          it = movers.end() - 1;
        }
        role = it == movers.begin() ? ProcessorRole::DataMovement0
                                    : ProcessorRole::DataMovement1;
      }
      kernel->setAttr(TTLDialect::kProcessorRoleAttrName,
                      ProcessorRoleAttr::get(&getContext(), role));
    }
  }
};

} // namespace
