//===- VerifyBlockLifetimes.cpp - held DFB blocks -------------------------===//
//
// A block acquired with ttl.reserve (ttl.wait) is held until its ttl.push
// (ttl.pop). TT-Metal's cb_reserve_back / cb_wait_front move no pointer: the
// block's address is the CB's write (read) pointer, which only the release
// advances. So
//
//  * a second block of the same DFB and side acquired while one is held would
//    address the same L1 slot as the first (and its tile count would not be
//    cumulative): rejected;
//  * a block used after its release reads or writes a slot the other side may
//    already own again: rejected;
//  * a thread that holds a block of each side of a one-block DFB at once
//    waits for the slot it holds itself (the reserve for the waited block's
//    pop, the wait for the reserved block's push): a certain deadlock,
//    rejected.
//
// Both are decided on program order within the region that acquired the
// block; the lifecycle analysis of ttl-assign-dfb-indices rejects releases in
// nested control separately.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/ConditionIdentity.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLVERIFYBLOCKLIFETIMES
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// The words of one side of a DFB in diagnostics.
struct Side {
  StringRef kind;      // "reserved", "waited-for": the kind of block
  StringRef acquired;  // "reserved"
  StringRef release;   // "push"
  StringRef acquiring; // "reserving"
  StringRef released;  // "pushed"
  StringRef api;       // "cb_reserve_back"
};

constexpr Side kProducer{"reserved", "reserved", "push", "reserving",
                         "pushed", "cb_reserve_back"};
constexpr Side kConsumer{"waited-for", "waited for", "pop", "waiting for",
                         "popped", "cb_wait_front"};

const Side &sideOf(Operation *acquire) {
  return isa<ReserveOp>(acquire) ? kProducer : kConsumer;
}

/// True for the effects of an external call that acquire or release on the
/// producer side of a DFB.
bool isProducerEffect(DFBEffectKind kind) {
  return kind == DFBEffectKind::Reserve || kind == DFBEffectKind::Push;
}

/// A held block: its acquire, its DFB and its releases (push / pop users).
struct Held {
  Operation *acquire;
  Value dfb;
  Value block;
  SmallVector<Operation *> releases;

  bool producer() const { return isa<ReserveOp>(acquire); }

  /// The op of the acquiring block at which the block is released last (a
  /// release or the control op containing it), or null when never released.
  Operation *end() const {
    Operation *last = nullptr;
    for (Operation *release : releases) {
      Operation *anchor =
          acquire->getBlock()->findAncestorOpInBlock(*release);
      if (anchor && (!last || last->isBeforeInBlock(anchor)))
        last = anchor;
    }
    return last;
  }

  /// True when `op` runs while the block is held: after the acquire and not
  /// after its last release in the acquiring region.
  bool holdsAt(Operation *op) const {
    Operation *last = end();
    Operation *anchor = acquire->getBlock()->findAncestorOpInBlock(*op);
    return last && anchor && acquire->isBeforeInBlock(anchor) &&
           (anchor == last || anchor->isBeforeInBlock(last));
  }
};

/// True when `release` is one a `with` added: the frontend locates those at
/// the `with` item, the location of the acquire.
bool releasedByWith(const Held &held, Operation *release) {
  return release->getLoc() == held.acquire->getLoc() &&
         !isa<UnknownLoc>(release->getLoc());
}

/// The block and the block values computed from it: block math is evaluated
/// where its result is stored (the compute lowering fuses the whole expression
/// into the store's tile loop), so a use of a derived value reads the block
/// there. A copy's transfer counts too: waiting for it after the block's
/// release would let the DFB hand the slot out while the copy still reads or
/// writes it (a ttl.GroupTransfer waited for after its blocks' `with`).
SetVector<Value> blockAndDerived(Value block) {
  SetVector<Value> values;
  values.insert(block);
  for (unsigned i = 0; i < values.size(); ++i)
    for (Operation *user : values[i].getUsers()) {
      if (isa<PushOp, PopOp>(user))
        continue;
      for (Value result : user->getResults())
        if (isa<BlockType, TransferType>(result.getType()))
          values.insert(result);
    }
  return values;
}

/// The first op after `release` in its region (nested ops included, program
/// order) that uses one of `values` other than releasing it, with the value it
/// uses, or null.
std::pair<Operation *, Value> firstUseAfter(Operation *release,
                                            const SetVector<Value> &values) {
  auto usedAfter = [&](Value value) {
    return llvm::any_of(value.getUsers(), [&](Operation *user) {
      Operation *anchor = release->getBlock()->findAncestorOpInBlock(*user);
      return !isa<PushOp, PopOp>(user) && anchor &&
             release->isBeforeInBlock(anchor);
    });
  };
  if (!llvm::any_of(values, usedAfter))
    return {};
  for (Operation *op = release->getNextNode(); op; op = op->getNextNode()) {
    std::pair<Operation *, Value> found;
    op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
      if (isa<PushOp, PopOp>(nested))
        return WalkResult::advance();
      for (Value operand : nested->getOperands())
        if (values.contains(operand)) {
          found = {nested, operand};
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (found.first)
      return found;
  }
  return {};
}

struct VerifyBlockLifetimesPass
    : public ttl::impl::TTLVerifyBlockLifetimesBase<VerifyBlockLifetimesPass> {
  using TTLVerifyBlockLifetimesBase::TTLVerifyBlockLifetimesBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (failed(verify(func)))
        return signalPassFailure();
    markAllAnalysesPreserved(); // a check: the IR is unchanged
  }

  LogicalResult verify(func::FuncOp func) {
    SmallVector<Held> blocks;
    SmallVector<CallExternFuncOp> calls;
    func.walk([&](Operation *op) {
      if (auto call = dyn_cast<CallExternFuncOp>(op))
        calls.push_back(call);
      Value dfb, block;
      if (auto reserve = dyn_cast<ReserveOp>(op))
        std::tie(dfb, block) = std::pair(reserve.getDfb(), reserve.getBlock());
      else if (auto wait = dyn_cast<WaitOp>(op))
        std::tie(dfb, block) = std::pair(wait.getDfb(), wait.getBlock());
      else
        return;
      Held held{op, dfb, block, {}};
      for (Operation *user : block.getUsers())
        if (isa<PushOp, PopOp>(user))
          held.releases.push_back(user);
      blocks.push_back(std::move(held));
    });
    for (const Held &held : blocks) {
      if (held.releases.empty())
        continue; // never released: ttl-assign-dfb-indices reports it
      if (failed(checkUsesAfterRelease(held)) ||
          failed(checkSecondAcquire(held, blocks)) ||
          failed(checkBothSidesFit(held, blocks)) ||
          failed(checkExternalAcquire(held, calls)))
        return failure();
    }
    return success();
  }

  /// No use of the block (other than releasing it, which
  /// ttl-assign-dfb-indices checks) follows one of its releases in the
  /// release's region.
  LogicalResult checkUsesAfterRelease(const Held &held) {
    const Side &side = sideOf(held.acquire);
    SetVector<Value> values = blockAndDerived(held.block);
    for (Operation *release : held.releases) {
      auto [use, used] = firstUseAfter(release, values);
      if (!use)
        continue;
      InFlightDiagnostic diag = use->emitError();
      if (used == held.block)
        diag << "block used after its release: the block ";
      else if (isa<TransferType>(used.getType()))
        diag << "copy waited for after its block's release: the block ";
      else
        diag << "block math used after its operand's release (block math is "
                "evaluated where its result is stored): the block ";
      diag << side.acquired << " at " << describeLocation(held.acquire->getLoc())
          << " was " << side.released << " "
          << (releasedByWith(held, release)
                  ? std::string("at the end of its 'with'")
                  : "at " + describeLocation(release->getLoc()))
          << ", which hands its L1 slot back to the other side of the DFB; "
          << (used == held.block                  ? "use a block before its "
              : isa<TransferType>(used.getType()) ? "wait for a copy before its "
                                                  : "store a value computed from "
                                                    "a block before its ")
          << side.release
          << (releasedByWith(held, release) ? " (inside its 'with')" : "");
      diag.attachNote(release->getLoc()) << side.released << " here";
      return diag;
    }
    return success();
  }

  /// No other block of the same DFB and side is acquired while this one is
  /// held.
  LogicalResult checkSecondAcquire(const Held &held, ArrayRef<Held> blocks) {
    for (const Held &other : blocks) {
      if (&other == &held || other.dfb != held.dfb ||
          other.producer() != held.producer() || !held.holdsAt(other.acquire))
        continue;
      return reportSecond(held, other.acquire,
                          Twine("a second block is ") +
                              sideOf(held.acquire).acquired + " here");
    }
    return success();
  }

  /// A block of the other side of a one-block DFB is not acquired while this
  /// one is held: its only slot is this block's until the release.
  LogicalResult checkBothSidesFit(const Held &held, ArrayRef<Held> blocks) {
    auto type = cast<DataflowBufferType>(held.dfb.getType());
    if (type.getBlockCount() >= 2)
      return success();
    for (const Held &other : blocks) {
      if (other.dfb != held.dfb || other.producer() == held.producer() ||
          !held.holdsAt(other.acquire))
        continue;
      const Side &side = sideOf(held.acquire);
      const Side &otherSide = sideOf(other.acquire);
      InFlightDiagnostic diag =
          other.acquire->emitError("DFB created at ")
          << describeLocation(held.dfb.getLoc()) << " has block_count=1 and "
          << "its one block is " << side.acquired << " at "
          << describeLocation(held.acquire->getLoc())
          << " and still held: " << otherSide.acquiring
          << " a block of it here waits for that slot, which this thread "
             "releases only later (a deadlock); give the DFB block_count=2 "
             "or release the first block before";
      diag.attachNote(held.acquire->getLoc())
          << "the held block is " << side.acquired << " here";
      return diag;
    }
    return success();
  }

  /// No external call acquires or releases blocks of the same DFB and side
  /// (per its listed effects) while this one is held.
  LogicalResult checkExternalAcquire(const Held &held,
                                     ArrayRef<CallExternFuncOp> calls) {
    for (CallExternFuncOp call : calls) {
      if (!held.holdsAt(call))
        continue;
      SmallVector<Value> dependencies = call.getDFBDependencyOperands();
      for (Attribute attr : call.getDfbEffects().getValue()) {
        auto effect = cast<DFBEffectAttr>(attr);
        if (dependencies[effect.getDependency()] == held.dfb &&
            isProducerEffect(effect.getKind()) == held.producer())
          return reportSecond(held, call,
                              "the external call here lists a " +
                                  stringifyDFBEffectKind(effect.getKind()) +
                                  " effect on it");
      }
    }
    return success();
  }

  LogicalResult reportSecond(const Held &held, Operation *second,
                             const Twine &what) {
    const Side &side = sideOf(held.acquire);
    Operation *release = held.releases.front();
    for (Operation *other : held.releases)
      if (held.acquire->getBlock()->findAncestorOpInBlock(*other) ==
          held.end())
        release = other;
    InFlightDiagnostic diag =
        second->emitError("DFB created at ")
        << describeLocation(held.dfb.getLoc()) << " already has a "
        << side.kind << " block: the block " << side.acquired << " at "
        << describeLocation(held.acquire->getLoc()) << " is held until "
        << (releasedByWith(held, release)
                ? std::string("the end of its 'with'")
                : "its " + side.release.str() + " at " +
                      describeLocation(release->getLoc()))
        << ", and " << what
        << "; one DFB holds one " << side.kind << " block at a time (" << side.api
        << " moves no pointer, so a second block would alias the first's L1 "
           "slot): "
        << side.release << " the first block before " << side.acquiring
        << " another, or use a second DFB";
    diag.attachNote(held.acquire->getLoc())
        << "the held block is " << side.acquired << " here";
    return diag;
  }
};

} // namespace
