//===- TTNNOps.cpp - TTNN operations --------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

using namespace mlir;
using namespace mlir::ttnn;

#include "ttl/Dialect/TTNN/IR/TTNNOpModelInterface.cpp.inc"

#define GET_OP_CLASSES
#include "ttl/Dialect/TTNN/IR/TTNNOps.cpp.inc"

LogicalResult mlir::ttnn::detail::verifyLayoutEncoded(Operation *op) {
  auto check = [&](Type type, StringRef role, unsigned index) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.getEncoding())
      return success();
    auto layout = dyn_cast<LayoutAttr>(tensor.getEncoding());
    if (!layout)
      return op->emitOpError("tensor encoding must be a #ttnn.layout, got ")
             << tensor.getEncoding() << " (" << role << " " << index << ")";
    // bfp8_b stores bf16 or f32 tensors; bf16, f32 and u32 layouts store
    // their own (u32: ui32 indices).
    Type element = tensor.getElementType();
    bool matches = false;
    switch (layout.getDataType()) {
    case DataType::BFloat8B:
      matches = element.isBF16() || element.isF32();
      break;
    case DataType::BFloat16:
      matches = element.isBF16();
      break;
    case DataType::Float32:
      matches = element.isF32();
      break;
    case DataType::UInt32:
      matches = element.isUnsignedInteger(32);
      break;
    }
    if (!matches)
      return op->emitOpError("element type ")
             << element << " cannot be stored as "
             << stringifyDataType(layout.getDataType()) << " (" << role << " "
             << index << ")";
    return success();
  };
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(check(type, "operand", index)))
      return failure();
  for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(type, "result", index)))
      return failure();
  return success();
}

LogicalResult TransposeOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t rank = input.getRank();
  auto normalize = [&](int64_t dim) { return dim < 0 ? dim + rank : dim; };
  int64_t d0 = normalize(getDim0()), d1 = normalize(getDim1());
  if (d0 < 0 || d0 >= rank || d1 < 0 || d1 >= rank)
    return emitOpError("dimensions ")
           << getDim0() << " and " << getDim1() << " must be in [" << -rank
           << ", " << rank << ")";
  SmallVector<int64_t> expected(input.getShape());
  std::swap(expected[d0], expected[d1]);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the input shape with dimensions ")
           << d0 << " and " << d1 << " swapped";
  return success();
}

LogicalResult ConcatenateHeadsOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (input.getRank() != 4)
    return emitOpError("input must be [batch, heads, seq, head_dim]");
  ArrayRef<int64_t> s = input.getShape();
  SmallVector<int64_t> expected{s[0], s[2], s[1] * s[3]};
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be [batch, seq, heads * head_dim]");
  return success();
}

LogicalResult ArangeOp::verify() {
  // Signed: I64Attr getters read back unsigned (a negative step would divide
  // as a huge unsigned number).
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt(),
          step = getStepAttr().getInt();
  if (step == 0)
    return emitOpError("step must not be 0");
  int64_t span = end - start;
  int64_t count = span / step + ((span % step) != 0 ? 1 : 0);
  auto result = cast<RankedTensorType>(getResult().getType());
  if (count <= 0 || result.getNumElements() != count)
    return emitOpError("result must hold ")
           << std::max<int64_t>(count, 0) << " elements, got "
           << result.getNumElements();
  return success();
}

LogicalResult GenericOp::verify() {
  ArrayRef<int64_t> grid = getGrid();
  if (grid.size() != 2 || grid[0] <= 0 || grid[1] <= 0)
    return emitOpError("grid must be [cols, rows] with both positive, got [")
           << grid << "]";
  if (getResults().empty())
    return emitOpError("must produce at least one output tensor");
  if (getKernels().empty())
    return emitOpError("must carry at least one kernel");
  if (std::optional<int64_t> tileOps = getTileOps(); tileOps && *tileOps < 0)
    return emitOpError("tile_ops must not be negative, got ") << *tileOps;
  // Every core range lies inside the operation's grid.
  auto checkCores = [&](ArrayAttr cores, const Twine &owner) -> LogicalResult {
    for (auto core : cores.getAsRange<CoreRangeAttr>())
      if (core.getEndX() >= grid[0] || core.getEndY() >= grid[1])
        return emitOpError() << owner << " core range " << core
                             << " is outside the " << grid[0] << "x"
                             << grid[1] << " grid (cols x rows)";
    return success();
  };
  // A kernel may belong to another operation than operation_id: a composed
  // operation runs its callees' kernels.
  for (auto kernel : getKernels().getAsRange<KernelAttr>()) {
    if (failed(checkCores(kernel.getCores(),
                          "kernel '" + kernel.getKernel().getDisplayName() +
                              "'")))
      return failure();
  }
  llvm::SmallDenseMap<int64_t, StringRef> indices;
  for (auto dfb : getDataflowBuffers().getAsRange<DataflowBufferAttr>()) {
    auto [it, inserted] = indices.try_emplace(dfb.getIndex(), dfb.getName());
    if (!inserted)
      return emitOpError("dataflow buffers '")
             << it->second << "' and '" << dfb.getName()
             << "' share physical index " << dfb.getIndex()
             << "; one record per circular buffer";
    if (failed(checkCores(dfb.getCores(),
                          "dataflow buffer '" + dfb.getName() + "'")))
      return failure();
  }
  return success();
}
