//===- DataOps.cpp - reshape, permute, pad, embedding, argmax -------------===//
//
// ttnn 0.81.1's programs for these ops, measured on the mock Wormhole and
// Blackhole devices and read from their program factories
// (docs/op-model.md, per-family table). Every program here allocates
// dataflow buffers, so a composite's CB peak is its largest program's.
//
// A composite is a chain of programs, each reading the previous one's
// temporary and writing its own; a temporary is freed once the program
// reading it is done. ttnn allocates a program's output before it releases
// the previous program's CBs, so the peak also counts that moment.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <array>

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kDoubleBuffer = 2;
/// The 16x16 face of a tile: pad CBs hold one face row, the HC transpose one
/// face.
constexpr int64_t kFaceSide = ::ttlang::tile::kFaceSide;

/// One program of a chain: its dataflow buffers, its scratchpad and the L1
/// per core of the tensor it writes (0 in DRAM or in place).
struct Step {
  uint64_t cbBytes = 0;
  uint64_t scratchpadBytes = 0;
  uint64_t writesL1 = 0;
  /// Works in place on the previous step's tensor (a fill-pad): writes
  /// nothing, and that tensor stays live for the next step.
  bool inPlace = false;
  /// L1 of earlier temporaries still live, besides the tensor the step reads
  /// (reshape holds its first typecast's result until it returns).
  uint64_t heldL1 = 0;
};

/// finish() of a chain whose last step writes `outShape` in `outLayout`
/// (`hasOutput` false: the last step works in place and the result is the
/// input, with no new buffer).
llvm::Expected<OpConstraints>
finishChain(llvm::StringRef opName, llvm::ArrayRef<Step> steps,
            llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
            const MockAllocatorState *initialState, bool hasOutput = true) {
  uint64_t cb = 0, buffers = 0, tensors = 0, overall = 0;
  uint64_t read = 0; // L1 of the tensor the step reads (0: the input)
  for (auto [index, step] : llvm::enumerate(steps)) {
    uint64_t live = step.heldL1 + read + (step.inPlace ? 0 : step.writesL1);
    cb = std::max(cb, step.cbBytes);
    buffers = std::max(buffers, step.cbBytes + step.scratchpadBytes);
    tensors = std::max(tensors, live);
    overall = std::max(overall, step.cbBytes + step.scratchpadBytes + live);
    if (index) // the output allocated beside the previous program's CBs
      overall = std::max(overall, steps[index - 1].cbBytes +
                                      steps[index - 1].scratchpadBytes +
                                      live);
    if (!step.inPlace)
      read = step.writesL1;
  }
  Analysis analysis;
  analysis.cbBytes = cb;
  analysis.scratchpadBytes = buffers - cb;
  if (!hasOutput) {
    auto result = finish(opName, analysis, initialState);
    if (result) {
      result->outputLayouts.push_back(outLayout);
      result->peakL1MemorySize = overall;
    }
    return result;
  }
  uint64_t output = steps.back().writesL1;
  analysis.intermediateL1 = tensors - output;
  analysis.outputs.push_back(
      {std::vector<int64_t>(outShape.begin(), outShape.end()), outLayout});
  auto result = finish(opName, analysis, initialState);
  if (result) {
    result->tensorL1PeakSize = tensors;
    result->peakL1MemorySize = overall;
  }
  return result;
}



/// ttnn 0.81.1's typecast program: 2 pages of each format.
uint64_t typecastCB(LayoutAttr from, LayoutAttr to) {
  return kDoubleBuffer * (tileBytes(from) + tileBytes(to));
}

/// The chain of a program that ttnn runs on bf16 for a bfp8_b tensor:
/// typecast to bf16 in the input's placement (measured: a DRAM input's bf16
/// copy stays in DRAM for an L1 output), the program, typecast back; `inner`
/// writes its result (of `outShape`) in bf16 placed like the output.
llvm::SmallVector<Step, 3> throughBf16(llvm::ArrayRef<int64_t> inShape,
                                       llvm::ArrayRef<int64_t> outShape,
                                       LayoutAttr inLayout, Step inner,
                                       LayoutAttr outLayout) {
  LayoutAttr bf16In = inLayout.withDataType(DataType::BFloat16);
  LayoutAttr bf16Out = outLayout.withDataType(DataType::BFloat16);
  Step toBf16{typecastCB(inLayout, bf16In), 0, l1BytesPerBank(inShape, bf16In)};
  inner.writesL1 = l1BytesPerBank(outShape, bf16Out);
  Step back{typecastCB(bf16Out, outLayout), 0, l1BytesPerBank(outShape, outLayout)};
  return {toBf16, inner, back};
}

/// Reading and writing each tensor once per program, plus `cycles` of tile
/// work per output tile.
size_t moveRuntime(llvm::ArrayRef<int64_t> inShape, LayoutAttr inLayout,
                   llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
                   double cycles = 0, int64_t programs = 1) {
  Work work;
  addTensorTraffic(work, inShape, inLayout);
  addTensorTraffic(work, outShape, outLayout);
  int64_t tiles = geometry(outShape).tiles();
  work.computeCycles = cycles * tiles;
  work.cores = tiles;
  return programs * roofline(work);
}

/// The output is in the input's data type (these ops do not convert).
llvm::Error checkSameDataType(llvm::StringRef name, LayoutAttr in,
                              LayoutAttr out) {
  if (in.getDataType() == out.getDataType())
    return llvm::Error::success();
  return backendError(name + ": the input is " +
                      stringifyDataType(in.getDataType()) +
                      " but the output is " +
                      stringifyDataType(out.getDataType()) +
                      " (convert with ttnn.typecast)");
}


/// The answer of a call that returns its input: no program, no buffer.
OpConstraints theInputItself(LayoutAttr layout) {
  OpConstraints result;
  result.outputLayouts.push_back(layout);
  return result;
}

/// A no-op call returns the input: only the same placement is modelled.
llvm::Error checkIdentity(llvm::StringRef name, LayoutAttr in, LayoutAttr out) {
  if (in == out)
    return llvm::Error::success();
  return notSupportedError(
      name + ": a call that changes nothing returns the input as it is in "
             "ttnn 0.81.1, ignoring the output placement (" +
      describe(out) + "): change placement with ttnn.to_memory_config");
}

/// ttnn 0.81.1's fill-pad program, in place on a tiled tensor whose last two
/// dimensions are not tile multiples: 2 input and 2 output tiles, and a mask
/// tile for each of a right and a bottom padding
/// (fill_pad_program_factory.cpp).
Step fillPadStep(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  int64_t tiles = 2 * kDoubleBuffer + (shape.back() % kTileDim != 0) +
                  (rows % kTileDim != 0);
  return {tiles * tileBytes(layout), 0, 0, /*inPlace=*/true};
}
} // namespace

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's ttnn::reshape (reshape_view/reshape.cpp), for interleaved
// tensors:
//   - a view (the input itself, no program) when the last dimension is kept,
//     the buffer type does not change and the tensor is row-major, or keeps
//     its second-to-last dimension, or has it a tile multiple before and
//     after (no tile padding moves);
//   - the same shape into another placement: to_memory_config, ttnn's copy
//     (one 2-page CB);
//   - otherwise a tiled tensor runs the tiled program on its 3-D view
//     (leading dimensions collapsed, or ones prepended): the host builds a
//     mapping tensor, one page per output tile listing the segments of input
//     tiles it takes (4 u32 each), and places it in DRAM; the program holds
//     one mapping page and one input tile in dataflow buffers and the output
//     tile in a scratchpad. bfp8_b is typecast to bf16 (placed like the
//     input), reshaped into bf16 placed like the output, fill-padded when the
//     3-D result has tile padding, and typecast back; the input's bf16 copy
//     is freed only at the end;
//   - a row-major tensor runs the row-major program on its 2-D view
//     (scratchpads only, see rowMajorReshapeStep).
// Sharded tiled tensors (measured on both mock devices, height / width /
// block): a view only when the sharding is kept; the same shape into
// another placement is ttnn's (un)sharding copy (no CB of its own); the
// tiled program reads and writes shards as it is (TensorAccessor), its
// output in the requested shards. Sharded row-major and bfp8_b reshapes are
// not modelled.

namespace {
enum class ReshapeProgram { View, Copy, Tiled, RowMajor };

struct ReshapePlan {
  std::vector<int64_t> outShape;
  ReshapeProgram program;
};

/// The tiled program's 3-D view of a shape.
std::array<int64_t, 3> reshape3d(llvm::ArrayRef<int64_t> shape) {
  std::array<int64_t, 3> dims{1, 1, 1};
  int64_t rank = shape.size();
  for (int64_t d = 0; d < std::min<int64_t>(rank, 2); ++d)
    dims[2 - d] = shape[rank - 1 - d];
  for (int64_t d = 0; d + 2 < rank; ++d)
    dims[0] *= shape[d];
  return dims;
}

/// Offset of element (h, w) in its tile, face by face (16x16 faces, row-major
/// in the tile and inside each face).
int64_t facedOffset(int64_t h, int64_t w) {
  int64_t ih = h % kTileDim, iw = w % kTileDim;
  int64_t face = (ih / kFaceSide) * (kTileDim / kFaceSide) + iw / kFaceSide;
  return face * kFaceSide * kFaceSide + (ih % kFaceSide) * kFaceSide +
         iw % kFaceSide;
}

/// Bytes of a page of the tiled program's mapping tensor, as ttnn 0.81.1's
/// compute_reshape_mapping_host_tensor sizes it. Walking an output tile row
/// by row, consecutive elements form a segment while they come from the same
/// input tile and both offsets grow by one; an output tile's entry is its
/// largest per-input-tile segment count times the input tiles it reads; the
/// page holds the largest entry, plus that count modulo the L1 alignment
/// (ttnn's rounding, kept as it is), of 4 u32 each. Elements are walked in
/// runs that stay inside one face row on both sides.
uint64_t mappingPageBytes(std::array<int64_t, 3> in, std::array<int64_t, 3> out,
                          uint64_t l1Alignment) {
  constexpr uint64_t kSegmentBytes = 4 * sizeof(uint32_t);
  int64_t inW = ceilDiv(in[2], kTileDim), inH = ceilDiv(in[1], kTileDim);
  int64_t outW = ceilDiv(out[2], kTileDim), outH = ceilDiv(out[1], kTileDim);
  int64_t pages = out[0] * outH * outW;
  uint64_t largest = 0;
  llvm::SmallDenseMap<int64_t, uint64_t, 8> segments;
  for (int64_t page = 0; page < pages; ++page) {
    int64_t c = page / (outH * outW), inPlane = page % (outH * outW);
    int64_t h0 = inPlane / outW * kTileDim, w0 = inPlane % outW * kTileDim;
    int64_t rows = std::min(out[1] - h0, kTileDim);
    int64_t cols = std::min(out[2] - w0, kTileDim);
    segments.clear();
    int64_t lastTile = -1, lastIn = -2, lastOut = -2;
    for (int64_t ho = h0; ho < h0 + rows; ++ho) {
      for (int64_t wo = w0; wo < w0 + cols;) {
        int64_t flat = (c * out[1] + ho) * out[2] + wo;
        int64_t ci = flat / (in[1] * in[2]), hw = flat % (in[1] * in[2]);
        int64_t hi = hw / in[2], wi = hw % in[2];
        int64_t run = std::min({w0 + cols - wo, kFaceSide - wo % kFaceSide,
                                kFaceSide - wi % kFaceSide, in[2] - wi});
        int64_t tile = (ci * inH + hi / kTileDim) * inW + wi / kTileDim;
        int64_t offIn = facedOffset(hi, wi), offOut = facedOffset(ho, wo);
        bool joins = tile == lastTile && offIn == lastIn + 1 &&
                     offOut == lastOut + 1;
        if (!joins)
          ++segments[tile];
        lastTile = tile;
        lastIn = offIn + run - 1;
        lastOut = offOut + run - 1;
        wo += run;
      }
    }
    uint64_t most = 0;
    for (auto &entry : segments)
      most = std::max(most, entry.second);
    largest = std::max(largest, most * segments.size());
  }
  largest += largest % l1Alignment;
  return largest * kSegmentBytes;
}

/// The tiled program on tensors in `layout` (bf16 for a bfp8_b chain).
Step tiledReshapeStep(llvm::ArrayRef<int64_t> inShape,
                      llvm::ArrayRef<int64_t> outShape, LayoutAttr layout) {
  uint64_t tile = tileBytes(layout);
  uint64_t mapping = mappingPageBytes(reshape3d(inShape), reshape3d(outShape),
                                      currentDevice().l1Alignment);
  return {mapping + tile, tile, 0};
}

/// ttnn 0.81.1's row-major program (reshape_rm_program_factory.cpp) on the
/// 2-D views, pages of one row (the last dimension): a kernel holds two
/// source reads (the page rounded down to 64 B, plus 128) and destination
/// slots (the page rounded down to 64 B, plus 80): one slot when both pages
/// are multiples of 16 B, else 8 (fewer only when 8 do not fit in L1). A
/// second kernel with its own scratchpads runs when one page size divides
/// the other and the destination page is a multiple of 16 B or in L1.
Step rowMajorReshapeStep(llvm::ArrayRef<int64_t> inShape,
                         llvm::ArrayRef<int64_t> outShape, LayoutAttr inLayout,
                         LayoutAttr outLayout) {
  constexpr uint64_t kNocAlignment = 16, kMaxSlots = 8;
  uint64_t element = elementBytes(inLayout);
  uint64_t source = inShape.back() * element, dest = outShape.back() * element;
  uint64_t read = (source - 1) / 64 * 64 + 128;
  uint64_t slot = (dest - 1) / 64 * 64 + 80;
  bool aligned = source % kNocAlignment == 0 && dest % kNocAlignment == 0;
  bool divides = source % dest == 0 || dest % source == 0;
  uint64_t kernels =
      divides && (dest % kNocAlignment == 0 || outLayout.isL1()) ? 2 : 1;
  uint64_t slots = 1;
  if (!aligned) {
    uint64_t room = currentDevice().usableL1() - read * 2 * kernels;
    slots = std::clamp<uint64_t>(room / (slot * kernels), 1, kMaxSlots);
  }
  return {0, kernels * (2 * read + slots * slot), 0};
}

llvm::Expected<ReshapePlan> planReshape(llvm::ArrayRef<int64_t> inShape,
                                        LayoutAttr inLayout,
                                        llvm::ArrayRef<int64_t> shape,
                                        LayoutAttr outLayout) {
  llvm::StringRef name = ReshapeOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  auto out = ReshapeOp::inferResultShape(inShape, shape);
  if (!out)
    return backendError(name + ": " + llvm::toString(out.takeError()));
  ReshapePlan plan{std::vector<int64_t>(out->begin(), out->end()),
                   ReshapeProgram::View};
  if (llvm::Error err = checkLayout(name, "output", plan.outShape, outLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  if (inLayout.isRowMajor() != outLayout.isRowMajor())
    return backendError(name + ": the input is " + describe(inLayout) +
                        " but the output is " + describe(outLayout) +
                        " (reshape keeps the layout: convert with "
                        "ttnn.to_layout)");
  if (llvm::Error err = checkSameDataType(name, inLayout, outLayout))
    return err;
  bool sharded = inLayout.isSharded() || outLayout.isSharded();
  if (sharded && (inLayout.isRowMajor() ||
                  inLayout.getDataType() == DataType::BFloat8B))
    return notSupportedError(name + ": a sharded " + describe(inLayout) +
                             " reshape (a row-major program, or bfp8_b "
                             "through bf16) is not modelled");
  if (inShape.empty() || plan.outShape.empty())
    return notSupportedError(name + ": a scalar is not modelled");
  auto secondLast = [](llvm::ArrayRef<int64_t> s) {
    return s.size() >= 2 ? s[s.size() - 2] : 1;
  };
  int64_t rowsIn = secondLast(inShape), rowsOut = secondLast(plan.outShape);
  // A sharded tensor stays a view only in its own shards (the 2-D view the
  // shards cut is the same when the last dimension is).
  bool view = inShape.back() == plan.outShape.back() &&
              inLayout.isL1() == outLayout.isL1() &&
              shardedAlike(inLayout, outLayout) &&
              (inLayout.isRowMajor() || rowsIn == rowsOut ||
               (rowsIn % kTileDim == 0 && rowsOut % kTileDim == 0));
  if (view)
    return plan;
  if (llvm::ArrayRef<int64_t>(plan.outShape) == inShape) {
    if (inLayout.isRowMajor())
      return notSupportedError(name + ": the same shape into another "
                                      "placement is ttnn's copy of a "
                                      "row-major tensor, not modelled");
    plan.program = ReshapeProgram::Copy;
    return plan;
  }
  plan.program =
      inLayout.isRowMajor() ? ReshapeProgram::RowMajor : ReshapeProgram::Tiled;
  return plan;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ReshapeOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = ReshapeOp::getOperationName();
  auto plan = planReshape(inputShape, inputLayout, shape, outputLayout);
  if (!plan)
    return plan.takeError();
  llvm::ArrayRef<int64_t> out = plan->outShape;
  uint64_t output = l1BytesPerBank(out, outputLayout);
  switch (plan->program) {
  case ReshapeProgram::View:
    return theInputItself(outputLayout);
  case ReshapeProgram::Copy: {
    // To or from shards the copy is ttnn's (un)sharding program, whose CBs
    // are the shards themselves (to_memory_config's rule).
    bool sharded = inputLayout.isSharded() || outputLayout.isSharded();
    uint64_t cb = sharded ? 0 : kDoubleBuffer * tileBytes(inputLayout);
    return finishChain(name, {{cb, 0, output}}, out, outputLayout,
                       initialState);
  }
  case ReshapeProgram::RowMajor: {
    Step step = rowMajorReshapeStep(inputShape, out, inputLayout, outputLayout);
    step.writesL1 = output;
    return finishChain(name, {step}, out, outputLayout, initialState);
  }
  case ReshapeProgram::Tiled:
    break;
  }
  if (inputLayout.getDataType() != DataType::BFloat8B) {
    Step step = tiledReshapeStep(inputShape, out, inputLayout);
    step.writesL1 = output;
    return finishChain(name, {step}, out, outputLayout, initialState);
  }
  LayoutAttr bf16Out = outputLayout.withDataType(DataType::BFloat16);
  auto steps = throughBf16(inputShape, out, inputLayout,
                           tiledReshapeStep(inputShape, out, bf16Out),
                           outputLayout);
  std::array<int64_t, 3> out3d = reshape3d(out);
  if (!tileAligned(out3d))
    steps.insert(steps.begin() + 2, fillPadStep(out3d, bf16Out));
  // The input's bf16 copy is freed only when reshape returns (measured: an
  // L1 input's copy is live beside both results).
  for (Step &step : llvm::drop_begin(steps, 2))
    step.heldL1 = steps.front().writesL1;
  return finishChain(name, steps, out, outputLayout, initialState);
}

llvm::Expected<size_t> OpModel<ReshapeOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout) {
  auto plan = planReshape(inputShape, inputLayout, shape, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->program == ReshapeProgram::View)
    return 0;
  // Each program reads and writes the tensor once (bfp8_b: the typecasts,
  // the reshape and a fill-pad pass where there is tile padding).
  int64_t programs = 1;
  if (plan->program == ReshapeProgram::Tiled &&
      inputLayout.getDataType() == DataType::BFloat8B)
    programs = tileAligned(reshape3d(plan->outShape)) ? 3 : 4;
  return moveRuntime(inputShape, inputLayout, plan->outShape, outputLayout, 0,
                     programs);
}

//===----------------------------------------------------------------------===//
// permute
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1 sees a tensor of rank <= 4 as 4-D and sends three swaps to its
// transpose programs: of the last two dimensions (WH: an input and an output
// CB of 2 tiles), of dimensions 1 and 2 (HC: 2 tiles, and a face of padding
// when the output's second-to-last dimension is not a tile multiple), of 0
// and 1 (CN: one CB of 2 tiles). Every other permutation runs a permute program,
// chosen by where the last two dimensions go:
//   - both stay, or swap (tile-invariant): 2 tiles, and 2 more for a swap;
//   - the last stays or becomes the second-to-last (row-invariant): 2 tiles,
//     2 more for the swap, and one face row of padding when the output's
//     second-to-last dimension is not a tile multiple;
//   - otherwise (generic): three CBs of 2 pages of a tile plus the input
//     buffer's alignment beyond a face row, and the padding face row as
//     above.
// bfp8_b: the WH and CN transposes take it; the others run in bf16 between
// typecasts. The identity returns the input, or copies it (one 2-page CB)
// into another placement.

namespace {
enum class PermuteProgram {
  Identity,
  TransposeWH,
  TransposeHC,
  TransposeCN,
  TileInvariant,
  RowInvariant,
  Generic
};

PermuteProgram permuteProgram(llvm::ArrayRef<int64_t> perm) {
  int64_t rank = perm.size();
  bool identity = true;
  for (int64_t d = 0; d < rank; ++d)
    identity &= perm[d] == d;
  if (identity)
    return PermuteProgram::Identity;
  if (rank <= 4) {
    llvm::SmallVector<int64_t, 4> as4d;
    for (int64_t d = 0; d < 4 - rank; ++d)
      as4d.push_back(d);
    for (int64_t d : perm)
      as4d.push_back(d + 4 - rank);
    if (as4d == llvm::ArrayRef<int64_t>{0, 1, 3, 2})
      return PermuteProgram::TransposeWH;
    if (as4d == llvm::ArrayRef<int64_t>{0, 2, 1, 3})
      return PermuteProgram::TransposeHC;
    if (as4d == llvm::ArrayRef<int64_t>{1, 0, 2, 3})
      return PermuteProgram::TransposeCN;
  }
  int64_t h = rank - 2, w = rank - 1;
  if ((perm[h] == h && perm[w] == w) || (perm[h] == w && perm[w] == h))
    return PermuteProgram::TileInvariant;
  if (perm[w] == w || perm[w] == h)
    return PermuteProgram::RowInvariant;
  return PermuteProgram::Generic;
}

/// The program's CBs on a tensor in `layout` (bf16 for a bfp8_b chain).
uint64_t permuteCB(PermuteProgram program, llvm::ArrayRef<int64_t> perm,
                   llvm::ArrayRef<int64_t> outShape, LayoutAttr layout) {
  int64_t rank = perm.size();
  uint64_t tile = tileBytes(layout);
  uint64_t faceRow = kFaceSide * elementBytes(layout);
  bool swapsLastTwo = perm[rank - 1] == rank - 2;
  // A rank-1 tensor is one row: its height is one tile row's padding.
  int64_t height = rank >= 2 ? outShape[rank - 2] : 1;
  uint64_t padding = height % kTileDim ? faceRow : 0;
  switch (program) {
  case PermuteProgram::Identity: // into another placement: ttnn's copy
    return kDoubleBuffer * tile;
  case PermuteProgram::TransposeWH:
    return 2 * kDoubleBuffer * tile;
  case PermuteProgram::TransposeHC:
    return kDoubleBuffer * tile + (padding ? kFaceSide * faceRow : 0);
  case PermuteProgram::TransposeCN:
    return kDoubleBuffer * tile;
  case PermuteProgram::TileInvariant:
    return (swapsLastTwo ? 2 : 1) * kDoubleBuffer * tile;
  case PermuteProgram::RowInvariant:
    return (swapsLastTwo ? 2 : 1) * kDoubleBuffer * tile + padding;
  case PermuteProgram::Generic: {
    const DeviceModel &device = currentDevice();
    uint64_t alignment =
        layout.isL1() ? device.l1Alignment : device.dramAlignment;
    uint64_t misalignment = alignment > faceRow ? alignment - faceRow : 0;
    return 3 * kDoubleBuffer * (tile + misalignment) + padding;
  }
  }
  llvm_unreachable("unknown permute program");
}

/// The programs that take bfp8_b tiles as they are.
bool takesBlockFloat(PermuteProgram program) {
  return program == PermuteProgram::Identity ||
         program == PermuteProgram::TransposeWH ||
         program == PermuteProgram::TransposeCN;
}

/// The transposes read a sharded input where it is; the permute programs
/// read an interleaved L1 copy of it (a sharded-to-interleaved copy, whose
/// CB is the shard itself), live until the permute returns.
bool readsShardInPlace(PermuteProgram program) {
  return program == PermuteProgram::TransposeWH ||
         program == PermuteProgram::TransposeHC ||
         program == PermuteProgram::TransposeCN;
}

/// ttnn's program and the passes it runs around it.
struct PermutePlan {
  std::vector<int64_t> outShape;
  PermuteProgram program;
  /// A bfp8_b input the program cannot take: typecast to bf16 and back.
  bool throughBf16 = false;
  /// A sharded input the program cannot read in place: an interleaved L1
  /// copy first.
  bool readsCopy = false;
  /// ttnn's sharded WH program: each core transposes its own shard (no CB).
  bool shardLocal = false;
};

/// A height-sharded input's WH transpose into width shards of the
/// transposed shard on the same grid: ttnn 0.81.1's TransposeWHSharded
/// (measured on both mock devices; any other sharded output runs the
/// interleaved WH program).
bool transposesShardLocally(PermuteProgram program, LayoutAttr in,
                            LayoutAttr out) {
  if (program != PermuteProgram::TransposeWH ||
      in.getMemoryLayout() != TensorMemoryLayout::HeightSharded ||
      out.getMemoryLayout() != TensorMemoryLayout::WidthSharded ||
      !out.isL1() || out.getGrid() != in.getGrid())
    return false;
  llvm::ArrayRef<int64_t> shard = in.getShard();
  return out.getShard() == llvm::ArrayRef<int64_t>{shard[1], shard[0]};
}

llvm::Expected<PermutePlan> planPermute(llvm::StringRef name,
                                        llvm::ArrayRef<int64_t> inShape,
                                        LayoutAttr inLayout,
                                        llvm::ArrayRef<int64_t> perm,
                                        LayoutAttr outLayout) {
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout))
    return err;
  auto shape = PermuteOp::inferResultShape(inShape, perm);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  PermutePlan plan{std::vector<int64_t>(shape->begin(), shape->end()),
                   permuteProgram(perm)};
  if (llvm::Error err = checkLayout(name, "output", plan.outShape, outLayout))
    return err;
  plan.throughBf16 = inLayout.getDataType() == DataType::BFloat8B &&
                     !takesBlockFloat(plan.program);
  if (llvm::Error err = checkSameDataType(name, inLayout, outLayout))
    return err;
  if (outLayout.isSharded()) {
    // Measured on both mock devices: the transposes write a sharded output
    // with their interleaved CBs, from an interleaved or a sharded input, but
    // for ttnn's sharded WH program.
    plan.shardLocal =
        transposesShardLocally(plan.program, inLayout, outLayout);
    if (!readsShardInPlace(plan.program) || plan.throughBf16)
      return notSupportedError(
          name + ": a sharded output of this program is not modelled (" +
          describe(inLayout) + " -> " + describe(outLayout) + ")");
    return plan;
  }
  if (!inLayout.isSharded())
    return plan;
  // A sharded input into an interleaved output (measured on both mock
  // devices): ttnn runs its interleaved programs.
  if (plan.program == PermuteProgram::Identity || plan.throughBf16)
    return notSupportedError(
        name + ": a sharded input copied or permuted through bf16 is not "
               "modelled (" +
        describe(inLayout) + " -> " + describe(outLayout) + ")");
  plan.readsCopy = !readsShardInPlace(plan.program);
  return plan;
}
} // namespace

llvm::Expected<OpConstraints> backend::permuteConstraints(
    llvm::StringRef name, llvm::ArrayRef<int64_t> inputShape,
    LayoutAttr inputLayout, llvm::ArrayRef<int64_t> permutation,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  auto plan =
      planPermute(name, inputShape, inputLayout, permutation, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->program == PermuteProgram::Identity && inputLayout == outputLayout)
    return theInputItself(outputLayout);
  if (plan->throughBf16) {
    // The program reads the input's bf16 copy (its alignment matters).
    LayoutAttr bf16 = inputLayout.withDataType(DataType::BFloat16);
    Step inner{permuteCB(plan->program, permutation, plan->outShape, bf16)};
    return finishChain(name,
                       throughBf16(inputShape, plan->outShape, inputLayout,
                                   inner, outputLayout),
                       plan->outShape, outputLayout, initialState);
  }
  if (plan->readsCopy) {
    LayoutAttr copy = inputLayout.interleavedIn(inputLayout.getPageLayout(),
                                                BufferType::L1);
    Step toInterleaved{0, 0, l1BytesPerBank(inputShape, copy)};
    Step step{permuteCB(plan->program, permutation, plan->outShape, copy), 0,
              l1BytesPerBank(plan->outShape, outputLayout)};
    return finishChain(name, {toInterleaved, step}, plan->outShape,
                       outputLayout, initialState);
  }
  uint64_t cbBytes =
      plan->shardLocal
          ? 0
          : permuteCB(plan->program, permutation, plan->outShape, inputLayout);
  Step step{cbBytes, 0, l1BytesPerBank(plan->outShape, outputLayout)};
  return finishChain(name, {step}, plan->outShape, outputLayout, initialState);
}

llvm::Expected<size_t>
backend::permuteRuntime(llvm::StringRef name,
                        llvm::ArrayRef<int64_t> inputShape,
                        LayoutAttr inputLayout,
                        llvm::ArrayRef<int64_t> permutation,
                        LayoutAttr outputLayout) {
  auto plan =
      planPermute(name, inputShape, inputLayout, permutation, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->program == PermuteProgram::Identity && inputLayout == outputLayout)
    return 0;
  // Tiles are transposed on the unpacker (64 cycles, as ttnn.transpose) when
  // the last two dimensions move; the typecasts of a bfp8_b chain are two
  // more passes over the tensor, a sharded input's interleaved copy one.
  double cycles = plan->program == PermuteProgram::TransposeWH ||
                          plan->program == PermuteProgram::Generic
                      ? 64
                      : 0;
  return moveRuntime(inputShape, inputLayout, plan->outShape, outputLayout,
                     cycles, plan->throughBf16 ? 3 : plan->readsCopy ? 2 : 1);
}

llvm::Expected<OpConstraints> OpModel<PermuteOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> permutation, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  return permuteConstraints(PermuteOp::getOperationName(), inputShape,
                            inputLayout, permutation, outputLayout,
                            initialState);
}

llvm::Expected<size_t> OpModel<PermuteOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> permutation, LayoutAttr outputLayout) {
  return permuteRuntime(PermuteOp::getOperationName(), inputShape, inputLayout,
                        permutation, outputLayout);
}

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1 pads a tiled tensor at the back: its pad program streams tiles
// through one 2-page CB and keeps the pad value's tile in a scratchpad. An
// input whose last two dimensions are not tile multiples first runs the
// fill-pad program in place (fillPadStep), which writes the
// pad value into the tiles' padding; when the padded tiles already hold the
// result, that is all (the result is the input). bfp8_b runs in bf16 between
// typecasts. Sharded tile-aligned bf16 / f32 tensors (height, width, block,
// either side, both devices) run the same pad program with the same CB and
// scratchpad; the result is placed as asked.

namespace {
struct PadPlan {
  std::vector<int64_t> outShape;
  bool identity = false;
  bool fillPad = false;
  /// The fill-pad program alone: the result is the input, refilled.
  bool inPlace = false;
};

llvm::Expected<PadPlan> planPad(llvm::ArrayRef<int64_t> inShape,
                                LayoutAttr inLayout,
                                llvm::ArrayRef<int64_t> padding,
                                LayoutAttr outLayout) {
  llvm::StringRef name = PadOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout))
    return err;
  auto shape = PadOp::inferResultShape(inShape, padding);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  PadPlan plan;
  plan.outShape.assign(shape->begin(), shape->end());
  if (llvm::Error err = checkLayout(name, "output", plan.outShape, outLayout))
    return err;
  if (llvm::Error err = checkSameDataType(name, inLayout, outLayout))
    return err;
  for (size_t d = 0; d < inShape.size(); ++d)
    if (padding[2 * d] != 0)
      return backendError(name + ": dimension " + llvm::Twine(d) +
                          " is padded at the front (" +
                          llvm::Twine(padding[2 * d]) +
                          "); ttnn 0.81.1 pads tiled tensors at the back only");
  plan.identity = llvm::all_of(padding, [](int64_t p) { return p == 0; });
  plan.fillPad = !plan.identity && !tileAligned(inShape);
  Geometry in = geometry(inShape), out = geometry(plan.outShape);
  bool sameTiles = in.heightTiles == out.heightTiles &&
                   in.widthTiles == out.widthTiles;
  plan.inPlace = plan.fillPad && sameTiles;
  if (plan.identity || plan.inPlace)
    if (llvm::Error err = checkIdentity(name, inLayout, outLayout))
      return err;
  if (plan.fillPad && inLayout.getDataType() == DataType::BFloat8B)
    return notSupportedError(name + ": a bfp8_b tensor whose last two "
                                    "dimensions are not tile multiples is "
                                    "not modelled");
  bool sharded = inLayout.isSharded() || outLayout.isSharded();
  if (sharded && !plan.identity &&
      (plan.fillPad || inLayout.getDataType() == DataType::BFloat8B))
    return notSupportedError(
        name + ": a sharded pad through the fill-pad program or bf16 "
               "typecasts is not modelled (" + describe(inLayout) + " -> " +
               describe(outLayout) + ")");
  return plan;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<PadOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> padding, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = PadOp::getOperationName();
  auto plan = planPad(inputShape, inputLayout, padding, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->identity)
    return theInputItself(outputLayout);
  uint64_t tile = tileBytes(inputLayout);
  Step fill = fillPadStep(inputShape, inputLayout);
  if (plan->inPlace)
    return finishChain(name, {fill}, plan->outShape, outputLayout, initialState,
                       /*hasOutput=*/false);
  if (inputLayout.getDataType() == DataType::BFloat8B) {
    uint64_t bf16Tile = kBf16TileBytes;
    Step inner{kDoubleBuffer * bf16Tile, bf16Tile};
    return finishChain(name,
                       throughBf16(inputShape, plan->outShape, inputLayout,
                                   inner, outputLayout),
                       plan->outShape, outputLayout, initialState);
  }
  Step pad{kDoubleBuffer * tile, tile, l1BytesPerBank(plan->outShape, outputLayout)};
  llvm::SmallVector<Step, 2> steps;
  if (plan->fillPad)
    steps.push_back(fill);
  steps.push_back(pad);
  return finishChain(name, steps, plan->outShape, outputLayout, initialState);
}

llvm::Expected<size_t> OpModel<PadOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> padding, LayoutAttr outputLayout) {
  auto plan = planPad(inputShape, inputLayout, padding, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->identity)
    return 0;
  size_t fill = plan->fillPad ? moveRuntime(inputShape, inputLayout, inputShape,
                                            inputLayout)
                              : 0;
  if (plan->inPlace)
    return fill;
  int64_t programs =
      inputLayout.getDataType() == DataType::BFloat8B ? 3 : 1;
  return fill + moveRuntime(inputShape, inputLayout, plan->outShape,
                            outputLayout, 0, programs);
}

//===----------------------------------------------------------------------===//
// embedding
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's embedding of row-major u32 indices [batch, seq] into a
// row-major bf16 weight table [rows, hidden]:
//   - the row-major program gives each core ceil(rows / cores) output rows
//     and one CB of a weight row (aligned to the indices buffer's
//     alignment), two when a core has more than one row; its index block
//     (alignment / 4 indices of 32 B) is a scratchpad;
//   - a tiled result of whole tiles (seq and hidden multiples of 32) runs the
//     fused tilizing program: a weight CB and an output CB of Wt tiles each,
//     double-buffered up to 64 tiles, and a 32-index scratchpad;
//   - any other tiled result is the row-major program into a row-major
//     temporary placed like the output, then ttnn's tilize (to_layout's
//     rule).
// A sharded result (measured on both mock devices): its CB is the shard, so
// the fused program keeps only its weight CB, of the shard's width in tiles
// (double-buffered up to 64), and the row-major program none; the shard
// height must divide the index count, a row-major result must be height
// sharded with rows a multiple of the DRAM alignment, and the weight must be
// interleaved. Sharded indices abort ttnn 0.81.1 under graph capture: not
// modelled.

namespace {
constexpr uint64_t kIndexBytes = 4;
/// The row-major program's index block: alignment / 4 indices, 32 B each.
constexpr uint64_t kIndexPageBytes = 32;
/// Above this many tiles per row the fused program single-buffers.
constexpr int64_t kFusedDoubleBufferTiles = 64;

enum class EmbeddingProgram { RowMajor, Fused, RowMajorThenTilize };

struct EmbeddingPlan {
  std::vector<int64_t> outShape;
  EmbeddingProgram program;
};

/// ttnn 0.81.1's checks of a sharded embedding result.
llvm::Error checkShardedEmbedding(llvm::ArrayRef<int64_t> indicesShape,
                                  llvm::ArrayRef<int64_t> weightShape,
                                  LayoutAttr weightLayout,
                                  LayoutAttr outputLayout) {
  llvm::StringRef name = EmbeddingOp::getOperationName();
  int64_t indices = indicesShape[0] * indicesShape[1];
  int64_t shardRows = outputLayout.getShard()[0];
  if (indices % shardRows != 0)
    return backendError(name + ": " + llvm::Twine(indices) +
                        " indices do not fill whole shards of " +
                        llvm::Twine(shardRows) + " rows");
  if (!outputLayout.isRowMajor())
    return llvm::Error::success();
  if (outputLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded)
    return backendError(name + ": a row-major sharded result must be "
                               "height sharded, got " +
                        describe(outputLayout));
  uint64_t alignment = currentDevice().dramAlignment;
  uint64_t row = weightShape[1] * elementBytes(weightLayout);
  if (row % alignment == 0)
    return llvm::Error::success();
  if (weightLayout.isL1())
    return notSupportedError(name + ": a row-major sharded result of " +
                             llvm::Twine(row) + " B rows from an L1 weight "
                             "is not modelled");
  return backendError(name + ": a row-major sharded result needs rows of a "
                             "multiple of " +
                      llvm::Twine(alignment) + " B, got " + llvm::Twine(row));
}

llvm::Expected<EmbeddingPlan>
planEmbedding(llvm::ArrayRef<int64_t> indicesShape, LayoutAttr indicesLayout,
              llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
              LayoutAttr outputLayout) {
  llvm::StringRef name = EmbeddingOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "indices", indicesShape,
                                    indicesLayout, /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/true))
    return err;
  if (llvm::Error err = checkLayout(name, "weight", weightShape, weightLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  auto shape = EmbeddingOp::inferResultShape(indicesShape, weightShape);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  EmbeddingPlan plan{std::vector<int64_t>(shape->begin(), shape->end()),
                     EmbeddingProgram::RowMajor};
  if (llvm::Error err = checkLayout(name, "output", plan.outShape,
                                    outputLayout, /*rowMajorAllowed=*/true))
    return err;
  if (indicesLayout.getDataType() != DataType::UInt32 ||
      !indicesLayout.isRowMajor())
    return notSupportedError(name + ": indices " + describe(indicesLayout) +
                             ": only row_major u32 indices are modelled");
  if (weightLayout.getDataType() != DataType::BFloat16)
    return backendError(name + ": the weight is " +
                        stringifyDataType(weightLayout.getDataType()) +
                        "; ttnn 0.81.1's embedding takes bf16 weights");
  if (!weightLayout.isRowMajor())
    return notSupportedError(name + ": a tiled weight (ttnn untilizes it "
                                    "first) is not modelled");
  if (outputLayout.getDataType() != DataType::BFloat16)
    return backendError(name + ": the output is " +
                        stringifyDataType(outputLayout.getDataType()) +
                        "; it has the weight's data type, bf16");
  if (indicesLayout.isSharded())
    return notSupportedError(name + ": sharded indices are not modelled "
                                    "(ttnn 0.81.1 aborts on them)");
  if (weightLayout.isSharded())
    return backendError(name + ": the weight is " + describe(weightLayout) +
                        "; ttnn's embedding takes an interleaved weight");
  if (outputLayout.isSharded())
    if (llvm::Error err = checkShardedEmbedding(indicesShape, weightShape,
                                                weightLayout, outputLayout))
      return err;
  if (outputLayout.isRowMajor())
    return plan;
  bool wholeTiles = indicesShape[1] % kTileDim == 0 &&
                    weightShape[1] % kTileDim == 0;
  if (!wholeTiles && outputLayout.isSharded())
    return notSupportedError(name + ": a sharded tiled result of partial "
                                    "tiles (the row-major program into "
                                    "shards, then a sharded tilize) is not "
                                    "modelled");
  plan.program = wholeTiles ? EmbeddingProgram::Fused
                            : EmbeddingProgram::RowMajorThenTilize;
  if (!wholeTiles && !conversionPages(plan.outShape, rowMajorIn(outputLayout)))
    return notSupportedError(name + ": tilizing the " +
                             describeShape(plan.outShape) +
                             " result runs one of ttnn's block tilize "
                             "programs, which are not modelled");
  return plan;
}

Step rowMajorStep(llvm::ArrayRef<int64_t> indicesShape,
                  LayoutAttr indicesLayout, int64_t hidden,
                  LayoutAttr weightLayout, LayoutAttr outLayout) {
  const DeviceModel &device = currentDevice();
  uint64_t alignment =
      indicesLayout.isL1() ? device.l1Alignment : device.dramAlignment;
  int64_t rows = indicesShape[0] * indicesShape[1];
  uint64_t indexBlock = alignment / kIndexBytes * kIndexPageBytes;
  // A sharded result is written in place: no weight-row CB.
  if (outLayout.isSharded())
    return {0, indexBlock, 0};
  int64_t buffering = ceilDiv(rows, device.numCores()) > 1 ? kDoubleBuffer : 1;
  uint64_t row = hidden * elementBytes(weightLayout);
  uint64_t alignedRow = ceilDiv(row, alignment) * alignment;
  return {buffering * alignedRow, indexBlock, 0};
}

Step fusedStep(int64_t hidden, LayoutAttr weightLayout, LayoutAttr outLayout) {
  // A sharded result: the output CB is the shard, the weight CB its width.
  int64_t width = outLayout.isSharded() ? outLayout.getShard()[1] : hidden;
  int64_t widthTiles = ceilDiv(width, kTileDim);
  int64_t buffering =
      widthTiles > kFusedDoubleBufferTiles ? 1 : kDoubleBuffer;
  uint64_t outTile = outLayout.isSharded() ? 0 : tileBytes(outLayout);
  return {buffering * widthTiles * (tileBytes(weightLayout) + outTile),
          kTileDim * kIndexBytes, 0};
}
} // namespace

llvm::Expected<OpConstraints> OpModel<EmbeddingOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> indicesShape, LayoutAttr indicesLayout,
    llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = EmbeddingOp::getOperationName();
  auto plan = planEmbedding(indicesShape, indicesLayout, weightShape,
                            weightLayout, outputLayout);
  if (!plan)
    return plan.takeError();
  uint64_t output = l1BytesPerBank(plan->outShape, outputLayout);
  switch (plan->program) {
  case EmbeddingProgram::RowMajor: {
    Step step = rowMajorStep(indicesShape, indicesLayout, weightShape[1],
                             weightLayout, outputLayout);
    step.writesL1 = output;
    return finishChain(name, {step}, plan->outShape, outputLayout,
                       initialState);
  }
  case EmbeddingProgram::Fused: {
    Step step = fusedStep(weightShape[1], weightLayout, outputLayout);
    step.writesL1 = output;
    return finishChain(name, {step}, plan->outShape, outputLayout,
                       initialState);
  }
  case EmbeddingProgram::RowMajorThenTilize: {
    LayoutAttr temporary = rowMajorIn(outputLayout);
    Step gather = rowMajorStep(indicesShape, indicesLayout, weightShape[1],
                               weightLayout, temporary);
    gather.writesL1 = l1BytesPerBank(plan->outShape, temporary);
    Step tilize{*conversionCBBytes(plan->outShape, temporary, outputLayout), 0,
                output};
    return finishChain(name, {gather, tilize}, plan->outShape, outputLayout,
                       initialState);
  }
  }
  llvm_unreachable("unknown embedding program");
}

llvm::Expected<size_t> OpModel<EmbeddingOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> indicesShape, LayoutAttr indicesLayout,
    llvm::ArrayRef<int64_t> weightShape, LayoutAttr weightLayout,
    LayoutAttr outputLayout) {
  auto plan = planEmbedding(indicesShape, indicesLayout, weightShape,
                            weightLayout, outputLayout);
  if (!plan)
    return plan.takeError();
  // One weight row read per index, the result written once; a tilize after
  // the row-major program is one more pass.
  Work work;
  double gathered = double(indicesShape[0]) * indicesShape[1] *
                    weightShape[1] * elementBytes(weightLayout);
  (weightLayout.isL1() ? work.nocBytes : work.dramBytes) += gathered;
  addTensorTraffic(work, plan->outShape, outputLayout);
  work.cores = indicesShape[0] * indicesShape[1];
  size_t runtime = roofline(work);
  if (plan->program == EmbeddingProgram::RowMajorThenTilize)
    runtime += moveRuntime(plan->outShape, rowMajorIn(outputLayout),
                           plan->outShape, outputLayout);
  return runtime;
}

//===----------------------------------------------------------------------===//
// argmax
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's argmax of a tiled bf16 / f32 input along one dimension is a
// single-core program: one CB of an input tile and the output row (its last
// dimension of u32 indices) in a scratchpad; the result is a row-major u32
// tensor. Row-major inputs run multi-core programs that split the rows or
// the reduced width over a shape-dependent set of cores: not modelled.

namespace {
llvm::Expected<std::vector<int64_t>>
planArgMax(llvm::ArrayRef<int64_t> inShape, LayoutAttr inLayout,
           llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outLayout) {
  llvm::StringRef name = ArgMaxOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout))
    return err;
  std::optional<int64_t> dim;
  if (!dims.empty())
    dim = dims.front();
  auto shape = ArgMaxOp::inferResultShape(inShape, dim, keepDim);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  std::vector<int64_t> out(shape->begin(), shape->end());
  if (llvm::Error err = checkLayout(name, "output", out, outLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/true))
    return err;
  if (dims.size() > 1)
    return backendError(name + ": reduces one dimension or all of them, got " +
                        llvm::Twine(dims.size()));
  if (!dim)
    return backendError(name + ": ttnn 0.81.1 reduces a tiled input along "
                               "one dimension only (all dimensions need a "
                               "row_major input)");
  DataType type = inLayout.getDataType();
  if (type != DataType::BFloat16 && type != DataType::Float32)
    return backendError(name + ": the input is " + stringifyDataType(type) +
                        "; ttnn 0.81.1's argmax takes bf16 or f32");
  if (!outLayout.isRowMajor() || outLayout.getDataType() != DataType::UInt32)
    return backendError(name + ": the output is " + describe(outLayout) +
                        "; ttnn 0.81.1 returns row_major u32 indices");
  if (inLayout.isSharded())
    return backendError(name + ": the input is " + describe(inLayout) +
                        "; ttnn 0.81.1's argmax takes an interleaved input "
                        "only (TT_FATAL)");
  if (outLayout.isSharded())
    return notSupportedError(name + ": a sharded result is not modelled");
  if (out.empty())
    return notSupportedError(name + ": a scalar result is not modelled");
  return out;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ArgMaxOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto out = planArgMax(inputShape, inputLayout, dims, keepDim, outputLayout);
  if (!out)
    return out.takeError();
  Step step{tileBytes(inputLayout), uint64_t(out->back()) * kIndexBytes,
            l1BytesPerBank(*out, outputLayout)};
  return finishChain(ArgMaxOp::getOperationName(), {step}, *out, outputLayout,
                     initialState);
}

llvm::Expected<size_t> OpModel<ArgMaxOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout) {
  auto out = planArgMax(inputShape, inputLayout, dims, keepDim, outputLayout);
  if (!out)
    return out.takeError();
  // One core reads every input tile and compares it (an SFPU pass of 128
  // cycles per tile, as the unary family's transcendental ops).
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, *out, outputLayout);
  work.computeCycles = 128.0 * geometry(inputShape).tiles();
  work.cores = 1;
  return roofline(work);
}

} // namespace mlir::ttnn::op_model
