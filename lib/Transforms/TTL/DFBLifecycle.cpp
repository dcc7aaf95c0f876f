//===- DFBLifecycle.cpp - DFB protocol lifecycles -------------------------===//
//
// Collects each DFB's occurrences (reserve/push, wait/pop, external-call
// effects) per logical kernel with their enclosing control and program
// intervals; DFBBalance.cpp decides their balance.
//
//===----------------------------------------------------------------------===//

#include "ttl/Transforms/TTL/DFBLifecycle.h"

#include "DFBBalance.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <vector>

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::detail;

namespace {

/// Positions per op: an external call's effects are ordered inside it.
constexpr int64_t kSubPositions = 2 * CallExternFuncOp::kMaxEffects;

class Analyzer {
public:
  Analyzer(func::FuncOp func, const Ownership &ownership,
           ConditionIdentity &conditions)
      : func(func), ownership(ownership), conditions(conditions) {}

  FailureOr<std::vector<DFBLifecycle>> run();

private:
  struct State : ttl::detail::Occurrences {
    DFBLifecycle lifecycle;
  };

  Context contextOf(Operation *op);
  /// Program positions [first, last] of an occurrence: `op`'s position
  /// refined by the effect indices `[firstEffect, lastEffect]` inside an
  /// external call, or the whole outermost enclosing loop.
  std::pair<int64_t, int64_t> span(Operation *op, const Context &context,
                                   int64_t firstEffect = 0,
                                   int64_t lastEffect = 0) {
    if (context.outermostLoop)
      return {position.lookup(context.outermostLoop) * kSubPositions,
              last.lookup(context.outermostLoop) * kSubPositions +
                  kSubPositions - 1};
    return {position.lookup(op) * kSubPositions + firstEffect,
            position.lookup(op) * kSubPositions + lastEffect};
  }
  void extend(State &state, KernelAttr kernel,
              std::pair<int64_t, int64_t> range) {
    auto [entry, inserted] = state.lifecycle.intervals.insert({kernel, range});
    if (!inserted) {
      entry->second.first = std::min(entry->second.first, range.first);
      entry->second.second = std::max(entry->second.second, range.second);
    }
  }
  void markOpaque(State &state, const Twine &reason) {
    if (!state.lifecycle.opaque)
      state.lifecycle.reason = reason.str();
    state.lifecycle.opaque = true;
  }
  void record(State &state, KernelAttr kernel, bool producer, Operation *op,
              const Context &context, int64_t tiles);
  LogicalResult visitAcquire(Operation *acquire, Value dfb, Value block,
                             bool producer);
  void visitCall(CallExternFuncOp call);

  func::FuncOp func;
  const Ownership &ownership;
  ConditionIdentity &conditions;
  llvm::DenseMap<Operation *, int64_t> position, last;
  llvm::MapVector<Value, State> states;
};

Context Analyzer::contextOf(Operation *op) {
  Context context;
  for (Operation *child = op, *parent = op->getParentOp();
       parent && !isa<func::FuncOp, ThreadOp>(parent);
       child = parent, parent = parent->getParentOp()) {
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      context.outermostLoop = loop;
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (lb && ub && step && *step > 0) {
        context.multiplier *= *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
        context.constantLoops.push_back(loop);
      } else if (std::optional<unsigned> loopClass =
                     conditions.loopClassOf(loop)) {
        context.stableLoops.push_back({*loopClass, loop});
      } else {
        context.perKernelLoops.push_back(loop);
      }
      continue;
    }
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      bool inThen = child->getParentRegion() == &branch.getThenRegion();
      context.guards.push_back(
          {conditions.formulaOf(branch.getCondition()), inThen});
      continue;
    }
    context.unknown = parent;
  }
  return context;
}

void Analyzer::record(State &state, KernelAttr kernel, bool producer,
                      Operation *op, const Context &context, int64_t tiles) {
  DFBLifecycle &lifecycle = state.lifecycle;
  (producer ? lifecycle.producers : lifecycle.consumers).insert(kernel);
  (producer ? state.produced : state.consumed)
      .push_back({context, tiles, kernel, op});
}

LogicalResult Analyzer::visitAcquire(Operation *acquire, Value dfb,
                                     Value block, bool producer) {
  SmallVector<Operation *> releases;
  for (Operation *user : block.getUsers())
    if (isa<PushOp, PopOp>(user))
      releases.push_back(user);
  StringRef release = producer ? "ttl.push" : "ttl.pop";
  // Unbalanced within its kernel whatever the control flow: an acquired
  // block never released, or released more than once on one path.
  if (releases.empty())
    return acquire->emitError("unbalanced DFB protocol: the block acquired "
                              "here is never released; every ")
           << acquire->getName() << " needs one " << release;
  if (releases.size() > 1 &&
      llvm::all_of(releases, [&](Operation *op) {
        return op->getBlock() == acquire->getBlock();
      })) {
    llvm::sort(releases, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    InFlightDiagnostic diag =
        releases[1]->emitError("unbalanced DFB protocol: the block is "
                               "released ")
        << releases.size() << " times; every " << acquire->getName()
        << " needs one " << release;
    diag.attachNote(acquire->getLoc()) << "acquired here";
    return diag;
  }
  auto it = states.find(dfb);
  if (it == states.end())
    return success();
  State &state = it->second;
  const KernelSet *kernels = ownership.ownersOf(acquire);
  if (!kernels) {
    markOpaque(state, Twine("the block ") +
                          (producer ? "reserved" : "waited for") + " at " +
                          locationText(acquire) + " has no logical kernel");
    return success();
  }
  if (releases.size() != 1 ||
      releases.front()->getBlock() != acquire->getBlock()) {
    // Released in nested control (a branch, a loop): how often it is
    // released cannot be counted.
    if (!state.nestedRelease)
      state.nestedRelease = {acquire, releases.front()};
    return success();
  }
  Context context = contextOf(acquire);
  auto type = cast<DataflowBufferType>(dfb.getType());
  for (KernelAttr kernel : *kernels) {
    record(state, kernel, producer, releases.front(), context,
           type.getPagesPerBlock());
    for (Operation *op : {acquire, releases.front()})
      extend(state, kernel, span(op, context));
  }
  return success();
}

void Analyzer::visitCall(CallExternFuncOp call) {
  std::string where = locationText(call);
  if (call.getUnknownDfbAccess()) {
    // Opaque for every user-managed DFB wherever the call may run.
    for (auto &entry : states)
      markOpaque(entry.second, "the external call at " + where +
                                   " declares unknown_dfb_access");
  }
  const KernelSet *kernels = ownership.ownersOf(call);
  Context context = contextOf(call);
  SmallVector<Value> dependencies = call.getDFBDependencyOperands();
  ArrayRef<Attribute> effects = call.getDfbEffects().getValue();
  for (auto [index, dfb] : llvm::enumerate(dependencies)) {
    auto it = states.find(dfb);
    if (it == states.end())
      continue;
    State &state = it->second;
    // This occurrence's own subsequence of the call-wide effect list.
    // Open reserve / wait tile counts; 0 when none is open (counts are
    // positive).
    int64_t reserved = 0, waited = 0;
    int64_t pushed = 0, popped = 0, firstEffect = -1, lastEffect = -1;
    bool listed = false, partial = false;
    for (auto [effectIndex, attr] : llvm::enumerate(effects)) {
      auto effect = cast<DFBEffectAttr>(attr);
      if (effect.getDependency() != static_cast<int64_t>(index))
        continue;
      listed = true;
      if (firstEffect < 0)
        firstEffect = effectIndex;
      lastEffect = effectIndex;
      int64_t tiles = effect.getTiles();
      switch (effect.getKind()) {
      case DFBEffectKind::Reserve:
        partial |= reserved != 0;
        reserved = tiles;
        break;
      case DFBEffectKind::Push:
        partial |= reserved != tiles;
        reserved = 0;
        pushed += tiles;
        break;
      case DFBEffectKind::Wait:
        partial |= waited != 0;
        waited = tiles;
        break;
      case DFBEffectKind::Pop:
        partial |= waited != tiles;
        waited = 0;
        popped += tiles;
        break;
      }
    }
    partial |= reserved != 0 || waited != 0;
    if (!listed) {
      markOpaque(state, "the external call at " + where +
                            " lists no effect for its dependency #" +
                            Twine(index) +
                            ", an opaque access for the whole call");
      continue;
    }
    if (partial) {
      markOpaque(state, "the external call at " + where +
                            " has a partial effect summary for its "
                            "dependency #" +
                            Twine(index) +
                            " (reserve/push and wait/pop must pair with "
                            "equal tile counts)");
      continue;
    }
    if (!kernels) {
      markOpaque(state, "the external call at " + where +
                            " has no logical kernel");
      continue;
    }
    for (KernelAttr kernel : *kernels) {
      if (pushed)
        record(state, kernel, /*producer=*/true, call, context, pushed);
      if (popped)
        record(state, kernel, /*producer=*/false, call, context, popped);
      extend(state, kernel, span(call, context, firstEffect, lastEffect));
    }
  }
}

FailureOr<std::vector<DFBLifecycle>> Analyzer::run() {
  int64_t counter = 0;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    position[op] = counter;
    last[op] = counter;
    ++counter;
  });
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (Operation *parent = op->getParentOp())
      last[parent] = std::max(last[parent], last[op]);
  });
  func.walk([&](CreateDataflowBufferOp op) {
    State state;
    state.lifecycle.op = op;
    states.insert({op.getResult(), std::move(state)});
  });
  for (auto &[dfb, state] : states)
    for (Operation *user : dfb.getUsers())
      if (!isa<ReserveOp, WaitOp, CallExternFuncOp>(user))
        markOpaque(state, "it is used by '" + user->getName().getStringRef() +
                              "' at " + locationText(user));
  WalkResult walk = func.walk([&](Operation *op) {
    LogicalResult result = success();
    if (auto reserve = dyn_cast<ReserveOp>(op))
      result = visitAcquire(op, reserve.getDfb(), reserve.getBlock(), true);
    else if (auto wait = dyn_cast<WaitOp>(op))
      result = visitAcquire(op, wait.getDfb(), wait.getBlock(), false);
    else if (auto call = dyn_cast<CallExternFuncOp>(op))
      visitCall(call);
    return failed(result) ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  std::vector<DFBLifecycle> result;
  for (auto &[dfb, state] : states) {
    if (failed(checkBalance(func, conditions, state, state.lifecycle)))
      return failure();
    result.push_back(state.lifecycle);
  }
  return result;
}

} // namespace

FailureOr<std::vector<DFBLifecycle>>
mlir::ttl::analyzeDFBLifecycles(func::FuncOp func, const Ownership &ownership,
                                ConditionIdentity &conditions) {
  return Analyzer(func, ownership, conditions).run();
}

bool mlir::ttl::lifecyclesMayShareIndex(const DFBLifecycle &first,
                                        const DFBLifecycle &second) {
  if (!first.isBounded() || !second.isBounded())
    return false;
  if (first.op->getResultTypes() != second.op->getResultTypes())
    return false;
  // An unused buffer never touches the FIFO.
  if (first.intervals.empty() || second.intervals.empty())
    return true;
  // One producer and one consumer per CB (each processor's pointers are its
  // own), and the same ones for both buffers.
  if (first.producers.size() != 1 || first.consumers.size() != 1 ||
      first.producers != second.producers ||
      first.consumers != second.consumers)
    return false;
  // Both kernels see `first`'s tiles, then `second`'s.
  for (const auto &[kernel, interval] : first.intervals) {
    auto it = second.intervals.find(kernel);
    if (it != second.intervals.end() && interval.second >= it->second.first)
      return false;
  }
  return true;
}
