//===- TTNNTraits.h - TTNN op traits ----------------------------*- C++ -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNTRAITS_H
#define TTL_DIALECT_TTNN_IR_TTNNTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::ttnn {
namespace detail {
LogicalResult verifyLayoutEncoded(Operation *op);
} // namespace detail

namespace OpTrait {

/// Marks an op that has no op model (host transfers, collectives): TTNN_Op
/// then leaves the OpModel interface off it. Carries no behaviour.
template <typename ConcreteType>
class OpModelExempt
    : public mlir::OpTrait::TraitBase<ConcreteType, OpModelExempt> {};

/// Every ranked-tensor operand and result is either unencoded (host) or
/// encoded with #ttnn.layout.
template <typename ConcreteType>
class LayoutEncoded
    : public mlir::OpTrait::TraitBase<ConcreteType, LayoutEncoded> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyLayoutEncoded(op);
  }
};

} // namespace OpTrait
} // namespace mlir::ttnn

#endif // TTL_DIALECT_TTNN_IR_TTNNTRAITS_H
