//===- DFBLifecycle.cpp - DFB protocol lifecycles -------------------------===//

#include "ttl/Transforms/TTL/DFBLifecycle.h"
#include "ttl/Transforms/TTL/CoreEvaluation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>
#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// Enclosing control of an occurrence within its kernel.
struct Context {
  int64_t multiplier = 1; // product of constant trip counts
  /// Loops with non-constant trip counts: a stable loop class
  /// (ConditionIdentity::loopClassOf) is the same trip count in every kernel;
  /// a loop whose bounds are not stable is a trip count of its own in each
  /// kernel.
  SmallVector<std::pair<unsigned, scf::ForOp>> stableLoops;
  SmallVector<scf::ForOp> perKernelLoops;
  /// Loops with constant trip counts, whose iterations can be enumerated.
  SmallVector<scf::ForOp> constantLoops;
  SmallVector<std::pair<ConditionIdentity::FormulaId, bool>> guards;
  Operation *unknown = nullptr;       // enclosing control we cannot model
  Operation *outermostLoop = nullptr; // the occurrence spans this loop
};

/// Tiles pushed or popped by one occurrence in one kernel.
struct Term {
  Context context;
  int64_t tiles;
  KernelAttr kernel;
  Operation *site;
};

/// A product of symbolic trip counts (factor ids, sorted).
using Monomial = std::vector<unsigned>;
using Polynomial = std::map<Monomial, int64_t>;

/// Largest number of condition variables whose assignments are enumerated.
constexpr unsigned kMaxConditionVariables = 12;

/// Largest number of constant-loop iterations enumerated per occurrence to
/// count guards on loop indices exactly.
constexpr int64_t kMaxIterations = 4096;

/// Positions per op: an external call's effects are ordered inside it.
constexpr int64_t kSubPositions = 2 * CallExternFuncOp::kMaxEffects;

/// Largest number of constant-loop iterations enumerated for one DFB over
/// all cores of the grid (guards on both loop indices and coordinates).
constexpr int64_t kMaxCoreIterations = 64 * kMaxIterations;

/// True when `value` is computed (through any ops) from one of `roots`.
bool dependsOnAny(Value value, ArrayRef<Value> roots,
                  llvm::SmallPtrSetImpl<Operation *> &visited) {
  if (llvm::is_contained(roots, value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || !visited.insert(def).second)
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return dependsOnAny(operand, roots, visited);
  });
}

/// The trip count of `loop` on the core whose coordinates `core` gives, when
/// its bounds are known there and the step is positive.
std::optional<int64_t> tripCountOn(scf::ForOp loop, LeafValues core) {
  std::optional<int64_t> lb = evaluateInteger(loop.getLowerBound(), core);
  std::optional<int64_t> ub = evaluateInteger(loop.getUpperBound(), core);
  std::optional<int64_t> step = evaluateInteger(loop.getStep(), core);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  int64_t span;
  if (*ub <= *lb)
    return 0;
  if (llvm::SubOverflow(*ub, *lb, span))
    return std::nullopt;
  return (span - 1) / *step + 1;
}

/// The iterations of the nest `loops` (outermost first, each enclosing the
/// next) on the core whose coordinates `core` gives, when every bound is known
/// there once the indices of the enclosing loops are bound (a triangular nest
/// `for i in range(4): for j in range(i + 1)` runs 10). The iterations of all
/// loops but the innermost are enumerated, at most kMaxIterations of them and
/// only while `budget` iterations remain; the innermost trip count is summed.
std::optional<int64_t> nestIterations(ArrayRef<scf::ForOp> loops,
                                      LeafValues core, int64_t &budget,
                                      bool &starved) {
  llvm::DenseMap<Value, int64_t> bindings;
  auto leafValue = [&](Value value) -> std::optional<int64_t> {
    auto bound = bindings.find(value);
    if (bound != bindings.end())
      return bound->second;
    return core(value);
  };
  int64_t enumerated = 0, limit = std::min(kMaxIterations, budget);
  std::function<std::optional<int64_t>(unsigned)> count =
      [&](unsigned depth) -> std::optional<int64_t> {
    scf::ForOp loop = loops[depth];
    std::optional<int64_t> trips = tripCountOn(loop, leafValue);
    if (!trips || depth + 1 == loops.size())
      return trips;
    int64_t lb = *evaluateInteger(loop.getLowerBound(), leafValue);
    int64_t step = *evaluateInteger(loop.getStep(), leafValue);
    int64_t total = 0;
    for (int64_t k = 0; k < *trips; ++k) {
      if (++enumerated > limit) {
        starved |= budget < kMaxIterations;
        return std::nullopt;
      }
      bindings[loop.getInductionVar()] = lb + k * step;
      std::optional<int64_t> inner = count(depth + 1);
      if (!inner || llvm::AddOverflow(total, *inner, total))
        return std::nullopt;
    }
    return total;
  };
  std::optional<int64_t> total = count(0);
  if (total)
    budget -= enumerated;
  return total;
}

/// Groups the iterations of `loops` (their bounds known on the core whose
/// coordinates `core` gives once the enclosing loops' indices are bound,
/// outermost first, `multiplier` iterations in all) by the values
/// of `leaves` (i1 predicates) there: 1 / 0 when the core and the loop
/// indices decide a leaf, -1 otherwise. Leaves the core alone decides are
/// evaluated once; the iterations are enumerated only for others that depend
/// on the loop indices, and only while `budget` iterations remain (else
/// `starved` is set); else one group of all iterations.
///
/// Only the loops the leaves depend on are enumerated (with the loops their
/// bounds depend on, and every loop whose bounds depend on a loop index): a
/// loop none of them depends on runs the same trip count in every iteration
/// of the others and multiplies each group. A guard on block bounds around
/// an inner `for k in range(K)` is thus decided by enumerating the outer
/// loops only, whatever K is.
void countIterations(ArrayRef<scf::ForOp> loops, int64_t multiplier,
                     ArrayRef<Value> leaves, LeafValues core, int64_t &budget,
                     bool &starved,
                     std::map<std::vector<int8_t>, int64_t> &cases) {
  SmallVector<Value> indices;
  for (scf::ForOp loop : loops)
    indices.push_back(loop.getInductionVar());
  std::vector<int8_t> values;
  SmallVector<unsigned> undecided; // leaves the indices may decide
  for (auto [index, leaf] : llvm::enumerate(leaves)) {
    std::optional<int64_t> value = evaluateInteger(leaf, core);
    values.push_back(value ? (*value != 0) : -1);
    llvm::SmallPtrSet<Operation *, 8> visited;
    if (!value && dependsOnAny(leaf, indices, visited))
      undecided.push_back(index);
  }
  if (undecided.empty() || loops.empty() || multiplier == 0) {
    cases[values] += multiplier;
    return;
  }
  // The loops to enumerate, outermost first.
  auto dependsOn = [&](Value value, Value index) {
    llvm::SmallPtrSet<Operation *, 8> visited;
    return dependsOnAny(value, {index}, visited);
  };
  auto boundsDependOn = [&](scf::ForOp loop, ArrayRef<Value> roots) {
    return llvm::any_of(loop->getOperands().take_front(3), [&](Value bound) {
      llvm::SmallPtrSet<Operation *, 8> visited;
      return dependsOnAny(bound, roots, visited);
    });
  };
  SmallVector<scf::ForOp> nest(loops);
  SmallVector<bool> enumerate(nest.size(), false);
  for (unsigned i = 0; i < nest.size(); ++i) {
    Value index = nest[i].getInductionVar();
    enumerate[i] = boundsDependOn(nest[i], indices) ||
                   llvm::any_of(undecided, [&](unsigned leaf) {
                     return dependsOn(leaves[leaf], index);
                   });
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = 0; i < nest.size(); ++i) {
      if (enumerate[i])
        continue;
      // An enumerated loop's bounds use this loop's index.
      Value index = nest[i].getInductionVar();
      for (unsigned j = 0; j < nest.size(); ++j)
        if (enumerate[j] && boundsDependOn(nest[j], {index})) {
          enumerate[i] = changed = true;
          break;
        }
    }
  }
  // The others have bounds the core alone decides.
  int64_t repeat = 1;
  SmallVector<scf::ForOp> enumerated;
  for (unsigned i = 0; i < nest.size(); ++i) {
    if (enumerate[i]) {
      enumerated.push_back(nest[i]);
      continue;
    }
    std::optional<int64_t> trips = tripCountOn(nest[i], core);
    if (!trips || *trips == 0 || llvm::MulOverflow(repeat, *trips, repeat)) {
      cases[values] += multiplier;
      return;
    }
  }
  int64_t iterations = multiplier / repeat;
  if (iterations > kMaxIterations) {
    cases[values] += multiplier;
    return;
  }
  if (iterations > budget) {
    starved = true;
    cases[values] += multiplier;
    return;
  }
  budget -= iterations;
  llvm::DenseMap<Value, int64_t> bindings;
  auto leafValue = [&](Value value) -> std::optional<int64_t> {
    auto bound = bindings.find(value);
    if (bound != bindings.end())
      return bound->second;
    return core(value);
  };
  std::function<void(unsigned)> iterate = [&](unsigned depth) {
    if (depth == enumerated.size()) {
      for (unsigned index : undecided) {
        std::optional<int64_t> value =
            evaluateInteger(leaves[index], leafValue);
        values[index] = value ? (*value != 0) : -1;
      }
      cases[values] += repeat;
      return;
    }
    scf::ForOp loop = enumerated[depth];
    int64_t lb = *evaluateInteger(loop.getLowerBound(), leafValue);
    int64_t ub = *evaluateInteger(loop.getUpperBound(), leafValue);
    int64_t step = *evaluateInteger(loop.getStep(), leafValue);
    // At most kMaxIterations in all, so lb + k * step stays below ub.
    for (int64_t k = 0; k < kMaxIterations && lb + k * step < ub; ++k) {
      bindings[loop.getInductionVar()] = lb + k * step;
      iterate(depth + 1);
    }
  };
  iterate(0);
}

class Analyzer {
public:
  Analyzer(func::FuncOp func, const Ownership &ownership,
           ConditionIdentity &conditions)
      : func(func), ownership(ownership), conditions(conditions) {}

  FailureOr<std::vector<DFBLifecycle>> run();

private:
  struct State {
    DFBLifecycle lifecycle;
    std::vector<Term> produced, consumed;
    /// A transaction released in nested control: (acquire, release).
    std::optional<std::pair<Operation *, Operation *>> nestedRelease;
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
  /// Error: the balance of `state` cannot be proven because `reason`; notes
  /// at `sites` (producers first) and `fix` as the last sentence.
  LogicalResult
  unprovable(State &state, const Twine &reason,
             ArrayRef<std::pair<Operation *, std::string>> notes,
             StringRef fix);

  func::FuncOp func;
  const Ownership &ownership;
  ConditionIdentity &conditions;
  llvm::DenseMap<Operation *, int64_t> position, last;
  llvm::MapVector<Value, State> states;
};

std::string locationText(Operation *op) {
  return describeLocation(op->getLoc());
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

LogicalResult Analyzer::unprovable(
    State &state, const Twine &reason,
    ArrayRef<std::pair<Operation *, std::string>> notes, StringRef fix) {
  state.lifecycle.balance = DFBLifecycle::Balance::Unprovable;
  state.lifecycle.balanceDetail = reason.str();
  InFlightDiagnostic diag =
      state.lifecycle.op.emitError(
          "cannot prove the DFB protocol balanced across kernels: ")
      << state.lifecycle.balanceDetail << "; " << fix;
  for (const auto &[op, text] : notes)
    diag.attachNote(op->getLoc()) << text;
  return failure();
}

LogicalResult Analyzer::checkBalance(State &state) {
  DFBLifecycle &lifecycle = state.lifecycle;
  using Balance = DFBLifecycle::Balance;
  using Notes = SmallVector<std::pair<Operation *, std::string>>;
  if (lifecycle.opaque) {
    // Valid by the spec; nothing beyond the known occurrences is checked.
    lifecycle.balance = Balance::Unchecked;
    lifecycle.balanceDetail = "an occurrence is opaque";
    return success();
  }
  if (state.nestedRelease) {
    auto [acquire, release] = *state.nestedRelease;
    return unprovable(
        state,
        "a block is released inside a branch or loop nested in the region "
        "that acquired it, so its transactions cannot be counted",
        Notes{{acquire, "acquired here"}, {release, "released here"}},
        "release every block exactly once in the region that acquires it "
        "(a `with dfb.reserve()` / `with dfb.wait()` block does this)");
  }
  if (lifecycle.producers.empty() && lifecycle.consumers.empty()) {
    lifecycle.balance = Balance::Proven;
    lifecycle.balanceDetail = "unused";
    return success();
  }
  if (lifecycle.producers.empty() || lifecycle.consumers.empty()) {
    // One side only: the other is not in this operation's protocol, so there
    // is nothing to balance here (and no index reuse).
    lifecycle.balance = Balance::Unchecked;
    lifecycle.balanceDetail = lifecycle.producers.empty()
                                  ? "no producer in this operation"
                                  : "no consumer in this operation";
    return success();
  }

  auto siteText = [](bool producer, const Twine &why) {
    return (Twine(producer ? "produced" : "consumed") + " here" + why).str();
  };
  // Control the analysis does not model.
  for (bool producer : {true, false})
    for (const Term &term : producer ? state.produced : state.consumed)
      if (Operation *control = term.context.unknown)
        return unprovable(
            state,
            Twine("an occurrence is inside '") +
                control->getName().getStringRef() +
                "', control whose execution count the compiler cannot relate "
                "across kernels",
            Notes{{term.site, siteText(producer, "")},
                  {control, "inside this"}},
            "move the DFB traffic out of it, or use `for` over a range and "
            "`if`");

  // Enumeration slots: one per condition variable shared by every kernel,
  // one per (per-kernel variable, kernel) since each kernel evaluates such a
  // value on its own. Factors of the symbolic trip counts: one per stable
  // loop class, one per (per-kernel loop, kernel).
  using KernelKey = const void *;
  std::map<std::pair<unsigned, KernelKey>, unsigned> slots;
  SmallVector<std::pair<unsigned, KernelKey>> slotVariables;
  std::map<std::tuple<unsigned, Operation *, KernelKey>, unsigned> factors;
  SmallVector<Operation *> factorLoops;
  struct Resolved {
    const Term *term = nullptr;
    bool producer = false;
    /// Factors of the per-kernel loops, and of the stable loops with their
    /// loop (known trip counts on a core of a static grid drop out).
    /// Loops each kernel bounds on its own (explicit threads computing
    /// `count` from ttl.node) and loops of a stable class; on a static grid
    /// either may still have a trip count the core alone decides.
    SmallVector<std::pair<unsigned, scf::ForOp>> perKernelFactors;
    SmallVector<std::pair<unsigned, scf::ForOp>> stableFactors;
    bool perKernelGuard = false, perKernelLoop = false;
    /// Stable leaves of the guards, and all their leaves.
    SmallVector<Value> stableLeaves;
    SmallVector<std::pair<unsigned, Value>> guardLeaves;
  };
  std::vector<Resolved> resolved;
  /// On one core: the symbolic trip counts of an occurrence (the factors of
  /// the loops whose counts the core does not decide), and the iterations
  /// of its other loops grouped by the values of its stable leaves there
  /// (1 / 0, or -1 where the core and the indices do not decide it), with
  /// their number.
  using Cases = std::map<std::vector<int8_t>, int64_t>;
  using OnCore = std::pair<Monomial, Cases>;
  /// Cores on which every occurrence has the same monomial and cases.
  struct CoreGroup {
    /// A core of the group, when the grid is evaluated per core.
    std::optional<std::pair<int64_t, int64_t>> example;
    std::vector<OnCore> cases; // per resolved entry
  };
  auto factorOf = [&](std::tuple<unsigned, Operation *, KernelKey> key,
                      Operation *loop) {
    auto [it, inserted] = factors.try_emplace(key, factors.size());
    if (inserted)
      factorLoops.push_back(loop);
    return it->second;
  };
  for (bool producer : {true, false})
    for (const Term &term : producer ? state.produced : state.consumed) {
      KernelKey kernel = term.kernel.getAsOpaquePointer();
      Resolved entry;
      entry.term = &term;
      entry.producer = producer;
      SmallVector<std::pair<unsigned, Value>> leaves;
      for (auto [formula, polarity] : term.context.guards)
        conditions.collectLeaves(formula, leaves);
      for (auto [variable, leaf] : leaves)
        if (!conditions.isDeclaration(variable) &&
            !conditions.isPerKernel(variable))
          entry.stableLeaves.push_back(leaf);
      // Any loop of a class names the factor: equal classes run the same
      // iterations.
      for (auto [loopClass, loop] : term.context.stableLoops)
        entry.stableFactors.push_back(
            {factorOf({loopClass, nullptr, nullptr}, loop), loop});
      for (scf::ForOp loop : term.context.perKernelLoops) {
        entry.perKernelLoop = true;
        entry.perKernelFactors.push_back(
            {factorOf({0, loop, kernel}, loop), loop});
      }
      resolved.push_back(std::move(entry));
    }

  // Stable leaves over coordinates are known functions of the core on a
  // static grid: the cores are grouped by the values of every occurrence's
  // leaves (per constant-loop iteration), and each group is checked.
  std::optional<StaticGrid> grid = staticGridOf(func);
  bool perCore = false;
  if (grid && grid->numCores() > 1) {
    llvm::DenseMap<Value, bool> dependence;
    perCore = llvm::any_of(resolved, [&](const Resolved &entry) {
      return llvm::any_of(entry.stableLeaves,
                          [&](Value leaf) {
                            return dependsOnNode(leaf, dependence);
                          }) ||
             llvm::any_of(llvm::concat<const std::pair<unsigned, scf::ForOp>>(
                              entry.stableFactors, entry.perKernelFactors),
                          [&](auto factor) {
                            return llvm::any_of(
                                factor.second->getOperands(), [&](Value bound) {
                                  return dependsOnNode(bound, dependence);
                                });
                          });
    });
  }
  std::vector<CoreGroup> groups;
  std::map<std::vector<OnCore>, unsigned> groupOf;
  // Enumeration work for this DFB over all cores. A core is analysed at one
  // precision for all its occurrences: when the budget runs out part way
  // through a core, the core is analysed again without enumeration (and the
  // budget is spent), so a producer and a consumer under the same guards are
  // never counted one exactly and the other symbolically, which would report
  // a balanced protocol as unbalanced.
  int64_t budget = kMaxCoreIterations;
  auto casesOn = [&](LeafValues core, int64_t &budget, bool &starved) {
    std::vector<OnCore> cases(resolved.size());
    for (auto [entry, onCore] : llvm::zip(resolved, cases)) {
      const Context &context = entry.term->context;
      SmallVector<scf::ForOp> loops(context.constantLoops);
      int64_t multiplier = context.multiplier;
      Monomial &monomial = onCore.first;
      monomial.clear();
      // Loops whose bounds the core alone does not decide.
      SmallVector<std::pair<unsigned, scf::ForOp>> undecided;
      for (auto [factor, loop] : llvm::concat<const std::pair<unsigned, scf::ForOp>>(
               entry.stableFactors, entry.perKernelFactors)) {
        std::optional<int64_t> trips = tripCountOn(loop, core);
        int64_t product;
        if (trips && !llvm::MulOverflow(multiplier, *trips, product)) {
          multiplier = product;
          loops.push_back(loop);
        } else {
          undecided.push_back({factor, loop});
        }
      }
      // Outermost first, so that inner bounds see the indices of the loops
      // enclosing them.
      for (auto [factor, loop] : undecided)
        loops.push_back(loop);
      llvm::sort(loops, [](scf::ForOp a, scf::ForOp b) {
        return a->isProperAncestor(b);
      });
      // Bounds over enclosing loop indices (a triangular nest): counted by
      // enumerating the enclosing iterations; else symbolic trip counts.
      std::optional<int64_t> nested;
      if (!undecided.empty())
        nested = nestIterations(loops, core, budget, starved);
      if (nested) {
        multiplier = *nested;
      } else {
        for (auto [factor, loop] : undecided) {
          monomial.push_back(factor);
          loops.erase(llvm::find(loops, loop));
        }
      }
      llvm::sort(monomial);
      countIterations(loops, multiplier, entry.stableLeaves, core, budget,
                      starved, onCore.second);
    }
    return cases;
  };
  auto addCore = [&](int64_t x, int64_t y) {
    auto core = [&](Value value) -> std::optional<int64_t> {
      if (!grid)
        return std::nullopt;
      return coordinateValue(value, x, y, *grid);
    };
    bool starved = false;
    std::vector<OnCore> cases = casesOn(core, budget, starved);
    if (starved) {
      budget = 0;
      cases = casesOn(core, budget, starved);
    }
    if (!groupOf.try_emplace(cases, groups.size()).second)
      return;
    CoreGroup group;
    if (perCore)
      group.example = {x, y};
    group.cases = std::move(cases);
    groups.push_back(std::move(group));
  };
  if (perCore) {
    for (int64_t y = 0; y < grid->rows; ++y)
      for (int64_t x = 0; x < grid->cols; ++x)
        addCore(x, y);
  } else {
    addCore(0, 0);
  }

  for (auto [entryIndex, entry] : llvm::enumerate(resolved)) {
    KernelKey kernel = entry.term->kernel.getAsOpaquePointer();
    SmallVector<std::pair<unsigned, Value>> &leaves = entry.guardLeaves;
    for (auto [formula, polarity] : entry.term->context.guards)
      conditions.collectLeaves(formula, leaves);
    for (auto [variable, leaf] : leaves) {
      bool perKernel = conditions.isPerKernel(variable);
      entry.perKernelGuard |= perKernel;
      // A stable leaf that the core and the loop indices decide in every
      // iteration needs no enumeration.
      auto index =
          llvm::find(entry.stableLeaves, leaf) - entry.stableLeaves.begin();
      if (index < static_cast<int64_t>(entry.stableLeaves.size()) &&
          llvm::all_of(groups, [&](const CoreGroup &group) {
            return llvm::none_of(group.cases[entryIndex].second,
                                 [&](const auto &entryCase) {
                                   return entryCase.first[index] < 0;
                                 });
          }))
        continue;
      std::pair<unsigned, KernelKey> key{variable,
                                         perKernel ? kernel : nullptr};
      if (slots.try_emplace(key, slots.size()).second)
        slotVariables.push_back(key);
    }
  }
  if (slots.size() > kMaxConditionVariables)
    return unprovable(
        state,
        Twine("its producers and consumers are guarded by ") +
            Twine(slots.size()) + " distinct conditions; at most " +
            Twine(kMaxConditionVariables) + " are analysed",
        {}, "guard the DFB traffic with fewer distinct conditions");

  SmallVector<bool> assignment(slots.size(), false);
  const CoreGroup *group = nullptr;
  auto total = [&](bool producer) {
    Polynomial result;
    for (auto [entryIndex, entry] : llvm::enumerate(resolved)) {
      if (entry.producer != producer)
        continue;
      const Term &term = *entry.term;
      KernelKey kernel = term.kernel.getAsOpaquePointer();
      const auto &[monomial, cases] = group->cases[entryIndex];
      for (const auto &[values, iterations] : cases) {
        auto valueOf = [&](unsigned variable, Value leaf) {
          auto index = llvm::find(entry.stableLeaves, leaf) -
                       entry.stableLeaves.begin();
          if (index < static_cast<int64_t>(values.size()) && values[index] >= 0)
            return values[index] == 1;
          bool perKernel = conditions.isPerKernel(variable);
          return assignment[slots.at({variable, perKernel ? kernel : nullptr})];
        };
        bool active = llvm::all_of(term.context.guards, [&](auto guard) {
          return conditions.evaluate(guard.first, valueOf) == guard.second;
        });
        if (active)
          result[monomial] += term.tiles * iterations;
      }
    }
    for (auto it = result.begin(); it != result.end();)
      it = it->second == 0 ? result.erase(it) : std::next(it);
    return result;
  };
  auto print = [&](const Polynomial &p) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (p.empty())
      os << "0";
    for (auto [i, entry] : llvm::enumerate(p)) {
      os << (i ? " + " : "") << entry.second;
      for (unsigned factor : entry.first)
        os << " x (trip count of the loop at "
           << locationText(factorLoops[factor]) << ")";
    }
    return text;
  };
  std::optional<std::string> mismatch;
  bool declarationsOnly = true, symbolic = false;
  for (const CoreGroup &candidate : groups) {
    group = &candidate;
    // The slots this group's outcome depends on: every declaration and
    // per-kernel value, and the stable leaves the group's core does not
    // decide in every iteration.
    SmallVector<bool> relevant(slots.size(), false);
    for (auto [entryIndex, entry] : llvm::enumerate(resolved)) {
      KernelKey kernel = entry.term->kernel.getAsOpaquePointer();
      for (auto [variable, leaf] : entry.guardLeaves) {
        bool perKernel = conditions.isPerKernel(variable);
        auto slot = slots.find({variable, perKernel ? kernel : nullptr});
        if (slot == slots.end())
          continue;
        auto index =
            llvm::find(entry.stableLeaves, leaf) - entry.stableLeaves.begin();
        bool stable =
            index < static_cast<int64_t>(entry.stableLeaves.size());
        relevant[slot->second] =
            relevant[slot->second] || !stable ||
            llvm::any_of(group->cases[entryIndex].second,
                         [&](const auto &entryCase) {
                           return entryCase.first[index] < 0;
                         });
      }
    }
    for (uint64_t bits = 0; bits < (uint64_t(1) << slots.size()); ++bits) {
      for (unsigned i = 0; i < slots.size(); ++i)
        assignment[i] = (bits >> i) & 1;
      Polynomial pushed = total(true), popped = total(false);
      if (pushed == popped)
        continue;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "producers push " << print(pushed) << " tiles but consumers pop "
         << print(popped) << " tiles";
      if (group->example)
        os << " on core (" << group->example->first << ", "
           << group->example->second << ")";
      const char *separator = " when ";
      for (auto [i, key] : llvm::enumerate(slotVariables)) {
        if (!relevant[i])
          continue;
        declarationsOnly &= conditions.isDeclaration(key.first);
        os << separator;
        separator = ", ";
        if (conditions.isDeclaration(key.first))
          os << "condition " << conditions.printVariable(key.first);
        else
          os << "the condition at "
             << describeLocation(conditions.predicateOf(key.first).getLoc());
        os << " is " << (assignment[i] ? "true" : "false");
        if (key.second)
          os << " in " << describe(cast<KernelAttr>(
                              Attribute::getFromOpaquePointer(key.second)));
      }
      for (auto *polynomial : {&pushed, &popped})
        for (const auto &[monomial, count] : *polynomial)
          symbolic |= !monomial.empty();
      mismatch = text;
      break;
    }
    if (mismatch)
      break;
  }
  if (!mismatch) {
    lifecycle.balance = Balance::Proven;
    lifecycle.balanceDetail = "balanced";
    return success();
  }
  if (declarationsOnly && !symbolic) {
    lifecycle.balance = Balance::Unbalanced;
    lifecycle.balanceDetail = *mismatch;
    InFlightDiagnostic diag =
        lifecycle.op.emitError("unbalanced DFB protocol across kernels: ")
        << *mismatch;
    for (const Resolved &entry : resolved)
      diag.attachNote(entry.term->site->getLoc())
          << (entry.producer ? "produced here" : "consumed here");
    return failure();
  }

  // Not provable: say which occurrences the compiler could not relate (those
  // `only` marks, or all of them).
  auto notesFor = [&](bool Resolved::*only, StringRef why) {
    Notes notes;
    for (const Resolved &entry : resolved)
      if (!only || entry.*only)
        notes.push_back(
            {entry.term->site,
             siteText(entry.producer,
                      Twine(" by ") + describe(entry.term->kernel) + why)});
    return notes;
  };
  bool perKernelGuard = llvm::any_of(
      resolved, [](const Resolved &entry) { return entry.perKernelGuard; });
  bool perKernelLoop = llvm::any_of(
      resolved, [](const Resolved &entry) { return entry.perKernelLoop; });
  if (perKernelGuard)
    return unprovable(
        state,
        "an occurrence is guarded by a condition without dispatch-stable "
        "identity (such as an ordinary external-call result), which each "
        "kernel evaluates separately, so the producing and consuming kernels "
        "may take different branches",
        notesFor(&Resolved::perKernelGuard,
                 ", under a condition that kernel evaluates on its own"),
        "declare the condition with ttl.DispatchCondition and evaluate it "
        "with call_extern_func(..., condition_result=...) in each kernel, "
        "guard with values every kernel computes alike (constants, ttl.node, "
        "loop indices), or move the DFB traffic out of the conditional");
  if (perKernelLoop)
    return unprovable(
        state,
        "an occurrence is in a loop whose trip count is not provably the "
        "same for the producing and consuming kernels",
        notesFor(&Resolved::perKernelLoop,
                 ", in a loop whose trip count that kernel computes on its "
                 "own"),
        "use loop bounds every kernel computes alike (constants, t.shape, "
        "ttl.node, ttl.grid_size), or a static count");
  return unprovable(
      state,
      *mismatch + " (the compiler relates only identical conditions and "
                  "loop bounds, and treats different ones as independent)",
      notesFor(nullptr, ""),
      "guard the producer and the consumer with the same condition and "
      "loop bounds, or balance them unconditionally");
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
