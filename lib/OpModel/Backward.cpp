//===- Backward.cpp - relu_bw and silu_bw, composites of several programs -===//
//
// ttnn 0.81.1 composes relu_bw from two programs (mock-device trace): a unary
// program computing x > 0 into a temporary tensor placed like the output,
// then a binary_ng multiply of grad by it into the output; the temporary is
// freed afterwards. Graph capture counts the unary program's buffers as
// dataflow buffers and binary_ng's as circular buffers, each with its own
// peak, so the reported CB peak is their sum, while the overall peak is the
// larger of the two programs with the tensors live at that point (both
// figures are what the calibration compares; docs/op-model.md, "Composite
// ops"). silu_bw is six programs through five temporaries (below).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kPagesPerCB = 2;

/// The operands and result of an activation's backward op: valid layouts of
/// one shape (the op's traits say so for IR; direct callers are checked).
llvm::Error checkBackwardOperands(llvm::StringRef name,
                                  llvm::ArrayRef<int64_t> gradShape,
                                  LayoutAttr gradLayout,
                                  llvm::ArrayRef<int64_t> inputShape,
                                  LayoutAttr inputLayout,
                                  LayoutAttr outputLayout) {
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
  return llvm::Error::success();
}

/// All three interleaved, or all sharded alike: the placements the composites'
/// core-local programs run on.
bool operandsShardedLikeOutput(LayoutAttr grad, LayoutAttr input,
                               LayoutAttr output) {
  return shardedAlike(grad, output) && shardedAlike(input, output);
}

// Per op: its programs (or why its placements are not run) and its runtime,
// chosen by a null pointer of the op's type.

//===----------------------------------------------------------------------===//
// relu_bw
//===----------------------------------------------------------------------===//

llvm::Expected<llvm::SmallVector<ProgramStep, 7>>
programsOf(ReluBackwardOp *, llvm::StringRef name, LayoutAttr gradLayout,
           llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
           LayoutAttr outputLayout) {
  if (!operandsShardedLikeOutput(gradLayout, inputLayout, outputLayout))
    return backendError(name + ": grad " + describe(gradLayout) +
                        ", input " + describe(inputLayout) + " and output " +
                        describe(outputLayout) +
                        " must be sharded alike (its programs are core-local)");
  // The temporary x > 0 is placed like the output.
  uint64_t temporary = l1BytesPerBank(inputShape, outputLayout);
  uint64_t output = temporary;
  ProgramStep unary{0,
                    streamingCB(kPagesPerCB, inputLayout) +
                        streamingCB(kPagesPerCB, outputLayout),
                    temporary, 0};
  ProgramStep multiply{streamingCB(kPagesPerCB, gradLayout) +
                           2 * streamingCB(kPagesPerCB, outputLayout),
                       0, output, temporary};
  return llvm::SmallVector<ProgramStep, 7>{unary, multiply};
}

size_t runtimeOf(ReluBackwardOp *, llvm::ArrayRef<int64_t> gradShape,
                 LayoutAttr gradLayout, llvm::ArrayRef<int64_t> inputShape,
                 LayoutAttr inputLayout, LayoutAttr outputLayout) {
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


//===----------------------------------------------------------------------===//
// silu_bw
//===----------------------------------------------------------------------===//
//
// grad * sigmoid(x) * (1 + x * (1 - sigmoid(x))), as ttnn 0.81.1 runs it
// (mock-device traces, both devices): the output is allocated first, then
// a unary sigmoid (dataflow buffers) and five binary_ng programs (circular
// buffers), each writing a temporary placed like the output but the last,
// which writes the output; two temporaries are freed before the last
// program, the other three after it. The two programs with a scalar
// operand stream it through one page: the third in the tensor's format
// plus a bf16 tile (none for f32), the fifth a bf16 tile (f32: an f32 one).
// Sharded alike (height, width, block; measured on both devices, shards of 1
// to 32 tiles): every tensor CB is a shard, but the third program (an rsub
// of the scalar) keeps an 8-tile CB in the tensor's format (none for f32)
// beside its scalar tile, and the fifth its scalar tile.

/// silu_bw's five temporaries and the two freed before its last program.
constexpr uint64_t kSiluTemporaries = 5, kSiluFreedEarly = 2;

uint64_t scalarTileBytes(LayoutAttr layout) {
  return layout.getDataType() == DataType::Float32 ? kF32TileBytes
                                                   : kBf16TileBytes;
}

/// The sharded rsub's CB beside its scalar tile, in tiles (not for f32).
constexpr uint64_t kShardedRsubPages = 8;

/// The programs of silu_bw over tensors of one data type (`layout`'s), all
/// interleaved or all sharded alike.
llvm::SmallVector<ProgramStep, 7> siluBackwardPrograms(LayoutAttr layout,
                                                       uint64_t temporary,
                                                       uint64_t output) {
  bool f32 = layout.getDataType() == DataType::Float32;
  uint64_t page = tileBytes(layout);
  uint64_t stream = layout.isSharded() ? 0 : kPagesPerCB * page;
  uint64_t binary = 3 * stream;
  uint64_t firstScalar =
      layout.isSharded()
          ? (f32 ? scalarTileBytes(layout)
                 : kShardedRsubPages * page + kBf16TileBytes)
          : 2 * stream + page + (f32 ? 0 : kBf16TileBytes);
  uint64_t secondScalar = 2 * stream + scalarTileBytes(layout);
  return {
      {0, 0, output, 0},                    // the output, allocated first
      {0, 2 * stream, temporary, 0},        // sigmoid(x)
      {binary, 0, temporary, 0},            //
      {firstScalar, 0, temporary, 0},       // with a scalar
      {binary, 0, temporary, 0},            //
      {secondScalar, 0, temporary, kSiluFreedEarly * temporary},
      {binary, 0, 0, (kSiluTemporaries - kSiluFreedEarly) * temporary},
  };
}

llvm::Expected<llvm::SmallVector<ProgramStep, 7>>
programsOf(SiluBackwardOp *, llvm::StringRef name, LayoutAttr gradLayout,
           llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
           LayoutAttr outputLayout) {
  if (!operandsShardedLikeOutput(gradLayout, inputLayout, outputLayout))
    return notSupportedError(name + ": operands sharded unlike the output "
                                    "are not modelled");
  if (gradLayout.getDataType() != outputLayout.getDataType() ||
      inputLayout.getDataType() != outputLayout.getDataType())
    return notSupportedError(name + ": operands and result of different data "
                                    "types are not modelled");
  uint64_t temporary = l1BytesPerBank(inputShape, outputLayout);
  return siluBackwardPrograms(outputLayout, temporary, temporary);
}

size_t runtimeOf(SiluBackwardOp *, llvm::ArrayRef<int64_t> gradShape,
                 LayoutAttr gradLayout, llvm::ArrayRef<int64_t> inputShape,
                 LayoutAttr inputLayout, LayoutAttr outputLayout) {
  // Six passes over the tensor, each its own launch: sigmoid (SFPU), then
  // five FPU programs reading one or two tensors and writing one.
  int64_t tiles = geometry(inputShape).tiles();
  size_t total = 0;
  for (int program = 0; program < 6; ++program) {
    Work work;
    addTensorTraffic(work, inputShape,
                     program == 0 ? inputLayout : outputLayout);
    if (program == 5)
      addTensorTraffic(work, gradShape, gradLayout);
    addTensorTraffic(work, inputShape, outputLayout);
    work.computeCycles = kFpuCyclesPerTile * tiles;
    work.cores = tiles;
    total += roofline(work);
  }
  return total;
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints> CompositeBackwardOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  if (llvm::Error err = checkBackwardOperands(name, gradShape, gradLayout,
                                              inputShape, inputLayout,
                                              outputLayout))
    return err;
  auto programs = programsOf(static_cast<OpTy *>(nullptr), name, gradLayout,
                             inputShape, inputLayout, outputLayout);
  if (!programs)
    return programs.takeError();
  return finishPrograms(name, *programs, inputShape, outputLayout,
                        initialState);
}

template <typename OpTy>
llvm::Expected<size_t> CompositeBackwardOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout) {
  auto constraints = getOpConstraints(gradShape, gradLayout, inputShape,
                                      inputLayout, outputLayout);
  if (!constraints)
    return constraints.takeError();
  return runtimeOf(static_cast<OpTy *>(nullptr), gradShape, gradLayout,
                   inputShape, inputLayout, outputLayout);
}

template struct CompositeBackwardOpModel<ReluBackwardOp>;
template struct CompositeBackwardOpModel<SiluBackwardOp>;

} // namespace mlir::ttnn::op_model
