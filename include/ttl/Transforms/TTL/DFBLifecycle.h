//===- DFBLifecycle.h - DFB protocol lifecycles ------------------*- C++ -*-===//
//
// The protocol of every DFB of a TTL operation function, per logical kernel,
// from the TTL DFB ops (reserve/push, wait/pop) and the `dfb_effects` of
// external calls. See docs/external-functions.md ("DFB lifecycles").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_DFBLIFECYCLE_H
#define TTL_TRANSFORMS_TTL_DFBLIFECYCLE_H

#include "ttl/Transforms/TTL/ConditionIdentity.h"
#include "ttl/Transforms/TTL/KernelOwnership.h"

#include <string>
#include <vector>

namespace mlir::ttl {

/// What the analysis proved about one DFB.
struct DFBLifecycle {
  CreateDataflowBufferOp op;
  /// Set when some occurrence is opaque (no listed effect, partial summary,
  /// unknown_dfb_access, an unknown use); `reason` says which.
  bool opaque = false;
  std::string reason;
  /// Proven: producer-side pushes equal consumer-side pops in every
  /// dispatch. Unchecked: opaque, or only producers or only consumers in the
  /// operation. Unbalanced / Unprovable: compilation fails.
  enum class Balance { Proven, Unchecked, Unbalanced, Unprovable } balance =
      Balance::Unchecked;
  std::string balanceDetail;
  /// Kernels that push / pop the DFB.
  KernelSet producers, consumers;
  /// Per kernel: [first, last] program position of its occurrences (a
  /// position inside a loop stands for the whole loop).
  llvm::MapVector<KernelAttr, std::pair<int64_t, int64_t>> intervals;

  /// Bounded: every transaction is a matched reserve->push / wait->pop and
  /// the protocol is proven balanced across kernels.
  bool isBounded() const { return !opaque && balance == Balance::Proven; }
};

/// Analyses every `ttl.create_dfb` of operation function `func`. Fails, with
/// an error at the buffer and notes at its producers and consumers, when a
/// protocol is provably unbalanced or its balance cannot be proven (unless
/// the buffer is opaque).
FailureOr<std::vector<DFBLifecycle>>
analyzeDFBLifecycles(func::FuncOp func, const Ownership &ownership,
                     ConditionIdentity &conditions);

/// True when `second` may reuse `first`'s physical index: both bounded, equal
/// buffer types, the same single producer kernel and the same single consumer
/// kernel, and in each of the two kernels all of `first`'s occurrences precede
/// `second`'s. The circular buffer then carries one FIFO stream, `first`'s
/// tiles followed by `second`'s, between the same two kernels. Any other reuse
/// is unsound: TT-Metal keeps each processor's CB pointers (and the compute
/// kernel's tile counters) privately, zeroed at launch and never
/// resynchronised, so a CB whose producer and consumer kernels change
/// mid-program leaves the new producer's write pointer at the ring's start.
bool lifecyclesMayShareIndex(const DFBLifecycle &first,
                             const DFBLifecycle &second);

} // namespace mlir::ttl

#endif // TTL_TRANSFORMS_TTL_DFBLIFECYCLE_H
