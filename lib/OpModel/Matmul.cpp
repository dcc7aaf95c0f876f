//===- Matmul.cpp - matmul as TTNN's 2-D multicast program ----------------===//
//
// The output tiles are split over a grid of up to 8x8 cores, each computing
// a per_core_M x per_core_N block. K is consumed in blocks of in0_block_w
// tiles, the largest divisor of Kt up to 8. CBs: in0 and in1 double-buffered
// (2 x per_core_M x w, 2 x per_core_N x w), the output block (per_core_M x
// per_core_N) and, when the output is in L1, a separate partials block of the
// same size. The last rule is calibrated, not derived: the reference rows 18
// (L1 output) and 19 (DRAM output) differ by exactly one such block.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
/// Cycles of one 32x32x32 tile product on the FPU (HiFi2).
constexpr double kCyclesPerTileProduct = 64;
constexpr int64_t kMaxBlockW = 8;

struct MatmulShape {
  std::vector<int64_t> output;
  int64_t batch, mt, nt, kt;
};

llvm::Expected<MatmulShape> matmulShape(llvm::ArrayRef<int64_t> aShape,
                                        llvm::ArrayRef<int64_t> bShape,
                                        bool transposeA, bool transposeB) {
  llvm::StringRef name = MatmulOp::getOperationName();
  if (aShape.size() < 2 || bShape.size() < 2)
    return backendError(name + ": operands must have rank >= 2, got " +
                        describeShape(aShape) + " and " +
                        describeShape(bShape));
  size_t ra = aShape.size(), rb = bShape.size();
  int64_t m = aShape[ra - 2], ka = aShape[ra - 1];
  int64_t kb = bShape[rb - 2], n = bShape[rb - 1];
  if (transposeA)
    std::swap(m, ka);
  if (transposeB)
    std::swap(kb, n);
  if (ka != kb)
    return backendError(name + ": inner dimensions differ: a is " +
                        llvm::Twine(m) + "x" + llvm::Twine(ka) + ", b is " +
                        llvm::Twine(kb) + "x" + llvm::Twine(n));
  auto batch = broadcastShapes(aShape.drop_back(2), bShape.drop_back(2));
  if (!batch)
    return backendError(name + ": batch dimensions " +
                        describeShape(aShape.drop_back(2)) + " and " +
                        describeShape(bShape.drop_back(2)) +
                        " are not broadcast-compatible");
  MatmulShape shape;
  shape.output = *batch;
  shape.output.push_back(m);
  shape.output.push_back(n);
  shape.batch = 1;
  for (int64_t d : *batch)
    shape.batch *= d;
  shape.mt = ceilDiv(m, kTileDim);
  shape.nt = ceilDiv(n, kTileDim);
  shape.kt = ceilDiv(ka, kTileDim);
  return shape;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<MatmulOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, bool transposeA,
    bool transposeB, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = MatmulOp::getOperationName();
  auto shape = matmulShape(aShape, bShape, transposeA, transposeB);
  if (!shape)
    return shape.takeError();
  if (llvm::Error err = checkLayout(name, "operand 0", aShape, aLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "operand 1", bShape, bLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "output", shape->output, outputLayout))
    return err;
  if (aLayout.isSharded() || bLayout.isSharded() || outputLayout.isSharded())
    return notSupportedError(name + ": sharded matmul program configs are not "
                                    "modelled");
  const DeviceModel &device = currentDevice();
  int64_t rowsTiles = shape->batch * shape->mt;
  int64_t gridRows = std::min(device.gridRows, rowsTiles);
  int64_t gridCols = std::min(device.gridCols, shape->nt);
  int64_t perCoreM = ceilDiv(rowsTiles, gridRows);
  int64_t perCoreN = ceilDiv(shape->nt, gridCols);
  int64_t blockW = 1;
  for (int64_t w = std::min(kMaxBlockW, shape->kt); w >= 1; --w)
    if (shape->kt % w == 0) {
      blockW = w;
      break;
    }
  Analysis analysis;
  uint64_t outBlock = perCoreM * perCoreN * tileBytes(outputLayout);
  analysis.cbBytes = 2 * perCoreM * blockW * tileBytes(aLayout) +
                     2 * perCoreN * blockW * tileBytes(bLayout) + outBlock +
                     (outputLayout.isL1() ? outBlock : 0);
  analysis.outputs.push_back({shape->output, outputLayout});
  return finish(name, analysis, initialState);
}

llvm::Expected<size_t> OpModel<MatmulOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, bool transposeA,
    bool transposeB, LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(aShape, aLayout, bShape, bLayout,
                                      transposeA, transposeB, outputLayout);
  if (!constraints)
    return constraints.takeError();
  auto shape = matmulShape(aShape, bShape, transposeA, transposeB);
  if (!shape)
    return shape.takeError();
  Work work;
  addTensorTraffic(work, aShape, aLayout);
  addTensorTraffic(work, bShape, bLayout);
  addTensorTraffic(work, shape->output, outputLayout);
  work.computeCycles = kCyclesPerTileProduct * double(shape->batch) *
                       shape->mt * shape->nt * shape->kt;
  work.cores = shape->batch * shape->mt * shape->nt;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
