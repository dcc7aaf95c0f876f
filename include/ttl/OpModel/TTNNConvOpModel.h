//===- TTNNConvOpModel.h - op-model entries of TTNNConvOps.td ---*- C++ -*-===//
//
// max_pool2d: ttnn 0.81.1's sliding-window pipeline (reshard, halo, pool),
// lib/OpModel/Pool.cpp; conv2d: its matmul and halo paths, lib/OpModel/Conv.cpp.
// Included by TTNNOpModel.h.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_TTNNCONVOPMODEL_H
#define TTL_OPMODEL_TTNNCONVOPMODEL_H

namespace mlir::ttnn::op_model {

template <>
struct OpModel<MaxPool2dOp> {
  /// `window` is {batch, height, width, channels, kernel h/w, stride h/w,
  /// padding h/w} (10 values, the cache key's plain form).
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout);
};

/// A convolution as ttnn 0.81.1's matmul, halo and conv programs
/// (lib/OpModel/Conv.cpp); `biasLayout` is null without a bias. `window` is
/// {batch, height, width, in channels, out channels, kernel h/w, stride h/w,
/// padding h/w, the conv config's shard_layout as a TensorMemoryLayout or -1}
/// (12 values).
template <>
struct OpModel<Conv2dOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr weightLayout, LayoutAttr biasLayout,
                   llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               LayoutAttr weightLayout, LayoutAttr biasLayout,
               llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout);
};

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_TTNNCONVOPMODEL_H
