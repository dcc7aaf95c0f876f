//===- DFBBalance.cpp - DFB protocol balance across kernels ---------------===//
//
// Counting, enumeration and diagnosis of a DFB's balance (DFBBalance.h).
//
//===----------------------------------------------------------------------===//

#include "DFBBalance.h"

#include "ttl/Transforms/TTL/CoreEvaluation.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <functional>
#include <map>

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::detail;

namespace {

/// A product of symbolic trip counts (factor ids, sorted).
using Monomial = std::vector<unsigned>;
using Polynomial = std::map<Monomial, int64_t>;

/// Largest number of condition variables whose assignments are enumerated.
constexpr unsigned kMaxConditionVariables = 12;

/// Largest number of constant-loop iterations enumerated per occurrence to
/// count guards on loop indices exactly.
constexpr int64_t kMaxIterations = 4096;

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

using Notes = SmallVector<std::pair<Operation *, std::string>>;
using KernelKey = const void *;

/// On one core: the symbolic trip counts of an occurrence (the factors of
/// the loops whose counts the core does not decide), and the iterations of
/// its other loops grouped by the values of its stable leaves there (1 / 0,
/// or -1 where the core and the indices do not decide it), with their number.
using Cases = std::map<std::vector<int8_t>, int64_t>;
using OnCore = std::pair<Monomial, Cases>;

/// One occurrence, counted: its term with the factors of its loops and the
/// leaves of its guards.
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

  /// Index of `leaf` among the stable leaves, or none.
  std::optional<size_t> stableIndexOf(Value leaf) const {
    auto it = llvm::find(stableLeaves, leaf);
    if (it == stableLeaves.end())
      return std::nullopt;
    return it - stableLeaves.begin();
  }
};

/// Cores on which every occurrence has the same monomial and cases.
struct CoreGroup {
  /// A core of the group, when the grid is evaluated per core.
  std::optional<std::pair<int64_t, int64_t>> example;
  std::vector<OnCore> cases; // per resolved entry
};

/// Pushed and popped tiles that differ under one assignment of the
/// conditions on one group of cores.
struct Mismatch {
  std::string text;
  /// Only dispatch-condition declarations decided it, and no count is
  /// symbolic: the protocol is provably unbalanced.
  bool declarationsOnly = true;
  bool symbolic = false;
};

class BalanceCheck {
public:
  BalanceCheck(func::FuncOp func, ConditionIdentity &conditions,
               const Occurrences &occurrences, DFBLifecycle &lifecycle)
      : func(func), conditions(conditions), occurrences(occurrences),
        lifecycle(lifecycle) {}

  LogicalResult run();

private:
  // Counting.
  /// The verdict when it needs no counting (opaque, nested release, one
  /// side only, control the analysis does not model).
  std::optional<LogicalResult> decideWithoutCounting();
  void resolveOccurrences();
  unsigned factorOf(std::tuple<unsigned, Operation *, KernelKey> key,
                    Operation *loop);

  // Enumeration.
  std::vector<OnCore> casesOn(LeafValues core, int64_t &budget,
                              bool &starved);
  void groupCores();
  /// Slots for the condition variables whose values the cores and loop
  /// indices leave undecided; fails when there are too many.
  LogicalResult allocateSlots();
  Polynomial total(bool producer, const CoreGroup &group,
                   ArrayRef<bool> assignment);
  std::optional<Mismatch> findMismatch();

  // Diagnosis.
  std::string print(const Polynomial &p) const;
  LogicalResult diagnose(const Mismatch &mismatch);
  Notes notesFor(bool Resolved::*only, StringRef why) const;
  LogicalResult unprovable(const Twine &reason, ArrayRef<Notes::value_type> notes,
                           StringRef fix);

  func::FuncOp func;
  ConditionIdentity &conditions;
  const Occurrences &occurrences;
  DFBLifecycle &lifecycle;

  std::vector<Resolved> resolved;
  /// Enumeration slots: one per condition variable shared by every kernel,
  /// one per (per-kernel variable, kernel) since each kernel evaluates such
  /// a value on its own. Factors of the symbolic trip counts: one per stable
  /// loop class, one per (per-kernel loop, kernel).
  std::map<std::pair<unsigned, KernelKey>, unsigned> slots;
  SmallVector<std::pair<unsigned, KernelKey>> slotVariables;
  std::map<std::tuple<unsigned, Operation *, KernelKey>, unsigned> factors;
  SmallVector<Operation *> factorLoops;
  std::vector<CoreGroup> groups;
};

std::string siteText(bool producer, const Twine &why) {
  return (Twine(producer ? "produced" : "consumed") + " here" + why).str();
}

LogicalResult BalanceCheck::unprovable(const Twine &reason,
                                       ArrayRef<Notes::value_type> notes,
                                       StringRef fix) {
  lifecycle.balance = DFBLifecycle::Balance::Unprovable;
  lifecycle.balanceDetail = reason.str();
  InFlightDiagnostic diag =
      lifecycle.op.emitError(
          "cannot prove the DFB protocol balanced across kernels: ")
      << lifecycle.balanceDetail << "; " << fix;
  for (const auto &[op, text] : notes)
    diag.attachNote(op->getLoc()) << text;
  return failure();
}

std::optional<LogicalResult> BalanceCheck::decideWithoutCounting() {
  using Balance = DFBLifecycle::Balance;
  if (lifecycle.opaque) {
    // Valid by the spec; nothing beyond the known occurrences is checked.
    lifecycle.balance = Balance::Unchecked;
    lifecycle.balanceDetail = "an occurrence is opaque";
    return success();
  }
  if (occurrences.nestedRelease) {
    auto [acquire, release] = *occurrences.nestedRelease;
    return unprovable(
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
  // Control the analysis does not model.
  for (bool producer : {true, false})
    for (const Term &term :
         producer ? occurrences.produced : occurrences.consumed)
      if (Operation *control = term.context.unknown)
        return unprovable(
            Twine("an occurrence is inside '") +
                control->getName().getStringRef() +
                "', control whose execution count the compiler cannot relate "
                "across kernels",
            Notes{{term.site, siteText(producer, "")},
                  {control, "inside this"}},
            "move the DFB traffic out of it, or use `for` over a range and "
            "`if`");
  return std::nullopt;
}

unsigned BalanceCheck::factorOf(
    std::tuple<unsigned, Operation *, KernelKey> key, Operation *loop) {
  auto [it, inserted] = factors.try_emplace(key, factors.size());
  if (inserted)
    factorLoops.push_back(loop);
  return it->second;
}

void BalanceCheck::resolveOccurrences() {
  for (bool producer : {true, false})
    for (const Term &term :
         producer ? occurrences.produced : occurrences.consumed) {
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
}

std::vector<OnCore> BalanceCheck::casesOn(LeafValues core, int64_t &budget,
                                          bool &starved) {
  std::vector<OnCore> cases(resolved.size());
  for (auto [entry, onCore] : llvm::zip(resolved, cases)) {
    const Context &context = entry.term->context;
    SmallVector<scf::ForOp> loops(context.constantLoops);
    int64_t multiplier = context.multiplier;
    Monomial &monomial = onCore.first;
    monomial.clear();
    // Loops whose bounds the core alone does not decide.
    SmallVector<std::pair<unsigned, scf::ForOp>> undecided;
    for (auto [factor, loop] :
         llvm::concat<const std::pair<unsigned, scf::ForOp>>(
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
}

void BalanceCheck::groupCores() {
  // Stable leaves over coordinates are known functions of the core on a
  // static grid: the cores are grouped by the values of every occurrence's
  // leaves (per constant-loop iteration), and each group is checked.
  std::optional<StaticGrid> grid = staticGridOf(func);
  bool perCore = false;
  if (grid && grid->numCores() > 1) {
    llvm::DenseMap<Value, bool> dependence;
    auto onNode = [&](Value value) { return dependsOnNode(value, dependence); };
    perCore = llvm::any_of(resolved, [&](const Resolved &entry) {
      return llvm::any_of(entry.stableLeaves, onNode) ||
             llvm::any_of(
                 llvm::concat<const std::pair<unsigned, scf::ForOp>>(
                     entry.stableFactors, entry.perKernelFactors),
                 [&](auto factor) {
                   return llvm::any_of(factor.second->getOperands(), onNode);
                 });
    });
  }
  std::map<std::vector<OnCore>, unsigned> groupOf;
  // Enumeration work for this DFB over all cores. A core is analysed at one
  // precision for all its occurrences: when the budget runs out part way
  // through a core, the core is analysed again without enumeration (and the
  // budget is spent), so a producer and a consumer under the same guards are
  // never counted one exactly and the other symbolically, which would report
  // a balanced protocol as unbalanced.
  int64_t budget = kMaxCoreIterations;
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
}

LogicalResult BalanceCheck::allocateSlots() {
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
      std::optional<size_t> index = entry.stableIndexOf(leaf);
      if (index && llvm::all_of(groups, [&](const CoreGroup &group) {
            return llvm::none_of(group.cases[entryIndex].second,
                                 [&](const auto &entryCase) {
                                   return entryCase.first[*index] < 0;
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
        Twine("its producers and consumers are guarded by ") +
            Twine(slots.size()) + " distinct conditions; at most " +
            Twine(kMaxConditionVariables) + " are analysed",
        {}, "guard the DFB traffic with fewer distinct conditions");
  return success();
}

Polynomial BalanceCheck::total(bool producer, const CoreGroup &group,
                               ArrayRef<bool> assignment) {
  Polynomial result;
  for (auto [entryIndex, entry] : llvm::enumerate(resolved)) {
    if (entry.producer != producer)
      continue;
    const Term &term = *entry.term;
    KernelKey kernel = term.kernel.getAsOpaquePointer();
    const auto &[monomial, cases] = group.cases[entryIndex];
    for (const auto &[values, iterations] : cases) {
      auto valueOf = [&](unsigned variable, Value leaf) {
        std::optional<size_t> index = entry.stableIndexOf(leaf);
        if (index && *index < values.size() && values[*index] >= 0)
          return values[*index] == 1;
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
}

std::string BalanceCheck::print(const Polynomial &p) const {
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
}

std::optional<Mismatch> BalanceCheck::findMismatch() {
  SmallVector<bool> assignment(slots.size(), false);
  for (const CoreGroup &group : groups) {
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
        std::optional<size_t> index = entry.stableIndexOf(leaf);
        relevant[slot->second] =
            relevant[slot->second] || !index ||
            llvm::any_of(group.cases[entryIndex].second,
                         [&](const auto &entryCase) {
                           return entryCase.first[*index] < 0;
                         });
      }
    }
    for (uint64_t bits = 0; bits < (uint64_t(1) << slots.size()); ++bits) {
      for (unsigned i = 0; i < slots.size(); ++i)
        assignment[i] = (bits >> i) & 1;
      Polynomial pushed = total(true, group, assignment);
      Polynomial popped = total(false, group, assignment);
      if (pushed == popped)
        continue;
      Mismatch mismatch;
      llvm::raw_string_ostream os(mismatch.text);
      os << "producers push " << print(pushed) << " tiles but consumers pop "
         << print(popped) << " tiles";
      if (group.example)
        os << " on core (" << group.example->first << ", "
           << group.example->second << ")";
      const char *separator = " when ";
      for (auto [i, key] : llvm::enumerate(slotVariables)) {
        if (!relevant[i])
          continue;
        mismatch.declarationsOnly &= conditions.isDeclaration(key.first);
        os << separator;
        separator = ", ";
        if (conditions.isDeclaration(key.first))
          os << "condition " << conditions.printVariable(key.first);
        else
          os << "the condition at "
             << describeLocation(conditions.predicateOf(key.first).getLoc());
        os << " is " << (assignment[i] ? "true" : "false");
        if (key.second)
          os << " in "
             << describe(cast<KernelAttr>(
                    Attribute::getFromOpaquePointer(key.second)));
      }
      for (auto *polynomial : {&pushed, &popped})
        for (const auto &[monomial, count] : *polynomial)
          mismatch.symbolic |= !monomial.empty();
      return mismatch;
    }
  }
  return std::nullopt;
}

Notes BalanceCheck::notesFor(bool Resolved::*only, StringRef why) const {
  Notes notes;
  for (const Resolved &entry : resolved)
    if (!only || entry.*only)
      notes.push_back(
          {entry.term->site,
           siteText(entry.producer,
                    Twine(" by ") + describe(entry.term->kernel) + why)});
  return notes;
}

LogicalResult BalanceCheck::diagnose(const Mismatch &mismatch) {
  if (mismatch.declarationsOnly && !mismatch.symbolic) {
    lifecycle.balance = DFBLifecycle::Balance::Unbalanced;
    lifecycle.balanceDetail = mismatch.text;
    InFlightDiagnostic diag =
        lifecycle.op.emitError("unbalanced DFB protocol across kernels: ")
        << mismatch.text;
    for (const Resolved &entry : resolved)
      diag.attachNote(entry.term->site->getLoc())
          << (entry.producer ? "produced here" : "consumed here");
    return failure();
  }
  // Not provable: say which occurrences the compiler could not relate (those
  // `only` marks, or all of them).
  auto any = [&](bool Resolved::*flag) {
    return llvm::any_of(resolved,
                        [&](const Resolved &entry) { return entry.*flag; });
  };
  if (any(&Resolved::perKernelGuard))
    return unprovable(
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
  if (any(&Resolved::perKernelLoop))
    return unprovable(
        "an occurrence is in a loop whose trip count is not provably the "
        "same for the producing and consuming kernels",
        notesFor(&Resolved::perKernelLoop,
                 ", in a loop whose trip count that kernel computes on its "
                 "own"),
        "use loop bounds every kernel computes alike (constants, t.shape, "
        "ttl.node, ttl.grid_size), or a static count");
  return unprovable(
      mismatch.text + " (the compiler relates only identical conditions and "
                      "loop bounds, and treats different ones as independent)",
      notesFor(nullptr, ""),
      "guard the producer and the consumer with the same condition and "
      "loop bounds, or balance them unconditionally");
}

LogicalResult BalanceCheck::run() {
  if (std::optional<LogicalResult> verdict = decideWithoutCounting())
    return *verdict;
  resolveOccurrences();
  groupCores();
  if (failed(allocateSlots()))
    return failure();
  std::optional<Mismatch> mismatch = findMismatch();
  if (!mismatch) {
    lifecycle.balance = DFBLifecycle::Balance::Proven;
    lifecycle.balanceDetail = "balanced";
    return success();
  }
  return diagnose(*mismatch);
}

} // namespace

LogicalResult mlir::ttl::detail::checkBalance(func::FuncOp func,
                                              ConditionIdentity &conditions,
                                              const Occurrences &occurrences,
                                              DFBLifecycle &lifecycle) {
  return BalanceCheck(func, conditions, occurrences, lifecycle).run();
}
