//===- TTNNLayoutOpModel.h - op-model entries of the data-movement ops -*- C++ -*-===//
//
// Included by TTNNOpModel.h; same conventions (a trailing initialState
// selects the stateful query). Rules: lib/OpModel/LayoutOps.cpp and
// docs/op-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_TTNNLAYOUTOPMODEL_H
#define TTL_OPMODEL_TTNNLAYOUTOPMODEL_H

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace mlir::ttnn::op_model {

template <typename OpTy>
struct OpModel;

template <>
struct OpModel<ConcatOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(const std::vector<std::vector<int64_t>> &inputShapes,
                   const std::vector<LayoutAttr> &inputLayouts, int64_t dim,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(const std::vector<std::vector<int64_t>> &inputShapes,
               const std::vector<LayoutAttr> &inputLayouts, int64_t dim,
               LayoutAttr outputLayout);
};

template <>
struct OpModel<SliceOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
                   llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t>
  getOpRuntime(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
               llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
               llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout);
};

template <>
struct OpModel<RepeatOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             llvm::ArrayRef<int64_t> repeats,
                                             LayoutAttr outputLayout);
};

template <>
struct OpModel<ToLayoutOp> {
  static llvm::Expected<OpConstraints>
  getOpConstraints(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState = nullptr);
  static llvm::Expected<size_t> getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             LayoutAttr outputLayout);
};

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_TTNNLAYOUTOPMODEL_H
