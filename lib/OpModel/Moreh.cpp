//===- Moreh.cpp - ttnn's moreh backward programs: softmax, layer_norm ----===//
//
// ttnn 0.81.1 has no softmax_bw, layer_norm_bw or rms_norm_bw (nor any rms
// norm backward); what it has are the moreh ops below.
//
// Softmax backward is
// moreh_softmax_backward (moreh_softmax_backward_device_operation.cpp and
// its five program factories), measured on both mock devices
// (bench/opmodel_cases_compute.py, "softmax/layer_norm backward (moreh)"):
//
//   - the dimension picks the program: the last one W, the second-to-last
//     H, any other C;
//   - W and H run "small" while their CBs, summed as ttnn's availability
//     check sums them (3 N + 6 tiles for N tiles along the dimension: output,
//     output_grad and their product N each; scaler, mask, the sum and
//     dy - sum 1 each; input_grad 2), plus the L1 allocator's base address
//     stay within 512 KiB; otherwise "large", which streams the row through
//     13 tiles (2 + 2 + 1 + 1 + 2 + 1 + 1 + 1 + 2);
//   - C streams through 10 tiles (2 + 2 + 2 + 1 + 2 + 1);
//   - every CB is in the data format of the output tensor (`output`'s, also
//     the result's), even output_grad's (fp32 dest accumulation is off by
//     default, so no f32 intermediates);
//   - bf16 and bfp8_b only (TT_FATAL otherwise);
//   - sharded tensors run the same programs (the kernels read and write
//     them through tensor accessors; no CB sits on a shard); so do layer
//     norm backward's sharded output_grad, input and input_grad.
//
// Layer norm backward is moreh_layer_norm_backward: the caller's gradient
// tensors are allocated first, then its input_grad program
// (moreh_layer_norm_backward_input_grad_program_factory.cpp) and its
// gamma/beta program run, each with its own CBs (the CB peak is the larger):
//
//   - input_grad: 8 tiles of inputs and output (dy, x, mean, rstd, scaler
//     1 each, n and 1/n 2, dx 1), one for gamma, two for a mask when the
//     width, or the height with more than one normalized dimension, is not a
//     tile multiple; intermediates: dy and y copies of the N normalized
//     tiles each and 6 more ("small", 2 N + 14 tiles without gamma or mask),
//     unless that sum reaches the L1 above the allocator's base, when the
//     copies are 1 tile each and the last intermediate goes ("large": 15);
//   - gamma/beta: 11 tiles (dy, x, mean, rstd, scaler and 6
//     intermediates), one per gradient computed, one for a height mask with
//     one normalized dimension;
//   - bf16 only (check_tensor), intermediates in bf16 (fp32 dest off).
//
// Both switches count from ttnn's L1 allocator base (DeviceModel::
// l1AllocatorBase), which they bracket with the matmul 1-D program's fit.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
/// Tiles of the large W / H program and of the C program.
constexpr uint64_t kLargeTiles = 13, kChannelTiles = 10;
/// Small program: 3 tiles per tile along the dimension, 6 more.
constexpr uint64_t kSmallTilesPerRowTile = 3, kSmallFixedTiles = 6;

/// ttnn's softmax-backward budget: the small program while its CBs plus
/// the allocator's base stay within 512 KiB.
constexpr uint64_t kSoftmaxSmallLimit = 512 * 1024;

/// Layer norm backward's input_grad program: inputs and output, the
/// intermediates besides the two N-tile copies (small), the large program's
/// (copies of 1 tile, one intermediate fewer), the mask.
constexpr uint64_t kInputGradIoTiles = 8, kInputGradSmallExtraTiles = 6,
                   kInputGradLargeTiles = 15, kInputGradMaskTiles = 2;
/// Its gamma/beta program: inputs, scaler and intermediates.
constexpr uint64_t kGammaBetaTiles = 11;

/// multiply, reduce, subtract, multiply: four FPU passes per tile.
constexpr double kCyclesPerTile = 4 * kFpuCyclesPerTile;

bool morehDataType(LayoutAttr layout) {
  return layout.getDataType() == DataType::BFloat16 ||
         layout.getDataType() == DataType::BFloat8B;
}

/// Tiles along `dim` of `shape` (ttnn pads the last two dimensions to tiles).
int64_t tilesAlong(llvm::ArrayRef<int64_t> shape, int64_t dim) {
  return ceilDiv(shape[dim], kTileDim);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<MorehSoftmaxBackwardOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout,
    LayoutAttr outputGradLayout, int64_t dim, LayoutAttr resultLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = MorehSoftmaxBackwardOp::getOperationName();
  int64_t rank = shape.size();
  if (dim < 0 || dim >= rank)
    return backendError(name + ": dim " + llvm::Twine(dim) +
                        " must be in [0, " + llvm::Twine(rank) + ")");
  for (auto [role, layout] :
       {std::pair<llvm::StringRef, LayoutAttr>{"output", outputLayout},
        {"output_grad", outputGradLayout},
        {"result", resultLayout}}) {
    // Sharded tensors are read and written through accessors: a grid with
    // idle cores runs the same programs (ttnn 0.81.1 accepts it).
    if (llvm::Error err =
            checkLayout(name, role, shape, layout, /*rowMajorAllowed=*/false,
                        /*indicesAllowed=*/false, /*idleCoresAllowed=*/true))
      return err;
  }
  if (!morehDataType(outputLayout) || !morehDataType(outputGradLayout))
    return backendError(name + ": output " + describe(outputLayout) +
                        " and output_grad " + describe(outputGradLayout) +
                        " must be bf16 or bfp8_b");
  if (resultLayout.getDataType() != outputLayout.getDataType())
    return backendError(name + ": the result " + describe(resultLayout) +
                        " must have the output's data type (" +
                        describe(outputLayout) + ")");
  uint64_t tile = tileBytes(outputLayout);
  uint64_t tiles = kChannelTiles;
  if (dim >= rank - 2) {
    uint64_t small =
        kSmallTilesPerRowTile * tilesAlong(shape, dim) + kSmallFixedTiles;
    uint64_t base = currentDevice().l1AllocatorBase;
    tiles = base + small * tile <= kSoftmaxSmallLimit ? small : kLargeTiles;
  }
  return finishOneOutput(name, tiles * tile, shape, resultLayout,
                         initialState);
}

llvm::Expected<size_t> OpModel<MorehSoftmaxBackwardOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout,
    LayoutAttr outputGradLayout, int64_t dim, LayoutAttr resultLayout) {
  auto constraints = getOpConstraints(shape, outputLayout, outputGradLayout,
                                      dim, resultLayout);
  if (!constraints)
    return constraints.takeError();
  Work work;
  addTensorTraffic(work, shape, outputLayout);
  addTensorTraffic(work, shape, outputGradLayout);
  addTensorTraffic(work, shape, resultLayout);
  Geometry tiles = geometry(shape);
  work.computeCycles = kCyclesPerTile * tiles.tiles();
  // One core per reduced row (W), column (H) or slice (C).
  int64_t along = dim >= int64_t(shape.size()) - 2 ? tilesAlong(shape, dim)
                                                   : shape[dim];
  work.cores = tiles.tiles() / std::max<int64_t>(1, along);
  return roofline(work);
}

//===----------------------------------------------------------------------===//
// moreh_layer_norm_backward
//===----------------------------------------------------------------------===//

namespace {
/// Tiles of the normalized dimensions (ttnn's compute_inner of the padded
/// shape): Wt, times Ht, times every other normalized dimension.
int64_t normalizedTiles(llvm::ArrayRef<int64_t> shape, int64_t dims) {
  int64_t rank = shape.size(), tiles = 1;
  for (int64_t d = rank - dims; d < rank; ++d)
    tiles *= d >= rank - 2 ? tilesAlong(shape, d) : shape[d];
  return tiles;
}

bool unaligned(int64_t size) { return size % kTileDim != 0; }

struct LayerNormBackwardCBs {
  uint64_t inputGrad = 0, gammaBeta = 0;
};

LayerNormBackwardCBs layerNormBackwardCBs(llvm::ArrayRef<int64_t> shape,
                                          int64_t dims, bool hasGamma,
                                          bool inputGrad, bool gammaGrad,
                                          bool betaGrad) {
  int64_t rank = shape.size();
  bool maskH = unaligned(shape[rank - 2]);
  LayerNormBackwardCBs cbs;
  if (inputGrad) {
    uint64_t fixed = kInputGradIoTiles + hasGamma;
    if (unaligned(shape[rank - 1]) || (maskH && dims > 1))
      fixed += kInputGradMaskTiles;
    uint64_t small = fixed + 2 * normalizedTiles(shape, dims) +
                     kInputGradSmallExtraTiles;
    // ttnn: large when the sum reaches the L1 above the allocator's base.
    uint64_t available = currentDevice().l1AboveAllocatorBase();
    uint64_t tiles = small * kBf16TileBytes < available
                         ? small
                         : kInputGradLargeTiles + fixed - kInputGradIoTiles;
    cbs.inputGrad = tiles * kBf16TileBytes;
  }
  if (gammaGrad || betaGrad)
    cbs.gammaBeta = (kGammaBetaTiles + gammaGrad + betaGrad +
                     (maskH && dims == 1)) *
                    kBf16TileBytes;
  return cbs;
}
} // namespace

llvm::Expected<OpConstraints>
OpModel<MorehLayerNormBackwardOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr outputGradLayout,
    LayoutAttr inputLayout, LayoutAttr meanLayout, LayoutAttr rstdLayout,
    LayoutAttr gammaLayout, int64_t normalizedDims, bool inputGrad,
    bool gammaGrad, bool betaGrad, const std::vector<LayoutAttr> &resultLayouts,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = MorehLayerNormBackwardOp::getOperationName();
  int64_t rank = inputShape.size();
  // A rank-1 input: the input_grad program reads its second-to-last
  // dimension and throws (shape_base.cpp); the gamma/beta program alone runs
  // as on a 1 x W input (measured on both mock devices: W = 100, 420, 512,
  // 2048, gamma and beta gradients, with and without gamma, L1 / DRAM /
  // height-sharded dy and x).
  if (rank < 1 || (rank < 2 && inputGrad))
    return backendError(name + ": the input must have rank >= 2 to compute "
                               "input_grad (ttnn 0.81.1 reads its "
                               "second-to-last dimension)");
  if (normalizedDims < 1 || normalizedDims > rank)
    return backendError(name + ": normalized_dims " +
                        llvm::Twine(normalizedDims) + " must be in [1, " +
                        llvm::Twine(rank) + "]");
  llvm::SmallVector<int64_t> stats =
      MorehLayerNormBackwardOp::statsShape(inputShape, normalizedDims);
  llvm::SmallVector<int64_t> params =
      MorehLayerNormBackwardOp::paramShape(inputShape, normalizedDims);
  // Measured on both mock devices: sharded dy, x and input_grad (height,
  // width, block) run the same programs; the statistics, gamma and its
  // gradients in shards were not.
  struct Tensor {
    llvm::StringRef role;
    llvm::ArrayRef<int64_t> shape;
    LayoutAttr layout;
    bool shardable;
  };
  llvm::SmallVector<Tensor, 3> grads;
  if (inputGrad)
    grads.push_back({"input_grad", inputShape, {}, true});
  if (gammaGrad)
    grads.push_back({"gamma_grad", params, {}, false});
  if (betaGrad)
    grads.push_back({"beta_grad", params, {}, false});
  if (grads.empty() || grads.size() != resultLayouts.size())
    return backendError(name + ": " + llvm::Twine(resultLayouts.size()) +
                        " result layouts for " + llvm::Twine(grads.size()) +
                        " gradients");
  llvm::SmallVector<Tensor, 8> tensors = {
      {"output_grad", inputShape, outputGradLayout, true},
      {"input", inputShape, inputLayout, true},
      {"mean", stats, meanLayout, false},
      {"rstd", stats, rstdLayout, false}};
  if (gammaLayout)
    tensors.push_back({"gamma", params, gammaLayout, false});
  for (auto [grad, layout] : llvm::zip(grads, resultLayouts))
    tensors.push_back({grad.role, grad.shape, layout, grad.shardable});
  for (const Tensor &t : tensors) {
    if (llvm::Error err = checkLayout(name, t.role, t.shape, t.layout,
                                      /*rowMajorAllowed=*/false,
                                      /*indicesAllowed=*/false,
                                      /*idleCoresAllowed=*/true))
      return err;
    if (t.layout.getDataType() != DataType::BFloat16)
      return backendError(name + ": " + t.role + " " + describe(t.layout) +
                          " must be bf16 (ttnn 0.81.1 accepts no other type)");
    if (t.layout.isSharded() && !t.shardable)
      return notSupportedError(name + ": sharded " + t.role + " (" +
                               describe(t.layout) + ") is not modelled");
  }
  llvm::SmallVector<int64_t> programShape(inputShape);
  if (rank == 1)
    programShape.insert(programShape.begin(), 1);
  LayerNormBackwardCBs cbs =
      layerNormBackwardCBs(programShape, normalizedDims, bool(gammaLayout),
                           inputGrad, gammaGrad, betaGrad);
  Analysis analysis;
  // Two programs with their own CBs: graph capture reports the larger.
  analysis.cbBytes = std::max(cbs.inputGrad, cbs.gammaBeta);
  // The CBs must stay below the L1 inputs (measured on Blackhole: dy and x
  // of 928x384 in L1 under 1,456,128 B of CBs throw). The gradients the op
  // allocates do not count: 690x480 from DRAM into an L1 input_grad under
  // 1,384,448 B of CBs (Wormhole), and 2x620x344 width shards under 933,888
  // B (Blackhole), which fit below dy and x alone, run (fresh stress draw
  // seed 284182979, moreh #0 and #5; the model had said out_of_memory).
  uint64_t l1Bytes = 0;
  for (const Tensor &t : llvm::ArrayRef(tensors).drop_back(grads.size()))
    l1Bytes += l1BytesPerBank(t.shape, t.layout);
  if (llvm::Error err =
          checkBuffersBelowInputs(name, analysis.cbBytes, l1Bytes))
    return err;
  for (auto [grad, layout] : llvm::zip(grads, resultLayouts))
    analysis.outputs.push_back(
        {std::vector<int64_t>(grad.shape.begin(), grad.shape.end()),
         layout});
  return finish(name, analysis, initialState);
}

llvm::Expected<size_t> OpModel<MorehLayerNormBackwardOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr outputGradLayout,
    LayoutAttr inputLayout, LayoutAttr meanLayout, LayoutAttr rstdLayout,
    LayoutAttr gammaLayout, int64_t normalizedDims, bool inputGrad,
    bool gammaGrad, bool betaGrad,
    const std::vector<LayoutAttr> &resultLayouts) {
  auto constraints = getOpConstraints(
      inputShape, outputGradLayout, inputLayout, meanLayout, rstdLayout,
      gammaLayout, normalizedDims, inputGrad, gammaGrad, betaGrad,
      resultLayouts);
  if (!constraints)
    return constraints.takeError();
  // Each program reads dy and x once and pays its own launch; input_grad's
  // program also writes a tensor of the input's size.
  Geometry tiles = geometry(inputShape);
  int64_t rows =
      tiles.tiles() /
      std::max<int64_t>(1, normalizedTiles(inputShape, normalizedDims));
  size_t total = 0;
  for (bool inputGradProgram : {true, false}) {
    if (inputGradProgram ? !inputGrad : !(gammaGrad || betaGrad))
      continue;
    Work work;
    addTensorTraffic(work, inputShape, outputGradLayout);
    addTensorTraffic(work, inputShape, inputLayout);
    if (inputGradProgram)
      addTensorTraffic(work, inputShape, resultLayouts.front());
    work.computeCycles = kCyclesPerTile * tiles.tiles();
    work.cores = rows;
    total += roofline(work);
  }
  return total;
}

} // namespace mlir::ttnn::op_model
