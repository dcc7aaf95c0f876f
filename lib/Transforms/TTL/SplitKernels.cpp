//===- SplitKernels.cpp - one function per logical kernel -----------------===//
//
// Splits every TTL operation function into one function per logical kernel
// (see the pass description in Passes.td for the ownership rules).
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"
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

using KernelSet = llvm::SmallSetVector<KernelAttr, 2>;

/// Words used for a kernel kind in diagnostics (shared by unified and
/// explicit operations).
StringRef kindWords(KernelKind kind, bool plural) {
  if (kind == KernelKind::Compute)
    return plural ? "compute kernels" : "compute kernel";
  return plural ? "data-movement kernels" : "data-movement kernel";
}

/// "'reader'" for a handle, "the canonical compute kernel" otherwise.
std::string describe(KernelAttr kernel) {
  if (kernel.getName() == stringifyKernelKind(kernel.getKind()))
    return ("the canonical " + kindWords(kernel.getKind(), false)).str();
  return ("'" + kernel.getName() + "'").str();
}

bool isTileMath(Operation *op) {
  return isa<AddOp, SubOp, MulOp, DivOp, ExpOp, ReluOp, SqrtOp, NegOp>(op);
}

/// Ops that only give structure: kept in a kernel when it has work inside.
bool isStructural(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::YieldOp, func::ReturnOp, ThreadOp>(
      op);
}

/// Ownership analysis of one operation function.
class Ownership {
public:
  Ownership(func::FuncOp func, StringRef operationId)
      : func(func), context(func.getContext()), operationId(operationId) {}

  LogicalResult run();

  /// Kernels in a stable order: compute first, then data movement, each in
  /// order of first appearance.
  SmallVector<KernelAttr> kernels() const;

  /// Ops owned (directly) by `kernel`.
  SmallVector<Operation *> ownedBy(KernelAttr kernel) const;

  /// The kernels owning `op`; null for ops that are not owned (side-effect
  /// free ops and structure, which go wherever they are needed).
  const KernelSet *ownersOf(Operation *op) const {
    auto it = owners.find(op);
    return it == owners.end() ? nullptr : &it->second;
  }

private:
  KernelAttr resolve(Attribute selector) const {
    return cast<KernelAttr>(selector).resolve(operationId);
  }
  KernelAttr canonical(KernelKind kind) const {
    return KernelAttr::get(context, kind, "", "").resolve(
        operationId);
  }
  /// Resolved selection carried by `op`, empty without one.
  KernelSet selection(Operation *op) const;
  void own(Operation *op, KernelAttr kernel) {
    owners[op].insert(kernel);
    order.insert(kernel);
  }
  LogicalResult assignThreads();
  LogicalResult assignBlock(Operation *acquire, Value block);
  LogicalResult assignRest();

  func::FuncOp func;
  MLIRContext *context;
  StringRef operationId;
  llvm::MapVector<Operation *, KernelSet> owners;
  llvm::SetVector<KernelAttr> order;
};

KernelSet Ownership::selection(Operation *op) const {
  KernelSet result;
  if (auto selected =
          op->getAttrOfType<ArrayAttr>(TTLDialect::kKernelsAttrName))
    for (Attribute selector : selected)
      result.insert(resolve(selector));
  return result;
}

LogicalResult Ownership::run() {
  if (failed(assignThreads()))
    return failure();
  // Blocks first: copies, stores and releases follow their block.
  WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ThreadOp>(op))
      return WalkResult::skip();
    if (auto reserve = dyn_cast<ReserveOp>(op))
      return failed(assignBlock(op, reserve.getBlock()))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    if (auto wait = dyn_cast<WaitOp>(op))
      return failed(assignBlock(op, wait.getBlock())) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return assignRest();
}

LogicalResult Ownership::assignThreads() {
  llvm::DenseMap<KernelAttr, ThreadOp> threads;
  for (auto thread : func.getBody().getOps<ThreadOp>()) {
    KernelAttr kernel = resolve(thread.getKernel());
    auto [it, inserted] = threads.try_emplace(kernel, thread);
    if (!inserted) {
      InFlightDiagnostic diag = thread.emitOpError("is a second thread of ")
                                << describe(kernel);
      diag.attachNote(it->second.getLoc()) << "first thread here";
      return failure();
    }
    own(thread, kernel);
    thread.getBody().walk([&](Operation *op) { own(op, kernel); });
  }
  return success();
}

LogicalResult Ownership::assignBlock(Operation *acquire, Value block) {
  // The block's owner comes from its uses other than the release: their
  // selections, else their kind. A release selector only decides when no
  // other use does, and must agree otherwise.
  KernelSet explicitKernels = selection(acquire);
  KernelSet releaseKernels;
  Operation *copyUse = nullptr, *computeUse = nullptr;
  for (Operation *user : block.getUsers()) {
    if (isa<PushOp, PopOp>(user)) {
      for (KernelAttr kernel : selection(user))
        releaseKernels.insert(kernel);
      continue;
    }
    for (KernelAttr kernel : selection(user))
      explicitKernels.insert(kernel);
    if (isa<LoadTilesOp, StoreTilesOp>(user))
      copyUse = user;
    else if (isa<StoreOp>(user) || isTileMath(user))
      computeUse = user;
  }
  if (explicitKernels.size() > 1) {
    acquire->emitOpError("block is selected for ")
        << describe(explicitKernels[0]) << " and "
        << describe(explicitKernels[1])
        << "; a DFB block belongs to one logical kernel";
    return failure();
  }
  KernelAttr owner;
  if (!explicitKernels.empty()) {
    owner = explicitKernels.front();
    Operation *conflicting =
        owner.getKind() == KernelKind::Compute ? copyUse : computeUse;
    if (conflicting) {
      InFlightDiagnostic diag =
          conflicting->emitOpError("cannot run in ")
          << describe(owner) << ", which the block's uses select";
      diag.attachNote(acquire->getLoc()) << "block acquired here";
      return failure();
    }
  } else if (copyUse && computeUse) {
    InFlightDiagnostic diag = computeUse->emitOpError(
        "uses a block in the compute kernel that is also copied in a "
        "data-movement kernel; a DFB block belongs to one logical kernel");
    diag.attachNote(copyUse->getLoc()) << "copied here";
    return failure();
  } else if (copyUse) {
    owner = canonical(KernelKind::DataMovement);
  } else if (computeUse) {
    owner = canonical(KernelKind::Compute);
  } else if (releaseKernels.size() == 1) {
    owner = releaseKernels.front();
  } else {
    acquire->emitOpError(
        "cannot infer the logical kernel of this DFB block: nothing but its "
        "release uses it; select one with kernel= on push/pop");
    return failure();
  }
  own(acquire, owner);
  for (Operation *user : block.getUsers()) {
    if (isTileMath(user))
      continue; // Side-effect free: follows the store that needs it.
    KernelSet selected = selection(user);
    if (selected.size() > 1) {
      user->emitOpError("selects ")
          << selected.size()
          << " logical kernels; a use of a DFB block selects one";
      return failure();
    }
    if (!selected.empty() && selected.front() != owner) {
      user->emitOpError("selects ")
          << describe(selected.front()) << ", which conflicts with "
          << describe(owner) << " inferred from the block's other uses";
      return failure();
    }
    own(user, owner);
  }
  return success();
}

LogicalResult Ownership::assignRest() {
  WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == func.getOperation() || isa<ThreadOp>(op))
      return isa<ThreadOp>(op) ? WalkResult::skip() : WalkResult::advance();
    if (owners.count(op) || isStructural(op))
      return WalkResult::advance();
    if (auto wait = dyn_cast<TransferWaitOp>(op)) {
      Operation *copy = wait.getTransfer().getDefiningOp();
      auto it = copy ? owners.find(copy) : owners.end();
      if (it == owners.end()) {
        op->emitOpError("waits for a transfer whose copy has no logical "
                        "kernel");
        return WalkResult::interrupt();
      }
      for (KernelAttr kernel : it->second)
        own(op, kernel);
      return WalkResult::advance();
    }
    KernelSet selected = selection(op);
    if (!selected.empty()) {
      for (KernelAttr kernel : selected)
        own(op, kernel);
      return WalkResult::advance();
    }
    // A synchronized DFB reconfiguration runs in every kernel using the DFB.
    if (auto reconfigure = dyn_cast<ReconfigureDataflowBufferOp>(op)) {
      KernelSet users;
      for (Operation *user : reconfigure.getDfb().getUsers())
        if (auto it = owners.find(user); user != op && it != owners.end())
          for (KernelAttr kernel : it->second)
            users.insert(kernel);
      if (users.empty()) {
        op->emitOpError("reconfigures a DFB that no logical kernel uses");
        return WalkResult::interrupt();
      }
      for (KernelAttr kernel : users)
        own(op, kernel);
      return WalkResult::advance();
    }
    if (isMemoryEffectFree(op))
      return WalkResult::advance();
    op->emitOpError("has effects but no logical kernel can be inferred for "
                    "it; select one with kernel=");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

SmallVector<KernelAttr> Ownership::kernels() const {
  SmallVector<KernelAttr> result(order.begin(), order.end());
  llvm::stable_sort(result, [](KernelAttr a, KernelAttr b) {
    return static_cast<int>(a.getKind()) < static_cast<int>(b.getKind());
  });
  return result;
}

SmallVector<Operation *> Ownership::ownedBy(KernelAttr kernel) const {
  SmallVector<Operation *> result;
  for (const auto &[op, kernels] : owners)
    if (kernels.contains(kernel))
      result.push_back(op);
  return result;
}

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
    const TargetCapacity *capacity = lookupTarget(target);
    if (!capacity) {
      getOperation().emitError("unknown target '")
          << target << "'; supported targets: " << supportedTargetNames();
      return signalPassFailure();
    }
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
    StringRef operationId =
        func->getAttrOfType<StringAttr>(TTLDialect::kOperationIdAttrName)
            .getValue();
    Ownership ownership(func, operationId);
    if (failed(ownership.run()))
      return failure();
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
