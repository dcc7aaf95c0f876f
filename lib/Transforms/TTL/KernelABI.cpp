//===- KernelABI.cpp - argument layout of a generated kernel --------------===//

#include "ttl/Transforms/TTL/KernelABI.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "llvm/ADT/SmallBitVector.h"
#include <algorithm>
#include <map>

using namespace mlir;
using namespace mlir::ttl;

std::string ttl::getDataflowBufferName(Operation *createDfb,
                                       int32_t physicalIndex) {
  if (auto name = dyn_cast<NameLoc>(createDfb->getLoc()))
    return name.getName().str();
  return "dfb" + std::to_string(physicalIndex);
}

static std::optional<int64_t> findOffset(ArrayRef<KernelArgSlot> slots,
                                         KernelArgKind kind, StringRef ref) {
  for (const KernelArgSlot &slot : slots)
    if (slot.kind == kind && slot.ref == ref)
      return slot.offset;
  return std::nullopt;
}

std::optional<int64_t> KernelABI::dfbWord(int32_t physicalIndex) const {
  // DFB slots are in ascending physical index; the ref is the name, so match
  // on the order the slots were built from.
  for (const KernelArgSlot &slot : compileTime)
    if (slot.kind == KernelArgKind::DfbIndex && slot.count == 1 &&
        dfbIndices.lookup(slot.offset) == physicalIndex)
      return slot.offset;
  return std::nullopt;
}

std::optional<int64_t> KernelABI::accessorWord(unsigned argIndex) const {
  return findOffset(compileTime, KernelArgKind::TensorAccessor,
                    std::to_string(argIndex));
}

std::optional<int64_t> KernelABI::addressWord(unsigned argIndex) const {
  return findOffset(commonRuntime, KernelArgKind::BufferAddress,
                    std::to_string(argIndex));
}

std::optional<int64_t> KernelABI::bankCoordsWord(unsigned argIndex) const {
  return findOffset(commonRuntime, KernelArgKind::ShardBankCoords,
                    std::to_string(argIndex));
}

std::optional<int64_t> KernelABI::scalarWord(unsigned argIndex) const {
  return findOffset(commonRuntime, KernelArgKind::Scalar,
                    std::to_string(argIndex));
}

KernelABIAttr KernelABI::toAttr(MLIRContext *context) const {
  auto list = [&](ArrayRef<KernelArgSlot> slots) {
    SmallVector<Attribute> entries;
    for (const KernelArgSlot &slot : slots)
      entries.push_back(KernelArgAttr::get(context, slot.kind, slot.ref,
                                           slot.count, slot.words));
    return ArrayAttr::get(context, entries);
  };
  return KernelABIAttr::get(context, list(compileTime), list(commonRuntime),
                            list(perCoreRuntime));
}

FailureOr<KernelABI> KernelABI::fromAttr(KernelABIAttr record,
                                         func::FuncOp kernel) {
  KernelABI abi;
  auto slots = [](ArrayAttr list, SmallVectorImpl<KernelArgSlot> &out) {
    int64_t offset = 0;
    for (auto arg : list.getAsRange<KernelArgAttr>()) {
      out.push_back({arg.getKind(), arg.getRef().str(), arg.getCount(), offset,
                     SmallVector<int64_t, 2>(arg.getWords())});
      offset += arg.getCount();
    }
  };
  slots(record.getCompileTime(), abi.compileTime);
  slots(record.getCommonRuntime(), abi.commonRuntime);
  slots(record.getPerCoreRuntime(), abi.perCoreRuntime);
  for (const KernelArgSlot &slot : abi.compileTime) {
    if (slot.kind == KernelArgKind::DfbIndex)
      abi.dfbIndices[slot.offset] = static_cast<int32_t>(slot.words.front());
    else if (slot.kind == KernelArgKind::CallerArgCount)
      abi.callerCountWord = slot.offset;
  }
  abi.callerArgs = llvm::any_of(abi.perCoreRuntime, [](const KernelArgSlot &s) {
    return s.kind == KernelArgKind::CallerArgs;
  });
  FailureOr<DataflowBufferConfigLayout> configs =
      computeDataflowBufferConfigs(kernel);
  if (failed(configs))
    return failure();
  abi.configs = std::move(*configs);
  return abi;
}

/// The compile-time TensorAccessorArgs words of a copied tensor: the ArgsConfig
/// word and the aligned page size (one tile; for a row-major tensor one row
/// of its last dimension, rounded up to the target's alignment of its memory,
/// as ttnn's buffer's aligned page size is); for a sharded tensor then, as
/// TT-Metal's sharded TensorAccessorArgs lay them out (tensor_accessor_args.h):
/// rank 2, the bank count (one bank per shard, round-robin), the tensor's and
/// a shard's shape in tiles; the bank coordinates are common runtime args.
static SmallVector<int64_t, 2> accessorWords(RankedTensorType type,
                                             const TargetCapacity &target) {
  auto layout = cast<LayoutAttr>(type.getEncoding());
  bool dram = layout.getMemorySpace() == MemorySpace::DRAM;
  int64_t page = tileSizeBytes(type.getElementType());
  if (layout.getTensorLayout() == TensorLayout::RowMajor) {
    int64_t align = dram ? target.dramAlignment : target.l1Alignment;
    int64_t row = type.getShape().back() *
                  type.getElementType().getIntOrFloatBitWidth() / 8;
    page = (row + align - 1) / align * align;
  }
  if (!layout.isSharded()) {
    int64_t config = dram ? kAccessorArgConfigIsDram : 0;
    return {config, page};
  }
  // The tensor type verified the spec (LayoutAttr::verifyEncoding).
  ShardGeometry g = *getShardGeometry(type.getShape(), layout, [&] {
    return emitError(UnknownLoc::get(type.getContext()));
  });
  return {kAccessorArgConfigSharded | kAccessorArgConfigRuntimeBankCoords,
          page,
          2,
          static_cast<int64_t>(g.cores.size()),
          g.rows / kTileDim,
          g.cols / kTileDim,
          g.shardRows / kTileDim,
          g.shardCols / kTileDim};
}

/// The logical cores of a sharded tensor's banks, (x << 8) | y each.
static SmallVector<int64_t, 2> bankCoreWords(RankedTensorType type) {
  auto layout = cast<LayoutAttr>(type.getEncoding());
  ShardGeometry g = *getShardGeometry(type.getShape(), layout, [&] {
    return emitError(UnknownLoc::get(type.getContext()));
  });
  SmallVector<int64_t, 2> words;
  for (auto [x, y] : g.cores)
    words.push_back((x << 8) | y);
  return words;
}

FailureOr<KernelABI> ttl::computeKernelABI(func::FuncOp kernel,
                                           const TargetCapacity &target) {
  KernelABI abi;
  // DFBs, ascending physical index (one slot per index).
  std::map<int32_t, Operation *> dfbs;
  WalkResult walk = kernel.walk([&](CreateDataflowBufferOp op) {
    std::optional<int32_t> index = op.getPhysicalIndex();
    if (!index) {
      op.emitOpError("has no physical_index; run ttl-assign-dfb-indices "
                     "before lowering to TT-Metal kernels");
      return WalkResult::interrupt();
    }
    dfbs.emplace(*index, op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  int64_t word = 0;
  for (auto [index, op] : dfbs) {
    abi.dfbIndices[word] = index;
    abi.compileTime.push_back({KernelArgKind::DfbIndex,
                               getDataflowBufferName(op, index), 1, word,
                               {index}});
    ++word;
  }

  // Tensors copied from or to, in parameter order.
  llvm::SmallBitVector accessed(kernel.getNumArguments());
  walk = kernel.walk([&](Operation *op) {
    Value tensor;
    if (auto load = dyn_cast<LoadTilesOp>(op))
      tensor = load.getTensor();
    else if (auto store = dyn_cast<StoreTilesOp>(op))
      tensor = store.getTensor();
    else if (auto load = dyn_cast<LoadRowsOp>(op))
      tensor = load.getTensor();
    else if (auto store = dyn_cast<StoreRowsOp>(op))
      tensor = store.getTensor();
    else if (auto call = dyn_cast<CallExternFuncOp>(op)) {
      // External calls take tensor arguments as TensorAccessors.
      for (Value arg : call.getFuncArgs())
        if (auto param = dyn_cast<BlockArgument>(arg);
            param && isa<RankedTensorType>(arg.getType()) &&
            param.getOwner() == &kernel.front())
          accessed.set(param.getArgNumber());
      return WalkResult::advance();
    } else
      return WalkResult::advance();
    auto arg = dyn_cast<BlockArgument>(tensor);
    if (!arg || arg.getOwner() != &kernel.front()) {
      op->emitOpError("copies a tensor that is not a parameter of its kernel");
      return WalkResult::interrupt();
    }
    // The copy ops' verifiers checked the layout: tiles of a tiled tensor,
    // rows of an interleaved row-major one.
    accessed.set(arg.getArgNumber());
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  int64_t address = 0;
  for (unsigned arg : accessed.set_bits()) {
    std::string ref = std::to_string(arg);
    SmallVector<int64_t, 2> words =
        accessorWords(cast<RankedTensorType>(kernel.getArgument(arg).getType()),
                      target);
    int64_t count = static_cast<int64_t>(words.size());
    abi.compileTime.push_back(
        {KernelArgKind::TensorAccessor, ref, count, word, std::move(words)});
    word += count;
    abi.commonRuntime.push_back(
        {KernelArgKind::BufferAddress, ref, 1, address++});
  }
  // Tensors whose raw address an external call takes, without an accessor.
  llvm::SmallBitVector addressed(kernel.getNumArguments());
  kernel.walk([&](RawAddrOp op) {
    auto param = cast<BlockArgument>(op.getTensor());
    if (!accessed.test(param.getArgNumber()))
      addressed.set(param.getArgNumber());
  });
  for (unsigned arg : addressed.set_bits())
    abi.commonRuntime.push_back(
        {KernelArgKind::BufferAddress, std::to_string(arg), 1, address++});
  // Sharded accessors' bank coordinates (their RuntimeBankCoords words).
  for (unsigned arg : accessed.set_bits()) {
    auto type = cast<RankedTensorType>(kernel.getArgument(arg).getType());
    if (!cast<LayoutAttr>(type.getEncoding()).isSharded())
      continue;
    SmallVector<int64_t, 2> cores = bankCoreWords(type);
    int64_t count = (static_cast<int64_t>(cores.size()) + 1) / 2;
    abi.commonRuntime.push_back({KernelArgKind::ShardBankCoords,
                                 std::to_string(arg), count, address,
                                 std::move(cores)});
    address += count;
  }
  // Scalar parameters the kernel reads (index or i32 arguments): one word
  // each, so one program serves every value (the runtime writes them per call).
  for (BlockArgument arg : kernel.getArguments())
    if ((isa<IndexType>(arg.getType()) || arg.getType().isInteger(32)) &&
        !arg.use_empty())
      abi.commonRuntime.push_back({KernelArgKind::Scalar,
                                   std::to_string(arg.getArgNumber()), 1,
                                   address++});

  // Runtime resources and DFB reconfiguration: caller words keep indices
  // 0..n-1; configuration offsets follow at n + k, n being a compile-time arg.
  FailureOr<DataflowBufferConfigLayout> configs =
      computeDataflowBufferConfigs(kernel);
  if (failed(configs))
    return failure();
  abi.callerArgs = kernel->hasAttr(TTLDialect::kRuntimeResourcesAttrName);
  if (abi.callerArgs)
    abi.perCoreRuntime.push_back({KernelArgKind::CallerArgs, "caller", 0, 0});
  if (!configs->configs.empty() && abi.callerArgs) {
    abi.callerCountWord = word;
    abi.compileTime.push_back(
        {KernelArgKind::CallerArgCount, "caller", 1, word++});
  }
  for (auto [k, config] : llvm::enumerate(configs->configs))
    abi.perCoreRuntime.push_back({KernelArgKind::DfbConfigAddress, config.name,
                                  1, static_cast<int64_t>(k)});
  abi.configs = std::move(*configs);
  return abi;
}

FailureOr<DataflowBufferConfigLayout>
ttl::computeDataflowBufferConfigs(func::FuncOp kernel) {
  DataflowBufferConfigLayout layout;
  std::map<int32_t, int64_t> reconfigurations;
  WalkResult walk = kernel.walk([&](Operation *op) {
    if (auto create = dyn_cast<CreateDataflowBufferOp>(op)) {
      // DFBs with disjoint lifecycles may share an index (ttl-assign-dfb-indices):
      // the allocation fits the largest. A reconfigured DFB is opaque to that
      // analysis, so it never shares its index.
      if (std::optional<int32_t> index = create.getPhysicalIndex()) {
        int64_t &total = layout.totalBytes[*index];
        total = std::max(total, create.getResult().getType().getTotalSizeBytes());
      }
      return WalkResult::advance();
    }
    auto reconfigure = dyn_cast<ReconfigureDataflowBufferOp>(op);
    if (!reconfigure)
      return WalkResult::advance();
    auto create = reconfigure.getDfb().getDefiningOp<CreateDataflowBufferOp>();
    std::optional<int32_t> index = create.getPhysicalIndex();
    if (!index) {
      create.emitOpError("has no physical_index; run ttl-assign-dfb-indices "
                         "before lowering to TT-Metal kernels");
      return WalkResult::interrupt();
    }
    DataflowBufferType type = create.getResult().getType();
    int64_t pages = type.getPagesPerBlock() * reconfigure.getBlockCount();
    int64_t &total = layout.totalBytes[*index];
    if (total == 0)
      total = type.getTotalSizeBytes();
    std::string dfbName = getDataflowBufferName(create, *index);
    layout.configs.push_back(
        {op, dfbName + "#" + std::to_string(++reconfigurations[*index]),
         dfbName, *index, total, pages, type.getPageSizeBytes()});
    total += pages * type.getPageSizeBytes();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return layout;
}
