//===- SpecializeCores.cpp - clone kernels per core subset ----------------===//
//
// For a kernel of an operation with a static grid: every i1 comparison whose
// operands depend only on the core coordinate (ttl.node), the grid extents
// (ttl.grid_size) and constants is evaluated on every core. Cores with the
// same outcomes form a subset; each subset gets its own clone of the kernel
// with the comparisons folded (and a coordinate that is constant on the
// subset folded too), and records its core rectangles. The comparisons that
// split the grid are bounded to at most `max-clones` subsets (by axis:
// column, row or both); the others stay runtime branches, decided in a clone
// only where they have one value on all its cores. The branches the
// folded comparisons decide are then folded away in each clone, before the
// pass ends: a copy in a branch the clone's cores never run may address a
// tile that the folded coordinate puts outside its tensor, which the op's
// verifier (run after every pass) would reject.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"
#include "ttl/Transforms/TTL/CoreEvaluation.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <map>

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLSPECIALIZECORES
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

using Core = std::pair<int64_t, int64_t>; // (x, y)

/// Evaluates coordinate expressions on one core (shared with the DFB
/// lifecycle proof); nullopt when a value depends on anything else.
struct CoordinateEvaluator {
  CoordinateEvaluator(int64_t x, int64_t y, int64_t cols, int64_t rows)
      : x(x), y(y), grid{cols, rows} {}

  int64_t x, y;
  StaticGrid grid;
  DenseMap<Value, std::optional<int64_t>> memo;

  std::optional<int64_t> eval(Value value) {
    return evaluateInteger(
        value,
        [&](Value leaf) { return coordinateValue(leaf, x, y, grid); }, &memo);
  }
};

/// Inclusive rectangles [x0, y0, x1, y1] covering exactly `cores`.
ArrayAttr coverWithRectangles(Builder &b, const std::set<Core> &cores) {
  std::set<Core> left = cores;
  SmallVector<Attribute> ranges;
  // Row-major order: y first, then x.
  std::vector<Core> ordered(cores.begin(), cores.end());
  llvm::sort(ordered, [](Core a, Core b) {
    return std::tie(a.second, a.first) < std::tie(b.second, b.first);
  });
  for (Core start : ordered) {
    if (!left.count(start))
      continue;
    auto [x0, y0] = start;
    int64_t x1 = x0;
    while (left.count({x1 + 1, y0}))
      ++x1;
    int64_t y1 = y0;
    auto rowFree = [&](int64_t y) {
      for (int64_t x = x0; x <= x1; ++x)
        if (!left.count({x, y}))
          return false;
      return true;
    };
    while (rowFree(y1 + 1))
      ++y1;
    for (int64_t y = y0; y <= y1; ++y)
      for (int64_t x = x0; x <= x1; ++x)
        left.erase({x, y});
    ranges.push_back(CoreRangeAttr::get(b.getContext(), x0, y0, x1, y1));
  }
  return b.getArrayAttr(ranges);
}

bool hasOnlySingleBlockRegions(Operation *root) {
  return !root
              ->walk([](Operation *op) {
                for (Region &region : op->getRegions())
                  if (!region.hasOneBlock() && !region.empty())
                    return WalkResult::interrupt();
                return WalkResult::advance();
              })
              .wasInterrupted();
}

/// The value of a condition on every core of a subset, when it is the same.
using DecidedValue = function_ref<std::optional<int64_t>(Value)>;

void copyRegion(Region &source, Region &target, IRMapping &mapping,
                DecidedValue decide);

/// Copies the ops of `block` (its terminator too when `withTerminator`) at
/// `builder`, an scf.if whose condition `decide` settles as the ops of the
/// branch taken: the other branch is never copied.
void copyOps(Block &block, OpBuilder &builder, IRMapping &mapping,
             DecidedValue decide, bool withTerminator) {
  for (Operation &op : block) {
    if (!withTerminator && &op == block.getTerminator())
      break;
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      if (std::optional<int64_t> condition = decide(branch.getCondition())) {
        Region &taken =
            *condition ? branch.getThenRegion() : branch.getElseRegion();
        if (!taken.empty()) {
          Block &body = taken.front();
          copyOps(body, builder, mapping, decide, /*withTerminator=*/false);
          auto yield = cast<scf::YieldOp>(body.getTerminator());
          for (auto [result, yielded] :
               llvm::zip(branch.getResults(), yield.getOperands()))
            mapping.map(result, mapping.lookupOrDefault(yielded));
        }
        continue;
      }
    }
    if (op.getNumRegions() == 0) {
      builder.clone(op, mapping);
      continue;
    }
    Operation *copy = builder.cloneWithoutRegions(op, mapping);
    for (auto [source, target] :
         llvm::zip(op.getRegions(), copy->getRegions()))
      copyRegion(source, target, mapping, decide);
  }
}

void copyRegion(Region &source, Region &target, IRMapping &mapping,
                DecidedValue decide) {
  for (Block &block : source) {
    Block *copy = new Block();
    target.push_back(copy);
    for (BlockArgument argument : block.getArguments())
      mapping.map(argument,
                  copy->addArgument(argument.getType(), argument.getLoc()));
    OpBuilder builder = OpBuilder::atBlockEnd(copy);
    copyOps(block, builder, mapping, decide, /*withTerminator=*/true);
  }
}

/// A clone of `kernel` at `builder` for one subset of cores: the branches
/// `known` decides are copied as the branch taken only, so a clone never
/// carries (nor later erases) the code of the other subsets' branches.
func::FuncOp cloneForSubset(func::FuncOp kernel, OpBuilder &builder,
                            IRMapping &mapping, DecidedValue decide) {
  if (!hasOnlySingleBlockRegions(kernel))
    return cast<func::FuncOp>(builder.clone(*kernel, mapping));
  Operation *copy = builder.cloneWithoutRegions(*kernel, mapping);
  copyRegion(kernel.getBody(), copy->getRegion(0), mapping, decide);
  return cast<func::FuncOp>(copy);
}

struct SpecializeCoresPass
    : public ttl::impl::TTLSpecializeCoresBase<SpecializeCoresPass> {
  using TTLSpecializeCoresBase::TTLSpecializeCoresBase;

  void runOnOperation() override {
    SmallVector<func::FuncOp> kernels;
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func->hasAttr(TTLDialect::kKernelAttrName) &&
          func->hasAttr(TTLDialect::kGridAttrName))
        kernels.push_back(func);
    if (maxClones < 1) {
      getOperation().emitError("ttl-specialize-cores: max-clones is ")
          << static_cast<int64_t>(maxClones)
          << "; a kernel has at least one clone, itself";
      return signalPassFailure();
    }
    // Every core of the grid is evaluated: bounded by the target's worker
    // grid, or without a target by the largest of any target's.
    const TargetCapacity *capacity = &largestWorkerGrid();
    if (!target.empty()) {
      capacity = lookupTargetOrEmitError(getOperation(), target);
      if (!capacity)
        return signalPassFailure();
    }
    for (func::FuncOp kernel : kernels) {
      auto grid =
          kernel->getAttrOfType<DenseI64ArrayAttr>(TTLDialect::kGridAttrName);
      int64_t cores = capacity->gridCols * capacity->gridRows;
      if (grid.size() != 2 || grid[0] < 1 || grid[1] < 1 ||
          grid[0] > cores || grid[1] > cores || grid[0] * grid[1] > cores) {
        InFlightDiagnostic diag = kernel.emitError("the kernel's grid is ")
                                  << grid[0] << "x" << grid[1] << " (cols x rows), ";
        if (target.empty())
          diag << "more cores than any target has (at most ";
        else
          diag << "more cores than target '" << capacity->name << "' has (";
        diag << cores << ": the " << capacity->gridCols << "x"
             << capacity->gridRows << " worker grid of '" << capacity->name
             << "'); ttl-specialize-cores evaluates every core of the grid";
        return signalPassFailure();
      }
    }
    for (func::FuncOp kernel : kernels)
      for (func::FuncOp specialized : specialize(kernel))
        foldDecidedBranches(specialized);
  }

  /// Replaces every scf.if of `kernel` whose condition the folded constants
  /// decide by the ops of the branch taken (or by nothing). Post-order: an
  /// inner if is resolved into its parent's branch before the parent is.
  static void foldDecidedBranches(func::FuncOp kernel) {
    auto noLeaves = [](Value) -> std::optional<int64_t> { return std::nullopt; };
    kernel.walk<WalkOrder::PostOrder>([&](scf::IfOp branch) {
      std::optional<int64_t> condition =
          evaluateInteger(branch.getCondition(), noLeaves);
      if (!condition)
        return;
      Region &taken =
          *condition ? branch.getThenRegion() : branch.getElseRegion();
      if (taken.empty()) {
        branch.erase(); // no else: an if without results
        return;
      }
      Block &body = taken.front();
      auto yield = cast<scf::YieldOp>(body.getTerminator());
      branch->replaceAllUsesWith(yield.getOperands());
      yield.erase();
      branch->getBlock()->getOperations().splice(
          branch->getIterator(), body.getOperations());
      branch.erase();
    });
    // The comparisons, coordinates and constants the folding left unused:
    // each clone's would otherwise be carried (and verified) by every pass
    // until the canonicalizer.
    SmallVector<Operation *> dead;
    llvm::DenseSet<Operation *> queued;
    auto queueIfDead = [&](Operation *op) {
      if (op && op->getNumRegions() == 0 && isOpTriviallyDead(op) &&
          queued.insert(op).second)
        dead.push_back(op);
    };
    kernel.walk([&](Operation *op) { queueIfDead(op); });
    while (!dead.empty()) {
      Operation *op = dead.pop_back_val();
      SmallVector<Value> operands(op->getOperands());
      op->erase();
      for (Value operand : operands)
        queueIfDead(operand.getDefiningOp());
    }
  }

  /// The predicates the kernel is specialized on, at most `maxClones`
  /// subsets: each predicate depends on the column alone, the row alone or
  /// both (the axis); an axis splits the grid into as many classes as its
  /// predicates have distinct outcomes, and axes are taken in increasing
  /// class count while the product of their counts stays within the bound.
  /// The others stay runtime branches on the core coordinate. On the 4x4
  /// pipe matmul a row's multicast kernel splits on the column (source or
  /// receiver: 2 clones) and keeps `row == k` at run time, where all
  /// predicates would make 8 clones, each carrying the whole kernel.
  SmallVector<arith::CmpIOp>
  boundedPredicates(ArrayRef<arith::CmpIOp> predicates,
                    std::vector<CoordinateEvaluator> &evaluators, int64_t cols,
                    int64_t rows) {
    enum Axis { Column, Row, Both, None };
    // evaluators are in row-major order: core (x, y) at y * cols + x.
    auto outcomeAt = [&](arith::CmpIOp cmp, int64_t x, int64_t y) {
      return *evaluators[y * cols + x].eval(cmp.getResult());
    };
    SmallVector<Axis> axes;
    for (arith::CmpIOp cmp : predicates) {
      bool byColumn = true, byRow = true; // same on every row / column
      for (int64_t y = 0; y < rows; ++y)
        for (int64_t x = 0; x < cols; ++x) {
          byColumn &= outcomeAt(cmp, x, y) == outcomeAt(cmp, x, 0);
          byRow &= outcomeAt(cmp, x, y) == outcomeAt(cmp, 0, y);
        }
      axes.push_back(byColumn && byRow ? None
                     : byColumn        ? Column
                     : byRow           ? Row
                                       : Both);
    }
    auto classes = [&](Axis axis) {
      std::set<SmallVector<int64_t>> outcomes;
      for (int64_t y = 0; y < rows; ++y)
        for (int64_t x = 0; x < cols; ++x) {
          SmallVector<int64_t> outcome;
          for (auto [cmp, of] : llvm::zip(predicates, axes))
            if (of == axis)
              outcome.push_back(outcomeAt(cmp, x, y));
          outcomes.insert(outcome);
        }
      return int64_t(outcomes.size());
    };
    SmallVector<std::pair<int64_t, Axis>> order;
    for (Axis axis : {Column, Row, Both})
      order.push_back({classes(axis), axis});
    llvm::stable_sort(order, llvm::less_first());
    int64_t product = 1;
    llvm::SmallDenseSet<unsigned> taken = {None};
    for (auto [count, axis] : order)
      if (product * count <= maxClones) {
        product *= count;
        taken.insert(axis);
      }
    SmallVector<arith::CmpIOp> bounded;
    for (auto [cmp, axis] : llvm::zip(predicates, axes))
      if (taken.contains(axis))
        bounded.push_back(cmp);
    return bounded;
  }

  /// Clones `kernel` per core subset (or keeps it for a single subset) and
  /// returns the kernels whose comparisons were folded.
  SmallVector<func::FuncOp> specialize(func::FuncOp kernel) {
    auto grid =
        kernel->getAttrOfType<DenseI64ArrayAttr>(TTLDialect::kGridAttrName);
    int64_t cols = grid[0], rows = grid[1];
    Builder b(kernel.getContext());
    SmallVector<NodeOp> nodes;
    kernel.walk([&](NodeOp node) { nodes.push_back(node); });
    if (nodes.empty()) {
      std::set<Core> all;
      for (int64_t y = 0; y < rows; ++y)
        for (int64_t x = 0; x < cols; ++x)
          all.insert({x, y});
      kernel->setAttr(TTLDialect::kCoreRangesAttrName, coverWithRectangles(b, all));
      return {};
    }

    // Comparisons decided by the coordinate alone, on every core.
    DenseMap<Value, bool> dependence;
    SmallVector<arith::CmpIOp> predicates;
    std::vector<CoordinateEvaluator> evaluators;
    for (int64_t y = 0; y < rows; ++y)
      for (int64_t x = 0; x < cols; ++x)
        evaluators.emplace_back(x, y, cols, rows);
    kernel.walk([&](arith::CmpIOp cmp) {
      if (dependsOnNode(cmp.getResult(), dependence) &&
          llvm::all_of(evaluators, [&](CoordinateEvaluator &evaluator) {
            return evaluator.eval(cmp.getResult()).has_value();
          }))
        predicates.push_back(cmp);
    });

    SmallVector<arith::CmpIOp> splitting =
        boundedPredicates(predicates, evaluators, cols, rows);

    // Subsets of cores with equal outcomes of the splitting comparisons, in
    // row-major order of first core.
    llvm::MapVector<SmallVector<int64_t>, std::set<Core>> subsets;
    for (CoordinateEvaluator &evaluator : evaluators) {
      SmallVector<int64_t> outcome;
      for (arith::CmpIOp cmp : splitting)
        outcome.push_back(*evaluator.eval(cmp.getResult()));
      subsets[outcome].insert({evaluator.x, evaluator.y});
    }

    OpBuilder builder(kernel);
    builder.setInsertionPointAfter(kernel);
    unsigned index = 0;
    SmallVector<func::FuncOp> specialized;
    for (std::set<Core> &cores : llvm::make_second_range(subsets)) {
      // A value of the coordinate alone with one value on every core of
      // the subset: every such comparison is known in its clone, not only
      // the splitting ones, and a branch none of its cores takes is not
      // copied.
      auto onEveryCore = [&](Value value) -> std::optional<int64_t> {
        std::optional<int64_t> common;
        for (Core core : cores) {
          std::optional<int64_t> here =
              evaluators[core.second * cols + core.first].eval(value);
          if (!here || (common && *common != *here))
            return std::nullopt;
          common = here;
        }
        return common;
      };
      SmallVector<std::pair<arith::CmpIOp, int64_t>> decided;
      for (arith::CmpIOp cmp : predicates)
        if (std::optional<int64_t> outcome = onEveryCore(cmp.getResult()))
          decided.push_back({cmp, *outcome});
      func::FuncOp clone = kernel;
      IRMapping mapping;
      // A coordinate equal on every core of the subset is a constant.
      std::optional<int64_t> uniform[2];
      for (uint64_t dim = 0; dim < 2; ++dim) {
        std::set<int64_t> values;
        for (Core core : cores)
          values.insert(dim == 0 ? core.first : core.second);
        if (values.size() == 1)
          uniform[dim] = *values.begin();
      }
      if (subsets.size() > 1) {
        clone = cloneForSubset(kernel, builder, mapping, onEveryCore);
        clone.setSymName((kernel.getSymName() + "_cores" + Twine(index++)).str());
      } else {
        for (arith::CmpIOp cmp : predicates)
          mapping.map(cmp.getResult(), cmp.getResult());
        for (NodeOp node : nodes)
          mapping.map(node.getResult(), node.getResult());
      }
      // In the clone, what was not copied (in a branch its cores never take)
      // has no mapping.
      for (auto [cmp, value] : decided) {
        Value result = mapping.lookupOrNull(cmp.getResult());
        if (!result)
          continue;
        OpBuilder at(result.getDefiningOp());
        result.replaceAllUsesWith(arith::ConstantOp::create(
            at, cmp.getLoc(), at.getBoolAttr(value != 0)));
      }
      for (NodeOp node : nodes) {
        Value result = mapping.lookupOrNull(node.getResult());
        if (!result || node.getDim() >= 2 || !uniform[node.getDim()])
          continue;
        OpBuilder at(result.getDefiningOp());
        result.replaceAllUsesWith(arith::ConstantOp::create(
            at, node.getLoc(), at.getIndexAttr(*uniform[node.getDim()])));
      }
      clone->setAttr(TTLDialect::kCoreRangesAttrName, coverWithRectangles(b, cores));
      builder.setInsertionPointAfter(clone);
      if (!predicates.empty())
        specialized.push_back(clone);
    }
    if (subsets.size() > 1)
      kernel.erase();
    return specialized;
  }
};
} // namespace
