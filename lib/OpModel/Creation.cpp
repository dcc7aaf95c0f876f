//===- Creation.cpp - empty, zeros, ones, full, arange, deallocate --------===//
//
// empty only allocates its output. zeros / ones / full, like arange, are
// built on the host and written to the device in ttnn 0.81.1: graph capture on
// its mock device shows an output allocation and no circular buffer. deallocate frees a
// buffer and needs nothing. empty, arange and deallocate are intentionally
// stateless (see TTNNOpModelInterface.cpp).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// The output, in any placement ttnn 0.81.1 builds on the host and writes:
/// tiled or row-major, any data type (u32 too), shards on grids with idle
/// cores (measured on both devices).
llvm::Expected<OpConstraints> creation(llvm::StringRef name,
                                       llvm::ArrayRef<int64_t> shape,
                                       LayoutAttr layout, uint64_t cbBytes,
                                       const MockAllocatorState *state) {
  if (llvm::Error err = checkLayoutAllowingIdleCores(
          name, "output", shape, layout, /*rowMajorAllowed=*/true,
          /*indicesAllowed=*/true))
    return err;
  return finishOneOutput(name, cbBytes, shape, layout, state);
}

size_t writeRuntime(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  Work work;
  addTensorTraffic(work, shape, layout);
  work.cores = geometry(shape).tiles();
  return roofline(work);
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints>
FillOpModel<OpTy>::getOpConstraints(llvm::ArrayRef<int64_t> outputShape,
                                    LayoutAttr outputLayout,
                                    const MockAllocatorState *initialState) {
  return creation(OpTy::getOperationName(), outputShape, outputLayout,
                  /*cbBytes=*/0, initialState);
}

template <typename OpTy>
llvm::Expected<size_t>
FillOpModel<OpTy>::getOpRuntime(llvm::ArrayRef<int64_t> outputShape,
                                LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(outputShape, outputLayout);
  if (!constraints)
    return constraints.takeError();
  return writeRuntime(outputShape, outputLayout);
}

template struct FillOpModel<ZerosOp>;
template struct FillOpModel<OnesOp>;
template struct FillOpModel<FullOp>;

llvm::Expected<OpConstraints>
OpModel<EmptyOp>::getOpConstraints(llvm::ArrayRef<int64_t> outputShape,
                                   LayoutAttr outputLayout) {
  return creation(EmptyOp::getOperationName(), outputShape, outputLayout, 0,
                  nullptr);
}

llvm::Expected<size_t>
OpModel<EmptyOp>::getOpRuntime(llvm::ArrayRef<int64_t> outputShape,
                               LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(outputShape, outputLayout);
  if (!constraints)
    return constraints.takeError();
  // Allocation only: the launch-free host bookkeeping is not modelled.
  return 1;
}

llvm::Expected<OpConstraints>
OpModel<ArangeOp>::getOpConstraints(int64_t start, int64_t end, int64_t step,
                                    llvm::ArrayRef<int64_t> outputShape,
                                    LayoutAttr outputLayout) {
  llvm::StringRef name = ArangeOp::getOperationName();
  if (step == 0)
    return backendError(name + ": step must not be 0");
  // ttnn 0.81.1 throws on a bfp8_b arange (creation.cpp, TT_THROW; measured).
  if (outputLayout && outputLayout.getDataType() == DataType::BFloat8B)
    return backendError(name + ": ttnn builds arange in bf16, f32 or u32, "
                               "not bfp8_b (typecast the result)");
  return creation(name, outputShape, outputLayout, 0, nullptr);
}

llvm::Expected<size_t>
OpModel<ArangeOp>::getOpRuntime(int64_t start, int64_t end, int64_t step,
                                llvm::ArrayRef<int64_t> outputShape,
                                LayoutAttr outputLayout) {
  auto constraints =
      getOpConstraints(start, end, step, outputShape, outputLayout);
  if (!constraints)
    return constraints.takeError();
  return writeRuntime(outputShape, outputLayout);
}

llvm::Expected<OpConstraints>
OpModel<DeallocateOp>::getOpConstraints(llvm::ArrayRef<int64_t> inputShape,
                                        LayoutAttr inputLayout) {
  if (llvm::Error err = checkLayout(DeallocateOp::getOperationName(), "input",
                                    inputShape, inputLayout))
    return err;
  return OpConstraints{};
}

llvm::Expected<size_t>
OpModel<DeallocateOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                    LayoutAttr inputLayout) {
  auto constraints = getOpConstraints(inputShape, inputLayout);
  if (!constraints)
    return constraints.takeError();
  return 1;
}

} // namespace mlir::ttnn::op_model
