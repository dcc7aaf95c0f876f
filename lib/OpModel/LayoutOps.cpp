//===- LayoutOps.cpp - concat, slice, repeat, to_layout -------------------===//
//
// ttnn 0.81.1's layout ops, read from its sources and measured on the mock
// Wormhole and Blackhole devices (docs/op-model.md, "Layout ops"). Each op
// runs one or several device programs (finishPrograms counts them as graph
// capture does); each section's comment has its rules:
//   - to_layout: ttnn's tilize / untilize selection (conversionProgram),
//     shared with the other ops, and its sharded conversions;
//   - concat: the interleaved, tiled unaligned, row-major and sharded
//     programs, padded concat dimensions through row-major data;
//   - slice: the tile program, the row-major programs (a tiled input
//     untilized and tilized around them), to_memory_config (copyProgram);
//   - repeat: ttnn's codegen legs and native row-major programs.
// Sharded concat inputs (every input sharded, or ttnn fails; all on one
// grid, in one scheme):
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
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
constexpr int64_t kCopyPages = 2;
constexpr int64_t kRepeatPages = 8;
/// A repeat of an outer dimension (not one of the last two) into L1 streams
/// one page (measured on both mock devices; into DRAM: kRepeatPages).
constexpr int64_t kOuterRepeatL1Pages = 1;

/// `value` rounded up to a multiple of `alignment`.
uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return ceilDiv(value, alignment) * alignment;
}

/// One core's share of `total` over `cores`, in whole tiles: the extent of
/// the shards ttnn's untilize with unpadding derives (per_core_extent).
int64_t shardExtent(int64_t total, int64_t cores) {
  return ceilDiv(ceilDiv(total, cores), kTileDim) * kTileDim;
}

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

/// Legality and output shape of slice and repeat: layouts (row-major too;
/// an output's shards may leave cores idle, measured), formats, and the
/// input's page layout kept (they do not convert).
llvm::Expected<std::vector<int64_t>>
checkSingleInput(llvm::StringRef name, llvm::ArrayRef<int64_t> inShape,
                 LayoutAttr inLayout,
                 llvm::Expected<llvm::SmallVector<int64_t>> outShape,
                 LayoutAttr outLayout) {
  // The output shape first: an llvm::Expected destroyed unread aborts.
  auto shape = asOutput(name, std::move(outShape));
  if (!shape)
    return shape.takeError();
  if (llvm::Error err = checkLayout(name, "input", inShape, inLayout,
                                    /*rowMajorAllowed=*/true))
    return err;
  if (llvm::Error err = checkLayout(name, "output", *shape, outLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  if (llvm::Error err = checkSameFormat(name, "the input", inLayout, outLayout))
    return err;
  if (inLayout.isRowMajor() != outLayout.isRowMajor())
    return backendError(name + ": the output's page layout must be the "
                               "input's (" + describe(inLayout) +
                        "; convert with ttnn.to_layout)");
  return shape;
}
} // namespace

//===----------------------------------------------------------------------===//
// to_layout
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's interleaved conversions (conversionProgram), read from its
// tilize / untilize sources (tilize.cpp, tilize_with_val_padding.cpp,
// untilize.cpp, untilize_with_unpadding.cpp, their device operations'
// select_program_factory, the codegen untilize's CB plan and
// work_split_tilize's block split) and measured on the mock Wormhole and
// Blackhole devices (ranks 1 to 4, aligned or not, up to 8192 columns, bf16 /
// f32 / bfp8_b, DRAM / L1: every one of 330 shapes exact). "pair" is one input
// and one output tile (a bfp8_b untilize writes bf16); Wt the padded width in
// tiles, Ht the second-to-last dimension's tiles, R all tile rows (Ht times
// the outer dimensions), C the worker cores, M the L1 above the allocator base,
// P an L1 output's per-bank bytes (rounded up to the DRAM alignment: the L1
// allocator's granule) that the selection reserves. A rank-1 tensor is one
// row of a 2-D one.
//   - tilize (tile-multiple shapes: TilizeMultiCore, else tilize with value
//     padding): one tile row per block, Wt pairs, unless the row's CBs and
//     staging (Wt (pair + a tile row) + 2 DRAM alignment units) do not fit M
//     - P, or square blocks use more cores than rows (blocksUseMoreCores),
//     when ttnn runs its block program (blockProgram);
//   - untilize of a tile-multiple bf16 / bfp8_b tensor: the codegen program
//     (codegenUntilize) when its CBs fit, else as f32;
//   - untilize of a tile-multiple f32 tensor (native): the block program when
//     a row's pair does not fit M - P or square blocks use more cores than
//     rows, else Wt x min(2, ceil(R / C)) pairs (double-buffered once a core
//     has two rows); rows of more than ttnn's max_tiles_per_cb run its
//     single-core or column programs: not modelled;
//   - untilize of other shapes (untilize with unpadding): the block program
//     as above (its square-block test on Ht, not R), else Wt pairs.
// The codegen untilize counts as circular buffers, the other programs as
// dataflow buffers (graph capture peaks each kind apart); the block tilize
// stages rows in scratchpads. A conversion to the input's own page layout
// returns the input (no program) and ignores another requested placement.
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
//     rule above (its block program into shards: not supported).

namespace {
constexpr int64_t kDoubleBuffer = 2;
/// ttnn's threshold_row_block: rows up to this many tiles never take the
/// block programs.
constexpr int64_t kBlockRowTiles = 32;
/// The codegen untilize plans its CBs in bf16 tiles and declines rows whose
/// two bf16 copies pass this many bytes on more than one tile row
/// (untilize_codegen_supported.cpp, kWideChunkThreshold).
constexpr uint64_t kCodegenRowBytes = 800000;

/// The data type of `layout`'s data as row-major pages: bfp8_b (a tile
/// format) untilizes to bf16.
DataType rowMajorType(LayoutAttr layout) {
  return layout.getDataType() == DataType::BFloat8B ? DataType::BFloat16
                                                    : layout.getDataType();
}

/// The data type the output must have: the input's, except that bfp8_b (a
/// tile format) untilizes to bf16.
DataType convertedType(LayoutAttr in, LayoutAttr out) {
  return !in.isRowMajor() && out.isRowMajor() ? rowMajorType(in)
                                              : in.getDataType();
}

/// A tensor as the tilize / untilize programs see it: Wt tiles a row, Ht
/// tiles along the second-to-last dimension, R tile rows in all; a rank-1
/// tensor is a single row.
struct TileGrid {
  int64_t width, height, wt, ht, rows;
  bool aligned;
};

TileGrid tileGrid(llvm::ArrayRef<int64_t> shape) {
  int64_t width = shape.empty() ? 1 : shape.back();
  int64_t height = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  int64_t outer = 1;
  for (int64_t dim : shape.drop_back(std::min<size_t>(2, shape.size())))
    outer *= dim;
  int64_t ht = ceilDiv(height, kTileDim);
  return {width, height, ceilDiv(width, kTileDim), ht, outer * ht,
          tileAligned(shape)};
}

/// ttnn's compute_ncores: the cores splitting `blocks` evenly over `cores`
/// use (work_split_tilize.hpp).
int64_t rowSplitCores(int64_t blocks, int64_t cores) {
  int64_t perCore = ceilDiv(blocks, cores);
  return perCore == 0 ? blocks : ceilDiv(blocks, perCore);
}

/// The block side ttnn's compute_ncores_wh picks for `blocks` tiles of a
/// Wt x Ht grid (closest_square_larger_than_b): from floor(sqrt(ceil(blocks
/// / C))), the next one when that is not a perfect square, the first side
/// whose blocks fit in fewer than C cores.
int64_t squareBlockSide(int64_t blocks, int64_t wt, int64_t ht,
                        int64_t cores) {
  int64_t perCore = ceilDiv(blocks, cores);
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
  return 1;
}

/// ttnn's switch to a block program for rows wider than 32 tiles (and
/// `colTiles` > 32 or Wt > `colTiles`): square blocks of `blocks` tiles
/// would use more cores than splitting the R tile rows. The programs differ
/// in what they count: the native untilize passes R as `colTiles`, the
/// others Ht; tilize with value padding counts the blocks of the unpadded
/// input (floor(height x width / 1024)).
bool blocksUseMoreCores(int64_t blocks, int64_t wt, int64_t colTiles,
                        int64_t rows, int64_t cores) {
  if (wt <= kBlockRowTiles || !(colTiles > kBlockRowTiles || wt > colTiles))
    return false;
  int64_t side = squareBlockSide(blocks, wt, colTiles, cores);
  return rowSplitCores(rows, cores) <
         ceilDiv(wt, side) * ceilDiv(colTiles, side);
}

/// The widths in tiles of a block program's two buffer sets, both held on
/// every core: the full blocks' (when Wt >= s) and the cliff column's (Wt
/// mod s); 0 for a set that does not exist.
std::array<int64_t, 2> blockSetWidths(int64_t wt, int64_t side) {
  return {wt >= side ? side : 0, wt % side};
}

/// The L1 a tilize / untilize's selection reserves for its output: its
/// per-bank bytes rounded up to the L1 allocator's granule, the DRAM
/// alignment (common.cpp, get_pending_l1_output_reservation); 0 in DRAM or
/// sharded.
uint64_t reservedOutputL1(llvm::ArrayRef<int64_t> shape, LayoutAttr out) {
  if (!out.isL1() || out.isSharded())
    return 0;
  uint64_t granule = currentDevice().dramAlignment;
  return ceilDiv(std::max(bytesPerBank(shape, out), granule), granule) *
         granule;
}

/// Whether `bytes` of CBs fit beside a reserved output (is_enough_space:
/// strictly below what is left of M).
bool fitsBeside(uint64_t bytes, uint64_t reserved) {
  uint64_t capacity = currentDevice().l1AboveAllocatorBase();
  return reserved < capacity && bytes < capacity - reserved;
}

/// ttnn's block tilize / untilize (make_block_plan): square blocks of the
/// last two dimensions' Wt x Ht tiles, a set of buffers for the full blocks
/// and one for the cliff column, both counted on every core (measured);
/// `stagingPerTile` bytes a tile (a tilize stages a tile row of input) plus
/// two DRAM alignment units of scratchpad per set. Blocks beyond ttnn's CB
/// budget take its sub-block search: not modelled.
llvm::Expected<ConversionProgram> blockProgram(const TileGrid &g,
                                               uint64_t tileIn,
                                               uint64_t tileOut,
                                               uint64_t stagingPerTile) {
  const DeviceModel &device = currentDevice();
  uint64_t fixed = stagingPerTile ? 2 * device.dramAlignment : 0;
  uint64_t limit = (device.l1AboveAllocatorBase() - fixed) /
                   (tileIn + tileOut + stagingPerTile);
  int64_t side = squareBlockSide(g.wt * g.ht, g.wt, g.ht, device.numCores());
  if (uint64_t(side) > limit)
    return notSupportedError(ToLayoutOp::getOperationName() + ": blocks of " +
                             llvm::Twine(side) + " tiles a side exceed ttnn's "
                             "CB budget (its sub-block search is not "
                             "modelled)");
  ConversionProgram program;
  for (int64_t width : blockSetWidths(g.wt, side)) {
    if (width == 0)
      continue;
    program.dataflowBytes += width * (tileIn + tileOut);
    if (stagingPerTile)
      program.scratchpadBytes += width * stagingPerTile + fixed;
  }
  return program;
}

/// ttnn's codegen untilize (bf16 / bfp8_b, interleaved; a shape that is not
/// a tile multiple only when ttnn.untilize itself is called, in bf16, which
/// to_layout never does): a core's block is Wt tiles, a share of a single
/// tile row of a tile-multiple shape (ceil(Wt / C)), or such a row split into
/// the most columns that divide Wt and give each row at most C / R cores; its
/// CBs, in bf16 tiles, are double-buffered on both sides when 4 blocks fit M,
/// on the input side when 3 do, else single (untilize_codegen_cb_plan.cpp).
/// nullopt when ttnn runs the native untilize instead: rows past the codegen
/// limit, or a single buffer not fitting beside the reserved output.
std::optional<ConversionProgram> codegenUntilize(const TileGrid &g,
                                                 uint64_t tileIn,
                                                 uint64_t tileOut,
                                                 uint64_t reserved) {
  const DeviceModel &device = currentDevice();
  int64_t cores = device.numCores();
  uint64_t capacity = device.l1AboveAllocatorBase();
  if ((g.rows > 1 || !g.aligned) &&
      uint64_t(2 * g.wt) * kBf16TileBytes > kCodegenRowBytes)
    return std::nullopt;
  int64_t pages = g.wt;
  if (g.aligned && g.rows == 1) {
    pages = ceilDiv(g.wt, cores);
  } else if (g.aligned && g.rows < cores) {
    int64_t columns = std::min(cores / g.rows, g.wt);
    while (columns > 1 && g.wt % columns != 0)
      --columns;
    pages = g.wt / columns;
  }
  uint64_t block = uint64_t(pages) * kBf16TileBytes;
  if (2 * block > capacity || reserved >= capacity ||
      2 * block > capacity - reserved)
    return std::nullopt;
  ConversionProgram program;
  int64_t inPages = 3 * block <= capacity ? kDoubleBuffer * pages : pages;
  int64_t outPages = 4 * block <= capacity ? kDoubleBuffer * pages : pages;
  program.circularBytes = inPages * tileIn + outPages * tileOut;
  return program;
}

/// ttnn's max_tiles_per_cb: tiles of `layout` in half of L1 above the
/// allocator base, double-buffered.
int64_t maxTilesPerCB(LayoutAttr layout) {
  const DeviceModel &device = currentDevice();
  return int64_t((device.l1Bytes / 2 - device.l1AllocatorBase) /
                 (kDoubleBuffer * tileBytes(layout)));
}

/// Which ttnn entry untilizes: to_layout (ttnn.untilize for tile-multiple
/// shapes, ttnn.untilize_with_unpadding for others), ttnn.untilize itself
/// (repeat's round trip: the codegen program also for padded bf16 shapes) or
/// ttnn.untilize_with_unpadding itself (concat: its program for every
/// shape).
enum class UntilizeEntry { ToLayout, Untilize, WithUnpadding };

llvm::Expected<ConversionProgram>
untilizeProgram(llvm::ArrayRef<int64_t> shape, LayoutAttr in, LayoutAttr out,
                UntilizeEntry entry = UntilizeEntry::ToLayout) {
  TileGrid g = tileGrid(shape);
  if (entry == UntilizeEntry::WithUnpadding)
    g.aligned = false;
  uint64_t tileIn = tileBytes(in), tileOut = tileBytes(out);
  uint64_t pair = tileIn + tileOut;
  uint64_t reserved = reservedOutputL1(shape, out);
  int64_t cores = currentDevice().numCores();
  bool codegen = g.aligned ? in.getDataType() != DataType::Float32
                           : entry == UntilizeEntry::Untilize &&
                                 in.getDataType() == DataType::BFloat16;
  if (codegen)
    if (std::optional<ConversionProgram> codegen =
            codegenUntilize(g, tileIn, tileOut, reserved))
      return *codegen;
  bool fits = fitsBeside(g.wt * pair, reserved);
  // The native untilize tests square blocks against all tile rows, the
  // unpadding one against the last two dimensions' (their device ops).
  int64_t colTiles = g.aligned ? g.rows : g.ht;
  if (!fits || blocksUseMoreCores(g.wt * g.ht, g.wt, colTiles, g.rows, cores))
    return blockProgram(g, tileIn, tileOut, 0);
  ConversionProgram program;
  if (!g.aligned) {
    program.dataflowBytes = g.wt * pair;
    return program;
  }
  if (g.wt > maxTilesPerCB(in))
    return notSupportedError(
        ToLayoutOp::getOperationName() + ": a row of " + llvm::Twine(g.wt) +
        " tiles of " + describe(in) + " exceeds ttnn's " +
        llvm::Twine(maxTilesPerCB(in)) +
        " tiles per CB: its single-core and column untilizes are not "
        "modelled");
  program.dataflowBytes =
      g.wt * std::min(kDoubleBuffer, ceilDiv(g.rows, cores)) * pair;
  return program;
}

llvm::Expected<ConversionProgram>
tilizeProgram(llvm::ArrayRef<int64_t> shape, LayoutAttr in, LayoutAttr out) {
  TileGrid g = tileGrid(shape);
  uint64_t tileIn = tileBytes(in), tileOut = tileBytes(out);
  uint64_t staging = tileIn / kTileDim;
  uint64_t rowBytes =
      g.wt * (tileIn + tileOut + staging) + 2 * currentDevice().dramAlignment;
  int64_t blocks = g.aligned ? g.wt * g.ht : g.height * g.width / (kTileDim * kTileDim);
  if (!fitsBeside(rowBytes, reservedOutputL1(shape, out)) ||
      blocksUseMoreCores(blocks, g.wt, g.ht, g.rows,
                         currentDevice().numCores())) {
    if (out.isSharded())
      return notSupportedError(ToLayoutOp::getOperationName() +
                               ": ttnn's block tilize into shards is not "
                               "modelled");
    return blockProgram(g, tileIn, tileOut, staging);
  }
  ConversionProgram program;
  program.dataflowBytes = g.wt * (tileIn + tileOut);
  return program;
}
} // namespace

llvm::Expected<ConversionProgram>
analytical::conversionProgram(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                              LayoutAttr out) {
  return in.isRowMajor() ? tilizeProgram(shape, in, out)
                         : untilizeProgram(shape, in, out);
}

std::optional<uint64_t>
analytical::conversionCBBytes(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                              LayoutAttr out) {
  llvm::Expected<ConversionProgram> program = conversionProgram(shape, in, out);
  if (!program) {
    llvm::consumeError(program.takeError());
    return std::nullopt;
  }
  // Callers count no scratchpad: a program with one is outside their model.
  if (program->scratchpadBytes)
    return std::nullopt;
  return program->circularBytes + program->dataflowBytes;
}

std::optional<int64_t>
analytical::conversionPages(llvm::ArrayRef<int64_t> shape, LayoutAttr in) {
  LayoutAttr out = in.interleavedIn(
      in.isRowMajor() ? PageLayout::Tile : PageLayout::RowMajor,
      in.getBufferType());
  if (!in.isRowMajor() && in.getDataType() == DataType::BFloat8B)
    out = out.withDataType(DataType::BFloat16);
  std::optional<uint64_t> bytes = conversionCBBytes(shape, in, out);
  if (!bytes)
    return std::nullopt;
  return int64_t(*bytes / (tileBytes(in) + tileBytes(out)));
}

namespace {

/// A conversion's programs, in order (the last writes the output), and the
/// layout ttnn produces (a sharded tilize keeps the input's shards).
struct Conversion {
  llvm::SmallVector<ProgramStep, 2> programs;
  LayoutAttr output;
};

/// A conversion program as a step writing `shape` in `output`.
ProgramStep conversionStep(const ConversionProgram &program,
                           llvm::ArrayRef<int64_t> shape, LayoutAttr output) {
  ProgramStep step;
  step.circularBytes = program.circularBytes;
  step.dataflowBytes = program.dataflowBytes;
  step.scratchpadBytes = program.scratchpadBytes;
  step.allocatedL1 = l1BytesPerBank(shape, output);
  return step;
}

/// The one program of a conversion (its output allocated when it runs).
Conversion oneProgram(const ConversionProgram &program, llvm::ArrayRef<int64_t> shape,
                      LayoutAttr output) {
  return Conversion{{conversionStep(program, shape, output)}, output};
}

/// A program with `dataflowBytes` of buffers writing `output`.
Conversion streamed(uint64_t dataflowBytes, llvm::ArrayRef<int64_t> shape,
                    LayoutAttr output) {
  ConversionProgram program;
  program.dataflowBytes = dataflowBytes;
  return oneProgram(program, shape, output);
}

/// ttnn's sharded untilize with unpadding (a shape that is not a tile
/// multiple, from shards): into an interleaved output the input CB is the
/// shard and the output CB two shard rows of tiles (2 Ws); ttnn TT_FATALs on
/// a batched block-sharded input (its validation). Into shards of the same
/// memory layout, ttnn derives the output's shards (below).
llvm::Expected<Conversion> unpaddingShards(llvm::ArrayRef<int64_t> shape,
                                           LayoutAttr in, LayoutAttr out) {
  llvm::StringRef name = ToLayoutOp::getOperationName();
  // Into shards of another memory layout but block: TT_FATAL (same_type ||
  // cross_to_block, untilize_with_unpadding_device_operation.cpp:299, or the
  // derived output's shard alignment before it; measured on both devices:
  // width into height, height into width, block into height shards).
  // Into shards: the same memory layout, or block and width shards into
  // each other with shards of one width (untilize_with_unpadding_device_
  // operation.cpp's validation: cross_to_width, cross_to_block).
  bool blockIn = in.getMemoryLayout() == TensorMemoryLayout::BlockSharded;
  bool heightIn = in.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  bool heightOut = out.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  if (out.isSharded() && out.getMemoryLayout() != in.getMemoryLayout() &&
      (heightIn || heightOut || in.getShard()[1] != out.getShard()[1]))
    return backendError(name + ": ttnn 0.81.1 untilizes " + describe(in) +
                        " with unpadding into the same memory layout, or "
                        "block and width shards of one shard width into "
                        "each other, not " + describe(out) + " (TT_FATAL)");
  int64_t outer = 1;
  for (int64_t dim : shape.drop_back(std::min<size_t>(2, shape.size())))
    outer *= dim;
  // Block shards only unbatched, into any output; width shards only
  // unbatched into an interleaved one (its validation; measured: a batched
  // 2x1x544x222 bfp8_b from 7x3 block shards into 4x1 block shards fails,
  // fresh draw seed 484200399 slice #88).
  if (outer > 1 && (blockIn || (!out.isSharded() &&
                                in.getMemoryLayout() ==
                                    TensorMemoryLayout::WidthSharded)))
    return backendError(name + ": ttnn 0.81.1 untilizes " + describe(in) +
                        " of a batched " + describeShape(shape) +
                        " with unpadding only unbatched (TT_FATAL)");
  // The asked shards must be whole tiles, though ttnn derives others
  // (shard_align_error: 930x352 from 960x96 width shards into 930x17 ones,
  // stress seed 554295409 to_layout #21, both devices).
  if (out.isSharded() &&
      (out.getShard()[0] % kTileDim || out.getShard()[1] % kTileDim))
    return backendError(name + ": the output shard shape " +
                        describeShape(out.getShard()) +
                        " is not a multiple of the 32x32 tile (TT_FATAL)");
  if (out.isSharded() && out.getMemoryLayout() != in.getMemoryLayout())
    return notSupportedError(name + ": untilizing " + describe(in) + " of " +
                             describeShape(shape) + " (not a tile multiple) "
                             "into " + describe(out) + " is not modelled");
  // Into shards of its own memory layout: ttnn derives the output's shards
  // on the input's grid (compute_output_specs): height shards of whole
  // matrices (several when a shard holds them) or of ceil(rows / cores)
  // rows, the logical width; block shards ceil(rows / grid rows) x
  // ceil(width / grid columns) in whole tiles; width shards all rows x the
  // input's shard width. Its output CB is bound to those shards, the input
  // CB to the input's, and a middle CB holds two input shards of output
  // tiles. Measured on both devices: 1x297x864 and 297x864 in 160x864 height
  // shards (552960 B, 160x864 shards), 100x200 in 64x128 block shards
  // (32768, 64x128), in 128x128 width shards (65536, 100x128).
  // The middle CB holds two batches of tiles, a batch being a padded matrix
  // of the shard (height shards holding several) or the whole tensor's
  // (other shards), and 16 tiles for an output 16 wide of whole tile rows
  // (the sharded factory's num_output_tiles: ntiles_per_batch * 2, or 16 on
  // its unpad_tensor_w_16 path). Measured on both devices: 4x50x70 in
  // 128x96 height shards (24576 B), 6x40x40 in 192x64 (16384), 8x20x30 in
  // 128x32 (4096).
  if (out.isSharded()) {
    llvm::ArrayRef<int64_t> grid = in.getGrid(), inShard = in.getShard();
    int64_t rows = rowCount(shape), width = shape.back();
    int64_t height = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
    int64_t matrix = int64_t(llvm::alignTo(height, kTileDim)) *
                     int64_t(llvm::alignTo(width, kTileDim));
    int64_t batch = outer;
    std::array<int64_t, 2> shard;
    switch (in.getMemoryLayout()) {
    case TensorMemoryLayout::HeightSharded:
      batch = std::max<int64_t>(1, inShard[0] * inShard[1] / matrix);
      shard = {batch > 1 ? batch * height
                         : shardExtent(rows, grid[0] * grid[1]),
               width};
      break;
    case TensorMemoryLayout::BlockSharded:
      shard = {shardExtent(rows, grid[0]), shardExtent(width, grid[1])};
      break;
    default:
      shard = {rows, inShard[1]};
      break;
    }
    int64_t shardTiles = (inShard[0] / kTileDim) * (inShard[1] / kTileDim);
    bool sixteenWide = width == 16 && height % kTileDim == 0;
    int64_t middleTiles =
        sixteenWide ? 16 : kDoubleBuffer * (shardTiles / batch);
    uint64_t middle = uint64_t(middleTiles) * tileBytes(out);
    // The middle CB must end below the input's shards (ttnn throws:
    // 1x941x874 bfp8_b in 320x896 height shards on Wormhole, fresh draw
    // seed 8980360 slice #31; it fits on Blackhole).
    if (llvm::Error err =
            checkBuffersBelowInputs(name, middle, l1BytesPerBank(shape, in)))
      return err;
    return streamed(middle, shape, out.withShards(grid, shard));
  }
  int64_t widthTiles = in.getShard()[1] / kTileDim;
  return streamed(uint64_t(kDoubleBuffer * widthTiles) * tileBytes(out),
                  shape, out);
}

/// The untilize of a tiled input with a sharded side (the file comment's
/// sharded rules).
llvm::Expected<Conversion> shardedUntilize(llvm::ArrayRef<int64_t> shape,
                                           LayoutAttr in, LayoutAttr out) {
  llvm::StringRef name = ToLayoutOp::getOperationName();
  Geometry g = geometry(shape);
  uint64_t pair = tileBytes(in) + tileBytes(out);
  if (in.isSharded()) {
    if (!tileAligned(shape))
      return unpaddingShards(shape, in, out);
    if (shardedAlike(in, out))
      return streamed(0, shape, out);
    llvm::ArrayRef<int64_t> shard = in.getShard();
    int64_t pages = (shard[1] / kTileDim) *
                    std::min(kDoubleBuffer, shard[0] / kTileDim);
    uint64_t perPage = evenShards(shape, in) ? tileBytes(out) : pair;
    return streamed(uint64_t(pages) * perPage, shape, out);
  }
  // An interleaved input into shards: untilize with unpadding's row program
  // (forced for sharded outputs: Wt pairs) for shapes that are not tile
  // multiples, else UntilizeMultiCore.
  if (!tileAligned(shape))
    return streamed(uint64_t(g.widthTiles) * pair, shape, out);
  if (g.widthTiles > maxTilesPerCB(in))
    return notSupportedError(
        name + ": a row of " + llvm::Twine(g.widthTiles) + " tiles of " +
        describe(in) + " exceeds ttnn's " + llvm::Twine(maxTilesPerCB(in)) +
        " tiles per CB: its single-core untilize is not modelled");
  int64_t pages = g.widthTiles *
                  std::min(kDoubleBuffer,
                           ceilDiv(g.heightTiles, currentDevice().numCores()));
  return streamed(uint64_t(pages) * pair, shape, out);
}

/// The tilize of row-major height shards of `shape` padded in both of the
/// last two dimensions: ttnn's pad (pad.cpp) pads the width, then the height,
/// each into height shards it derives on the input's grid
/// (create_sharded_memory_config: ceil(rows / cores) rows of the padded
/// width); the width pad runs the width-only sharded program (a padded row of
/// scratchpad) when its shards are no shorter than the input's, else the
/// row-major default program (rowMajorPadProgram); the height pad the
/// height-only one (a padded row of dataflow buffer), freeing the first; the
/// tilize of its shards, which are not whole tiles, the row program's Wt
/// pairs into the output as asked, freeing the second. Measured on both
/// mock devices: 630x789 f32 in 7 height shards of 96x800 into DRAM (cb
/// 204800, l1 582400 = 288000 + 294400, total 636800), L1 and 96x800 height
/// shards; 100x33 in 2 shards of 64x64 (cb 32768, l1 14592).
llvm::Expected<Conversion> widenedTilize(llvm::ArrayRef<int64_t> shape,
                                         LayoutAttr in, LayoutAttr out) {
  llvm::ArrayRef<int64_t> grid = in.getGrid();
  int64_t cores = grid[0] * grid[1];
  int64_t rows = rowCount(shape);
  int64_t width = int64_t(llvm::alignTo(shape.back(), kTileDim));
  uint64_t row = uint64_t(width) * elementBytes(in);
  llvm::SmallVector<int64_t, 4> widenedShape(shape);
  widenedShape.back() = width;
  llvm::SmallVector<int64_t, 4> paddedShape(widenedShape);
  int64_t &height = paddedShape[shape.size() - 2];
  height = int64_t(llvm::alignTo(height, kTileDim));
  int64_t paddedRows = rowCount(paddedShape);
  LayoutAttr widened = in.withShards(grid, {ceilDiv(rows, cores), width});
  LayoutAttr heightened =
      in.withShards(grid, {ceilDiv(paddedRows, cores), width});
  ProgramStep widen;
  if (ceilDiv(rows, cores) >= in.getShard()[0]) {
    widen.scratchpadBytes = row;
  } else {
    auto program = rowMajorPadProgram(row);
    if (!program)
      return program.takeError();
    widen.dataflowBytes = program->dataflowBytes;
    widen.scratchpadBytes = program->scratchpadBytes;
  }
  widen.allocatedL1 = l1BytesPerBank(widenedShape, widened);
  ProgramStep heighten;
  heighten.dataflowBytes = row;
  heighten.allocatedL1 = l1BytesPerBank(paddedShape, heightened);
  heighten.freedL1 = widen.allocatedL1;
  Geometry g = geometry(shape);
  ConversionProgram tilize;
  tilize.dataflowBytes = uint64_t(g.widthTiles) * (tileBytes(in) + tileBytes(out));
  ProgramStep last = conversionStep(tilize, shape, out);
  last.freedL1 = heighten.allocatedL1;
  return Conversion{{widen, heighten, last}, out};
}

/// The tilize of a row-major sharded input. A row-major shard is physically
/// whole tiles wide, so only a second-to-last dimension that is not a tile
/// multiple changes the padding (ttnn's to_layout): a height-sharded input is
/// then first padded in place by ttnn's pad program (one row of dataflow
/// buffer; the padded rows on the input's shards, freed after the tilize:
/// ttnn TT_FATALs when they outgrow the grid), others run tilize with value
/// padding (Wt pairs, the output placed as asked; its width-sharded program
/// is not modelled). Else ttnn's tilize: into the same memory layout the
/// sharded program (0, the output on the input's shards whatever was asked),
/// a height-sharded input into L1 interleaved an output CB of Wt tiles, any
/// other output the row program's Wt pairs.
llvm::Expected<Conversion> shardedTilize(llvm::ArrayRef<int64_t> shape,
                                         LayoutAttr in, LayoutAttr out) {
  llvm::StringRef name = ToLayoutOp::getOperationName();
  Geometry g = geometry(shape);
  uint64_t pair = tileBytes(in) + tileBytes(out);
  bool padded = shape.size() >= 2 && shape[shape.size() - 2] % kTileDim != 0;
  bool height = in.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  if (padded && !height) {
    if (in.getMemoryLayout() == TensorMemoryLayout::WidthSharded &&
        out.isL1() && out.getMemoryLayout() == in.getMemoryLayout())
      return notSupportedError(name + ": tilizing width shards of " +
                               describeShape(shape) + " with padding runs "
                               "ttnn's sharded tilize with value padding, "
                               "which is not modelled");
    return streamed(uint64_t(g.widthTiles) * pair, shape, out);
  }
  ProgramStep pad;
  if (padded && shape.back() % kTileDim != 0)
    return widenedTilize(shape, in, out);
  if (padded) {
    llvm::ArrayRef<int64_t> shard = in.getShard();
    int64_t cores = in.getGrid()[0] * in.getGrid()[1];
    if (g.heightTiles * kTileDim > shard[0] * cores)
      return backendError(name + ": padding " + describeShape(shape) +
                          " to whole tiles needs more rows than the " +
                          describe(in) + " shards hold (ttnn 0.81.1: "
                          "TT_FATAL)");
    pad.dataflowBytes = uint64_t(shape.back()) * elementBytes(in);
    pad.allocatedL1 = uint64_t(shard[0]) * shard[1] * elementBytes(in);
  }
  LayoutAttr output = out;
  uint64_t bytes = uint64_t(g.widthTiles) * pair;
  if (out.isSharded() && out.getMemoryLayout() == in.getMemoryLayout()) {
    output = out.withShards(in.getGrid(), in.getShard());
    bytes = 0;
  } else if (height && out.isL1() && !out.isSharded()) {
    bytes = uint64_t(g.widthTiles) * tileBytes(out);
  }
  Conversion conversion = streamed(bytes, shape, output);
  if (padded) {
    conversion.programs.front().freedL1 = pad.allocatedL1;
    conversion.programs.insert(conversion.programs.begin(), pad);
  }
  return conversion;
}

/// checkLayout of a to_layout operand (shards may leave cores idle: ttnn
/// places such tensors and converts them, measured). A sharded row-major one
/// is checked as the tiled twin of its rows: ttnn needs whole-tile shards
/// (TT_FATAL on their alignment) and pads a row to whole tiles, but not the
/// rows.
llvm::Error checkOperand(llvm::StringRef role, llvm::ArrayRef<int64_t> shape,
                         LayoutAttr layout) {
  llvm::SmallVector<int64_t, 4> checked(shape);
  if (layout && layout.isRowMajor() && layout.isSharded()) {
    checked = {rowCount(shape), shape.empty() ? 1 : shape.back()};
    layout = layout.withPageLayout(PageLayout::Tile);
  }
  return checkLayout(ToLayoutOp::getOperationName(), role, checked, layout,
                     /*rowMajorAllowed=*/true, /*indicesAllowed=*/false,
                     /*idleCoresAllowed=*/true);
}

/// The shards ttnn's untilize with unpadding writes when it untilizes an
/// interleaved `shape` (not a tile multiple, rank >= 2) into `out`'s shards
/// (untilize_with_unpadding_device_operation.cpp, compute_output_specs): the
/// asked-for grid and memory layout, shards derived from the logical rows
/// and width, each rounded up to whole tiles: block shards ceil(rows / grid
/// rows) x ceil(width / grid columns), width shards all rows x ceil(width /
/// cores), height shards ceil(rows / cores) x the asked-for width. The
/// asked-for shard shape must be whole tiles (ttnn validates it as the tiled
/// input's: shard_align_error) and is otherwise ignored. Measured on both
/// devices: 100x100 into 2x2 block shards of 96x96 and of 32x32 both write
/// 64x64 shards; 3x50x70 into 4x1 height shards of 96x96 writes 64x96.
llvm::Expected<LayoutAttr> unpaddedShards(llvm::ArrayRef<int64_t> shape,
                                          LayoutAttr out) {
  llvm::ArrayRef<int64_t> asked = out.getShard();
  if (asked[0] % kTileDim || asked[1] % kTileDim)
    return backendError(ToLayoutOp::getOperationName() + ": the output shard "
                        "shape " + describeShape(asked) + " is not a multiple "
                        "of the 32x32 tile (ttnn 0.81.1 checks it as the tiled "
                        "input's: TT_FATAL)");
  int64_t rows = rowCount(shape), width = shape.back();
  llvm::ArrayRef<int64_t> grid = out.getGrid();
  int64_t cores = grid[0] * grid[1];
  std::array<int64_t, 2> shard;
  switch (out.getMemoryLayout()) {
  case TensorMemoryLayout::BlockSharded:
    shard = {shardExtent(rows, grid[0]), shardExtent(width, grid[1])};
    break;
  case TensorMemoryLayout::WidthSharded:
    shard = {rows, shardExtent(width, cores)};
    break;
  default:
    shard = {shardExtent(rows, cores), asked[1]};
    break;
  }
  return out.withShards(grid, shard);
}

/// The checked conversion of `shape` from `in` to `out` (the other page
/// layout): interleaved, or with a sharded side.
llvm::Expected<Conversion> planConversion(llvm::ArrayRef<int64_t> shape,
                                          LayoutAttr in, LayoutAttr out) {
  llvm::StringRef name = ToLayoutOp::getOperationName();
  if (llvm::Error err = checkOperand("input", shape, in))
    return err;
  if (in && out && !in.isRowMajor() && !in.isSharded() && out.isSharded() &&
      shape.size() >= 2 && !tileAligned(shape)) {
    auto derived = unpaddedShards(shape, out);
    if (!derived)
      return derived.takeError();
    out = *derived;
    // Its rows need not be whole tiles (width shards hold every row), and
    // row-major height shards may be wider than the row (3x50x70 in 32x128
    // shards runs): the grid and the fit are checked on shards of whole
    // tile rows, height shards as wide as the padded row once they hold it.
    llvm::ArrayRef<int64_t> shard = out.getShard();
    int64_t width = shard[1];
    if (out.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
        width >= shape.back())
      width = int64_t(llvm::alignTo(shape.back(), kTileDim));
    std::array<int64_t, 2> tileRows = {
        int64_t(llvm::alignTo(shard[0], kTileDim)), width};
    if (llvm::Error err = checkOperand(
            "output", shape, out.withShards(out.getGrid(), tileRows)))
      return err;
  } else if (in && out && in.isSharded() && out.isSharded() &&
             !tileAligned(shape) && !in.isRowMajor()) {
    // ttnn derives these shards from the input's or keeps the asked ones
    // by rules of its own (unpaddingShards): the asked shards need not
    // hold the tensor (1x1x96x863 from 96x224 block shards into one 32x96
    // block shard runs: stress seed 284182979, slice #15).
  } else if (llvm::Error err = checkOperand("output", shape, out)) {
    return err;
  }
  DataType expected = convertedType(in, out);
  if (out.getDataType() != expected)
    return backendError(name + ": the output is " +
                        stringifyDataType(out.getDataType()) + " but " +
                        describe(in) + " converts to " +
                        stringifyDataType(expected) +
                        " (convert with ttnn.typecast)");
  if (!in.isRowMajor() && (in.isSharded() || out.isSharded()))
    return shardedUntilize(shape, in, out);
  if (in.isSharded()) {
    if (shape.size() < 2)
      return backendError(name + ": a sharded rank-1 tensor cannot be "
                                 "tilized (ttnn 0.81.1: TT_FATAL; move it to "
                                 "interleaved first)");
    return shardedTilize(shape, in, out);
  }
  auto program = conversionProgram(shape, in, out);
  if (!program)
    return program.takeError();
  return oneProgram(*program, shape, out);
}

/// to_layout's conversion, or nullopt when ttnn returns the input itself: a
/// conversion to the input's own page layout (ttnn ignores any other
/// placement asked for: the answer's layout is the input's).
llvm::Expected<std::optional<Conversion>>
planToLayout(llvm::ArrayRef<int64_t> shape, LayoutAttr in, LayoutAttr out) {
  if (in && out && in.isRowMajor() == out.isRowMajor()) {
    if (llvm::Error err = checkLayout(ToLayoutOp::getOperationName(), "input",
                                      shape, in, /*rowMajorAllowed=*/true))
      return err;
    return std::nullopt;
  }
  // ttnn tilizes a rank-1 tensor through a 2-D view and reshapes the result
  // back; that view of width or block shards TT_FATALs when the length is
  // not a tile multiple and no one shard spans the padded row
  // (tensor_ops.cpp:380; measured on both devices: 734 f32 into 1x4 shards
  // of 32x192, 700 into 2 of 32x352, 1000 into 8 of 32x128 fail; 672 into
  // 4 of 32x192, 734 into one of 32x736, 700 into one of 32x704 run the
  // 2-D view's tilize).
  if (shape.size() == 1 && out && !out.isRowMajor() && out.isSharded() &&
      out.getMemoryLayout() != TensorMemoryLayout::HeightSharded &&
      shape[0] % kTileDim != 0 &&
      out.getShard()[1] < int64_t(llvm::alignTo(shape[0], kTileDim)))
    return backendError(ToLayoutOp::getOperationName() +
                        ": ttnn views the tilized " + llvm::Twine(shape[0]) +
                        " elements in " + describe(out) +
                        ", shards narrower than the padded row (TT_FATAL)");
  auto conversion = planConversion(shape, in, out);
  if (!conversion)
    return conversion.takeError();
  return std::move(*conversion);
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
    result.outputLayouts.push_back(inputLayout);
    return result;
  }
  return finishPrograms(ToLayoutOp::getOperationName(), (*plan)->programs,
                        inputShape, (*plan)->output, initialState);
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

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's concat.cpp and its program factories, measured on both mock
// devices. Interleaved inputs: tiled ones along a tile-multiple (or outer)
// dimension through one 2-page CB in the output's tile format (a sharded
// output written through it); a last-dimension concat of padded widths
// (bf16 / f32, 2 to 32 inputs, interleaved output) through the tiled
// unaligned program; other padded concat dimensions and rank 1 through
// row-major data (untilize with unpadding, the row-major program, a tilize);
// row-major inputs through the row-major program, transposed around it when
// their rows are not whole alignment units, into height shards directly, into
// width or block shards through a DRAM interleaved result and
// to_memory_config. Sharded inputs: the file comment.

namespace {
/// What ttnn 0.81.1 runs for a concat: its CBs, the L1 per core of the
/// tensors it allocates and frees, and the output shape.
struct ConcatPlan {
  std::vector<int64_t> output;
  uint64_t cbBytes = 0;
  uint64_t intermediateL1 = 0;
  /// Programs of the interleaved paths, in order, and the layout of their
  /// result (empty: one program of cbBytes writing the requested output).
  llvm::SmallVector<ProgramStep, 6> programs;
  LayoutAttr layout;
};

/// The shard dimension (0 rows, 1 columns) ttnn's sharded concat programs
/// join in place for `scheme` shards concatenated along `axis`
/// (concat_device_operation.cpp: shard_dim_compatible and its checks), one
/// row per measured join; nullopt: not joinable (the inputs are copied out of
/// their shards first, or ttnn TT_FATALs into shards).
std::optional<int> joinedShardDim(TensorMemoryLayout scheme, int64_t axis,
                                  int64_t rank) {
  struct Join {
    TensorMemoryLayout scheme;
    bool alongWidth; // else along the height (the second-to-last dimension)
    int shardDim;
  };
  static constexpr Join kJoins[] = {
      {TensorMemoryLayout::HeightSharded, true, 1},
      {TensorMemoryLayout::BlockSharded, true, 1},
      {TensorMemoryLayout::WidthSharded, false, 0},
      {TensorMemoryLayout::BlockSharded, false, 0}};
  if (rank < 2 || axis < rank - 2)
    return std::nullopt;
  bool alongWidth = axis == rank - 1;
  for (const Join &join : kJoins)
    if (join.scheme == scheme && join.alongWidth == alongWidth)
      return join.shardDim;
  return std::nullopt;
}

/// ttnn's checks of L1 shards concatenated into shards
/// (concat_device_operation.cpp, validate_on_program_cache_miss): the
/// output in the inputs' scheme and on their grid, and a joinable dimension
/// (joinedShardDim). Measured for row-major and tiled shards on both devices.
llvm::Error checkShardedConcatOutput(LayoutAttr first, int64_t axis,
                                     int64_t rank, LayoutAttr out) {
  llvm::StringRef name = ConcatOp::getOperationName();
  TensorMemoryLayout scheme = first.getMemoryLayout();
  if (out.getMemoryLayout() != scheme || out.getGrid() != first.getGrid())
    return backendError(name + ": the output " + describe(out) +
                        " is not sharded like the inputs (ttnn 0.81.1: "
                        "TT_FATAL)");
  if (joinedShardDim(scheme, axis, rank))
    return llvm::Error::success();
  // Rank 1: ttnn ran four 32-element row-major block shards of 1x16 into
  // 1x64 ones (fresh draw seed 607571633 concat #25, both devices: the
  // block-sharded program, no CB) where the model had rejected them.
  if (rank < 2)
    return notSupportedError(name + ": rank-1 " + describe(first) +
                             " inputs concatenated into shards are not "
                             "modelled");
  return backendError(name + ": " + describe(first) +
                      " inputs concatenated along dimension " +
                      llvm::Twine(axis) + " into shards (ttnn 0.81.1: "
                      "TT_FATAL; only height or block shards along the last "
                      "dimension, width or block shards along the one "
                      "before)");
}

/// ttnn places the row-major concat of untilized (or transposed) rows,
/// `shape`, in the output's memory config (concat.cpp): its TensorSpec check
/// TT_FATALs where `out`'s shards do not fit it (shardGridFits).
llvm::Error checkRowConcatShards(llvm::ArrayRef<int64_t> shape, LayoutAttr out,
                                 DataType type) {
  if (shardGridFits(shape, rowMajorLike(out, type)))
    return llvm::Error::success();
  return backendError(ConcatOp::getOperationName() + ": the row-major concat " +
                      describeShape(shape) + " in " + describe(out) +
                      " does not fit its shard grid (ttnn's shard grid fit "
                      "check, TT_FATAL)");
}

/// ttnn's row-major concat of untilized rank-1 inputs placed in the output's
/// shards: a rank-1 tensor's shards must be one row high, a tiled output's are
/// a tile (tensor_spec.cpp TT_FATAL; measured on both devices: interleaved
/// and width-sharded inputs into height, width and block shards).
llvm::Error rank1RowShardsError(LayoutAttr out) {
  return backendError(ConcatOp::getOperationName() +
                      ": ttnn 0.81.1 concatenates the untilized rank-1 "
                      "inputs into " + describe(out) +
                      ", whose shards are not one row high (TT_FATAL)");
}

/// The sharded concat programs (the file comment): `axis` normalized.
llvm::Expected<ConcatPlan>
planShardedConcat(const std::vector<std::vector<int64_t>> &inputShapes,
                  llvm::ArrayRef<LayoutAttr> inputs, int64_t axis,
                  std::vector<int64_t> output, LayoutAttr outputLayout) {
  llvm::StringRef name = ConcatOp::getOperationName();
  // Sharded and interleaved inputs mixed: ttnn's device op TT_FATALs ("all
  // tensors must be sharded or all must be interleaved") for an interleaved
  // first input or a DRAM one (measured on both devices, tiled, bf16 and
  // f32, along either dimension); a sharded first input with the others in
  // L1 runs along the height (64x64 height shards + L1, into DRAM or L1)
  // through a route not derived.
  if (!llvm::all_of(inputs, [](LayoutAttr l) { return l.isSharded(); })) {
    if (inputs.front().isSharded() &&
        llvm::all_of(inputs, [](LayoutAttr l) { return l.isL1(); }))
      return notSupportedError(name + ": a sharded first input with L1 "
                                      "interleaved ones is not modelled");
    return backendError(name + ": sharded and interleaved inputs mixed; "
                               "ttnn 0.81.1 takes every input sharded or "
                               "none (TT_FATAL)");
  }
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
    if (!first.isRowMajor() &&
        (layout.getShard()[1] % kTileDim || layout.getShard()[0] % kTileDim))
      return unsupported("shards of part tiles");
  }
  int64_t rank = int64_t(output.size());
  // A padded concat dimension sends tiled inputs through ttnn's untilize
  // with unpadding (build_untilize_rm_retilize_concat), whose rank-1
  // row-major result in the input's shard spec TT_FATALs (tensor_spec.cpp:
  // a rank-1 shard one row high; measured on both devices: 640-element
  // height shards, 320 and 832 elements in block shards of 32x160 into
  // DRAM, L1 and block shards). Width shards of whole tiles run (measured:
  // 32 + 32 f32 and 256 + 256 bf16 into DRAM and L1: the sharded untilize,
  // each copied to the output's memory config, the row-major program, the
  // tilize) on a pipeline not modelled; into shards the rank-1 row-major
  // concat TT_FATALs as for interleaved inputs (3 x 896 in 1x7 width shards
  // into 1x8 block shards, fresh draw seed 917987003 concat #2).
  if (first.isRowMajor()) {
    // Row-major shards reach here joinable in place (rowShardsJoin).
  } else if (rank == 1 && scheme == TensorMemoryLayout::WidthSharded &&
      llvm::all_of(inputShapes, [](llvm::ArrayRef<int64_t> shape) {
        return shape.back() % kTileDim == 0;
      }))
    return outputLayout.isSharded()
               ? rank1RowShardsError(outputLayout)
               : unsupported("rank-1 width shards of whole tiles");
  else if (rank == 1)
    return backendError(name + ": ttnn 0.81.1 cannot untilize rank-1 shards "
                               "for a concat (TT_FATAL on their shard "
                               "shape)");
  if (!first.isRowMajor() && axis >= rank - 2 &&
      llvm::any_of(inputShapes, [&](llvm::ArrayRef<int64_t> shape) {
        return shape[axis] % kTileDim != 0;
      })) {
    // Width or block shards (measured on both mock devices): the untilize
    // with unpadding of block shards TT_FATALs on a batched input with tile
    // padding (untilize_with_unpadding_device_operation.cpp: one H x W
    // face); width shards of a batched input run (2x50x64, 3x50x64 along H,
    // 1x3x193x168 bf16 and bfp8_b: not modelled, fresh stress draw seed
    // 221974020 concat #3). The row-major concat along the width on a row
    // that is not a whole L1 unit: block shards on an input's column offset
    // (prefix_w), width shards on an input's width
    // (concat_device_operation.cpp).
    if (scheme != TensorMemoryLayout::HeightSharded) {
      uint64_t element = first.getDataType() == DataType::Float32 ? 4 : 2;
      uint64_t alignment = currentDevice().l1Alignment;
      int64_t offset = 0;
      for (llvm::ArrayRef<int64_t> shape : inputShapes) {
        int64_t outer = 1;
        for (int64_t dim : shape.drop_back(2))
          outer *= dim;
        if (scheme == TensorMemoryLayout::BlockSharded && outer > 1 &&
            !tileAligned(shape))
          return backendError(name + ": ttnn 0.81.1 untilizes block "
                                     "shards of a batched " +
                              describeShape(shape) + " with unpadding only "
                              "unbatched (TT_FATAL)");
        int64_t checked =
            scheme == TensorMemoryLayout::WidthSharded ? shape.back() : offset;
        if (axis == rank - 1 && (uint64_t(checked) * element) % alignment)
          return backendError(name + ": the row-major concat of the "
                                     "untilized shards needs rows of whole "
                                     "L1 units at every input (" +
                              llvm::Twine(checked) + " columns are not; "
                              "TT_FATAL)");
        offset += shape.back();
      }
    }
    // The untilized rows keep the inputs' shard spec, so a sharded output
    // meets the sharded programs' checks (measured on both devices: height
    // shards along a padded height into shards on another grid, fresh draw
    // seed 400628287 concat #11), and their concat takes the output's
    // shards (283-row width shards along the height into 576-row ones
    // TT_FATAL, stress draw seed 547108423 concat #31).
    if (outputLayout.isSharded()) {
      if (llvm::Error err =
              checkShardedConcatOutput(first, axis, rank, outputLayout))
        return err;
      if (llvm::Error err = checkRowConcatShards(
              output, outputLayout, rowMajorType(outputLayout)))
        return err;
    }
    return unsupported("a concat dimension that is not a tile multiple");
  }
  ConcatPlan plan;
  plan.output = std::move(output);
  std::optional<int> joinedDim = joinedShardDim(scheme, axis, rank);
  if (!joinedDim) {
    // Not joinable: into shards ttnn TT_FATALs (measured: fresh draw seed
    // 654153663 concat #21, another scheme; height shards along the height
    // into height shards on their grid, bf16 and f32, concat_device_
    // operation.cpp:220, fresh draw seed 116907905 concat #4); else each
    // input is copied interleaved into the output's buffer, then the
    // interleaved program runs.
    if (outputLayout.isSharded())
      return checkShardedConcatOutput(first, axis, rank, outputLayout);
    for (auto [shape, layout] : llvm::zip(inputShapes, inputs))
      plan.intermediateL1 += l1BytesPerBank(
          shape, layout.interleavedIn(PageLayout::Tile,
                                      outputLayout.getBufferType()));
    plan.cbBytes = kCopyPages * tileBytes(outputLayout);
    return plan;
  }
  // The shards concatenated on each core (shard `joinedDim` summed), kept as
  // the output or copied to an interleaved one by sharded_to_interleaved;
  // every CB a shard, but for the tiled s2s program of two height-sharded
  // inputs.
  int dim = *joinedDim, other = 1 - dim;
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
    if (llvm::Error err =
            checkShardedConcatOutput(first, axis, rank, outputLayout))
      return err;
    if (!outputLayout.isL1() || !shardedAlike(outputLayout, joined))
      return unsupported("a sharded output other than the concatenated "
                         "shards (" + describe(joined) + ")");
  } else {
    plan.intermediateL1 = l1BytesPerBank(plan.output, joined);
  }
  if (scheme == TensorMemoryLayout::HeightSharded && inputs.size() == 2 &&
      !first.isRowMajor()) {
    // The tiled s2s program's transposes and concat run in bf16 for bfp8_b
    // (the row-major s2s program's CBs are the shards).
    int64_t widthTiles = joined.getShard()[1] / kTileDim;
    LayoutAttr staged = first.getDataType() == DataType::BFloat8B
                            ? first.withDataType(DataType::BFloat16)
                            : first;
    plan.cbBytes = uint64_t(2 * widthTiles) * tileBytes(staged) +
                   uint64_t(widthTiles) * tileBytes(first);
  }
  return plan;
}

/// ttnn's concat row-major program: 2 output rows, each aligned to the larger
/// of the first input's and the output's buffer alignment (the writer's CB).
ProgramStep rowConcatProgram(llvm::ArrayRef<int64_t> output, LayoutAttr first,
                             LayoutAttr out) {
  ProgramStep program;
  uint64_t alignment = std::max(bufferAlignment(first), bufferAlignment(out));
  program.dataflowBytes =
      kCopyPages * alignUp(uint64_t(output.back()) * elementBytes(out),
                           alignment);
  program.allocatedL1 = l1BytesPerBank(output, out);
  return program;
}

/// Rank-1 row-major L1 shards of whole alignment units each (ttnn's 1-D
/// unsqueeze does not fire, concat.cpp) concatenated into shards: the device
/// op's validate (concat_device_operation.cpp) takes the output on the
/// inputs' scheme and grid and, the rank-1 dimension being the last, height
/// or block shards only (TT_FATAL); height shards run the default concat
/// program (the s2s programs need rank 2): 2 aligned output rows of CB
/// (measured on both devices: 2 x 688 and 3 x 64 bf16 in 1-row height
/// shards, cb 5504 and 768). Block shards run the block program, not
/// modelled. nullopt: another case.
std::optional<llvm::Expected<ConcatPlan>>
planRank1RowShards(const std::vector<std::vector<int64_t>> &inputShapes,
                   llvm::ArrayRef<LayoutAttr> inputs,
                   llvm::ArrayRef<int64_t> output, LayoutAttr out) {
  LayoutAttr first = inputs.front();
  if (output.size() != 1 || !out.isSharded() || !out.isL1() ||
      !llvm::all_of(inputs, [](LayoutAttr l) {
        return l.isSharded() && l.isL1() && l.isRowMajor();
      }))
    return std::nullopt;
  for (auto [shape, layout] : llvm::zip(inputShapes, inputs))
    if ((uint64_t(shape.back()) * elementBytes(layout)) %
        bufferAlignment(layout))
      return std::nullopt;
  llvm::StringRef name = ConcatOp::getOperationName();
  TensorMemoryLayout scheme = first.getMemoryLayout();
  if (out.getMemoryLayout() != scheme || out.getGrid() != first.getGrid() ||
      scheme == TensorMemoryLayout::WidthSharded)
    return llvm::Expected<ConcatPlan>(
        backendError(name + ": rank-1 " + describe(first) +
                     " inputs concatenated into " + describe(out) +
                     " (ttnn 0.81.1 takes the inputs' height or block "
                     "scheme and grid: TT_FATAL)"));
  if (scheme != TensorMemoryLayout::HeightSharded)
    return llvm::Expected<ConcatPlan>(
        notSupportedError(name + ": rank-1 " + describe(first) +
                          " inputs concatenated into shards are not "
                          "modelled"));
  ConcatPlan plan;
  plan.output.assign(output.begin(), output.end());
  plan.programs.push_back(rowConcatProgram(output, first, out));
  plan.layout = out;
  return llvm::Expected<ConcatPlan>(std::move(plan));
}

/// ttnn's transpose of the last two dimensions of a row-major tensor (the
/// permute program): 3 dataflow buffers of 2 tiles of its data type, whatever
/// the shape (measured on both mock devices, bf16 and f32, 5 to 1000 rows).
constexpr int64_t kRowTransposeTiles = 3 * 2;

std::vector<int64_t> swappedLastTwo(llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> out(shape.begin(), shape.end());
  std::swap(out[out.size() - 1], out[out.size() - 2]);
  return out;
}

/// The rows ttnn's non-aligned concat transposes: a rank-1 tensor as one row.
std::vector<int64_t> transposedRows(llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> matrix(shape.begin(), shape.end());
  if (matrix.size() == 1)
    matrix.insert(matrix.begin(), 1);
  return swappedLastTwo(matrix);
}

/// Whether ttnn concatenates row-major `shapes` in `rows` along `axis`
/// without transposing them: not a last-dimension concat, or every input's
/// rows whole units of its buffer's alignment (concat.cpp,
/// build_non_aligned_last_dim_concat's predicate). The predicate reads the
/// padded last dimension: row-major width or block shards' physical row,
/// shard width x the cores across (checkRaggedWidthShards; 2x844x256 in 15
/// width shards of 18 is 270 columns, 540 B: transposed, measured on both
/// devices, fresh draw seed 379982706 concat #38, where the model had
/// concatenated 256-column rows in place).
bool rowsConcatInPlace(const std::vector<std::vector<int64_t>> &shapes,
                       llvm::ArrayRef<LayoutAttr> rows, int64_t axis) {
  int64_t last = int64_t(shapes.front().size()) - 1;
  return axis != last ||
         llvm::all_of(llvm::zip(shapes, rows), [](auto pair) {
           auto [shape, layout] = pair;
           int64_t width = shape.back();
           if (layout.isRowMajor() && layout.isSharded() &&
               layout.getMemoryLayout() != TensorMemoryLayout::HeightSharded) {
             llvm::ArrayRef<int64_t> grid = layout.getGrid();
             int64_t across =
                 layout.getMemoryLayout() == TensorMemoryLayout::WidthSharded
                     ? grid[0] * grid[1]
                     : grid[1];
             width = std::max(width, layout.getShard()[1] * across);
           }
           return (uint64_t(width) * elementBytes(layout)) %
                      bufferAlignment(layout) ==
                  0;
         });
}

/// ttnn's concat.cpp evaluates build_non_aligned_last_dim_concat's predicate
/// on the tiled inputs as well as on their untilized rows, and
/// MassagedOperation::sequence keeps it once true: a last-dimension concat
/// of bfp8_b tiles (1 B an element to that predicate) some of whose padded
/// last dimension (of a rank-1 tensor, its padded shape's first dimension:
/// one tile row, 32) is not a whole unit of its buffer's alignment (Blackhole
/// DRAM's 64 B) is transposed whatever its rows are. Measured on both
/// devices: rank-1 inputs in DRAM on Blackhole whose rows are aligned
/// TT_FATAL (a rank-1 transpose).
bool bfp8TiledRowsUnaligned(const std::vector<std::vector<int64_t>> &shapes,
                            llvm::ArrayRef<LayoutAttr> inputs, int64_t axis) {
  constexpr uint64_t kBfp8PredicateElementBytes = 1;
  int64_t rank = int64_t(shapes.front().size());
  if (axis != rank - 1 || inputs.front().getDataType() != DataType::BFloat8B)
    return false;
  return llvm::any_of(llvm::zip(shapes, inputs), [&](auto pair) {
    auto [shape, layout] = pair;
    int64_t padded = rank == 1 ? kTileDim
                               : ceilDiv(shape.back(), kTileDim) * kTileDim;
    return (uint64_t(padded) * kBfp8PredicateElementBytes) %
               bufferAlignment(layout) !=
           0;
  });
}

/// The row-major concat of `shapes` in `rows` (interleaved) along `axis`
/// into `joined`: ttnn's row-major program, or, when a last-dimension concat
/// has rows that are not whole units of their buffer's alignment
/// (build_non_aligned_last_dim_concat; a rank-1 tensor is one row,
/// build_unsqueeze_squeeze_1D_rm_unaligned_concat), each input transposed in
/// its buffer, concatenated along the rows into the output's buffer and
/// transposed back there (`forceTranspose`: whatever the rows). `freed` is the
/// L1 of earlier intermediates ttnn frees once the transposes are done.
llvm::Error rowConcatPrograms(llvm::SmallVectorImpl<ProgramStep> &programs,
                              const std::vector<std::vector<int64_t>> &shapes,
                              llvm::ArrayRef<LayoutAttr> rows, int64_t axis,
                              llvm::ArrayRef<int64_t> output, LayoutAttr joined,
                              uint64_t freed, bool forceTranspose = false) {
  if (!forceTranspose && rowsConcatInPlace(shapes, rows, axis)) {
    programs.push_back(rowConcatProgram(output, rows.front(), joined));
    return llvm::Error::success();
  }
  if (uint64_t(transposedRows(output).back()) * elementBytes(joined) >
      currentDevice().l1AboveAllocatorBase())
    return notSupportedError(ConcatOp::getOperationName() + ": ttnn concats "
                             "these transposed rows in chunks, which is not "
                             "modelled");
  ProgramStep transpose;
  transpose.dataflowBytes = kRowTransposeTiles * tileBytes(joined);
  for (auto [shape, layout] : llvm::zip(shapes, rows)) {
    ProgramStep step = transpose;
    step.allocatedL1 = l1BytesPerBank(transposedRows(shape), layout);
    programs.push_back(step);
  }
  programs.back().freedL1 = freed;
  std::vector<int64_t> transposed = transposedRows(output);
  programs.push_back(rowConcatProgram(transposed, rows.front(), joined));
  ProgramStep back = transpose;
  back.allocatedL1 = l1BytesPerBank(output, joined);
  programs.push_back(back);
  return llvm::Error::success();
}

/// ttnn's ConcatTiledUnalignedProgramFactory (a last-dimension concat of
/// 2 to 32 interleaved bf16 / f32 tiled inputs, some of a width that is not a
/// tile multiple, into an interleaved output): 32-row bands untilized,
/// assembled and retilized on each core, CBs of 3 x (the inputs' Wt summed +
/// the output's Wt) tiles. ttnn takes it only when those CBs fit the free L1
/// (its inputs in L1 and the output reserved); within 64 KiB of that bound
/// the model does not decide (nullopt with an error).
llvm::Expected<std::optional<uint64_t>>
tiledUnalignedConcat(const std::vector<std::vector<int64_t>> &shapes,
                     llvm::ArrayRef<LayoutAttr> inputs, int64_t axis,
                     llvm::ArrayRef<int64_t> output, LayoutAttr out) {
  constexpr uint64_t kUndecidedBytes = 64 * 1024;
  int64_t rank = int64_t(output.size());
  DataType type = out.getDataType();
  if (rank < 2 || axis != rank - 1 || out.isSharded() || inputs.size() > 32 ||
      (type != DataType::BFloat16 && type != DataType::Float32) ||
      llvm::all_of(shapes, [](llvm::ArrayRef<int64_t> shape) {
        return shape.back() % kTileDim == 0;
      }))
    return std::nullopt;
  int64_t tiles = 3 * ceilDiv(output.back(), kTileDim);
  uint64_t inputsL1 = 0;
  for (auto [shape, layout] : llvm::zip(shapes, inputs)) {
    tiles += 3 * ceilDiv(shape.back(), kTileDim);
    inputsL1 += l1BytesPerBank(shape, layout);
  }
  uint64_t need = uint64_t(tiles) * tileBytes(out) +
                  reservedOutputL1(output, out);
  uint64_t capacity = currentDevice().l1AboveAllocatorBase();
  if (need > capacity)
    return std::nullopt;
  if (need + inputsL1 + kUndecidedBytes > capacity)
    return notSupportedError(ConcatOp::getOperationName() + ": whether ttnn's "
                             "tiled unaligned concat fits its free L1 is not "
                             "modelled this close to the bound");
  return uint64_t(tiles) * tileBytes(out);
}

llvm::Expected<std::optional<ProgramStep>>
copyProgram(llvm::StringRef name, llvm::ArrayRef<int64_t> shape,
            LayoutAttr in, LayoutAttr out);

/// ttnn's row-major concat (rows in place) into row-major shards
/// (concat_impl): the row-major program writes height shards itself (their
/// pages are whole rows), width and block shards (pages of a shard width)
/// through a DRAM interleaved result and to_memory_config.
llvm::Error rowConcatIntoShards(llvm::SmallVectorImpl<ProgramStep> &programs,
                                llvm::ArrayRef<int64_t> output,
                                LayoutAttr firstRows, LayoutAttr out) {
  if (out.getMemoryLayout() == TensorMemoryLayout::HeightSharded) {
    programs.push_back(rowConcatProgram(output, firstRows, out));
    return llvm::Error::success();
  }
  LayoutAttr staged = out.interleavedIn(PageLayout::RowMajor, BufferType::DRAM);
  programs.push_back(rowConcatProgram(output, firstRows, staged));
  auto place =
      copyProgram(ConcatOp::getOperationName(), output, staged, out);
  if (!place)
    return place.takeError();
  programs.push_back(**place);
  return llvm::Error::success();
}

/// Concat of interleaved inputs (the file comment).
llvm::Expected<ConcatPlan>
planInterleavedConcat(const std::vector<std::vector<int64_t>> &shapes,
                      llvm::ArrayRef<LayoutAttr> inputs, int64_t axis,
                      std::vector<int64_t> output, LayoutAttr out) {
  llvm::StringRef name = ConcatOp::getOperationName();
  ConcatPlan plan;
  plan.output = std::move(output);
  plan.layout = out;
  if (out.isRowMajor()) {
    if (!out.isSharded()) {
      if (llvm::Error err = rowConcatPrograms(plan.programs, shapes, inputs,
                                              axis, plan.output, out, 0))
        return err;
      return plan;
    }
    // Into shards (concat_impl): ttnn's transposes around a concat of
    // unaligned rows take the sharded output config on the transposed shape
    // (not modelled); else rowConcatIntoShards.
    if (!rowsConcatInPlace(shapes, inputs, axis)) {
      // The transposed concat is placed in the output's memory config:
      // ttnn's TensorSpec check TT_FATALs when its shards do not fit the
      // grid (measured: 64x128 into 32x64 block shards on 2x2).
      if (llvm::Error err = checkRowConcatShards(transposedRows(plan.output),
                                                 out, out.getDataType()))
        return err;
      return notSupportedError(name + ": a row-major concat of rows that are "
                                      "not whole alignment units into shards "
                                      "(ttnn transposes through the sharded "
                                      "config) is not modelled");
    }
    if (llvm::Error err = rowConcatIntoShards(plan.programs, plan.output,
                                              inputs.front(), out))
      return err;
    return plan;
  }
  auto unaligned = tiledUnalignedConcat(shapes, inputs, axis, plan.output, out);
  if (!unaligned)
    return unaligned.takeError();
  if (*unaligned) {
    ProgramStep program;
    program.circularBytes = **unaligned;
    program.allocatedL1 = l1BytesPerBank(plan.output, out);
    plan.programs.push_back(program);
    return plan;
  }
  int64_t rank = int64_t(plan.output.size());
  bool padded = rank == 1 || (axis >= rank - 2 &&
                              llvm::any_of(shapes, [&](llvm::ArrayRef<int64_t> s) {
                                return s[axis] % kTileDim != 0;
                              }));
  // Whole bfp8_b tiles still take ttnn's non-aligned last-dimension path
  // when that predicate holds on them (bfp8TiledRowsUnaligned: Blackhole's
  // DRAM, 32-column inputs): each input's tiled WH transpose (ttnn's
  // transpose model) into its own buffer, the interleaved program along the
  // rows into the output's buffer, the transpose back into the output; the
  // transposed inputs live to the end. Measured on Blackhole, 2 to 4 inputs
  // of 2 and 3 dimensions, L1 and DRAM inputs into L1 and DRAM (fresh draws
  // seeds 11101 #10, 403549318 #21, 610376027 #11); into shards not
  // modelled.
  if (!padded && bfp8TiledRowsUnaligned(shapes, inputs, axis)) {
    if (out.isSharded())
      return notSupportedError(name + ": whole bfp8_b tiles transposed by "
                                      "ttnn's non-aligned concat into "
                                      "shards are not modelled");
    auto transposeStep = [&](llvm::ArrayRef<int64_t> shape, LayoutAttr from,
                             LayoutAttr to) -> llvm::Expected<ProgramStep> {
      auto t = OpModel<TransposeOp>::getOpConstraints(shape, from, -2, -1, to);
      if (!t)
        return t.takeError();
      ProgramStep step;
      step.dataflowBytes = t->cbL1PeakSize;
      step.allocatedL1 = l1BytesPerBank(swappedLastTwo(shape), to);
      return step;
    };
    for (auto [shape, layout] : llvm::zip(shapes, inputs)) {
      auto step = transposeStep(shape, layout, layout);
      if (!step)
        return step.takeError();
      plan.programs.push_back(*step);
    }
    std::vector<int64_t> joined = swappedLastTwo(plan.output);
    ProgramStep join;
    join.dataflowBytes = kCopyPages * tileBytes(out);
    join.allocatedL1 = l1BytesPerBank(joined, out);
    plan.programs.push_back(join);
    auto back = transposeStep(joined, out, out);
    if (!back)
      return back.takeError();
    plan.programs.push_back(*back);
    return plan;
  }
  // Interleaved tiled inputs write a sharded output through the same CB
  // (measured: height, width and block shards).
  if (!padded) {
    plan.cbBytes = kCopyPages * tileBytes(out);
    plan.layout = nullptr;
    return plan;
  }
  // build_untilize_rm_retilize_concat: each input untilized with unpadding
  // (ttnn.untilize_with_unpadding, whatever its shape) in its own buffer,
  // the row-major concat into the output's buffer, then tilized (without the
  // data type: bfp8_b comes out bf16); every intermediate lives until the
  // output is written.
  DataType type = rowMajorType(out);
  llvm::SmallVector<LayoutAttr, 4> rows;
  for (LayoutAttr layout : inputs)
    rows.push_back(rowMajorIn(layout.withDataType(type)));
  bool transposed = bfp8TiledRowsUnaligned(shapes, inputs, axis);
  bool inPlace = rowsConcatInPlace(shapes, rows, axis);
  if (transposed && rank == 1 && inPlace)
    return backendError(name + ": ttnn 0.81.1 transposes the last two "
                               "dimensions of the untilized rank-1 bfp8_b "
                               "inputs (TT_FATAL on their rank)");
  if (out.isSharded()) {
    // The row-major concat takes the output's memory config: a rank-1
    // row-major tensor's shards are one row high, a tiled output's at least
    // a tile (TT_FATAL in its tensor spec; measured height, width and block
    // shards on both devices).
    if (rank == 1 && inPlace)
      return rank1RowShardsError(out);
    // Rows the row-major concat transposes (as planInterleavedConcat's
    // row-major branch): the transposed concat takes the output's memory
    // config, and ttnn's TensorSpec check TT_FATALs when its shards do not
    // fit the grid (measured on both devices: rank-1 bf16 into height and
    // block shards, 416 x (184 + 229 + 96) bfp8_b into 7x1 block shards).
    // Rows in place: the row-major concat itself in those shards (measured:
    // 2 x 50x64 along the height into 128-row width shards TT_FATALs, into
    // height and block shards runs).
    if (llvm::Error err = checkRowConcatShards(
            transposed || !inPlace ? transposedRows(plan.output) : plan.output,
            out, type))
      return err;
    // Measured (both devices, bf16 / f32 / bfp8_b, ranks 2 and 3, along
    // the height and the width): rows concatenated in place into height or
    // block shards. Width shards (tilize_with_val_padding's width-sharded
    // program) and rank 1 are not.
    if (transposed || !inPlace || rank < 2 ||
        out.getMemoryLayout() == TensorMemoryLayout::WidthSharded)
      return notSupportedError(name + ": concatenating along a padded "
                                      "dimension into " + describe(out) +
                               " (through row-major data) is not modelled");
  }
  uint64_t untilized = 0;
  for (auto [shape, layout, row] : llvm::zip(shapes, inputs, rows)) {
    auto untilize =
        untilizeProgram(shape, layout, row, UntilizeEntry::WithUnpadding);
    if (!untilize)
      return untilize.takeError();
    plan.programs.push_back(conversionStep(*untilize, shape, row));
    untilized += l1BytesPerBank(shape, row);
  }
  if (out.isSharded()) {
    // The row-major concat into row-major shards of the output's spec
    // (rowConcatIntoShards), then tilize_with_val_padding into the output's
    // shards (without the data type): one tile row of the whole width in and
    // out (Wt pairs, also for block shards of a narrower shard).
    LayoutAttr rowShards = rowMajorLike(out, type);
    if (llvm::Error err = rowConcatIntoShards(plan.programs, plan.output,
                                              rows.front(), rowShards))
      return err;
    LayoutAttr tiles = out.withDataType(type);
    ProgramStep tilize;
    tilize.dataflowBytes = uint64_t(geometry(plan.output).widthTiles) *
                           (tileBytes(rowShards) + tileBytes(tiles));
    tilize.allocatedL1 = l1BytesPerBank(plan.output, tiles);
    plan.programs.push_back(tilize);
    plan.layout = tiles;
    return plan;
  }
  LayoutAttr joined = rowMajorIn(out.withDataType(type));
  if (llvm::Error err = rowConcatPrograms(plan.programs, shapes, rows, axis,
                                          plan.output, joined, untilized,
                                          transposed && rank > 1))
    return err;
  auto tilize = planConversion(plan.output, joined, out.withDataType(type));
  if (!tilize)
    return tilize.takeError();
  plan.programs.append(tilize->programs.begin(), tilize->programs.end());
  plan.layout = tilize->output;
  return plan;
}

/// Row-major L1 shards concatenated into an interleaved output along a
/// dimension their scheme cannot join in place (concat_device_operation.cpp,
/// concat_impl: not a width concat of height or block shards, nor a height
/// concat of width or block shards): ttnn copies every input to the output's
/// memory config (to_memory_config) and concatenates those interleaved rows;
/// the copies live until the concat returns. Rows that are not whole
/// alignment units along the last dimension are transposed first by
/// concat.cpp (not modelled: nullopt, as for any other branch).
std::optional<llvm::Expected<ConcatPlan>>
planUnshardedRowConcat(const std::vector<std::vector<int64_t>> &shapes,
                       llvm::ArrayRef<LayoutAttr> inputs, int64_t axis,
                       const std::vector<int64_t> &output, LayoutAttr out) {
  bool joinable = joinedShardDim(inputs.front().getMemoryLayout(), axis,
                                 int64_t(output.size()))
                      .has_value();
  if (out.isSharded() || joinable ||
      !rowsConcatInPlace(shapes, inputs, axis) ||
      !llvm::all_of(inputs, [](LayoutAttr l) {
        return l.isSharded() && l.isL1();
      }))
    return std::nullopt;
  ConcatPlan plan;
  llvm::SmallVector<LayoutAttr, 4> copied;
  for (auto [shape, layout] : llvm::zip(shapes, inputs)) {
    LayoutAttr interleaved =
        layout.interleavedIn(PageLayout::RowMajor, out.getBufferType());
    // The copies' rows (unpadded) must be whole units of their buffer's
    // alignment along the last dimension (concat_device_operation.cpp:584,
    // TT_FATAL; measured on both devices: 2x100x100 in 24-column width
    // shards, 240 B padded rows that pass concat.cpp's check, 200 B copies).
    uint64_t row = uint64_t(shape.back()) * elementBytes(layout);
    if (axis == int64_t(shape.size()) - 1 &&
        row % bufferAlignment(interleaved) != 0)
      return llvm::Expected<ConcatPlan>(backendError(
          ConcatOp::getOperationName() + ": ttnn copies the shards to " +
          describe(interleaved) + " and concatenates " + llvm::Twine(row) +
          " B rows, not whole units of its alignment (TT_FATAL)"));
    auto copy = copyProgram(ConcatOp::getOperationName(), shape, layout,
                            interleaved);
    if (!copy)
      return copy.takeError();
    if (*copy)
      plan.programs.push_back(**copy);
    copied.push_back(interleaved);
  }
  plan.programs.push_back(rowConcatProgram(output, copied.front(), out));
  plan.output = output;
  plan.layout = out;
  return std::move(plan);
}

/// Row-major L1 shards that ttnn's sharded programs join in place (the
/// positive list measured on both mock devices, bf16 and f32, 2 and 3
/// inputs, into L1 / DRAM interleaved and into the joined shards): height
/// shards along the width (the row-major s2s or multi-tensor program),
/// width shards along the height, block shards along either (the
/// block-sharded program), every CB a shard, as planShardedConcat's tiled
/// joins. Rows of whole L1 units (a width concat's rows, every shard row)
/// and width or block shards spanning the width exactly: a ragged last
/// shard column is transposed first (measured: 32 columns in block shards
/// of 6), not modelled.
bool rowShardsJoin(const std::vector<std::vector<int64_t>> &shapes,
                   llvm::ArrayRef<LayoutAttr> inputs, int64_t axis) {
  LayoutAttr first = inputs.front();
  int64_t rank = int64_t(shapes.front().size());
  TensorMemoryLayout scheme = first.getMemoryLayout();
  if (!joinedShardDim(scheme, axis, rank) ||
      !rowsConcatInPlace(shapes, inputs, axis))
    return false;
  uint64_t alignment = currentDevice().l1Alignment;
  return llvm::all_of(llvm::zip(shapes, inputs), [&](auto pair) {
    auto [shape, layout] = pair;
    if (!layout.isRowMajor() || !layout.isSharded() || !layout.isL1() ||
        layout.getMemoryLayout() != scheme ||
        layout.getGrid() != first.getGrid())
      return false;
    llvm::ArrayRef<int64_t> shard = layout.getShard();
    if ((uint64_t(shard[1]) * elementBytes(layout)) % alignment)
      return false;
    if (scheme == TensorMemoryLayout::HeightSharded)
      return true;
    int64_t columns = scheme == TensorMemoryLayout::WidthSharded
                          ? layout.getGrid()[0] * layout.getGrid()[1]
                          : layout.getGrid()[1];
    return shard[1] * columns == shape.back();
  });
}

/// The sharded programs' page checks on row-major shards they join in place
/// (concat_block_sharded_program_factory.cpp, concat_s2s_rm_program_factory.cpp;
/// measured on both mock devices): the block-sharded program takes shard rows
/// of whole L1 units only (355x405 in 89x81 block shards along the height,
/// stress draw seed 547108423 concat #14; 64x72 in 32x36 along either), the
/// two-input height-sharded program along the width rows of whole 32 B units
/// (its DFBs borrow the shards with rows rounded up to 32 B: 72 and 88 bf16
/// and 36 f32 columns TT_FATAL, 80 run; three inputs take the multi-tensor
/// program and run).
llvm::Error checkRowShardPages(const std::vector<std::vector<int64_t>> &shapes,
                               llvm::ArrayRef<LayoutAttr> inputs,
                               int64_t axis) {
  constexpr uint64_t kTwoInputRowUnit = 32;
  LayoutAttr first = inputs.front();
  TensorMemoryLayout scheme = first.getMemoryLayout();
  int64_t rank = int64_t(shapes.front().size());
  bool block = scheme == TensorMemoryLayout::BlockSharded;
  bool twoHeight =
      scheme == TensorMemoryLayout::HeightSharded && inputs.size() == 2;
  // Rows padded to whole shards are transposed first along the width
  // (concat.cpp tests the padded rows); block shards of them along the
  // height reach the block-sharded program and its check (864x322 in 2x8
  // block shards of 432x41, fresh draw seed 887801677 concat #6, both
  // devices); two height-sharded inputs of them were not measured.
  bool alongHeight = block && axis == rank - 2;
  if ((!block && !twoHeight) || !first.isRowMajor() ||
      !joinedShardDim(scheme, axis, rank) ||
      !rowsConcatInPlace(shapes, inputs, axis) ||
      (!alongHeight &&
       llvm::any_of(llvm::zip(shapes, inputs),
                    [](auto pair) {
                      auto [shape, layout] = pair;
                      return rowsPaddedToShards(shape, layout);
                    })) ||
      !llvm::all_of(inputs, [&](LayoutAttr l) {
        return l.isSharded() && l.isL1() && l.getMemoryLayout() == scheme &&
               l.getGrid() == first.getGrid();
      }))
    return llvm::Error::success();
  uint64_t unit = block ? currentDevice().l1Alignment : kTwoInputRowUnit;
  for (LayoutAttr layout : inputs)
    if ((uint64_t(layout.getShard()[1]) * elementBytes(layout)) % unit)
      return backendError(ConcatOp::getOperationName() + ": ttnn 0.81.1's " +
                          (block ? "block-sharded" : "two-input row-major") +
                          " concat program takes shard rows of whole " +
                          llvm::Twine(unit) + " B units, not " +
                          describe(layout) + "'s (TT_FATAL)");
  return llvm::Error::success();
}

/// Row-major L1 width shards concatenated along the width into an
/// interleaved output: ttnn's transpose test (build_non_aligned_last_dim_
/// concat) reads a shard row's physical width (shard width x cores), whole L1
/// units here, so nothing is transposed; the inputs are copied to the
/// output's memory config (not joinable) and concat_impl TT_FATALs on copies
/// whose rows are not whole units of that buffer's alignment. Measured on
/// both devices: 116 columns in 8 shards of 15, 100 in 4 of 26 (2 and 3
/// inputs, bf16 and f32, into L1 and DRAM; fresh draw seed 403549318
/// concat #19); 100 in 5 of 20 (physical rows unaligned) is transposed and
/// runs.
llvm::Error checkRaggedWidthShards(
    const std::vector<std::vector<int64_t>> &shapes,
    llvm::ArrayRef<LayoutAttr> inputs, int64_t axis, LayoutAttr out) {
  int64_t rank = int64_t(shapes.front().size());
  if (out.isSharded() || axis != rank - 1)
    return llvm::Error::success();
  uint64_t alignment = currentDevice().l1Alignment;
  llvm::SmallVector<LayoutAttr, 4> copies;
  for (LayoutAttr layout : inputs) {
    if (!layout.isRowMajor() || !layout.isL1() ||
        layout.getMemoryLayout() != TensorMemoryLayout::WidthSharded)
      return llvm::Error::success();
    int64_t cores = layout.getGrid()[0] * layout.getGrid()[1];
    if ((uint64_t(layout.getShard()[1] * cores) * elementBytes(layout)) %
        alignment)
      return llvm::Error::success();
    copies.push_back(
        layout.interleavedIn(PageLayout::RowMajor, out.getBufferType()));
  }
  if (rowsConcatInPlace(shapes, copies, axis))
    return llvm::Error::success();
  return backendError(ConcatOp::getOperationName() +
                      ": row-major width shards concatenated along the "
                      "width are copied to " + describe(out) +
                      " untransposed (their shard rows are whole L1 units), "
                      "where ttnn 0.81.1 needs rows of whole alignment units "
                      "(TT_FATAL)");
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
                                      shape, inputLayouts[index],
                                      /*rowMajorAllowed=*/true))
      return err;
    shapes.emplace_back(shape.begin(), shape.end());
  }
  auto output = asOutput(name, ConcatOp::inferResultShape(shapes, dim));
  if (!output)
    return output.takeError();
  if (llvm::Error err = checkLayout(name, "output", *output, outputLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  for (auto [index, layout] : llvm::enumerate(inputLayouts)) {
    if (llvm::Error err = checkSameFormat(
            name, "input " + std::to_string(index), layout, outputLayout))
      return err;
    if (layout.isRowMajor() != outputLayout.isRowMajor())
      return backendError(name + ": input " + std::to_string(index) + " (" +
                          describe(layout) + ") and the output differ in page "
                          "layout (ttnn 0.81.1: TT_FATAL on mixed layouts; "
                          "convert with ttnn.to_layout)");
  }
  if (llvm::any_of(inputLayouts, [](LayoutAttr l) { return l.isSharded(); })) {
    auto axis = normalizeDim(name, dim, int64_t(output->size()));
    if (!axis)
      return axis.takeError();
    if (outputLayout.isRowMajor()) {
      if (auto plan = planRank1RowShards(inputShapes, inputLayouts, *output,
                                         outputLayout))
        return std::move(*plan);
      if (auto plan = planUnshardedRowConcat(inputShapes, inputLayouts, *axis,
                                             *output, outputLayout))
        return std::move(*plan);
      if (llvm::Error err =
              checkRowShardPages(inputShapes, inputLayouts, *axis))
        return err;
      if (rowShardsJoin(inputShapes, inputLayouts, *axis)) {
        if (outputLayout.isSharded())
          if (llvm::Error err = checkShardedConcatOutput(
                  inputLayouts.front(), *axis, int64_t(output->size()),
                  outputLayout))
            return err;
        return planShardedConcat(inputShapes, inputLayouts, *axis,
                                 std::move(*output), outputLayout);
      }
      // Rows that are not whole alignment units are transposed first
      // (concat.cpp): not modelled; the transposed concat takes the output's
      // shards (TT_FATAL where they do not fit it, measured on both devices:
      // 64x100 in height and block shards of 16x100 and 32x50 along the
      // width into 16x200 and 32x100 ones, 218x540 in width shards of 90,
      // stress draw seed 241814772 concat #17).
      if (outputLayout.isSharded() &&
          !rowsConcatInPlace(inputShapes, inputLayouts, *axis))
        if (llvm::Error err =
                checkRowConcatShards(transposedRows(*output), outputLayout,
                                     outputLayout.getDataType()))
          return err;
      if (outputLayout.isSharded() &&
          rowsConcatInPlace(inputShapes, inputLayouts, *axis) &&
          llvm::all_of(inputLayouts, [](LayoutAttr l) {
            return l.isSharded() && l.isL1();
          }))
        if (llvm::Error err = checkShardedConcatOutput(
                inputLayouts.front(), *axis, int64_t(output->size()),
                outputLayout))
          return err;
      if (llvm::Error err = checkRaggedWidthShards(inputShapes, inputLayouts,
                                                   *axis, outputLayout))
        return err;
      return notSupportedError(name + ": concatenating row-major shards is "
                                      "not modelled");
    }
    return planShardedConcat(inputShapes, inputLayouts, *axis,
                             std::move(*output), outputLayout);
  }
  auto axis = normalizeDim(name, dim, int64_t(output->size()));
  if (!axis)
    return axis.takeError();
  return planInterleavedConcat(inputShapes, inputLayouts, *axis,
                               std::move(*output), outputLayout);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<ConcatOp>::getOpConstraints(
    const std::vector<std::vector<int64_t>> &inputShapes,
    const std::vector<LayoutAttr> &inputLayouts, int64_t dim,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  auto plan = planConcat(inputShapes, inputLayouts, dim, outputLayout);
  if (!plan)
    return plan.takeError();
  if (!plan->programs.empty())
    return finishPrograms(ConcatOp::getOperationName(), plan->programs,
                          plan->output, plan->layout, initialState);
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
  return copyRuntime(inputShapes, inputLayouts, plan->output,
                     plan->layout ? plan->layout : outputLayout);
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's slice (slice.cpp, slice_device_operation.cpp and its program
// factories), measured on both mock devices:
//   - the whole tensor with unit steps: ttnn's to_memory_config of the input
//     (copyProgram);
//   - a tiled input of rank >= 2 with unit steps whose begins in the last two
//     dimensions are tile multiples: the tile program, one 2-page CB of output
//     tiles and a scratchpad of one 4-byte word per dimension (the ends are
//     padded to tiles, so any end is fine, also one inside the tile padding:
//     SliceOp::inferResultShape);
//   - any other tiled input (ttnn's rm_only path): untilized (to_layout's
//     program) into a row-major tensor interleaved in the output's buffer
//     type, sliced by a row-major program, tilized into the output (to_layout's
//     program; ttnn tilizes without the data type, so bfp8_b comes out bf16:
//     the answer's layout); both row-major tensors live until the output is
//     written; a bfp8_b input with a step above 1 is a TT_FATAL;
//   - a row-major input: the row-major program alone.
// The row-major programs (slice_program_factory_rm*.cpp): with unit steps
// SliceRm, a dataflow buffer of 2 k output rows (each aligned to the larger of
// the input's and output's buffer alignment, doubled when the first column's
// byte offset is not aligned to the input's), k the most rows up to 4096 B
// (at the single alignment) that divide the busiest core's row count rounded
// up to 32 (merge_num_sticks_to_read), and the 4-byte-a-dimension
// scratchpad; with a step, SliceRmStride: 2 input rows aligned the same way.
// Row-major shards those programs cannot address go through L1 interleaved
// tensors (planRowSlice); a tiled input's row-major path into shards is
// ttnn's TT_FATAL where the shards cannot hold it and, for a padded input,
// not modelled.

namespace {
/// ttnn 0.81.1's slice scratchpad: one 32-bit word per dimension.
constexpr uint64_t kSliceScratchpadBytesPerDim = 4;
/// SliceRm merges rows into reads of at most this many bytes (MAX_READ_SIZE).
constexpr uint64_t kSliceMaxReadBytes = 4096;
/// ... of a core's row count rounded up to this many (round_up_to_mul32).
constexpr int64_t kSliceRowGroup = 32;

bool hasStep(llvm::ArrayRef<int64_t> step) {
  return llvm::any_of(step, [](int64_t s) { return s != 1; });
}

/// ttnn's to_memory_config of `shape` from `in` to `out` (the same data
/// type): nothing (nullopt) into the input's own layout; tiles between
/// interleaved tensors the copy program, 2 output pages of dataflow buffer,
/// to, from or between shards ttnn's (un)sharding and reshard programs, whose
/// buffers are the shards (0); row-major data to_memory_config's model
/// (rowMajorMove). Measured on both mock devices.
llvm::Expected<std::optional<ProgramStep>>
copyProgram(llvm::StringRef /*name*/, llvm::ArrayRef<int64_t> shape,
            LayoutAttr in, LayoutAttr out) {
  if (in == out)
    return std::nullopt;
  ProgramStep copy;
  copy.allocatedL1 = l1BytesPerBank(shape, out);
  if (in.isRowMajor()) {
    Analysis move = rowMajorMove(shape, in, out);
    copy.dataflowBytes = move.cbBytes;
    copy.scratchpadBytes = move.scratchpadBytes;
    return copy;
  }
  if (!in.isSharded() && !out.isSharded())
    copy.dataflowBytes = kCopyPages * tileBytes(out);
  return copy;
}

/// SliceRm's dataflow buffer for `outShape` rows read from a row-major
/// `in` from column `begin` (the file comment).
llvm::Expected<uint64_t> rowSliceBytes(llvm::ArrayRef<int64_t> outShape,
                                       int64_t begin, LayoutAttr in,
                                       LayoutAttr out) {
  uint64_t element = elementBytes(in);
  uint64_t single = std::max(bufferAlignment(in), bufferAlignment(out));
  bool misaligned = (uint64_t(begin) * element) % bufferAlignment(in) != 0;
  uint64_t row = uint64_t(outShape.back()) * element;
  uint64_t entry = alignUp(row, misaligned ? 2 * single : single);
  if (2 * entry > currentDevice().l1AboveAllocatorBase())
    return notSupportedError(SliceOp::getOperationName() + ": rows of " +
                             llvm::Twine(row) + " B are read in chunks by "
                             "ttnn, which is not modelled");
  int64_t perCore = ceilDiv(rowCount(outShape), currentDevice().numCores());
  int64_t rows = ceilDiv(perCore, kSliceRowGroup) * kSliceRowGroup;
  uint64_t stride = alignUp(row, single);
  int64_t merged = 1;
  for (int64_t k = 1; uint64_t(k) * stride <= kSliceMaxReadBytes; ++k)
    if (rows % k == 0)
      merged = k;
  return 2 * merged * entry;
}

/// The row-major slice program (SliceRm or SliceRmStride) from a row-major
/// `in` of `inShape` to a row-major `out` of `outShape`.
llvm::Expected<ProgramStep>
rowSliceProgram(llvm::ArrayRef<int64_t> inShape, LayoutAttr in,
                llvm::ArrayRef<int64_t> outShape, LayoutAttr out,
                llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> step) {
  ProgramStep program;
  program.allocatedL1 = l1BytesPerBank(outShape, out);
  if (hasStep(step)) {
    uint64_t alignment = std::max(bufferAlignment(in), bufferAlignment(out));
    program.dataflowBytes =
        kCopyPages * alignUp(uint64_t(inShape.back()) * elementBytes(in),
                             alignment);
    return program;
  }
  auto bytes = rowSliceBytes(outShape, begins.back(), in, out);
  if (!bytes)
    return bytes.takeError();
  program.dataflowBytes = *bytes;
  program.scratchpadBytes = kSliceScratchpadBytesPerDim * inShape.size();
  return program;
}

/// What ttnn 0.81.1 runs for a slice: its programs (none: the input itself)
/// and the layout of its result.
struct SlicePlan {
  std::vector<int64_t> output;
  llvm::SmallVector<ProgramStep, 3> programs;
  LayoutAttr layout;
  bool identity = false;
};

/// Width or block shards: ttnn's row-major slice splits their rows by the
/// shard width.
bool widthSplit(LayoutAttr layout) {
  return layout.isSharded() &&
         layout.getMemoryLayout() != TensorMemoryLayout::HeightSharded;
}

/// The slice of a row-major input (slice.cpp): shards ttnn's row-major
/// programs cannot address (width or block shards of rows that are not
/// whole tiles or L1 alignment units, or read from a column other than the
/// first; height shards of a shape that is not a tile multiple, unless
/// sliced into height shards with unit steps) go through L1 interleaved
/// tensors: unsharded, sliced, then placed by to_memory_config. Height
/// shards into height shards with unit steps and a first column at an L1
/// alignment unit run SliceRmSharded, whose buffers are the shards.
/// `resharded`: the slice's input is row-major (ttnn reshards only then; a
/// tiled input's untilized rows go to the program as they are).
llvm::Error planRowSlice(SlicePlan &plan, llvm::ArrayRef<int64_t> inShape,
                         LayoutAttr in, llvm::ArrayRef<int64_t> begins,
                         llvm::ArrayRef<int64_t> step, LayoutAttr out,
                         bool resharded) {
  llvm::StringRef name = SliceOp::getOperationName();
  uint64_t element = elementBytes(in);
  uint64_t l1Alignment = currentDevice().l1Alignment;
  bool noStep = !hasStep(step);
  bool wholeTileRows = inShape.back() % kTileDim == 0;
  auto shardRowAligned = [&](LayoutAttr layout) {
    return (uint64_t(layout.getShard()[1]) * element) % l1Alignment == 0;
  };
  bool outHeight = out.isSharded() && !widthSplit(out);
  bool inBad = false;
  if (widthSplit(in))
    inBad = !wholeTileRows || begins.back() != 0 || !shardRowAligned(in);
  else if (in.isSharded())
    inBad = inShape.size() >= 2 && !tileAligned(inShape) &&
            !(outHeight && noStep);
  bool outBad = widthSplit(out) && (!wholeTileRows || !shardRowAligned(out));
  if (resharded && (inBad || outBad)) {
    LayoutAttr staged = in.interleavedIn(PageLayout::RowMajor, BufferType::L1);
    LayoutAttr source = in;
    if (inBad) {
      auto unshard = copyProgram(name, inShape, in, staged);
      if (!unshard)
        return unshard.takeError();
      plan.programs.push_back(**unshard);
      source = staged;
    }
    auto slice = rowSliceProgram(inShape, source, plan.output, staged, begins,
                                 step);
    if (!slice)
      return slice.takeError();
    plan.programs.push_back(*slice);
    auto place = copyProgram(name, plan.output, staged, out);
    if (!place)
      return place.takeError();
    if (*place)
      plan.programs.push_back(**place);
    return llvm::Error::success();
  }
  // SliceRm straight into width or block shards of a result whose last
  // dimension is not a tile multiple: ttnn's view of the result to its
  // logical shape changes the sharded last dimension (TT_FATAL,
  // tensor_ops.cpp:380; measured on both devices: ranks 1 to 3, bf16 and
  // f32, width and block shards narrower than the row; tile-multiple widths
  // run). A shard spanning the row is not measured.
  if (resharded && widthSplit(out) && plan.output.back() % kTileDim != 0) {
    if (out.getShard()[1] >= plan.output.back())
      return notSupportedError(name + ": a row-major slice into " +
                               describe(out) + " whose shard spans the "
                               "unaligned row is not modelled");
    return backendError(name + ": ttnn views the sliced rows of " +
                        llvm::Twine(plan.output.back()) + " elements in " +
                        describe(out) + ", narrower shards than the row "
                        "(TT_FATAL)");
  }
  if (in.isSharded() && outHeight && !widthSplit(in) && noStep &&
      (uint64_t(begins.back()) * element) % l1Alignment == 0) {
    ProgramStep sharded;
    sharded.allocatedL1 = l1BytesPerBank(plan.output, out);
    plan.programs.push_back(sharded);
    return llvm::Error::success();
  }
  auto slice = rowSliceProgram(inShape, in, plan.output, out, begins, step);
  if (!slice)
    return slice.takeError();
  plan.programs.push_back(*slice);
  return llvm::Error::success();
}

/// What the rm_only path into shards meets when ttnn untilizes the whole
/// input into the output's memory config as asked (a tile-multiple input;
/// planTiledRowSlice).
struct RowPathShards {
  int64_t rank;
  bool overflow, narrowRows;
};

/// The branches of the rm_only path into the asked-for shards, first match
/// wins: what ttnn 0.81.1 does there (measured on both mock devices).
struct RowPathShardBranch {
  enum { Reject, Modelled } verdict;
  const char *what;
  bool (*applies)(const RowPathShards &);
};
constexpr RowPathShardBranch kRowPathShardBranches[] = {
    // A rank-1 input fails its untilize with unpadding; shards that cannot
    // hold the input's rows and width fail the TensorSpec
    // (shard_grid_fit_error: 2x544x128 into 3x1 block shards of 96x32,
    // 3x800x416 into one of 672x256, 1x672x768 f32 into 1x8 width shards of
    // 224x32, 2x2x928x224 into a 64x32 width shard); a tile-multiple input
    // the sharded view of rows narrower than a shard.
    {RowPathShardBranch::Reject, "a rank-1 input",
     [](const RowPathShards &f) { return f.rank < 2; }},
    {RowPathShardBranch::Reject, "shards that cannot hold the input",
     [](const RowPathShards &f) { return f.overflow; }},
    {RowPathShardBranch::Reject, "sliced rows narrower than a shard",
     [](const RowPathShards &f) { return f.narrowRows; }},
    {RowPathShardBranch::Modelled, "a tile-multiple input the shards hold",
     [](const RowPathShards &) { return true; }},
};

llvm::Error checkRowPathShards(llvm::ArrayRef<int64_t> inShape,
                               llvm::ArrayRef<int64_t> outShape,
                               LayoutAttr out) {
  llvm::StringRef name = SliceOp::getOperationName();
  llvm::ArrayRef<int64_t> shard = out.getShard();
  int64_t width = outShape.back();
  int64_t shardsNeeded = ceilDiv(rowCount(inShape), shard[0]) *
                         ceilDiv(inShape.back(), shard[1]);
  RowPathShards facts{
      int64_t(inShape.size()),
      shardsNeeded > out.getGrid()[0] * out.getGrid()[1],
      shard[1] >= inShape.back() && width != inShape.back() &&
          shard[1] != width};
  for (const RowPathShardBranch &row : kRowPathShardBranches) {
    if (!row.applies(facts))
      continue;
    std::string what = "ttnn 0.81.1 slices " + describeShape(inShape) +
                       " through row-major data in the output's memory "
                       "config " +
                       describe(out) + " (" + row.what + ")";
    switch (row.verdict) {
    case RowPathShardBranch::Reject:
      return backendError(name + ": " + what + ", which cannot hold it "
                                               "(TT_FATAL)");
    case RowPathShardBranch::Modelled:
      return llvm::Error::success();
    }
  }
  return llvm::Error::success();
}

/// ttnn's view of the sliced rows in the row-major output shards `rows`
/// (slice.cpp's view of the prim::slice result to its logical shape): a
/// row-major shard pads the row to the shard width, and the view to the
/// logical width TT_FATALs (tensor_ops.cpp:380) for shards narrower than the
/// row unless it is a whole number of shards. Wider block shards keep a
/// buffer of every row at the shard width, which must be a whole number of
/// pages of the logical row (buffer.cpp:290); width shards fail the shard
/// grid fit, height shards too unless as wide as the row. Measured on both
/// devices, slices of padded interleaved inputs into block shards: 96 rows of
/// 12, 16 and 24 bf16 and 8 f32 in 32-wide shards, 95 of 20 in 64-wide,
/// 192 of 12 in 32-wide run; 96 of 20 in 32-wide, 94 of 40 and 96 of 20 in
/// 64-wide, 96 of 100 in 128-wide, 928 of 6 f32 in 32-wide fail.
llvm::Error checkRowShardsView(llvm::ArrayRef<int64_t> outShape,
                               LayoutAttr rows) {
  int64_t width = outShape.back(), shardWidth = rows.getShard()[1];
  bool runs = width % shardWidth == 0;
  switch (rows.getMemoryLayout()) {
  case TensorMemoryLayout::BlockSharded:
    runs = runs || (shardWidth > width &&
                    (rowCount(outShape) * shardWidth) % width == 0);
    break;
  case TensorMemoryLayout::WidthSharded:
    break;
  default:
    runs = width == shardWidth;
    break;
  }
  if (runs)
    return llvm::Error::success();
  return backendError(SliceOp::getOperationName() + ": ttnn views the sliced "
                      "rows of " + llvm::Twine(width) + " elements in " +
                      describe(rows) + ", which pad them to the shard width "
                      "(TT_FATAL)");
}

/// ttnn's rm_only path of a tiled input (the file comment).
llvm::Error planTiledRowSlice(SlicePlan &plan, llvm::ArrayRef<int64_t> inShape,
                              LayoutAttr in, llvm::ArrayRef<int64_t> begins,
                              llvm::ArrayRef<int64_t> step, LayoutAttr out) {
  llvm::StringRef name = SliceOp::getOperationName();
  if (hasStep(step) && in.getDataType() == DataType::BFloat8B)
    return backendError(name + ": a step above 1 needs a bf16 or f32 input "
                               "(ttnn 0.81.1: TT_FATAL on bfp8_b)");
  DataType type = rowMajorType(in);
  LayoutAttr tiles = out.withDataType(type);
  // The row-major tensors are interleaved in the output's buffer type, or
  // on the output's shards.
  LayoutAttr rows =
      out.isSharded() ? rowMajorLike(out, type) : rowMajorIn(tiles);
  // An input that is not a tile multiple is untilized with unpadding into
  // shards ttnn derives (unpaddedShards, unpaddingShards), so only the view
  // of the sliced rows in the output's shards is checked; a tile-multiple
  // input is untilized into the output's shards as asked (the branch table).
  bool derivedShards =
      out.isSharded() && inShape.size() >= 2 && !tileAligned(inShape);
  if (derivedShards)
    if (llvm::Error err = checkRowShardsView(plan.output, rows))
      return err;
  auto untilize = planConversion(inShape, in, rows);
  if (!untilize)
    return untilize.takeError();
  if (out.isSharded() && !derivedShards)
    if (llvm::Error err = checkRowPathShards(inShape, plan.output, out))
      return err;
  plan.programs.append(untilize->programs.begin(), untilize->programs.end());
  if (llvm::Error err = planRowSlice(plan, inShape, untilize->output, begins,
                                     step, rows, /*resharded=*/false))
    return err;
  // The view of rows narrower than their block shard changes the tensor's
  // spec, and ttnn reshards it back into the output's memory config: one
  // more tensor on the shards, whose CB is that tensor's shard (measured on
  // both devices: 96x64 in 64x128 shards, 96x16 in 64x32, 96x8 f32 in 64x32,
  // 992x16 in 256x32 and 256x64).
  if (derivedShards &&
      rows.getMemoryLayout() == TensorMemoryLayout::BlockSharded &&
      plan.output.back() < rows.getShard()[1]) {
    ProgramStep reshard;
    reshard.allocatedL1 = l1BytesPerBank(plan.output, rows);
    plan.programs.push_back(reshard);
  }
  auto tilize = planConversion(plan.output, rows, tiles);
  if (!tilize)
    return tilize.takeError();
  plan.programs.append(tilize->programs.begin(), tilize->programs.end());
  plan.layout = tilize->output;
  return llvm::Error::success();
}

llvm::Expected<SlicePlan>
planSlice(llvm::ArrayRef<int64_t> inShape, LayoutAttr in,
          llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
          llvm::ArrayRef<int64_t> step, LayoutAttr out) {
  llvm::StringRef name = SliceOp::getOperationName();
  auto shape = checkSingleInput(
      name, inShape, in, SliceOp::inferResultShape(inShape, begins, ends, step,
                                      !in.isRowMajor()),
      out);
  if (!shape)
    return shape.takeError();
  SlicePlan plan;
  plan.output = std::move(*shape);
  plan.layout = out;
  if (!hasStep(step) && llvm::equal(plan.output, inShape)) {
    auto copy = copyProgram(name, inShape, in, out);
    if (!copy)
      return copy.takeError();
    plan.identity = !*copy;
    if (*copy)
      plan.programs.push_back(**copy);
    return plan;
  }
  size_t rank = inShape.size();
  bool tileBegins = rank >= 2 && begins[rank - 1] % kTileDim == 0 &&
                    begins[rank - 2] % kTileDim == 0;
  if (!in.isRowMajor() && !hasStep(step) && tileBegins) {
    ProgramStep tile;
    tile.dataflowBytes = kCopyPages * tileBytes(out);
    tile.scratchpadBytes = kSliceScratchpadBytesPerDim * rank;
    tile.allocatedL1 = l1BytesPerBank(plan.output, out);
    plan.programs.push_back(tile);
    return plan;
  }
  if (!in.isRowMajor()) {
    if (llvm::Error err = planTiledRowSlice(plan, inShape, in, begins, step,
                                            out))
      return err;
    return plan;
  }
  if (llvm::Error err = planRowSlice(plan, inShape, in, begins, step, out,
                                     /*resharded=*/true))
    return err;
  return plan;
}
} // namespace

llvm::Expected<OpConstraints> OpModel<SliceOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
    llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto plan = planSlice(inputShape, inputLayout, begins, ends, step,
                        outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->identity) {
    // ttnn returns the input tensor itself: no program, no new buffer.
    OpConstraints result;
    result.outputLayouts.push_back(inputLayout);
    return result;
  }
  return finishPrograms(SliceOp::getOperationName(), plan->programs,
                        plan->output, plan->layout, initialState);
}

llvm::Expected<size_t> OpModel<SliceOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> begins, llvm::ArrayRef<int64_t> ends,
    llvm::ArrayRef<int64_t> step, LayoutAttr outputLayout) {
  auto plan = planSlice(inputShape, inputLayout, begins, ends, step,
                        outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->identity)
    return 0;
  // The program reads only the window: as many tiles as it writes.
  return copyRuntime({plan->output}, {inputLayout}, plan->output,
                     plan->layout);
}

llvm::Expected<std::optional<ProgramStep>>
analytical::memoryConfigCopy(llvm::StringRef opName,
                             llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                             LayoutAttr out) {
  return copyProgram(opName, shape, in, out);
}

//===----------------------------------------------------------------------===//
// repeat
//===----------------------------------------------------------------------===//
//
// ttnn 0.81.1's repeat (repeat.cpp, repeat_codegen_supported.cpp and the
// codegen and native program factories), measured on both mock devices.
// Nothing repeated: to_memory_config of the input (copyProgram). Else, for
// ranks 2 to 4 (bfp8_b only when no row-major data is involved), the codegen
// route: each repeated dimension is a leg, a program writing the working
// tensor repeated along that dimension:
//   - a tiled input whose last two dimensions are not tile multiples and that
//     repeats one of them first goes through row-major data (the round trip):
//     ttnn.untilize (the codegen untilize also for these padded bf16 shapes),
//     row-major legs, then a tilize;
//   - tiled legs run outer dimensions first, a CB of 8 output tiles, one tile
//     for an outer dimension (not the last two) into L1 interleaved, height or
//     width shards; row-major legs run the innermost dimension first, a CB of
//     2 x min(4, slots / 2) slots of the larger aligned input or output row;
//     a repeated size-1 dimension folds into the next (row-major legs keep
//     the last dimension whole, tiled legs the last two);
//   - intermediates are interleaved in the input's buffer type (DRAM after
//     unsharding an input whose shards are not whole pages of the tensor, or
//     before the round trip), each freed once the next leg has written its
//     output; the last leg writes the output itself when it is interleaved or
//     its shards are whole pages of the result, else it writes L1 or DRAM
//     interleaved and ttnn's interleaved_to_sharded (no CB of its own)
//     places it.
// Rank 1 and bfp8_b with row-major data take the native route: untilize into
// the input's buffer, native row-major programs (scratchpads only: two of
// 128 B plus the row, a last-dimension repeat widening the row to a 16-byte
// multiple of rows), each into the output's buffer, a tilize into the input's
// data type; sharded inputs of that route are first moved to L1 interleaved.
// Row-major shards ttnn repeats natively (rowRepeatDemoted) are not modelled.

namespace {
/// The codegen repeat's batch of pages (kRepeatBatch): CBs of twice as many.
constexpr int64_t kRepeatBatch = 4;
/// The native row-major repeat's read alignment (READ_ALIGNMENT): two of them
/// pad each scratchpad.
constexpr uint64_t kRepeatReadAlignment = 64;
/// ttnn's codegen repeat: tiled legs of outer dimensions read a tile at a
/// time (repeat_outer_tile_direct).
constexpr int64_t kDirectRepeatPages = 1;

/// A working tensor each program replaces: a program's output is allocated
/// while the previous intermediate is still live, which is freed after it.
struct ProgramChain {
  llvm::SmallVector<ProgramStep, 6> steps;
  uint64_t workingL1 = 0;

  void run(ProgramStep step) {
    step.freedL1 = workingL1;
    workingL1 = step.allocatedL1;
    steps.push_back(step);
  }
};

bool repeatsAny(llvm::ArrayRef<int64_t> repeats) {
  return llvm::any_of(repeats, [](int64_t r) { return r > 1; });
}

std::vector<int64_t> repeated(llvm::ArrayRef<int64_t> shape, int64_t dim,
                              int64_t times) {
  std::vector<int64_t> out(shape.begin(), shape.end());
  out[dim] *= times;
  return out;
}

/// ttnn's shard_spec_is_page_identical: an interleaved layout, or shards that
/// hold whole pages of `shape` (tiles, or whole rows for row-major) on as many
/// cores as they need, the grid's shape for block shards.
bool wholePageShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  if (!layout.isSharded())
    return true;
  int64_t width = shape.back(), height = rowCount(shape);
  if (!layout.isRowMajor()) {
    Geometry g = geometry(shape);
    height = g.heightTiles * kTileDim;
    width = g.widthTiles * kTileDim;
  }
  llvm::ArrayRef<int64_t> shard = layout.getShard(), grid = layout.getGrid();
  if (height % shard[0] || width % shard[1])
    return false;
  int64_t rows = height / shard[0], columns = width / shard[1];
  if (layout.isRowMajor() && columns != 1)
    return false;
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    return columns == 1 && rows <= grid[0] * grid[1];
  case TensorMemoryLayout::WidthSharded:
    return rows == 1 && columns <= grid[0] * grid[1];
  case TensorMemoryLayout::BlockSharded:
    return grid[0] == rows && grid[1] == columns;
  case TensorMemoryLayout::Interleaved:
    break;
  }
  return true;
}

/// A row of `shape` in `layout`'s buffer, aligned to its alignment.
uint64_t alignedRow(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  return alignUp(uint64_t(shape.back()) * elementBytes(layout),
                 bufferAlignment(layout));
}

/// A codegen row-major leg's CB: the larger aligned row a slot, 2 x
/// min(4, slots / 2) slots of M (one when only one fits).
llvm::Expected<uint64_t> rowLegBytes(uint64_t slot) {
  uint64_t slots = currentDevice().l1AboveAllocatorBase() / slot;
  if (slots < 2)
    return notSupportedError(RepeatOp::getOperationName() + ": rows of " +
                             llvm::Twine(slot) + " B leave ttnn's repeat "
                             "single-slot or native plans, not modelled");
  return 2 * std::min<uint64_t>(kRepeatBatch, slots / 2) * slot;
}

/// What ttnn runs for a repeat (the section comment).
struct RepeatPlan {
  std::vector<int64_t> output;
  ProgramChain chain;
  LayoutAttr layout;
  bool identity = false;
};

/// Appends a conversion writing `out` to the chain.
llvm::Error runConversion(ProgramChain &chain,
                          llvm::Expected<ConversionProgram> program,
                          llvm::ArrayRef<int64_t> shape, LayoutAttr out) {
  if (!program)
    return program.takeError();
  chain.run(conversionStep(*program, shape, out));
  return llvm::Error::success();
}

/// The end of a repeat writing `working`: row-major data of a tiled input
/// tilized back (`retilize`) interleaved in the output's buffer type, then
/// ttnn's to_memory_config into the output. The native route calls
/// interleaved_to_sharded itself (`direct`), whose validation requires
/// row-major shard rows of whole L1 alignment units (TT_FATAL "valid",
/// interleaved_to_sharded_op.cpp; measured on both devices: 126 f32 x 3 into
/// 63-column block shards fails, 100 bf16 x 3 into 64-column width shards
/// with a partial last shard runs); to_memory_config copies such rows instead.
llvm::Error finishRepeat(RepeatPlan &plan, LayoutAttr working, bool retilize,
                         LayoutAttr out, bool direct = false) {
  if (direct && !retilize && out.isSharded() && out.isRowMajor() &&
      (uint64_t(out.getShard()[1]) * elementBytes(out)) %
          currentDevice().l1Alignment)
    return backendError(RepeatOp::getOperationName() + ": shard rows of " +
                        llvm::Twine(out.getShard()[1]) + " elements of " +
                        describe(out) +
                        " are not L1-aligned pages (ttnn's "
                        "interleaved_to_sharded fails)");
  if (retilize) {
    LayoutAttr tiled = out.interleavedIn(PageLayout::Tile, out.getBufferType());
    if (llvm::Error err = runConversion(
            plan.chain, conversionProgram(plan.output, working, tiled),
            plan.output, tiled))
      return err;
    working = tiled;
  }
  auto place = copyProgram(RepeatOp::getOperationName(), plan.output, working,
                           out);
  if (!place)
    return place.takeError();
  if (*place)
    plan.chain.run(**place);
  plan.layout = out;
  return llvm::Error::success();
}

/// ttnn's native repeat of L1 shards (is_native_repeat_sharding,
/// repeat_utils.cpp) for row-major `in` repeated `times` along `dim` alone:
/// shards even along the rows (the rows padded to whole shards), width or
/// block shards not along the last dimension, a sharded output in L1 in the
/// input's scheme and grid, and each shard holding whole replica groups.
bool nativeRowShardRepeat(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                          int64_t dim, LayoutAttr out) {
  int64_t rank = int64_t(shape.size());
  int64_t shardRows = in.getShard()[0];
  if (rowCount(shape) % shardRows)
    return false;
  if (dim == rank - 1)
    return in.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  if (out.isSharded() &&
      (!out.isL1() || out.getMemoryLayout() != in.getMemoryLayout() ||
       out.getGrid() != in.getGrid()))
    return false;
  int64_t group = 1;
  for (int64_t d = dim; d < rank - 1; ++d)
    group *= shape[d];
  return shardRows % group == 0;
}

/// ttnn's demotions of a row-major sharded input from the codegen repeat to
/// its native repeat (repeat_codegen_supported.cpp, is_demoted; measured on
/// both mock devices): shards of partial rows repeated along one dimension
/// the native program replicates in place (nativeRowShardRepeat: 64x192 in
/// 32-column width shards along the rows; rows padded to whole shards
/// TT_FATAL in ttnn's view of them, 704x192 f32 and bf16 in 7-column and
/// 3x70x100 in 12-column width shards), and height shards of whole rows on a
/// grid wider than tall repeated along the last dimension alone into height
/// shards (400x100 on 1x4 cores). The native sharded program is not
/// modelled. Block shards of several rows along an outer dimension hold no
/// whole replica group and stay codegen (400x100 in 4x2 shards).
llvm::Error rowRepeatDemoted(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                             llvm::ArrayRef<int64_t> repeats, LayoutAttr out,
                             bool partialRows) {
  llvm::StringRef name = RepeatOp::getOperationName();
  int64_t rank = int64_t(shape.size());
  auto native = [&] {
    return notSupportedError(name + ": ttnn repeats " + describe(in) +
                             " natively, which is not modelled");
  };
  llvm::SmallVector<int64_t, 4> dims;
  for (auto [d, times] : llvm::enumerate(repeats))
    if (times > 1)
      dims.push_back(int64_t(d));
  if (dims.size() != 1)
    return llvm::Error::success();
  if (partialRows && nativeRowShardRepeat(shape, in, dims.front(), out)) {
    // The TT_FATAL is the view ttnn takes first (repeat.cpp: the last
    // dimension, the repeated one and those between and before it collapsed
    // into 4-D, or rows x the last dimension); a view onto the same shape
    // changes nothing and passes (measured: 3x2x107x391 in 642x33 width
    // shards repeated along dim 1 runs natively; along dims 0 and 2, and
    // 642x391 along dim 0, TT_FATAL; edge draw seed 782771688 repeat #7).
    int64_t dim = dims.front();
    llvm::SmallVector<int64_t, 4> view;
    if (dim == rank - 1) {
      view = {rowCount(shape), shape.back()};
    } else {
      auto product = [&](int64_t from, int64_t to) {
        int64_t p = 1;
        for (int64_t d = from; d < to; ++d)
          p *= shape[d];
        return p;
      };
      view = {product(0, dim), shape[dim], product(dim + 1, rank - 1),
              shape.back()};
    }
    if (rowsPaddedToShards(shape, in) && llvm::ArrayRef(view) != shape)
      return backendError(name + ": ttnn 0.81.1 repeats " + describe(in) +
                          " natively and views it with rows padded to "
                          "whole shards (TT_FATAL, tensor_ops.cpp)");
    return native();
  }
  if (!partialRows &&
      in.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
      out.isSharded() &&
      out.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
      dims.front() == rank - 1 && in.getGrid()[1] > in.getGrid()[0])
    return native();
  return llvm::Error::success();
}

/// ttnn's codegen repeat, or nullopt when ttnn repeats natively.
llvm::Expected<std::optional<RepeatPlan>>
codegenRepeat(llvm::ArrayRef<int64_t> inShape, LayoutAttr in,
              llvm::ArrayRef<int64_t> repeats, LayoutAttr out) {
  llvm::StringRef name = RepeatOp::getOperationName();
  int64_t rank = int64_t(inShape.size());
  if (rank < 2 || rank > 4)
    return std::nullopt;
  bool tiled = !in.isRowMajor();
  bool roundTrip = tiled && !tileAligned(inShape) &&
                   (repeats[rank - 2] > 1 || repeats[rank - 1] > 1);
  if (in.getDataType() == DataType::BFloat8B && roundTrip)
    return std::nullopt;
  RepeatPlan plan;
  plan.output = repeated(inShape, 0, 1);
  for (auto [dim, times] : llvm::enumerate(repeats))
    plan.output[dim] *= times;
  bool unshard = in.isSharded() && (roundTrip || !wholePageShards(inShape, in));
  // Row-major shards of partial rows are unsharded into DRAM by
  // to_memory_config (copyProgram; measured on both devices: 521x192 in
  // 131-row height shards, 352x416 in 71x70 block shards, width shards
  // dividing the rows or padding them to whole shards, stress draw seed
  // 650175627 repeat #23, #31, #38, #41, #42); shards of whole rows the legs
  // read in place (measured: height and one-column block shards, bf16 and
  // f32, into L1, DRAM and shards). ttnn's demotions to its native repeat
  // (is_demoted) are rowRepeatDemoted.
  if (in.isSharded() && in.isRowMajor())
    if (llvm::Error err = rowRepeatDemoted(inShape, in, repeats, out, unshard))
      return std::move(err);
  // ttnn demotes a height-sharded input read along a single row of 8 or more
  // cores to its native repeat (is_shard_row_read_hotspot): not modelled.
  bool tiledLegs = tiled && !roundTrip;
  llvm::SmallVector<int64_t, 4> legs(repeats);
  int64_t foldLimit = rank - (tiledLegs ? 3 : 2);
  for (int64_t d = 0; d < foldLimit; ++d)
    if (inShape[d] == 1 && legs[d] > 1 && legs[d + 1] > 1) {
      legs[d + 1] *= legs[d];
      legs[d] = 1;
    }
  llvm::SmallVector<int64_t, 4> dims;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = tiledLegs ? i : rank - 1 - i;
    if (legs[d] > 1)
      dims.push_back(d);
  }
  if (in.isSharded() && !unshard &&
      in.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
      rank >= 3 && dims.front() + 2 < rank && in.getGrid()[0] == 1 &&
      in.getGrid()[1] >= 8)
    return notSupportedError(name + ": ttnn repeats this height-sharded "
                                    "input natively, which is not modelled");
  LayoutAttr working = in;
  std::vector<int64_t> shape(inShape.begin(), inShape.end());
  if (unshard) {
    working = in.interleavedIn(in.getPageLayout(), BufferType::DRAM);
    auto unsharding = copyProgram(name, shape, in, working);
    if (!unsharding)
      return unsharding.takeError();
    plan.chain.run(**unsharding);
  }
  LayoutAttr intermediate = working.interleavedIn(
      tiledLegs ? PageLayout::Tile : PageLayout::RowMajor,
      working.getBufferType());
  if (roundTrip) {
    if (llvm::Error err = runConversion(
            plan.chain, untilizeProgram(shape, working, intermediate,
                                        UntilizeEntry::Untilize),
            shape, intermediate))
      return err;
    working = intermediate;
  }
  bool finalInPlace = !roundTrip && wholePageShards(plan.output, out);
  LayoutAttr finalLayout =
      finalInPlace ? out
                   : out.interleavedIn(working.getPageLayout(),
                                       out.getBufferType());
  for (auto [index, d] : llvm::enumerate(dims)) {
    LayoutAttr legOut = index + 1 == dims.size() ? finalLayout : intermediate;
    std::vector<int64_t> legShape = repeated(shape, d, legs[d]);
    ProgramStep leg;
    if (tiledLegs) {
      bool direct = d + 4 - rank < 2 && legOut.isL1() &&
                    legOut.getMemoryLayout() !=
                        TensorMemoryLayout::BlockSharded;
      leg.circularBytes =
          (direct ? kDirectRepeatPages : 2 * kRepeatBatch) * tileBytes(legOut);
    } else {
      auto bytes = rowLegBytes(
          std::max(alignedRow(shape, working), alignedRow(legShape, legOut)));
      if (!bytes)
        return bytes.takeError();
      leg.circularBytes = *bytes;
    }
    leg.allocatedL1 = l1BytesPerBank(legShape, legOut);
    plan.chain.run(leg);
    shape = std::move(legShape);
    working = legOut;
  }
  if (llvm::Error err = finishRepeat(plan, working, roundTrip, out))
    return err;
  return plan;
}

/// A native row-major repeat program (scratchpads only; the section
/// comment): the last dimension widens a row to a 16-byte multiple of rows.
ProgramStep nativeRowRepeat(llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                            bool lastDim) {
  uint64_t row = uint64_t(shape.back()) * elementBytes(layout);
  uint64_t rows = 1;
  while (lastDim && (row * rows) % 16 != 0)
    rows *= 2;
  ProgramStep step;
  step.scratchpadBytes = 2 * (2 * kRepeatReadAlignment + row * rows);
  return step;
}

/// ttnn's native repeat of an interleaved input (rank 1, or bfp8_b data it
/// must untilize).
llvm::Expected<RepeatPlan> nativeRepeat(llvm::ArrayRef<int64_t> inShape,
                                        LayoutAttr in,
                                        llvm::ArrayRef<int64_t> repeats,
                                        LayoutAttr out) {
  llvm::StringRef name = RepeatOp::getOperationName();
  RepeatPlan plan;
  std::vector<int64_t> shape(inShape.begin(), inShape.end());
  if (in.isSharded()) {
    // repeat_native's sharded program takes shards of rank >= 2 only (tiled
    // ones of whole tiles; is_native_repeat_sharding, repeat_utils.cpp:
    // is_unevenly_sharded holds for rank 1); these (rank 1, tiled or
    // row-major, padded bfp8_b) it moves to L1 interleaved first
    // (to_memory_config), freed once untilized or repeated (measured on both
    // devices: row-major 471 in 1x24 width shards on 5x4 cores repeated 4
    // times into DRAM, edge draw seed 720932302 repeat #6).
    LayoutAttr staged = in.interleavedIn(in.getPageLayout(), BufferType::L1);
    auto unshard = copyProgram(name, shape, in, staged);
    if (!unshard)
      return unshard.takeError();
    plan.chain.run(**unshard);
    in = staged;
  }
  DataType type = rowMajorType(in);
  LayoutAttr rows = rowMajorIn(in.withDataType(type));
  LayoutAttr working = in;
  if (!in.isRowMajor()) {
    if (llvm::Error err = runConversion(
            plan.chain, conversionProgram(shape, in, rows), shape, rows))
      return err;
    working = rows;
  }
  LayoutAttr legOut = rowMajorIn(out.withDataType(type));
  int64_t rank = int64_t(shape.size());
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (repeats[d] <= 1)
      continue;
    ProgramStep leg = nativeRowRepeat(shape, working, d == rank - 1);
    shape = repeated(shape, d, repeats[d]);
    leg.allocatedL1 = l1BytesPerBank(shape, legOut);
    plan.chain.run(leg);
    working = legOut;
  }
  plan.output = shape;
  if (llvm::Error err = finishRepeat(plan, working, !in.isRowMajor(), out,
                                     /*direct=*/true))
    return err;
  return plan;
}

llvm::Expected<RepeatPlan> planRepeat(llvm::ArrayRef<int64_t> inShape,
                                      LayoutAttr in,
                                      llvm::ArrayRef<int64_t> repeats,
                                      LayoutAttr out) {
  llvm::StringRef name = RepeatOp::getOperationName();
  auto shape = checkSingleInput(name, inShape, in,
                                RepeatOp::inferResultShape(inShape, repeats),
                                out);
  if (!shape)
    return shape.takeError();
  if (!repeatsAny(repeats)) {
    auto copy = copyProgram(name, inShape, in, out);
    if (!copy)
      return copy.takeError();
    RepeatPlan plan;
    plan.output = std::move(*shape);
    plan.layout = out;
    plan.identity = !*copy;
    if (*copy)
      plan.chain.run(**copy);
    return plan;
  }
  auto codegen = codegenRepeat(inShape, in, repeats, out);
  if (!codegen)
    return codegen.takeError();
  if (*codegen)
    return std::move(**codegen);
  return nativeRepeat(inShape, in, repeats, out);
}
} // namespace

llvm::Expected<OpConstraints> OpModel<RepeatOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto plan = planRepeat(inputShape, inputLayout, repeats, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->identity) {
    // ttnn returns the input tensor itself: no program, no new buffer.
    OpConstraints result;
    result.outputLayouts.push_back(inputLayout);
    return result;
  }
  return finishPrograms(RepeatOp::getOperationName(), plan->chain.steps,
                        plan->output, plan->layout, initialState);
}

llvm::Expected<size_t> OpModel<RepeatOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> repeats, LayoutAttr outputLayout) {
  auto plan = planRepeat(inputShape, inputLayout, repeats, outputLayout);
  if (!plan)
    return plan.takeError();
  if (plan->identity)
    return 0;
  std::vector<int64_t> input(inputShape.begin(), inputShape.end());
  return copyRuntime({input}, {inputLayout}, plan->output, plan->layout);
}

} // namespace mlir::ttnn::op_model
