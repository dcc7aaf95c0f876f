//===- DFBLifecycle.cpp - DFB protocol lifecycles -------------------------===//

#include "ttl/Transforms/TTL/DFBLifecycle.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// Enclosing control of an occurrence within its kernel.
struct Context {
  int64_t multiplier = 1;             // product of constant trip counts
  std::vector<Operation *> loops;     // loops with stable, non-constant trips
  SmallVector<std::pair<ConditionIdentity::FormulaId, bool>> guards;
  bool unknown = false;               // control we cannot model
  Operation *outermostLoop = nullptr; // the occurrence spans this loop
};

/// Tiles pushed or popped by one occurrence in one kernel.
struct Term {
  Context context;
  int64_t tiles;
};

/// Largest number of condition variables whose assignments are enumerated.
constexpr unsigned kMaxConditionVariables = 12;

/// Positions per op: an external call's effects are ordered inside it.
constexpr int64_t kSubPositions = 2 * CallExternFuncOp::kMaxEffects;

class Analyzer {
public:
  Analyzer(func::FuncOp func, const Ownership &ownership,
           ConditionIdentity &conditions)
      : func(func), ownership(ownership), conditions(conditions) {}

  FailureOr<std::vector<DFBLifecycle>> run();

private:
  struct State {
    DFBLifecycle lifecycle;
    SmallVector<Term> produced, consumed;
    SmallVector<Operation *> producerSites, consumerSites;
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
  LogicalResult checkBalance(State &state);

  func::FuncOp func;
  const Ownership &ownership;
  ConditionIdentity &conditions;
  llvm::DenseMap<Operation *, int64_t> position, last;
  llvm::MapVector<Value, State> states;
};

std::string locationText(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getLoc();
  return text;
}

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
      } else if (conditions.isDispatchStable(loop.getLowerBound()) &&
                 conditions.isDispatchStable(loop.getUpperBound()) &&
                 conditions.isDispatchStable(loop.getStep())) {
        context.loops.push_back(loop);
      } else {
        context.unknown = true;
      }
      continue;
    }
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      bool inThen = child->getParentRegion() == &branch.getThenRegion();
      context.guards.push_back(
          {conditions.formulaOf(branch.getCondition()), inThen});
      continue;
    }
    context.unknown = true;
  }
  llvm::sort(context.loops);
  return context;
}

void Analyzer::record(State &state, KernelAttr kernel, bool producer,
                      Operation *op, const Context &context, int64_t tiles) {
  DFBLifecycle &lifecycle = state.lifecycle;
  (producer ? lifecycle.producers : lifecycle.consumers).insert(kernel);
  (producer ? state.produced : state.consumed).push_back({context, tiles});
  (producer ? state.producerSites : state.consumerSites).push_back(op);
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
  if (!kernels || releases.size() != 1 ||
      releases.front()->getBlock() != acquire->getBlock()) {
    markOpaque(state, Twine("the block ") +
                          (producer ? "reserved" : "waited for") + " at " +
                          locationText(acquire) +
                          " is not released exactly once in its region");
    return success();
  }
  Context context = contextOf(acquire);
  auto type = cast<DataflowBufferType>(dfb.getType());
  for (KernelAttr kernel : *kernels) {
    record(state, kernel, producer, releases.front(), context,
           type.getTilesPerBlock());
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

LogicalResult Analyzer::checkBalance(State &state) {
  DFBLifecycle &lifecycle = state.lifecycle;
  using Balance = DFBLifecycle::Balance;
  if (lifecycle.opaque) {
    lifecycle.balance = Balance::Unproven;
    lifecycle.balanceDetail = "an occurrence is opaque";
    return success();
  }
  if (lifecycle.producers.empty() && lifecycle.consumers.empty()) {
    lifecycle.balance = Balance::Proven;
    lifecycle.balanceDetail = "unused";
    return success();
  }
  if (lifecycle.producers.empty() || lifecycle.consumers.empty()) {
    lifecycle.balance = Balance::Unproven;
    lifecycle.balanceDetail = lifecycle.producers.empty()
                                  ? "no producer in this operation"
                                  : "no consumer in this operation";
    return success();
  }
  SmallVector<unsigned> variables;
  bool declarationsOnly = true, symbolic = false;
  for (auto *terms : {&state.produced, &state.consumed})
    for (const Term &term : *terms) {
      if (term.context.unknown) {
        lifecycle.balance = Balance::Unproven;
        lifecycle.balanceDetail = "an occurrence is inside control the "
                                  "compiler cannot relate across kernels";
        return success();
      }
      symbolic |= !term.context.loops.empty();
      for (auto [formula, polarity] : term.context.guards) {
        if (conditions.isUnknown(formula)) {
          lifecycle.balance = Balance::Unproven;
          lifecycle.balanceDetail =
              "an occurrence is guarded by a condition without a "
              "dispatch-stable identity";
          return success();
        }
        conditions.collectVariables(formula, variables);
      }
    }
  for (unsigned variable : variables)
    declarationsOnly &= conditions.isDeclaration(variable);
  if (variables.size() > kMaxConditionVariables) {
    lifecycle.balance = Balance::Unproven;
    lifecycle.balanceDetail = "too many conditions to enumerate";
    return success();
  }

  using Polynomial = std::map<std::vector<Operation *>, int64_t>;
  SmallVector<bool> assignment(conditions.numVariables(), false);
  auto total = [&](ArrayRef<Term> terms) {
    Polynomial result;
    for (const Term &term : terms) {
      bool active = llvm::all_of(term.context.guards, [&](auto guard) {
        return conditions.evaluate(guard.first, assignment) == guard.second;
      });
      if (active)
        result[term.context.loops] += term.tiles * term.context.multiplier;
    }
    for (auto it = result.begin(); it != result.end();)
      it = it->second == 0 ? result.erase(it) : std::next(it);
    return result;
  };
  std::optional<std::string> mismatch;
  for (uint64_t bits = 0; bits < (uint64_t(1) << variables.size()); ++bits) {
    for (auto [i, variable] : llvm::enumerate(variables))
      assignment[variable] = (bits >> i) & 1;
    Polynomial pushed = total(state.produced), popped = total(state.consumed);
    if (pushed == popped || mismatch)
      continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    auto constant = [](const Polynomial &p) {
      auto it = p.find({});
      return it == p.end() ? int64_t(0) : it->second;
    };
    os << "producers push " << constant(pushed) << " tiles but consumers pop "
       << constant(popped) << " tiles";
    if (!variables.empty()) {
      os << " when";
      for (auto [i, variable] : llvm::enumerate(variables))
        os << (i ? ", " : " ") << "condition "
           << conditions.printVariable(variable) << " is "
           << (assignment[variable] ? "true" : "false");
    }
    mismatch = text;
  }
  if (!mismatch) {
    lifecycle.balance = Balance::Proven;
    lifecycle.balanceDetail = "balanced";
    return success();
  }
  if (symbolic || !declarationsOnly) {
    // Loops of unknown trip count, or stable predicates the compiler treats
    // as independent although they may be equal: conservative.
    lifecycle.balance = Balance::Unproven;
    lifecycle.balanceDetail = "the balance depends on values the compiler "
                              "cannot relate across kernels";
    return success();
  }
  lifecycle.balance = Balance::Unbalanced;
  lifecycle.balanceDetail = *mismatch;
  InFlightDiagnostic diag =
      lifecycle.op.emitError("unbalanced DFB protocol across kernels: ")
      << *mismatch;
  for (Operation *site : state.producerSites)
    diag.attachNote(site->getLoc()) << "produced here";
  for (Operation *site : state.consumerSites)
    diag.attachNote(site->getLoc()) << "consumed here";
  return failure();
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
    if (failed(checkBalance(state)))
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

bool mlir::ttl::lifecyclesDisjoint(const DFBLifecycle &first,
                                   const DFBLifecycle &second) {
  if (!first.isBounded() || !second.isBounded())
    return false;
  if (first.op->getResultTypes() != second.op->getResultTypes())
    return false;
  // An unused buffer never touches the FIFO.
  if (first.intervals.empty() || second.intervals.empty())
    return true;
  // `first`'s storage is free once its (single) consumer kernel popped its
  // last tiles. Every producer of `second` must be that kernel, so that in
  // its program order the last pop of `first` precedes the first reserve of
  // `second`; every other kernel must also use them in that order.
  if (first.consumers.size() != 1)
    return false;
  KernelAttr consumer = first.consumers.front();
  if (llvm::any_of(second.producers,
                   [&](KernelAttr kernel) { return kernel != consumer; }))
    return false;
  for (const auto &[kernel, interval] : first.intervals) {
    auto it = second.intervals.find(kernel);
    if (it != second.intervals.end() && interval.second >= it->second.first)
      return false;
  }
  return true;
}
