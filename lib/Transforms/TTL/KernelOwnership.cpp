//===- KernelOwnership.cpp - logical-kernel ownership of ops -------------===//

#include "ttl/Transforms/TTL/KernelOwnership.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ttl;

namespace mlir::ttl {

StringRef kindWords(KernelKind kind, bool plural) {
  if (kind == KernelKind::Compute)
    return plural ? "compute kernels" : "compute kernel";
  return plural ? "data-movement kernels" : "data-movement kernel";
}

std::string describe(KernelAttr kernel) {
  if (kernel.getName() == stringifyKernelKind(kernel.getKind()))
    return ("the canonical " + kindWords(kernel.getKind(), false)).str();
  return ("'" + kernel.getName() + "'").str();
}

bool isTileMath(Operation *op) {
  return isa<AddOp, SubOp, MulOp, DivOp, ExpOp, ReluOp, SqrtOp, NegOp, AbsOp,
             RsqrtOp, RecipOp, SigmoidOp, TanhOp, LogOp, SinOp, CosOp,
             MatmulOp, AddScalarOp, SubScalarOp, RsubScalarOp, MulScalarOp,
             DivScalarOp, RdivScalarOp, GeluOp, SiluOp, SquareOp, Exp2Op,
             PowScalarOp, MaxOp, MinOp, EqOp, NeOp, LtOp, LeOp, GtOp, GeOp,
             WhereOp>(op) ||
         isa<FillOp, BroadcastOp, ReduceSumOp, ReduceMaxOp, TransposeOp>(op);
}

bool isStructural(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::YieldOp, func::ReturnOp, ThreadOp>(
      op);
}

KernelSet Ownership::selection(Operation *op) const {
  KernelSet result;
  if (auto selected =
          op->getAttrOfType<ArrayAttr>(TTLDialect::kKernelsAttrName))
    for (Attribute selector : selected)
      result.insert(resolve(selector));
  return result;
}

static StringRef operationIdOf(Operation *op) {
  return op->getAttrOfType<StringAttr>(TTLDialect::kOperationIdAttrName)
      .getValue();
}

OwnershipAnalysis::OwnershipAnalysis(Operation *op)
    : ownership(cast<func::FuncOp>(op), operationIdOf(op)),
      status(ownership.run()) {}

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
    if (isa<LoadTilesOp, StoreTilesOp, LoadRowsOp, StoreRowsOp, PipeSendOp,
            PipeReceiveOp>(user))
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

} // namespace mlir::ttl
