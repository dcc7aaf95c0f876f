//===- AccumulateCarriedBlocks.cpp - loop-carried block sums --------------===//
//
// `acc = fill(0)`, `acc += a @ b` in a loop, `out_blk.store(acc)` (tt-lang's
// matmul tutorials) carries a block value across iterations as an `scf.for`
// iter_arg. No kernel keeps a block's registers across iterations, so the
// sum is rewritten into accumulating stores into the reserved block it ends
// in (see Passes.td for the accepted form and why).
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/ADT/SmallBitVector.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLACCUMULATECARRIEDBLOCKS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// One `x` added to the carried block in some (possibly nested) loop: the
/// `ttl.add` that adds it becomes an accumulating store of `x`.
struct Contribution {
  AddOp add;
  Value addend;
};

/// One loop the carried block passes through, and the iter_arg carrying it.
struct CarryingLoop {
  scf::ForOp loop;
  unsigned index;
};

/// A loop-carried block and what the rewrite needs: the loops carrying it
/// (outermost first), the adds, the final store and its reserved block.
struct CarriedSum {
  SmallVector<CarryingLoop> loops;
  SmallVector<Contribution> contributions;
  StoreOp finalStore;
  Value initial;
};

InFlightDiagnostic reportAt(Operation *op, Value initial, const Twine &what) {
  InFlightDiagnostic diag = op->emitError()
                            << "a block value carried across loop iterations "
                            << what
                            << "; the compiler keeps a running sum "
                               "(`acc += expr` in the loop, `blk.store(acc)` "
                               "right after it into a block reserved before "
                               "it) and nothing else";
  diag.attachNote(initial.getLoc()) << "the carried value starts here";
  return diag;
}

/// Follows iter_arg `index` of `loop` to the adds it accumulates, through
/// nested loops that carry it on; fails (reported) on any other use.
LogicalResult collectContributions(scf::ForOp loop, unsigned index,
                                   Value initial, CarriedSum &sum) {
  sum.loops.push_back({loop, index});
  Value arg = loop.getRegionIterArgs()[index];
  Value yielded = loop.getYieldedValues()[index];
  if (arg.use_empty()) {
    Operation *replacer = yielded.getDefiningOp();
    return reportAt(replacer ? replacer : loop.getOperation(), initial,
                    "is replaced in the loop, not added to");
  }
  if (!arg.hasOneUse())
    return reportAt(*arg.getUsers().begin(), initial,
                    "is read more than once in the loop");
  Operation *user = *arg.getUsers().begin();
  if (auto add = dyn_cast<AddOp>(user)) {
    if (add.getResult() != yielded || !add.getResult().hasOneUse())
      return reportAt(add, initial,
                      "is added to, but the sum is not what the next "
                      "iteration receives (or is read elsewhere)");
    Value addend = add.getLhs() == arg ? add.getRhs() : add.getLhs();
    sum.contributions.push_back({add, addend});
    return success();
  }
  if (auto inner = dyn_cast<scf::ForOp>(user)) {
    unsigned innerIndex = 0;
    for (auto [position, init] : llvm::enumerate(inner.getInitArgs()))
      if (init == arg)
        innerIndex = position;
    Value innerResult = inner.getResult(innerIndex);
    if (innerResult != yielded || !innerResult.hasOneUse())
      return reportAt(inner, initial,
                      "passes through this loop, but its result is not what "
                      "the next iteration receives (or is read elsewhere)");
    return collectContributions(inner, innerIndex, initial, sum);
  }
  return reportAt(user, initial, "is used by something other than `+=`");
}

/// The carried block of result `index` of `loop` (a loop no other loop
/// carries it through), or failure (reported).
FailureOr<CarriedSum> matchCarriedSum(scf::ForOp loop, unsigned index) {
  CarriedSum sum;
  sum.initial = loop.getInitArgs()[index];
  Value result = loop.getResult(index);
  auto isFinalStore = [&](Operation *user) {
    auto store = dyn_cast<StoreOp>(user);
    return store && store.getValue() == result && !store.getAccumulate() &&
           store->getBlock() == loop->getBlock();
  };
  if (result.use_empty())
    return reportAt(loop, sum.initial, "is never stored after the loop");
  if (!result.hasOneUse() || !isFinalStore(*result.getUsers().begin())) {
    // Report a read that is not a store after the loop, else the later of
    // two such stores (all in the loop's block).
    Operation *offender = nullptr;
    for (Operation *user : result.getUsers())
      if (!isFinalStore(user))
        offender = user;
    if (!offender)
      for (Operation *user : result.getUsers())
        if (!offender || offender->isBeforeInBlock(user))
          offender = user;
    return reportAt(offender,
                    sum.initial,
                    "must be stored exactly once (`blk.store(acc)`), right "
                    "after the loop, and read nowhere else");
  }
  auto store = cast<StoreOp>(*result.getUsers().begin());
  Value dest = store.getDest();
  Operation *reservation = dest.getDefiningOp();
  if (!isa_and_nonnull<ReserveOp>(reservation) ||
      reservation->getBlock() != loop->getBlock() ||
      !reservation->isBeforeInBlock(loop))
    return reportAt(store, sum.initial,
                    "is stored into a block not reserved before the loop, "
                    "in the loop's block: reserve the output block before "
                    "the loop (`with out_dfb.reserve() as blk:` around it)");
  for (Operation *other : dest.getUsers()) {
    if (other == store.getOperation())
      continue;
    if (isa<StoreOp>(other))
      return reportAt(other, sum.initial,
                      "ends in a block that is also stored here: the sum "
                      "must be the block's only value");
    if (other->getBlock() == loop->getBlock() && loop->isBeforeInBlock(other) &&
        other->isBeforeInBlock(store))
      return reportAt(other, sum.initial,
                      "ends in a block released here, before the sum is "
                      "stored into it");
  }
  sum.finalStore = store;
  if (failed(collectContributions(loop, index, sum.initial, sum)))
    return failure();
  return sum;
}

/// True when `loop` has constant bounds and runs at least once.
bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  return lb && ub && *lb < *ub;
}

bool isZeroFill(Value value) {
  auto fill = value.getDefiningOp<FillOp>();
  return fill && fill.getValue().convertToFloat() == 0.0f;
}

/// Replaces `loop` by one without the iter_args in `dropped` (each passed
/// straight through by the yield, with an unused result).
void dropIterArgs(scf::ForOp loop, const llvm::SmallBitVector &dropped) {
  OpBuilder b(loop);
  SmallVector<Value> inits;
  for (auto [position, init] : llvm::enumerate(loop.getInitArgs()))
    if (!dropped.test(position))
      inits.push_back(init);
  auto replacement =
      scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  replacement.setUnsignedCmp(loop.getUnsignedCmp());
  replacement->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  replacement.getRegion().takeBody(loop.getRegion());
  Block *body = replacement.getBody();
  Operation *yield = body->getTerminator();
  for (int position = dropped.size() - 1; position >= 0; --position) {
    if (!dropped.test(position))
      continue;
    yield->eraseOperand(position);
    body->eraseArgument(position + loop.getNumInductionVars());
  }
  unsigned next = 0;
  for (auto [position, result] : llvm::enumerate(loop.getResults()))
    if (!dropped.test(position))
      result.replaceAllUsesWith(replacement.getResult(next++));
  loop.erase();
}

/// The block iter_args of `loop` the rewrite left passed straight through.
llvm::SmallBitVector passedThroughBlocks(scf::ForOp loop) {
  llvm::SmallBitVector dropped(loop.getNumRegionIterArgs());
  for (auto [position, arg] : llvm::enumerate(loop.getRegionIterArgs()))
    dropped[position] = isa<BlockType>(arg.getType()) && arg.hasOneUse() &&
                        loop.getYieldedValues()[position] == arg &&
                        loop.getResult(position).use_empty();
  return dropped;
}

void rewrite(CarriedSum &sum) {
  StoreOp finalStore = sum.finalStore;
  Value dest = finalStore.getDest();
  scf::ForOp outer = sum.loops.front().loop;
  OpBuilder b(outer);
  if (!(isZeroFill(sum.initial) && runsAtLeastOnce(outer)))
    StoreOp::create(b, finalStore.getLoc(), sum.initial, dest,
                    /*accumulate=*/false);
  for (Contribution &contribution : sum.contributions) {
    b.setInsertionPoint(contribution.add);
    StoreOp::create(b, contribution.add.getLoc(), contribution.addend, dest,
                    /*accumulate=*/true);
    // The add's only user is the yield, which dropIterArg removes next: the
    // yield yields its own iter_arg until then.
    Value arg = contribution.add.getLhs() == contribution.addend
                    ? contribution.add.getRhs()
                    : contribution.add.getLhs();
    contribution.add.getResult().replaceAllUsesWith(arg);
    contribution.add.erase();
  }
  finalStore.erase();
  // Each loop's yield passes its iter_arg through now (an inner loop's result
  // is then unused); the pass drops those iter_args at the end.
  for (CarryingLoop &carrying : sum.loops)
    carrying.loop.getBody()->getTerminator()->setOperand(
        carrying.index, carrying.loop.getRegionIterArgs()[carrying.index]);
}

struct TTLAccumulateCarriedBlocksPass
    : public ttl::impl::TTLAccumulateCarriedBlocksBase<
          TTLAccumulateCarriedBlocksPass> {
  void runOnOperation() override {
    // Loops whose carried blocks end in a store (not in an outer loop's
    // yield), innermost first: rewriting one never touches another's ops.
    SmallVector<std::pair<scf::ForOp, unsigned>> roots;
    getOperation().walk([&](scf::ForOp loop) {
      for (auto [index, result] : llvm::enumerate(loop.getResults()))
        if (isa<BlockType>(result.getType()) &&
            llvm::none_of(result.getUsers(), [](Operation *user) {
              return isa<scf::YieldOp>(user);
            }))
          roots.push_back({loop, static_cast<unsigned>(index)});
    });
    SmallVector<CarriedSum> sums;
    for (auto [loop, index] : roots) {
      FailureOr<CarriedSum> sum = matchCarriedSum(loop, index);
      if (failed(sum))
        return signalPassFailure();
      sums.push_back(std::move(*sum));
    }
    for (CarriedSum &sum : sums)
      rewrite(sum);
    // Innermost first: dropping an inner loop's iter_arg leaves the outer
    // one's passed straight through.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      llvm::SmallBitVector dropped = passedThroughBlocks(loop);
      if (dropped.any())
        dropIterArgs(loop, dropped);
    }
    // A zero start the first store now stands for is dead (two sums may
    // share one).
    llvm::SmallPtrSet<Operation *, 4> starts;
    for (CarriedSum &sum : sums)
      if (auto fill = sum.initial.getDefiningOp<FillOp>())
        starts.insert(fill);
    for (Operation *start : starts)
      if (start->use_empty())
        start->erase();
  }
};

} // namespace
