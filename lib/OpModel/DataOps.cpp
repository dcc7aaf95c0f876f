//===- DataOps.cpp - reshape, permute, pad, embedding, argmax -------------===//
//
// ttnn 0.81.1's programs for these ops, measured on the mock Wormhole and
// Blackhole devices and read from their program factories
// (docs/op-model.md, "Data ops"). Every program here allocates
// dataflow buffers, so a composite's CB peak is its largest program's.
//
// A composite is a chain of programs, each reading the previous one's
// temporary and writing its own; a temporary is freed once the program
// reading it is done. ttnn allocates a program's output before it releases
// the previous program's CBs, so the peak also counts that moment.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <array>

namespace mlir::ttnn::op_model {
using namespace analytical;

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
  /// Circular buffers besides `cbBytes`' dataflow buffers (graph capture
  /// peaks each kind apart: a codegen untilize's).
  uint64_t circularBytes = 0;
};

/// The programs of a chain (`steps` in order; the first reads the input):
/// a step's tensors live while it runs are those it holds, the one it reads
/// and the one it writes; whatever the next step neither reads nor holds is
/// freed when the step ends.
llvm::SmallVector<ProgramStep, 6> chainPrograms(llvm::ArrayRef<Step> steps) {
  llvm::SmallVector<ProgramStep, 6> programs;
  uint64_t read = 0; // L1 of the tensor the step reads (0: the input)
  uint64_t previousLive = 0;
  for (const Step &step : steps) {
    uint64_t kept = std::min(previousLive, step.heldL1 + read);
    if (!programs.empty())
      programs.back().freedL1 = previousLive - kept;
    uint64_t live = step.heldL1 + read + (step.inPlace ? 0 : step.writesL1);
    programs.push_back({step.circularBytes, /*dataflowBytes=*/step.cbBytes,
                        /*allocatedL1=*/live - kept, /*freedL1=*/0,
                        step.scratchpadBytes});
    previousLive = live;
    if (!step.inPlace)
      read = step.writesL1;
  }
  return programs;
}

/// finishPrograms() of a chain whose last step writes `outShape` in
/// `outLayout` (`hasOutput` false: the last step works in place and the
/// result is the input, with no new buffer).
llvm::Expected<OpConstraints>
finishChain(llvm::StringRef opName, llvm::ArrayRef<Step> steps,
            llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
            const MockAllocatorState *initialState, bool hasOutput = true) {
  return finishPrograms(opName, chainPrograms(steps), outShape, outLayout,
                        initialState,
                        hasOutput ? ProgramResult::NewTensor
                                  : ProgramResult::InPlace);
}

/// ttnn 0.81.1's typecast program: 2 pages of each format.
uint64_t typecastCB(LayoutAttr from, LayoutAttr to) {
  return kDoubleBuffer * (tileBytes(from) + tileBytes(to));
}

/// The chain of a program that ttnn runs on bf16 for a bfp8_b tensor:
/// typecast to bf16 in the input's placement (measured: a DRAM input's bf16
/// copy stays in DRAM for an L1 output), the program, typecast back; `inner`
/// writes its result (of `outShape`) in bf16 placed like the output. The
/// input's bf16 copy is a local of ttnn's op function, live until it returns
/// (permute.cpp, transpose.cpp, pad.cpp, reshape.cpp).
llvm::SmallVector<Step, 3> throughBf16(llvm::ArrayRef<int64_t> inShape,
                                       llvm::ArrayRef<int64_t> outShape,
                                       LayoutAttr inLayout, Step inner,
                                       LayoutAttr outLayout) {
  LayoutAttr bf16In = inLayout.withDataType(DataType::BFloat16);
  LayoutAttr bf16Out = outLayout.withDataType(DataType::BFloat16);
  Step toBf16{typecastCB(inLayout, bf16In), 0, l1BytesPerBank(inShape, bf16In)};
  inner.writesL1 = l1BytesPerBank(outShape, bf16Out);
  Step back{typecastCB(bf16Out, outLayout), 0,
            l1BytesPerBank(outShape, outLayout)};
  back.heldL1 = toBf16.writesL1;
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
//   - the same shape into another placement: to_memory_config (its model
//     answers), when the last two dimensions are whole tiles or the tensor is
//     row-major (ttnn compares the padded shapes; partial tiles and rank 1
//     run the tiled program);
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
// output in the shards ttnn derives on the asked grid (reshapeTarget); a bfp8_b one typecasts in an input's shards or
// through interleaved tensors into shards. Sharded row-major reshapes
// unshard, reshape and shard (rowMajorShardedReshape).

namespace {
enum class ReshapeProgram { View, Copy, Tiled, RowMajor };

struct ReshapePlan {
  std::vector<int64_t> outShape;
  ReshapeProgram program;
  /// A view that stays in the input's placement, not the one asked for.
  bool inputPlacement = false;
  /// The tiled program's output placement: the asked one, its shards
  /// re-derived by ttnn when sharded (reshapeTarget).
  LayoutAttr target = nullptr;
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
/// are multiples of 16 B, else 8, fewer when 8 do not fit in the L1 above the
/// allocator's base, whatever L1 holds (measured on both mock devices with
/// destination rows of 98-302 KB, L1 or DRAM on either side, including an L1
/// output that would leave one slot fewer below it). A
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
    uint64_t room = currentDevice().l1AboveAllocatorBase() - read * 2 * kernels;
    slots = std::clamp<uint64_t>(room / (slot * kernels), 1, kMaxSlots);
  }
  return {0, kernels * (2 * read + slots * slot), 0};
}
} // namespace

/// The shards ttnn 0.81.1's reshape writes a sharded result of `shape` into
/// for `layout` (reshape.cpp, recompute_shard_spec_for_output): height and
/// width shards it derives from the grid, the tensor split evenly over its
/// cores in whole tiles (ceil division), the other side whole. A block
/// sharding given explicitly it keeps; one it takes from its input (a
/// composite's reshape without a memory config) it derives per grid side as
/// the largest core count up to that side's that divides the tiles evenly
/// (measured on both devices: reduction results of 3 to 13 tiles on 1x2 to
/// 2x2 grids: 3 tiles on 1x2 one shard of 3, 8 on 1x3 two of 4).
/// reshapeTarget: the explicit block sharding when it covers the tensor.
LayoutAttr analytical::reshapeShards(llvm::ArrayRef<int64_t> shape,
                                     LayoutAttr layout, bool explicitConfig) {
  if (layout.getMemoryLayout() == TensorMemoryLayout::BlockSharded &&
      explicitConfig)
    return layout;
  Geometry g = geometry(shape);
  llvm::ArrayRef<int64_t> grid = layout.getGrid();
  int64_t cores = grid[0] * grid[1];
  int64_t shard[2] = {g.heightTiles, g.widthTiles};
  auto evenly = [](int64_t tiles, int64_t most) {
    int64_t n = std::min(most, tiles);
    while (tiles % n)
      --n;
    return tiles / n;
  };
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    shard[0] = ceilDiv(g.heightTiles, cores);
    break;
  case TensorMemoryLayout::WidthSharded:
    shard[1] = ceilDiv(g.widthTiles, cores);
    break;
  case TensorMemoryLayout::BlockSharded:
    shard[0] = evenly(g.heightTiles, grid[0]);
    shard[1] = evenly(g.widthTiles, grid[1]);
    break;
  case TensorMemoryLayout::Interleaved:
    return layout;
  }
  int64_t elements[2] = {shard[0] * kTileDim, shard[1] * kTileDim};
  return layout.withShards(grid, elements);
}

namespace {
/// The shards the tiled program writes for an asked sharded `layout`
/// (reshape.cpp, recompute_shard_spec_for_output, on the explicit memory
/// config): height and width shards derived from the asked grid whatever the
/// asked shard shape; block shards as asked when whole tiles that cover the
/// tensor on the grid, else derived per grid side (reshapeShards).
LayoutAttr reshapeTarget(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  if (!layout.isSharded())
    return layout;
  if (layout.getMemoryLayout() != TensorMemoryLayout::BlockSharded)
    return reshapeShards(shape, layout, /*explicitConfig=*/true);
  Geometry g = geometry(shape);
  llvm::ArrayRef<int64_t> grid = layout.getGrid(), shard = layout.getShard();
  bool whole = shard[0] % kTileDim == 0 && shard[1] % kTileDim == 0;
  bool covers = grid[0] * shard[0] >= g.heightTiles * kTileDim &&
                grid[1] * shard[1] >= g.widthTiles * kTileDim;
  return whole && covers ? layout
                         : reshapeShards(shape, layout,
                                         /*explicitConfig=*/false);
}

/// The shards ttnn 0.81.1's row-major reshape writes for an asked sharded
/// `layout` (reshape.cpp, recompute_shard_spec_for_output without the
/// explicit override, on the 2-D view: rows x last dimension): on the asked
/// grid whatever the asked shard shape, height shards of ceil(rows / cores)
/// whole rows, width shards of ceil(width / cores) columns, block shards of
/// the most grid rows dividing the rows and grid columns dividing the width
/// into 64 B multiples, else an interleaved result. Measured on both
/// devices: 128x64 in 1x3 height shards of 43 rows, 1x4 width shards of 16,
/// 2x3 block shards of 64x32; 200x48 on a 2x2 block grid and 3780x61 on 2x5
/// interleaved.
static LayoutAttr
rowMajorReshapeTarget(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  int64_t rows = rowCount(shape);
  int64_t width = shape.empty() ? 1 : shape.back();
  llvm::ArrayRef<int64_t> grid = layout.getGrid();
  int64_t cores = grid[0] * grid[1];
  // find_best_n_1d: the most cores up to `side` splitting `dim` evenly into
  // multiples of `align` (0: none).
  auto most = [](int64_t dim, int64_t side, int64_t align) {
    for (int64_t n = side; n > 0; --n)
      if (dim % n == 0 && (dim / n) % align == 0)
        return n;
    return int64_t(0);
  };
  int64_t shard[2] = {rows, width};
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    shard[0] = ceilDiv(rows, cores);
    break;
  case TensorMemoryLayout::WidthSharded:
    shard[1] = ceilDiv(width, cores);
    break;
  case TensorMemoryLayout::BlockSharded: {
    // Block shards' width in the row-major page's recommended alignment:
    // the largest any buffer asks (64 B), in elements.
    constexpr int64_t kRecommendedRowAlignment = 64;
    int64_t alignW = std::max<int64_t>(
        kRecommendedRowAlignment / elementBytes(layout), 1);
    int64_t ny = most(rows, grid[0], 1), nx = most(width, grid[1], alignW);
    // No block split: ttnn falls back to an interleaved result.
    if (nx == 0)
      return layout.interleavedIn(PageLayout::RowMajor,
                                  layout.getBufferType());
    shard[0] = rows / ny;
    shard[1] = width / nx;
    break;
  }
  case TensorMemoryLayout::Interleaved:
    return layout;
  }
  return layout.withShards(grid, shard);
}

/// A row-major reshape on the sharded side of `inLayout` or `outLayout`:
/// ttnn 0.81.1 (reshape.cpp, perform_reshape_on_2D_RM) unshards the input
/// with sharded_to_interleaved (in its buffer type), runs the row-major
/// program into an interleaved result (in the output's buffer type) and
/// shards it with interleaved_to_sharded into the shards it derives
/// (rowMajorReshapeTarget); both temporaries live until it returns. Both
/// copies fail on shard rows that are not L1-aligned, the sharding on DRAM
/// block shards (TT_FATAL). The same shape of padded rows is not modelled.
llvm::Error rowMajorShardsError(llvm::ArrayRef<int64_t> inShape,
                                LayoutAttr inLayout,
                                llvm::ArrayRef<int64_t> outShape,
                                LayoutAttr outLayout, bool sameShape) {
  llvm::StringRef name = ReshapeOp::getOperationName();
  uint64_t alignment = currentDevice().l1Alignment;
  if (!sameShape) {
    uint64_t inRow = inLayout.isSharded()
                         ? inLayout.getShard()[1] * elementBytes(inLayout)
                         : 0;
    uint64_t outRow = outLayout.isSharded()
                          ? outLayout.getShard()[1] * elementBytes(outLayout)
                          : 0;
    if (inRow % alignment)
      return backendError(name + ": ttnn unshards the row-major input " +
                          describe(inLayout) + ", whose " +
                          llvm::Twine(inRow) + " B shard rows are not " +
                          llvm::Twine(alignment) + " B-aligned (TT_FATAL)");
    if (outRow % alignment)
      return backendError(name + ": ttnn shards the row-major result into "
                                 "shards of " +
                          llvm::Twine(outRow) + " B rows, not " +
                          llvm::Twine(alignment) + " B-aligned (TT_FATAL)");
    if (outLayout.getMemoryLayout() == TensorMemoryLayout::BlockSharded &&
        !outLayout.isL1())
      return backendError(name + ": ttnn shards the row-major result into "
                                 "DRAM block shards (interleaved_to_sharded: "
                                 "TT_FATAL)");
    return llvm::Error::success();
  }
  return notSupportedError(name + ": a row-major reshape to or from " +
                           describe(inLayout.isSharded() ? inLayout
                                                         : outLayout) +
                           " is not modelled");
}

/// `idleInputCores`: the input and output may leave cores of their grids
/// idle (a composite's own result in the shards ttnn derived for it).
llvm::Expected<ReshapePlan> planReshape(llvm::ArrayRef<int64_t> inShape,
                                        LayoutAttr inLayout,
                                        llvm::ArrayRef<int64_t> shape,
                                        LayoutAttr outLayout,
                                        bool idleInputCores = false) {
  llvm::StringRef name = ReshapeOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false, idleInputCores))
    return err;
  auto out = ReshapeOp::inferResultShape(inShape, shape);
  if (!out)
    return backendError(name + ": " + llvm::toString(out.takeError()));
  ReshapePlan plan{std::vector<int64_t>(out->begin(), out->end()),
                   ReshapeProgram::View};
  // A tiled sharded output's asked shards matter only to the same-shape
  // copy (to_memory_config checks them): a view of sharded tensors stays in
  // the input's shards and the tiled program re-derives them (measured on
  // both devices: 50x70 to 35x100 into 1x4 width shards of 32x32, which do
  // not hold the 64 padded rows, runs in 64x32 shards).
  auto checkAsked = [&] {
    return checkLayout(name, "output", plan.outShape, outLayout,
                       /*rowMajorAllowed=*/true,
                       /*indicesAllowed=*/false, idleInputCores);
  };
  bool askedFits = true;
  if (llvm::Error err = checkAsked()) {
    if (!outLayout || !outLayout.isSharded() || !inLayout ||
        inLayout.isRowMajor() != outLayout.isRowMajor())
      return err;
    llvm::consumeError(std::move(err));
    askedFits = false;
  }
  if (inLayout.isRowMajor() != outLayout.isRowMajor())
    return backendError(name + ": the input is " + describe(inLayout) +
                        " but the output is " + describe(outLayout) +
                        " (reshape keeps the layout: convert with "
                        "ttnn.to_layout)");
  if (llvm::Error err = checkSameDataType(name, inLayout, outLayout))
    return err;
  // A tiled rank-1 result of W elements, W not a multiple of 32, in width or
  // block shards narrower than its padded W': ttnn views it from a
  // tile-padded [1, 32, W'] in those shards, which changes the last
  // dimension (tensor_ops.cpp:380, TT_FATAL), from any input, the same
  // shape and placement too (measured on both devices: bf16, f32, bfp8_b;
  // 3x1x63x368 to 69552, 945x297 to 280665, 1 or 2 x 500 and 1000 to 1000,
  // 26x831 to 21606, 451x351 to 158301; stress 958275236 #43, #175).
  // Where ttnn's own view test holds (reshape.cpp, this_is_view: the last
  // dimension kept, both sides sharded or not, both in L1 or not, the rows
  // kept or whole tiles) it views the input itself, in its own shards, as
  // the rank-1 result, and the same check falls on the input's shards
  // (measured on both devices: 424 in 32x448 height shards into 1x7 block
  // or width shards of 32x64, bf16 / bfp8_b, and 1x1000 f32 in 32x1024 ones
  // into 32x256 width shards are the input itself; 424 and 1x424 in 32x64
  // width shards into 32x448 height shards TT_FATAL; edge draw seed
  // 545927135 reshape #27).
  bool rankOneView =
      plan.outShape.size() == 1 && !inShape.empty() &&
      inShape.back() == plan.outShape.back() &&
      inLayout.isSharded() == outLayout.isSharded() &&
      inLayout.isL1() == outLayout.isL1() &&
      (inShape.size() < 2 || inShape[inShape.size() - 2] == 1);
  LayoutAttr viewed = rankOneView ? inLayout : outLayout;
  if (!viewed.isRowMajor() && viewed.isSharded() &&
      plan.outShape.size() == 1 && plan.outShape[0] % kTileDim != 0 &&
      viewed.getShard()[1] !=
          int64_t(llvm::alignTo(plan.outShape[0], kTileDim)))
    return backendError(name + ": ttnn 0.81.1 views the rank-1 result of " +
                        describeShape(plan.outShape) +
                        (rankOneView ? " from the input in its own shards"
                                     : " from its tile-padded copy") +
                        " only in shards spanning it, not in " +
                        describe(viewed) + " (TT_FATAL)");
  // A tiled reshape into shards that changes the last dimension: ttnn views
  // the data in shards (tensor_ops.cpp:380, TT_FATAL when they do not span
  // the padded last dimension), by rules measured only in part:
  // - input shards narrower than the input's padded last dimension: ttnn
  //   fails some (451x351 in 160x96 block shards to 158301 width shards,
  //   stress seed 284182979 #14) and runs others (1x4x192x512 f32 in 768x32
  //   width shards to 192x2048, 4x1024 in 32x64 width shards to 4096,
  //   4x2x53x160 in 256x32 block shards to 32x40x53, stress 397264616 #24,
  //   #26, 708750739 #9; bfp8_b 896 in 32x320 block shards to 64x14 and
  //   612x567 in 160x160 to 306x2x63x9, 302483210 #4, 405609447 #36; a
  //   reduction's own 1x3x1x1 result, 745750128 #1): not modelled;
  // - bfp8_b goes through bf16 copies viewed in the output's shards: but for
  //   the rank-1 rule above they run in any shards (3x845x32 to 3x27040,
  //   832x96 to 79872, 1x1x192x613 to 24x4904, 26x831 to 2x10803, 128x64
  //   to 64x128: stress 654820101 #19, #69, 280267417 #94; measured on both
  //   devices, width and block shards, from height, width and block shards
  //   and interleaved memory).
  // Into an interleaved tensor it runs (3x2x384x284 f32 in 480x160 block
  // shards to 654336 in L1, 284182979 #4). Row-major shards keep their own
  // measured rules (below).
  bool changesLastDim = !inShape.empty() && !plan.outShape.empty() &&
                        inShape.back() != plan.outShape.back();
  if (changesLastDim && outLayout.isSharded() && !inLayout.isRowMajor() &&
      inLayout.isSharded() &&
      inLayout.getShard()[1] !=
          int64_t(llvm::alignTo(inShape.back(), kTileDim)))
    return notSupportedError(name + ": a reshape of " + describe(inLayout) +
                             " (shards narrower than the padded last "
                             "dimension) into shards changing the last "
                             "dimension is not modelled (ttnn runs some and "
                             "rejects others)");
  // A composite's own bfp8_b result (idleInputCores) of rank 2 or more
  // changing the last dimension into shards not spanning it ran: a
  // reduction's 1x3x800x1 W result into 1x2 width shards of 416 (stress
  // draw seed 957730353 reduction #36) on figures not derived: not modelled.
  if (changesLastDim && outLayout.isSharded() && !inLayout.isRowMajor() &&
      inLayout.isSharded() && idleInputCores &&
      inLayout.getDataType() == DataType::BFloat8B &&
      plan.outShape.size() >= 2 &&
      outLayout.getShard()[1] !=
          int64_t(llvm::alignTo(plan.outShape.back(), kTileDim)))
    return notSupportedError(name + ": a composite's bfp8_b result viewed "
                                    "into shards not spanning it is not "
                                    "modelled");
  // The same shape and placement: ttnn returns the input (reshape.cpp), but
  // for a row-major input whose rows are padded to whole shards: ttnn views
  // it and TT_FATALs as for any other shape (tensor_ops.cpp:380; measured:
  // 2x1x314x212 f32 in 1x7 block shards of 628x31, fresh stress draw seed
  // 635307776, reshape #27), the rules below.
  bool paddedRows = rowsPaddedToShards(inShape, inLayout);
  if (llvm::ArrayRef<int64_t>(plan.outShape) == inShape &&
      inLayout == outLayout && !paddedRows)
    return plan;
  bool sharded = inLayout.isSharded() || outLayout.isSharded();
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
  // A row-major tensor's last dimension is padded to whole shards of a
  // width or block sharding (measured: 237 columns in 48-wide shards are
  // 240): ttnn's view to the unpadded width TT_FATALs unless one shard spans
  // it (tensor_ops.cpp:380, view_device; measured on both devices).
  int64_t shardWidth = inLayout.isSharded() ? inLayout.getShard()[1] : 0;
  bool viewFails = inLayout.isRowMajor() && inLayout.isSharded() &&
                   inShape.back() % shardWidth != 0 &&
                   shardWidth < inShape.back();
  auto viewError = [&] {
    return backendError(name + ": ttnn views the " +
                        describe(inLayout) + " input, whose " +
                        llvm::Twine(inShape.back()) +
                        " columns are padded to whole shards, as " +
                        llvm::Twine(plan.outShape.back()) +
                        " columns (its view TT_FATALs)");
  };
  if (view)
    return viewFails ? viewError() : llvm::Expected<ReshapePlan>(plan);
  // The same shape into another placement: ttnn's shortcut to
  // to_memory_config (that op's model answers) compares the padded shapes
  // too, which differ for partial tiles and rank 1: those run the tiled
  // program (measured: 3x288x923 DRAM -> L1, 64 DRAM -> L1).
  bool sameShape = llvm::ArrayRef<int64_t>(plan.outShape) == inShape;
  bool copyShortcut =
      sameShape && (inLayout.isRowMajor() || tileAligned(inShape));
  // ttnn's view test asks for sharding on both sides, not the same shards:
  // the input stays in its own placement, whatever was asked (reshape.cpp,
  // this_is_view); the same shape reaches it too when the padded shapes
  // miss the copy shortcut. Measured on both devices, each the input
  // itself, no buffer: a rank-1 320 from 32x128 width shards into 32x64
  // block shards, 352x834 from 128x192 block shards into 192x224 ones,
  // 64x96 in 32x32 block shards to 2x32x96 in height shards, 3x64x100 in
  // 32x128 height shards to 192x100 in block shards, row-major 4x50x64 in
  // height shards to 200x64 in block shards.
  if (!copyShortcut && inLayout.isSharded() && outLayout.isSharded() &&
      inShape.back() == plan.outShape.back() &&
      (inLayout.isRowMajor() || rowsIn == rowsOut ||
       (rowsIn % kTileDim == 0 && rowsOut % kTileDim == 0))) {
    if (viewFails)
      return viewError();
    plan.inputPlacement = true;
    return plan;
  }
  if (sharded && inLayout.isRowMajor() && (!copyShortcut || paddedRows)) {
    if (sameShape) {
      // Rows padded to whole shards make ttnn's padded shape differ, so the
      // same shape is reshaped too (reshape.cpp): between shardings in one
      // buffer type a view, which TT_FATALs (tensor_ops.cpp:380), else
      // first sharded_to_interleaved, which TT_FATALs on shard rows that are
      // not L1-aligned (measured on both devices: edge draw seed 134189470
      // reshape #0, #6, #16, #27). The rest is not modelled.
      if (paddedRows && viewFails && inLayout.isSharded() &&
          outLayout.isSharded() && inLayout.isL1() == outLayout.isL1())
        return viewError();
      if (paddedRows && !outLayout.isSharded())
        if (llvm::Error err = rowMajorShardsError(
                inShape, inLayout, plan.outShape, outLayout, false))
          return err;
      return rowMajorShardsError(inShape, inLayout, plan.outShape, outLayout,
                                 sameShape);
    }
    plan.program = ReshapeProgram::RowMajor;
    plan.target = outLayout;
    if (outLayout.isSharded()) {
      plan.target = rowMajorReshapeTarget(plan.outShape, outLayout);
    }
    if (llvm::Error err = rowMajorShardsError(inShape, inLayout, plan.outShape,
                                              plan.target, sameShape))
      return err;
    // Rows padded to whole shards (the last dimension changing): the
    // unsharding copy writes the logical rows and the chain is the same
    // (measured on both mock devices, 8 probes exact: width and block
    // shards, bf16 and f32, into DRAM, L1, height shards and rank 1, the row
    // program's L1 check; edge draws seed 14646403 reshape #33, 278069391
    // #12).
    if (plan.target.isSharded()) {
      // Width shards that pad the row: ttnn's last view of them was not
      // measured.
      if (plan.outShape.back() % plan.target.getShard()[1] != 0)
        return notSupportedError(name + ": row-major shards of " +
                                 describeShape(plan.target.getShard()) +
                                 " padding " +
                                 llvm::Twine(plan.outShape.back()) +
                                 " columns are not modelled");
      if (llvm::Error err = checkLayoutAllowingIdleCores(
              name, "output", plan.outShape, plan.target,
              /*rowMajorAllowed=*/true))
        return err;
    }
    return plan;
  }
  if (copyShortcut) {
    plan.program = ReshapeProgram::Copy;
    return plan;
  }
  plan.program =
      inLayout.isRowMajor() ? ReshapeProgram::RowMajor : ReshapeProgram::Tiled;
  plan.target = outLayout;
  if (plan.program == ReshapeProgram::Tiled && outLayout.isSharded()) {
    plan.target = reshapeTarget(plan.outShape, outLayout);
    if (llvm::Error err = checkLayoutAllowingIdleCores(
            name, "output", plan.outShape, plan.target))
      return err;
  } else if (!askedFits) {
    return checkAsked();
  }
  return plan;
}
llvm::SmallVector<Step, 6> tiledReshapeSteps(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             llvm::ArrayRef<int64_t> out,
                                             LayoutAttr outputLayout);

/// A copy of to_memory_config's model as a step of a chain.
Step copyStep(llvm::ArrayRef<int64_t> shape, LayoutAttr from, LayoutAttr to,
              uint64_t held) {
  Analysis move = rowMajorMove(shape, from, to);
  Step step{move.cbBytes, move.scratchpadBytes, l1BytesPerBank(shape, to)};
  step.heldL1 = held;
  return step;
}

/// The row-major reshape to or from shards (rowMajorShardsError's chain):
/// sharded_to_interleaved, the row-major program, interleaved_to_sharded.
llvm::Expected<OpConstraints>
rowMajorShardedReshape(llvm::ArrayRef<int64_t> inShape, LayoutAttr inLayout,
                       llvm::ArrayRef<int64_t> out, LayoutAttr target,
                       const MockAllocatorState *initialState) {
  llvm::SmallVector<Step, 3> steps;
  LayoutAttr source = inLayout;
  uint64_t unsharded = 0;
  if (inLayout.isSharded()) {
    source =
        inLayout.interleavedIn(PageLayout::RowMajor, inLayout.getBufferType());
    steps.push_back(copyStep(inShape, inLayout, source, 0));
    unsharded = steps.back().writesL1;
  }
  LayoutAttr result =
      target.isSharded()
          ? target.interleavedIn(PageLayout::RowMajor, target.getBufferType())
          : target;
  Step reshape = rowMajorReshapeStep(inShape, out, source, result);
  reshape.writesL1 = l1BytesPerBank(out, result);
  reshape.heldL1 = 0;
  steps.push_back(reshape);
  if (target.isSharded())
    steps.push_back(copyStep(out, result, target, unsharded));
  return finishChain(ReshapeOp::getOperationName(), steps, out, target,
                     initialState);
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
  switch (plan->program) {
  case ReshapeProgram::View:
    return theInputItself(plan->inputPlacement ? inputLayout : outputLayout);
  case ReshapeProgram::Copy:
    return OpModel<ToMemoryConfigOp>::getOpConstraints(
        inputShape, inputLayout, outputLayout, initialState);
  case ReshapeProgram::RowMajor: {
    if (inputLayout.isSharded() || plan->target.isSharded())
      return rowMajorShardedReshape(inputShape, inputLayout, out,
                                    plan->target, initialState);
    Step step =
        rowMajorReshapeStep(inputShape, out, inputLayout, plan->target);
    step.writesL1 = l1BytesPerBank(out, plan->target);
    return finishChain(name, {step}, out, plan->target, initialState);
  }
  case ReshapeProgram::Tiled:
    break;
  }
  return finishChain(name,
                     tiledReshapeSteps(inputShape, inputLayout, out,
                                       plan->target),
                     out, plan->target, initialState);
}

llvm::Expected<std::optional<llvm::SmallVector<ProgramStep, 6>>>
analytical::reshapeOwnResult(llvm::ArrayRef<int64_t> inShape,
                             LayoutAttr inLayout,
                             llvm::ArrayRef<int64_t> shape,
                             LayoutAttr outLayout) {
  auto plan = planReshape(inShape, inLayout, shape, outLayout,
                          /*idleInputCores=*/true);
  if (!plan)
    return plan.takeError();
  switch (plan->program) {
  case ReshapeProgram::View:
    return std::nullopt;
  case ReshapeProgram::Tiled:
    return chainPrograms(
        tiledReshapeSteps(inShape, inLayout, plan->outShape, plan->target));
  case ReshapeProgram::Copy:
  case ReshapeProgram::RowMajor:
    break;
  }
  return notSupportedError(ReshapeOp::getOperationName() +
                           ": a copy or row-major reshape of a composite's "
                           "result is not modelled");
}

namespace {
/// The tiled program's chain from `inputLayout` to `outputLayout` (bfp8_b
/// through bf16).
llvm::SmallVector<Step, 6> tiledReshapeSteps(llvm::ArrayRef<int64_t> inputShape,
                                             LayoutAttr inputLayout,
                                             llvm::ArrayRef<int64_t> out,
                                             LayoutAttr outputLayout) {
  uint64_t output = l1BytesPerBank(out, outputLayout);
  if (inputLayout.getDataType() != DataType::BFloat8B) {
    Step step = tiledReshapeStep(inputShape, out, inputLayout);
    step.writesL1 = output;
    return {step};
  }
  // Into shards ttnn typecasts and reshapes interleaved tensors: it unshards
  // a sharded input first (sharded_to_interleaved, freed by the typecast)
  // and shards the result last (interleaved_to_sharded); a sharded input
  // into an interleaved result is typecast in its shards (reshape.cpp).
  bool toShards = outputLayout.isSharded();
  LayoutAttr from = toShards ? inputLayout.interleavedIn(
                                   PageLayout::Tile, inputLayout.getBufferType())
                             : inputLayout;
  LayoutAttr to = toShards ? outputLayout.interleavedIn(
                                 PageLayout::Tile, outputLayout.getBufferType())
                           : outputLayout;
  LayoutAttr bf16Out = to.withDataType(DataType::BFloat16);
  auto steps = throughBf16(inputShape, out, from,
                           tiledReshapeStep(inputShape, out, bf16Out), to);
  std::array<int64_t, 3> out3d = reshape3d(out);
  if (!tileAligned(out3d))
    steps.insert(steps.begin() + 2, fillPadStep(out3d, bf16Out));
  if (toShards)
    steps.push_back({0, 0, output});
  // The input's bf16 copy is live beside the fill-pad too (measured: an L1
  // input's copy is live beside both results).
  for (Step &step : llvm::drop_begin(steps, 2))
    step.heldL1 = steps.front().writesL1;
  if (toShards && inputLayout.isSharded())
    steps.insert(steps.begin(), Step{0, 0, l1BytesPerBank(inputShape, from)});
  return llvm::SmallVector<Step, 6>(steps.begin(), steps.end());
}
} // namespace

llvm::Expected<size_t> OpModel<ReshapeOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> shape, LayoutAttr outputLayout) {
  auto plan = planReshape(inputShape, inputLayout, shape, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->program == ReshapeProgram::View)
    return 0;
  if (plan->program == ReshapeProgram::Copy)
    return OpModel<ToMemoryConfigOp>::getOpRuntime(inputShape, inputLayout,
                                                    outputLayout);
  // Each program reads and writes the tensor once (bfp8_b: the typecasts,
  // the reshape and a fill-pad pass where there is tile padding).
  int64_t programs = 1;
  if (plan->program == ReshapeProgram::Tiled &&
      inputLayout.getDataType() == DataType::BFloat8B)
    programs = tileAligned(reshape3d(plan->outShape)) ? 3 : 4;
  return moveRuntime(inputShape, inputLayout, plan->outShape,
                     plan->program == ReshapeProgram::Tiled ? plan->target
                                                            : outputLayout,
                     0,
                     programs);
}

//===----------------------------------------------------------------------===//
// permute
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1 (permute.cpp) returns the input, or to_memory_config's copy of
// it into another placement (that op's model answers), for a permutation
// that moves nothing in memory
// (is_permute_nop: rank <= 1, the identity, or only dimensions of size 1
// moving while the last two (tiled) or the last (row-major) stay). Otherwise
// it sees a tensor of rank <= 4 as 4-D and sends three swaps to its transpose
// programs: of the last two dimensions (WH: an input and an output CB of 2
// tiles), of dimensions 1 and 2 (HC: 2 tiles, and a face of padding when the
// output's second-to-last dimension is not a tile multiple), of 0 and 1 (CN:
// one CB of 2 tiles). Every other permutation runs a permute program
// (permute_device_operation.cpp), chosen by where the last two dimensions go:
//   - both stay, or swap (tile-invariant): 2 tiles, and 2 more for a swap;
//   - the last stays or becomes the second-to-last (row-invariant): 2 tiles,
//     2 more for the swap, and one face row of padding when the output's
//     second-to-last dimension is not a tile multiple;
//   - otherwise (generic): three CBs of 2 pages of a tile plus the input
//     buffer's alignment beyond a face row, and the padding face row as
//     above.
// Row-major tensors run the row-major permute programs
// (permute_rm_program_factory.cpp; ttnn's transposes send interleaved
// row-major tensors there too): rows copied whole through 2 pages of a row,
// aligned to the input buffer's alignment, when the last dimension stays,
// else 32x32 blocks through three CBs of 2 x 32 x 32 elements.
// bfp8_b: the WH and CN transposes and the CN-and-WH permute program take it;
// the others run in bf16 between typecasts, the input's bf16 copy live until
// the op returns.
// A sharded input is read, and a sharded output written, where it is by the
// transposes and the permute programs alike, with their interleaved CBs
// (measured on both mock devices), except for three
// permutations that ttnn sends through chains of transposes over derived
// intermediate shards ((0, 2, 3, 1), (0, 3, 1, 2), (0, 3, 2, 1)): not
// modelled. A row-major block- or width-sharded input whose last two
// dimensions are not tile multiples is first copied to L1 interleaved (no
// CB), the copy live until the op returns; other sharded row-major inputs run
// ttnn's sharded transposes: not modelled.
// ttnn.transpose (transpose.cpp) runs the same programs for a swap of two
// dimensions, but for a swap that moves nothing (the same dimension twice, or
// two dimensions of size 1 in the 4-D view) it returns the input or
// ttnn.clone's copy (2 pages of a tile or of an aligned row; between
// interleaved placements only), bfp8_b in bf16 between typecasts unless the
// dimensions are 0 and 1.

namespace {
enum class PermuteProgram {
  Identity,
  TransposeWH,
  TransposeHC,
  TransposeCN,
  TileInvariant,
  RowInvariant,
  Generic,
  RowMajorRows,
  RowMajorBlocked,
  /// ttnn's interleaved WH transpose program on row-major pages (a sharded
  /// row-major input): it tilizes whole H x W slices.
  RowMajorTransposeWH
};

/// `perm` in ttnn's 4-D view of a rank below 4 (dimensions of size 1 added in
/// front); a rank of 4 or more as it is.
llvm::SmallVector<int64_t, 4> permutation4d(llvm::ArrayRef<int64_t> perm) {
  int64_t added = std::max<int64_t>(0, 4 - int64_t(perm.size()));
  llvm::SmallVector<int64_t, 4> result;
  for (int64_t d = 0; d < added; ++d)
    result.push_back(d);
  for (int64_t d : perm)
    result.push_back(d + added);
  return result;
}

bool isIdentity(llvm::ArrayRef<int64_t> perm) {
  for (auto [index, dim] : llvm::enumerate(perm))
    if (dim != int64_t(index))
      return false;
  return true;
}

/// ttnn 0.81.1's is_permute_nop (permute.cpp): nothing moves in memory.
bool permuteMovesNothing(llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<int64_t> perm, bool rowMajor) {
  int64_t rank = perm.size();
  int64_t kept = rowMajor ? 1 : 2;
  for (int64_t d = 0; d < rank; ++d) {
    if (perm[d] == d)
      continue;
    if (d >= rank - kept || shape[d] > 1)
      return false;
  }
  return true;
}

/// ttnn.transpose's swap of `first` and `second` (normalized) that moves
/// nothing: the same dimension, or two of size 1 in the 4-D view, where a
/// tiled tensor's last two dimensions are padded to whole tiles.
bool transposeMovesNothing(llvm::ArrayRef<int64_t> shape, int64_t first,
                           int64_t second, bool rowMajor) {
  if (first == second)
    return true;
  int64_t rank = shape.size();
  auto paddedIsOne = [&](int64_t d) {
    return shape[d] == 1 && (rowMajor || d < rank - 2);
  };
  return paddedIsOne(first) && paddedIsOne(second);
}

PermuteProgram permuteProgram(llvm::ArrayRef<int64_t> perm, bool rowMajor) {
  if (isIdentity(perm))
    return PermuteProgram::Identity;
  int64_t rank = perm.size();
  int64_t h = rank - 2, w = rank - 1;
  if (rowMajor)
    return perm[w] == w ? PermuteProgram::RowMajorRows
                        : PermuteProgram::RowMajorBlocked;
  if (rank <= 4) {
    llvm::SmallVector<int64_t, 4> as4d = permutation4d(perm);
    if (as4d == llvm::ArrayRef<int64_t>{0, 1, 3, 2})
      return PermuteProgram::TransposeWH;
    if (as4d == llvm::ArrayRef<int64_t>{0, 2, 1, 3})
      return PermuteProgram::TransposeHC;
    if (as4d == llvm::ArrayRef<int64_t>{1, 0, 2, 3})
      return PermuteProgram::TransposeCN;
  }
  if ((perm[h] == h && perm[w] == w) || (perm[h] == w && perm[w] == h))
    return PermuteProgram::TileInvariant;
  if (perm[w] == w || perm[w] == h)
    return PermuteProgram::RowInvariant;
  return PermuteProgram::Generic;
}

//===----------------------------------------------------------------------===//
// Sharded chains of transposes
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's permute.cpp runs three permutations of a sharded tiled input
// as chains of ttnn.transpose calls (one C++ expression: every intermediate
// lives until the last transpose returns). An inner transpose gets no memory
// config: transpose.cpp and the device op (transpose_device_operation.cpp,
// derive_effective_output_memory_config) place its result from its input:
//   - a native input (height or width shards in L1, even over the padded
//     tensor): WH of N = C = 1 with the shard spanning the width promotes to
//     width shards of the transposed shard; otherwise the shard scaled to the
//     result (adjust_shard_spec_to_shape), on the same grid, when exact and
//     whole tiles, else L1 interleaved;
//   - another sharded input (block shards, uneven shards): its memory layout,
//     the scaled shard when exact and whole tiles, else a shard synthesized
//     over the whole compute grid (synthesize_output_shard_spec, tiles);
//   - an interleaved input: its placement.
// The last transpose writes the requested output. Programs
// (select_program_factory): WH is the sharded program (on the shards, no
// buffer) when both sides are native on one grid and either both hold whole
// H x W slices in height shards or N = C = 1 runs height into width shards;
// else the interleaved WH program (2 + 2 tiles). HC is the interleaved HC
// program (2 tiles, a face of padding when C is not a tile multiple).

/// The transposes of a chain, in order.
enum class ChainStep { WH, HC };

struct ShardedChainRow {
  std::array<int64_t, 4> permutation;
  llvm::SmallVector<ChainStep, 3> steps;
};

/// permute.cpp's sharded branch: transpose_wh(transpose_hc(x)), ...
const ShardedChainRow kShardedChains[] = {
    {{0, 2, 3, 1}, {ChainStep::HC, ChainStep::WH}},
    {{0, 3, 1, 2}, {ChainStep::WH, ChainStep::HC}},
    {{0, 3, 2, 1}, {ChainStep::WH, ChainStep::HC, ChainStep::WH}},
};

/// The chain ttnn 0.81.1 runs for `perm` on a sharded tiled input, or
/// nullptr.
const ShardedChainRow *shardedChain(llvm::ArrayRef<int64_t> perm) {
  if (perm.size() > 4)
    return nullptr;
  llvm::SmallVector<int64_t, 4> as4d = permutation4d(perm);
  for (const ShardedChainRow &row : kShardedChains)
    if (llvm::ArrayRef<int64_t>(row.permutation) == llvm::ArrayRef(as4d))
      return &row;
  return nullptr;
}

/// A set of worker cores filled row by row from (0, 0), `cols` a row: a
/// rectangle of the user's, or num_cores_to_corerangeset's.
struct CoreFill {
  int64_t cols = 0, cores = 0;
  bool operator==(const CoreFill &other) const {
    return std::min(cols, cores) == std::min(other.cols, other.cores) &&
           cores == other.cores;
  }
};

/// A tensor of a chain in ttnn's 4-D view: its logical and padded shapes and
/// placement.
struct ChainTensor {
  std::array<int64_t, 4> logical, padded;
  TensorMemoryLayout memory = TensorMemoryLayout::Interleaved;
  bool l1 = true;
  std::array<int64_t, 2> shard{0, 0};
  CoreFill grid;

  bool sharded() const { return memory != TensorMemoryLayout::Interleaved; }
  int64_t height() const { return padded[0] * padded[1] * padded[2]; }
  /// is_unevenly_sharded (transpose_utils.cpp) on the padded tensor.
  bool even() const {
    return height() % shard[0] == 0 && padded[3] % shard[1] == 0;
  }
  /// side_native: height or width shards in L1 (tiled).
  bool nativeSide() const {
    return sharded() && l1 && memory != TensorMemoryLayout::BlockSharded;
  }
};

/// adjust_shard_spec_to_shape: the shard scaled from `from` to `to`, when
/// exact and (tiled) whole tiles.
std::optional<std::array<int64_t, 2>>
scaledShard(std::array<int64_t, 2> shard, const std::array<int64_t, 4> &from,
            const std::array<int64_t, 4> &to) {
  int64_t fromHeight = from[0] * from[1] * from[2];
  int64_t toHeight = to[0] * to[1] * to[2];
  if ((shard[0] * toHeight) % fromHeight || (shard[1] * to[3]) % from[3])
    return std::nullopt;
  std::array<int64_t, 2> result{shard[0] * toHeight / fromHeight,
                                shard[1] * to[3] / from[3]};
  if (result[0] % kTileDim || result[1] % kTileDim)
    return std::nullopt;
  return result;
}

/// synthesize_output_shard_spec (tiles, row-major orientation) over the
/// device's compute grid for `padded`.
void synthesizeShards(ChainTensor &tensor) {
  const DeviceModel &device = currentDevice();
  auto roundUp = [](int64_t value, int64_t unit) {
    return ceilDiv(value, unit) * unit;
  };
  int64_t height = tensor.height(), width = tensor.padded[3];
  int64_t cores = device.numCores();
  switch (tensor.memory) {
  case TensorMemoryLayout::HeightSharded: {
    int64_t padded = roundUp(height, cores * kTileDim);
    tensor.shard = {roundUp(ceilDiv(padded, cores), kTileDim),
                    roundUp(width, kTileDim)};
    tensor.grid = {device.gridCols,
                   std::clamp<int64_t>(ceilDiv(height, tensor.shard[0]), 1,
                                       cores)};
    return;
  }
  case TensorMemoryLayout::WidthSharded:
    tensor.shard = {roundUp(height, kTileDim),
                    roundUp(ceilDiv(width, cores), kTileDim)};
    tensor.grid = {device.gridCols,
                   std::clamp<int64_t>(ceilDiv(width, tensor.shard[1]), 1,
                                       cores)};
    return;
  default: {
    int64_t padded = roundUp(height, device.gridRows * kTileDim);
    tensor.shard = {roundUp(ceilDiv(padded, device.gridRows), kTileDim),
                    roundUp(ceilDiv(width, device.gridCols), kTileDim)};
    int64_t cols = ceilDiv(width, tensor.shard[1]);
    tensor.grid = {cols, cols * ceilDiv(height, tensor.shard[0])};
    return;
  }
  }
}

/// The 4-D view of `shape` (size-1 dimensions in front), tile-padded.
ChainTensor chainTensor(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  ChainTensor tensor;
  int64_t added = 4 - int64_t(shape.size());
  for (int64_t d = 0; d < 4; ++d)
    tensor.logical[d] = d < added ? 1 : shape[d - added];
  tensor.padded = tensor.logical;
  for (int64_t d : {2, 3})
    tensor.padded[d] = ceilDiv(tensor.padded[d], kTileDim) * kTileDim;
  tensor.memory = layout.getMemoryLayout();
  tensor.l1 = layout.isL1();
  if (layout.isSharded()) {
    tensor.shard = {layout.getShard()[0], layout.getShard()[1]};
    tensor.grid = {layout.getGrid()[1],
                   layout.getGrid()[0] * layout.getGrid()[1]};
  }
  return tensor;
}

/// One transpose of a chain: its program's buffers and its result.
struct ChainProgram {
  uint64_t cbBytes;
  ChainTensor result;
};

/// ttnn.transpose's `step` of `in` into `requested` (the chain's output), or,
/// for an inner step (nullptr), into the placement ttnn derives.
ChainProgram chainTranspose(const ChainTensor &in, ChainStep step,
                            const ChainTensor *requested, LayoutAttr layout) {
  ChainTensor out = in;
  if (step == ChainStep::WH) {
    std::swap(out.logical[2], out.logical[3]);
    std::swap(out.padded[2], out.padded[3]);
  } else {
    out.logical = {in.logical[0], in.logical[2], in.logical[1], in.logical[3]};
    out.padded = {in.padded[0], in.logical[2],
                  ceilDiv(in.logical[1], kTileDim) * kTileDim, in.padded[3]};
  }
  bool native = in.nativeSide() && in.even();
  if (requested) {
    out.memory = requested->memory;
    out.l1 = requested->l1;
    out.shard = requested->shard;
    out.grid = requested->grid;
  } else if (in.sharded() && native) {
    auto interleavedL1 = [&] {
      out.memory = TensorMemoryLayout::Interleaved;
      out.l1 = true;
    };
    if (step == ChainStep::WH && in.padded[0] == 1 && in.padded[1] == 1 &&
        in.shard[1] == in.padded[3]) {
      out.memory = TensorMemoryLayout::WidthSharded;
      out.shard = {in.shard[1], in.shard[0]};
    } else if (auto shard = scaledShard(in.shard, in.padded, out.padded)) {
      out.shard = *shard;
    } else {
      interleavedL1();
    }
  } else if (in.sharded()) {
    if (auto shard = scaledShard(in.shard, in.padded, out.padded))
      out.shard = *shard;
    else
      synthesizeShards(out);
  }
  uint64_t tile = tileBytes(layout);
  if (step == ChainStep::HC) {
    uint64_t faceRow = kFaceSide * elementBytes(layout);
    bool padding = in.logical[1] % kTileDim != 0;
    return {kDoubleBuffer * tile + (padding ? kFaceSide * faceRow : 0), out};
  }
  bool bothNative = native && out.nativeSide() && in.grid == out.grid;
  bool inHeight = bothNative && in.shard[1] == in.padded[3];
  bool outHeight = bothNative && out.shard[1] == out.padded[3];
  bool outWidth = bothNative && out.shard[0] == out.padded[2];
  bool slices = inHeight && in.shard[0] % in.padded[2] == 0 && outHeight &&
                out.shard[0] % out.padded[2] == 0;
  bool heightToWidth = in.padded[0] == 1 && in.padded[1] == 1 && inHeight &&
                       outWidth;
  return {slices || heightToWidth ? 0 : 2 * kDoubleBuffer * tile, out};
}

/// L1 per bank of a chain's tensor (0 in DRAM).
uint64_t chainTensorL1(const ChainTensor &tensor, LayoutAttr layout) {
  if (!tensor.l1)
    return 0;
  if (!tensor.sharded())
    return l1BytesPerBank(tensor.padded,
                          layout.interleavedIn(PageLayout::Tile, BufferType::L1));
  uint64_t tiles = (tensor.shard[0] / kTileDim) * (tensor.shard[1] / kTileDim);
  return ceilDiv(tiles * tileBytes(layout), currentDevice().l1Alignment) *
         currentDevice().l1Alignment;
}

/// The programs of `chain` on `inShape` in `in` into `out`: each transpose
/// holds every earlier intermediate until the chain ends. `read`: L1 of the
/// tensor the first transpose reads when it is a temporary of the op (a
/// bfp8_b input's bf16 copy), held from then on. A bfp8_b HC transpose runs
/// in bf16 between typecasts (transpose.cpp): the copy placed like its input,
/// the result cast back into the HC result's placement; both bf16 tensors are
/// freed when it returns.
llvm::SmallVector<Step, 8> chainSteps(const ShardedChainRow &chain,
                                      llvm::ArrayRef<int64_t> inShape,
                                      LayoutAttr in, LayoutAttr out,
                                      uint64_t read = 0) {
  ChainTensor tensor = chainTensor(inShape, in);
  ChainTensor requested = chainTensor(inShape, out);
  bool bfp8 = in.getDataType() == DataType::BFloat8B;
  LayoutAttr bf16 = in.withDataType(DataType::BFloat16);
  llvm::SmallVector<Step, 8> steps;
  uint64_t held = 0; // earlier intermediates, kept until the chain ends
  for (auto [index, step] : llvm::enumerate(chain.steps)) {
    bool last = index + 1 == chain.steps.size();
    bool cast = bfp8 && step == ChainStep::HC;
    ChainProgram program = chainTranspose(
        tensor, step, last ? &requested : nullptr, cast ? bf16 : in);
    uint64_t result = chainTensorL1(program.result, in);
    if (!cast) {
      steps.push_back({program.cbBytes, 0, result, false, held});
    } else {
      uint64_t copy = chainTensorL1(tensor, bf16);
      steps.push_back({typecastCB(in, bf16), 0, copy, false, held});
      steps.push_back({program.cbBytes, 0, chainTensorL1(program.result, bf16),
                       false, held + read});
      steps.push_back({typecastCB(bf16, in), 0, result, false,
                       held + read + copy});
    }
    held += read;
    read = result;
    tensor = program.result;
  }
  return steps;
}

/// Whether ttnn 0.81.1 runs a bfp8_b tiled input's `program` in bf16 between
/// typecasts. ttnn.transpose (transpose.cpp) typecasts for every swap but WH
/// and CN; ttnn.permute (permute.cpp) for every 4-D permutation but WH, CN
/// and CN-and-WH, of an interleaved input; a sharded one it sends to the
/// programs as it is, its HC swap through ttnn.transpose (which typecasts);
/// above rank 4 it runs the permute program on bfp8_b.
bool runsInBf16(PermuteProgram program, llvm::ArrayRef<int64_t> perm,
                Swap swap, bool sharded) {
  if (program == PermuteProgram::TransposeWH ||
      program == PermuteProgram::TransposeCN)
    return false;
  if (swap)
    return true;
  if (perm.size() > 4)
    return false;
  if (sharded)
    return program == PermuteProgram::TransposeHC;
  return permutation4d(perm) != llvm::ArrayRef<int64_t>{1, 0, 3, 2};
}

/// 2 pages of a row of `layout`'s last dimension `width`, aligned to its
/// buffer's alignment: the row-major row-invariant program and ttnn.clone of a
/// row-major tensor.
uint64_t rowPagesCB(int64_t width, LayoutAttr layout) {
  const DeviceModel &device = currentDevice();
  uint64_t alignment =
      layout.isL1() ? device.l1Alignment : device.dramAlignment;
  uint64_t row = width * elementBytes(layout);
  return kDoubleBuffer * ceilDiv(row, alignment) * alignment;
}

/// The program's CBs on a tensor in `layout` (bf16 for a bfp8_b chain).
uint64_t permuteCB(PermuteProgram program, llvm::ArrayRef<int64_t> perm,
                   llvm::ArrayRef<int64_t> outShape, LayoutAttr layout) {
  int64_t rank = perm.size();
  uint64_t tile = tileBytes(layout);
  // A bfp8_b face row (a sharded input's permute programs) is 16 B, a byte a
  // datum (measured on both mock devices: 8x2x32x100 (1, 2, 3, 0)).
  uint64_t faceRow = kFaceSide * (layout.getDataType() == DataType::BFloat8B
                                      ? 1
                                      : elementBytes(layout));
  bool swapsLastTwo = rank >= 2 && perm[rank - 1] == rank - 2;
  // A rank-1 tensor is one row: its height is one tile row's padding.
  int64_t height = rank >= 2 ? outShape[rank - 2] : 1;
  uint64_t padding = height % kTileDim ? faceRow : 0;
  switch (program) {
  case PermuteProgram::Identity: // ttnn.clone into another placement
    return layout.isRowMajor() ? rowPagesCB(outShape.back(), layout)
                               : kDoubleBuffer * tile;
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
  case PermuteProgram::RowMajorRows:
    return rowPagesCB(outShape.back(), layout);
  case PermuteProgram::RowMajorTransposeWH: {
    // transpose_wh_program_factory.cpp, row-major: 2 rows of Wt input tiles,
    // 2 columns of Ht output tiles, the Ht x Wt tilized slice.
    int64_t ht = ceilDiv(outShape[rank - 1], kTileDim);
    int64_t wt = ceilDiv(outShape[rank - 2], kTileDim);
    return (kDoubleBuffer * wt + kDoubleBuffer * ht + ht * wt) * tile;
  }
  case PermuteProgram::RowMajorBlocked:
    // An input CB of 2 x 32 rows of a 32-element block, an output CB of as
    // many columns and 2 blocks to transpose in.
    return 3 * kDoubleBuffer * kTileDim * kTileDim * elementBytes(layout);
  }
  llvm_unreachable("unknown permute program");
}

/// ttnn's program and the passes it runs around it.
struct PermutePlan {
  std::vector<int64_t> outShape;
  PermuteProgram program;
  /// A bfp8_b input the program cannot take: typecast to bf16 and back.
  bool throughBf16 = false;
  /// A row-major block- or width-sharded input of partial tiles: ttnn copies
  /// it to L1 interleaved first.
  bool readsCopy = false;
  /// ttnn's sharded WH program: each core transposes its own shard (no CB).
  bool shardLocal = false;
  /// Nothing moves: ttnn.transpose clones (ttnn.permute: to_memory_config).
  bool clone = false;
  /// A sharded input's chain of transposes (permute.cpp).
  const ShardedChainRow *chain = nullptr;
  /// The shape the program writes when it differs from the result's (the
  /// row-major WH program keeps padded rows).
  std::vector<int64_t> writtenShape;
};

/// ttnn 0.81.1's TransposeWHSharded program (each core transposes its own
/// shard, no CB) for a tiled WH swap (transpose_device_operation.cpp,
/// select_program_factory: use_sharded_wh): both sides L1 height or width
/// shards on one grid, the input's even (is_native_transpose_sharding), and
/// either both shards holding whole padded H x W slices of full width, or a
/// single slice (N = C = 1) in shards of the full width into shards of the
/// full height. ttnn tests the shard shapes, not the scheme: a 1x1 width
/// shard of a whole 320x224 bfp8_b tensor into a 224x320 one is local
/// (measured on both mock devices, edge draw seed 593810747 permute #35).
/// Any other sharded output runs the interleaved WH program.
bool transposesShardLocally(PermuteProgram program,
                            llvm::ArrayRef<int64_t> inShape, LayoutAttr in,
                            LayoutAttr out) {
  auto native = [](LayoutAttr l) {
    return l.isSharded() && l.isL1() &&
           l.getMemoryLayout() != TensorMemoryLayout::BlockSharded;
  };
  if (program != PermuteProgram::TransposeWH || inShape.size() < 2 ||
      !native(in) || !native(out) || out.getGrid() != in.getGrid())
    return false;
  int64_t rank = inShape.size();
  int64_t h = llvm::alignTo(inShape[rank - 2], kTileDim);
  int64_t w = llvm::alignTo(inShape[rank - 1], kTileDim);
  int64_t slices = 1;
  for (int64_t d = 0; d + 2 < rank; ++d)
    slices *= inShape[d];
  llvm::ArrayRef<int64_t> is = in.getShard(), os = out.getShard();
  if ((slices * h) % is[0] != 0 || w % is[1] != 0)
    return false;
  bool inFullWidth = is[1] == w;
  bool inWhole = inFullWidth && is[0] % h == 0;
  bool outWhole = os[1] == h && os[0] % w == 0;
  bool outFullHeight = os[0] == w;
  return (inWhole && outWhole) ||
         (slices == 1 && inFullWidth && outFullHeight);
}

/// ttnn.permute of a sharded input (permute.cpp): ranks above 4, and the
/// 4-D permutations that are neither a transpose (WH, HC, CN) nor one of the
/// chains, run the permute program on the shards as they are.
bool permutedDirectly(llvm::ArrayRef<int64_t> perm, Swap swap) {
  if (swap)
    return false;
  if (perm.size() > 4)
    return true;
  static constexpr std::array<std::array<int64_t, 4>, 4> kTransposes{
      {{0, 1, 3, 2}, {0, 2, 1, 3}, {1, 0, 2, 3}, {0, 1, 2, 3}}};
  llvm::SmallVector<int64_t, 4> as4d = permutation4d(perm);
  for (const std::array<int64_t, 4> &transpose : kTransposes)
    if (llvm::ArrayRef(as4d) == llvm::ArrayRef<int64_t>(transpose))
      return false;
  return !shardedChain(perm);
}

/// ttnn 0.81.1's program for the WH swap (of the 4-D view) of a sharded
/// row-major input not copied to L1 first (height shards, or block / width
/// shards of whole tiles) into an interleaved output: transpose.cpp runs the
/// interleaved WH program unless its CBs, counted as (2 W + 2 H + H W)
/// elements of the tile-padded slice, pass the L1 between the allocator's
/// base and the lowest L1 buffer (the input's shard at least), where it runs
/// the permute program's 32x32 blocks (measured on both mock devices, bf16
/// and f32, ranks 2-4). Its CBs (whole tiles) may still reach the input's
/// shard: ttnn throws (checkBuffersBelowInputs). Width or block shards that
/// do not divide the rows pad them to whole shards, and the WH program's
/// result keeps that padded width as its height (measured: 224x896 from
/// 45x150 block shards writes 900 rows; the permute blocks write 896). Sharded outputs (ttnn's sharded row-major WH program
/// when both sides are native) and the other swaps (the HC and CN programs
/// on row-major shards): nullopt, not modelled.
std::optional<PermuteProgram>
shardedRowMajorWH(llvm::ArrayRef<int64_t> inShape, LayoutAttr in,
                  llvm::ArrayRef<int64_t> perm, LayoutAttr out,
                  const MockAllocatorState *state) {
  int64_t rank = perm.size();
  if (rank < 2 || rank > 4 ||
      permutation4d(perm) != llvm::ArrayRef<int64_t>{0, 1, 3, 2})
    return std::nullopt;
  // Height shards into height shards may take ttnn's native sharded
  // program (transpose_device_operation.cpp, use_sharded_wh_rm): not
  // modelled. Any other sharded output is written by the interleaved
  // program (measured on both devices: block and width shards into height,
  // block and width shards, height shards into block and width shards).
  bool heightIn = in.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  if (out.isSharded() && heightIn &&
      out.getMemoryLayout() == TensorMemoryLayout::HeightSharded)
    return std::nullopt;
  const DeviceModel &device = currentDevice();
  int64_t height = ceilDiv(inShape[rank - 2], kTileDim) * kTileDim;
  int64_t width = ceilDiv(inShape[rank - 1], kTileDim) * kTileDim;
  uint64_t budget = (2 * width + 2 * height + height * width) *
                    elementBytes(in);
  uint64_t lowest = device.l1Bytes - l1BytesPerBank(inShape, in);
  if (state && !state->getL1Buffers().empty())
    lowest = std::min(lowest, state->getL1Buffers().front().address);
  uint64_t space = lowest - std::min(lowest, device.l1AllocatorBase);
  if (budget > space)
    return out.isSharded() ? std::nullopt
                           : std::optional(PermuteProgram::RowMajorBlocked);
  return PermuteProgram::RowMajorTransposeWH;
}

/// ttnn.clone copies between interleaved placements or identical shards
/// (clone_device_operation.cpp: TT_FATAL otherwise).
llvm::Error checkClone(llvm::StringRef name, LayoutAttr in, LayoutAttr out) {
  if (!(in.isSharded() || out.isSharded()) || shardedAlike(in, out))
    return llvm::Error::success();
  return backendError(name + ": a swap that moves nothing is ttnn.clone, "
                             "which does not copy " +
                      describe(in) + " into " + describe(out));
}

llvm::Expected<PermutePlan>
planPermute(llvm::StringRef name, llvm::ArrayRef<int64_t> inShape,
            LayoutAttr inLayout, llvm::ArrayRef<int64_t> perm,
            LayoutAttr outLayout, Swap swap,
            const MockAllocatorState *state = nullptr,
            bool idleCoresAllowed = false) {
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false, idleCoresAllowed))
    return err;
  auto shape = PermuteOp::inferResultShape(inShape, perm);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  bool rowMajor = inLayout.isRowMajor();
  PermutePlan plan{std::vector<int64_t>(shape->begin(), shape->end()),
                   permuteProgram(perm, rowMajor)};
  if (llvm::Error err =
          checkLayout(name, "output", plan.outShape, outLayout,
                      /*rowMajorAllowed=*/true, /*indicesAllowed=*/false,
                      idleCoresAllowed))
    return err;
  if (rowMajor != outLayout.isRowMajor())
    return backendError(name + ": the input is " + describe(inLayout) +
                        " but the output is " + describe(outLayout) +
                        " (the layout is kept: convert with ttnn.to_layout)");
  if (llvm::Error err = checkSameDataType(name, inLayout, outLayout))
    return err;
  // Above rank 4 ttnn.transpose is ttnn.permute of the swap.
  int64_t rank = inShape.size();
  if (rank > 4)
    swap = std::nullopt;
  int64_t secondLast = rank >= 2 ? inShape[rank - 2] : 1;
  bool partialTiles =
      inShape.back() % kTileDim != 0 || secondLast % kTileDim != 0;
  TensorMemoryLayout inMemory = inLayout.getMemoryLayout();
  plan.readsCopy = rowMajor && partialTiles &&
                   (inMemory == TensorMemoryLayout::BlockSharded ||
                    inMemory == TensorMemoryLayout::WidthSharded);
  bool bfp8 = inLayout.getDataType() == DataType::BFloat8B;
  auto unsupported = [&](llvm::StringRef what) {
    return notSupportedError(name + ": " + what + " is not modelled (" +
                             describe(inLayout) + " -> " +
                             describe(outLayout) + ")");
  };

  bool nothingMoves =
      swap ? transposeMovesNothing(inShape, swap->first, swap->second,
                                   rowMajor)
           : permuteMovesNothing(inShape, perm, rowMajor);
  if (nothingMoves) {
    plan.program = PermuteProgram::Identity;
    plan.clone = swap.has_value();
    if (!plan.clone) // ttnn.to_memory_config (permute.cpp, its model answers)
      return plan;
    // A row-major width / block-sharded input of partial tiles is copied to
    // L1 interleaved first (transpose.cpp), then cloned from there: into
    // shards ttnn.clone TT_FATALs (clone_device_operation.cpp:42), into L1
    // interleaved the copy is the result (measured on both mock devices:
    // 4x2x41x235 in 328x34 width shards and 4x4x82x216 in 219x54 block
    // shards into DRAM, 2x36x320 f32 in 24x320 block shards into height
    // shards; edge draws seed 137698227 transpose #26, #41, 512421160 #24).
    if (plan.readsCopy) {
      if (outLayout.isSharded())
        return backendError(name + ": a swap that moves nothing clones the "
                                   "input's L1-interleaved copy, which "
                                   "ttnn.clone does not copy into " +
                            describe(outLayout));
      return plan;
    }
    // Dimensions 0 and 1 of the 4-D view keep bfp8_b (transpose.cpp).
    int64_t added = 4 - rank;
    plan.throughBf16 =
        bfp8 && swap->first + swap->second + 2 * added != 1;
    LayoutAttr from = inLayout, to = outLayout;
    if (plan.throughBf16) {
      from = inLayout.withDataType(DataType::BFloat16);
      to = outLayout.withDataType(DataType::BFloat16);
    }
    if (from != to)
      if (llvm::Error err = checkClone(name, from, to))
        return err;
    return plan;
  }

  if (rowMajor) {
    // ttnn.permute TT_FATALs on a shard row that is not L1-aligned, first;
    // ttnn.transpose's WH, HC and CN swaps (adjacent dimensions of the 4-D
    // view) of an interleaved tensor (or its unsharded copy) call the permute
    // program directly (transpose.cpp, prim_permute), which writes such rows
    // (measured on both mock devices: height, width and block shards, bf16
    // and f32, ranks 2-4). NH, NW and CW swaps go through ttnn.permute.
    bool checksRows = !swap || std::abs(swap->first - swap->second) != 1;
    if (outLayout.isSharded() && checksRows) {
      uint64_t row = outLayout.getShard()[1] * elementBytes(outLayout);
      if (row % currentDevice().l1Alignment != 0)
        return backendError(name + ": the output's shard rows of " +
                            llvm::Twine(row) + " B are not L1-aligned");
    }
    if (inLayout.isSharded() && !plan.readsCopy &&
        permutedDirectly(perm, swap))
      return plan;
    if (inLayout.isSharded() && !plan.readsCopy) {
      auto program = shardedRowMajorWH(inShape, inLayout, perm, outLayout,
                                       state);
      if (!program)
        return unsupported("a sharded row-major input (ttnn's sharded "
                           "transposes)");
      plan.program = *program;
      int64_t shardWidth = inLayout.getShard()[1];
      // Into an interleaved tensor the rows the shards pad the width to
      // are written too; a sharded output holds the logical ones (measured).
      if (plan.program == PermuteProgram::RowMajorTransposeWH &&
          !outLayout.isSharded() && inShape.back() % shardWidth) {
        plan.writtenShape = plan.outShape;
        plan.writtenShape[rank - 2] =
            ceilDiv(inShape.back(), shardWidth) * shardWidth;
      }
    }
    return plan;
  }
  plan.throughBf16 = bfp8 && runsInBf16(plan.program, perm, swap,
                                         inLayout.isSharded());
  // Measured on both mock devices: the programs write a sharded output with
  // their interleaved CBs, from an interleaved or a sharded input, but for
  // ttnn's sharded WH program.
  plan.shardLocal =
      transposesShardLocally(plan.program, inShape, inLayout, outLayout);
  if (!inLayout.isSharded())
    return plan;
  // A sharded input (measured on both mock devices): ttnn's programs read
  // the shards where they are.
  plan.chain = shardedChain(perm);
  if (!plan.chain)
    return plan;
  // Measured on both mock devices: bf16, f32 and bfp8_b inputs in height,
  // width and block shards, into interleaved and sharded outputs.
  // ttnn.transpose casts a bfp8_b chain to bf16 as a whole; ttnn.permute
  // sends the shards as they are, and each HC casts on its own.
  plan.shardLocal = false;
  return plan;
}
} // namespace

llvm::Expected<OpConstraints> analytical::permuteConstraints(
    llvm::StringRef name, llvm::ArrayRef<int64_t> inputShape,
    LayoutAttr inputLayout, llvm::ArrayRef<int64_t> permutation,
    LayoutAttr outputLayout, const MockAllocatorState *initialState,
    Swap swap, bool idleCoresAllowed) {
  auto plan = planPermute(name, inputShape, inputLayout, permutation,
                          outputLayout, swap, initialState, idleCoresAllowed);
  if (!plan)
    return plan.takeError();
  llvm::ArrayRef<int64_t> out = plan->outShape;
  uint64_t output = l1BytesPerBank(out, outputLayout);
  if (plan->program == PermuteProgram::Identity && plan->clone &&
      plan->readsCopy) {
    // The unsharding copy (below), then ttnn.clone of it unless it already
    // is the output (planPermute).
    LayoutAttr copy = inputLayout.interleavedIn(inputLayout.getPageLayout(),
                                                BufferType::L1);
    auto unshard = memoryConfigCopy(name, inputShape, inputLayout, copy);
    if (!unshard)
      return unshard.takeError();
    llvm::SmallVector<Step, 2> steps{
        {*unshard ? (*unshard)->dataflowBytes : 0,
         *unshard ? (*unshard)->scratchpadBytes : 0,
         l1BytesPerBank(inputShape, copy)}};
    if (copy != outputLayout)
      steps.push_back({permuteCB(plan->program, permutation, out, copy), 0,
                       output});
    return finishChain(name, steps, out, outputLayout, initialState);
  }
  if (plan->program == PermuteProgram::Identity) {
    if (inputLayout == outputLayout && !plan->throughBf16)
      return theInputItself(outputLayout);
    if (!plan->clone)
      return OpModel<ToMemoryConfigOp>::getOpConstraints(
          inputShape, inputLayout, outputLayout, initialState);
    if (!plan->throughBf16) {
      Step copy{permuteCB(plan->program, permutation, out, inputLayout), 0,
                output};
      return finishChain(name, {copy}, out, outputLayout, initialState);
    }
    // ttnn.clone in bf16 between typecasts, the bf16 copy held to the end.
    LayoutAttr bf16In = inputLayout.withDataType(DataType::BFloat16);
    LayoutAttr bf16Out = outputLayout.withDataType(DataType::BFloat16);
    Step toBf16{typecastCB(inputLayout, bf16In), 0,
                l1BytesPerBank(inputShape, bf16In)};
    llvm::SmallVector<Step, 3> steps{toBf16};
    if (bf16Out != bf16In)
      steps.push_back({kDoubleBuffer * kBf16TileBytes, 0,
                       l1BytesPerBank(out, bf16Out)});
    Step back{typecastCB(bf16Out, outputLayout), 0, output};
    if (steps.size() > 1)
      back.heldL1 = toBf16.writesL1;
    steps.push_back(back);
    return finishChain(name, steps, out, outputLayout, initialState);
  }
  if (plan->chain) {
    if (!plan->throughBf16)
      return finishChain(
          name, chainSteps(*plan->chain, inputShape, inputLayout, outputLayout),
          out, outputLayout, initialState);
    // The chain in bf16 between typecasts; the input's bf16 copy is held
    // until the op returns, the intermediates until the chain's end.
    LayoutAttr bf16In = inputLayout.withDataType(DataType::BFloat16);
    LayoutAttr bf16Out = outputLayout.withDataType(DataType::BFloat16);
    Step toBf16{typecastCB(inputLayout, bf16In), 0,
                l1BytesPerBank(inputShape, bf16In)};
    llvm::SmallVector<Step, 8> steps{toBf16};
    llvm::append_range(steps, chainSteps(*plan->chain, inputShape, bf16In,
                                         bf16Out, toBf16.writesL1));
    Step back{typecastCB(bf16Out, outputLayout), 0, output};
    back.heldL1 = toBf16.writesL1;
    steps.push_back(back);
    return finishChain(name, steps, out, outputLayout, initialState);
  }
  if (plan->throughBf16) {
    // The program reads the input's bf16 copy (its alignment matters).
    LayoutAttr bf16 = inputLayout.withDataType(DataType::BFloat16);
    Step inner{permuteCB(plan->program, permutation, out, bf16)};
    return finishChain(name,
                       throughBf16(inputShape, out, inputLayout, inner,
                                   outputLayout),
                       out, outputLayout, initialState);
  }
  if (plan->readsCopy) {
    LayoutAttr copy = inputLayout.interleavedIn(inputLayout.getPageLayout(),
                                                BufferType::L1);
    // The unsharding copy: to_memory_config's program (shard rows that are
    // not whole L1 alignment units take a dataflow buffer and a shard row of
    // scratchpad; measured: 1x4x576x715 from 768x103 block shards).
    auto unshard = memoryConfigCopy(name, inputShape, inputLayout, copy);
    if (!unshard)
      return unshard.takeError();
    Step toInterleaved{*unshard ? (*unshard)->dataflowBytes : 0,
                       *unshard ? (*unshard)->scratchpadBytes : 0,
                       l1BytesPerBank(inputShape, copy)};
    Step step{permuteCB(plan->program, permutation, out, copy), 0, output};
    return finishChain(name, {toInterleaved, step}, out, outputLayout,
                       initialState);
  }
  uint64_t cbBytes =
      plan->shardLocal
          ? 0
          : permuteCB(plan->program, permutation, out, inputLayout);
  if (plan->program == PermuteProgram::RowMajorTransposeWH)
    if (llvm::Error err = checkBuffersBelowInputs(
            name, cbBytes, l1BytesPerBank(inputShape, inputLayout)))
      return err;
  llvm::ArrayRef<int64_t> written =
      plan->writtenShape.empty() ? out : llvm::ArrayRef(plan->writtenShape);
  return finishChain(name,
                     {{cbBytes, 0, l1BytesPerBank(written, outputLayout)}},
                     written, outputLayout, initialState);
}

llvm::Expected<size_t> analytical::permuteRuntime(
    llvm::StringRef name, llvm::ArrayRef<int64_t> inputShape,
    LayoutAttr inputLayout, llvm::ArrayRef<int64_t> permutation,
    LayoutAttr outputLayout, Swap swap) {
  auto plan = planPermute(name, inputShape, inputLayout, permutation,
                          outputLayout, swap);
  if (!plan)
    return plan.takeError();
  if (plan->program == PermuteProgram::Identity &&
      inputLayout == outputLayout && !plan->throughBf16)
    return 0;
  if (plan->program == PermuteProgram::Identity && !plan->clone)
    return OpModel<ToMemoryConfigOp>::getOpRuntime(inputShape, inputLayout,
                                                    outputLayout);
  // Tiles are transposed on the unpacker (64 cycles, as ttnn.transpose) when
  // the last two dimensions move; the typecasts of a bfp8_b chain are two
  // more passes over the tensor, a sharded input's interleaved copy one.
  bool transposesTiles = plan->program == PermuteProgram::TransposeWH ||
                         plan->program == PermuteProgram::Generic ||
                         plan->program == PermuteProgram::RowMajorBlocked ||
                         plan->program == PermuteProgram::RowMajorTransposeWH;
  int64_t programs = plan->chain ? int64_t(plan->chain->steps.size()) : 1;
  programs += plan->throughBf16 ? 2 : plan->readsCopy ? 1 : 0;
  return moveRuntime(inputShape, inputLayout, plan->outShape, outputLayout,
                     transposesTiles ? 64 : 0, programs);
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
// ttnn 0.81.1 (pad.cpp) returns the input when nothing is padded (wherever
// the output was asked for: the answer's layout is the input's). It pads a
// tiled tensor at the back: its pad program streams tiles through one 2-page
// CB and keeps the pad value's tile in a scratchpad. An input whose last two
// dimensions are not tile multiples first runs the fill-pad program in place
// (fillPadStep; sharded, the same buffers on each shard, of one slice only:
// TT_FATAL on a batch), which writes the pad value into the tiles' padding;
// when the padded tiles already hold the result, that is all (the result is
// the input, refilled; a rank-1 tensor always ends there, and ttnn fails when
// its tiles do not hold the result). bfp8_b runs in bf16 between typecasts,
// the fill-pad and the pad program each (the first chain's bfp8_b result is
// the second's input, live until the op returns). Sharded tensors (height,
// width, block, either side, both devices) run the same programs; the result
// is placed as asked.
// A row-major tensor is padded at the front or the back of any dimension by
// the row-major programs (rowMajorPadStep).

namespace {
enum class PadProgram {
  /// Nothing to pad: the input itself.
  Identity,
  /// The fill-pad program alone: the input, refilled.
  FillInPlace,
  /// The tiled pad program, after a fill-pad when the input has partial tiles.
  Tiled,
  /// PadRmReaderWriterMultiCoreDefaultProgramFactory.
  RowMajor,
  /// PadRmShardedHeightOnlyProgramFactory: height shards padded in height.
  RowMajorHeightShards
};

struct PadPlan {
  std::vector<int64_t> outShape;
  PadProgram program = PadProgram::Tiled;
  bool fillPad = false;
  /// The height shards ttnn pads a height-sharded input's width into instead
  /// of the requested shards (null: none), and whether a pad in height into
  /// the requested shards follows.
  LayoutAttr widened;
  bool heightAfter = false;
  /// FillInPlace: the refilled input is copied into the output by
  /// to_memory_config (an output on the other side of sharding).
  bool copiesOut = false;
};

/// A tiled height-sharded input into shards whose logical width differs
/// from the result's tile-padded one: ttnn 0.81.1 pads it into height shards
/// of that width on the input's grid, ceil(rows / cores) logical rows each
/// (pad.cpp, create_sharded_memory_config: a TT_FATAL on shards that are not
/// whole tiles), the result there; a result with more tile-padded rows than
/// the input's logical ones is then padded in height into the requested
/// shards (measured on both devices: 64x736 on 2 cores padded by 7 columns
/// writes 32x768 shards whatever was asked; 96 rows on 2 cores fail; 64x730
/// padded by 32 rows runs both pads).
llvm::Error placeWidened(PadPlan &plan, llvm::ArrayRef<int64_t> inShape,
                         LayoutAttr inLayout, LayoutAttr outLayout) {
  int64_t rank = inShape.size();
  int64_t width = ceilDiv(plan.outShape.back(), kTileDim) * kTileDim;
  if (plan.program != PadProgram::Tiled || rank < 2 ||
      inLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded ||
      !outLayout.isSharded() || width == inShape.back())
    return llvm::Error::success();
  int64_t rows = 1, paddedRows = 1;
  for (int64_t d = 0; d + 1 < rank; ++d) {
    rows *= inShape[d];
    paddedRows *= d + 2 == rank
                      ? ceilDiv(plan.outShape[d], kTileDim) * kTileDim
                      : plan.outShape[d];
  }
  llvm::ArrayRef<int64_t> grid = inLayout.getGrid();
  int64_t shardRows = ceilDiv(rows, grid[0] * grid[1]);
  if (shardRows % kTileDim != 0)
    return backendError(PadOp::getOperationName() + ": ttnn pads the width "
                        "of a height-sharded input into height shards of " +
                        llvm::Twine(shardRows) + " rows (" +
                        llvm::Twine(rows) + " rows over the input's " +
                        llvm::Twine(grid[0] * grid[1]) +
                        " cores), not whole tiles");
  plan.widened = LayoutAttr::get(
      inLayout.getContext(), BufferType::L1, TensorMemoryLayout::HeightSharded,
      inLayout.getDataType(), grid, {shardRows, width});
  plan.heightAfter = rows != paddedRows;
  if (plan.heightAfter && inLayout.getDataType() == DataType::BFloat8B)
    return notSupportedError(PadOp::getOperationName() +
                             ": a bfp8_b height-sharded input padded in "
                             "width, then in height, is not modelled");
  return llvm::Error::success();
}

/// The front padding of the last dimension.
int64_t frontColumns(llvm::ArrayRef<int64_t> padding) {
  return padding[padding.size() - 2];
}

/// ttnn 0.81.1's row-major pad program (pad_rm_reader_writer_multi_core_
/// default_program_factory.cpp) for rows of `rowBytes` (the padded last
/// dimension): a DFB of the L1-aligned row, as many rows as make 2 KiB per
/// barrier, times up to 16 barriers that fit in half of L1 above the
/// allocator base; a scratchpad of the pad value's row (DRAM-aligned) and one
/// more to realign a row padded in front or not DRAM-aligned in L1.
llvm::Expected<Step> rowMajorPadStep(uint64_t rowBytes, bool frontPadded) {
  constexpr uint64_t kBarrierBytes = 2048, kMaxBarriers = 16;
  const DeviceModel &device = currentDevice();
  uint64_t l1Row = ceilDiv(rowBytes, device.l1Alignment) * device.l1Alignment;
  uint64_t dramRow =
      ceilDiv(rowBytes, device.dramAlignment) * device.dramAlignment;
  uint64_t rowsPerBarrier = std::max<uint64_t>(ceilDiv(kBarrierBytes, l1Row), 1);
  uint64_t barrier = rowsPerBarrier * l1Row;
  uint64_t budget = device.l1Bytes / 2 - device.l1AllocatorBase;
  if (barrier > budget)
    return backendError(PadOp::getOperationName() + ": a padded row of " +
                        llvm::Twine(l1Row) +
                        " B does not fit ttnn's row-major pad budget of " +
                        llvm::Twine(budget) + " B");
  uint64_t barriers = std::clamp<uint64_t>(budget / barrier, 1, kMaxBarriers);
  bool realigns = frontPadded || l1Row % device.dramAlignment != 0;
  return Step{barriers * barrier, dramRow * (realigns ? 2 : 1), 0};
}

/// ttnn 0.81.1's checks of a row-major pad (pad_device_operation.cpp): the
/// shard rows of a sharded input and output are L1-aligned.
llvm::Error checkRowMajorShards(LayoutAttr in, LayoutAttr out) {
  uint64_t alignment = currentDevice().l1Alignment;
  for (LayoutAttr layout : {in, out}) {
    if (!layout.isSharded())
      continue;
    uint64_t row = layout.getShard()[1] * elementBytes(layout);
    if (row % alignment != 0)
      return backendError(PadOp::getOperationName() + ": the shard rows of " +
                          describe(layout) + " are " + llvm::Twine(row) +
                          " B, not a multiple of " + llvm::Twine(alignment));
  }
  return llvm::Error::success();
}

llvm::Expected<PadPlan> planRowMajorPad(llvm::ArrayRef<int64_t> inShape,
                                        LayoutAttr inLayout,
                                        PadPlan plan, LayoutAttr outLayout) {
  llvm::StringRef name = PadOp::getOperationName();
  if (inShape.size() > 4)
    return notSupportedError(name + ": a row-major tensor of rank " +
                             llvm::Twine(inShape.size()) +
                             " (padded through reshapes) is not modelled");
  if (llvm::Error err = checkRowMajorShards(inLayout, outLayout))
    return err;
  // Width or block shards that do not divide the padded rows: below rank 4
  // pad.cpp squeezes its 4-D result back with a reshape to the shard-padded
  // shape, which TT_FATALs (reshape.cpp:736, different volumes; measured:
  // 358 f32 columns into 52-column block shards, 2x64x110 f32 into 64-column
  // ones; 364 run). A rank-4 tensor needs no squeeze and runs (measured on
  // both devices: 3x1x1056x299 f32 into 634x60 block shards, edge draw seed
  // 320055741 pad #42; bf16 and width shards, from DRAM).
  if (outLayout.isSharded() && inShape.size() < 4 &&
      outLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded &&
      plan.outShape.back() % outLayout.getShard()[1] != 0)
    return backendError(name + ": the padded rows of " +
                        llvm::Twine(plan.outShape.back()) +
                        " elements are not whole shards of " +
                        llvm::Twine(outLayout.getShard()[1]) +
                        " columns (ttnn fails on a partial last shard here)");
  plan.program = PadProgram::RowMajor;
  // A height-sharded input into shards: ttnn recomputes the shards of a
  // wider result and splits a height and width padding in two pads
  // (pad.cpp): not modelled; padded in height only, into height shards of
  // the whole width at least as tall, it runs the height-only program.
  if (inLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded ||
      !outLayout.isSharded())
    return plan;
  if (plan.outShape.back() != inShape.back())
    return notSupportedError(name + ": a height-sharded row-major input "
                                    "padded in width into shards (ttnn "
                                    "recomputes the result's shards) is not "
                                    "modelled");
  if (outLayout.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
      outLayout.getShard()[0] >= inLayout.getShard()[0])
    plan.program = PadProgram::RowMajorHeightShards;
  return plan;
}

llvm::Expected<PadPlan> planPad(llvm::ArrayRef<int64_t> inShape,
                                LayoutAttr inLayout,
                                llvm::ArrayRef<int64_t> padding,
                                LayoutAttr outLayout) {
  llvm::StringRef name = PadOp::getOperationName();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  auto shape = PadOp::inferResultShape(inShape, padding);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  PadPlan plan;
  plan.outShape.assign(shape->begin(), shape->end());
  if (llvm::Error err = checkLayout(name, "output", plan.outShape, outLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  if (inLayout.isRowMajor() != outLayout.isRowMajor())
    return backendError(name + ": the input is " + describe(inLayout) +
                        " but the output is " + describe(outLayout) +
                        " (the layout is kept: convert with ttnn.to_layout)");
  if (llvm::Error err = checkSameDataType(name, inLayout, outLayout))
    return err;
  // Nothing to pad: ttnn returns the input, wherever the output was asked
  // for (the answer's layout is the input's).
  if (llvm::all_of(padding, [](int64_t p) { return p == 0; })) {
    plan.program = PadProgram::Identity;
    return plan;
  }
  if (inLayout.isRowMajor())
    return planRowMajorPad(inShape, inLayout, std::move(plan), outLayout);
  for (size_t d = 0; d < inShape.size(); ++d)
    if (padding[2 * d] != 0)
      return backendError(name + ": dimension " + llvm::Twine(d) +
                          " is padded at the front (" +
                          llvm::Twine(padding[2 * d]) +
                          "); ttnn 0.81.1 pads tiled tensors at the back only");
  plan.fillPad = !tileAligned(inShape);
  Geometry in = geometry(inShape), out = geometry(plan.outShape);
  bool sameTiles = in.heightTiles == out.heightTiles &&
                   in.widthTiles == out.widthTiles;
  if (inShape.size() == 1 && !sameTiles)
    return backendError(name + ": a rank-1 tiled tensor is padded by a view "
                               "of its own tiles (ttnn fails when " +
                        llvm::Twine(inShape[0]) + " -> " +
                        llvm::Twine(plan.outShape[0]) +
                        " needs more tiles)");
  if (plan.fillPad && inLayout.isSharded() && inShape.size() > 2 &&
      in.heightTiles != ceilDiv(inShape[inShape.size() - 2], kTileDim))
    return backendError(name + ": ttnn's sharded fill-pad program takes one "
                               "slice, the input " +
                        describeShape(inShape) + " has more");
  if (plan.fillPad && sameTiles) {
    plan.program = PadProgram::FillInPlace;
    // The result is the input (bf16 / f32) or its refilled bfp8_b copy, in
    // the input's placement whatever was asked (the answer's layout is the
    // input's), but for a request on the other side of sharding: ttnn then
    // copies it there with to_memory_config (pad.cpp), whose (un)sharding
    // program's buffers are the shards (measured on both devices, bf16 and
    // f32: width shards into DRAM and L1, L1 into height shards, DRAM into
    // block shards; bfp8_b: the refilled copy read by the copy, freed after
    // it: rank 1 to 3, height, width and block shards, DRAM and L1).
    if (inLayout.isSharded() != outLayout.isSharded())
      plan.copiesOut = true;
  }
  if (llvm::Error err = placeWidened(plan, inShape, inLayout, outLayout))
    return err;
  return plan;
}

/// The fill-pad of a tiled input with partial tiles, in place or, for
/// bfp8_b, through bf16 into a new bfp8_b tensor placed like the input
/// (fill_pad.cpp: the bf16 copy freed once it is cast back).
llvm::SmallVector<Step, 3> fillPadSteps(llvm::ArrayRef<int64_t> shape,
                                        LayoutAttr layout) {
  if (layout.getDataType() != DataType::BFloat8B)
    return {fillPadStep(shape, layout)};
  LayoutAttr bf16 = layout.withDataType(DataType::BFloat16);
  Step toBf16{typecastCB(layout, bf16), 0, l1BytesPerBank(shape, bf16)};
  Step back{typecastCB(bf16, layout), 0, l1BytesPerBank(shape, layout)};
  return {toBf16, fillPadStep(shape, bf16), back};
}
} // namespace

llvm::Expected<ConversionProgram>
analytical::rowMajorPadProgram(uint64_t rowBytes) {
  auto step = rowMajorPadStep(rowBytes, /*frontPadded=*/false);
  if (!step)
    return step.takeError();
  return ConversionProgram{0, step->cbBytes, step->scratchpadBytes};
}

llvm::Expected<OpConstraints> OpModel<PadOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> padding, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = PadOp::getOperationName();
  auto plan = planPad(inputShape, inputLayout, padding, outputLayout);
  if (!plan)
    return plan.takeError();
  llvm::ArrayRef<int64_t> out = plan->outShape;
  if (plan->widened && !plan->heightAfter)
    outputLayout = plan->widened; // ttnn places the result (the answer's)
  uint64_t output = l1BytesPerBank(out, outputLayout);
  switch (plan->program) {
  case PadProgram::Identity:
    return theInputItself(inputLayout);
  case PadProgram::RowMajor: {
    auto step = rowMajorPadStep(out.back() * elementBytes(outputLayout),
                                frontColumns(padding) != 0);
    if (!step)
      return step.takeError();
    step->writesL1 = output;
    return finishChain(name, {*step}, out, outputLayout, initialState);
  }
  case PadProgram::RowMajorHeightShards: {
    // The shards are its input and output CBs; one row of the pad value.
    Step step{uint64_t(out.back()) * elementBytes(outputLayout), 0, output};
    return finishChain(name, {step}, out, outputLayout, initialState);
  }
  case PadProgram::FillInPlace:
  case PadProgram::Tiled:
    break;
  }
  bool blockFloat = inputLayout.getDataType() == DataType::BFloat8B;
  llvm::SmallVector<Step, 6> steps;
  if (plan->fillPad)
    steps = fillPadSteps(inputShape, inputLayout);
  if (plan->program == PadProgram::FillInPlace && plan->copiesOut) {
    steps.push_back({0, 0, l1BytesPerBank(out, outputLayout)});
    return finishChain(name, steps, out, outputLayout, initialState);
  }
  if (plan->program == PadProgram::FillInPlace)
    // bf16 / f32: the input refilled, no new buffer; bfp8_b: its new copy;
    // either in the input's placement.
    return finishChain(name, steps, out, inputLayout, initialState,
                       /*hasOutput=*/blockFloat);
  uint64_t padTile = blockFloat ? kBf16TileBytes : tileBytes(inputLayout);
  Step pad{kDoubleBuffer * padTile, padTile, output};
  if (plan->heightAfter) { // into the widened shards first (bf16 / f32)
    std::vector<int64_t> widened(inputShape.begin(), inputShape.end());
    widened.back() = out.back();
    steps.push_back({pad.cbBytes, pad.scratchpadBytes,
                     l1BytesPerBank(widened, plan->widened)});
  }
  if (!blockFloat) {
    steps.push_back(pad);
    return finishChain(name, steps, out, outputLayout, initialState);
  }
  // The fill-pad's bfp8_b result is the pad chain's input, live to the end.
  uint64_t refilled = plan->fillPad ? steps.back().writesL1 : 0;
  auto chain = throughBf16(inputShape, out, inputLayout, pad, outputLayout);
  for (Step &step : llvm::drop_begin(chain))
    step.heldL1 += refilled;
  steps.append(chain.begin(), chain.end());
  return finishChain(name, steps, out, outputLayout, initialState);
}

llvm::Expected<size_t> OpModel<PadOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> padding, LayoutAttr outputLayout) {
  auto plan = planPad(inputShape, inputLayout, padding, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->program == PadProgram::Identity)
    return 0;
  int64_t typecasts =
      inputLayout.getDataType() == DataType::BFloat8B ? 2 : 0;
  size_t fill = plan->fillPad ? moveRuntime(inputShape, inputLayout,
                                            inputShape, inputLayout, 0,
                                            1 + typecasts)
                              : 0;
  if (plan->program == PadProgram::FillInPlace)
    return fill;
  return fill + moveRuntime(inputShape, inputLayout, plan->outShape,
                            outputLayout, 0, 1 + typecasts);
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
// A tiled weight is first untilized into a row-major table placed like it
// (to_layout's rule; embedding.cpp), live until the op returns.
// A sharded result (measured on both mock devices): its CB is the shard, so
// the fused program keeps only its weight CB, of the shard's width in tiles
// (double-buffered up to 64), and the row-major program none; the shard
// height must divide the index count, the fused program's shard width the
// hidden size, a row-major result must be height sharded and its weight row
// aligned to the indices buffer's alignment must be the shard row aligned to
// L1's (embeddings_rm_program_factory.cpp's TT_FATALs), and the weight must
// be interleaved. Sharded indices abort ttnn 0.81.1 under graph capture: not
// modelled.

namespace {
constexpr uint64_t kIndexBytes = 4;
/// The row-major program's index block: alignment / 4 indices, 32 B each.
constexpr uint64_t kIndexPageBytes = 32;
/// Above this many tiles per row the fused program single-buffers.
constexpr int64_t kFusedDoubleBufferTiles = 64;

enum class EmbeddingProgram {
  RowMajor,
  Fused,
  RowMajorThenTilize,
  ShardedPadTilize
};

struct EmbeddingPlan {
  std::vector<int64_t> outShape;
  EmbeddingProgram program;
  /// The weight the program reads: row-major (a tiled one's untilized copy).
  LayoutAttr table = {};
  /// A tiled weight's untilize: its buffers by kind.
  std::optional<ConversionProgram> untilize = std::nullopt;
  /// RowMajorThenTilize: to_layout's tilize of the row-major temporary (its
  /// block program stages rows in scratchpads).
  ConversionProgram tilize = {};
};

/// ttnn 0.81.1's checks of a sharded embedding result
/// (embedding_device_operation.cpp, embeddings_rm_program_factory.cpp).
llvm::Error checkShardedEmbedding(llvm::ArrayRef<int64_t> indicesShape,
                                  LayoutAttr indicesLayout,
                                  llvm::ArrayRef<int64_t> weightShape,
                                  LayoutAttr table, LayoutAttr outputLayout,
                                  bool fused) {
  llvm::StringRef name = EmbeddingOp::getOperationName();
  int64_t indices = indicesShape[0] * indicesShape[1];
  llvm::ArrayRef<int64_t> shard = outputLayout.getShard();
  bool partialTiles = !fused && !outputLayout.isRowMajor();
  // The fused program needs whole shards of indices (TT_FATAL, measured);
  // the row-major program runs with a partial last shard, its figures those
  // of whole shards (measured on both devices: 836 indices in shards of 42
  // rows, 200 in shards of 30, from L1 and DRAM).
  if (indices % shard[0] != 0 && fused)
    return backendError(name + ": " + llvm::Twine(indices) +
                        " indices do not fill whole shards of " +
                        llvm::Twine(shard[0]) + " rows");
  if (fused) {
    if (weightShape[1] % shard[1] != 0)
      return backendError(name + ": the table's " +
                          llvm::Twine(weightShape[1]) +
                          " columns are not whole shards of " +
                          llvm::Twine(shard[1]));
    return llvm::Error::success();
  }
  // The row-major program writes into the requested shards, a tiled result
  // of partial tiles too (then padded and tilized in them).
  if (outputLayout.getMemoryLayout() != TensorMemoryLayout::HeightSharded)
    return backendError(name + ": the row-major program's sharded result "
                               "must be height sharded, got " +
                        describe(outputLayout));
  if (partialTiles) {
    if (weightShape[1] % kTileDim == 0)
      return llvm::Error::success();
    return backendError(name + ": the row-major program's " +
                        llvm::Twine(weightShape[1]) +
                        "-column rows do not fill the tiled shards' " +
                        llvm::Twine(shard[1]) + " columns");
  }
  // The program writes whole weight rows aligned to the indices buffer's
  // alignment into the shard's rows, aligned to L1's.
  const DeviceModel &device = currentDevice();
  uint64_t alignment =
      indicesLayout.isL1() ? device.l1Alignment : device.dramAlignment;
  uint64_t row = weightShape[1] * elementBytes(table);
  uint64_t written = ceilDiv(row, alignment) * alignment;
  uint64_t shardRow = ceilDiv(row, device.l1Alignment) * device.l1Alignment;
  if (written != shardRow)
    return backendError(name + ": a row-major sharded result's " +
                        llvm::Twine(row) + " B rows aligned to the indices' " +
                        llvm::Twine(alignment) +
                        " B do not fit its L1-aligned shard rows");
  return llvm::Error::success();
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
  plan.table = weightLayout;
  if (!weightLayout.isRowMajor()) {
    plan.table = rowMajorIn(weightLayout);
    auto untilize = conversionProgram(weightShape, weightLayout, plan.table);
    if (!untilize || untilize->scratchpadBytes) {
      if (!untilize)
        llvm::consumeError(untilize.takeError());
      return notSupportedError(name + ": untilizing the " +
                               describeShape(weightShape) +
                               " weight runs one of ttnn's untilize programs "
                               "that are not modelled");
    }
    plan.untilize = *untilize;
  }
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
  bool wholeTiles = indicesShape[1] % kTileDim == 0 &&
                    weightShape[1] % kTileDim == 0;
  if (outputLayout.isSharded())
    if (llvm::Error err = checkShardedEmbedding(
            indicesShape, indicesLayout, weightShape, plan.table, outputLayout,
            /*fused=*/!outputLayout.isRowMajor() && wholeTiles))
      return err;
  if (outputLayout.isRowMajor())
    return plan;
  // A tiled result of partial tiles into (height) shards: the row-major
  // program writes row-major shards of the output's spec, ttnn's pad fills
  // the rows to whole tiles in such shards (its height-only program, a padded
  // row of dataflow buffer), the sharded tilize (no CB of its own) writes
  // the output; the pad is freed after the tilize, the row-major result at
  // the end (measured on both mock devices, graph trace: 1x3397 indices of
  // a 6126x448 table into 224x448 shards, 2x785 of 459x352 into 256x352,
  // 1x100 of 500x64 into 32x64, 4x50 of 1000x256 into 64x256; fresh edge
  // draws seed 832789653 embedding #17, 8461306 #46).
  if (!wholeTiles && outputLayout.isSharded()) {
    plan.program = EmbeddingProgram::ShardedPadTilize;
    return plan;
  }
  if (wholeTiles) {
    plan.program = EmbeddingProgram::Fused;
    return plan;
  }
  plan.program = EmbeddingProgram::RowMajorThenTilize;
  auto tilize = conversionProgram(plan.outShape, rowMajorIn(outputLayout),
                                  outputLayout);
  if (!tilize)
    return tilize.takeError();
  plan.tilize = *tilize;
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
  llvm::ArrayRef<int64_t> out = plan->outShape;
  uint64_t output = l1BytesPerBank(out, outputLayout);
  llvm::SmallVector<Step, 3> steps;
  // A tiled weight's row-major copy, read by the gather and held to the end.
  uint64_t table = 0;
  if (plan->untilize) {
    // The codegen untilize's circular buffers peak apart from the gather's
    // dataflow buffers (graph capture sums the two peaks: measured, a
    // 3744x1120 table into 64x1120 height shards, cb 430080 on both
    // devices, fresh draw seed 451337702 embedding #3).
    table = l1BytesPerBank(weightShape, plan->table);
    Step untilize{plan->untilize->dataflowBytes, 0, table};
    untilize.circularBytes = plan->untilize->circularBytes;
    steps.push_back(untilize);
  }
  switch (plan->program) {
  case EmbeddingProgram::RowMajor: {
    Step step = rowMajorStep(indicesShape, indicesLayout, weightShape[1],
                             plan->table, outputLayout);
    step.writesL1 = output;
    steps.push_back(step);
    break;
  }
  case EmbeddingProgram::Fused: {
    Step step = fusedStep(weightShape[1], weightLayout, outputLayout);
    step.writesL1 = output;
    steps.push_back(step);
    break;
  }
  case EmbeddingProgram::RowMajorThenTilize: {
    LayoutAttr temporary = rowMajorIn(outputLayout);
    Step gather = rowMajorStep(indicesShape, indicesLayout, weightShape[1],
                               plan->table, temporary);
    gather.writesL1 = l1BytesPerBank(out, temporary);
    Step tilize{plan->tilize.circularBytes + plan->tilize.dataflowBytes,
                plan->tilize.scratchpadBytes, output};
    tilize.heldL1 = table;
    steps.append({gather, tilize});
    break;
  }
  case EmbeddingProgram::ShardedPadTilize: {
    LayoutAttr rows = outputLayout.withPageLayout(PageLayout::RowMajor);
    Step gather = rowMajorStep(indicesShape, indicesLayout, weightShape[1],
                               plan->table, rows);
    gather.writesL1 = l1BytesPerBank(out, rows);
    std::vector<int64_t> padded(out.begin(), out.end());
    padded[1] = int64_t(llvm::alignTo(padded[1], kTileDim));
    Step pad{uint64_t(out.back()) * elementBytes(rows), 0,
             l1BytesPerBank(padded, rows)};
    pad.heldL1 = table;
    Step tilize{0, 0, output};
    tilize.heldL1 = table + gather.writesL1;
    steps.append({gather, pad, tilize});
    break;
  }
  }
  return finishChain(name, steps, out, outputLayout, initialState);
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
  if (plan->untilize)
    runtime += moveRuntime(weightShape, weightLayout, weightShape, plan->table);
  if (plan->program == EmbeddingProgram::RowMajorThenTilize ||
      plan->program == EmbeddingProgram::ShardedPadTilize)
    runtime += moveRuntime(plan->outShape, rowMajorIn(outputLayout),
                           plan->outShape, outputLayout);
  return runtime;
}

//===----------------------------------------------------------------------===//
// argmax
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's argmax of a tiled bf16 / f32 input along one of its last two
// dimensions is a single-core program: one CB of an input tile and the
// output row (its last dimension of u32 indices) in a scratchpad; the result
// is a row-major u32 tensor (a scalar is one 4-byte page). Along a leading
// dimension of a rank >= 3 tensor ttnn runs its NC program (circular
// buffers of 2 input and 2 u32 tiles) into a tiled u32 result in the
// output's buffer, then an untilize (to_layout's rule) into the output.
// A row-major input reduced along its last dimension, or along all of them,
// runs the multi-core program (argmax_multi_core_program_factory; its host
// source is not in the wheel, the rule below is its kernels' buffers and
// measured core splits: 100 shapes on both mock devices, bf16 and f32, DRAM
// and L1): the reduced row is cut into blocks of an input buffer alignment
// (alignment / 2 elements); each core reads its blocks into a DFB (two
// entries when the result's last dimension has two or more indices to
// split between the core's two data movement processors), and every core
// holds the result row (u32) and every core's partial indices (u32) and
// values (input format), 32 B-aligned rows. With a second processor ttnn
// caps the cores at N, the smallest power of two with 8 N^2 >= the row's
// bytes, and spreads the blocks evenly over N cores taken row by row (their
// DFB twice when the cores span two ranges of the grid); otherwise, or with
// no more blocks than N, it splits the blocks over the grid (split_work_to_
// cores: two groups, two DFBs, when the blocks do not divide evenly).
// Along another dimension ttnn tilizes the input first (to_layout's rule,
// placed like the input, freed at the end) and runs the tiled program.

namespace {
enum class ArgMaxProgram { Tiled, MultiCore, TilizeThenTiled, NC };

struct ArgMaxPlan {
  std::vector<int64_t> outShape;
  ArgMaxProgram program = ArgMaxProgram::Tiled;
  /// The dimension reduced (nullopt: all).
  std::optional<int64_t> axis;
  /// A row-major input tilized first (for the tiled or the NC program).
  bool tilizes = false;
};

/// The NC program's result: tiled u32 in the output's buffer, the reduced
/// dimension kept as 1.
LayoutAttr ncResultLayout(LayoutAttr outLayout) {
  return outLayout.interleavedIn(PageLayout::Tile, outLayout.getBufferType());
}

/// ttnn untilizes 4-byte u32 tiles with its native programs, as f32 (its
/// codegen untilize takes bf16 and bfp8_b only; measured on both devices):
/// to_layout's rule asked about the f32 twin of `layout` (same tile bytes).
LayoutAttr untilizedAs(LayoutAttr layout) {
  return layout.withDataType(DataType::Float32);
}

std::vector<int64_t> keptShape(llvm::ArrayRef<int64_t> shape, int64_t axis) {
  std::vector<int64_t> kept(shape.begin(), shape.end());
  kept[axis] = 1;
  return kept;
}

llvm::Expected<ArgMaxPlan> planArgMax(llvm::ArrayRef<int64_t> inShape,
                                      LayoutAttr inLayout,
                                      llvm::ArrayRef<int64_t> dims,
                                      bool keepDim, LayoutAttr outLayout) {
  llvm::StringRef name = ArgMaxOp::getOperationName();
  // Idle cores are allowed here because every sharded input is rejected
  // below (measured: height, width and block shards, idle cores or not).
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  std::optional<int64_t> dim;
  if (!dims.empty())
    dim = dims.front();
  auto shape = ArgMaxOp::inferResultShape(inShape, dim, keepDim);
  if (!shape)
    return backendError(name + ": " + llvm::toString(shape.takeError()));
  ArgMaxPlan plan;
  plan.outShape.assign(shape->begin(), shape->end());
  if (llvm::Error err = checkLayout(name, "output", plan.outShape, outLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/true))
    return err;
  if (dims.size() > 1)
    return backendError(name + ": reduces one dimension or all of them, got " +
                        llvm::Twine(dims.size()));
  bool rowMajor = inLayout.isRowMajor();
  if (!dim && !rowMajor)
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
  int64_t rank = inShape.size();
  if (dim)
    plan.axis = *dim < 0 ? *dim + rank : *dim;
  if (rowMajor && (!plan.axis || *plan.axis == rank - 1)) {
    plan.program = ArgMaxProgram::MultiCore;
    return plan;
  }
  plan.tilizes = rowMajor;
  if (rank >= 3 && *plan.axis < rank - 2) {
    plan.program = ArgMaxProgram::NC;
    if (!conversionPages(keptShape(inShape, *plan.axis),
                         untilizedAs(ncResultLayout(outLayout))))
      return notSupportedError(name + ": untilizing the NC program's " +
                               describeShape(keptShape(inShape, *plan.axis)) +
                               " result runs one of ttnn's untilize "
                               "programs that are not modelled");
  } else if (rowMajor) {
    plan.program = ArgMaxProgram::TilizeThenTiled;
  }
  if (!rowMajor)
    return plan;
  if (!conversionPages(inShape, inLayout))
    return notSupportedError(name + ": tilizing the " +
                             describeShape(inShape) +
                             " input runs one of ttnn's block tilize "
                             "programs, which are not modelled");
  return plan;
}

/// The multi-core program's dataflow buffers (see above).
llvm::Expected<uint64_t> multiCoreArgMaxCB(llvm::ArrayRef<int64_t> inShape,
                                           LayoutAttr inLayout,
                                           std::optional<int64_t> axis,
                                           bool keepDim) {
  constexpr uint64_t kRowAlignment = 32, kMinBytesFactor = 8;
  const DeviceModel &device = currentDevice();
  int64_t rank = inShape.size();
  uint64_t element = elementBytes(inLayout);
  uint64_t alignment =
      inLayout.isL1() ? device.l1Alignment : device.dramAlignment;
  int64_t blockUnits = alignment / 2; // ttnn sizes blocks in bf16 units
  int64_t width = inShape.back();
  int64_t blocks = ceilDiv(width, blockUnits);
  int64_t outLast = (!axis || keepDim || rank < 2) ? 1 : inShape[rank - 2];
  bool secondProcessor = axis && outLast >= 2;
  auto row = [&](uint64_t bytes) {
    return ceilDiv(bytes, kRowAlignment) * kRowAlignment;
  };
  int64_t capped = 1;
  while (kMinBytesFactor * capped * capped < width * element)
    capped *= 2;
  int64_t cores = 0;
  llvm::SmallVector<int64_t, 2> groupBlocks;
  if (secondProcessor && blocks > capped) {
    if (capped > device.numCores())
      return notSupportedError(ArgMaxOp::getOperationName() +
                               ": a split over more cores than the grid "
                               "holds is not modelled");
    cores = capped;
    int64_t each = ceilDiv(blocks, capped);
    bool twoRanges = cores > device.gridCols && cores % device.gridCols != 0;
    groupBlocks.assign(twoRanges ? 2 : 1, each);
  } else {
    cores = std::min<int64_t>(blocks, device.numCores());
    int64_t each = blocks / cores, extra = blocks % cores;
    if (extra)
      groupBlocks = {each + 1, each};
    else
      groupBlocks = {each};
  }
  uint64_t entries = secondProcessor ? 2 : 1;
  uint64_t bytes = 0;
  for (int64_t perCore : groupBlocks)
    bytes += entries * row(perCore * blockUnits * element);
  bytes += row(outLast * kIndexBytes);                     // the result row
  bytes += cores * row(outLast * kIndexBytes);             // partial indices
  bytes += cores * row(outLast * element);                 // partial values
  return bytes;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ArgMaxOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = ArgMaxOp::getOperationName();
  auto plan = planArgMax(inputShape, inputLayout, dims, keepDim, outputLayout);
  if (!plan)
    return plan.takeError();
  // A scalar result is one 4-byte page.
  std::vector<int64_t> sized = plan->outShape;
  if (sized.empty())
    sized.push_back(1);
  uint64_t output = l1BytesPerBank(sized, outputLayout);
  switch (plan->program) {
  case ArgMaxProgram::MultiCore: {
    auto cb = multiCoreArgMaxCB(inputShape, inputLayout, plan->axis, keepDim);
    if (!cb)
      return cb.takeError();
    return finishChain(name, {{*cb, 0, output}}, sized, outputLayout,
                       initialState);
  }
  case ArgMaxProgram::Tiled:
  case ArgMaxProgram::TilizeThenTiled:
  case ArgMaxProgram::NC:
    break;
  }
  LayoutAttr tiled =
      inputLayout.interleavedIn(PageLayout::Tile, inputLayout.getBufferType());
  if (plan->program == ArgMaxProgram::NC) {
    // ttnn's NC program (circular buffers: 2 input tiles, 2 u32 tiles) into
    // a tiled u32 result, untilized (dataflow buffers) into the output; a
    // row-major input's tilized copy and the NC result live until the end
    // (measured on both mock devices).
    LayoutAttr ncLayout = ncResultLayout(outputLayout);
    std::vector<int64_t> ncShape = keptShape(inputShape, *plan->axis);
    uint64_t ncL1 = l1BytesPerBank(ncShape, ncLayout);
    uint64_t tiledL1 = plan->tilizes ? l1BytesPerBank(inputShape, tiled) : 0;
    llvm::SmallVector<ProgramStep, 3> programs;
    if (plan->tilizes)
      programs.push_back(
          {0, *conversionCBBytes(inputShape, inputLayout, tiled), tiledL1, 0});
    programs.push_back({kDoubleBuffer * (tileBytes(tiled) + tileBytes(ncLayout)),
                        0, ncL1, 0});
    programs.push_back({0,
                        *conversionCBBytes(ncShape, untilizedAs(ncLayout),
                                           untilizedAs(outputLayout)),
                        output, ncL1 + tiledL1});
    return finishPrograms(name, programs, sized, outputLayout, initialState);
  }
  Step reduce{tileBytes(tiled), uint64_t(sized.back()) * kIndexBytes, output};
  if (plan->program == ArgMaxProgram::Tiled)
    return finishChain(name, {reduce}, sized, outputLayout, initialState);
  Step tilize{*conversionCBBytes(inputShape, inputLayout, tiled), 0,
              l1BytesPerBank(inputShape, tiled)};
  return finishChain(name, {tilize, reduce}, sized, outputLayout,
                     initialState);
}

llvm::Expected<size_t> OpModel<ArgMaxOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout) {
  auto plan = planArgMax(inputShape, inputLayout, dims, keepDim, outputLayout);
  if (!plan)
    return plan.takeError();
  // One core reads every input tile and compares it (an SFPU pass of 128
  // cycles per tile, as the unary family's transcendental ops); the
  // multi-core program splits the reduced rows over the grid.
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, plan->outShape, outputLayout);
  work.computeCycles = 128.0 * geometry(inputShape).tiles();
  work.cores = plan->program == ArgMaxProgram::MultiCore
                   ? currentDevice().numCores()
                   : 1;
  size_t runtime = roofline(work);
  if (plan->tilizes)
    runtime += moveRuntime(
        inputShape, inputLayout, inputShape,
        inputLayout.interleavedIn(PageLayout::Tile, inputLayout.getBufferType()));
  if (plan->program == ArgMaxProgram::NC)
    runtime += moveRuntime(plan->outShape, ncResultLayout(outputLayout),
                           plan->outShape, outputLayout);
  return runtime;
}

} // namespace mlir::ttnn::op_model
