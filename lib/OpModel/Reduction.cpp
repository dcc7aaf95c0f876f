//===- Reduction.cpp - the reduction family (sum, mean, max, min) ---------===//
//
// TTNN's reduce programs stream the input through a 2-page CB, keep the
// scaler tile (1 for sum/max/min, 1/N for mean) in a 2-page CB and write the
// output through a 2-page CB: 3 CBs of 2 pages. Reductions take interleaved
// operands here; sharded reductions are not modelled (not supported).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kPagesPerCB = 2;
/// FPU reduce: one tile op per input tile.
constexpr double kCyclesPerTile = 32;

llvm::Expected<std::vector<int64_t>>
reducedShape(llvm::StringRef opName, llvm::ArrayRef<int64_t> shape,
             llvm::ArrayRef<int64_t> dims, bool keepDim) {
  int64_t rank = shape.size();
  llvm::SmallSet<int64_t, 4> reduced;
  if (dims.empty())
    for (int64_t d = 0; d < rank; ++d)
      reduced.insert(d);
  for (int64_t dim : dims) {
    auto normalized = normalizeDim(opName, dim, rank);
    if (!normalized)
      return normalized.takeError();
    if (!reduced.insert(*normalized).second)
      return backendError(opName + ": dimension " + llvm::Twine(dim) +
                          " is reduced twice");
  }
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced.contains(d))
      out.push_back(shape[d]);
    else if (keepDim)
      out.push_back(1);
  }
  return out;
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints> ReductionOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  auto outShape = reducedShape(name, inputShape, dims, keepDim);
  if (!outShape)
    return outShape.takeError();
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "output", *outShape, outputLayout))
    return err;
  if (inputLayout.isSharded() || outputLayout.isSharded())
    return notSupportedError(name + ": sharded reductions are not modelled");
  Analysis analysis;
  analysis.cbBytes = kPagesPerCB * tileBytes(inputLayout) * 2 +
                     kPagesPerCB * tileBytes(outputLayout);
  analysis.outputs.push_back({*outShape, outputLayout});
  return finish(name, analysis, initialState);
}

template <typename OpTy>
llvm::Expected<size_t> ReductionOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout) {
  auto constraints =
      getOpConstraints(inputShape, inputLayout, dims, keepDim, outputLayout);
  if (!constraints)
    return constraints.takeError();
  auto outShape = reducedShape(OpTy::getOperationName(), inputShape, dims,
                               keepDim);
  if (!outShape)
    return outShape.takeError();
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, *outShape, outputLayout);
  work.computeCycles = kCyclesPerTile * geometry(inputShape).tiles();
  work.cores = geometry(*outShape).tiles();
  return roofline(work);
}

template struct ReductionOpModel<SumOp>;
template struct ReductionOpModel<MeanOp>;
template struct ReductionOpModel<MaxOp>;
template struct ReductionOpModel<MinOp>;

} // namespace mlir::ttnn::op_model
