//===- Backward.cpp - relu_bw, a composite of two programs ----------------===//
//
// ttnn 0.81.1 composes relu_bw from two programs (mock-device trace): a unary
// program computing x > 0 into a temporary tensor placed like the output,
// then a binary_ng multiply of grad by it into the output; the temporary is
// freed afterwards. Graph capture counts the unary program's buffers as
// dataflow buffers and binary_ng's as circular buffers, each with its own
// peak, so the reported CB peak is their sum, while the overall peak is the
// larger of the two programs with the tensors live at that point (both
// figures are what the calibration compares; docs/op-model.md, "Composite
// ops").
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kPagesPerCB = 2;

/// One program of a composite op: its buffers by the kind graph capture
/// counts them as, and the L1 per core of the tensor it allocates.
struct Program {
  uint64_t circularBytes = 0;
  uint64_t dataflowBytes = 0;
  uint64_t newL1 = 0;
};

/// finish() of a composite whose last program writes `output`: the CB peak
/// is the largest circular plus the largest dataflow buffers; the overall
/// peak the largest program's buffers plus the L1 tensors allocated so far
/// (temporaries are freed only after the last program).
llvm::Expected<OpConstraints>
finishComposite(llvm::StringRef opName, llvm::ArrayRef<Program> programs,
                llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
                const MockAllocatorState *initialState) {
  uint64_t circular = 0, dataflow = 0, live = 0, overall = 0;
  for (const Program &program : programs) {
    circular = std::max(circular, program.circularBytes);
    dataflow = std::max(dataflow, program.dataflowBytes);
    live += program.newL1;
    overall = std::max(overall, program.circularBytes + program.dataflowBytes +
                                    live);
  }
  Analysis analysis;
  analysis.cbBytes = circular + dataflow;
  analysis.intermediateL1 = live - programs.back().newL1;
  analysis.outputs.push_back(
      {std::vector<int64_t>(outShape.begin(), outShape.end()), outLayout});
  auto result = finish(opName, analysis, initialState);
  if (result)
    result->peakL1MemorySize = overall;
  return result;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ReluBackwardOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = ReluBackwardOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "grad", gradShape, gradLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "output", inputShape, outputLayout))
    return err;
  if (gradShape != inputShape)
    return backendError(name + ": grad " + describeShape(gradShape) +
                        " and input " + describeShape(inputShape) +
                        " must have one shape");
  bool anySharded = gradLayout.isSharded() || inputLayout.isSharded() ||
                    outputLayout.isSharded();
  if (anySharded && !(shardedAlike(gradLayout, outputLayout) &&
                      shardedAlike(inputLayout, outputLayout)))
    return backendError(name + ": grad " + describe(gradLayout) +
                        ", input " + describe(inputLayout) + " and output " +
                        describe(outputLayout) +
                        " must be sharded alike (its programs are core-local)");
  // The temporary x > 0 is placed like the output.
  uint64_t temporary =
      outputLayout.isL1() ? bytesPerBank(inputShape, outputLayout) : 0;
  Program unary{0,
                streamingCB(kPagesPerCB, inputLayout) +
                    streamingCB(kPagesPerCB, outputLayout),
                temporary};
  Program multiply{streamingCB(kPagesPerCB, gradLayout) +
                       2 * streamingCB(kPagesPerCB, outputLayout),
                   0, temporary};
  return finishComposite(name, {unary, multiply}, inputShape, outputLayout,
                         initialState);
}

llvm::Expected<size_t> OpModel<ReluBackwardOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(gradShape, gradLayout, inputShape,
                                      inputLayout, outputLayout);
  if (!constraints)
    return constraints.takeError();
  // Two passes over the tensor: x > 0 (written and read back), then the
  // multiply; each pays its own launch.
  Work unary, multiply;
  addTensorTraffic(unary, inputShape, inputLayout);
  addTensorTraffic(unary, inputShape, outputLayout);
  addTensorTraffic(multiply, gradShape, gradLayout);
  addTensorTraffic(multiply, inputShape, outputLayout);
  addTensorTraffic(multiply, inputShape, outputLayout);
  int64_t tiles = geometry(inputShape).tiles();
  unary.computeCycles = multiply.computeCycles = kFpuCyclesPerTile * tiles;
  unary.cores = multiply.cores = tiles;
  return roofline(unary) + roofline(multiply);
}

} // namespace mlir::ttnn::op_model
