//===- Conv.cpp - conv2d, ttnn 0.81.1's 1x1 matmul path -------------------===//
//
// ttnn 0.81.1 runs a 1x1, stride-1, unpadded conv2d with a height-sharded
// conv config as a matmul (mock-device traces on Wormhole and Blackhole,
// bench/opmodel_cases_cnn.py):
//
//   1. the row-major input is resharded into L1: the pixels in blocks of a
//      whole number of tile rows over the cores (ceil(N*H*W / cores) rounded
//      up to 32 per core; the cores that get some are used), the channels
//      padded to a tile width;
//   2. it is tilized in L1 into a second buffer of the same size (both live,
//      with the reshard's scratchpad);
//   3. the prepared weights (in DRAM, in the weights' data type) multiply it
//      as a height-sharded matmul: the input and output CBs are the shards
//      themselves, the weight CB holds all of K x N tiles and the bias CB one
//      row of N tiles, both in the weights' format; the output shard is
//      written in L1.
//
// Every other convolution (kernel above 1, stride 2, padding, block or width
// sharding) runs the halo and conv programs, whose act / weight blocking is
// not modelled: not_implemented.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "SlidingWindow.h"

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
/// The window attributes, in the order of the `window` argument.
struct ConvWindow {
  int64_t batch, height, width, inChannels, outChannels;
  int64_t kernelH, kernelW, strideH, strideW, padH, padW;
  int64_t pixels() const { return batch * height * width; }
};

/// A matmul tile product, as the matmul family counts it.
constexpr double kCyclesPerTileProduct = 64;

struct ConvAnalysis {
  std::vector<int64_t> outputShape;
  LayoutAttr output;
  uint64_t cbBytes, reshardBytes, outBytes, scratch;
  int64_t cores, kTiles, nTiles, mTiles;
};

llvm::Expected<ConvAnalysis> analyse(llvm::ArrayRef<int64_t> inputShape,
                                     LayoutAttr inputLayout,
                                     LayoutAttr weightLayout,
                                     LayoutAttr biasLayout,
                                     llvm::ArrayRef<int64_t> window,
                                     LayoutAttr outputLayout) {
  llvm::StringRef name = Conv2dOp::getOperationName();
  if (window.size() != 11)
    return backendError(name + ": the window has " +
                        llvm::Twine(window.size()) + " values, not 11");
  ConvWindow w{window[0], window[1], window[2], window[3],
               window[4], window[5], window[6], window[7],
               window[8], window[9], window[10]};
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  if (!weightLayout || !outputLayout)
    return backendError(name + ": the weight and the output need a "
                               "#ttnn.layout");
  if (!inputLayout.isRowMajor() || inputLayout.isSharded() ||
      inputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(name + ": input " + describe(inputLayout) +
                             " is not modelled: only a row_major bf16 "
                             "interleaved input (DRAM or L1)");
  if (w.kernelH != 1 || w.kernelW != 1 || w.strideH != 1 || w.strideW != 1 ||
      w.padH != 0 || w.padW != 0)
    return notSupportedError(
        name + ": a " + llvm::Twine(w.kernelH) + "x" + llvm::Twine(w.kernelW) +
        " convolution with stride " + llvm::Twine(w.strideH) + " and padding " +
        llvm::Twine(w.padH) +
        " runs ttnn's halo and conv programs, which are not modelled: only "
        "1x1 stride-1 unpadded convolutions (ttnn's matmul path)");
  for (auto [role, layout] : {std::pair<llvm::StringRef, LayoutAttr>{
                                  "weight", weightLayout},
                              {"bias", biasLayout}}) {
    if (!layout)
      continue;
    if (layout.isL1() || layout.isRowMajor() ||
        (layout.getDataType() != DataType::BFloat16 &&
         layout.getDataType() != DataType::BFloat8B))
      return notSupportedError(name + ": " + role + " " + describe(layout) +
                               " is not modelled: ttnn prepares weights and "
                               "bias as tiled bf16 or bfp8_b in DRAM");
  }
  if (biasLayout && biasLayout.getDataType() != weightLayout.getDataType())
    return notSupportedError(name + ": bias " + describe(biasLayout) +
                             " and weight " + describe(weightLayout) +
                             ": ttnn prepares the bias in the weights' data "
                             "type");
  if (!outputLayout.isL1() ||
      outputLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded ||
      outputLayout.isRowMajor() ||
      outputLayout.getDataType() != DataType::BFloat16)
    return notSupportedError(
        name + ": output " + describe(outputLayout) +
        " is not modelled: only the tiled bf16 L1 height-sharded output of a "
        "height-sharded conv config (block and width sharding and DRAM "
        "outputs are not)");

  const DeviceModel &device = currentDevice();
  int64_t rows = ceilDiv(ceilDiv(w.pixels(), device.numCores()), kTileDim) *
                 kTileDim;
  int64_t cores = ceilDiv(w.pixels(), rows);
  int64_t kTiles = ceilDiv(w.inChannels, kTileDim);
  int64_t nTiles = ceilDiv(w.outChannels, kTileDim);
  ConvAnalysis a;
  a.reshardBytes = uint64_t(rows) * kTiles * kTileDim * kStickElementBytes;
  a.outBytes = uint64_t(rows) * nTiles * kTileDim * kStickElementBytes;
  a.cbBytes = uint64_t(kTiles * nTiles + (biasLayout ? nTiles : 0)) *
              tileBytes(weightLayout);
  a.scratch = reshardScratchBytes(kTiles * kTileDim * kStickElementBytes);
  a.cores = cores;
  a.kTiles = kTiles;
  a.nTiles = nTiles;
  a.mTiles = ceilDiv(w.pixels(), kTileDim);
  uint64_t matmulPhase = a.reshardBytes + a.outBytes + a.cbBytes;
  if (matmulPhase > device.usableL1())
    return outOfMemoryError(
        name + ": the weight and bias CBs (" + llvm::Twine(a.cbBytes) +
        " B, all of K x N tiles) and the input and output shards (" +
        llvm::Twine(a.reshardBytes + a.outBytes) + " B) exceed the " +
        llvm::Twine(device.usableL1()) + " B of usable L1 per core (ttnn "
        "0.81.1 fails to allocate its CBs)");
  int64_t grid[2] = {ceilDiv(cores, device.gridCols),
                     cores <= device.gridCols ? cores : device.gridCols};
  int64_t shard[2] = {rows, nTiles * kTileDim};
  a.output = LayoutAttr::get(outputLayout.getContext(), BufferType::L1,
                             TensorMemoryLayout::HeightSharded,
                             DataType::BFloat16, grid, shard);
  a.outputShape = {1, 1, w.pixels(), w.outChannels};
  return a;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<Conv2dOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr weightLayout, LayoutAttr biasLayout,
    llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto a = analyse(inputShape, inputLayout, weightLayout, biasLayout, window,
                   outputLayout);
  if (!a)
    return a.takeError();
  Analysis analysis;
  analysis.cbBytes = a->cbBytes;
  // Stateful: the output, then the reshard and its tilized copy on top (both
  // live only before the output exists: conservative by the reshard there).
  analysis.intermediateL1 = 2 * a->reshardBytes;
  analysis.scratchpadBytes = a->scratch;
  analysis.outputs.push_back({a->outputShape, a->output});
  return finishPipeline(
      Conv2dOp::getOperationName(), analysis,
      std::max(2 * a->reshardBytes, a->reshardBytes + a->outBytes),
      std::max(2 * a->reshardBytes + a->scratch,
               a->reshardBytes + a->outBytes + a->cbBytes),
      initialState);
}

llvm::Expected<size_t> OpModel<Conv2dOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr weightLayout, LayoutAttr biasLayout,
    llvm::ArrayRef<int64_t> window, LayoutAttr outputLayout) {
  auto a = analyse(inputShape, inputLayout, weightLayout, biasLayout, window,
                   outputLayout);
  if (!a)
    return a.takeError();
  // The input read once, the prepared weights read from DRAM, the output
  // written to its shard; M x K x N tile products.
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  work.dramBytes +=
      double(a->kTiles * a->nTiles + a->nTiles) * tileBytes(weightLayout);
  work.computeCycles =
      double(a->mTiles) * a->kTiles * a->nTiles * kCyclesPerTileProduct;
  work.cores = a->cores;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
