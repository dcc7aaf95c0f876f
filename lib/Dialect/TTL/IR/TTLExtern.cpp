//===- TTLExtern.cpp - external C++ calls ---------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"

#include <limits>

using namespace mlir;
using namespace mlir::ttl;

#include "ttl/Dialect/TTL/IR/TTLOpsInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// The tile count is checked by the call's verifier with the capacity it is
// bounded by: an attribute's diagnostic has no source location, the call's
// carries the user's line.
LogicalResult DFBEffectAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    DFBEffectKind, int64_t dependency,
                                    int64_t) {
  if (dependency < 0)
    return emitError() << "DFB effect dependency index must be nonnegative, got "
                       << dependency;
  return success();
}

LogicalResult
DispatchConditionAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              int64_t ordinal, Type type) {
  // An ordinal numbers a declaration of the module: a 32-bit index is ample,
  // and the passes key maps on it (LLVM's DenseMap reserves the two largest
  // int64 values as its empty and tombstone keys).
  if (ordinal < 0 || ordinal > std::numeric_limits<int32_t>::max())
    return emitError() << "dispatch condition ordinal must be in [0, "
                       << std::numeric_limits<int32_t>::max() << "], got "
                       << ordinal;
  if (!type.isSignlessInteger(32) && !type.isSignlessInteger(64))
    return emitError() << "dispatch condition type must be i32 or i64, got "
                       << type;
  return success();
}

LogicalResult
FabricManagerEffectAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                FabricManagerPhase, StringRef claim,
                                KernelAttr) {
  if (claim.empty())
    return emitError() << "fabric manager claim needs a nonempty name";
  return success();
}

//===----------------------------------------------------------------------===//
// ttl.raw_addr
//===----------------------------------------------------------------------===//

/// A base tensor is an argument of the enclosing operation or kernel function
/// (not a slice, view or computed value).
static bool isBaseTensor(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && isa_and_nonnull<func::FuncOp>(arg.getOwner()->getParentOp());
}

LogicalResult RawAddrOp::verify() {
  if (!isBaseTensor(getTensor()))
    return emitOpError("takes the address of a tensor argument of the "
                       "operation; slices, views and computed tensors have "
                       "no buffer of their own");
  return success();
}

//===----------------------------------------------------------------------===//
// ttl.call_extern_func
//===----------------------------------------------------------------------===//

unsigned CallExternFuncOp::getNumDFBFuncArgs() {
  return llvm::count_if(getFuncArgs(), [](Value value) {
    return isa<DataflowBufferType>(value.getType());
  });
}

SmallVector<Value> CallExternFuncOp::getDFBDependencyOperands() {
  SmallVector<Value> result;
  for (Value value : getFuncArgs())
    if (isa<DataflowBufferType>(value.getType()))
      result.push_back(value);
  llvm::append_range(result, getDescriptorDfbs());
  llvm::append_range(result, getDependencies());
  return result;
}

/// C++ identifier, optionally qualified with `::`.
static bool isQualifiedIdentifier(StringRef name) {
  SmallVector<StringRef> parts;
  name.split(parts, "::");
  for (StringRef part : parts) {
    if (part.empty() || !(isalpha(part.front()) || part.front() == '_'))
      return false;
    if (!llvm::all_of(part, [](char c) { return isalnum(c) || c == '_'; }))
      return false;
  }
  return true;
}

/// Kinds of the logical kernels that may run `op`: from its selection, an
/// enclosing thread, or the kernel function it is in. Empty when unknown.
static SmallVector<KernelKind> runningKinds(Operation *op) {
  SmallVector<KernelKind> kinds;
  if (auto selection =
          op->getAttrOfType<ArrayAttr>(TTLDialect::kKernelsAttrName)) {
    for (Attribute selector : selection)
      if (auto kernel = dyn_cast<KernelAttr>(selector))
        kinds.push_back(kernel.getKind());
    return kinds;
  }
  if (auto thread = op->getParentOfType<ThreadOp>()) {
    kinds.push_back(thread.getKernel().getKind());
    return kinds;
  }
  if (auto func = op->getParentOfType<func::FuncOp>())
    if (auto kernel =
            func->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName))
      kinds.push_back(kernel.getKind());
  return kinds;
}

/// "'reader' of operation 'm.op:1f2e'", or "'compute'" for a canonical
/// selector.
static std::string describeKernel(KernelAttr kernel) {
  std::string text = "'" + kernel.getDisplayName() + "'";
  if (!kernel.getOperation().empty())
    text += " of operation '" + kernel.getOperation().str() + "'";
  return text;
}

/// A call with fabric-manager effects runs in exactly one logical kernel, the
/// kernel of every claim it names, and names each claim once.
static LogicalResult verifyFabricManagers(CallExternFuncOp op) {
  ArrayAttr effects = op.getFabricManagers();
  if (effects.empty())
    return success();
  if (op.getCondition())
    return op.emitOpError("evaluates a dispatch condition and cannot claim "
                          "a fabric manager (a condition call must be "
                          "repeat-safe)");
  // The factory binds every claim: an operation without one could never run.
  auto func = op->getParentOfType<func::FuncOp>();
  if (func && func->hasAttr(TTLDialect::kOperationIdAttrName) &&
      !func->hasAttr(TTLDialect::kRuntimeResourcesAttrName))
    return op.emitOpError("claims fabric manager '")
           << cast<FabricManagerEffectAttr>(effects[0]).getClaim()
           << "' in an operation without a runtime resource factory; declare "
              "the operation with runtime_resource_factory=, which binds "
              "every claim (FabricConnectionBinding)";
  llvm::SmallDenseSet<std::pair<StringRef, Attribute>> seen;
  for (Attribute attr : effects) {
    auto effect = cast<FabricManagerEffectAttr>(attr);
    if (!seen.insert({effect.getClaim(), effect.getKernel()}).second)
      return op.emitOpError("names fabric manager claim '")
             << effect.getClaim()
             << "' more than once; one call does one thing with a claim";
  }
  // The logical kernel running the call, in the form the claims use: the
  // selection or thread (unresolved selectors), or the kernel function
  // (resolved, so the claim's kernel is resolved to compare).
  KernelAttr running;
  bool resolved = false;
  if (auto selection =
          op->getAttrOfType<ArrayAttr>(TTLDialect::kKernelsAttrName)) {
    if (selection.size() != 1)
      return op.emitOpError("claims a fabric manager and runs in ")
             << selection.size()
             << " logical kernels; a claimed manager belongs to one kernel, "
                "so select only the claim's kernel";
    running = dyn_cast<KernelAttr>(selection[0]);
  } else if (auto thread = op->getParentOfType<ThreadOp>()) {
    running = thread.getKernel();
  } else if (func) {
    running = func->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName);
    resolved = true;
  }
  if (!running)
    return success(); // no placement yet: nothing to compare
  StringRef operationId = running.getOperation();
  for (Attribute attr : effects) {
    auto effect = cast<FabricManagerEffectAttr>(attr);
    KernelAttr owner =
        resolved ? effect.getKernel().resolve(operationId) : effect.getKernel();
    if (owner != running)
      return op.emitOpError("runs in logical kernel ")
             << describeKernel(running) << " but fabric manager claim '"
             << effect.getClaim() << "' belongs to kernel "
             << describeKernel(effect.getKernel())
             << "; the calls of a claim run in its kernel only";
  }
  return success();
}

LogicalResult CallExternFuncOp::verify() {
  if (getHeader().empty())
    return emitOpError("header must be a nonempty string");
  if (!isQualifiedIdentifier(getCallee()))
    return emitOpError("callee '")
           << getCallee() << "' is not a C++ function name";
  for (Attribute path : getIncludePaths())
    if (cast<StringAttr>(path).getValue().empty())
      return emitOpError("include paths must be nonempty strings");

  SmallVector<Value> dependencies = getDFBDependencyOperands();
  int64_t numDependencies = dependencies.size();
  unsigned firstDescriptor = getNumDFBFuncArgs();

  // Template arguments.
  unsigned descriptorsSeen = 0;
  bool hasDFBTemplate = false;
  for (auto [position, arg] : llvm::enumerate(getTemplateArgs())) {
    if (auto dfb = dyn_cast<DFBTemplateArgAttr>(arg)) {
      hasDFBTemplate = true;
      if (dfb.getDependency() < 0 || dfb.getDependency() >= numDependencies)
        return emitOpError("template argument #")
               << position << " refers to DFB dependency "
               << dfb.getDependency() << " but the call has "
               << numDependencies;
      if (dfb.getKind() == DFBTemplateKind::Descriptor) {
        unsigned expected = firstDescriptor + descriptorsSeen++;
        if (dfb.getDependency() != expected)
          return emitOpError("descriptor template argument #")
                 << position << " must refer to dependency " << expected
                 << " (its entry in the descriptor operands), got "
                 << dfb.getDependency();
      }
      continue;
    }
    if (auto integer = dyn_cast<IntegerAttr>(arg)) {
      if (integer.getType().isSignlessInteger(64) ||
          integer.getType().isSignlessInteger(1))
        continue;
    }
    if (auto real = dyn_cast<FloatAttr>(arg))
      if (real.getType().isF32())
        continue;
    return emitOpError("template argument #")
           << position << " " << arg
           << " must be an i64 integer, a boolean, an f32 float or a "
              "#ttl.dfb_template";
  }
  if (descriptorsSeen != getDescriptorDfbs().size())
    return emitOpError("has ")
           << getDescriptorDfbs().size() << " descriptor operands but "
           << descriptorsSeen << " descriptor template arguments";

  // Function arguments.
  SmallVector<KernelKind> kinds = runningKinds(*this);
  for (auto [position, value] : llvm::enumerate(getFuncArgs())) {
    Type type = value.getType();
    if (isa<DataflowBufferType>(type) || type.isIndex() ||
        type.isSignlessInteger(1) || type.isSignlessInteger(32) ||
        type.isSignlessInteger(64) || type.isUnsignedInteger(32))
      continue;
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return emitOpError("function argument #")
             << position << " has type " << type
             << "; external calls take scalars (index, i1, i32, i64, ui32), DFBs, "
                "base tensors and ttl.raw_addr addresses";
    if (!isBaseTensor(value))
      return emitOpError("function argument #")
             << position
             << " is not a tensor argument of the operation; tensor slices, "
                "views and computed tensor values are not valid external "
                "arguments";
    auto layout = dyn_cast_or_null<LayoutAttr>(tensor.getEncoding());
    Type element = tensor.getElementType();
    if (!layout || layout.getTensorLayout() != TensorLayout::Tiled ||
        !(element.isBF16() || element.isF32()))
      return emitOpError("function argument #")
             << position << " " << type
             << " becomes a TensorAccessor, which is supported for tiled bf16 "
                "and f32 tensors only";
    if (llvm::is_contained(kinds, KernelKind::Compute))
      return emitOpError("function argument #")
             << position
             << " is a tensor (a TensorAccessor), which is supported in "
                "data-movement kernels only; pass ttl.raw_addr(tensor) to "
                "a compute kernel";
  }

  // Effects.
  ArrayRef<Attribute> effects = getDfbEffects().getValue();
  if (static_cast<int64_t>(effects.size()) > kMaxEffects)
    return emitOpError("has ")
           << effects.size() << " DFB effects; one call is limited to "
           << kMaxEffects;
  for (auto [position, attr] : llvm::enumerate(effects)) {
    auto effect = cast<DFBEffectAttr>(attr);
    if (effect.getDependency() >= numDependencies)
      return emitOpError("DFB effect #")
             << position << " refers to dependency " << effect.getDependency()
             << " but the call has " << numDependencies;
    if (effect.getTiles() <= 0)
      return emitOpError("DFB effect #")
             << position << " tile count must be positive, got "
             << effect.getTiles();
    auto dfb = cast<DataflowBufferType>(
        dependencies[effect.getDependency()].getType());
    int64_t capacity = dfb.getPagesPerBlock() * dfb.getBlockCount();
    if (effect.getTiles() > capacity)
      return emitOpError("DFB effect #")
             << position << " " << stringifyDFBEffectKind(effect.getKind())
             << "s " << effect.getTiles() << " tiles of " << dfb
             << ", whose capacity is " << capacity << " tiles";
  }

  // Result and dispatch condition.
  if (std::optional<DispatchConditionAttr> condition = getCondition()) {
    if (!getResult() || getResult().getType() != condition->getType())
      return emitOpError("evaluates dispatch condition ")
             << *condition << " and must return its type "
             << condition->getType();
    if (numDependencies != 0 || hasDFBTemplate)
      return emitOpError("evaluates a dispatch condition and cannot depend "
                         "on DFB storage, take a DFB argument, index or "
                         "descriptor");
    if (!effects.empty())
      return emitOpError(
          "evaluates a dispatch condition and cannot declare DFB effects");
    if (getUnknownDfbAccess())
      return emitOpError("evaluates a dispatch condition and cannot set "
                         "unknown_dfb_access");
  }
  return verifyFabricManagers(*this);
}
