//===- Backward.cpp - relu_bw and silu_bw, composites of several programs -===//
//
// ttnn 0.81.1 composes relu_bw and silu_bw from its unary and binary_ng
// programs (mock-device traces show one function_start each), every
// temporary placed like the output. Each program's buffers follow its own
// rules (EltwiseProgram.h: a shard is its own CB where the program runs
// natively on it, else 2-page CBs). Graph capture counts the unary
// programs' buffers as dataflow buffers and binary_ng's as circular
// buffers, each kind with its own peak; finishPrograms (AnalyticalModel.cpp)
// turns the programs into the figures (docs/op-model.md, "Composite ops").
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// The layouts of grad, input and output, checked.
llvm::Error checkBackwardLayouts(llvm::StringRef name,
                                 llvm::ArrayRef<int64_t> gradShape,
                                 LayoutAttr gradLayout,
                                 llvm::ArrayRef<int64_t> inputShape,
                                 LayoutAttr inputLayout,
                                 llvm::ArrayRef<int64_t> outShape,
                                 LayoutAttr outputLayout) {
  if (llvm::Error err =
          checkLayoutAllowingIdleCores(name, "grad", gradShape, gradLayout))
    return err;
  if (llvm::Error err =
          checkLayoutAllowingIdleCores(name, "input", inputShape, inputLayout))
    return err;
  return checkLayoutAllowingIdleCores(name, "output", outShape, outputLayout);
}

/// A temporary of `dataType` placed like the output.
LayoutAttr temporaryLayout(LayoutAttr output, DataType dataType) {
  return output.withDataType(dataType);
}

// Per op: its programs and its runtime, chosen by a null pointer of the
// op's type.

//===----------------------------------------------------------------------===//
// relu_bw
//===----------------------------------------------------------------------===//

/// x > 0 into a temporary (the input's shape and data type, placed like the
/// output), then binary_ng's grad * it into the output (the broadcast
/// shape); the temporary is freed after the last program. ttnn 0.81.1
/// TT_FATALs on grad and input of two data types (the multiply's
/// is_dtype_combination_supported; measured bf16 / f32 / bfp8_b pairs).
llvm::Expected<llvm::SmallVector<ProgramStep, 7>>
programsOf(ReluBackwardOp *, llvm::StringRef name,
           llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
           llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
           llvm::ArrayRef<int64_t> outShape, LayoutAttr outputLayout) {
  if (gradLayout.getDataType() != inputLayout.getDataType())
    return backendError(name + ": grad " + describe(gradLayout) +
                        " and input " + describe(inputLayout) +
                        " must be of one data type (ttnn multiplies them "
                        "in one)");
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  // The temporary keeps the input's shape in the output's shards: ttnn
  // TT_FATALs when they do not fit it (tensor_spec's shard_grid_fit_error).
  LayoutAttr temporary =
      temporaryLayout(outputLayout, inputLayout.getDataType());
  if (llvm::Error err = checkLayoutAllowingIdleCores(name, "temporary x > 0",
                                                     inputShape, temporary)) {
    return backendError(takeOpModelError(std::move(err)).second);
  }
  uint64_t temporaryBytes = l1BytesPerBank(inputShape, temporary);
  ProgramStep unary{
      0, unaryProgramCBBytes({inputShape, inputLayout}, temporary),
      temporaryBytes, 0};
  ProgramStep multiply{binaryProgramCBBytes({gradShape, gradLayout},
                                            {inputShape, temporary},
                                            {outShape, outputLayout}),
                       0, l1BytesPerBank(outShape, outputLayout),
                       temporaryBytes};
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
  addTensorTraffic(multiply, gradShape, outputLayout);
  int64_t tiles = geometry(gradShape).tiles();
  unary.computeCycles = multiply.computeCycles = kFpuCyclesPerTile * tiles;
  unary.cores = multiply.cores = tiles;
  return roofline(unary) + roofline(multiply);
}

//===----------------------------------------------------------------------===//
// silu_bw
//===----------------------------------------------------------------------===//
//
// grad * sigmoid(x) * (1 + x * (1 - sigmoid(x))), as ttnn 0.81.1 runs it
// (ExecuteUnaryBackwardSilu; mock-device traces on both devices): the output
// is allocated first (x's data type), then sigmoid(x) (unary, T1), grad * T1
// (T2, grad's data type: binary_ng writes its first operand's), the rsub
// 1 - T1 (T3), T3 * x (T4), T4 + 1 (T5), and T2 * T5 into the output; every
// temporary is placed like the output, T3 and T4 are freed before the last
// program (the temporaries of one C++ statement), the others after it.

/// silu_bw's scalar programs: binary_ng of a tensor and a scalar tile. For
/// bf16 and bfp8_b the FPU runs them and the scalar tile is bf16; f32 runs
/// on the SFPU with an f32 scalar tile.
uint64_t scalarTileBytes(LayoutAttr layout) {
  return layout.getDataType() == DataType::Float32 ? kF32TileBytes
                                                   : kBf16TileBytes;
}

/// The FPU's rsub negates its tensor first, through a CB of its own:
/// one page of its tiles, or 8 beside a natively sharded tensor (measured
/// with shards of 1 to 32 tiles, bf16 and bfp8_b, both devices). f32's SFPU
/// rsub needs none.
constexpr uint64_t kNegatedPages = 1, kShardedNegatedPages = 8;

/// a - 1 (rsub) or a + 1 into `out`: the tensor's and the output's CBs (the
/// shards on binary_ng's native path), the scalar tile and, for the FPU's
/// rsub, the negated tensor's.
uint64_t scalarProgramCBBytes(EltwiseTensor a, LayoutAttr out, bool rsub) {
  bool native = scalarBinaryIsNative(a, out);
  bool fpu = a.layout.getDataType() != DataType::Float32;
  uint64_t bytes = scalarTileBytes(a.layout);
  if (!native)
    bytes += kEltwisePages * (tileBytes(a.layout) + tileBytes(out));
  if (rsub && fpu)
    bytes += (native ? kShardedNegatedPages : kNegatedPages) *
             tileBytes(a.layout);
  return bytes;
}

llvm::Expected<llvm::SmallVector<ProgramStep, 7>>
programsOf(SiluBackwardOp *, llvm::StringRef name,
           llvm::ArrayRef<int64_t> gradShape, LayoutAttr gradLayout,
           llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
           llvm::ArrayRef<int64_t> outShape, LayoutAttr outputLayout) {
  // The last step writes an output of x's shape, which binary_ng takes
  // only as the broadcast of grad and x (shapes_equal ignores leading 1s).
  if (!llvm::equal(
          llvm::ArrayRef<int64_t>(outShape).drop_while(
              [](int64_t d) { return d == 1; }),
          inputShape.drop_while([](int64_t d) { return d == 1; })))
    return backendError(name + ": grad " + describeShape(gradShape) +
                        " must broadcast to input " +
                        describeShape(inputShape) +
                        "'s shape (ttnn writes the result in x's shape)");
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  DataType x = inputLayout.getDataType();
  LayoutAttr t1 = temporaryLayout(outputLayout, x);
  LayoutAttr t2 = temporaryLayout(outputLayout, gradLayout.getDataType());
  llvm::ArrayRef<int64_t> shape = outShape;
  auto bytes = [&](LayoutAttr layout) { return l1BytesPerBank(shape, layout); };
  // sigmoid(x) and the temporaries derived from it alone keep x's shape,
  // grad * sigmoid(x) the broadcast one: with a lower-rank x, binary_ng
  // sees operands of two shapes and streams them (measured on both devices:
  // bf16 grad 1x224x204 in 7x2 block shards of 32x128, bfp8_b x 224x204;
  // fresh stress draw seed 627044355 activation backward #42).
  EltwiseTensor input{inputShape, inputLayout}, grad{gradShape, gradLayout},
      sigmoid{inputShape, t1}, product{shape, t2},
      temporary{inputShape, t1}, output{shape, outputLayout};
  return llvm::SmallVector<ProgramStep, 7>{
      {0, 0, bytes(outputLayout), 0},
      {0, unaryProgramCBBytes(input, t1), bytes(t1), 0},
      {binaryProgramCBBytes(grad, sigmoid, product), 0, bytes(t2), 0},
      {scalarProgramCBBytes(sigmoid, t1, /*rsub=*/true), 0, bytes(t1), 0},
      {binaryProgramCBBytes(temporary, input, temporary), 0, bytes(t1), 0},
      {scalarProgramCBBytes(temporary, t1, /*rsub=*/false), 0, bytes(t1),
       2 * bytes(t1)},
      {binaryProgramCBBytes(product, temporary, output), 0, 0,
       2 * bytes(t1) + bytes(t2)},
  };
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
  auto outShape = broadcastShapes(gradShape, inputShape);
  if (!outShape)
    return backendError(name + ": grad " + describeShape(gradShape) +
                        " and input " + describeShape(inputShape) +
                        " do not broadcast");
  if (llvm::Error err =
          checkBackwardLayouts(name, gradShape, gradLayout, inputShape,
                               inputLayout, *outShape, outputLayout))
    return err;
  auto programs =
      programsOf(static_cast<OpTy *>(nullptr), name, gradShape, gradLayout,
                 inputShape, inputLayout, *outShape, outputLayout);
  if (!programs)
    return programs.takeError();
  return finishPrograms(name, *programs, *outShape, outputLayout,
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
