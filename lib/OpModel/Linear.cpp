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
using namespace analytical;

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

MatmulCall linearCall(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
                      llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
                      llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout,
                      bool transposeA, bool transposeB,
                      std::optional<UnaryActivation> activation,
                      LayoutAttr outputLayout) {
  MatmulCall call = MatmulCall::product(aShape, aLayout, bShape, bLayout,
                                        transposeA, transposeB, outputLayout);
  call.bias = {biasShape, biasLayout};
  call.activation = activation.has_value();
  return call;
}

} // namespace

llvm::Expected<OpConstraints> OpModel<LinearOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> biasShape, LayoutAttr biasLayout, bool transposeA,
    bool transposeB, std::optional<UnaryActivation> activation,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = LinearOp::getOperationName();
  MatmulCall call =
      linearCall(aShape, aLayout, bShape, bLayout, biasShape, biasLayout,
                 transposeA, transposeB, activation, outputLayout);
  auto plan = planMatmul(name, call);
  if (!plan)
    return plan.takeError();
  const std::vector<int64_t> &outShape = plan->outputShape;
  // The layout ttnn produces (a sharded product's is the program's).
  outputLayout = plan->output;
  uint64_t output = l1BytesPerBank(outShape, outputLayout);
  llvm::SmallVector<ProgramStep, 5> programs(plan->programs.begin(),
                                            plan->programs.end());
  LayoutAttr placed = eltwiseLayout(outShape, outputLayout);
  if (biasLayout && !plan->fusedBias) {
    auto add = OpModel<AddOp>::getOpConstraints(outShape, placed, biasShape,
                                                biasLayout, placed);
    if (!add)
      return add.takeError();
    programs.push_back({add->cbL1PeakSize, 0, output, output});
  }
  if (activation) {
    // The unary program reads full shards in place; a sharded result whose
    // last shards are partial streams like an interleaved one (measured on
    // both mock devices: 69 width shards of 2 tiles on Wormhole stream 2 +
    // 2 pages, 70 read in place).
    bool inPlace =
        outputLayout.isSharded() && evenShards(outShape, outputLayout);
    LayoutAttr streamed =
        outputLayout.isSharded()
            ? outputLayout.interleavedIn(outputLayout.getPageLayout(),
                                         BufferType::L1)
            : outputLayout;
    auto unary = withActivationOp(*activation, [&](auto model) {
      return decltype(model)::getOpConstraints(outShape, streamed, streamed);
    });
    if (!unary)
      return unary.takeError();
    programs.push_back({0, inPlace ? 0 : unary->cbL1PeakSize, output, output});
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
  MatmulCall call =
      linearCall(aShape, aLayout, bShape, bLayout, biasShape, biasLayout,
                 transposeA, transposeB, activation, outputLayout);
  auto plan = planMatmul(LinearOp::getOperationName(), call);
  if (!plan)
    return plan.takeError();
  outputLayout = eltwiseLayout(plan->outputShape, plan->output);
  // Each program pays its own launch: the product, the add of a bias that
  // is not fused, the activation.
  size_t total = matmulRuntime(*plan, call);
  const std::vector<int64_t> &outShape = plan->outputShape;
  if (biasLayout && !plan->fusedBias) {
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
