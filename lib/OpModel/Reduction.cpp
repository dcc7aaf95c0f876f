//===- Reduction.cpp - the reduction family (sum, mean, max, min) ---------===//
//
// TTNN's reduce programs stream the input through a CB, keep the scaler tile
// (1 for sum/max/min, 1/N for mean) in a 1-page CB and write the output
// through a 2-page CB. Calibrated on ttnn 0.81.1's mock device: the input CB
// holds 8 pages for a reduction over the last dimension when the row has at
// least 4 tiles, 2 pages otherwise, and 2 pages per reduced slice for a
// reduction over one outer dimension (rank > 2, dim < rank - 2: the program
// accumulates the slices tile by tile). The late-2025 hardware reference, row
// 11, had 3 CBs of 2 pages. A reduction over several dimensions that include
// the last two runs a row reduction, then a column reduction of its Ht x 1
// result; the peak CBs are the larger program's (ttnn 0.81.1, see
// reducesRowsThenColumns). Other multi-dimension reductions are not modelled
// exactly (docs/op-model.md, Calibration). A sharded input of a reduction
// over one dimension runs the same program (measured); sharded outputs are
// not modelled.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kOutputPages = 2;
constexpr int64_t kScalerPages = 1;
/// Input pages: a row reduction with Wt >= kWideRowTiles reads 8-tile blocks.
constexpr int64_t kWideRowTiles = 4;
constexpr int64_t kWideRowInputPages = 8;
constexpr int64_t kInputPages = 2;
/// FPU reduce: one tile op per input tile.
constexpr double kCyclesPerTile = 32;

/// Pages of the input CB (ttnn 0.81.1). `dims` are already validated.
int64_t inputPages(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> dims) {
  int64_t rank = shape.size();
  bool single = dims.size() == 1 || (dims.empty() && rank == 1);
  if (!single)
    return kInputPages;
  int64_t dim = dims.empty() ? 0 : (dims[0] < 0 ? dims[0] + rank : dims[0]);
  if (dim == rank - 1)
    return geometry(shape).widthTiles >= kWideRowTiles ? kWideRowInputPages
                                                       : kInputPages;
  if (dim < rank - 2)
    return kInputPages * shape[dim];
  return kInputPages;
}

/// True for a reduction over several dimensions including the last two.
bool reducesRowsThenColumns(llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<int64_t> dims) {
  int64_t rank = shape.size();
  if (rank < 2)
    return false;
  if (dims.empty())
    return true;
  if (dims.size() < 2)
    return false;
  bool width = false, height = false;
  for (int64_t dim : dims) {
    int64_t d = dim < 0 ? dim + rank : dim;
    width |= d == rank - 1;
    height |= d == rank - 2;
  }
  return width && height;
}

/// CBs of the two programs of reducesRowsThenColumns (ttnn 0.81.1, both mock
/// devices, sum / mean / max, bf16, f32, bfp8_b). The row program: the row
/// input CB (inputPages), a 1-page scaler (bf16 for a bfp8_b input) and a
/// 2-page output CB in the intermediate format; the column program: a 2-page
/// input and a 1-page scaler in the intermediate format and the 2-page
/// output. sum's intermediate is f32 for a bf16 or f32 input; otherwise it is
/// the input's format. 64x1024 bf16 sum: 8 + 1 bf16 + 2 f32 tiles = 26624 B
/// (row program); 64x96: 2 f32 + 1 f32 + 2 bf16 = 16384 B (column program).
uint64_t rowsThenColumnsCBBytes(llvm::ArrayRef<int64_t> shape,
                                LayoutAttr inputLayout, LayoutAttr outputLayout,
                                bool isSum) {
  DataType in = inputLayout.getDataType();
  bool floatInput = in == DataType::Float32 || in == DataType::BFloat16;
  uint64_t inTile = tileBytes(inputLayout);
  uint64_t scalerTile = floatInput ? inTile : kBf16TileBytes;
  uint64_t imTile = isSum && floatInput ? kF32TileBytes : inTile;
  int64_t lastDim = int64_t(shape.size()) - 1;
  int64_t rowPages = inputPages(shape, {lastDim});
  uint64_t rowProgram = rowPages * inTile + kScalerPages * scalerTile +
                        kOutputPages * imTile;
  uint64_t columnProgram = kInputPages * imTile + kScalerPages * imTile +
                           kOutputPages * tileBytes(outputLayout);
  return std::max(rowProgram, columnProgram);
}

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
  // A sharded input of a one-dimension reduction runs the interleaved program
  // (measured on both devices: height, width and block shards). A sharded
  // output is re-derived by ttnn (a width-sharded row of the result).
  if (outputLayout.isSharded() || (inputLayout.isSharded() && dims.size() != 1))
    return notSupportedError(
        name + ": a sharded output, or a sharded input of a reduction over "
               "several dimensions, is not modelled (" +
        describe(inputLayout) + " -> " + describe(outputLayout) + ")");
  uint64_t cbBytes =
      reducesRowsThenColumns(inputShape, dims)
          ? rowsThenColumnsCBBytes(inputShape, inputLayout, outputLayout,
                                   std::is_same_v<OpTy, SumOp>)
          : (inputPages(inputShape, dims) + kScalerPages) *
                    tileBytes(inputLayout) +
                kOutputPages * tileBytes(outputLayout);
  return finishOneOutput(name, cbBytes, *outShape, outputLayout,
                         initialState);
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
