//===- TTNNOpModel.h - op-model entries per TTNN op -------------*- C++ -*-===//
//
// `OpModel<Op>` answers constraints and runtime for one op from plain
// arguments (shapes, layouts, attributes), the way the op is invoked at
// runtime. Families share one implementation and are explicitly
// instantiated per op in their .cpp (unary, binary, ternary, reduction,
// creation).
//
// The state selector convention: every stateful entry's getOpConstraints
// takes a trailing `const MockAllocatorState *initialState = nullptr`.
// nullptr is the stateless query (nothing allocated, no outputAllocations);
// non-null is the stateful query: the backend copies the state, allocates
// the outputs, checks the circular buffers against the live buffers and
// returns the output records. The default keeps stateless call sites short;
// callers that select through `std::optional` liveRecords go through
// detail::constraintsDispatch, which turns an engaged optional (even an empty
// one) into a non-null state with buildInitialState. Intentionally stateless
// entries (EmptyOp, ArangeOp, DeallocateOp) have no initialState parameter.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_TTNNOPMODEL_H
#define TTL_OPMODEL_TTNNOPMODEL_H

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace mlir::ttnn::op_model {

template <typename OpTy>
struct OpModel;

template <typename OpTy>
struct UnaryEltwiseOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             LayoutAttr outputLayout);
};

template <typename OpTy>
struct BinaryEltwiseOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> lhsShape, LayoutAttr lhsLayout,
                   llvm::ArrayRef<int64_t> rhsShape, LayoutAttr rhsLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> lhsShape, LayoutAttr lhsLayout,
               llvm::ArrayRef<int64_t> rhsShape, LayoutAttr rhsLayout,
               LayoutAttr outputLayout);
};

template <typename OpTy>
struct TernaryEltwiseOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
                   llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
                   llvm::ArrayRef<int64_t> cShape, LayoutAttr cLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
               llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
               llvm::ArrayRef<int64_t> cShape, LayoutAttr cLayout,
               LayoutAttr outputLayout);
};

/// `dims` empty: reduce over every dimension.
template <typename OpTy>
struct ReductionOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> dims, bool keepDim,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             llvm::ArrayRef<int64_t> dims,
                                             bool keepDim,
                                             LayoutAttr outputLayout);
};

/// zeros / ones / full: a fill kernel writes the output on device.
template <typename OpTy>
struct FillOpModel {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> outputShape, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> outputShape,
                                             LayoutAttr outputLayout);
};

#define TTL_OP_MODEL_FAMILY(OP, FAMILY)                                        \
  template <>                                                                  \
  struct OpModel<OP> : FAMILY<OP> {};

TTL_OP_MODEL_FAMILY(ReluOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(SqrtOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(ExpOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(TanhOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(CbrtOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(NegOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(AbsOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(RsqrtOp, UnaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(AddOp, BinaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(SubtractOp, BinaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(MultiplyOp, BinaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(MaximumOp, BinaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(MinimumOp, BinaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(WhereOp, TernaryEltwiseOpModel)
TTL_OP_MODEL_FAMILY(SumOp, ReductionOpModel)
TTL_OP_MODEL_FAMILY(MeanOp, ReductionOpModel)
TTL_OP_MODEL_FAMILY(MaxOp, ReductionOpModel)
TTL_OP_MODEL_FAMILY(MinOp, ReductionOpModel)
TTL_OP_MODEL_FAMILY(ZerosOp, FillOpModel)
TTL_OP_MODEL_FAMILY(OnesOp, FillOpModel)
TTL_OP_MODEL_FAMILY(FullOp, FillOpModel)
#undef TTL_OP_MODEL_FAMILY

template <>
struct OpModel<MatmulOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
                   llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
                   bool transposeA, bool transposeB, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
               llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
               bool transposeA, bool transposeB, LayoutAttr outputLayout);
};

template <>
struct OpModel<SoftmaxOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   int64_t dimension, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             int64_t dimension,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<TransposeOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   int64_t dim0, int64_t dim1, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             int64_t dim0, int64_t dim1,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<TypecastOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<ToMemoryConfigOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<ConcatenateHeadsOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             LayoutAttr outputLayout);
};

/// A compiled TTL operation (ttnn.generic): its circular buffers from its
/// DFBs, its outputs placed by `outputLayouts`, its runtime from the tensors
/// its copies move and its tile math (docs/op-model.md, "TTL operations").
template <>
struct OpModel<GenericOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(const GenericProgram &program,
                   const std::vector<std::vector<int64_t>> &inputShapes,
                   const std::vector<LayoutAttr> &inputLayouts,
                   const std::vector<std::vector<int64_t>> &outputShapes,
                   const std::vector<LayoutAttr> &outputLayouts,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(const GenericProgram &program,
               const std::vector<std::vector<int64_t>> &inputShapes,
               const std::vector<LayoutAttr> &inputLayouts,
               const std::vector<std::vector<int64_t>> &outputShapes,
               const std::vector<LayoutAttr> &outputLayouts);
};

// Intentionally stateless entries: no initialState parameter.

template <>
struct OpModel<EmptyOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> outputShape, LayoutAttr outputLayout);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> outputShape,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<ArangeOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(int64_t start, int64_t end, int64_t step,
                   llvm::ArrayRef<int64_t> outputShape, LayoutAttr outputLayout);
  static llvm::Expected<size_t> getOpRuntime(int64_t start, int64_t end,
                                             int64_t step,
                                             llvm::ArrayRef<int64_t> outputShape,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<DeallocateOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout);
};

} // namespace mlir::ttnn::op_model

// Entries of the ops in TTNNModelOps.td.
#include "ttl/OpModel/TTNNModelOpModel.h"
// Data-movement ops (concat, slice, repeat).
#include "ttl/OpModel/TTNNLayoutOpModel.h"
// permute, pad, embedding, argmax.
#include "ttl/OpModel/TTNNDataOpModel.h"
// linear (TTNNLinearOps.td).
#include "ttl/OpModel/TTNNLinearOpModel.h"
// Ops of CNN layers (max_pool2d).
#include "ttl/OpModel/TTNNConvOpModel.h"

#endif // TTL_OPMODEL_TTNNOPMODEL_H
