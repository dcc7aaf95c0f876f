//===- TTNNModelOpModel.h - op-model entries of TTNNModelOps.td -*- C++ -*-===//
//
// Activations, pow and gelu_bw reuse the eltwise families (their CBs are the
// family's in ttnn 0.81.1); the normalizations have their own entry
// (lib/OpModel/Norm.cpp). Included by TTNNOpModel.h.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_TTNNMODELOPMODEL_H
#define TTL_OPMODEL_TTNNMODELOPMODEL_H

namespace mlir::ttnn::op_model {

template <>
struct OpModel<GeluOp> : UnaryEltwiseOpModel<GeluOp> {};
template <>
struct OpModel<SiluOp> : UnaryEltwiseOpModel<SiluOp> {};
template <>
struct OpModel<SigmoidOp> : UnaryEltwiseOpModel<SigmoidOp> {};
/// The exponents ttnn 0.81.1's pow_scalar does not run its unary program for.
enum class PowExponent : uint8_t { Other, Zero, One };
/// pow_scalar: the unary program, but ttnn 0.81.1 answers x ** 1 with a copy
/// and a row-major x ** 0 with a filled tensor (`exponent`).
template <>
struct OpModel<PowScalarOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   PowExponent exponent, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             PowExponent exponent,
                                             LayoutAttr outputLayout);
};
template <>
struct OpModel<PowTensorOp> : BinaryEltwiseOpModel<PowTensorOp> {};
template <>
struct OpModel<GeluBackwardOp> : BinaryEltwiseOpModel<GeluBackwardOp> {};

/// relu_bw and silu_bw: composites of several programs (lib/OpModel/
/// Backward.cpp; relu_bw: x > 0 into a temporary, then grad * it; silu_bw:
/// sigmoid(x), then five binary programs).
template <typename OpTy>
struct CompositeBackwardOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
                   llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
               llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               LayoutAttr outputLayout);
};

template <>
struct OpModel<ReluBackwardOp> : CompositeBackwardOpModel<ReluBackwardOp> {};
template <>
struct OpModel<SiluBackwardOp> : CompositeBackwardOpModel<SiluBackwardOp> {};

/// Softmax backward, ttnn 0.81.1's moreh programs (lib/OpModel/Moreh.cpp).
template <>
struct OpModel<MorehSoftmaxBackwardOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout,
                   LayoutAttr outputGradLayout, int64_t dim,
                   LayoutAttr resultLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout,
               LayoutAttr outputGradLayout, int64_t dim,
               LayoutAttr resultLayout);
};

/// Layer norm backward, ttnn 0.81.1's moreh input_grad and gamma/beta
/// programs (lib/OpModel/Moreh.cpp). `gammaLayout` is null without gamma;
/// `resultLayouts` are the computed gradients' in the op's result order.
template <>
struct OpModel<MorehLayerNormBackwardOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape,
                   LayoutAttr outputGradLayout, LayoutAttr inputLayout,
                   LayoutAttr meanLayout, LayoutAttr rstdLayout,
                   LayoutAttr gammaLayout, int64_t normalizedDims,
                   bool inputGrad, bool gammaGrad, bool betaGrad,
                   const std::vector<LayoutAttr> &resultLayouts,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr outputGradLayout,
               LayoutAttr inputLayout, LayoutAttr meanLayout,
               LayoutAttr rstdLayout, LayoutAttr gammaLayout,
               int64_t normalizedDims, bool inputGrad, bool gammaGrad,
               bool betaGrad, const std::vector<LayoutAttr> &resultLayouts);
};

/// layer_norm and rms_norm over the last dimension. `weightShape` /
/// `biasShape` are empty and their layouts null when absent.
template <typename OpTy>
struct NormOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
                   llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
               llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
               LayoutAttr outputLayout);
};

template <>
struct OpModel<LayerNormOp> : NormOpModel<LayerNormOp> {};
template <>
struct OpModel<RmsNormOp> : NormOpModel<RmsNormOp> {};

/// Rotary position embedding (prefill), lib/OpModel/Rotary.cpp.
template <>
struct OpModel<RotaryEmbeddingOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> cosShape, LayoutAttr cosLayout,
                   llvm::ArrayRef<int64_t> sinShape, LayoutAttr sinLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               llvm::ArrayRef<int64_t> cosShape, LayoutAttr cosLayout,
               llvm::ArrayRef<int64_t> sinShape, LayoutAttr sinLayout,
               LayoutAttr outputLayout);
};

/// Scaled dot-product attention (flash attention with default chunks),
/// lib/OpModel/Attention.cpp.
template <>
struct OpModel<ScaledDotProductAttentionOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> qShape, LayoutAttr qLayout,
                   llvm::ArrayRef<int64_t> kShape, LayoutAttr kLayout,
                   llvm::ArrayRef<int64_t> vShape, LayoutAttr vLayout,
                   bool isCausal, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> qShape, LayoutAttr qLayout,
               llvm::ArrayRef<int64_t> kShape, LayoutAttr kLayout,
               llvm::ArrayRef<int64_t> vShape, LayoutAttr vLayout,
               bool isCausal, LayoutAttr outputLayout);
};

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_TTNNMODELOPMODEL_H
