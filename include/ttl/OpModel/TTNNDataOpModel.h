//===- TTNNDataOpModel.h - op-model entries of reshape, permute, pad, embedding, argmax -*- C++ -*-===//
//
// Included by TTNNOpModel.h; same conventions (a trailing initialState
// selects the stateful query). Rules: lib/OpModel/DataOps.cpp and
// docs/op-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_TTNNDATAOPMODEL_H
#define TTL_OPMODEL_TTNNDATAOPMODEL_H

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace mlir::ttnn::op_model {

template <typename OpTy>
struct OpModel;

/// `shape`: the result's shape (ReshapeOp::inferResultShape).
template <>
struct OpModel<ReshapeOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout);
};

template <>
struct OpModel<PermuteOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> permutation, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               llvm::ArrayRef<int64_t> permutation, LayoutAttr outputLayout);
};

template <>
struct OpModel<PadOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> padding, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             llvm::ArrayRef<int64_t> padding,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<EmbeddingOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> indicesShape,
                   LayoutAttr indicesLayout, llvm::ArrayRef<int64_t> weightShape,
                   LayoutAttr weightLayout, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> indicesShape, LayoutAttr indicesLayout,
               llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
               LayoutAttr outputLayout);
};

/// `dims`: the reduced dimension, or empty for all of them.
template <>
struct OpModel<ArgMaxOp> {
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

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_TTNNDATAOPMODEL_H
