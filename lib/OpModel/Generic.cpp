//===- Generic.cpp - a compiled TTL operation (ttnn.generic) --------------===//
//
// A TTL operation's program is known exactly: the runtime allocates every
// DFB as a circular buffer of its recorded size on its cores, so the
// circular-buffer peak is the largest per-core sum of the DFBs, not a family
// rule. Its outputs are placed like any op's, sharded ones included: its
// kernels address a sharded tensor through TT-Metal's sharded TensorAccessor
// (the kernel ABI), which finds each page in its shard's core, so a sharded
// output is one shard per core at one address, as ttnn allocates it. The
// runtime is the shared roofline:
// every input read once and every output written once (its copies), and its
// tile math on FPU cycles, over the cores its kernels run on. See
// docs/op-model.md, "TTL operations in a TTNN graph".
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {

std::string programName(const GenericProgram &program) {
  return (GenericOp::getOperationName() + " '" + program.operationId + "'")
      .str();
}

/// The tensors are ones the device can hold and the kernels can address.
llvm::Error checkTensors(llvm::StringRef name, llvm::StringRef role,
                         const std::vector<std::vector<int64_t>> &shapes,
                         const std::vector<LayoutAttr> &layouts) {
  if (shapes.size() != layouts.size())
    return backendError(name + ": " + llvm::Twine(shapes.size()) + " " + role +
                        " shapes but " + llvm::Twine(layouts.size()) +
                        " layouts");
  for (size_t i = 0; i < shapes.size(); ++i) {
    std::string which = (role + " " + llvm::Twine(i)).str();
    if (llvm::Error err = checkLayout(name, which, shapes[i], layouts[i]))
      return err;
  }
  return llvm::Error::success();
}

/// Largest per-core sum of the circular buffers allocated on a core.
uint64_t circularBufferPeak(const GenericProgram &program) {
  uint64_t peak = 0;
  for (int64_t y = 0; y < program.gridRows; ++y)
    for (int64_t x = 0; x < program.gridCols; ++x) {
      uint64_t onCore = 0;
      for (const GenericProgram::Buffer &buffer : program.buffers)
        if (llvm::any_of(buffer.cores,
                         [&](const CoreRect &r) { return r.contains(x, y); }))
          onCore += uint64_t(buffer.bytesPerCore);
      peak = std::max(peak, onCore);
    }
  return peak;
}

/// Cores that run at least one kernel.
int64_t kernelCoreCount(const GenericProgram &program) {
  int64_t cores = 0;
  for (int64_t y = 0; y < program.gridRows; ++y)
    for (int64_t x = 0; x < program.gridCols; ++x)
      cores += llvm::any_of(program.kernelCores, [&](const CoreRect &r) {
        return r.contains(x, y);
      });
  return cores;
}

} // namespace

llvm::Expected<OpConstraints> OpModel<GenericOp>::getOpConstraints(
    const GenericProgram &program,
    const std::vector<std::vector<int64_t>> &inputShapes,
    const std::vector<LayoutAttr> &inputLayouts,
    const std::vector<std::vector<int64_t>> &outputShapes,
    const std::vector<LayoutAttr> &outputLayouts,
    const MockAllocatorState *initialState) {
  std::string name = programName(program);
  const DeviceModel &device = currentDevice();
  if (program.gridCols > device.gridCols || program.gridRows > device.gridRows)
    return backendError(name + ": its grid " + llvm::Twine(program.gridCols) +
                        "x" + llvm::Twine(program.gridRows) +
                        " (cols x rows) exceeds the " + device.name +
                        " worker grid " + llvm::Twine(device.gridCols) + "x" +
                        llvm::Twine(device.gridRows));
  if (llvm::Error err = checkTensors(name, "input", inputShapes, inputLayouts))
    return err;
  if (llvm::Error err =
          checkTensors(name, "output", outputShapes, outputLayouts))
    return err;
  Analysis analysis;
  analysis.cbBytes = circularBufferPeak(program);
  for (size_t i = 0; i < outputShapes.size(); ++i)
    analysis.outputs.push_back({outputShapes[i], outputLayouts[i]});
  return finish(name, analysis, initialState);
}

llvm::Expected<size_t> OpModel<GenericOp>::getOpRuntime(
    const GenericProgram &program,
    const std::vector<std::vector<int64_t>> &inputShapes,
    const std::vector<LayoutAttr> &inputLayouts,
    const std::vector<std::vector<int64_t>> &outputShapes,
    const std::vector<LayoutAttr> &outputLayouts) {
  auto constraints = getOpConstraints(program, inputShapes, inputLayouts,
                                      outputShapes, outputLayouts);
  if (!constraints)
    return constraints.takeError();
  Work work;
  for (size_t i = 0; i < inputShapes.size(); ++i)
    addTensorTraffic(work, inputShapes[i], inputLayouts[i]);
  int64_t outputTiles = 0;
  for (size_t i = 0; i < outputShapes.size(); ++i) {
    addTensorTraffic(work, outputShapes[i], outputLayouts[i]);
    outputTiles += geometry(outputShapes[i]).tiles();
  }
  // Without a count from the compiler: one tile operation per output tile.
  work.computeCycles =
      kFpuCyclesPerTile * double(program.tileOps.value_or(outputTiles));
  work.cores = kernelCoreCount(program);
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
