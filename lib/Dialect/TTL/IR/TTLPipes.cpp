//===- TTLPipes.cpp - core-to-core pipes ----------------------------------===//
//
// The rules of one pipe op (TTLPipes.td). Rules across ops (a source and its
// destinations sending and receiving the same blocks) are ttl-plan-pipes'.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLPipes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::ttl;

LogicalResult
PipeAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t net,
                 int64_t index, int64_t srcX, int64_t srcY, int64_t x0,
                 int64_t y0, int64_t x1, int64_t y1, bool run, StringRef) {
  if (net < 0 || index < 0)
    return emitError() << "pipe numbers are non-negative, got net " << net
                       << " pipe " << index;
  if (srcX < 0 || srcY < 0 || x0 < 0 || y0 < 0 || x1 < 0 || y1 < 0)
    return emitError() << "pipe coordinates are non-negative";
  auto source = std::make_pair(srcX, srcY);
  auto first = std::make_pair(x0, y0), last = std::make_pair(x1, y1);
  if (run) {
    // Node order: column first, then row.
    if (last < first)
      return emitError() << "pipe destination (" << x0 << ", " << y0
                         << ") through (" << x1 << ", " << y1
                         << ") is empty: its first core comes at most at its "
                            "last in node order (column, then row)";
    if (first <= source && source <= last)
      return emitError() << "pipe source (" << srcX << ", " << srcY
                         << ") is one of its destinations: a core keeps its "
                            "own block in a DFB, it does not send it to itself";
    return success();
  }
  if (x0 > x1 || y0 > y1)
    return emitError() << "pipe destination (" << x0 << ", " << y0 << ") to ("
                       << x1 << ", " << y1
                       << ") is empty: each start is at most its end";
  if (x0 <= srcX && srcX <= x1 && y0 <= srcY && srcY <= y1)
    return emitError() << "pipe source (" << srcX << ", " << srcY
                       << ") is one of its destinations: a core keeps its own "
                          "block in a DFB, it does not send it to itself";
  return success();
}

std::string PipeAttr::describe() const {
  auto range = [](int64_t lo, int64_t hi) {
    return lo == hi ? std::to_string(lo)
                    : std::to_string(lo) + ".." + std::to_string(hi);
  };
  if (getRun())
    return llvm::formatv("({0}, {1}) -> ({2}, {3}) through ({4}, {5})",
                         getSrcX(), getSrcY(), getX0(), getY0(), getX1(),
                         getY1())
        .str();
  return llvm::formatv("({0}, {1}) -> ({2}, {3})", getSrcX(), getSrcY(),
                       range(getX0(), getX1()), range(getY0(), getY1()))
      .str();
}

LogicalResult PipeSendOp::verify() {
  if (!getBlock().getDefiningOp<ReserveOp>() &&
      !getBlock().getDefiningOp<WaitOp>())
    return emitOpError("sends a block that does not come from ttl.reserve or "
                       "ttl.wait (store tile math into a block first)");
  return success();
}

LogicalResult PipeReceiveOp::verify() {
  if (!getBlock().getDefiningOp<ReserveOp>())
    return emitOpError("receives into a block that does not come from "
                       "ttl.reserve");
  return success();
}

LogicalResult mlir::ttl::verifyPipeAttribute(Operation *op, StringRef name,
                                             Attribute value) {
  if (name == kPipeSemaphoresAttrName) {
    auto ids = dyn_cast<DenseI64ArrayAttr>(value);
    if (!ids || ids.size() != 4 || !isa<PipeSendOp, PipeReceiveOp>(op))
      return op->emitOpError("'")
             << name << "' must be array<i64: ready, address, valid, flag> on "
                        "a ttl.pipe_send or ttl.pipe_recv";
    return success();
  }
  if (name == kPipeMulticastsAttrName) {
    auto words = dyn_cast<DenseI64ArrayAttr>(value);
    if (!words || words.empty() || words.size() % 4 != 0 ||
        !isa<PipeSendOp>(op))
      return op->emitOpError("'")
             << name << "' must be array<i64: x0, y0, x1, y1, ...> (one or "
                        "more inclusive rectangles) on a ttl.pipe_send";
    return success();
  }
  if (name == kPipeSemaphoreCountAttrName) {
    if (!isa<IntegerAttr>(value) || !isa<ModuleOp>(op))
      return op->emitOpError("'") << name << "' must be an integer on a module";
    return success();
  }
  if (name == kPipeSemaphoreNamesAttrName) {
    if (!isa<ArrayAttr>(value) || !isa<ModuleOp>(op))
      return op->emitOpError("'") << name << "' must be an array on a module";
    return success();
  }
  return failure();
}
