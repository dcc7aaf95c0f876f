//===- TTNNConvOps.cpp - verifiers of TTNNConvOps.td ops -------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

using namespace mlir;
using namespace mlir::ttnn;

namespace {
/// The sliding window's attributes and the flattened `[1, 1, N*H*W, C]`
/// input: 2 values each, positive kernel and stride, non-negative padding
/// (at most half the kernel when `halfKernelPadding`, ttnn's pool rule),
/// a window that fits the padded input.
LogicalResult verifyWindow(Operation *op, ArrayRef<int64_t> kernel,
                           ArrayRef<int64_t> stride, ArrayRef<int64_t> padding,
                           bool halfKernelPadding, int64_t batch,
                           int64_t height, int64_t width, int64_t channels,
                           RankedTensorType input) {
  for (auto [name, values] :
       {std::pair<StringRef, ArrayRef<int64_t>>{"kernel_size", kernel},
        {"stride", stride},
        {"padding", padding}})
    if (values.size() != 2)
      return op->emitOpError()
             << name << " must have 2 values (height, width), got "
             << values.size();
  if (llvm::any_of(kernel, [](int64_t v) { return v < 1; }) ||
      llvm::any_of(stride, [](int64_t v) { return v < 1; }))
    return op->emitOpError("kernel_size and stride must be positive");
  for (int i = 0; i < 2; ++i) {
    if (padding[i] < 0)
      return op->emitOpError() << "padding " << padding[i]
                               << " must not be negative";
    if (halfKernelPadding && 2 * padding[i] > kernel[i])
      return op->emitOpError() << "padding " << padding[i]
                               << " must be in [0, kernel_size / 2] (kernel "
                               << kernel[i] << ")";
  }
  if (batch < 1 || height < 1 || width < 1 || channels < 1)
    return op->emitOpError("batch_size, input_height, input_width and the "
                           "input channels must be positive");
  SmallVector<int64_t> expected = {1, 1, batch * height * width, channels};
  if (input.getShape() != ArrayRef<int64_t>(expected))
    return op->emitOpError()
           << "input must be [1, 1, batch_size * input_height * input_width, "
              "channels] = [1, 1, "
           << expected[2] << ", " << channels << "], got " << input;
  if (height + 2 * padding[0] < kernel[0] || width + 2 * padding[1] < kernel[1])
    return op->emitOpError() << "the " << kernel[0] << "x" << kernel[1]
                             << " window does not fit the " << height << "x"
                             << width << " input padded by " << padding[0]
                             << "x" << padding[1];
  return success();
}

/// The result is `[1, 1, N*OH*OW, channels]` of the input's element type.
LogicalResult verifyWindowResult(Operation *op, int64_t batch, int64_t outH,
                                 int64_t outW, int64_t channels,
                                 RankedTensorType input,
                                 RankedTensorType result) {
  SmallVector<int64_t> expected = {1, 1, batch * outH * outW, channels};
  if (result.getShape() != ArrayRef<int64_t>(expected) ||
      result.getElementType() != input.getElementType())
    return op->emitOpError()
           << "result must be [1, 1, " << expected[2] << ", " << channels
           << "] (" << batch << " x " << outH << " x " << outW
           << " pixels) of the input's element type, got " << result;
  return success();
}
} // namespace

LogicalResult MaxPool2dOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  if (failed(verifyWindow(*this, getKernelSize(), getStride(), getPadding(),
                          /*halfKernelPadding=*/true, getBatchSize(),
                          getInputHeight(), getInputWidth(), getChannels(),
                          input)))
    return failure();
  return verifyWindowResult(*this, getBatchSize(), getOutputHeight(),
                            getOutputWidth(), getChannels(), input,
                            cast<RankedTensorType>(getResult().getType()));
}

LogicalResult Conv2dOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  int64_t inChannels = int64_t(getInChannels());
  if (inChannels < 1)
    return emitOpError("in_channels must be positive");
  // ttnn.conv2d takes in_channels apart from the activation, whose sticks
  // may hold other channels: ttnn 0.81.1 runs some such calls (an L1 input
  // holding more channels through the halo) and rejects others, which the
  // op model answers (Conv.cpp), so only the pixels are checked here.
  int64_t held = input.getRank() == 4 ? input.getShape()[3] : inChannels;
  if (failed(verifyWindow(*this, getKernelSize(), getStride(), getPadding(),
                          /*halfKernelPadding=*/false, getBatchSize(),
                          getInputHeight(), getInputWidth(), held, input)))
    return failure();
  int64_t outChannels = int64_t(getOutChannels());
  if (outChannels < 1)
    return emitOpError("out_channels must be positive");
  auto weight = cast<RankedTensorType>(getWeight().getType());
  SmallVector<int64_t> weightShape = {outChannels, inChannels,
                                      getKernelSize()[0], getKernelSize()[1]};
  if (weight.getShape() != ArrayRef<int64_t>(weightShape))
    return emitOpError() << "weight must be [out_channels, in_channels, "
                            "kernel_h, kernel_w] = ["
                         << weightShape[0] << ", " << weightShape[1] << ", "
                         << weightShape[2] << ", " << weightShape[3]
                         << "], got " << weight;
  if (Value bias = getBias()) {
    auto type = cast<RankedTensorType>(bias.getType());
    SmallVector<int64_t> biasShape = {1, 1, 1, outChannels};
    if (type.getShape() != ArrayRef<int64_t>(biasShape))
      return emitOpError() << "bias must be [1, 1, 1, " << outChannels
                           << "], got " << type;
  }
  if (std::optional<StringRef> activation = getActivation();
      activation && *activation != "relu")
    return emitOpError() << "activation must be \"relu\" (the one fused "
                            "activation modelled), got \""
                         << *activation << "\"";
  if (std::optional<TensorMemoryLayout> scheme = getShardLayout()) {
    if (*scheme == TensorMemoryLayout::Interleaved)
      return emitOpError("shard_layout must be a sharding scheme "
                         "(height_sharded, width_sharded or block_sharded), "
                         "got interleaved");
    auto layout = dyn_cast_or_null<LayoutAttr>(
        cast<RankedTensorType>(getResult().getType()).getEncoding());
    if (layout && layout.isSharded() && layout.getMemoryLayout() != *scheme)
      return emitOpError()
             << "shard_layout is " << stringifyTensorMemoryLayout(*scheme)
             << " but the result is "
             << stringifyTensorMemoryLayout(layout.getMemoryLayout())
             << " (a sharded result carries the conv config's scheme)";
  }
  return verifyWindowResult(*this, getBatchSize(), getOutputHeight(),
                            getOutputWidth(), outChannels, input,
                            cast<RankedTensorType>(getResult().getType()));
}
