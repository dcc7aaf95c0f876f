//===- TTLAttrs.cpp - TTL enums and attributes ----------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTL/IR/TTLPipes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <set>

using namespace mlir;
using namespace mlir::ttl;

#include "ttl/Dialect/TTL/IR/TTLOpsEnums.cpp.inc"

/// A #ttl.pipe's destination span: `to` (a rectangle) or `through` (a run of
/// cores in node order; TTLPipes.td).
static ParseResult parsePipeSpan(AsmParser &parser, bool &run) {
  run = succeeded(parser.parseOptionalKeyword("through"));
  return run ? success() : parser.parseKeyword("to");
}

static void printPipeSpan(AsmPrinter &printer, bool run) {
  printer << (run ? "through" : "to");
}

#define GET_ATTRDEF_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOpsAttrs.cpp.inc"

void TTLDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ttl/Dialect/TTL/IR/TTLOpsAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// KernelAttr
//===----------------------------------------------------------------------===//

// #ttl.kernel<KIND> | #ttl.kernel<KIND, "name", "operation">
Attribute KernelAttr::parse(AsmParser &parser, Type) {
  std::string kindName;
  if (parser.parseLess() || parser.parseKeywordOrString(&kindName))
    return {};
  std::optional<KernelKind> kind = symbolizeKernelKind(kindName);
  if (!kind) {
    parser.emitError(parser.getCurrentLocation(),
                     "expected kernel kind 'compute' or 'data_movement', got '")
        << kindName << "'";
    return {};
  }
  std::string name, operation;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseString(&name) || parser.parseComma() ||
        parser.parseString(&operation))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<KernelAttr>(parser.getContext(), *kind, name,
                                       operation);
}

void KernelAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyKernelKind(getKind());
  if (!isCanonicalSelector()) {
    printer << ", ";
    printer.printString(getName());
    printer << ", ";
    printer.printString(getOperation());
  }
  printer << '>';
}

LogicalResult KernelAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 KernelKind, StringRef name,
                                 StringRef operation) {
  if (name.empty() && !operation.empty())
    return emitError() << "logical kernel with operation identity '"
                       << operation << "' needs a capture name";
  if (!name.empty() && operation.empty())
    return emitError() << "logical kernel '" << name
                       << "' needs an operation identity";
  return success();
}

KernelAttr KernelAttr::resolve(StringRef operationId) const {
  if (!isCanonicalSelector())
    return *this;
  return KernelAttr::get(getContext(), getKind(),
                         stringifyKernelKind(getKind()), operationId);
}

std::string KernelAttr::getDisplayName() const {
  if (isCanonicalSelector())
    return stringifyKernelKind(getKind()).str();
  return getName().str();
}

//===----------------------------------------------------------------------===//
// Kernel records
//===----------------------------------------------------------------------===//

LogicalResult CoreRangeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    int64_t x0, int64_t y0, int64_t x1,
                                    int64_t y1) {
  if (x0 < 0 || y0 < 0 || x1 < x0 || y1 < y0)
    return emitError() << "core range (" << x0 << ", " << y0 << ") to (" << x1
                       << ", " << y1
                       << ") must have 0 <= x0 <= x1 and 0 <= y0 <= y1";
  return success();
}

/// Slots whose words the compiler knows: they carry them.
static bool hasFinishedWords(KernelArgKind kind) {
  return kind == KernelArgKind::DfbIndex ||
         kind == KernelArgKind::TensorAccessor;
}

LogicalResult KernelArgAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    KernelArgKind kind, StringRef ref,
                                    int64_t count, ArrayRef<int64_t> words) {
  if (ref.empty())
    return emitError() << stringifyKernelArgKind(kind)
                       << " slot needs a nonempty ref";
  if (kind == KernelArgKind::CallerArgs ? count != 0 : count < 1)
    return emitError() << stringifyKernelArgKind(kind) << " slot '" << ref
                       << "' has count " << count << "; "
                       << (kind == KernelArgKind::CallerArgs
                               ? "caller_args counts 0 (as many words as the "
                                 "caller gives)"
                               : "a slot takes at least one word");
  if (kind == KernelArgKind::ShardBankCoords) {
    // One logical core per bank, two banks per runtime word.
    if (words.empty() || count != (static_cast<int64_t>(words.size()) + 1) / 2)
      return emitError() << "shard_bank_coords slot '" << ref << "' counts "
                         << count << " words for " << words.size()
                         << " banks; it takes (banks + 1) / 2";
    return success();
  }
  if (kind == KernelArgKind::CoreCoord && count != 2)
    return emitError() << "core_coord slot '" << ref << "' has count " << count
                       << "; a core coordinate takes 2 words (x, y)";
  if (hasFinishedWords(kind) && static_cast<int64_t>(words.size()) != count)
    return emitError() << stringifyKernelArgKind(kind) << " slot '" << ref
                       << "' carries " << words.size() << " words but counts "
                       << count;
  if (!hasFinishedWords(kind) && !words.empty())
    return emitError() << stringifyKernelArgKind(kind) << " slot '" << ref
                       << "' is filled by the runtime and carries no words";
  return success();
}

/// Kinds each argument list may hold (docs/kernel-abi.md).
static bool allowedIn(StringRef list, KernelArgKind kind) {
  switch (kind) {
  case KernelArgKind::DfbIndex:
  case KernelArgKind::TensorAccessor:
  case KernelArgKind::CallerArgCount:
    return list == "compile_time";
  case KernelArgKind::BufferAddress:
  case KernelArgKind::Scalar:
    return list != "compile_time";
  case KernelArgKind::ShardBankCoords:
    return list == "common_runtime";
  case KernelArgKind::CallerArgs:
  case KernelArgKind::DfbConfigAddress:
  case KernelArgKind::CoreCoord:
    return list == "per_core_runtime";
  }
  llvm_unreachable("unknown kernel argument kind");
}

LogicalResult KernelABIAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    ArrayAttr compileTime,
                                    ArrayAttr commonRuntime,
                                    ArrayAttr perCoreRuntime) {
  for (auto [list, slots] :
       {std::pair<StringRef, ArrayAttr>{"compile_time", compileTime},
        {"common_runtime", commonRuntime},
        {"per_core_runtime", perCoreRuntime}})
    for (Attribute slot : slots) {
      auto arg = dyn_cast<KernelArgAttr>(slot);
      if (!arg)
        return emitError() << list << " element " << slot
                           << " is not a #ttl.arg";
      if (!allowedIn(list, arg.getKind()))
        return emitError() << "a " << stringifyKernelArgKind(arg.getKind())
                           << " slot cannot be a " << list << " argument";
    }
  // Where the runtime finds the caller's per-core words and what follows
  // them (docs/kernel-abi.md, "Per-core runtime args").
  auto positions = [](ArrayAttr slots, KernelArgKind kind) {
    SmallVector<size_t> found;
    for (auto [position, slot] : llvm::enumerate(slots))
      if (cast<KernelArgAttr>(slot).getKind() == kind)
        found.push_back(position);
    return found;
  };
  SmallVector<size_t> callerCount =
      positions(compileTime, KernelArgKind::CallerArgCount);
  SmallVector<size_t> caller = positions(perCoreRuntime, KernelArgKind::CallerArgs);
  if (callerCount.size() > 1)
    return emitError() << "two caller_arg_count slots";
  if (caller.size() > 1)
    return emitError() << "two caller_args slots";
  if (caller.empty())
    return success();
  if (caller[0] != 0 &&
      !positions(perCoreRuntime, KernelArgKind::DfbConfigAddress).empty())
    return emitError() << "the caller_args slot of a reconfiguring kernel "
                          "comes first in per_core_runtime (its "
                          "dfb_config_address slots follow it)";
  if (caller[0] + 1 != perCoreRuntime.size() && callerCount.empty())
    return emitError() << "per_core_runtime slots follow the caller's words, "
                          "so the kernel needs a caller_arg_count compile-time "
                          "slot to find them";
  return success();
}

LogicalResult DataflowBufferSpecAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef name, int64_t index,
    DataFormat, int64_t pageSize, int64_t totalSize,
    DenseI64ArrayAttr blockShape, int64_t blockCount,
    int64_t reconfiguredBlocks, StringRef, TensorLayout) {
  if (name.empty() || index < 0 || pageSize < 1 || totalSize < pageSize ||
      blockShape.size() != 2 || blockShape[0] < 1 || blockShape[1] < 1 ||
      blockCount < 1 || reconfiguredBlocks < 0)
    return emitError()
           << "DFB spec '" << name
           << "' needs a name, index >= 0, page_size >= 1, total_size >= "
              "page_size, a 2-D block_shape of positive tiles, block_count "
              ">= 1 and reconfigured_blocks >= 0";
  return success();
}

template <typename AttrT>
static LogicalResult
checkElements(function_ref<InFlightDiagnostic()> emitError, StringRef field,
              ArrayAttr list, StringRef expected) {
  for (Attribute element : list)
    if (!isa<AttrT>(element))
      return emitError() << field << " element " << element << " is not "
                         << expected;
  return success();
}

LogicalResult
FabricClaimIntervalAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                StringRef name, int64_t start, int64_t end) {
  if (name.empty())
    return emitError() << "fabric claim needs a nonempty name";
  if (start < 0 || end <= start)
    return emitError() << "fabric claim '" << name << "' interval [" << start
                       << ", " << end << ") is empty or negative";
  return success();
}

/// What a record's slots and lists name is in the record: each dfb_index slot
/// a DFB of `dataflow_buffers` (with its physical index as the word), each
/// dfb_config_address slot one of `dfb_configurations`, each configuration a
/// DFB, each unpack_to_dest index an f32 DFB.
static LogicalResult
verifyRecordReferences(function_ref<InFlightDiagnostic()> emitError,
                       KernelABIAttr abi, ArrayAttr dataflowBuffers,
                       ArrayAttr dfbConfigurations,
                       DenseI64ArrayAttr unpackToDest) {
  llvm::StringMap<DataflowBufferSpecAttr> byName;
  llvm::DenseMap<int64_t, DataflowBufferSpecAttr> byIndex;
  for (auto dfb : dataflowBuffers.getAsRange<DataflowBufferSpecAttr>()) {
    byName[dfb.getName()] = dfb;
    byIndex[dfb.getIndex()] = dfb;
  }
  llvm::StringSet<> configs;
  for (auto config : dfbConfigurations.getAsRange<DataflowBufferConfigAttr>()) {
    if (!byName.count(config.getDfb()))
      return emitError() << "DFB configuration '" << config.getName()
                         << "' reconfigures DFB '" << config.getDfb()
                         << "', which is not in dataflow_buffers";
    configs.insert(config.getName());
  }
  for (auto arg : abi.getCompileTime().getAsRange<KernelArgAttr>()) {
    if (arg.getKind() != KernelArgKind::DfbIndex)
      continue;
    auto dfb = byName.lookup(arg.getRef());
    if (!dfb)
      return emitError() << "dfb_index slot '" << arg.getRef()
                         << "' names a DFB that is not in dataflow_buffers";
    int64_t index = dfb.getIndex();
    if (arg.getWords() != ArrayRef<int64_t>(index))
      return emitError() << "dfb_index slot '" << arg.getRef() << "' carries ["
                         << arg.getWords() << "], not its DFB's physical index "
                         << index;
  }
  for (auto arg : abi.getPerCoreRuntime().getAsRange<KernelArgAttr>())
    if (arg.getKind() == KernelArgKind::DfbConfigAddress &&
        !configs.contains(arg.getRef()))
      return emitError() << "dfb_config_address slot '" << arg.getRef()
                         << "' names a configuration that is not in "
                            "dfb_configurations";
  for (int64_t index : unpackToDest.asArrayRef()) {
    auto dfb = byIndex.lookup(index);
    if (!dfb || dfb.getDataFormat() != DataFormat::Float32)
      return emitError() << "unpack_to_dest names DFB index " << index
                         << ", which is not an f32 DFB of dataflow_buffers";
  }
  return success();
}

LogicalResult KernelRecordAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, KernelAttr kernel,
    ProcessorRole role, ArrayAttr coreRanges, KernelABIAttr abi,
    ArrayAttr dataflowBuffers, ArrayAttr dfbConfigurations,
    ArrayAttr includePaths, BoolAttr, BoolAttr fp32DestAccEn,
    DenseI64ArrayAttr unpackToDest, ArrayAttr fabricClaims) {
  if (kernel.isCanonicalSelector())
    return emitError() << "kernel record needs a resolved #ttl.kernel";
  if ((kernel.getKind() == KernelKind::Compute) !=
      (role == ProcessorRole::Compute))
    return emitError() << "a " << stringifyKernelKind(kernel.getKind())
                       << " kernel cannot run in role "
                       << stringifyProcessorRole(role);
  if (coreRanges.empty())
    return emitError() << "kernel record needs at least one core range";
  if (failed(checkElements<CoreRangeAttr>(emitError, "core_ranges", coreRanges,
                                          "a #ttl.core_range")) ||
      failed(checkElements<DataflowBufferSpecAttr>(
          emitError, "dataflow_buffers", dataflowBuffers, "a #ttl.dfb_spec")) ||
      failed(checkElements<DataflowBufferConfigAttr>(
          emitError, "dfb_configurations", dfbConfigurations,
          "a #ttl.dfb_config")) ||
      failed(checkElements<StringAttr>(emitError, "include_paths",
                                       includePaths, "a string")) ||
      failed(checkElements<FabricClaimIntervalAttr>(
          emitError, "fabric_claims", fabricClaims, "a #ttl.fabric_claim")))
    return failure();
  llvm::StringSet<> claimNames;
  for (Attribute claim : fabricClaims)
    if (!claimNames.insert(cast<FabricClaimIntervalAttr>(claim).getName())
             .second)
      return emitError() << "fabric claim '"
                         << cast<FabricClaimIntervalAttr>(claim).getName()
                         << "' is recorded twice";
  if (!unpackToDest.empty() &&
      (!fp32DestAccEn.getValue() || role != ProcessorRole::Compute))
    return emitError()
           << "unpack_to_dest needs a compute kernel with fp32_dest_acc_en";
  if (fp32DestAccEn.getValue() && role != ProcessorRole::Compute)
    return emitError() << "fp32_dest_acc_en is for compute kernels";
  if (!llvm::is_sorted(unpackToDest.asArrayRef()) ||
      llvm::adjacent_find(unpackToDest.asArrayRef()) !=
          unpackToDest.asArrayRef().end())
    return emitError() << "unpack_to_dest names a DFB twice or out of order: ["
                       << unpackToDest.asArrayRef() << "]";
  return verifyRecordReferences(emitError, abi, dataflowBuffers,
                                dfbConfigurations, unpackToDest);
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

LogicalResult TTLDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kKernelsAttrName) {
    auto selection = dyn_cast<ArrayAttr>(attr.getValue());
    if (!selection || selection.empty())
      return op->emitOpError("'")
             << kKernelsAttrName
             << "' must be a nonempty array of #ttl.kernel selectors";
    llvm::SmallPtrSet<Attribute, 4> seen;
    for (Attribute element : selection) {
      if (!isa<KernelAttr>(element))
        return op->emitOpError("'")
               << kKernelsAttrName << "' element " << element
               << " is not a #ttl.kernel selector";
      if (!seen.insert(element).second)
        return op->emitOpError("'")
               << kKernelsAttrName << "' selects " << element << " twice";
    }
    return success();
  }
  if (name == kKernelAttrName) {
    auto kernel = dyn_cast<KernelAttr>(attr.getValue());
    if (!kernel || kernel.isCanonicalSelector() || !isa<func::FuncOp>(op))
      return op->emitOpError("'")
             << kKernelAttrName
             << "' must be a resolved #ttl.kernel on a kernel function";
    return success();
  }
  if (name == kOperationIdAttrName) {
    auto id = dyn_cast<StringAttr>(attr.getValue());
    auto func = dyn_cast<func::FuncOp>(op);
    if (!id || id.getValue().empty() || !func)
      return op->emitOpError("'")
             << kOperationIdAttrName
             << "' must be a nonempty string on a function";
    // Operation and kernel functions take tensors with a memory placement.
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (tensor && !isa_and_nonnull<LayoutAttr>(tensor.getEncoding()))
        return op->emitOpError("tensor argument #")
               << index << " " << type
               << " of a TTL operation has no #ttl.layout memory placement";
    }
    return success();
  }
  if (name == kGridAttrName) {
    auto grid = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!grid || grid.size() != 2 || grid[0] < 1 || grid[1] < 1)
      return op->emitOpError("'")
             << kGridAttrName
             << "' must be array<i64: cols, rows> with positive extents";
    return success();
  }
  if (name == kRuntimeResourcesAttrName) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<func::FuncOp>(op) ||
        !op->hasAttr(kOperationIdAttrName))
      return op->emitOpError("'")
             << kRuntimeResourcesAttrName
             << "' must be a unit attribute on an operation or kernel function";
    return success();
  }
  if (name == kFp32DestAccAttrName) {
    if (!isa<BoolAttr>(attr.getValue()) || !isa<func::FuncOp>(op) ||
        !op->hasAttr(kOperationIdAttrName))
      return op->emitOpError("'")
             << kFp32DestAccAttrName
             << "' must be a bool attribute on an operation or kernel function";
    return success();
  }
  if (name == kCoreRangesAttrName) {
    auto ranges = dyn_cast<ArrayAttr>(attr.getValue());
    if (!ranges || ranges.empty() || !isa<func::FuncOp>(op) ||
        !llvm::all_of(ranges, llvm::IsaPred<CoreRangeAttr>))
      return op->emitOpError("'")
             << kCoreRangesAttrName
             << "' must be a nonempty array of #ttl.core_range on a kernel "
                "function";
    return success();
  }
  if (name == kProcessorRoleAttrName || name == kAbiAttrName ||
      name == kDataflowBuffersAttrName || name == kDfbConfigurationsAttrName) {
    Attribute value = attr.getValue();
    bool typed =
        name == kProcessorRoleAttrName ? isa<ProcessorRoleAttr>(value)
        : name == kAbiAttrName         ? isa<KernelABIAttr>(value)
        : name == kDataflowBuffersAttrName
            ? isa<ArrayAttr>(value) &&
                  llvm::all_of(cast<ArrayAttr>(value),
                               llvm::IsaPred<DataflowBufferSpecAttr>)
            : isa<ArrayAttr>(value) &&
                  llvm::all_of(cast<ArrayAttr>(value),
                               llvm::IsaPred<DataflowBufferConfigAttr>);
    if (!typed || !isa<func::FuncOp>(op) || !op->hasAttr(kKernelAttrName))
      return op->emitOpError("'")
             << name << "' must be a "
             << (name == kProcessorRoleAttrName ? "#ttl.processor_role"
                 : name == kAbiAttrName         ? "#ttl.abi"
                 : name == kDataflowBuffersAttrName
                     ? "array of #ttl.dfb_spec"
                     : "array of #ttl.dfb_config")
             << " on a kernel function";
    return success();
  }
  if (name == kFabricClaimsAttrName) {
    auto claims = dyn_cast<ArrayAttr>(attr.getValue());
    if (!claims || !llvm::all_of(claims, llvm::IsaPred<FabricClaimIntervalAttr>) ||
        !isa<func::FuncOp>(op) || !op->hasAttr(kKernelAttrName))
      return op->emitOpError("'")
             << kFabricClaimsAttrName
             << "' must be an array of #ttl.fabric_claim on a kernel function";
    return success();
  }
  if (name == kUnpackToDestAttrName) {
    auto indices = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    auto kernel = op->getAttrOfType<KernelAttr>(kKernelAttrName);
    bool sorted =
        indices && llvm::all_of(llvm::enumerate(indices.asArrayRef()),
                                [&](auto entry) {
                                  return entry.value() >= 0 &&
                                         (entry.index() == 0 ||
                                          indices[entry.index() - 1] <
                                              entry.value());
                                });
    if (!sorted || !isa<func::FuncOp>(op) || !kernel ||
        kernel.getKind() != KernelKind::Compute)
      return op->emitOpError("'")
             << kUnpackToDestAttrName
             << "' must be an array<i64> of ascending physical DFB indices on "
                "a compute kernel function";
    return success();
  }
  if (name == kAccumulationAttrName) {
    auto store = dyn_cast<StoreOp>(op);
    if (!isa<AccumulationAttr>(attr.getValue()) || !store ||
        !store.getAccumulate())
      return op->emitOpError("'")
             << kAccumulationAttrName
             << "' must be a #ttl.accumulation on an accumulating ttl.store";
    return success();
  }
  if (name == kIndexedPackAttrName) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<StoreOp>(op))
      return op->emitOpError("'")
             << kIndexedPackAttrName << "' must be a unit attribute on a ttl.store";
    return success();
  }
  if (name == kKernelRecordAttrName) {
    if (!isa<KernelRecordAttr>(attr.getValue()) ||
        op->getName().getStringRef() != "emitc.file")
      return op->emitOpError("'")
             << kKernelRecordAttrName
             << "' must be a #ttl.kernel_record on an emitc.file";
    return success();
  }
  if (LogicalResult pipes = verifyPipeAttribute(op, name, attr.getValue());
      succeeded(pipes) || name.starts_with("ttl.pipe_"))
    return pipes;
  return op->emitOpError("unknown ttl attribute '") << name << "'";
}

//===----------------------------------------------------------------------===//
// Sharded tensors: #ttl.shard and the tensor encoding's verifier
//===----------------------------------------------------------------------===//

LogicalResult ShardSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    ArrayAttr grid, ArrayRef<int64_t> shape,
                                    ShardOrientation orientation) {
  if (grid.empty() || !llvm::all_of(grid, llvm::IsaPred<CoreRangeAttr>))
    return emitError() << "shard grid must be a nonempty array of "
                          "#ttl.core_range";
  if (shape.size() != 2 || shape[0] < 1 || shape[1] < 1)
    return emitError() << "shard shape must be [rows, cols] in elements, both "
                          "positive";
  std::set<std::pair<int64_t, int64_t>> seen;
  for (auto range : grid.getAsRange<CoreRangeAttr>())
    for (int64_t y = range.getY0(); y <= range.getY1(); ++y)
      for (int64_t x = range.getX0(); x <= range.getX1(); ++x)
        if (!seen.insert({x, y}).second)
          return emitError() << "shard grid holds core (" << x << ", " << y
                             << ") twice";
  return success();
}

/// The grid's cores in the orientation's order: rectangle by rectangle, each
/// row by row (row_major) or column by column (col_major), as ttnn's
/// corerange_to_cores deals shards.
static SmallVector<std::pair<int64_t, int64_t>> orderedCores(ShardSpecAttr spec) {
  SmallVector<std::pair<int64_t, int64_t>> cores;
  bool rowMajor = spec.getOrientation() == ShardOrientation::RowMajor;
  for (auto r : spec.getGrid().getAsRange<CoreRangeAttr>()) {
    int64_t outerCount = rowMajor ? r.getY1() - r.getY0() : r.getX1() - r.getX0();
    int64_t innerCount = rowMajor ? r.getX1() - r.getX0() : r.getY1() - r.getY0();
    for (int64_t o = 0; o <= outerCount; ++o)
      for (int64_t i = 0; i <= innerCount; ++i)
        cores.push_back(rowMajor ? std::make_pair(r.getX0() + i, r.getY0() + o)
                                 : std::make_pair(r.getX0() + o, r.getY0() + i));
  }
  return cores;
}

static LogicalResult
computeShardGeometry(ArrayRef<int64_t> shape, LayoutAttr layout,
                     function_ref<InFlightDiagnostic()> emitError,
                     ShardGeometry &g) {
  ShardSpecAttr spec = layout.getShard();
  bool tiled = layout.getTensorLayout() == TensorLayout::Tiled;
  if (shape.empty() || llvm::any_of(shape, [](int64_t d) {
        return ShapedType::isDynamic(d) || d < 1;
      }))
    return emitError() << "a sharded tensor needs a static shape of positive "
                          "dimensions";
  auto pad = [&](int64_t d) { return tiled ? tilesCovering(d) * kTileDim : d; };
  g.cols = pad(shape.back());
  g.rows = shape.size() == 1 ? pad(1) : pad(shape[shape.size() - 2]);
  for (int64_t d : shape.drop_back(std::min<size_t>(2, shape.size())))
    g.rows *= d;
  g.shardRows = spec.getShape()[0];
  g.shardCols = spec.getShape()[1];
  if (tiled && (g.shardRows % kTileDim || g.shardCols % kTileDim))
    return emitError() << "shard shape " << g.shardRows << "x" << g.shardCols
                       << " of a tiled tensor must be whole " << kTileDim << "x"
                       << kTileDim << " tiles";
  g.gridRows = (g.rows + g.shardRows - 1) / g.shardRows;
  g.gridCols = (g.cols + g.shardCols - 1) / g.shardCols;
  SmallVector<std::pair<int64_t, int64_t>> cores = orderedCores(spec);
  StringRef scheme = stringifyMemoryLayout(layout.getMemoryLayout());
  switch (layout.getMemoryLayout()) {
  case MemoryLayout::Interleaved:
    return emitError() << "an interleaved tensor has no shard geometry";
  case MemoryLayout::HeightSharded:
  case MemoryLayout::WidthSharded: {
    bool height = layout.getMemoryLayout() == MemoryLayout::HeightSharded;
    if (height ? g.shardCols != g.cols : g.shardRows != g.rows)
      return emitError() << "a " << scheme << " shard must be as "
                         << (height ? "wide" : "tall") << " as the tensor ("
                         << g.rows << "x" << g.cols << " elements"
                         << (tiled ? ", tile-padded" : "") << "), got "
                         << g.shardRows << "x" << g.shardCols;
    int64_t shards = g.gridRows * g.gridCols;
    if (shards > static_cast<int64_t>(cores.size()))
      return emitError() << "the " << scheme << " tensor has " << shards
                         << " shards of " << g.shardRows << "x" << g.shardCols
                         << " but its shard grid has " << cores.size()
                         << " cores";
    cores.truncate(shards);
    g.cores = std::move(cores);
    return success();
  }
  case MemoryLayout::BlockSharded: {
    if (spec.getGrid().size() != 1)
      return emitError() << "a block_sharded grid must be one core range";
    auto r = cast<CoreRangeAttr>(spec.getGrid()[0]);
    bool rowMajor = spec.getOrientation() == ShardOrientation::RowMajor;
    int64_t cols = r.getX1() - r.getX0() + 1, rows = r.getY1() - r.getY0() + 1;
    int64_t needCols = rowMajor ? g.gridCols : g.gridRows;
    int64_t needRows = rowMajor ? g.gridRows : g.gridCols;
    if (needCols > cols || needRows > rows)
      return emitError() << "the block_sharded tensor has " << g.gridRows
                         << "x" << g.gridCols << " shards (rows x cols) but its "
                         << stringifyShardOrientation(spec.getOrientation())
                         << " grid is " << rows << "x" << cols
                         << " cores (rows x cols)";
    for (int64_t sr = 0; sr < g.gridRows; ++sr)
      for (int64_t sc = 0; sc < g.gridCols; ++sc)
        g.cores.push_back(rowMajor ? std::make_pair(r.getX0() + sc, r.getY0() + sr)
                                   : std::make_pair(r.getX0() + sr, r.getY0() + sc));
    return success();
  }
  }
  llvm_unreachable("unknown memory layout");
}

FailureOr<ShardGeometry>
mlir::ttl::getShardGeometry(ArrayRef<int64_t> shape, LayoutAttr layout,
                            function_ref<InFlightDiagnostic()> emitError) {
  ShardGeometry g;
  if (failed(computeShardGeometry(shape, layout, emitError, g)))
    return failure();
  return g;
}

LogicalResult
LayoutAttr::verifyEncoding(ArrayRef<int64_t> shape, Type elementType,
                           function_ref<InFlightDiagnostic()> emitError) const {
  if (!isSharded()) {
    if (getShard())
      return emitError() << "an interleaved tensor takes no #ttl.shard spec";
    return success();
  }
  StringRef scheme = stringifyMemoryLayout(getMemoryLayout());
  if (!getShard())
    return emitError() << "a " << scheme << " tensor needs a #ttl.shard spec";
  if (getMemorySpace() != MemorySpace::L1)
    return emitError() << "a " << scheme << " tensor lives in l1 (ttnn shards "
                          "into the cores' L1), got dram";
  if (getTensorLayout() != TensorLayout::Tiled)
    return emitError() << "a " << scheme << " tensor must be tiled: ttlang "
                          "addresses sharded tensors by tile pages; pass it in "
                          "tile layout (ttnn.to_layout(t, ttnn.TILE_LAYOUT)) to "
                          "keep it sharded, or row-major interleaved "
                          "(ttnn.DRAM_MEMORY_CONFIG) to copy its rows";
  ShardGeometry geometry;
  return computeShardGeometry(shape, *this, emitError, geometry);
}
