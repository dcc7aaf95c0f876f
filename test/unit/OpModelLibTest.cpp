//===- OpModelLibTest.cpp - op-model library checks -----------------------===//
//
// Calls the op-model layer directly (OpModel<Op> entries, MockAllocatorState,
// OpModelCache), the level below the OpModel interface that the Python and
// lit tests use. Prints one line per failed check and a summary; exits 1 on
// any failure.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/InitAll.h"
#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/MockAllocator.h"
#include "ttl/OpModel/OpModelCache.h"
#include "ttl/OpModel/TTNNOpModel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ttnn;
using namespace mlir::ttnn::op_model;

namespace {
int checks = 0, failures = 0;

void check(bool ok, const char *what, int line) {
  ++checks;
  if (!ok) {
    ++failures;
    llvm::outs() << "FAILED line " << line << ": " << what << "\n";
  }
}
#define CHECK(cond) check(static_cast<bool>(cond), #cond, __LINE__)

/// The value, or `fallback` (error consumed) when the query failed.
template <typename T>
T valueOr(llvm::Expected<T> value, T fallback) {
  if (value)
    return std::move(*value);
  llvm::consumeError(value.takeError());
  return fallback;
}

template <typename T>
OpModelErrorKind errorKind(llvm::Expected<T> value) {
  if (value) {
    ++failures;
    llvm::outs() << "FAILED: expected an error, got a value\n";
    return OpModelErrorKind::Backend;
  }
  return takeOpModelError(value.takeError()).first;
}

void allocatorChecks() {
  const DeviceModel &wh = wormholeB0();
  const DeviceModel &bh = blackhole();
  CHECK(wh.usableL1() == 1463968);
  CHECK(wh.numCores() == 64 && bh.numCores() == 130);

  for (const DeviceModel *device : {&wh, &bh}) {
    MockAllocatorState state(*device);
    // Top-down, aligned: 100 B rounds up to 112 and sits at the top.
    auto first = valueOr(state.allocate(BufferType::L1, 100), OpModelAllocationRecord{});
    CHECK(first.address == device->l1Bytes - 112 &&
          first.sizePerBank == 112);
    auto second = valueOr(state.allocate(BufferType::L1, 2048), OpModelAllocationRecord{});
    CHECK(second.address == device->l1Bytes - 112 - 2048);
    // DRAM: bottom-up with the DRAM alignment.
    auto d0 = valueOr(state.allocate(BufferType::DRAM, 10), OpModelAllocationRecord{});
    auto d1 = valueOr(state.allocate(BufferType::DRAM, 10), OpModelAllocationRecord{});
    CHECK(d0.sizePerBank == device->dramAlignment && d0.address == 0 &&
          d1.address == device->dramAlignment);
    // CBs up to the lowest tensor fit; one more byte clashes.
    uint64_t room = second.address - device->l1ReservedBytes;
    CHECK(!state.checkCircularBuffers(room));
    llvm::Error clash = state.checkCircularBuffers(room + 1);
    CHECK(clash && takeOpModelError(std::move(clash)).first ==
                       OpModelErrorKind::OutOfMemory);
    // Everything else does not fit.
    CHECK(errorKind(state.allocate(BufferType::L1, device->usableL1())) ==
          OpModelErrorKind::OutOfMemory);
  }

  // Applying records: overlap, range and alignment are backend errors.
  MockAllocatorState state(wh);
  CHECK(!state.apply({BufferType::L1, 1000000, 4096}));
  for (OpModelAllocationRecord bad :
       {OpModelAllocationRecord{BufferType::L1, 1002000, 4096},
        OpModelAllocationRecord{BufferType::L1, 16, 4096},
        OpModelAllocationRecord{BufferType::L1, 1200008, 64}}) {
    llvm::Error err = state.apply(bad);
    CHECK(err && takeOpModelError(std::move(err)).first ==
                     OpModelErrorKind::Backend);
  }
  // A hole between live buffers is reused top-down.
  MockAllocatorState holes(wh);
  CHECK(!holes.apply({BufferType::L1, wh.l1Bytes - 4096, 4096}));
  CHECK(!holes.apply({BufferType::L1, wh.l1Bytes - 12288, 4096}));
  auto inHole = valueOr(holes.allocate(BufferType::L1, 4096), OpModelAllocationRecord{});
  CHECK(inHole.address == wh.l1Bytes - 8192);

  // A record whose end would pass 2^64 is outside the bank, not wrapped
  // into it; a size beyond the bank is out of memory, not rounded to 0.
  for (OpModelAllocationRecord wraps :
       {OpModelAllocationRecord{BufferType::L1, UINT64_MAX - 15, 32},
        OpModelAllocationRecord{BufferType::L1, 1000000, UINT64_MAX - 999999}}) {
    MockAllocatorState fresh(wh);
    llvm::Error err = fresh.apply(wraps);
    CHECK(err && takeOpModelError(std::move(err)).first ==
                     OpModelErrorKind::Backend);
    CHECK(errorKind(buildInitialState({wraps})) == OpModelErrorKind::Backend);
  }
  CHECK(errorKind(MockAllocatorState(wh).allocate(BufferType::L1,
                                                  UINT64_MAX)) ==
        OpModelErrorKind::OutOfMemory);

  // A live set in any order becomes the same interval set; an overlap
  // anywhere in it (or with buffers already live) is found and leaves the
  // state unchanged.
  std::vector<OpModelAllocationRecord> ordered;
  for (uint64_t i = 0; i < 300; ++i)
    ordered.push_back({BufferType::L1, wh.l1Bytes - (i + 1) * 4096, 2048});
  std::vector<OpModelAllocationRecord> shuffled = ordered;
  for (size_t i = 0; i < shuffled.size(); ++i)
    std::swap(shuffled[i], shuffled[(i * 7919) % shuffled.size()]);
  auto fromDescending = valueOr(buildInitialState(ordered),
                                std::unique_ptr<MockAllocatorState>());
  auto fromShuffled = valueOr(buildInitialState(shuffled),
                              std::unique_ptr<MockAllocatorState>());
  CHECK(fromDescending && fromShuffled &&
        fromDescending->getL1Buffers().size() == 300 &&
        fromDescending->getL1Buffers() == fromShuffled->getL1Buffers() &&
        llvm::is_sorted(fromShuffled->getL1Buffers(),
                        [](const auto &a, const auto &b) {
                          return a.address < b.address;
                        }));
  if (fromShuffled) {
    // The lowest buffer bounds the CBs; the next allocation goes to the
    // highest gap that fits (2048 B between the first two records).
    uint64_t lowest = wh.l1Bytes - 300 * 4096;
    CHECK(!fromShuffled->checkCircularBuffers(lowest - wh.l1ReservedBytes));
    llvm::Error clash =
        fromShuffled->checkCircularBuffers(lowest - wh.l1ReservedBytes + 1);
    CHECK(clash && takeOpModelError(std::move(clash)).first ==
                       OpModelErrorKind::OutOfMemory);
    auto next = valueOr(fromShuffled->allocate(BufferType::L1, 2048),
                        OpModelAllocationRecord{});
    CHECK(next.address == wh.l1Bytes - 2048);
    // 2049 B fit no gap between records: below the lowest one.
    auto below = valueOr(fromShuffled->allocate(BufferType::L1, 2049),
                         OpModelAllocationRecord{});
    CHECK(below.address == lowest - 2064);
  }
  std::vector<OpModelAllocationRecord> overlapping = shuffled;
  overlapping.push_back({BufferType::L1, wh.l1Bytes - 100 * 4096 + 1024, 2048});
  CHECK(errorKind(buildInitialState(overlapping)) == OpModelErrorKind::Backend);
  MockAllocatorState partial(wh);
  CHECK(!partial.apply({BufferType::L1, wh.l1Bytes - 4096, 2048}));
  llvm::Error batch = partial.applyAll(
      {{BufferType::L1, wh.l1Bytes - 8192, 2048},
       {BufferType::L1, wh.l1Bytes - 4096 + 1024, 16}});
  CHECK(batch && takeOpModelError(std::move(batch)).first ==
                     OpModelErrorKind::Backend);
  CHECK(partial.getL1Buffers().size() == 1);

  // The empty live set is a real (non-null) state.
  auto empty = valueOr(buildInitialState({}),
                       std::unique_ptr<MockAllocatorState>());
  CHECK(empty != nullptr && empty->getL1Buffers().empty());
}

void entryChecks(MLIRContext &ctx) {
  auto bf16 = [&](BufferType bt) {
    return LayoutAttr::get(&ctx, bt, TensorMemoryLayout::Interleaved,
                           DataType::BFloat16, {}, {});
  };
  LayoutAttr dram = bf16(BufferType::DRAM), l1 = bf16(BufferType::L1);
  llvm::SmallVector<int64_t> shape{64, 1024};

  // No state argument: the defaulted nullptr is the stateless query.
  auto stateless = OpModel<ReluOp>::getOpConstraints(shape, dram, l1);
  CHECK(stateless);
  if (!stateless) {
    llvm::consumeError(stateless.takeError());
  } else {
    const auto &[cb, l1Peak, total, out, layouts, allocations] = *stateless;
    CHECK(cb == 8192 && l1Peak == 2048 && total == 10240 && out == 2048);
    CHECK(layouts.size() == 1 && layouts[0] == l1 && allocations.empty());
  }
  auto state = valueOr(buildInitialState({}),
                       std::make_unique<MockAllocatorState>(wormholeB0()));
  OpConstraints stateful = valueOr(
      OpModel<ReluOp>::getOpConstraints(shape, dram, l1, state.get()),
      OpConstraints{});
  CHECK(stateful.outputAllocations.size() == 1 &&
        stateful.outputAllocations[0].address ==
            wormholeB0().l1Bytes - 2048);
  // The caller's state is a value: unchanged by the query.
  CHECK(state->getL1Buffers().empty());

  CHECK(valueOr(OpModel<AddOp>::getOpRuntime(shape, dram, shape, dram, l1),
                size_t(0)) > 0);
  llvm::SmallVector<int64_t> wide{2048, 2048};
  CHECK(errorKind(OpModel<AddOp>::getOpRuntime(shape, dram, wide, dram, l1)) ==
        OpModelErrorKind::Backend);
  LayoutAttr rowMajor = l1.interleavedIn(PageLayout::RowMajor, BufferType::L1);
  // ttnn tilizes a row-major rank-3 softmax input over dimension 1 (its
  // result is tiled) and rejects the other row-major inputs.
  llvm::SmallVector<int64_t> rank3{3, 64, 64};
  OpConstraints tilized = valueOr(
      OpModel<SoftmaxOp>::getOpConstraints(rank3, rowMajor, 1, rowMajor),
      OpConstraints{});
  CHECK(tilized.outputLayouts.size() == 1 &&
        !tilized.outputLayouts[0].isRowMajor());
  CHECK(errorKind(OpModel<SoftmaxOp>::getOpConstraints(shape, rowMajor, -1,
                                                        rowMajor)) ==
        OpModelErrorKind::Backend);

  // Shapes that cannot be sized: dynamic (not supported), negative or more
  // than 2^64 bytes (backend), stateless and stateful alike, before any
  // family rule reads them.
  llvm::SmallVector<int64_t> dynamic{ShapedType::kDynamic, 32};
  llvm::SmallVector<int64_t> negative{-32, 32};
  llvm::SmallVector<int64_t> huge{int64_t(1) << 36, int64_t(1) << 36};
  // 2^31 x 2^31 bf16: 2^52 tiles of 2048 B = 2^63 B fits; 4 B more per
  // element (f32, 4096 B tiles) is 2^64 and does not.
  llvm::SmallVector<int64_t> edge{int64_t(1) << 31, int64_t(1) << 31};
  LayoutAttr dramF32 = LayoutAttr::get(&ctx, BufferType::DRAM,
                                       TensorMemoryLayout::Interleaved,
                                       DataType::Float32, {}, {});
  for (const MockAllocatorState *initial : {(const MockAllocatorState *)nullptr,
                                            (const MockAllocatorState *)state.get()}) {
    CHECK(errorKind(OpModel<ReluOp>::getOpConstraints(dynamic, dram, l1,
                                                      initial)) ==
          OpModelErrorKind::NotSupported);
    CHECK(errorKind(OpModel<ReluOp>::getOpConstraints(negative, dram, l1,
                                                      initial)) ==
          OpModelErrorKind::Backend);
    CHECK(errorKind(OpModel<ReluOp>::getOpConstraints(huge, dram, l1,
                                                      initial)) ==
          OpModelErrorKind::Backend);
    CHECK(errorKind(OpModel<AddOp>::getOpConstraints(dynamic, dram, shape,
                                                     dram, l1, initial)) ==
          OpModelErrorKind::NotSupported);
    CHECK(errorKind(OpModel<MatmulOp>::getOpConstraints(
              shape, dram, dynamic, dram, false, false, l1, initial)) ==
          OpModelErrorKind::NotSupported);
  }
  CHECK(valueOr(OpModel<ReluOp>::getOpConstraints(edge, dram, dram),
                OpConstraints{}).outputLayouts.size() == 1);
  CHECK(errorKind(OpModel<ReluOp>::getOpConstraints(edge, dramF32, dramF32)) ==
        OpModelErrorKind::Backend);
  CHECK(errorKind(OpModel<ReluOp>::getOpRuntime(huge, dram, dram)) ==
        OpModelErrorKind::Backend);
}

void cacheChecks(MLIRContext &ctx) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      R"(func.func @f(%a: tensor<64x1024xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
           %0 = ttnn.relu %a : tensor<64x1024xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x1024xbf16, #ttnn.layout<l1, interleaved, bf16>>
           %1 = ttnn.exp %a : tensor<64x1024xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x1024xbf16, #ttnn.layout<l1, interleaved, bf16>>
           return
         })",
      &ctx);
  CHECK(bool(module));
  if (!module)
    return;
  auto func = cast<func::FuncOp>(module->getBody()->front());
  Operation *relu = &func.getBody().front().front();
  Operation *exp = relu->getNextNode();

  OpModelCache<size_t> cache;
  cache.setConstantHashForTesting(true);
  int calls = 0;
  auto fn = [&](int64_t x, llvm::ArrayRef<int64_t> v) -> llvm::Expected<size_t> {
    ++calls;
    return size_t(x) * 1000 + v.size();
  };
  llvm::SmallVector<int64_t> v2{1, 2}, v3{1, 2, 3};
  // Same hash for all; different op kinds and args stay apart.
  CHECK(valueOr(cache.getOrCompute(fn, relu, int64_t(1), llvm::ArrayRef(v2)), size_t(0)) == 1002);
  CHECK(valueOr(cache.getOrCompute(fn, relu, int64_t(1), llvm::ArrayRef(v3)), size_t(0)) == 1003);
  CHECK(valueOr(cache.getOrCompute(fn, exp, int64_t(1), llvm::ArrayRef(v2)), size_t(0)) == 1002);
  CHECK(valueOr(cache.getOrCompute(fn, relu, int64_t(1), llvm::ArrayRef(v2)), size_t(0)) == 1002);
  CHECK(calls == 3);
  CacheStats stats = cache.getStats();
  CHECK(stats.hits == 1 && stats.misses == 3 && stats.entries == 3);

  // Errors are cached with their kind; "not supported" is not cached.
  int failing = 0;
  auto backend = [&](int64_t) -> llvm::Expected<size_t> {
    ++failing;
    return backendError("illegal");
  };
  auto unsupported = [&](bool) -> llvm::Expected<size_t> {
    ++failing;
    return notSupportedError("later");
  };
  for (int i = 0; i < 2; ++i) {
    CHECK(errorKind(cache.getOrCompute(backend, relu, int64_t(7))) ==
          OpModelErrorKind::Backend);
    CHECK(errorKind(cache.getOrCompute(unsupported, relu, true)) ==
          OpModelErrorKind::NotSupported);
  }
  CHECK(failing == 3);
}
} // namespace

int main() {
  DialectRegistry registry;
  mlir::ttlang::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  allocatorChecks();
  entryChecks(ctx);
  cacheChecks(ctx);
  llvm::outs() << (failures ? "FAILED" : "PASSED") << ": " << checks - failures
               << " of " << checks << " checks\n";
  return failures ? 1 : 0;
}
