//===- TTLAttrs.cpp - TTL enums and attributes ----------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ttl;

#include "ttl/Dialect/TTL/IR/TTLOpsEnums.cpp.inc"

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
  return op->emitOpError("unknown ttl attribute '") << name << "'";
}
