//===- TTLPipes.h - names shared by the pipe pass and lowering --*- C++ -*-===//
//
// ttl-plan-pipes records its decisions under these attribute names; the
// lowering (PipePatterns.cpp) and the backend's record reader read them.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLPIPES_H
#define TTL_DIALECT_TTL_IR_TTLPIPES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::ttl {

/// On each ttl.pipe_send / ttl.pipe_recv: the program semaphore ids of its
/// handshake, `array<i64: ready, address, valid, flag>` (PlanPipes.cpp).
inline constexpr llvm::StringLiteral kPipeSemaphoresAttrName =
    "ttl.pipe_semaphores";
/// On each ttl.pipe_send: the rectangles its block is written to,
/// `array<i64: x0, y0, x1, y1, ...>` (inclusive, logical coordinates): the
/// pipe's destinations, a run of cores in node order split into the
/// rectangles a NoC multicast reaches (PlanPipes.cpp). The source waits for
/// every receiver of all of them once, then writes each.
inline constexpr llvm::StringLiteral kPipeMulticastsAttrName =
    "ttl.pipe_multicasts";
/// On the module: how many program semaphores (ids 0..n-1) the pipes use; the
/// runtime declares them (artifact.compiler_semaphore_count).
inline constexpr llvm::StringLiteral kPipeSemaphoreCountAttrName =
    "ttl.pipe_semaphore_count";
/// On the module: per pipe `[ready, valid, src x, src y, x0, y0, x1, y1, ...,
/// "description"]` (its semaphore ids, its source and its destinations'
/// inclusive rectangles, one or more): the emulated device names the pipe in
/// a deadlock report.
inline constexpr llvm::StringLiteral kPipeSemaphoreNamesAttrName =
    "ttl.pipe_semaphore_names";

/// The rules of the three attributes above (TTLPipes.cpp); fails, without an
/// error, for other names.
LogicalResult verifyPipeAttribute(Operation *op, llvm::StringRef name,
                                  Attribute value);

} // namespace mlir::ttl

#endif // TTL_DIALECT_TTL_IR_TTLPIPES_H
