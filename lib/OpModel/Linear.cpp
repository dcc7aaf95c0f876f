//===- Linear.cpp - ttnn.linear as ttnn 0.81.1 runs it --------------------===//
//
// ttnn 0.81.1's linear without a program config (mock-device traces, both
// devices; docs/op-model.md, "Linear"):
//   1. the matmul program ttnn.matmul selects for the same operands (the
//      bias's L1, when it is in L1, counts in the block budget like the L1
//      operands'). When a, b and the output are all in DRAM, or a is
//      sharded and the output in DRAM, the bias is fused into it: one more
//      CB of bias tiles as wide as the output block (bias format);
//   2. otherwise the product goes to a temporary placed like the output and
//      a binary_ng add of the broadcast bias follows;
//   3. an activation is one more unary program over the result (never fused
//      without a program config), 2 + 2 pages.
// Each temporary is freed when the program reading it ends.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "MatmulProgram.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {

/// The unary op whose program (CBs, SFPU cost) an activation runs as.
template <typename Fn>
auto withActivationOp(UnaryActivation activation, Fn &&fn) {
  switch (activation) {
  case UnaryActivation::Relu:
  case UnaryActivation::Relu6:
    return fn(OpModel<ReluOp>());
  case UnaryActivation::Gelu:
    return fn(OpModel<GeluOp>());
  case UnaryActivation::Silu:
    return fn(OpModel<SiluOp>());
  case UnaryActivation::Sigmoid:
    return fn(OpModel<SigmoidOp>());
  case UnaryActivation::Tanh:
    return fn(OpModel<TanhOp>());
  }
  llvm_unreachable("unknown activation");
}

/// The bias holds one value per output column: [N] or [1, ..., 1, N].
llvm::Error checkBias(llvm::StringRef name, llvm::ArrayRef<int64_t> biasShape,
                      LayoutAttr biasLayout, int64_t columns) {
  if (llvm::Error err = checkLayout(name, "bias", biasShape, biasLayout))
    return err;
  bool perColumn = !biasShape.empty() && biasShape.back() == columns &&
                   llvm::all_of(biasShape.drop_back(),
                                [](int64_t d) { return d == 1; });
  if (!perColumn)
    return backendError(name + ": bias " + describeShape(biasShape) +
                        " must hold one value per output column (" +
                        llvm::Twine(columns) + ")");
  if (biasLayout.isSharded())
    return notSupportedError(name + ": a sharded bias is not modelled");
  return llvm::Error::success();
}

/// Whether ttnn fuses the bias into the matmul program (measured): a, b and
/// the output all in DRAM (the whole-grid selection), or a sharded a with a
/// DRAM output. Otherwise a broadcast add follows.
bool fusesBias(LayoutAttr aLayout, LayoutAttr bLayout,
               LayoutAttr outputLayout) {
  if (outputLayout.isL1())
    return false;
  return aLayout.isSharded() || (!aLayout.isL1() && !bLayout.isL1());
}

/// The plan of the product, the bias checked. `bias` is false without one.
llvm::Expected<MatmulPlan>
planLinear(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
           llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
           llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
           bool transposeA, bool transposeB, LayoutAttr outputLayout) {
  llvm::StringRef name = LinearOp::getOperationName();
  uint64_t biasL1 = biasLayout && biasLayout.isL1() && !biasLayout.isSharded()
                        ? bytesPerBank(biasShape, biasLayout)
                        : 0;
  // A fused bias's tiles count in the 1-D sharded program's block estimate.
  uint64_t biasTile = biasLayout && fusesBias(aLayout, bLayout, outputLayout)
                          ? tileBytes(biasLayout)
                          : 0;
  auto plan = planMatmul(name, aShape, aLayout, bShape, bLayout, transposeA,
                         transposeB, outputLayout, biasL1, biasTile);
  if (!plan)
    return plan.takeError();
  if (biasLayout)
    if (llvm::Error err = checkBias(name, biasShape, biasLayout,
                                    plan->outputShape.back()))
      return err;
  return plan;
}

/// ttnn 0.81.1 rejects an activation argument for sharded operands (it
/// belongs in the program config's fused_activation, which is not modelled).
llvm::Error checkActivation(std::optional<UnaryActivation> activation,
                            LayoutAttr aLayout, LayoutAttr outputLayout) {
  if (!activation || !(aLayout.isSharded() || outputLayout.isSharded()))
    return llvm::Error::success();
  return backendError(LinearOp::getOperationName() +
                      llvm::Twine(": a sharded linear takes its activation in "
                                  "the program config's fused_activation, not "
                                  "as an argument (ttnn 0.81.1 rejects ") +
                      stringifyUnaryActivation(*activation) + " here)");
}

} // namespace

llvm::Expected<OpConstraints> OpModel<LinearOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout, bool transposeA,
    bool transposeB, std::optional<UnaryActivation> activation,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = LinearOp::getOperationName();
  auto plan = planLinear(aShape, aLayout, bShape, bLayout, biasShape,
                         biasLayout, transposeA, transposeB, outputLayout);
  if (!plan)
    return plan.takeError();
  if (llvm::Error err = checkActivation(activation, aLayout, outputLayout))
    return err;
  const std::vector<int64_t> &outShape = plan->outputShape;
  // The layout ttnn produces (a block-sharded product's is derived from a's).
  outputLayout = plan->output;
  bool fusedBias = biasLayout && fusesBias(aLayout, bLayout, outputLayout);
  uint64_t output = l1BytesPerBank(outShape, outputLayout);

  llvm::SmallVector<ProgramStep, 3> programs;
  programs.push_back(
      {0,
       plan->cbBytes +
           (fusedBias ? plan->biasTiles * tileBytes(biasLayout) : 0),
       output, 0});
  if (biasLayout && !fusedBias) {
    auto add = OpModel<AddOp>::getOpConstraints(outShape, outputLayout,
                                                biasShape, biasLayout,
                                                outputLayout);
    if (!add)
      return add.takeError();
    programs.push_back({add->cbL1PeakSize, 0, output, output});
  }
  if (activation) {
    auto unary = withActivationOp(*activation, [&](auto model) {
      return decltype(model)::getOpConstraints(outShape, outputLayout,
                                               outputLayout);
    });
    if (!unary)
      return unary.takeError();
    programs.push_back({0, unary->cbL1PeakSize, output, output});
  }
  return finishPrograms(name, programs, outShape, outputLayout, initialState);
}

llvm::Expected<size_t> OpModel<LinearOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout, bool transposeA,
    bool transposeB, std::optional<UnaryActivation> activation,
    LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(aShape, aLayout, bShape, bLayout,
                                      biasShape, biasLayout, transposeA,
                                      transposeB, activation, outputLayout);
  if (!constraints)
    return constraints.takeError();
  auto plan = planLinear(aShape, aLayout, bShape, bLayout, biasShape,
                         biasLayout, transposeA, transposeB, outputLayout);
  if (!plan)
    return plan.takeError();
  outputLayout = plan->output;
  // Each program pays its own launch: the product, the add of a bias that
  // is not fused, the activation.
  size_t total =
      matmulRuntime(*plan, aShape, aLayout, bShape, bLayout, outputLayout);
  const std::vector<int64_t> &outShape = plan->outputShape;
  if (biasLayout && !fusesBias(aLayout, bLayout, outputLayout)) {
    auto add = OpModel<AddOp>::getOpRuntime(outShape, outputLayout, biasShape,
                                            biasLayout, outputLayout);
    if (!add)
      return add.takeError();
    total += *add;
  }
  if (activation) {
    auto unary = withActivationOp(*activation, [&](auto model) {
      return decltype(model)::getOpRuntime(outShape, outputLayout,
                                           outputLayout);
    });
    if (!unary)
      return unary.takeError();
    total += *unary;
  }
  return total;
}

} // namespace mlir::ttnn::op_model
