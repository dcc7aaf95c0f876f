//===- TTNNOpModelInterface.cpp - OpModel interface of every TTNN op ------===//
//
// Each op extracts its shapes and attributes and hands them, with the layouts
// of the query, to its op-model entry (ttl/OpModel/TTNNOpModel.h).
//
// Stateless vs stateful: `liveRecords` is threaded untouched to
// detail::constraintsDispatch, the single place that decides. Disengaged ->
// the stateless query through the constraint cache; engaged (empty or not) ->
// buildInitialState (non-null even for {}) and the stateful query, bypassing
// the cache because the cache key does not (and must not) include the live
// set. Nothing here looks at liveRecords.empty(): an engaged empty set is
// how the L1 spill window starts, and treating it as stateless would make
// every later query stateless too, silently.
//
// Intentionally stateless ops (their getOpConstraints takes the parameter
// unnamed, /*liveRecords*/, and calls the cache directly):
//   - ttnn.empty: allocation only, no program; modelled as before the
//     stateful path existed (its output size is still reported).
//   - ttnn.arange: built on the host and written to the device; no program
//     whose circular buffers could clash.
//   - ttnn.deallocate: bookkeeping, no output and no L1 need.
// `grep -n '/\*liveRecords\*/'` finds them. Every other op is stateful.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/MockAllocator.h"
#include "ttl/OpModel/OpModelCache.h"
#include "ttl/OpModel/TTNNOpModel.h"

using namespace mlir;
using namespace mlir::ttnn;
using op_model::OpConstraints;
using op_model::OpModelAllocationRecord;
using LiveRecords = std::optional<llvm::ArrayRef<OpModelAllocationRecord>>;
using Layouts = std::vector<LayoutAttr>;

namespace mlir::ttnn::detail {
namespace {

ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// The query's output layout, or the one encoded in the op's result type.
LayoutAttr outputLayout(Operation *op, const OpConfig &config) {
  if (config.outputLayout || op->getNumResults() == 0)
    return config.outputLayout;
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  return dyn_cast_or_null<LayoutAttr>(type.getEncoding());
}

llvm::Error checkInputCount(Operation *op, const Layouts &inputs,
                            size_t expected) {
  if (inputs.size() == expected)
    return llvm::Error::success();
  return op_model::backendError(op->getName().getStringRef() + " takes " +
                                llvm::Twine(expected) +
                                " input layouts, got " +
                                llvm::Twine(inputs.size()));
}

/// The single choke point of the cache decision (see the file comment). The
/// query runs in a DeviceScope of its device, whose name leads the cache key.
template <typename OpTy, typename... Args>
llvm::Expected<OpConstraints> constraintsDispatch(OpTy op,
                                                  LiveRecords liveRecords,
                                                  const Args &...args) {
  auto device = op_model::queryDevice(op);
  if (!device)
    return device.takeError();
  op_model::DeviceScope scope(**device);
  if (!liveRecords.has_value()) {
    // The default argument does not survive the function-pointer conversion
    // getOrCompute checks, and the key must be exactly the query arguments:
    // bind initialState = nullptr here.
    return op_model::opConstraintsCache().getOrCompute(
        [](const llvm::StringRef &, const Args &...a) {
          return op_model::OpModel<OpTy>::getOpConstraints(
              a..., /*initialState=*/nullptr);
        },
        op.getOperation(), (*device)->name, args...);
  }
  // Engaged, empty or not: stateful and uncached.
  auto state = op_model::buildInitialState(*liveRecords);
  if (!state)
    return state.takeError();
  return op_model::OpModel<OpTy>::getOpConstraints(args..., state->get());
}

/// A cached stateless entry (`fn`), in a DeviceScope of the query's device.
template <typename ResultT, typename OpTy, typename Fn, typename... Args>
llvm::Expected<ResultT> cachedOnDevice(op_model::OpModelCache<ResultT> &cache,
                                       OpTy op, const Args &...args) {
  auto device = op_model::queryDevice(op);
  if (!device)
    return device.takeError();
  op_model::DeviceScope scope(**device);
  return cache.getOrCompute(
      [](const llvm::StringRef &, const Args &...a) { return Fn::call(a...); },
      op.getOperation(), (*device)->name, args...);
}

template <typename OpTy>
struct RuntimeEntry {
  template <typename... Args>
  static llvm::Expected<size_t> call(const Args &...a) {
    return op_model::OpModel<OpTy>::getOpRuntime(a...);
  }
};

template <typename OpTy>
struct StatelessConstraintsEntry {
  template <typename... Args>
  static llvm::Expected<OpConstraints> call(const Args &...a) {
    return op_model::OpModel<OpTy>::getOpConstraints(a...);
  }
};

template <typename OpTy, typename... Args>
llvm::Expected<size_t> runtimeCached(OpTy op, const Args &...args) {
  return cachedOnDevice<size_t, OpTy, RuntimeEntry<OpTy>>(
      op_model::opRuntimeCache(), op, args...);
}

/// Intentionally stateless ops (see the file comment).
template <typename OpTy, typename... Args>
llvm::Expected<OpConstraints> statelessCached(OpTy op, const Args &...args) {
  return cachedOnDevice<OpConstraints, OpTy, StatelessConstraintsEntry<OpTy>>(
      op_model::opConstraintsCache(), op, args...);
}

//===----------------------------------------------------------------------===//
// Family helpers
//===----------------------------------------------------------------------===//

template <typename OpTy>
llvm::Expected<OpConstraints> getUnaryOpConstraints(OpTy op,
                                                    const Layouts &inputs,
                                                    const OpConfig &config,
                                                    LiveRecords liveRecords) {
  if (llvm::Error err = checkInputCount(op, inputs, 1))
    return err;
  return constraintsDispatch(op, liveRecords, shapeOf(op->getOperand(0)),
                             inputs[0], outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<size_t> getUnaryOpRuntime(OpTy op, const Layouts &inputs,
                                         const OpConfig &config) {
  if (llvm::Error err = checkInputCount(op, inputs, 1))
    return err;
  return runtimeCached(op, shapeOf(op->getOperand(0)), inputs[0],
                       outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<OpConstraints> getBinaryOpConstraints(OpTy op,
                                                     const Layouts &inputs,
                                                     const OpConfig &config,
                                                     LiveRecords liveRecords) {
  if (llvm::Error err = checkInputCount(op, inputs, 2))
    return err;
  return constraintsDispatch(op, liveRecords, shapeOf(op.getLhs()), inputs[0],
                             shapeOf(op.getRhs()), inputs[1],
                             outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<size_t> getBinaryOpRuntime(OpTy op, const Layouts &inputs,
                                          const OpConfig &config) {
  if (llvm::Error err = checkInputCount(op, inputs, 2))
    return err;
  return runtimeCached(op, shapeOf(op.getLhs()), inputs[0],
                       shapeOf(op.getRhs()), inputs[1],
                       outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<OpConstraints> getTernaryOpConstraints(OpTy op,
                                                      const Layouts &inputs,
                                                      const OpConfig &config,
                                                      LiveRecords liveRecords) {
  if (llvm::Error err = checkInputCount(op, inputs, 3))
    return err;
  return constraintsDispatch(op, liveRecords, shapeOf(op->getOperand(0)),
                             inputs[0], shapeOf(op->getOperand(1)), inputs[1],
                             shapeOf(op->getOperand(2)), inputs[2],
                             outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<size_t> getTernaryOpRuntime(OpTy op, const Layouts &inputs,
                                           const OpConfig &config) {
  if (llvm::Error err = checkInputCount(op, inputs, 3))
    return err;
  return runtimeCached(op, shapeOf(op->getOperand(0)), inputs[0],
                       shapeOf(op->getOperand(1)), inputs[1],
                       shapeOf(op->getOperand(2)), inputs[2],
                       outputLayout(op, config));
}

template <typename OpTy>
ArrayRef<int64_t> reductionDims(OpTy op) {
  return op.getDimArg().value_or(ArrayRef<int64_t>());
}

template <typename OpTy>
llvm::Expected<OpConstraints>
getReductionOpConstraints(OpTy op, const Layouts &inputs,
                          const OpConfig &config, LiveRecords liveRecords) {
  if (llvm::Error err = checkInputCount(op, inputs, 1))
    return err;
  return constraintsDispatch(op, liveRecords, shapeOf(op.getInput()),
                             inputs[0], reductionDims(op), op.getKeepDim(),
                             outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<size_t> getReductionOpRuntime(OpTy op, const Layouts &inputs,
                                             const OpConfig &config) {
  if (llvm::Error err = checkInputCount(op, inputs, 1))
    return err;
  return runtimeCached(op, shapeOf(op.getInput()), inputs[0],
                       reductionDims(op), op.getKeepDim(),
                       outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<OpConstraints> getFillOpConstraints(OpTy op,
                                                   const Layouts &inputs,
                                                   const OpConfig &config,
                                                   LiveRecords liveRecords) {
  if (llvm::Error err = checkInputCount(op, inputs, 0))
    return err;
  return constraintsDispatch(op, liveRecords, shapeOf(op.getResult()),
                             outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<size_t> getFillOpRuntime(OpTy op, const Layouts &inputs,
                                        const OpConfig &config) {
  if (llvm::Error err = checkInputCount(op, inputs, 0))
    return err;
  return runtimeCached(op, shapeOf(op.getResult()), outputLayout(op, config));
}

} // namespace
} // namespace mlir::ttnn::detail

//===----------------------------------------------------------------------===//
// Per-op definitions
//===----------------------------------------------------------------------===//

#define TTL_FAMILY_OP_MODEL(OP, FAMILY)                                        \
  llvm::Expected<OpConstraints> OP::getOpConstraints(                          \
      const Layouts &inputs, const OpConfig &opConfig,                         \
      LiveRecords liveRecords) {                                               \
    return detail::get##FAMILY##OpConstraints(*this, inputs, opConfig,         \
                                              liveRecords);                    \
  }                                                                            \
  llvm::Expected<size_t> OP::getOpRuntime(const Layouts &inputs,               \
                                          const OpConfig &opConfig) {          \
    return detail::get##FAMILY##OpRuntime(*this, inputs, opConfig);            \
  }

TTL_FAMILY_OP_MODEL(ReluOp, Unary)
TTL_FAMILY_OP_MODEL(SqrtOp, Unary)
TTL_FAMILY_OP_MODEL(ExpOp, Unary)
TTL_FAMILY_OP_MODEL(TanhOp, Unary)
TTL_FAMILY_OP_MODEL(CbrtOp, Unary)
TTL_FAMILY_OP_MODEL(NegOp, Unary)
TTL_FAMILY_OP_MODEL(AbsOp, Unary)
TTL_FAMILY_OP_MODEL(RsqrtOp, Unary)
TTL_FAMILY_OP_MODEL(AddOp, Binary)
TTL_FAMILY_OP_MODEL(SubtractOp, Binary)
TTL_FAMILY_OP_MODEL(MultiplyOp, Binary)
TTL_FAMILY_OP_MODEL(MaximumOp, Binary)
TTL_FAMILY_OP_MODEL(MinimumOp, Binary)
TTL_FAMILY_OP_MODEL(WhereOp, Ternary)
TTL_FAMILY_OP_MODEL(SumOp, Reduction)
TTL_FAMILY_OP_MODEL(MeanOp, Reduction)
TTL_FAMILY_OP_MODEL(MaxOp, Reduction)
TTL_FAMILY_OP_MODEL(MinOp, Reduction)
TTL_FAMILY_OP_MODEL(ZerosOp, Fill)
TTL_FAMILY_OP_MODEL(OnesOp, Fill)
TTL_FAMILY_OP_MODEL(FullOp, Fill)
TTL_FAMILY_OP_MODEL(GeluOp, Unary)
TTL_FAMILY_OP_MODEL(SiluOp, Unary)
TTL_FAMILY_OP_MODEL(SigmoidOp, Unary)
TTL_FAMILY_OP_MODEL(PowTensorOp, Binary)
TTL_FAMILY_OP_MODEL(GeluBackwardOp, Binary)
TTL_FAMILY_OP_MODEL(ReluBackwardOp, Binary)
TTL_FAMILY_OP_MODEL(SiluBackwardOp, Binary)
#undef TTL_FAMILY_OP_MODEL

// pow_scalar: the unary family's arguments and whether the exponent is 0 or 1
// (ttnn runs x ** 1 as a copy, fills a row-major x ** 0).
static op_model::PowExponent powExponent(PowScalarOp op) {
  double exponent = op.getExponent().convertToDouble();
  if (exponent == 0.0)
    return op_model::PowExponent::Zero;
  return exponent == 1.0 ? op_model::PowExponent::One
                         : op_model::PowExponent::Other;
}
llvm::Expected<OpConstraints>
PowScalarOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                              LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0],
      powExponent(*this),
      detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> PowScalarOp::getOpRuntime(const Layouts &inputs,
                                                 const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               powExponent(*this),
                               detail::outputLayout(*this, opConfig));
}

// Unary-shaped ops with their own entry (typecast, to_memory_config,
// concatenate_heads) reuse the unary helpers: same arguments.
llvm::Expected<OpConstraints>
TypecastOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                             LiveRecords liveRecords) {
  return detail::getUnaryOpConstraints(*this, inputs, opConfig, liveRecords);
}
llvm::Expected<size_t> TypecastOp::getOpRuntime(const Layouts &inputs,
                                                const OpConfig &opConfig) {
  return detail::getUnaryOpRuntime(*this, inputs, opConfig);
}

llvm::Expected<OpConstraints>
ToMemoryConfigOp::getOpConstraints(const Layouts &inputs,
                                   const OpConfig &opConfig,
                                   LiveRecords liveRecords) {
  return detail::getUnaryOpConstraints(*this, inputs, opConfig, liveRecords);
}
llvm::Expected<size_t>
ToMemoryConfigOp::getOpRuntime(const Layouts &inputs,
                               const OpConfig &opConfig) {
  return detail::getUnaryOpRuntime(*this, inputs, opConfig);
}

llvm::Expected<OpConstraints>
ConcatenateHeadsOp::getOpConstraints(const Layouts &inputs,
                                     const OpConfig &opConfig,
                                     LiveRecords liveRecords) {
  return detail::getUnaryOpConstraints(*this, inputs, opConfig, liveRecords);
}
llvm::Expected<size_t>
ConcatenateHeadsOp::getOpRuntime(const Layouts &inputs,
                                 const OpConfig &opConfig) {
  return detail::getUnaryOpRuntime(*this, inputs, opConfig);
}

llvm::Expected<OpConstraints>
MatmulOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 2))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getA()), inputs[0],
      detail::shapeOf(getB()), inputs[1], getTransposeA(), getTransposeB(),
      detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> MatmulOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 2))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getA()), inputs[0],
                               detail::shapeOf(getB()), inputs[1],
                               getTransposeA(), getTransposeB(),
                               detail::outputLayout(*this, opConfig));
}

namespace mlir::ttnn::detail {
namespace {
/// The query arguments of a linear: the bias's shape and layout are empty
/// and null without one (its layout is the third input layout when present).
template <typename Fn>
auto withLinearArgs(LinearOp op, const Layouts &inputs, const OpConfig &config,
                    Fn &&fn) {
  bool hasBias = bool(op.getBias());
  using Result = decltype(fn(ArrayRef<int64_t>(), LayoutAttr()));
  if (llvm::Error err = checkInputCount(op, inputs, 2 + hasBias))
    return Result(std::move(err));
  ArrayRef<int64_t> biasShape = hasBias ? shapeOf(op.getBias()) : ArrayRef<int64_t>();
  return fn(biasShape, hasBias ? inputs[2] : LayoutAttr());
}
} // namespace
} // namespace mlir::ttnn::detail

llvm::Expected<OpConstraints>
LinearOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords liveRecords) {
  return detail::withLinearArgs(
      *this, inputs, opConfig,
      [&](ArrayRef<int64_t> biasShape,
          LayoutAttr biasLayout) -> llvm::Expected<OpConstraints> {
        return detail::constraintsDispatch(
            *this, liveRecords, detail::shapeOf(getA()), inputs[0],
            detail::shapeOf(getB()), inputs[1], biasShape, biasLayout,
            getTransposeA(), getTransposeB(), getActivation(),
            detail::outputLayout(*this, opConfig));
      });
}
llvm::Expected<size_t> LinearOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  return detail::withLinearArgs(
      *this, inputs, opConfig,
      [&](ArrayRef<int64_t> biasShape,
          LayoutAttr biasLayout) -> llvm::Expected<size_t> {
        return detail::runtimeCached(
            *this, detail::shapeOf(getA()), inputs[0], detail::shapeOf(getB()),
            inputs[1], biasShape, biasLayout, getTransposeA(), getTransposeB(),
            getActivation(), detail::outputLayout(*this, opConfig));
      });
}

llvm::Expected<OpConstraints>
SoftmaxOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                            LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0],
      int64_t(getDimension()), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> SoftmaxOp::getOpRuntime(const Layouts &inputs,
                                               const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               int64_t(getDimension()),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
TransposeOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                              LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0],
      int64_t(getDim0()), int64_t(getDim1()),
      detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> TransposeOp::getOpRuntime(const Layouts &inputs,
                                                 const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               int64_t(getDim0()), int64_t(getDim1()),
                               detail::outputLayout(*this, opConfig));
}

//===----------------------------------------------------------------------===//
// layer_norm / rms_norm: input, then weight and bias when present
//===----------------------------------------------------------------------===//

namespace mlir::ttnn::detail {
namespace {

/// The query arguments of a norm op: each optional operand's shape and
/// layout (empty and null when absent), the layouts taken in operand order.
template <typename OpTy, typename Fn>
auto withNormArgs(OpTy op, const Layouts &inputs, const OpConfig &config,
                  Fn &&fn) -> decltype(fn(ArrayRef<int64_t>(), LayoutAttr(),
                                          ArrayRef<int64_t>(), LayoutAttr(),
                                          ArrayRef<int64_t>(), LayoutAttr(),
                                          LayoutAttr())) {
  size_t expected = 1 + bool(op.getWeight()) + bool(op.getBias());
  if (llvm::Error err = checkInputCount(op, inputs, expected))
    return err;
  size_t next = 1;
  auto optional = [&](Value value) -> std::pair<ArrayRef<int64_t>, LayoutAttr> {
    if (!value)
      return {{}, LayoutAttr()};
    return {shapeOf(value), inputs[next++]};
  };
  auto [weightShape, weightLayout] = optional(op.getWeight());
  auto [biasShape, biasLayout] = optional(op.getBias());
  return fn(shapeOf(op.getInput()), inputs[0], weightShape, weightLayout,
            biasShape, biasLayout, outputLayout(op, config));
}

template <typename OpTy>
llvm::Expected<OpConstraints> getNormOpConstraints(OpTy op,
                                                   const Layouts &inputs,
                                                   const OpConfig &config,
                                                   LiveRecords liveRecords) {
  return withNormArgs(op, inputs, config, [&](auto... args) {
    return constraintsDispatch(op, liveRecords, args...);
  });
}

template <typename OpTy>
llvm::Expected<size_t> getNormOpRuntime(OpTy op, const Layouts &inputs,
                                        const OpConfig &config) {
  return withNormArgs(op, inputs, config,
                      [&](auto... args) { return runtimeCached(op, args...); });
}

} // namespace
} // namespace mlir::ttnn::detail

llvm::Expected<OpConstraints>
LayerNormOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                              LiveRecords liveRecords) {
  return detail::getNormOpConstraints(*this, inputs, opConfig, liveRecords);
}
llvm::Expected<size_t> LayerNormOp::getOpRuntime(const Layouts &inputs,
                                                 const OpConfig &opConfig) {
  return detail::getNormOpRuntime(*this, inputs, opConfig);
}
llvm::Expected<OpConstraints>
RmsNormOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                            LiveRecords liveRecords) {
  return detail::getNormOpConstraints(*this, inputs, opConfig, liveRecords);
}
llvm::Expected<size_t> RmsNormOp::getOpRuntime(const Layouts &inputs,
                                               const OpConfig &opConfig) {
  return detail::getNormOpRuntime(*this, inputs, opConfig);
}

llvm::Expected<OpConstraints> MorehSoftmaxBackwardOp::getOpConstraints(
    const Layouts &inputs, const OpConfig &opConfig, LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 2))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getOutput()), inputs[0], inputs[1],
      int64_t(getDim()), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t>
MorehSoftmaxBackwardOp::getOpRuntime(const Layouts &inputs,
                                     const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 2))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getOutput()), inputs[0],
                               inputs[1], int64_t(getDim()),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
RotaryEmbeddingOp::getOpConstraints(const Layouts &inputs,
                                    const OpConfig &opConfig,
                                    LiveRecords liveRecords) {
  return detail::getTernaryOpConstraints(*this, inputs, opConfig, liveRecords);
}
llvm::Expected<size_t>
RotaryEmbeddingOp::getOpRuntime(const Layouts &inputs,
                                const OpConfig &opConfig) {
  return detail::getTernaryOpRuntime(*this, inputs, opConfig);
}

llvm::Expected<OpConstraints> ScaledDotProductAttentionOp::getOpConstraints(
    const Layouts &inputs, const OpConfig &opConfig, LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 3))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getQuery()), inputs[0],
      detail::shapeOf(getKey()), inputs[1], detail::shapeOf(getValue()),
      inputs[2], getIsCausal(), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t>
ScaledDotProductAttentionOp::getOpRuntime(const Layouts &inputs,
                                          const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 3))
    return err;
  return detail::runtimeCached(
      *this, detail::shapeOf(getQuery()), inputs[0], detail::shapeOf(getKey()),
      inputs[1], detail::shapeOf(getValue()), inputs[2], getIsCausal(),
      detail::outputLayout(*this, opConfig));
}

//===----------------------------------------------------------------------===//
// ttnn.generic: a compiled TTL operation
//===----------------------------------------------------------------------===//

namespace mlir::ttnn::detail {
namespace {

void appendCoreRects(ArrayAttr cores,
                     llvm::SmallVectorImpl<op_model::CoreRect> &rects) {
  for (auto core : cores.getAsRange<CoreRangeAttr>())
    rects.push_back({core.getStartX(), core.getStartY(), core.getEndX(),
                     core.getEndY()});
}

/// The op's records as plain values (the cache key outlives the context).
op_model::GenericProgram genericProgram(GenericOp op) {
  op_model::GenericProgram program;
  program.operationId = op.getOperationId().str();
  program.gridCols = op.getGrid()[0];
  program.gridRows = op.getGrid()[1];
  for (auto dfb : op.getDataflowBuffers().getAsRange<DataflowBufferAttr>()) {
    program.buffers.push_back({dfb.getBytesPerCore(), {}});
    appendCoreRects(dfb.getCores(), program.buffers.back().cores);
  }
  for (auto kernel : op.getKernels().getAsRange<KernelAttr>())
    appendCoreRects(kernel.getCores(), program.kernelCores);
  program.tileOps = op.getTileOps();
  return program;
}

std::vector<std::vector<int64_t>> shapesOf(ValueRange values) {
  std::vector<std::vector<int64_t>> shapes;
  for (Value value : values) {
    ArrayRef<int64_t> shape = shapeOf(value);
    shapes.emplace_back(shape.begin(), shape.end());
  }
  return shapes;
}

/// The requested output layout applies to every result; without one, each
/// result keeps the layout of its type.
std::vector<LayoutAttr> genericOutputLayouts(Operation *op,
                                             const OpConfig &config) {
  std::vector<LayoutAttr> layouts;
  for (Value result : op->getResults())
    layouts.push_back(
        config.outputLayout
            ? config.outputLayout
            : dyn_cast_or_null<LayoutAttr>(
                  cast<RankedTensorType>(result.getType()).getEncoding()));
  return layouts;
}

/// A TTL operation's kernels address each tensor as compiled (its operand and
/// result types): an interleaved tensor through interleaved TensorAccessor
/// pages, a sharded one through the sharded accessor of its grid and shard
/// shape. A requested placement of another sharding would be read or written
/// where the tensor is not, so the model does not answer for it.
llvm::Error checkGenericSharding(GenericOp op, const Layouts &inputs,
                                 const OpConfig &config) {
  auto sameSharding = [](LayoutAttr compiled, LayoutAttr requested) {
    if (!compiled || !requested)
      return true;
    if (!compiled.isSharded() && !requested.isSharded())
      return true;
    return compiled.getMemoryLayout() == requested.getMemoryLayout() &&
           compiled.getGrid() == requested.getGrid() &&
           compiled.getShard() == requested.getShard();
  };
  auto check = [&](Value value, LayoutAttr requested, llvm::StringRef role,
                   size_t index) -> llvm::Error {
    auto compiled = dyn_cast_or_null<LayoutAttr>(
        cast<RankedTensorType>(value.getType()).getEncoding());
    if (sameSharding(compiled, requested))
      return llvm::Error::success();
    std::string want, have;
    llvm::raw_string_ostream(want) << requested;
    llvm::raw_string_ostream(have) << compiled;
    return op_model::notSupportedError(
        "ttnn.generic '" + op.getOperationId() + "': the " + role + " " +
        llvm::Twine(index) + " is " + want +
        " but the operation was compiled for " + have +
        "; its kernels address the tensor as compiled (compile it for this "
        "placement)");
  };
  for (auto [i, input] : llvm::enumerate(op.getInputs()))
    if (i < inputs.size())
      if (llvm::Error err = check(input, inputs[i], "input", i))
        return err;
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    if (llvm::Error err = check(result, config.outputLayout, "output", i))
      return err;
  return llvm::Error::success();
}

} // namespace
} // namespace mlir::ttnn::detail

llvm::Expected<OpConstraints>
GenericOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                            LiveRecords liveRecords) {
  if (llvm::Error err =
          detail::checkInputCount(*this, inputs, getInputs().size()))
    return err;
  if (llvm::Error err = detail::checkGenericSharding(*this, inputs, opConfig))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::genericProgram(*this),
      detail::shapesOf(getInputs()), inputs, detail::shapesOf(getResults()),
      detail::genericOutputLayouts(*this, opConfig));
}
llvm::Expected<size_t> GenericOp::getOpRuntime(const Layouts &inputs,
                                               const OpConfig &opConfig) {
  if (llvm::Error err =
          detail::checkInputCount(*this, inputs, getInputs().size()))
    return err;
  if (llvm::Error err = detail::checkGenericSharding(*this, inputs, opConfig))
    return err;
  return detail::runtimeCached(*this, detail::genericProgram(*this),
                               detail::shapesOf(getInputs()), inputs,
                               detail::shapesOf(getResults()),
                               detail::genericOutputLayouts(*this, opConfig));
}

/// Operands of moreh_layer_norm_backward: output_grad, input, mean, rstd and
/// the optional gamma (a null layout when absent).
static llvm::Error checkLayerNormBackwardInputs(MorehLayerNormBackwardOp op,
                                                const Layouts &inputs) {
  return ttnn::detail::checkInputCount(op, inputs, op.getGamma() ? 5 : 4);
}
static LayoutAttr gammaLayoutOf(MorehLayerNormBackwardOp op,
                                const Layouts &inputs) {
  return op.getGamma() ? inputs[4] : LayoutAttr();
}

llvm::Expected<OpConstraints> MorehLayerNormBackwardOp::getOpConstraints(
    const Layouts &inputs, const OpConfig &opConfig, LiveRecords liveRecords) {
  if (llvm::Error err = checkLayerNormBackwardInputs(*this, inputs))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0], inputs[1],
      inputs[2], inputs[3], gammaLayoutOf(*this, inputs),
      int64_t(getNormalizedDims()), getInputGrad(), getGammaGrad(),
      getBetaGrad(), detail::genericOutputLayouts(*this, opConfig));
}
llvm::Expected<size_t>
MorehLayerNormBackwardOp::getOpRuntime(const Layouts &inputs,
                                       const OpConfig &opConfig) {
  if (llvm::Error err = checkLayerNormBackwardInputs(*this, inputs))
    return err;
  return detail::runtimeCached(
      *this, detail::shapeOf(getInput()), inputs[0], inputs[1], inputs[2],
      inputs[3], gammaLayoutOf(*this, inputs),
      int64_t(getNormalizedDims()), getInputGrad(), getGammaGrad(),
      getBetaGrad(), detail::genericOutputLayouts(*this, opConfig));
}

//===----------------------------------------------------------------------===//
// Intentionally stateless (see the file comment)
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints>
EmptyOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                          LiveRecords /*liveRecords*/) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 0))
    return err;
  return detail::statelessCached(*this, detail::shapeOf(getResult()),
                                 detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> EmptyOp::getOpRuntime(const Layouts &inputs,
                                             const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 0))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getResult()),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
ArangeOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords /*liveRecords*/) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 0))
    return err;
  return detail::statelessCached(*this, int64_t(getStart()), int64_t(getEnd()),
                                 int64_t(getStep()), detail::shapeOf(getResult()),
                                 detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> ArangeOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 0))
    return err;
  return detail::runtimeCached(*this, int64_t(getStart()), int64_t(getEnd()),
                               int64_t(getStep()), detail::shapeOf(getResult()),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
DeallocateOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                               LiveRecords /*liveRecords*/) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::statelessCached(*this, detail::shapeOf(getInput()),
                                 inputs[0]);
}
llvm::Expected<size_t> DeallocateOp::getOpRuntime(const Layouts &inputs,
                                                  const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0]);
}

//===----------------------------------------------------------------------===//
// Data movement: concat, slice, repeat, to_layout
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints>
ConcatOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords liveRecords) {
  if (llvm::Error err =
          detail::checkInputCount(*this, inputs, getInputs().size()))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapesOf(getInputs()), inputs,
      int64_t(getDim()), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> ConcatOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  if (llvm::Error err =
          detail::checkInputCount(*this, inputs, getInputs().size()))
    return err;
  return detail::runtimeCached(*this, detail::shapesOf(getInputs()), inputs,
                               int64_t(getDim()),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
SliceOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                          LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0], getBegins(),
      getEnds(), getStep(), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> SliceOp::getOpRuntime(const Layouts &inputs,
                                             const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               getBegins(), getEnds(), getStep(),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
RepeatOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(*this, liveRecords,
                                     detail::shapeOf(getInput()), inputs[0],
                                     getRepeats(),
                                     detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> RepeatOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               getRepeats(),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
ToLayoutOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                             LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(*this, liveRecords,
                                     detail::shapeOf(getInput()), inputs[0],
                                     detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> ToLayoutOp::getOpRuntime(const Layouts &inputs,
                                                const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               detail::outputLayout(*this, opConfig));
}

//===----------------------------------------------------------------------===//
// reshape, permute, pad, embedding, argmax
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints>
ReshapeOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                            LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(*this, liveRecords,
                                     detail::shapeOf(getInput()), inputs[0],
                                     getShape(),
                                     detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> ReshapeOp::getOpRuntime(const Layouts &inputs,
                                               const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               getShape(),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
PermuteOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                            LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(*this, liveRecords,
                                     detail::shapeOf(getInput()), inputs[0],
                                     getPermutation(),
                                     detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> PermuteOp::getOpRuntime(const Layouts &inputs,
                                               const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               getPermutation(),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
PadOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                        LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(*this, liveRecords,
                                     detail::shapeOf(getInput()), inputs[0],
                                     getPadding(),
                                     detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> PadOp::getOpRuntime(const Layouts &inputs,
                                           const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               getPadding(),
                               detail::outputLayout(*this, opConfig));
}

llvm::Expected<OpConstraints>
EmbeddingOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                              LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 2))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getIndices()), inputs[0],
      detail::shapeOf(getWeight()), inputs[1],
      detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> EmbeddingOp::getOpRuntime(const Layouts &inputs,
                                                 const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 2))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getIndices()), inputs[0],
                               detail::shapeOf(getWeight()), inputs[1],
                               detail::outputLayout(*this, opConfig));
}

namespace {
/// The reduced dimension of an argmax, or none for all of them.
SmallVector<int64_t, 1> argMaxDims(ArgMaxOp op) {
  if (auto dim = op.getDim())
    return {int64_t(*dim)};
  return {};
}
} // namespace

llvm::Expected<OpConstraints>
ArgMaxOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0],
      ArrayRef<int64_t>(argMaxDims(*this)), getKeepDim(),
      detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> ArgMaxOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               ArrayRef<int64_t>(argMaxDims(*this)),
                               getKeepDim(),
                               detail::outputLayout(*this, opConfig));
}

//===----------------------------------------------------------------------===//
// CNN ops (TTNNConvOps.td)
//===----------------------------------------------------------------------===//

namespace {
/// max_pool2d's window as the op-model entry takes it: batch, height, width,
/// channels, kernel h/w, stride h/w, padding h/w.
SmallVector<int64_t, 10> poolWindow(MaxPool2dOp op) {
  return {int64_t(op.getBatchSize()), int64_t(op.getInputHeight()),
          int64_t(op.getInputWidth()), int64_t(op.getChannels()),
          op.getKernelSize()[0],       op.getKernelSize()[1],
          op.getStride()[0],           op.getStride()[1],
          op.getPadding()[0],          op.getPadding()[1]};
}
} // namespace

llvm::Expected<OpConstraints>
MaxPool2dOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                              LiveRecords liveRecords) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  SmallVector<int64_t, 10> window = poolWindow(*this);
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0],
      ArrayRef<int64_t>(window), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> MaxPool2dOp::getOpRuntime(const Layouts &inputs,
                                                 const OpConfig &opConfig) {
  if (llvm::Error err = detail::checkInputCount(*this, inputs, 1))
    return err;
  SmallVector<int64_t, 10> window = poolWindow(*this);
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               ArrayRef<int64_t>(window),
                               detail::outputLayout(*this, opConfig));
}

namespace {
/// conv2d's window as the op-model entry takes it: batch, height, width, in
/// and out channels, kernel h/w, stride h/w, padding h/w, and the configured
/// shard_layout (-1 without one).
SmallVector<int64_t, 12> convWindow(Conv2dOp op) {
  std::optional<TensorMemoryLayout> scheme = op.getShardLayout();
  return {int64_t(op.getBatchSize()),  int64_t(op.getInputHeight()),
          int64_t(op.getInputWidth()),  int64_t(op.getInChannels()),
          int64_t(op.getOutChannels()), op.getKernelSize()[0],
          op.getKernelSize()[1],        op.getStride()[0],
          op.getStride()[1],            op.getPadding()[0],
          op.getPadding()[1],           scheme ? int64_t(*scheme) : -1};
}
} // namespace

llvm::Expected<OpConstraints>
Conv2dOp::getOpConstraints(const Layouts &inputs, const OpConfig &opConfig,
                           LiveRecords liveRecords) {
  if (llvm::Error err =
          detail::checkInputCount(*this, inputs, getBias() ? 3 : 2))
    return err;
  SmallVector<int64_t, 12> window = convWindow(*this);
  LayoutAttr bias = getBias() ? inputs[2] : LayoutAttr();
  return detail::constraintsDispatch(
      *this, liveRecords, detail::shapeOf(getInput()), inputs[0], inputs[1],
      bias, ArrayRef<int64_t>(window), detail::outputLayout(*this, opConfig));
}
llvm::Expected<size_t> Conv2dOp::getOpRuntime(const Layouts &inputs,
                                              const OpConfig &opConfig) {
  if (llvm::Error err =
          detail::checkInputCount(*this, inputs, getBias() ? 3 : 2))
    return err;
  SmallVector<int64_t, 12> window = convWindow(*this);
  LayoutAttr bias = getBias() ? inputs[2] : LayoutAttr();
  return detail::runtimeCached(*this, detail::shapeOf(getInput()), inputs[0],
                               inputs[1], bias, ArrayRef<int64_t>(window),
                               detail::outputLayout(*this, opConfig));
}
