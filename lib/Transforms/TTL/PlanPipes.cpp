//===- PlanPipes.cpp - pipe balance across cores and pipe semaphores ------===//
//
// ttl-plan-pipes (Passes.td). A pipe is a dataflow between kernels on
// different cores: each block the source core sends is written into a block
// every destination core has reserved for it, in a handshake. The pass
// proves that, for every pipe, the source sends exactly as many blocks as
// each destination receives, of one block type, and that only the source
// sends and only destinations receive; a program where they do not match
// would deadlock on the device, so it is a compile error at the transfer.
// It then gives each pipe its program semaphores:
//
//   id 0                 flag:    a word holding 1 on every sender, the
//                                 source of the "valid" write
//   1 + n                valid:   per PipeNet n, on destinations: set to 1
//                                 by the source once the block has landed
//   1 + N + 2 (b + k)    ready:   on the source: receivers add 1 when their
//                                 block is reserved (b = slots of earlier
//                                 nets, k = the pipe's rank among the
//                                 pipes of its net with the same source)
//   2 + N + 2 (b + k)    address: on the source: the L1 address receivers
//                                 reserved (one address: receivers of a
//                                 multicast run the same DFB program)
//
// Pipes of one net with different sources share a slot (each source core
// has its own semaphores); a receiver handles its pipes one after another,
// so one valid flag per net suffices.
//
// A NoC multicast reaches a rectangle of cores. A pipe given in tt-lang's
// 1-D coordinates names a run of cores in node order (`dst ... through
// ...`), which is a rectangle only when it stays in one column or covers
// whole columns; the pass splits every run into at most three rectangles
// (the rest of its first column, the whole columns between, the start of
// its last column) and records them on each send (`ttl.pipe_multicasts`).
// The pipe keeps one handshake: its source waits once for the ready count
// of all its receivers, then writes the block into each rectangle and sets
// their valid flags (ttlang/pipe.h).
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLPipes.h"
#include "ttl/Dialect/TTL/IR/TTLTargets.h"
#include "ttl/Targets.h"
#include "ttl/Transforms/TTL/CoreEvaluation.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <map>

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLPLANPIPES
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

using PipeKey = std::pair<int64_t, int64_t>; // (net, pipe)

/// The transfers of one pipe in one operation function.
struct PipeUses {
  PipeAttr pipe;
  SmallVector<Operation *> sends, receives;
  /// Where the source writes each block (multicastRectangles).
  SmallVector<std::array<int64_t, 4>> rectangles;
};

PipeAttr pipeOf(Operation *op) {
  if (auto send = dyn_cast<PipeSendOp>(op))
    return send.getPipe();
  return cast<PipeReceiveOp>(op).getPipe();
}

Type blockTypeOf(Operation *op) {
  if (auto send = dyn_cast<PipeSendOp>(op))
    return send.getBlock().getType();
  return cast<PipeReceiveOp>(op).getBlock().getType();
}

std::string coreText(int64_t x, int64_t y) {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
}

/// How many times `op` runs on core (x, y): the product of the trip counts
/// of its loops, 0 when one of its `if`s is not taken there; none when a
/// bound or condition is not a function of the core alone.
std::optional<int64_t> countOnCore(Operation *op, int64_t x, int64_t y,
                                   StaticGrid grid, Operation *&undecided) {
  auto leaf = [&](Value v) { return coordinateValue(v, x, y, grid); };
  int64_t count = 1;
  for (Operation *child = op, *parent = op->getParentOp();
       parent && !isa<func::FuncOp>(parent);
       child = parent, parent = parent->getParentOp()) {
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      std::optional<int64_t> taken =
          evaluateInteger(branch.getCondition(), leaf);
      if (!taken) {
        undecided = parent;
        return std::nullopt;
      }
      bool inThen = child->getParentRegion() == &branch.getThenRegion();
      if ((*taken != 0) != inThen)
        return 0;
    } else if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      std::optional<int64_t> lb = evaluateInteger(loop.getLowerBound(), leaf);
      std::optional<int64_t> ub = evaluateInteger(loop.getUpperBound(), leaf);
      std::optional<int64_t> step = evaluateInteger(loop.getStep(), leaf);
      if (!lb || !ub || !step || *step <= 0) {
        undecided = parent;
        return std::nullopt;
      }
      int64_t trips = *ub <= *lb ? 0 : (*ub - *lb - 1) / *step + 1;
      if (llvm::MulOverflow(count, trips, count)) {
        undecided = parent;
        return std::nullopt;
      }
    } else if (!isa<ThreadOp>(parent)) {
      undecided = parent;
      return std::nullopt;
    }
  }
  return count;
}

/// Per core of the grid, the executions of `ops` (summed); fails with an
/// error at the op whose count depends on more than the core.
FailureOr<std::vector<int64_t>> countPerCore(ArrayRef<Operation *> ops,
                                             StaticGrid grid) {
  std::vector<int64_t> counts(grid.numCores(), 0);
  for (Operation *op : ops)
    for (int64_t y = 0; y < grid.rows; ++y)
      for (int64_t x = 0; x < grid.cols; ++x) {
        Operation *undecided = nullptr;
        std::optional<int64_t> count = countOnCore(op, x, y, grid, undecided);
        if (!count) {
          InFlightDiagnostic diag =
              op->emitError("cannot count the blocks of pipe ")
              << pipeOf(op).describe() << " this transfer moves on core "
              << coreText(x, y)
              << ": a loop bound or condition around it depends on more than "
                 "the core's coordinates and constants";
          if (undecided)
            diag.attachNote(undecided->getLoc()) << "this one";
          return failure();
        }
        counts[y * grid.cols + x] += *count;
      }
  return counts;
}

/// The inclusive rectangles [x0, y0, x1, y1] a pipe's destinations split
/// into: its own for a rectangle; for a run in node order on a grid of
/// `rows` rows, the tail of its first column, the whole columns between and
/// the head of its last column, merged where they form one rectangle.
SmallVector<std::array<int64_t, 4>> multicastRectangles(PipeAttr pipe,
                                                        int64_t rows) {
  int64_t x0 = pipe.getX0(), y0 = pipe.getY0();
  int64_t x1 = pipe.getX1(), y1 = pipe.getY1();
  if (!pipe.getRun() || x0 == x1)
    return {{x0, y0, x1, y1}};
  SmallVector<std::array<int64_t, 4>> rectangles;
  // Whole columns: from x0 when the run starts at the top, to x1 when it ends
  // at the bottom.
  int64_t first = y0 == 0 ? x0 : x0 + 1;
  int64_t last = y1 == rows - 1 ? x1 : x1 - 1;
  if (first != x0)
    rectangles.push_back({x0, y0, x0, rows - 1});
  if (first <= last)
    rectangles.push_back({first, 0, last, rows - 1});
  if (last != x1)
    rectangles.push_back({x1, 0, x1, y1});
  return rectangles;
}

LogicalResult checkInGrid(Operation *op, PipeAttr pipe, StaticGrid grid) {
  auto inside = [&](int64_t x, int64_t y) {
    return x < grid.cols && y < grid.rows;
  };
  if (inside(pipe.getSrcX(), pipe.getSrcY()) &&
      inside(pipe.getX0(), pipe.getY0()) &&
      inside(pipe.getX1(), pipe.getY1()))
    return success();
  return op->emitError("pipe ")
         << pipe.describe() << " reaches outside the operation's "
         << grid.cols << "x" << grid.rows << " (cols x rows) grid";
}

/// The balance of one pipe: only its source sends, only its destinations
/// receive, one block type, and each destination receives what the source
/// sends.
LogicalResult checkPipe(const PipeUses &uses, StaticGrid grid) {
  PipeAttr pipe = uses.pipe;
  std::string name = "pipe " + pipe.describe() + " of the PipeNet made at " +
                     pipe.getWhere().str();
  for (Operation *op : llvm::concat<Operation *const>(uses.sends, uses.receives))
    if (failed(checkInGrid(op, pipe, grid)))
      return failure();
  Operation *first = uses.sends.empty() ? uses.receives.front()
                                        : uses.sends.front();
  for (Operation *op : llvm::concat<Operation *const>(uses.sends, uses.receives))
    if (blockTypeOf(op) != blockTypeOf(first)) {
      InFlightDiagnostic diag = op->emitError(name);
      diag << " moves " << blockTypeOf(first) << " and " << blockTypeOf(op)
           << ": its source and destinations move blocks of one type";
      diag.attachNote(first->getLoc()) << "the other transfer";
      return diag;
    }
  if (uses.receives.empty())
    return uses.sends.front()->emitError(name) << " sends blocks that no "
                                                  "destination receives "
                                                  "(net.if_dst(...) with "
                                                  "ttl.copy(pipe, blk))";
  if (uses.sends.empty())
    return uses.receives.front()->emitError(name)
           << " receives blocks that its source never sends "
              "(net.if_src(...) with ttl.copy(blk, pipe))";
  FailureOr<std::vector<int64_t>> sent = countPerCore(uses.sends, grid);
  FailureOr<std::vector<int64_t>> received = countPerCore(uses.receives, grid);
  if (failed(sent) || failed(received))
    return failure();
  int64_t source = pipe.getSrcY() * grid.cols + pipe.getSrcX();
  for (int64_t y = 0; y < grid.rows; ++y)
    for (int64_t x = 0; x < grid.cols; ++x) {
      int64_t core = y * grid.cols + x;
      if (core != source && (*sent)[core] != 0)
        return uses.sends.front()->emitError(name)
               << " sends on core " << coreText(x, y)
               << ", which is not its source";
      bool receiver = pipe.hasReceiver(x, y);
      if (!receiver && (*received)[core] != 0)
        return uses.receives.front()->emitError(name)
               << " receives on core " << coreText(x, y)
               << ", which is not one of its destinations";
      if (receiver && (*received)[core] != (*sent)[source]) {
        InFlightDiagnostic diag = uses.sends.front()->emitError(name);
        diag << ": source " << coreText(pipe.getSrcX(), pipe.getSrcY())
             << " sends " << (*sent)[source] << " block(s) but core "
             << coreText(x, y) << " receives " << (*received)[core]
             << "; every destination receives each block the source sends";
        diag.attachNote(uses.receives.front()->getLoc()) << "the receive";
        return diag;
      }
    }
  return success();
}

struct PlanPipesPass : public ttl::impl::TTLPlanPipesBase<PlanPipesPass> {
  using TTLPlanPipesBase::TTLPlanPipesBase;

  void runOnOperation() override {
    // The capacity table's diagnostic for an unknown target; its facts for
    // the semaphore count.
    if (!lookupTargetOrEmitError(getOperation(), target))
      return signalPassFailure();
    const ttlang::target::Facts *facts = ttlang::target::find(target);
    std::map<PipeKey, PipeUses> pipes;
    WalkResult walk = getOperation().walk([&](func::FuncOp func) {
      std::map<PipeKey, PipeUses> local;
      Operation *computeTransfer = nullptr;
      func.walk([&](Operation *op) {
        if (!isa<PipeSendOp, PipeReceiveOp>(op))
          return;
        PipeAttr pipe = pipeOf(op);
        PipeUses &uses = local[{pipe.getNet(), pipe.getIndex()}];
        if (!uses.pipe)
          uses.pipe = pipe;
        (isa<PipeSendOp>(op) ? uses.sends : uses.receives).push_back(op);
        if (auto thread = op->getParentOfType<ThreadOp>();
            thread && thread.getKernel().getKind() == KernelKind::Compute)
          computeTransfer = op;
      });
      if (computeTransfer) {
        computeTransfer->emitError("a pipe transfer runs in a data-movement "
                                   "kernel (@ttl.datamovement), not in a "
                                   "compute kernel: the NoC is theirs");
        return WalkResult::interrupt();
      }
      if (local.empty())
        return WalkResult::advance();
      std::optional<StaticGrid> grid = staticGridOf(func);
      for (auto &[key, uses] : local) {
        Operation *first =
            uses.sends.empty() ? uses.receives.front() : uses.sends.front();
        if (!grid) {
          first->emitError("a pipe transfer needs an operation with a static "
                           "grid ('ttl.grid')");
          return WalkResult::interrupt();
        }
        for (Operation *op :
             llvm::concat<Operation *const>(uses.sends, uses.receives))
          if (pipeOf(op) != uses.pipe) {
            op->emitError("pipe ")
                << key.second << " of net " << key.first
                << " is described two ways: " << pipeOf(op) << " and "
                << uses.pipe;
            return WalkResult::interrupt();
          }
        if (failed(checkPipe(uses, *grid)))
          return WalkResult::interrupt();
        uses.rectangles = multicastRectangles(uses.pipe, grid->rows);
        pipes[key] = uses;
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    if (failed(assignSemaphores(pipes, *facts)))
      return signalPassFailure();
    // Only attributes were added.
    markAllAnalysesPreserved();
  }

  LogicalResult assignSemaphores(const std::map<PipeKey, PipeUses> &pipes,
                                 const ttlang::target::Facts &facts) {
    if (pipes.empty())
      return success();
    // Per net: each pipe's rank among the net's pipes of its source.
    std::map<int64_t, std::map<std::pair<int64_t, int64_t>, int64_t>> perSource;
    std::map<PipeKey, int64_t> rank;
    for (const auto &[key, uses] : pipes)
      rank[key] = perSource[key.first][{uses.pipe.getSrcX(),
                                        uses.pipe.getSrcY()}]++;
    std::map<int64_t, int64_t> validId, slotBase;
    int64_t nets = int64_t(perSource.size()), slots = 0;
    for (const auto &[net, sources] : perSource) {
      int64_t valid = 1 + int64_t(validId.size());
      validId[net] = valid;
      slotBase[net] = slots;
      int64_t most = 0;
      for (const auto &[source, count] : sources)
        most = std::max(most, count);
      slots += most;
    }
    int64_t count = 1 + nets + 2 * slots;
    Builder b(&getContext());
    SmallVector<Attribute> names;
    for (const auto &[key, uses] : pipes) {
      int64_t ready = 1 + nets + 2 * (slotBase[key.first] + rank.at(key));
      auto ids = b.getDenseI64ArrayAttr(
          {ready, ready + 1, validId[key.first], /*flag=*/0});
      for (Operation *op :
           llvm::concat<Operation *const>(uses.sends, uses.receives))
        op->setAttr(kPipeSemaphoresAttrName, ids);
      SmallVector<int64_t> corners;
      for (const std::array<int64_t, 4> &rectangle : uses.rectangles)
        corners.append(rectangle.begin(), rectangle.end());
      for (Operation *op : uses.sends)
        op->setAttr(kPipeMulticastsAttrName, b.getDenseI64ArrayAttr(corners));
      std::string text = "pipe " + uses.pipe.describe() +
                         " of the PipeNet made at " +
                         uses.pipe.getWhere().str();
      PipeAttr pipe = uses.pipe;
      SmallVector<Attribute> entry;
      for (int64_t word :
           {ready, validId[key.first], pipe.getSrcX(), pipe.getSrcY()})
        entry.push_back(b.getI64IntegerAttr(word));
      for (int64_t word : corners)
        entry.push_back(b.getI64IntegerAttr(word));
      entry.push_back(b.getStringAttr(text));
      names.push_back(b.getArrayAttr(entry));
    }
    if (count > int64_t(facts.semaphores)) {
      const PipeUses &last = pipes.rbegin()->second;
      Operation *op =
          last.sends.empty() ? last.receives.front() : last.sends.front();
      return op->emitError("the pipes of this program need ")
             << count << " semaphores per core (1 + one per PipeNet + two "
                         "per pipe a core sends in a PipeNet) but target '"
             << facts.name << "' has " << facts.semaphores;
    }
    ModuleOp module = getOperation();
    module->setAttr(kPipeSemaphoreCountAttrName, b.getI64IntegerAttr(count));
    module->setAttr(kPipeSemaphoreNamesAttrName, b.getArrayAttr(names));
    return success();
  }
};

} // namespace
