//===- DataMovement.cpp - transpose, typecast, to_memory_config, heads ----===//
//
// Data-movement programs: transpose is ttnn.permute's model for the swap of
// two dimensions (ttnn 0.81.1 runs the same WH, HC, CN transposes and
// permute programs; DataOps.cpp). Typecast streams through an input and an
// output CB of 2 pages each (the compute kernel converts a tile between
// them), for sharded operands too, as in ttnn 0.81.1. to_memory_config between interleaved placements is a
// reader/writer copy through one 2-page CB; when either side is sharded the
// shard itself is the CB (0 B of CBs). concatenate_heads moves one row of
// tiles of all heads per step through one double-buffered CB of
// heads x head_dim tiles (reference row 23).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

#include <numeric>

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kPagesPerCB = 2;
/// Tile transpose / format conversion on the unpacker: cycles per tile.
constexpr double kCyclesPerTile = 64;

size_t moveRuntime(llvm::ArrayRef<int64_t> inShape, LayoutAttr inLayout,
                   llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
                   double cyclesPerTile) {
  Work work;
  addTensorTraffic(work, inShape, inLayout);
  addTensorTraffic(work, outShape, outLayout);
  work.computeCycles = cyclesPerTile * geometry(inShape).tiles();
  work.cores = geometry(inShape).tiles();
  return roofline(work);
}

/// getOpRuntime of an op whose output has its input's `shape`: the error of
/// `constraints`, or the roofline of moving the tensor.
llvm::Expected<size_t>
sameShapeRuntime(llvm::Expected<OpConstraints> constraints,
                 llvm::ArrayRef<int64_t> shape, LayoutAttr inLayout,
                 LayoutAttr outLayout, double cyclesPerTile) {
  if (!constraints)
    return constraints.takeError();
  return moveRuntime(shape, inLayout, shape, outLayout, cyclesPerTile);
}

llvm::Error checkInOut(llvm::StringRef name, llvm::ArrayRef<int64_t> inShape,
                       LayoutAttr inLayout, llvm::ArrayRef<int64_t> outShape,
                       LayoutAttr outLayout) {
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout))
    return err;
  return checkLayout(name, "output", outShape, outLayout);
}

/// The permutation that swaps `dim0` and `dim1` and the swap, normalized
/// (ttnn.transpose is permute's programs: the WH, HC and CN transposes, or a
/// permute program; DataOps.cpp).
struct Transposition {
  std::vector<int64_t> permutation;
  Swap swap;
};

llvm::Expected<Transposition> transposition(int64_t rank, int64_t dim0,
                                            int64_t dim1) {
  llvm::StringRef name = TransposeOp::getOperationName();
  auto d0 = normalizeDim(name, dim0, rank);
  if (!d0)
    return d0.takeError();
  auto d1 = normalizeDim(name, dim1, rank);
  if (!d1)
    return d1.takeError();
  std::vector<int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[*d0], perm[*d1]);
  return Transposition{perm, std::make_pair(*d0, *d1)};
}
} // namespace

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints> OpModel<TransposeOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout, int64_t dim0,
    int64_t dim1, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto swap = transposition(inputShape.size(), dim0, dim1);
  if (!swap)
    return swap.takeError();
  return permuteConstraints(TransposeOp::getOperationName(), inputShape,
                            inputLayout, swap->permutation, outputLayout,
                            initialState, swap->swap);
}

llvm::Expected<size_t> OpModel<TransposeOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout, int64_t dim0,
    int64_t dim1, LayoutAttr outputLayout) {
  auto swap = transposition(inputShape.size(), dim0, dim1);
  if (!swap)
    return swap.takeError();
  return permuteRuntime(TransposeOp::getOperationName(), inputShape,
                        inputLayout, swap->permutation, outputLayout,
                        swap->swap);
}

//===----------------------------------------------------------------------===//
// typecast
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints> OpModel<TypecastOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = TypecastOp::getOperationName();
  if (llvm::Error err = checkInOut(name, inputShape, inputLayout, inputShape,
                                   outputLayout))
    return err;
  if (!shardedAlike(inputLayout, outputLayout))
    return backendError(name + ": input is " + describe(inputLayout) +
                        " but the output is " + describe(outputLayout) +
                        "; a sharded program needs both sharded alike");
  // ttnn 0.81.1 streams a sharded typecast through 2-page CBs as well (mock
  // device: 28672x32 bf16 -> f32 height sharded has 4096 + 8192 B of CBs).
  return finishOneOutput(name,
                         kPagesPerCB * tileBytes(inputLayout) +
                             kPagesPerCB * tileBytes(outputLayout),
                         inputShape, outputLayout, initialState);
}

llvm::Expected<size_t>
OpModel<TypecastOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                  LayoutAttr inputLayout,
                                  LayoutAttr outputLayout) {
  return sameShapeRuntime(
      getOpConstraints(inputShape, inputLayout, outputLayout), inputShape,
      inputLayout, outputLayout, kCyclesPerTile);
}

//===----------------------------------------------------------------------===//
// to_memory_config
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints> OpModel<ToMemoryConfigOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = ToMemoryConfigOp::getOperationName();
  if (llvm::Error err = checkInOut(name, inputShape, inputLayout, inputShape,
                                   outputLayout))
    return err;
  if (inputLayout.getDataType() != outputLayout.getDataType())
    return backendError(name + ": does not convert data types (" +
                        stringifyDataType(inputLayout.getDataType()) + " -> " +
                        stringifyDataType(outputLayout.getDataType()) +
                        "); use ttnn.typecast");
  uint64_t cbBytes = 0;
  if (!inputLayout.isSharded() && !outputLayout.isSharded())
    cbBytes = kPagesPerCB * tileBytes(inputLayout);
  return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                         initialState);
}

llvm::Expected<size_t>
OpModel<ToMemoryConfigOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                        LayoutAttr inputLayout,
                                        LayoutAttr outputLayout) {
  return sameShapeRuntime(
      getOpConstraints(inputShape, inputLayout, outputLayout), inputShape,
      inputLayout, outputLayout, 0);
}

//===----------------------------------------------------------------------===//
// concatenate_heads
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints> OpModel<ConcatenateHeadsOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = ConcatenateHeadsOp::getOperationName();
  if (inputShape.size() != 4)
    return backendError(name + ": the input must be [batch, heads, seq, "
                               "head_dim], got " +
                        describeShape(inputShape));
  // The input first: its checked size bounds heads x head_dim below.
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout))
    return err;
  int64_t heads = inputShape[1], headDim = inputShape[3];
  if (headDim % kTileDim)
    return backendError(name + ": head_dim " + llvm::Twine(headDim) +
                        " is not a multiple of 32");
  std::vector<int64_t> outShape{inputShape[0], inputShape[2], heads * headDim};
  if (llvm::Error err = checkLayout(name, "output", outShape, outputLayout))
    return err;
  if (inputLayout.isSharded() || outputLayout.isSharded())
    return notSupportedError(name + ": sharded concatenate_heads is not "
                                    "modelled");
  return finishOneOutput(
      name, kPagesPerCB * heads * (headDim / kTileDim) * tileBytes(inputLayout),
      outShape, outputLayout, initialState);
}

llvm::Expected<size_t>
OpModel<ConcatenateHeadsOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                          LayoutAttr inputLayout,
                                          LayoutAttr outputLayout) {
  return sameShapeRuntime(
      getOpConstraints(inputShape, inputLayout, outputLayout), inputShape,
      inputLayout, outputLayout, 0);
}

} // namespace mlir::ttnn::op_model
