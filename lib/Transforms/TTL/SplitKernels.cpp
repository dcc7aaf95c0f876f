//===- SplitKernels.cpp - one function per logical kernel -----------------===//
//
// Splits every TTL operation function into one function per logical kernel
// (see the pass description in Passes.td for the ownership rules).
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"
#include "ttl/Transforms/TTL/KernelOwnership.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLSPLITKERNELS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// Checks the kernel count of each kind against the target.
LogicalResult checkCapacity(func::FuncOp func, ArrayRef<KernelAttr> kernels,
                            const TargetCapacity &capacity) {
  for (KernelKind kind : {KernelKind::Compute, KernelKind::DataMovement}) {
    SmallVector<std::string> names;
    for (KernelAttr kernel : kernels)
      if (kernel.getKind() == kind)
        names.push_back(describe(kernel));
    unsigned limit = kind == KernelKind::Compute
                         ? capacity.computeKernels
                         : capacity.dataMovementKernels;
    if (names.size() > limit)
      return func.emitOpError("operation '")
             << func.getSymName() << "' requests " << names.size() << " "
             << kindWords(kind, true) << " (" << llvm::join(names, ", ")
             << ") but target '" << capacity.name << "' supports " << limit;
  }
  return success();
}

/// Everything `kernel` needs: its work, the values it uses and the
/// structured control around both. Fails when the kernel needs a value that
/// another kernel's work computes: values do not cross logical kernels.
FailureOr<llvm::DenseSet<Operation *>>
neededOps(func::FuncOp func, const Ownership &ownership, KernelAttr kernel) {
  llvm::DenseSet<Operation *> needed;
  SmallVector<Operation *> worklist = ownership.ownedBy(kernel);
  worklist.push_back(func.getBody().back().getTerminator());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (op == func.getOperation() || !needed.insert(op).second)
      continue;
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def) {
        worklist.push_back(
            cast<BlockArgument>(operand).getOwner()->getParentOp());
        continue;
      }
      const KernelSet *owners = ownership.ownersOf(def);
      if (owners && !owners->contains(kernel)) {
        InFlightDiagnostic diag =
            op->emitOpError("runs in ")
            << describe(kernel) << " but uses a value computed in "
            << describe(owners->front())
            << "; values do not cross logical kernels";
        diag.attachNote(def->getLoc()) << "value computed here";
        return failure();
      }
      worklist.push_back(def);
    }
    if (Operation *parent = op->getParentOp())
      worklist.push_back(parent);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
          worklist.push_back(&block.back());
  }
  return needed;
}

struct SplitKernelsPass
    : public ttl::impl::TTLSplitKernelsBase<SplitKernelsPass> {
  using TTLSplitKernelsBase::TTLSplitKernelsBase;

  void runOnOperation() override {
    const TargetCapacity *capacity =
        lookupTargetOrEmitError(getOperation(), target);
    if (!capacity)
      return signalPassFailure();
    SmallVector<func::FuncOp> operations;
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func->hasAttr(TTLDialect::kOperationIdAttrName))
        operations.push_back(func);
    SymbolTable symbols(getOperation());
    for (func::FuncOp func : operations)
      if (failed(split(func, *capacity, symbols)))
        return signalPassFailure();
  }

  LogicalResult split(func::FuncOp func, const TargetCapacity &capacity,
                      SymbolTable &symbols) {
    FailureOr<const Ownership *> analysed =
        getChildAnalysis<OwnershipAnalysis>(func).get();
    if (failed(analysed))
      return failure();
    const Ownership &ownership = **analysed;
    SmallVector<KernelAttr> kernels = ownership.kernels();
    if (failed(checkCapacity(func, kernels, capacity)))
      return failure();

    // Analyse every kernel before changing anything: no partial output.
    SmallVector<llvm::DenseSet<Operation *>> neededPerKernel;
    for (KernelAttr kernel : kernels) {
      FailureOr<llvm::DenseSet<Operation *>> needed =
          neededOps(func, ownership, kernel);
      if (failed(needed))
        return failure();
      neededPerKernel.push_back(std::move(*needed));
    }

    OpBuilder builder(func);
    for (auto [kernel, needed] : llvm::zip_equal(kernels, neededPerKernel)) {
      IRMapping mapping;
      auto clone = cast<func::FuncOp>(builder.clone(*func, mapping));
      clone.setSymName(
          (func.getSymName() + "_" + kernel.getDisplayName()).str());
      symbols.insert(clone); // Renames on a clash.
      clone->setAttr(TTLDialect::kKernelAttrName, kernel);
      // Erase the outermost ops the kernel does not need; their nested ops
      // go with them.
      func.walk([&](Operation *op) {
        if (op == func.getOperation() || needed.contains(op))
          return;
        Operation *parent = op->getParentOp();
        if (parent != func.getOperation() && !needed.contains(parent))
          return;
        Operation *copy = mapping.lookup(op);
        copy->dropAllUses();
        copy->erase();
      });
      // The kernel's own thread becomes the function body.
      for (auto thread :
           llvm::make_early_inc_range(clone.getBody().getOps<ThreadOp>())) {
        Block &body = thread.getBody().front();
        thread->getBlock()->getOperations().splice(
            thread->getIterator(), body.getOperations());
        thread->erase();
      }
      clone.walk([](Operation *op) {
        op->removeAttr(TTLDialect::kKernelsAttrName);
      });
    }
    symbols.erase(func);
    return success();
  }
};

} // namespace
