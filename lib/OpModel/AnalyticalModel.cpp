//===- AnalyticalModel.cpp - shared pieces of the analytical model --------===//

#include "AnalyticalModel.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

namespace mlir::ttnn::op_model::analytical {

Geometry geometry(llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return {1, 1};
  int64_t width = shape.back();
  int64_t height = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  int64_t batch = 1;
  for (int64_t dim : shape.drop_back(std::min<size_t>(2, shape.size())))
    batch *= dim;
  return {batch * ceilDiv(height, kTileDim), ceilDiv(width, kTileDim)};
}

uint64_t tileBytes(LayoutAttr layout) { return layout.getTileBytes(); }

uint64_t elementBytes(LayoutAttr layout) {
  DataType type = layout.getDataType();
  return type == DataType::Float32 || type == DataType::UInt32 ? 4 : 2;
}

bool tileAligned(llvm::ArrayRef<int64_t> shape) {
  return shape.size() >= 2 && shape.back() % kTileDim == 0 &&
         shape[shape.size() - 2] % kTileDim == 0;
}

bool evenShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  Geometry g = geometry(shape);
  llvm::ArrayRef<int64_t> shard = layout.getShard();
  return (g.heightTiles * kTileDim) % shard[0] == 0 &&
         (g.widthTiles * kTileDim) % shard[1] == 0;
}

std::string describeShape(llvm::ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << "?";
        else
          os << dim;
      },
      "x");
  return s;
}

llvm::Error checkShape(llvm::StringRef opName, llvm::StringRef role,
                       llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(dim))
      return notSupportedError(
          opName + ": dimension " + llvm::Twine(index) + " of the " + role +
          " shape " + describeShape(shape) +
          " is dynamic; the op model answers static shapes only");
    if (dim < 0)
      return backendError(opName + ": dimension " + llvm::Twine(index) +
                          " of the " + role + " shape " + describeShape(shape) +
                          " is negative");
  }
  // Tiles and bytes in unsigned 64-bit arithmetic, every step checked. The
  // padded height and width tiles are computed as geometry() does.
  uint64_t tiles = 1;
  size_t rank = shape.size();
  bool overflows = false;
  for (size_t i = 0; i < rank; ++i) {
    uint64_t extent = uint64_t(shape[i]);
    if (i + 2 >= rank)
      extent = uint64_t(ceilDiv(shape[i], kTileDim));
    overflows |= __builtin_mul_overflow(tiles, extent, &tiles);
  }
  uint64_t bytes = 0;
  overflows |= __builtin_mul_overflow(tiles, tileBytes(layout), &bytes);
  if (overflows)
    return backendError(opName + ": the " + role + " tensor " +
                        describeShape(shape) + " " +
                        stringifyDataType(layout.getDataType()) +
                        " is more than 2^64 bytes");
  return llvm::Error::success();
}

std::string describe(LayoutAttr layout) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (layout.isRowMajor())
    os << stringifyPageLayout(layout.getPageLayout()) << " ";
  os << stringifyBufferType(layout.getBufferType()) << " "
     << stringifyTensorMemoryLayout(layout.getMemoryLayout()) << " "
     << stringifyDataType(layout.getDataType());
  if (layout.isSharded())
    os << " (grid " << describeShape(layout.getGrid()) << ", shard "
       << describeShape(layout.getShard()) << ")";
  return s;
}

/// The 2-D view shards cut: a row-major tensor's rows and last dimension as
/// they are, a tiled one's tile-padded height and width.
static std::pair<int64_t, int64_t> shardedView(llvm::ArrayRef<int64_t> shape,
                                               LayoutAttr layout) {
  if (layout.isRowMajor()) {
    int64_t height = 1;
    for (int64_t dim : shape.drop_back(shape.empty() ? 0 : 1))
      height *= dim;
    return {height, shape.empty() ? 1 : shape.back()};
  }
  Geometry g = geometry(shape);
  return {g.heightTiles * kTileDim, g.widthTiles * kTileDim};
}

/// Whether `layout`'s shards cover `shape` on its grid, and whether they
/// would on fewer cores (some of the grid's idle).
static std::pair<bool, bool> shardFit(llvm::ArrayRef<int64_t> shape,
                                      LayoutAttr layout) {
  auto [height, width] = shardedView(shape, layout);
  llvm::ArrayRef<int64_t> grid = layout.getGrid();
  llvm::ArrayRef<int64_t> shard = layout.getShard();
  int64_t cores = grid[0] * grid[1];
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    return {shard[1] == width && shard[0] * cores >= height,
            shard[0] * (cores - 1) >= height};
  case TensorMemoryLayout::WidthSharded:
    return {shard[0] == height && shard[1] * cores >= width,
            shard[1] * (cores - 1) >= width};
  case TensorMemoryLayout::BlockSharded:
    return {shard[0] * grid[0] >= height && shard[1] * grid[1] >= width,
            shard[0] * (grid[0] - 1) >= height ||
                shard[1] * (grid[1] - 1) >= width};
  case TensorMemoryLayout::Interleaved:
    break;
  }
  return {false, false};
}

bool rowsPaddedToShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  return !shape.empty() && layout.isRowMajor() && layout.isSharded() &&
         layout.getMemoryLayout() != TensorMemoryLayout::HeightSharded &&
         layout.getShard()[1] < shape.back() &&
         shape.back() % layout.getShard()[1] != 0;
}

bool leavesCoresIdle(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  return layout.isSharded() && shardFit(shape, layout).second;
}

llvm::Error checkLayout(llvm::StringRef opName, llvm::StringRef role,
                        llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                        bool rowMajorAllowed, bool indicesAllowed,
                        bool idleCoresAllowed) {
  if (!layout)
    return backendError(opName + ": the " + role + " has no #ttnn.layout");
  if (llvm::Error err = checkShape(opName, role, shape, layout))
    return err;
  if (layout.isRowMajor() && !rowMajorAllowed)
    return notSupportedError(opName + ": the " + role + " is row_major (" +
                             describe(layout) +
                             "): the op is modelled on tiled tensors "
                             "(convert with ttnn.to_layout)");
  if (layout.getDataType() == DataType::UInt32 && !indicesAllowed)
    return notSupportedError(opName + ": the " + role + " is u32 (" +
                             describe(layout) +
                             "): u32 tensors are modelled as embedding "
                             "indices and argmax results only");
  if (!layout.isSharded())
    return llvm::Error::success();
  const DeviceModel &device = currentDevice();
  llvm::ArrayRef<int64_t> grid = layout.getGrid();
  llvm::ArrayRef<int64_t> shard = layout.getShard();
  if (grid[0] > device.gridRows || grid[1] > device.gridCols)
    return backendError(opName + ": the " + role + " shard grid " +
                        describeShape(grid) + " exceeds the " +
                        device.name + " worker grid " +
                        describeShape({device.gridRows, device.gridCols}));
  // Row-major shards cut the 2-D view of rows (the last dimension) as it is;
  // tiled ones the tile-padded view, in whole tiles.
  if (!layout.isRowMajor() && (shard[0] % kTileDim || shard[1] % kTileDim))
    return backendError(opName + ": the " + role + " shard shape " +
                        describeShape(shard) +
                        " is not a multiple of the 32x32 tile");
  auto [height, width] = shardedView(shape, layout);
  int64_t cores = grid[0] * grid[1];
  // ttnn 0.81.1 runs row-major height shards wider than the rows (3x50 f32
  // rows in 3x52 shards, each page a shard-wide row): their pages and the
  // programs over them were not measured, so they are not modelled rather
  // than rejected.
  if (layout.isRowMajor() &&
      layout.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
      shard[1] > width && shard[0] * cores >= height)
    return notSupportedError(
        opName + ": the " + role + " layout " + describe(layout) +
        " holds row-major shards wider than the " + describeShape(shape) +
        " tensor's rows: not modelled");
  auto [covers, idle] = shardFit(shape, layout);
  // ttnn 0.81.1 runs every family measured on grids that leave cores idle
  // (it allocates their shards too); a family that has not been measured so
  // is not modelled there rather than said to be rejected.
  if (covers && idle && !idleCoresAllowed)
    return notSupportedError(opName + ": the " + role + " layout " +
                             describe(layout) + " leaves cores of its grid "
                             "idle for a " + describeShape(shape) +
                             " tensor: not modelled for this op");
  if (!covers)
    return backendError(
        opName + ": the " + role + " layout " + describe(layout) +
        " does not shard a " + describeShape(shape) + " tensor (padded " +
        describeShape({height, width}) + ") onto its grid");
  return llvm::Error::success();
}

bool shardedAlike(LayoutAttr a, LayoutAttr b) {
  if (a.isSharded() != b.isSharded())
    return false;
  if (!a.isSharded())
    return true;
  return a.getMemoryLayout() == b.getMemoryLayout() &&
         a.getGrid() == b.getGrid() && a.getShard() == b.getShard();
}

uint64_t l1BytesPerBank(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  return layout.isL1() ? bytesPerBank(shape, layout) : 0;
}

static uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

uint64_t bytesPerBank(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  const DeviceModel &device = currentDevice();
  uint64_t tile = tileBytes(layout);
  if (layout.isSharded()) {
    llvm::ArrayRef<int64_t> shard = layout.getShard();
    // A row-major shard (max_pool2d's output): shard rows of shard-width
    // elements, not padded to tiles, each row a page aligned to L1
    // (measured: 22 rows of 39 bf16 take 22 x 80 B).
    if (layout.isRowMajor())
      return shard[0] *
             alignUp(shard[1] * elementBytes(layout), device.l1Alignment);
    return alignUp((shard[0] / kTileDim) * (shard[1] / kTileDim) * tile,
                   device.l1Alignment);
  }
  bool l1 = layout.isL1();
  int64_t banks = l1 ? device.l1Banks : device.dramBanks;
  uint64_t alignment = l1 ? device.l1Alignment : device.dramAlignment;
  if (layout.isRowMajor()) {
    // One page per row of the last dimension, each page aligned (measured:
    // 3x33 bf16 in L1 is 3 pages of 66 -> 80 B); a scalar is one element
    // (a row-major reduction to a scalar: 16 B in L1).
    int64_t rows = rowCount(shape);
    uint64_t row = (shape.empty() ? 1 : shape.back()) * elementBytes(layout);
    return ceilDiv(rows, banks) * alignUp(row, alignment);
  }
  return alignUp(ceilDiv(geometry(shape).tiles(), banks) * tile, alignment);
}

uint64_t streamingCB(int64_t pages, LayoutAttr layout) {
  return layout.isSharded() ? 0 : pages * tileBytes(layout);
}

llvm::Expected<OpConstraints> finish(llvm::StringRef opName,
                                     const Analysis &analysis,
                                     const MockAllocatorState *initialState) {
  if (analysis.staticBuffers == StaticBuffers::Checked)
    if (llvm::Error err = checkStaticBuffers(
            opName, analysis.largestProgramBuffers.value_or(analysis.cbBytes)))
      return err;
  OpConstraints result;
  result.cbL1PeakSize = analysis.cbBytes;
  uint64_t tensors = analysis.intermediateL1;
  for (const Analysis::Output &output : analysis.outputs) {
    result.outputLayouts.push_back(output.layout);
    if (!output.layout.isL1())
      continue;
    uint64_t size = bytesPerBank(output.shape, output.layout);
    tensors += size;
    result.outputL1BufferSize += size;
  }
  result.tensorL1PeakSize = tensors;
  result.peakL1MemorySize =
      result.cbL1PeakSize + analysis.scratchpadBytes + tensors;
  if (!initialState)
    return result;

  // Stateful: the outputs are allocated for real on a copy of the state.
  MockAllocatorState state = *initialState;
  for (const Analysis::Output &output : analysis.outputs) {
    auto record = state.allocate(output.layout.getBufferType(),
                                 bytesPerBank(output.shape, output.layout));
    if (!record) {
      auto [kind, message] = takeOpModelError(record.takeError());
      return makeError(kind, opName + ": output " + describe(output.layout) +
                                 ": " + message);
    }
    result.outputAllocations.push_back(*record);
  }
  if (analysis.intermediateL1) {
    MockAllocatorState scratch = state;
    if (auto record = scratch.allocate(BufferType::L1, analysis.intermediateL1);
        !record) {
      auto [kind, message] = takeOpModelError(record.takeError());
      return makeError(kind, opName + ": intermediate buffer: " + message);
    }
  }
  if (llvm::Error err = state.checkCircularBuffers(
          analysis.largestProgramBuffers.value_or(analysis.cbBytes +
                                                  analysis.scratchpadBytes))) {
    auto [kind, message] = takeOpModelError(std::move(err));
    return makeError(kind, opName + ": " + message);
  }
  return result;
}

llvm::Expected<OpConstraints>
finishOneOutput(llvm::StringRef opName, uint64_t cbBytes,
                llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                const MockAllocatorState *initialState) {
  Analysis analysis;
  analysis.cbBytes = cbBytes;
  analysis.outputs.push_back(
      {std::vector<int64_t>(shape.begin(), shape.end()), layout});
  return finish(opName, analysis, initialState);
}

llvm::Expected<OpConstraints>
finishPrograms(llvm::StringRef opName, llvm::ArrayRef<ProgramStep> programs,
               llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
               const MockAllocatorState *initialState,
               ProgramResult resultKind, StaticBuffers staticBuffers) {
  uint64_t circular = 0, dataflow = 0, scratchpad = 0, live = 0;
  uint64_t tensorPeak = 0, overall = 0, previousBuffers = 0, largestBuffers = 0;
  for (const ProgramStep &program : programs) {
    uint64_t buffers = program.buffers();
    largestBuffers = std::max(largestBuffers, buffers);
    circular = std::max(circular, program.circularBytes);
    dataflow = std::max(dataflow, program.dataflowBytes);
    scratchpad = std::max(scratchpad, program.scratchpadBytes);
    live += program.allocatedL1;
    tensorPeak = std::max(tensorPeak, live);
    uint64_t heldBuffers =
        program.overlapsPreviousBuffers ? std::max(previousBuffers, buffers)
                                        : buffers;
    overall = std::max(overall, heldBuffers + live);
    live -= std::min(live, program.freedL1);
    previousBuffers = buffers;
  }
  Analysis analysis;
  analysis.cbBytes = circular + dataflow;
  analysis.largestProgramBuffers = largestBuffers;
  analysis.staticBuffers = staticBuffers;
  analysis.scratchpadBytes = scratchpad;
  if (resultKind == ProgramResult::NewTensor) {
    uint64_t output = l1BytesPerBank(outShape, outLayout);
    analysis.intermediateL1 = tensorPeak - std::min(tensorPeak, output);
    analysis.outputs.push_back(
        {std::vector<int64_t>(outShape.begin(), outShape.end()), outLayout});
  }
  auto result = finish(opName, analysis, initialState);
  if (!result)
    return result;
  if (resultKind == ProgramResult::InPlace)
    result->outputLayouts.push_back(outLayout);
  result->tensorL1PeakSize = tensorPeak;
  result->peakL1MemorySize = overall;
  return result;
}

void addTensorTraffic(Work &work, llvm::ArrayRef<int64_t> shape,
                      LayoutAttr layout) {
  double bytes = double(geometry(shape).tiles()) * tileBytes(layout);
  if (!layout.isL1())
    work.dramBytes += bytes;
  else if (!layout.isSharded())
    work.nocBytes += bytes;
}

size_t roofline(const Work &work) {
  const DeviceModel &device = currentDevice();
  double cores = double(std::clamp<int64_t>(work.cores, 1, device.numCores()));
  double dramNs = work.dramBytes / device.dramBytesPerNs;
  double nocNs =
      work.nocBytes / (cores * device.nocBytesPerCycle * device.clockGHz);
  double computeNs = work.computeCycles / (cores * device.clockGHz);
  return size_t(std::ceil(device.launchOverheadNs +
                          std::max({dramNs, nocNs, computeNs})));
}

std::optional<std::vector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
    int64_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    out[rank - 1 - i] = std::max(da, db);
  }
  return out;
}

llvm::Expected<int64_t> normalizeDim(llvm::StringRef opName, int64_t dim,
                                     int64_t rank) {
  if (dim < -rank || dim >= rank)
    return backendError(opName + ": dimension " + llvm::Twine(dim) +
                        " is out of range for a rank-" + llvm::Twine(rank) +
                        " tensor");
  return dim < 0 ? dim + rank : dim;
}

llvm::Error checkLayoutAllowingIdleCores(llvm::StringRef opName,
                                         llvm::StringRef role,
                                         llvm::ArrayRef<int64_t> shape,
                                         LayoutAttr layout,
                                         bool rowMajorAllowed,
                                         bool indicesAllowed) {
  return checkLayout(opName, role, shape, layout, rowMajorAllowed,
                     indicesAllowed, /*idleCoresAllowed=*/true);
}

bool unevenShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  if (!layout.isSharded())
    return false;
  if (!layout.isRowMajor())
    return !evenShards(shape, layout);
  // A row-major tensor is not padded: its rows (all dimensions but the last)
  // and its last dimension as they are.
  int64_t rows = rowCount(shape);
  int64_t width = shape.empty() ? 1 : shape.back();
  llvm::ArrayRef<int64_t> shard = layout.getShard();
  return rows % shard[0] != 0 || width % shard[1] != 0;
}

bool sameShardGrid(LayoutAttr a, LayoutAttr b) {
  return a.isSharded() && b.isSharded() && a.getGrid() == b.getGrid();
}

llvm::Error checkStaticBuffers(llvm::StringRef opName, uint64_t bytes) {
  const DeviceModel &device = currentDevice();
  if (bytes <= device.l1AboveAllocatorBase())
    return llvm::Error::success();
  return outOfMemoryError(
      opName + ": its buffers take " + llvm::Twine(bytes) +
      " B per core from the L1 allocator base " +
      llvm::Twine(device.l1AllocatorBase) + " and end at " +
      llvm::Twine(device.l1AllocatorBase + bytes) + " B, beyond the " +
      llvm::Twine(device.l1Bytes) + " B of L1 (tt-metal rejects the "
      "program); place operands so the op needs smaller buffers");
}

bool shardGridFits(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  if (!layout.isSharded())
    return true;
  llvm::ArrayRef<int64_t> grid = layout.getGrid(), shard = layout.getShard();
  int64_t height = 1, width = shape.empty() ? 1 : shape.back();
  for (int64_t dim : shape.drop_back(shape.empty() ? 0 : 1))
    height *= dim;
  if (!layout.isRowMajor()) {
    Geometry g = geometry(shape);
    height = g.heightTiles * kTileDim;
    width = g.widthTiles * kTileDim;
  } else {
    // Row-major shards pad the rows to whole shards (physical width).
    width = ceilDiv(width, shard[1]) * shard[1];
  }
  int64_t across = ceilDiv(height, shard[0]), down = ceilDiv(width, shard[1]);
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    return width == shard[1] && across <= grid[0] * grid[1];
  case TensorMemoryLayout::WidthSharded:
    return height == shard[0] && down <= grid[0] * grid[1];
  case TensorMemoryLayout::BlockSharded:
    return across <= grid[0] && down <= grid[1];
  case TensorMemoryLayout::Interleaved:
    break;
  }
  return true;
}

uint64_t bufferAlignment(LayoutAttr layout) {
  const DeviceModel &device = currentDevice();
  return layout.isL1() ? device.l1Alignment : device.dramAlignment;
}

llvm::Error checkBuffersBelowInputs(llvm::StringRef opName, uint64_t bytes,
                                    uint64_t l1Bytes) {
  const DeviceModel &device = currentDevice();
  if (device.l1AllocatorBase + bytes + l1Bytes <= device.l1Bytes)
    return llvm::Error::success();
  return outOfMemoryError(opName + ": circular buffers of " +
                          llvm::Twine(bytes) + " B per core from the L1 "
                          "allocator's base pass the top of L1 or the " +
                          llvm::Twine(l1Bytes) +
                          " B of L1 inputs below it (ttnn 0.81.1 throws)");
}

} // namespace mlir::ttnn::op_model::analytical
