//===- TTNNLinearOpModel.h - op-model entry of ttnn.linear ------*- C++ -*-===//
//
// lib/OpModel/Linear.cpp. Included by TTNNOpModel.h.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_TTNNLINEAROPMODEL_H
#define TTL_OPMODEL_TTNNLINEAROPMODEL_H

#include <optional>

namespace mlir::ttnn::op_model {

/// activation(a @ b + bias) as ttnn 0.81.1 runs it: the matmul program (the
/// bias fused when a, b and the output are in DRAM), else a broadcast add,
/// then the activation's unary program. `biasShape` is empty and
/// `biasLayout` null without a bias.
template <>
struct OpModel<LinearOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
                   llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
                   llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
                   bool transposeA, bool transposeB,
                   std::optional<UnaryActivation> activation,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
               llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
               llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
               bool transposeA, bool transposeB,
               std::optional<UnaryActivation> activation,
               LayoutAttr outputLayout);
};

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_TTNNLINEAROPMODEL_H
