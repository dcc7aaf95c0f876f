//===- LayoutOps.cpp - concat, slice, repeat, to_layout -------------------===//
//
// ttnn 0.81.1's interleaved data-movement programs, measured on the mock
// Wormhole and Blackhole devices (docs/op-model.md, per-family table):
//   - concat: a reader/writer copy through one 2-page CB in the output's tile
//     format, whatever the number of inputs or the dimension;
//   - slice (unit steps): the same single 2-page CB, plus a scratchpad of one
//     4-byte word per dimension (the slice bounds), outside the CB peak;
//   - slice with a step above 1: untilize (bf16: UntilizeCodegen's circular
//     buffers, f32: UntilizeMultiCore's dataflow buffers, to_layout's pages),
//     a row-major strided slice (one dataflow buffer of 2 input rows), tilize
//     (to_layout's pages); row-major intermediates in the output's buffer
//     type, live until the output is written (finishPrograms);
//   - repeat: one 8-page CB per program, one program per repeated dimension
//     (their CBs never coexist; the intermediate between two programs is not
//     in L1), one page for an outer dimension (not the last two) into L1; no
//     repeated dimension is a copy through a 2-page CB, or nothing at all
//     (the input itself) when the output layout is the input's.
// Sharded inputs of slice and repeat stream through the same CB, and their
// sharded outputs are written through it (measured); so are concat's from
// interleaved inputs. Sharded concat inputs (every input sharded, or ttnn
// fails; all on one grid, in one scheme):
//   - height shards along the width: ttnn's sharded programs write the
//     concatenated shards into a height-sharded tensor on that grid (shard
//     widths summed): two inputs through the tiled s2s program's transpose
//     and concat CBs (in0 and in1 shard-width tiles, their sum twice; bf16
//     tiles for a bfp8_b input but the last, in the input's format), more
//     inputs through the multi-tensor program (every CB a shard);
//     sharded_to_interleaved then copies it to an interleaved output (no CBs
//     of its own), or the output is that sharded tensor;
//   - width shards along the height and block shards along either: the
//     shards concatenated on each core (every CB a shard), then as above;
//   - height shards along the height, width shards along the width and any
//     shards along an outer dimension: each input is first copied to an
//     interleaved tensor in the output's buffer, then the interleaved program
//     runs (a sharded output: TT_FATAL but for height shards along the
//     height, not measured).
// A strided slice of sharded tensors is not supported.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "Backend.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace mlir::ttnn::op_model {
using namespace backend;

namespace {
constexpr int64_t kCopyPages = 2;
constexpr int64_t kRepeatPages = 8;
/// A repeat of an outer dimension (not one of the last two) into L1 streams
/// one page (measured on both mock devices; into DRAM: kRepeatPages).
constexpr int64_t kOuterRepeatL1Pages = 1;
/// ttnn 0.81.1's slice scratchpad: one 32-bit word per dimension.
constexpr uint64_t kSliceScratchpadBytesPerDim = 4;

/// The output shape of `shape`, or a backend error naming the op.
llvm::Expected<std::vector<int64_t>>
asOutput(llvm::StringRef name,
         llvm::Expected<llvm::SmallVector<int64_t>> shape) {
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  return std::vector<int64_t>(shape->begin(), shape->end());
}

/// The output stores the input's tile format (these ops do not convert).
llvm::Error checkSameFormat(llvm::StringRef name, llvm::StringRef role,
                            LayoutAttr in, LayoutAttr out) {
  if (in.getDataType() == out.getDataType())
    return llvm::Error::success();
  return backendError(name + ": " + role + " is " +
                      stringifyDataType(in.getDataType()) +
                      " but the output is " +
                      stringifyDataType(out.getDataType()) +
                      " (convert with ttnn.typecast)");
}

/// Moving every input once and writing the output once; no tile math.
size_t copyRuntime(llvm::ArrayRef<std::vector<int64_t>> inShapes,
                   llvm::ArrayRef<LayoutAttr> inLayouts,
                   llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout) {
  Work work;
  for (auto [shape, layout] : llvm::zip(inShapes, inLayouts))
    addTensorTraffic(work, shape, layout);
  addTensorTraffic(work, outShape, outLayout);
  work.cores = geometry(outShape).tiles();
  return roofline(work);
}

/// Legality and output shape of a single-input op: layouts and formats.
/// Slice and repeat write a sharded output through their interleaved CBs
/// (measured on both mock devices: height, width and block shards).
llvm::Expected<std::vector<int64_t>>
checkSingleInput(llvm::StringRef name, llvm::ArrayRef<int64_t> inShape,
                 LayoutAttr inLayout,
                 llvm::Expected<llvm::SmallVector<int64_t>> outShape,
                 LayoutAttr outLayout) {
  // The output shape first: an llvm::Expected destroyed unread aborts.
  auto shape = asOutput(name, std::move(outShape));
  if (!shape)
    return shape.takeError();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "output", *shape, outLayout))
    return err;
  if (llvm::Error err = checkSameFormat(name, "the input", inLayout, outLayout))
    return err;
  return shape;
}
} // namespace

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

namespace {
/// What ttnn 0.81.1 runs for a concat: its CBs, the L1 per core of the
/// tensors it allocates and frees, and the output shape.
struct ConcatPlan {
  std::vector<int64_t> output;
  uint64_t cbBytes = 0;
  uint64_t intermediateL1 = 0;
};

/// The sharded concat programs (the file comment): `axis` normalized.
llvm::Expected<ConcatPlan>
planShardedConcat(const std::vector<std::vector<int64_t>> &inputShapes,
                  llvm::ArrayRef<LayoutAttr> inputs, int64_t axis,
                  std::vector<int64_t> output, LayoutAttr outputLayout) {
  llvm::StringRef name = ConcatOp::getOperationName();
  if (!llvm::all_of(inputs, [](LayoutAttr l) { return l.isSharded(); }))
    return backendError(name + ": sharded and interleaved inputs mixed; "
                               "ttnn 0.81.1 takes every input sharded or "
                               "none (TT_FATAL)");
  LayoutAttr first = inputs.front();
  TensorMemoryLayout scheme = first.getMemoryLayout();
  auto unsupported = [&](const llvm::Twine &why) {
    return notSupportedError(name + ": sharded inputs (" + describe(first) +
                             ", ...): " + why + " is not modelled");
  };
  for (LayoutAttr layout : inputs) {
    if (!layout.isL1() || layout.getMemoryLayout() != scheme ||
        layout.getGrid() != first.getGrid())
      return unsupported("inputs on different grids or schemes");
    if (layout.getShard()[1] % kTileDim || layout.getShard()[0] % kTileDim)
      return unsupported("shards of part tiles");
  }
  int64_t rank = int64_t(output.size());
  bool alongWidth = axis == rank - 1, alongHeight = axis == rank - 2;
  ConcatPlan plan;
  plan.output = std::move(output);
  // Each input copied interleaved into the output's buffer, then the
  // interleaved program.
  auto copiedFirst = [&]() -> llvm::Expected<ConcatPlan> {
    for (auto [shape, layout] : llvm::zip(inputShapes, inputs))
      plan.intermediateL1 += l1BytesPerBank(
          shape, layout.interleavedIn(PageLayout::Tile,
                                      outputLayout.getBufferType()));
    plan.cbBytes = kCopyPages * tileBytes(outputLayout);
    return std::move(plan);
  };
  // The shards concatenated on each core (shard `dim` summed), kept as the
  // output or copied to an interleaved one by sharded_to_interleaved.
  auto joinShards = [&](int dim) -> llvm::Expected<LayoutAttr> {
    int other = 1 - dim;
    int64_t joinedExtent = 0;
    for (LayoutAttr layout : inputs) {
      if (layout.getShard()[other] != first.getShard()[other])
        return unsupported("inputs of different shard shapes across the "
                           "concatenated dimension");
      joinedExtent += layout.getShard()[dim];
    }
    llvm::SmallVector<int64_t, 2> shard(first.getShard());
    shard[dim] = joinedExtent;
    LayoutAttr joined = first.withShards(first.getGrid(), shard);
    if (outputLayout.isSharded()) {
      if (outputLayout.getMemoryLayout() != scheme ||
          outputLayout.getGrid() != first.getGrid())
        return backendError(name + ": the output " +
                            describe(outputLayout) + " is not sharded like "
                            "the inputs (ttnn 0.81.1: TT_FATAL)");
      if (!outputLayout.isL1() || !shardedAlike(outputLayout, joined))
        return unsupported("a sharded output other than the concatenated "
                           "shards (" + describe(joined) + ")");
    } else {
      plan.intermediateL1 = l1BytesPerBank(plan.output, joined);
    }
    return joined;
  };
  if (!alongWidth && !alongHeight) {
    if (outputLayout.isSharded())
      return backendError(name + ": sharded inputs along dimension " +
                          llvm::Twine(axis) + " into a sharded output (ttnn "
                          "0.81.1: TT_FATAL)");
    return copiedFirst();
  }
  switch (scheme) {
  case TensorMemoryLayout::HeightSharded: {
    if (alongHeight && !outputLayout.isSharded())
      return copiedFirst();
    if (!alongWidth)
      return unsupported("a concat along the height into " +
                         describe(outputLayout));
    auto joined = joinShards(1);
    if (!joined)
      return joined.takeError();
    if (inputs.size() == 2) {
      // The tiled s2s program's transposes and concat run in bf16 for
      // bfp8_b.
      int64_t widthTiles = joined->getShard()[1] / kTileDim;
      LayoutAttr staged = first.getDataType() == DataType::BFloat8B
                              ? first.withDataType(DataType::BFloat16)
                              : first;
      plan.cbBytes = uint64_t(2 * widthTiles) * tileBytes(staged) +
                     uint64_t(widthTiles) * tileBytes(first);
    }
    return plan;
  }
  case TensorMemoryLayout::WidthSharded:
  case TensorMemoryLayout::BlockSharded: {
    bool width = scheme == TensorMemoryLayout::WidthSharded;
    if (width && alongWidth) {
      if (outputLayout.isSharded())
        return backendError(name + ": width-sharded inputs along the width "
                            "need an interleaved output (ttnn 0.81.1: "
                            "TT_FATAL)");
      return copiedFirst();
    }
    // Width shards along the height, block shards either way: every CB a
    // shard.
    auto joined = joinShards(alongHeight ? 0 : 1);
    if (!joined)
      return joined.takeError();
    return plan;
  }
  case TensorMemoryLayout::Interleaved:
    break;
  }
  llvm_unreachable("planShardedConcat takes sharded inputs");
}

llvm::Expected<ConcatPlan>
planConcat(const std::vector<std::vector<int64_t>> &inputShapes,
           const std::vector<LayoutAttr> &inputLayouts, int64_t dim,
           LayoutAttr outputLayout) {
  llvm::StringRef name = ConcatOp::getOperationName();
  if (inputShapes.size() != inputLayouts.size())
    return backendError(name + ": " + llvm::Twine(inputShapes.size()) +
                        " input shapes but " +
                        llvm::Twine(inputLayouts.size()) + " layouts");
  llvm::SmallVector<llvm::SmallVector<int64_t>> shapes;
  for (auto [index, shape] : llvm::enumerate(inputShapes)) {
    if (llvm::Error err = checkLayout(name, "input " + std::to_string(index),
                                      shape, inputLayouts[index]))
      return err;
    shapes.emplace_back(shape.begin(), shape.end());
  }
  auto output = asOutput(name, ConcatOp::inferResultShape(shapes, dim));
  if (!output)
    return output.takeError();
  if (llvm::Error err = checkLayout(name, "output", *output, outputLayout))
    return err;
  for (auto [index, layout] : llvm::enumerate(inputLayouts))
    if (llvm::Error err = checkSameFormat(
            name, "input " + std::to_string(index), layout, outputLayout))
      return err;
  if (llvm::any_of(inputLayouts, [](LayoutAttr l) { return l.isSharded(); })) {
    auto axis = normalizeDim(name, dim, int64_t(output->size()));
    if (!axis)
      return axis.takeError();
    return planShardedConcat(inputShapes, inputLayouts, *axis,
                             std::move(*output), outputLayout);
  }
  // Interleaved inputs write a sharded output through the same CB
  // (measured: height, width and block shards).
  ConcatPlan plan;
  plan.output = std::move(*output);
  plan.cbBytes = kCopyPages * tileBytes(outputLayout);
  return plan;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ConcatOp>::getOpConstraints(
    const std::vector<std::vector<int64_t>> &inputShapes,
    const std::vector<LayoutAttr> &inputLayouts, int64_t dim,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  auto plan = planConcat(inputShapes, inputLayouts, dim, outputLayout);
  if (!plan)
    return plan.takeError();
  Analysis analysis;
  analysis.cbBytes = plan->cbBytes;
  analysis.intermediateL1 = plan->intermediateL1;
  analysis.outputs.push_back({plan->output, outputLayout});
  return finish(ConcatOp::getOperationName(), analysis, initialState);
}

llvm::Expected<size_t> OpModel<ConcatOp>::getOpRuntime(
    const std::vector<std::vector<int64_t>> &inputShapes,
    const std::vector<LayoutAttr> &inputLayouts, int64_t dim,
    LayoutAttr outputLayout) {
  auto plan = planConcat(inputShapes, inputLayouts, dim, outputLayout);
  if (!plan)
    return plan.takeError();
  return copyRuntime(inputShapes, inputLayouts, plan->output, outputLayout);
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

namespace {
bool hasStep(llvm::ArrayRef<int64_t> step) {
  return llvm::any_of(step, [](int64_t s) { return s != 1; });
}

llvm::Expected<std::vector<int64_t>>
checkSlice(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
           llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
           llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout) {
  llvm::StringRef name = SliceOp::getOperationName();
  auto output = checkSingleInput(
      name, inputShape, inputLayout,
      SliceOp::inferResultShape(inputShape, begins, ends, step), outputLayout);
  if (!output)
    return output.takeError();
  if (!hasStep(step))
    return output;
  // ttnn 0.81.1: untilize, a row-major strided slice, tilize.
  if (inputLayout.getDataType() == DataType::BFloat8B)
    return backendError(name + ": a step above 1 needs a bf16 or f32 input "
                               "(ttnn 0.81.1: TT_FATAL on bfp8_b)");
  if (inputLayout.isSharded() || outputLayout.isSharded())
    return notSupportedError(name + ": a step above 1 on sharded tensors is "
                                    "not modelled");
  if (!conversionPages(inputShape, inputLayout) ||
      !conversionPages(*output, rowMajorIn(outputLayout)))
    return notSupportedError(
        name + ": a step above 1 untilizes and tilizes, and these shapes run "
               "one of ttnn's block programs, which are not modelled");
  return output;
}

/// The untilize / tilize programs of a strided slice, each one program.
llvm::SmallVector<ProgramStep, 3>
stridedSlicePrograms(llvm::ArrayRef<int64_t> inputShape,
                     LayoutAttr inputLayout, llvm::ArrayRef<int64_t> outShape,
                     LayoutAttr outputLayout) {
  // The intermediates are row-major, interleaved in the output's buffer type.
  LayoutAttr rmIn = rowMajorIn(outputLayout);
  uint64_t untilizeBytes =
      *conversionCBBytes(inputShape, inputLayout, rowMajorIn(inputLayout));
  ProgramStep untilize;
  // bf16: UntilizeCodegen's circular buffers; f32: UntilizeMultiCore's
  // dataflow buffers.
  if (inputLayout.getDataType() == DataType::Float32)
    untilize.dataflowBytes = untilizeBytes;
  else
    untilize.circularBytes = untilizeBytes;
  untilize.allocatedL1 = l1BytesPerBank(inputShape, rmIn);
  ProgramStep slice;
  // SliceRmStride: one dataflow buffer of two input rows.
  slice.dataflowBytes = 2 * uint64_t(inputShape.back()) * elementBytes(rmIn);
  slice.allocatedL1 = l1BytesPerBank(outShape, rmIn);
  ProgramStep tilize;
  tilize.dataflowBytes = *conversionCBBytes(outShape, rmIn, outputLayout);
  tilize.allocatedL1 = l1BytesPerBank(outShape, outputLayout);
  return {untilize, slice, tilize};
}
} // namespace

llvm::Expected<OpConstraints> OpModel<SliceOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
    llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto output =
      checkSlice(inputShape, inputLayout, begins, ends, step, outputLayout);
  if (!output)
    return output.takeError();
  if (hasStep(step))
    return finishPrograms(
        SliceOp::getOperationName(),
        stridedSlicePrograms(inputShape, inputLayout, *output, outputLayout),
        *output, outputLayout, initialState);
  Analysis analysis;
  analysis.cbBytes = kCopyPages * tileBytes(outputLayout);
  analysis.scratchpadBytes = kSliceScratchpadBytesPerDim * inputShape.size();
  analysis.outputs.push_back({std::move(*output), outputLayout});
  return finish(SliceOp::getOperationName(), analysis, initialState);
}

llvm::Expected<size_t> OpModel<SliceOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
    llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout) {
  auto output =
      checkSlice(inputShape, inputLayout, begins, ends, step, outputLayout);
  if (!output)
    return output.takeError();
  // The program reads only the window: as many tiles as it writes.
  return copyRuntime({*output}, {inputLayout}, *output, outputLayout);
}

//===----------------------------------------------------------------------===//
// repeat
//===----------------------------------------------------------------------===//

namespace {
llvm::Expected<std::vector<int64_t>>
checkRepeat(llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
            llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout) {
  return checkSingleInput(RepeatOp::getOperationName(), inputShape,
                          inputLayout,
                          RepeatOp::inferResultShape(inputShape, repeats),
                          outputLayout);
}

bool repeatsAny(llvm::ArrayRef<int64_t> repeats) {
  return llvm::any_of(repeats, [](int64_t r) { return r > 1; });
}

/// ttnn 0.81.1 returns the input tensor itself: no program and no new buffer
/// (the result aliases the input's allocation).
bool isNoOp(llvm::ArrayRef<int64_t> repeats, LayoutAttr inputLayout,
            LayoutAttr outputLayout) {
  return !repeatsAny(repeats) && inputLayout == outputLayout;
}

/// The pages of the largest of the per-dimension repeat programs.
int64_t repeatPages(llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout) {
  int64_t rank = int64_t(repeats.size()), pages = 0;
  for (auto [dim, times] : llvm::enumerate(repeats)) {
    if (times <= 1)
      continue;
    bool outer = int64_t(dim) < rank - 2;
    pages = std::max(pages, outer && outputLayout.isL1() ? kOuterRepeatL1Pages
                                                         : kRepeatPages);
  }
  return pages;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<RepeatOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto output = checkRepeat(inputShape, inputLayout, repeats, outputLayout);
  if (!output)
    return output.takeError();
  if (isNoOp(repeats, inputLayout, outputLayout)) {
    OpConstraints result;
    result.outputLayouts.push_back(outputLayout);
    return result;
  }
  // Nothing repeated: ttnn's copy into the new placement, to or from shards
  // its (un)sharding program with no CB of its own (to_memory_config's rule).
  bool copy = !repeatsAny(repeats);
  bool sharded = inputLayout.isSharded() || outputLayout.isSharded();
  uint64_t cbBytes = copy && sharded ? 0
                     : copy ? kCopyPages * tileBytes(outputLayout)
                            : repeatPages(repeats, outputLayout) *
                                  tileBytes(outputLayout);
  return finishOneOutput(RepeatOp::getOperationName(), cbBytes, *output,
                         outputLayout, initialState);
}

llvm::Expected<size_t> OpModel<RepeatOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout) {
  auto output = checkRepeat(inputShape, inputLayout, repeats, outputLayout);
  if (!output)
    return output.takeError();
  if (isNoOp(repeats, inputLayout, outputLayout))
    return 0;
  std::vector<int64_t> input(inputShape.begin(), inputShape.end());
  return copyRuntime({input}, {inputLayout}, *output, outputLayout);
}


//===----------------------------------------------------------------------===//
// to_layout
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's interleaved conversions, measured on the mock Wormhole and
// Blackhole devices over shapes, bf16 / f32 / bfp8_b and DRAM / L1. Each
// program has one input and one output CB; "pair" below is one tile of each
// (a row-major operand's CB pages are tile-sized blocks of its rows; a
// bfp8_b untilize writes bf16). Ht / Wt are the padded height / width in
// tiles, C the worker cores.
//   - tilize (row-major -> tile): one tile row per block, Wt x pair, when
//     Wt <= 32 or Ht >= C (a row per core);
//   - untilize of a tile-aligned bf16 / bfp8_b tensor: with Ht < C the
//     column-splitting codegen program (codegenUntilizePages), 2 x Wt /
//     columns x pair; else one row per block, double-buffered, 2 x Wt x
//     pair;
//   - untilize of a tile-aligned f32 tensor: Ht >= C: Wt x min(2, ceil(Ht /
//     C)) x pair (double-buffered once a core has two rows); Ht < C: Wt x
//     pair, for Wt <= 32;
//   - untilize of a shape whose last two dimensions are not tile multiples
//     (untilize with unpadding): Wt x pair, for Wt <= 32.
// Outside these domains ttnn runs block programs: the block tilize of a
// tile-aligned unbatched tensor is modelled (blockTilize, below); the others
// are not supported. A conversion
// to the input's own page layout returns the input (no program) and ignores
// another requested placement: only the identity is modelled.
//
// Sharded conversions (both devices, height / width / block, bf16 / f32 /
// bfp8_b; shards Hs x Ws tiles, whole tiles only: ttnn TT_FATALs otherwise):
//   - untilize of a sharded input: into the same sharding (memory layout,
//     grid, shard), the shards are both CBs (0); else UntilizeMultiCore on the
//     input's grid: an output CB of Ws x min(2, Hs) tiles, the input CB the
//     shard itself, unless the shards are uneven (the tensor is not a multiple
//     of the shard), when the input CB is Ws x min(2, Hs) tiles too;
//   - untilize of an interleaved input into a sharded output: UntilizeMultiCore
//     over the grid, Wt x min(2, ceil(Ht / C)) x pair, any data type (a single
//     core program beyond a CB's worth of tiles per row: not supported);
//   - tilize of a sharded input into the same memory layout: the sharded
//     program (0 CB), whose output keeps the input's grid and shard whatever
//     was asked; a height-sharded input into L1 interleaved: an output CB of
//     Wt tiles (the input CB is the shard); any other output: the interleaved
//     program on the whole row, Wt x pair;
//   - tilize of an interleaved input into a sharded output: the interleaved
//     rule above.

namespace {
/// Rows up to this many tiles run one tile row per block in every program.
constexpr int64_t kNarrowRowTiles = 32;
/// The widest row measured in the one-row-per-core programs.
constexpr int64_t kMaxRowTiles = 64;
constexpr int64_t kDoubleBuffer = 2;

/// The data type the output must have: the input's, except that bfp8_b (a
/// tile format) untilizes to bf16.
DataType convertedType(LayoutAttr in, LayoutAttr out) {
  if (!in.isRowMajor() && out.isRowMajor() &&
      in.getDataType() == DataType::BFloat8B)
    return DataType::BFloat16;
  return in.getDataType();
}

/// The block side ttnn's split_blocks_for_tilize_wh picks for its block
/// tilize and untilize programs (0: none fits).
int64_t squareBlockSide(int64_t wt, int64_t ht, int64_t cores) {
  int64_t perCore = ceilDiv(wt * ht, cores);
  int64_t side = int64_t(std::sqrt(double(perCore)));
  while (side * side > perCore)
    --side;
  while ((side + 1) * (side + 1) <= perCore)
    ++side;
  auto fits = [&](int64_t c) {
    return ceilDiv(wt, c) * ceilDiv(ht, c) < cores;
  };
  if (side > 0 && side * side == perCore && fits(side))
    return side;
  for (int64_t c = side + 1; c <= wt * ht; ++c)
    if (fits(c))
      return c;
  return 0;
}

/// ttnn 0.81.1's native tilize / untilize choose their block program for
/// rows wider than 32 tiles (and Ht > 32 or Wt > Ht) when square blocks use
/// more cores than splitting the tile rows.
bool squareBlocksUseMoreCores(int64_t wt, int64_t ht, int64_t cores) {
  if (wt <= kTileDim || !(ht > kTileDim || wt > ht))
    return false;
  int64_t rowCores = ceilDiv(ht, ceilDiv(ht, cores));
  int64_t side = squareBlockSide(wt, ht, cores);
  return side > 0 && rowCores < ceilDiv(wt, side) * ceilDiv(ht, side);
}

/// The widths in tiles of a block program's two buffer sets, both held on
/// every core: the full blocks' (when Wt >= s) and the cliff column's (Wt
/// mod s); 0 for a set that does not exist.
std::array<int64_t, 2> blockSetWidths(int64_t wt, int64_t side) {
  return {wt >= side ? side : 0, wt % side};
}

/// ttnn 0.81.1's codegen untilize of a bf16 / bfp8_b tensor on fewer tile
/// rows than cores (read from its untilize sources, measured on both mock
/// devices): a row is split into the most columns (a divisor of Wt, at most
/// C / Ht) that one row per core allows, one tile row of cores when Ht = 1;
/// its CBs are double-buffered blocks of Wt / columns tiles. Rows beyond
/// ttnn's codegen limit (2 Wt bf16 tiles above 800,000 B) run its native
/// programs, and blocks whose four bf16 copies do not fit L1 a smaller tier:
/// not modelled.
std::optional<int64_t> codegenUntilizePages(Geometry g, int64_t cores) {
  constexpr uint64_t kCodegenRowBytes = 800000;
  int64_t ht = g.heightTiles, wt = g.widthTiles;
  if (ht > 1 && uint64_t(2 * wt) * kBf16TileBytes > kCodegenRowBytes)
    return std::nullopt;
  int64_t pages = ceilDiv(wt, cores);
  if (ht > 1) {
    int64_t columns = std::min(cores / ht, wt);
    while (columns > 1 && wt % columns != 0)
      --columns;
    pages = wt / std::max<int64_t>(columns, 1);
  }
  if (uint64_t(4 * pages) * kBf16TileBytes >
      currentDevice().l1AboveAllocatorBase())
    return std::nullopt;
  return kDoubleBuffer * pages;
}
} // namespace

std::optional<int64_t> backend::conversionPages(llvm::ArrayRef<int64_t> shape,
                                                LayoutAttr in) {
  Geometry g = geometry(shape);
  int64_t cores = currentDevice().numCores();
  bool rowPerCore = g.heightTiles >= cores && g.widthTiles <= kMaxRowTiles;
  bool narrow = g.widthTiles <= kNarrowRowTiles;
  if (in.isRowMajor() || !tileAligned(shape)) {
    bool untilize = !in.isRowMajor();
    if (narrow || (!untilize && rowPerCore))
      return g.widthTiles;
    return std::nullopt;
  }
  if (in.getDataType() != DataType::Float32) {
    if (g.heightTiles < cores)
      return codegenUntilizePages(g, cores);
    if (rowPerCore)
      return kDoubleBuffer * g.widthTiles;
    return std::nullopt;
  }
  // f32 runs the native untilize, which picks its block program for wide
  // rows when square blocks use more cores: the full and the cliff column's
  // blocks, one tile row each, single-buffered (measured on both devices).
  if (squareBlocksUseMoreCores(g.widthTiles, g.heightTiles, cores)) {
    int64_t side = squareBlockSide(g.widthTiles, g.heightTiles, cores);
    if (uint64_t(side) * 2 * tileBytes(in) >
        currentDevice().l1AboveAllocatorBase())
      return std::nullopt;
    std::array<int64_t, 2> widths = blockSetWidths(g.widthTiles, side);
    return widths[0] + widths[1];
  }
  if (rowPerCore)
    return g.widthTiles *
           std::min(kDoubleBuffer, ceilDiv(g.heightTiles, cores));
  if (g.heightTiles < cores && narrow)
    return g.widthTiles;
  return std::nullopt;
}

std::optional<uint64_t> backend::conversionCBBytes(llvm::ArrayRef<int64_t> shape,
                                                   LayoutAttr in,
                                                   LayoutAttr out) {
  std::optional<int64_t> pages = conversionPages(shape, in);
  if (!pages)
    return std::nullopt;
  return uint64_t(*pages) * (tileBytes(in) + tileBytes(out));
}

namespace {

/// A conversion's circular buffers and the layout ttnn produces (a sharded
/// tilize keeps the input's shards).
struct Conversion {
  uint64_t cbBytes;
  LayoutAttr output;
  uint64_t scratchpadBytes = 0;
};

//===--- ttnn 0.81.1's block tilize (TilizeMultiCoreBlockProgramFactory) ---===//
//
// Chosen over the row-per-block tilize when a row's CBs do not fit L1, or for
// rows wider than 32 tiles (Wt > 32, and Ht > 32 or Wt > Ht) when splitting
// the Ht x Wt tiles into square blocks uses more cores than splitting rows.
// The block side s is the smallest integer from floor(sqrt(ceil(Ht Wt / C)))
// (from the next one when that is not a perfect square) whose blocks fit in
// fewer than C cores. Its buffers: a set for the full blocks (when Wt >= s)
// and one for the cliff column of Wt mod s tiles; a set of b tiles is b
// input and b output tiles of CB and a staging scratchpad of b tile rows
// plus two DRAM alignment units; every core holds both sets (measured on
// both mock devices, the 15 calibration shapes, bf16 and f32: the sum, not
// the core's own set). Read from ttnn's tilize device operation and program factory
// (the split helper, work_split_tilize.hpp, is not in the wheel).

/// Whether ttnn tilizes `shape` (interleaved, tile-aligned, rank-2 view)
/// with its block program.
bool selectsBlockTilize(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                        LayoutAttr out) {
  const DeviceModel &device = currentDevice();
  Geometry g = geometry(shape);
  int64_t wt = g.widthTiles, ht = g.heightTiles, cores = device.numCores();
  uint64_t rowBytes = wt * (tileBytes(in) + tileBytes(out) +
                            tileBytes(in) / kTileDim) +
                      2 * device.dramAlignment;
  uint64_t reserved =
      ceilDiv(l1BytesPerBank(shape, out), device.dramAlignment) *
      device.dramAlignment;
  uint64_t capacity = device.l1AboveAllocatorBase();
  if (reserved >= capacity || capacity - reserved <= rowBytes)
    return true;
  return squareBlocksUseMoreCores(wt, ht, cores);
}

/// The block program's CBs and scratchpads, or nullopt when its block would
/// exceed ttnn's CB budget (its sub-block search: not modelled).
std::optional<Conversion> blockTilize(llvm::ArrayRef<int64_t> shape,
                                      LayoutAttr in, LayoutAttr out) {
  const DeviceModel &device = currentDevice();
  Geometry g = geometry(shape);
  int64_t wt = g.widthTiles;
  int64_t side = squareBlockSide(wt, g.heightTiles, device.numCores());
  uint64_t tileRow = tileBytes(in) / kTileDim;
  uint64_t limit = (device.l1AboveAllocatorBase() - 2 * device.dramAlignment) /
                   (tileBytes(in) + tileBytes(out) + tileRow);
  if (side <= 0 || uint64_t(side) > limit)
    return std::nullopt;
  Conversion conversion{0, out};
  for (int64_t width : blockSetWidths(wt, side)) {
    if (width == 0)
      continue;
    conversion.cbBytes += width * (tileBytes(in) + tileBytes(out));
    conversion.scratchpadBytes += width * tileRow + 2 * device.dramAlignment;
  }
  return conversion;
}

/// ttnn's max_tiles_per_cb: tiles of `layout` in half of L1 above the
/// allocator base, double-buffered.
int64_t maxTilesPerCB(LayoutAttr layout) {
  const DeviceModel &device = currentDevice();
  return int64_t((device.l1BankSize / 2 - device.l1AllocatorBase) /
                 (kDoubleBuffer * tileBytes(layout)));
}

/// The interleaved programs' conversion (an interleaved input: its CBs do not
/// depend on where the output goes).
llvm::Expected<Conversion> interleavedConversion(llvm::ArrayRef<int64_t> shape,
                                                 LayoutAttr in, LayoutAttr out) {
  bool flat = shape.size() <= 2 ||
              llvm::all_of(shape.drop_back(2), [](int64_t d) { return d == 1; });
  if (in.isRowMajor() && !out.isSharded() && tileAligned(shape) && flat &&
      selectsBlockTilize(shape, in, out)) {
    if (std::optional<Conversion> block = blockTilize(shape, in, out))
      return *block;
    return notSupportedError(ToLayoutOp::getOperationName() + ": tilizing " +
                             describeShape(shape) +
                             " needs blocks beyond ttnn's CB budget (its "
                             "sub-block search is not modelled)");
  }
  std::optional<uint64_t> bytes = conversionCBBytes(shape, in, out);
  if (!bytes)
    return notSupportedError(
        ToLayoutOp::getOperationName() + ": converting " +
        describeShape(shape) + " " + describe(in) +
        " runs one of ttnn's block programs (wide rows on few tile rows), "
        "which are not modelled");
  return Conversion{*bytes, out};
}

/// The conversion of a tile-aligned tensor with a sharded side (the file
/// comment's sharded rules).
llvm::Expected<Conversion> shardedConversion(llvm::ArrayRef<int64_t> shape,
                                             LayoutAttr in, LayoutAttr out) {
  llvm::StringRef name = ToLayoutOp::getOperationName();
  Geometry g = geometry(shape);
  uint64_t pair = tileBytes(in) + tileBytes(out);
  if (!tileAligned(shape))
    return notSupportedError(name + ": a sharded conversion of " +
                             describeShape(shape) +
                             " (not a tile multiple) runs ttnn's padding "
                             "programs, which are not modelled");
  if (!in.isRowMajor()) {
    if (in.isSharded()) {
      if (shardedAlike(in, out))
        return Conversion{0, out};
      llvm::ArrayRef<int64_t> shard = in.getShard();
      int64_t pages = (shard[1] / kTileDim) *
                      std::min(kDoubleBuffer, shard[0] / kTileDim);
      uint64_t perPage = evenShards(shape, in) ? tileBytes(out) : pair;
      return Conversion{uint64_t(pages) * perPage, out};
    }
    if (g.widthTiles > maxTilesPerCB(in))
      return notSupportedError(
          name + ": a row of " + llvm::Twine(g.widthTiles) + " tiles of " +
          describe(in) + " exceeds ttnn's " + llvm::Twine(maxTilesPerCB(in)) +
          " tiles per CB: its single-core untilize is not modelled");
    int64_t pages = g.widthTiles *
                    std::min(kDoubleBuffer,
                             ceilDiv(g.heightTiles, currentDevice().numCores()));
    return Conversion{uint64_t(pages) * pair, out};
  }
  if (in.isSharded()) {
    if (out.isSharded() && out.getMemoryLayout() == in.getMemoryLayout())
      return Conversion{0, out.withShards(in.getGrid(), in.getShard())};
    if (in.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
        out.isL1() && !out.isSharded())
      return Conversion{uint64_t(g.widthTiles) * tileBytes(out), out};
    return Conversion{uint64_t(g.widthTiles) * pair, out};
  }
  return interleavedConversion(shape, in, out);
}

/// checkLayout of a to_layout operand: a sharded row-major one is checked
/// as its tiled twin (the same shards, whole tiles).
llvm::Error checkOperand(llvm::StringRef role, llvm::ArrayRef<int64_t> shape,
                         LayoutAttr layout) {
  if (layout && layout.isRowMajor() && layout.isSharded())
    layout = LayoutAttr::get(layout.getContext(), PageLayout::Tile,
                             layout.getBufferType(), layout.getMemoryLayout(),
                             layout.getDataType(), layout.getGrid(),
                             layout.getShard());
  return checkLayout(ToLayoutOp::getOperationName(), role, shape, layout,
                     /*rowMajorAllowed=*/true);
}

/// The checked conversion: the identity (no program, the input itself: ttnn
/// returns it), an interleaved one or a sharded one.
llvm::Expected<std::optional<Conversion>>
planToLayout(llvm::ArrayRef<int64_t> shape, LayoutAttr in, LayoutAttr out) {
  llvm::StringRef name = ToLayoutOp::getOperationName();
  if (llvm::Error err = checkOperand("input", shape, in))
    return err;
  if (llvm::Error err = checkOperand("output", shape, out))
    return err;
  if (in.isRowMajor() == out.isRowMajor() && in != out)
    return notSupportedError(
        name + ": input and output are both " +
        (in.isRowMajor() ? "row_major" : "tiled") +
        ", and ttnn 0.81.1 then returns the input as it is, ignoring the "
        "output placement (" + describe(out) +
        "): change placement with ttnn.to_memory_config");
  if (in == out)
    return std::nullopt;
  DataType expected = convertedType(in, out);
  if (out.getDataType() != expected)
    return backendError(name + ": the output is " +
                        stringifyDataType(out.getDataType()) + " but " +
                        describe(in) + " converts to " +
                        stringifyDataType(expected) +
                        " (convert with ttnn.typecast)");
  if (in.isSharded() || out.isSharded())
    return shardedConversion(shape, in, out);
  return interleavedConversion(shape, in, out);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ToLayoutOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  auto plan = planToLayout(inputShape, inputLayout, outputLayout);
  if (!plan)
    return plan.takeError();
  if (!*plan) {
    // ttnn returns the input tensor itself: no program, no new buffer.
    OpConstraints result;
    result.outputLayouts.push_back(outputLayout);
    return result;
  }
  Analysis analysis;
  analysis.cbBytes = (*plan)->cbBytes;
  analysis.scratchpadBytes = (*plan)->scratchpadBytes;
  analysis.outputs.push_back(
      {std::vector<int64_t>(inputShape.begin(), inputShape.end()),
       (*plan)->output});
  return finish(ToLayoutOp::getOperationName(), analysis, initialState);
}

llvm::Expected<size_t> OpModel<ToLayoutOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout) {
  auto plan = planToLayout(inputShape, inputLayout, outputLayout);
  if (!plan)
    return plan.takeError();
  if (!*plan)
    return 0;
  std::vector<int64_t> shape(inputShape.begin(), inputShape.end());
  return copyRuntime({shape}, {inputLayout}, shape, (*plan)->output);
}

} // namespace mlir::ttnn::op_model
