//===- RecordFabricManagers.cpp - lifetimes of fabric-manager claims ------===//
//
// computeFabricClaimLifetimes checks and measures the lifetime of every
// fabric-manager claim of a function; ttl-record-fabric-managers records
// them on each kernel function for its #ttl.kernel_record.
//
//===----------------------------------------------------------------------===//

#include "ttl/Transforms/TTL/FabricManagers.h"

#include "ttl/Transforms/TTL/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLRECORDFABRICMANAGERS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

struct ClaimCall {
  CallExternFuncOp call;
  FabricManagerPhase phase;
  int64_t position;
};

/// Where a claim stands after the calls seen so far.
enum class ClaimState { Unowned, Owned, Released, Scoped };

InFlightDiagnostic claimError(CallExternFuncOp call, StringRef claim) {
  return call.emitError("fabric manager claim '") << claim << "' ";
}

FailureOr<FabricClaimLifetime> lifetimeOf(StringRef claim, KernelAttr kernel,
                                          ArrayRef<ClaimCall> calls) {
  ClaimState state = ClaimState::Unowned;
  const ClaimCall *opened = nullptr; // the acquire or scoped call
  const ClaimCall *closed = nullptr; // the release or scoped call
  for (const ClaimCall &entry : calls) {
    CallExternFuncOp call = entry.call;
    auto withNote = [&](InFlightDiagnostic diag, const ClaimCall *other,
                        StringRef what) {
      if (other)
        diag.attachNote(other->call->getLoc()) << what;
      return failure();
    };
    bool scoped = entry.phase == FabricManagerPhase::Scoped;
    if (state == ClaimState::Scoped || (scoped && state != ClaimState::Unowned)) {
      if (scoped && state == ClaimState::Scoped)
        return withNote(claimError(call, claim)
                            << "has a second scoped call; a claim has one "
                               "lifetime in its kernel (use another claim)",
                        opened, "first scoped call here");
      return withNote(claimError(call, claim)
                          << "mixes a scoped call with acquire / use / "
                             "release calls; a scoped call is the claim's "
                             "whole lifetime in its kernel",
                      opened, "the claim's lifetime starts here");
    }
    switch (entry.phase) {
    case FabricManagerPhase::Scoped:
      state = ClaimState::Scoped;
      opened = closed = &entry;
      break;
    case FabricManagerPhase::Acquire:
      if (state == ClaimState::Owned)
        return withNote(claimError(call, claim)
                            << "is acquired twice: it is still owned since "
                               "its acquire",
                        opened, "acquired here");
      if (state == ClaimState::Released)
        return withNote(claimError(call, claim)
                            << "is acquired again after its release; a claim "
                               "has one lifetime in its kernel (use another "
                               "claim)",
                        closed, "released here");
      state = ClaimState::Owned;
      opened = &entry;
      break;
    case FabricManagerPhase::Use:
      if (state == ClaimState::Unowned)
        return claimError(call, claim)
               << "is used before it is acquired; pass claim.acquire() to an "
                  "earlier call, or claim.scoped() to a call that does "
                  "everything";
      if (state == ClaimState::Released)
        return withNote(claimError(call, claim) << "is used after its release",
                        closed, "released here");
      break;
    case FabricManagerPhase::Release:
      if (state == ClaimState::Unowned)
        return claimError(call, claim)
               << "is released without an acquire; pass claim.acquire() to "
                  "an earlier call";
      if (state == ClaimState::Released)
        return withNote(claimError(call, claim) << "is released twice",
                        closed, "first released here");
      if (call->getBlock() != opened->call->getBlock())
        return withNote(claimError(call, claim)
                            << "is released in another block than it is "
                               "acquired (a loop or branch lies between "
                               "them); acquire and release a claim in one "
                               "block",
                        opened, "acquired here");
      state = ClaimState::Released;
      closed = &entry;
      break;
    }
  }
  if (state == ClaimState::Owned)
    return claimError(opened->call, claim)
           << "is acquired but never released before its kernel ends; pass "
              "claim.release() to a later call";
  return FabricClaimLifetime{claim,         kernel,
                             opened->call,  closed->call,
                             opened->position, closed->position + 1};
}

} // namespace

FailureOr<SmallVector<FabricClaimLifetime>>
mlir::ttl::computeFabricClaimLifetimes(func::FuncOp func) {
  llvm::MapVector<std::pair<StringRef, Attribute>, SmallVector<ClaimCall>>
      byClaim;
  int64_t position = 0;
  func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    int64_t here = position++;
    auto call = dyn_cast<CallExternFuncOp>(op);
    if (!call)
      return;
    for (Attribute attr : call.getFabricManagers()) {
      auto effect = cast<FabricManagerEffectAttr>(attr);
      byClaim[{effect.getClaim(), effect.getKernel()}].push_back(
          {call, effect.getPhase(), here});
    }
  });
  SmallVector<FabricClaimLifetime> lifetimes;
  for (auto &[key, calls] : byClaim) {
    FailureOr<FabricClaimLifetime> lifetime =
        lifetimeOf(key.first, cast<KernelAttr>(key.second), calls);
    if (failed(lifetime))
      return failure();
    lifetimes.push_back(*lifetime);
  }
  return lifetimes;
}

namespace {

struct RecordFabricManagersPass
    : public ttl::impl::TTLRecordFabricManagersBase<RecordFabricManagersPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      FailureOr<SmallVector<FabricClaimLifetime>> lifetimes =
          computeFabricClaimLifetimes(func);
      if (failed(lifetimes))
        return signalPassFailure();
      if (lifetimes->empty() || !func->hasAttr(TTLDialect::kKernelAttrName))
        continue;
      // Every claim of a kernel function is that kernel's (the call's
      // verifier), so names identify them; sorted for a stable record.
      llvm::sort(*lifetimes, [](const auto &a, const auto &b) {
        return a.claim < b.claim;
      });
      SmallVector<Attribute> claims;
      for (const FabricClaimLifetime &lifetime : *lifetimes)
        claims.push_back(FabricClaimIntervalAttr::get(
            &getContext(), lifetime.claim, lifetime.start, lifetime.end));
      func->setAttr(TTLDialect::kFabricClaimsAttrName,
                    ArrayAttr::get(&getContext(), claims));
    }
  }
};

} // namespace
