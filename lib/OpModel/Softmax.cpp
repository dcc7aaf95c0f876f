//===- Softmax.cpp - TTNN's multi-core softmax over the last dimension ----===//
//
// Each core owns whole rows of Wt tiles. With block = the largest divisor
// of Wt up to 8, the program's CBs are: input 2 x block, output 2 x block,
// exp(x) for the whole row (Wt), 1/sum (1), the reduce scaler (1) and the
// row max for the numerically stable form (1): 4 x block + Wt + 3 tiles.
// For Wt = 32 that is 67 tiles = 137216 B in bf16 (reference row 13).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
/// exp, max, sum, multiply: about five SFPU/FPU passes per tile.
constexpr double kCyclesPerTile = 5 * 128;
constexpr int64_t kMaxBlock = 8;
} // namespace

llvm::Expected<OpConstraints> OpModel<SoftmaxOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    int64_t dimension, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = SoftmaxOp::getOperationName();
  int64_t rank = inputShape.size();
  if (rank == 0)
    return backendError(name + ": the input must have rank >= 1");
  auto dim = normalizeDim(name, dimension, rank);
  if (!dim)
    return dim.takeError();
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "output", inputShape, outputLayout))
    return err;
  if (*dim != rank - 1)
    return notSupportedError(name + ": only the last dimension is modelled "
                                    "(dimension " +
                             llvm::Twine(dimension) + ")");
  if (inputLayout.isSharded() || outputLayout.isSharded())
    return notSupportedError(name + ": sharded softmax is not modelled");
  int64_t wt = geometry(inputShape).widthTiles;
  int64_t block = 1;
  for (int64_t b = std::min(kMaxBlock, wt); b >= 1; --b)
    if (wt % b == 0) {
      block = b;
      break;
    }
  uint64_t tile = tileBytes(inputLayout);
  Analysis analysis;
  analysis.cbBytes = 2 * block * tile + 2 * block * tileBytes(outputLayout) +
                     (wt + 3) * tile;
  analysis.outputs.push_back(
      {std::vector<int64_t>(inputShape.begin(), inputShape.end()),
       outputLayout});
  return finish(name, analysis, initialState);
}

llvm::Expected<size_t>
OpModel<SoftmaxOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                 LayoutAttr inputLayout, int64_t dimension,
                                 LayoutAttr outputLayout) {
  auto constraints =
      getOpConstraints(inputShape, inputLayout, dimension, outputLayout);
  if (!constraints)
    return constraints.takeError();
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, inputShape, outputLayout);
  work.computeCycles = kCyclesPerTile * geometry(inputShape).tiles();
  work.cores = geometry(inputShape).heightTiles;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
