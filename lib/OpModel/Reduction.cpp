//===- Reduction.cpp - the reduction family (sum, mean, max, min) ---------===//
//
// ttnn 0.81.1's reductions are a composite of device programs, read from its
// generic_reductions.cpp and measured program by program on the mock
// Wormhole and Blackhole devices (docs/op-model.md, "Reductions"):
//   1. fill_implicit_tile_padding: a tiled input whose last two dimensions
//      are not tile multiples gets its padding filled with the reduction's
//      neutral value, in place (the fill-pad program); bfp8_b goes through a
//      bf16 copy and back into a new bfp8_b tensor, both in the input's
//      placement, the bfp8_b one live until the op returns;
//   2. sum of bf16 / bfp8_b over dimensions other than the last two:
//      ttnn's fast_reduce_nc program over those, then the rest;
//   3. one ReduceDeviceOperation for W, H or (W then H) HW; any other set of
//      dimensions one dimension at a time from the last, an outer one moved
//      to H by a transpose, H-reduced and moved back; every temporary placed
//      like the output;
//   4. the reshape to the result's shape (a view, or ttnn's reshape).
// A row-major input runs ttnn's dense row-major program for a sum or mean
// over W or H, else it is tilized first (a tiled result). Every program
// allocates dataflow buffers, so the CB peak is the largest program's
// (finishPrograms).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"

#include "llvm/ADT/SmallSet.h"

#include <numeric>
#include <type_traits>

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
enum class Math { Sum, Mean, Max, Min };

template <typename OpTy> constexpr Math mathOf() {
  if constexpr (std::is_same_v<OpTy, SumOp>)
    return Math::Sum;
  else if constexpr (std::is_same_v<OpTy, MeanOp>)
    return Math::Mean;
  else if constexpr (std::is_same_v<OpTy, MaxOp>)
    return Math::Max;
  else
    return Math::Min;
}

constexpr int64_t kDoubleBuffer = 2;
/// Input pages of the reduce programs when a core has enough tiles to
/// stream (reduce_op_multi_core_{w,h}_program_factory.cpp): 8, else 2.
constexpr int64_t kBlockPages = 8;
/// A W program streams 8-tile blocks once every core takes at least 4 tiles
/// (Wt x max(1, floor(rows / cores)), measured on both devices); an H program
/// for at least 4 columns on every core (floor(columns / cores)).
constexpr int64_t kBlockFromTiles = 4;
/// The H program splits tall columns over cores (two programs: row-major
/// partials of H slices, then their reduction) from 20 tile rows on, when
/// at least two slices fit the grid.
constexpr int64_t kSplitFromRows = 20;
/// The dense row-major H program splits tall columns (as the tiled one, two
/// programs) from 16 tile rows on (measured on both devices: 12, 14 and 15
/// one program, bf16 and f32; 16 to 600 split when two slices fit the grid).
constexpr int64_t kDenseSplitFromRows = 16;
/// The largest column share of the bfp8_b min's negating H program measured.
constexpr int64_t kMeasuredNegatingShare = 6;
/// FPU reduce: one tile op per input tile.
constexpr double kCyclesPerTile = 32;

/// A tensor between two programs: its shape (the input's rank, reduced
/// dimensions kept as 1), its layout and whether the op allocated it.
struct Tensor {
  std::vector<int64_t> shape;
  LayoutAttr layout;
  bool temporary = false;
};

/// Batch (all dimensions but the last two), tile rows and tile columns of
/// ttnn's 4-D view.
struct Tiles {
  int64_t batch, rows, cols;
};
Tiles tilesOf(llvm::ArrayRef<int64_t> shape) {
  int64_t rank = shape.size();
  int64_t batch = 1;
  for (int64_t d = 0; d + 2 < rank; ++d)
    batch *= shape[d];
  int64_t h = rank >= 2 ? shape[rank - 2] : 1;
  int64_t w = rank ? shape.back() : 1;
  return {batch, ceilDiv(h, kTileDim), ceilDiv(w, kTileDim)};
}

uint64_t tileOf(DataType type) {
  switch (type) {
  case DataType::Float32:
    return kF32TileBytes;
  case DataType::BFloat8B:
    return ::ttlang::tile::kElements + ::ttlang::tile::kElements / 16;
  default:
    return kBf16TileBytes;
  }
}

/// The reduce scaler tile: bf16, f32 for an f32 input.
uint64_t scalerTile(DataType in) {
  return in == DataType::Float32 ? kF32TileBytes : kBf16TileBytes;
}

/// The accumulation format of sum / mean partials: f32; max / min keep the
/// input's float format (bf16 for bfp8_b).
DataType partialType(Math math, DataType in) {
  if (math == Math::Sum || math == Math::Mean || in == DataType::Float32)
    return DataType::Float32;
  return DataType::BFloat16;
}

/// ttnn lowers a bfp8_b min to a max of the negated input inside its
/// programs, with two more CBs (measured).
bool negatesBlockFloat(Math math, DataType in) {
  return math == Math::Min && in == DataType::BFloat8B;
}

/// The layout ttnn gives a ReduceDeviceOperation's result of `shape` placed
/// in `layout` (build_reduce_output_tensor_spec): a sharded memory config
/// keeps its scheme and grid, but the shards are the grid's share of the
/// result's padded 2-D shape, whatever shard was asked for
/// (TensorSpec::height_sharded / width_sharded / block_sharded: ceil
/// division, aligned up to whole tiles; measured on both devices: a 256 x 1
/// sum into 2 height shards of 64 rows gets shards of 128, into 8 of 256
/// rows shards of 32).
LayoutAttr reduceShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  if (!layout.isSharded())
    return layout;
  Geometry g = geometry(shape);
  int64_t height = g.heightTiles * kTileDim, width = g.widthTiles * kTileDim;
  int64_t rows = layout.getGrid()[0], cols = layout.getGrid()[1];
  auto share = [](int64_t extent, int64_t cores) {
    return ceilDiv(ceilDiv(extent, cores), kTileDim) * kTileDim;
  };
  int64_t shard[2] = {height, width};
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    shard[0] = share(height, rows * cols);
    break;
  case TensorMemoryLayout::WidthSharded:
    shard[1] = share(width, rows * cols);
    break;
  case TensorMemoryLayout::BlockSharded:
    shard[0] = share(height, rows);
    shard[1] = share(width, cols);
    break;
  case TensorMemoryLayout::Interleaved:
    break;
  }
  return layout.withShards(layout.getGrid(), shard);
}

/// The programs of a reduction and the tensors they allocate, in order.
class Plan {
public:
  explicit Plan(LayoutAttr outLayout) : outLayout(outLayout) {}

  /// A program that writes `written` (nullptr: works in place).
  void run(uint64_t buffers, const Tensor *written, uint64_t scratchpad = 0) {
    ProgramStep step;
    step.dataflowBytes = buffers;
    step.scratchpadBytes = scratchpad;
    if (written)
      step.allocatedL1 = l1BytesPerBank(written->shape, written->layout);
    steps.push_back(step);
  }
  /// Frees `tensor` (when the op allocated it) after the last program.
  void release(const Tensor &tensor) {
    if (tensor.temporary && !steps.empty())
      steps.back().freedL1 += l1BytesPerBank(tensor.shape, tensor.layout);
  }
  /// A temporary of `shape` in `type`, placed like the output.
  Tensor temporary(llvm::ArrayRef<int64_t> shape, DataType type) const {
    return {std::vector<int64_t>(shape.begin(), shape.end()),
            outLayout.withDataType(type), true};
  }
  /// A ReduceDeviceOperation's result, placed like the output in the
  /// shards ttnn derives for it (reduceShards; the W result inside one HW
  /// operation too: on a one-core grid the whole padded tensor, measured on
  /// both devices: a 64 x 1 f32 result of 8192 B, 256 x 1 bf16 of 16384 B).
  Tensor reduced(llvm::ArrayRef<int64_t> shape, DataType type) const {
    Tensor t = temporary(shape, type);
    t.layout = reduceShards(shape, t.layout);
    return t;
  }

  LayoutAttr outLayout;
  llvm::SmallVector<ProgramStep, 12> steps;
};

/// The W program (reduce_op_multi_core_w_program_factory.cpp).
uint64_t reduceWBuffers(const Tiles &t, Math math, DataType in,
                        DataType out) {
  uint64_t inTile = tileOf(in), outTile = tileOf(out);
  if (negatesBlockFloat(math, in)) {
    int64_t rows = t.batch * t.rows, cores = currentDevice().numCores();
    int64_t pages =
        rows / cores >= kBlockFromTiles ? kBlockPages : kDoubleBuffer;
    return pages * inTile + kBf16TileBytes + kDoubleBuffer * outTile +
           2 * inTile;
  }
  // 8-tile blocks once a core's tiles (a row, or its whole rows) reach 4.
  int64_t rowsPerCore = (t.batch * t.rows) / currentDevice().numCores();
  int64_t pages = t.cols * std::max<int64_t>(1, rowsPerCore) >= kBlockFromTiles
                      ? kBlockPages
                      : kDoubleBuffer;
  return pages * inTile + scalerTile(in) + kDoubleBuffer * outTile;
}

/// ttnn's sharded W (H) program: a height- (width-) sharded input into the
/// same grid's shards of its reduced rows (columns) reads and writes the
/// shards in place, streaming 2 input pages beside its scaler (measured on
/// both devices, bf16 and f32). Height shards on one core take the
/// interleaved W program (measured on both devices: sum, max and mean of
/// 256x224, 240x221, 64x142, 142 and HW of 1x64x256 bfp8_b; 2x1 grids the
/// sharded one; first seen on fresh draw seeds 630771013 and 158509197);
/// one-core width shards the sharded H program. Height shards take it only
/// when the tile-padded rows fill every core's shard: 960 or 992 rows in
/// 64-row shards on 16 cores (15 or 15.5 shards), 3x320 rows, and the
/// fill-padded 970 rows run the interleaved W program; 1024 and 1000 rows
/// (padded to 1024) the sharded one (measured: sum, min, max; 2x8 grids).
/// Width shards that leave their last core half full (992 columns in 64)
/// still take the sharded H program (measured).
bool reducesShards(const Tensor &cur, LayoutAttr out, bool overW) {
  LayoutAttr in = cur.layout;
  TensorMemoryLayout kind = overW ? TensorMemoryLayout::HeightSharded
                                  : TensorMemoryLayout::WidthSharded;
  int64_t kept = overW ? 0 : 1;
  if (in.getMemoryLayout() != kind || out.getMemoryLayout() != kind)
    return false;
  int64_t cores = in.getGrid()[0] * in.getGrid()[1];
  if (overW && cores == 1)
    return false;
  Tiles t = tilesOf(cur.shape);
  if (overW && t.batch * t.rows * kTileDim != in.getShard()[0] * cores)
    return false;
  // The output's other side is the whole reduced result: a tile for W, the
  // batch's tile rows for H (3x320x320 in 5x2 width shards of 960x32 ran
  // the sharded H program into 96x32 ones: fresh draw seed 907963354 #47).
  int64_t whole = overW ? kTileDim : t.batch * kTileDim;
  return in.getGrid() == out.getGrid() &&
         in.getShard()[kept] == out.getShard()[kept] &&
         out.getShard()[1 - kept] == whole;
}

/// The sharded program's CBs, or nullopt when the W (H) reduction of `cur`
/// into `out` does not take it.
std::optional<uint64_t> shardedBuffers(const Tensor &cur, LayoutAttr out,
                                       bool overW) {
  if (!reducesShards(cur, out, overW))
    return std::nullopt;
  DataType in = cur.layout.getDataType();
  return kDoubleBuffer * tileOf(in) + scalerTile(in);
}

/// H slices of the split H program: none for a bfp8_b max / min or a
/// sharded input or output (measured: height, width and block shards run
/// one program; max / min of 700x128 and 3x640x96 into width and block
/// shards).
int64_t splitSlices(const Tiles &t, Math math, LayoutAttr layout,
                    LayoutAttr outLayout) {
  DataType in = layout.getDataType();
  if (layout.isSharded() || outLayout.isSharded() ||
      (in == DataType::BFloat8B && (math == Math::Max || math == Math::Min)))
    return 1;
  if (t.rows < kSplitFromRows)
    return 1;
  int64_t cores = currentDevice().numCores();
  return std::min(cores / (t.batch * t.cols), t.rows);
}

/// The H program, or its two split programs (measured on both devices).
/// `afterW`: `cur` is the W program's result of this reduction.
llvm::Error reduceH(Plan &plan, Tensor &cur, Math math, DataType out,
                    bool afterW = false) {
  DataType in = cur.layout.getDataType();
  Tiles t = tilesOf(cur.shape);
  uint64_t inTile = tileOf(in), outTile = tileOf(out);
  std::vector<int64_t> outShape = cur.shape;
  outShape[outShape.size() - 2] = 1;
  Tensor result = plan.reduced(outShape, out);
  if (negatesBlockFloat(math, in)) {
    // Two CBs of the column's tile rows for the lcm of both core groups'
    // column shares (split_work_to_cores), measured on both devices.
    int64_t cols = t.batch * t.cols, cores = currentDevice().numCores();
    int64_t share =
        cols <= cores ? 1 : std::lcm(ceilDiv(cols, cores), cols / cores);
    // Measured up to shares of 3 and 2 (6 columns); 30 and 29 took 1 column,
    // not their lcm: not derived beyond.
    // From width shards into a sharded output ttnn runs its sharded
    // negating program: of a 2-D tensor into width or height shards, 2
    // input pages and the scaler beside two CBs of the input's shard (its
    // own and the output's CBs are the tensors; measured on both devices:
    // 256x192 in 1x2 width shards of 256x96: 56448 B, 395x164 in 2x1 of
    // 416x96: 89088 B; 64x256, 512x96, 200x200 on 1x3 to 2x2 grids). Into
    // block shards (100x300: 19456 B) and with leading dimensions
    // (3x64x256: 12928 B) other CBs: not modelled.
    // After the W program, into width shards or one core's height shard,
    // ttnn runs that sharded negating program on the W result's column: 2
    // input pages and the scaler beside two CBs of its Ht tiles (a batch's
    // column, whatever the batch and grid; measured on both devices: 64x64
    // to 640x64 and 256x192 over H and W, 2x256x192, 3x64x256 and 4x128x64
    // over both, into 1x1 height and 1x1 / 1x2 width shards, from DRAM and
    // height shards; 2x1 height and 1x1 block shards take the interleaved
    // program; fresh stress draw seeds 360417012 and 712419664).
    LayoutAttr w = cur.layout;
    bool oneCoreHeight =
        w.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
        w.getGrid()[0] * w.getGrid()[1] == 1;
    if (afterW && result.layout.isSharded() &&
        (w.getMemoryLayout() == TensorMemoryLayout::WidthSharded ||
         oneCoreHeight)) {
      plan.run(kDoubleBuffer * inTile + kBf16TileBytes +
                   2 * t.rows * inTile,
               &result);
      plan.release(cur);
      cur = result;
      return llvm::Error::success();
    }
    bool fromWidthShards =
        cur.layout.getMemoryLayout() == TensorMemoryLayout::WidthSharded &&
        result.layout.isSharded();
    if (fromWidthShards &&
        (t.batch != 1 || result.layout.getMemoryLayout() ==
                             TensorMemoryLayout::BlockSharded))
      return notSupportedError("a bfp8_b min over H from width shards into " +
                               describe(result.layout) +
                               " (ttnn's sharded negating program) is not "
                               "modelled");
    if (fromWidthShards) {
      llvm::ArrayRef<int64_t> shard = cur.layout.getShard();
      int64_t shardTiles = ceilDiv(shard[0], kTileDim) *
                           ceilDiv(shard[1], kTileDim);
      plan.run(kDoubleBuffer * inTile + kBf16TileBytes +
                   2 * shardTiles * inTile,
               &result);
      plan.release(cur);
      cur = result;
      return llvm::Error::success();
    }
    if (share > kMeasuredNegatingShare)
      return notSupportedError("a bfp8_b min over " + llvm::Twine(cols) +
                               " columns of tiles (ttnn's negating H "
                               "program's column share) is not modelled");
    plan.run(2 * kDoubleBuffer * inTile + kBf16TileBytes +
                 2 * kDoubleBuffer * outTile + 2 * t.rows * share * inTile,
             &result);
  } else if (int64_t slices = splitSlices(t, math, cur.layout, plan.outLayout);
             slices >= 2) {
    DataType partial = partialType(math, in);
    uint64_t p = tileOf(partial);
    // Stage 1: row-major partials, one row of the logical width per slice.
    LayoutAttr rowMajor = plan.outLayout.withDataType(partial).interleavedIn(
        PageLayout::RowMajor, plan.outLayout.getBufferType());
    Tensor partials{{t.batch * slices, cur.shape.back()}, rowMajor, true};
    int64_t inPages = in == DataType::Float32 ? kDoubleBuffer : kBlockPages;
    plan.run(inPages * inTile + scalerTile(in) + kDoubleBuffer * p, &partials);
    // Stage 2: the slices tilized (a tile per 32 slices, at least 2) and
    // reduced: 2 + 1 + that + 1 partial tiles, an output tile and 2 pages.
    int64_t sliceTiles =
        std::max<int64_t>(kDoubleBuffer, ceilDiv(slices, kTileDim));
    plan.run((kDoubleBuffer + 2 + sliceTiles) * p +
                 (1 + kDoubleBuffer) * outTile,
             &result);
    plan.release(partials);
    plan.release(cur);
    cur = result;
    return llvm::Error::success();
  } else if (std::optional<uint64_t> sharded =
                 shardedBuffers(cur, result.layout, /*overW=*/false)) {
    plan.run(*sharded, &result);
  } else {
    int64_t cores = currentDevice().numCores();
    int64_t pages = (t.batch * t.cols) / cores >= kBlockFromTiles
                        ? kBlockPages
                        : kDoubleBuffer;
    plan.run(pages * inTile + scalerTile(in) + kDoubleBuffer * outTile,
             &result);
  }
  plan.release(cur);
  cur = result;
  return llvm::Error::success();
}

/// The W program; true when it is the sharded one (shardedBuffers).
bool reduceW(Plan &plan, Tensor &cur, Math math, DataType out) {
  DataType in = cur.layout.getDataType();
  std::vector<int64_t> outShape = cur.shape;
  outShape.back() = 1;
  Tensor result = plan.reduced(outShape, out);
  std::optional<uint64_t> sharded =
      shardedBuffers(cur, result.layout, /*overW=*/true);
  plan.run(sharded ? *sharded
                   : reduceWBuffers(tilesOf(cur.shape), math, in, out),
           &result);
  plan.release(cur);
  cur = result;
  return sharded.has_value();
}

/// HW in one ReduceDeviceOperation: W into the intermediate format (f32 for
/// a sum of bf16 / f32, else the input's), then its column: 2 intermediate
/// pages, a scaler and 2 output pages. The scaler is the intermediate
/// format's (scalerTile) into an interleaved output or after the sharded W
/// program, the input's after an interleaved W program into width shards or
/// one core's height shard
/// (measured on both devices where the column is the larger program: bf16
/// sums of 64x64 and 62x64 into DRAM 16384 B, from 32x64 height shards into
/// 32x32 ones 16384 B, from DRAM into a 32x32 height shard 14336 B, as
/// 62x96 and 1017x32 into height and width shards; a bfp8_b mean of 256x256
/// from height shards 6400 B). A tilized row-major input lives until
/// both programs end (the operation holds it; measured: max of a 69x384
/// row-major tensor over both dimensions, 3 pages per bank live).
llvm::Error reduceHW(Plan &plan, Tensor &cur, Math math, DataType out) {
  DataType in = cur.layout.getDataType();
  DataType im = math == Math::Sum && in != DataType::BFloat8B
                    ? DataType::Float32
                    : in;
  Tensor input = cur;
  cur.temporary = false;
  bool shardedW = reduceW(plan, cur, math, im);
  if (negatesBlockFloat(math, in)) { // the column: the negating H program
    llvm::Error err = reduceH(plan, cur, math, out, /*afterW=*/true);
    plan.release(input);
    return err;
  }
  uint64_t imTile = tileOf(im);
  std::vector<int64_t> outShape = cur.shape;
  outShape[outShape.size() - 2] = 1;
  Tensor result = plan.reduced(outShape, out);
  // The column's scaler is the input's after an interleaved W program into
  // width shards or one core's height shard, else the intermediate's
  // (measured on both devices, bf16 sums of 64x64 to 1017x32: 14336 B into
  // 1x1 / 1x2 width and 1x1 height shards, 16384 B into 2x1 height and 1x1
  // to 2x2 block shards).
  LayoutAttr o = plan.outLayout;
  int64_t outCores = o.isSharded() ? o.getGrid()[0] * o.getGrid()[1] : 0;
  bool inputScaler =
      !shardedW &&
      (o.getMemoryLayout() == TensorMemoryLayout::WidthSharded ||
       (o.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
        outCores == 1));
  uint64_t scaler = scalerTile(inputScaler ? in : im);
  plan.run(kDoubleBuffer * imTile + scaler + kDoubleBuffer * tileOf(out),
           &result);
  plan.release(cur);
  plan.release(input);
  cur = result;
  return llvm::Error::success();
}

/// ttnn's fill-pad program on a tensor of `shape` in `type`: 2 input and 2
/// output tiles and a mask tile for each of a right and a bottom padding
/// (fill_pad_program_factory.cpp; a rank-1 tensor is one row).
uint64_t fillPadBuffers(llvm::ArrayRef<int64_t> shape, DataType type) {
  int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  int64_t tiles = 2 * kDoubleBuffer + (shape.back() % kTileDim != 0) +
                  (rows % kTileDim != 0);
  return tiles * tileOf(type);
}

/// ttnn's typecast program: 2 pages of each format.
uint64_t typecastBuffers(DataType from, DataType to) {
  return kDoubleBuffer * (tileOf(from) + tileOf(to));
}

/// fill_implicit_tile_padding: in place; a bfp8_b tensor through a bf16
/// copy into a new bfp8_b tensor, both placed like the input.
void fillPadding(Plan &plan, Tensor &cur) {
  DataType type = cur.layout.getDataType();
  if (type != DataType::BFloat8B) {
    plan.run(fillPadBuffers(cur.shape, type), nullptr);
    return;
  }
  Tensor copy{cur.shape, cur.layout.withDataType(DataType::BFloat16), true};
  Tensor filled{cur.shape, cur.layout, true};
  plan.run(typecastBuffers(type, DataType::BFloat16), &copy);
  plan.run(fillPadBuffers(cur.shape, DataType::BFloat16), nullptr);
  plan.run(typecastBuffers(DataType::BFloat16, type), &filled);
  plan.release(copy);
  cur = filled;
}

/// ttnn's fast_reduce_nc over one outer dimension of a sum: 2 input tiles
/// per slice of the dimension, a bf16 scaler and 2 output tiles
/// (measured on both devices).
void reduceNC(Plan &plan, Tensor &cur, int64_t dim, DataType out) {
  DataType in = cur.layout.getDataType();
  std::vector<int64_t> outShape = cur.shape;
  int64_t slices = outShape[dim];
  outShape[dim] = 1;
  Tensor result = plan.temporary(outShape, out);
  plan.run(kDoubleBuffer * slices * tileOf(in) + kBf16TileBytes +
               kDoubleBuffer * tileOf(out),
           &result);
  plan.release(cur);
  cur = result;
}

/// ttnn's dense row-major W or H program (reduce_op_multi_core_{w,h}_rm)
/// reducing n tiles (Wt for W, Ht for H) from `in` into `out`: 2 x min(n, 8)
/// (W; H: 2) input tiles, two single tiles and max(2, min(n, 8)) tiles in the
/// input's format, a single tile and 2 output tiles in the output's
/// (measured on both devices, bf16 and f32; in == out but for the split H
/// program's stages).
uint64_t denseRowMajorBuffers(int64_t n, bool overW, DataType in,
                              DataType out) {
  constexpr int64_t kChunkTiles = 8;
  int64_t chunk = std::min(n, kChunkTiles);
  int64_t input = overW ? kDoubleBuffer * chunk : kDoubleBuffer;
  int64_t inTiles = input + 2 + std::max(kDoubleBuffer, chunk);
  return inTiles * tileOf(in) + (1 + kDoubleBuffer) * tileOf(out);
}

/// fast_reduce_nc's result keeps the tile padding of the last two
/// dimensions in its shape: ttnn slices it to the input's (slice's model,
/// LayoutOps.cpp: 2 tiles and a scratchpad word per dimension).
llvm::Error sliceToLogical(Plan &plan, Tensor &cur) {
  int64_t rank = cur.shape.size();
  std::vector<int64_t> padded = cur.shape;
  padded[rank - 1] = ceilDiv(padded[rank - 1], kTileDim) * kTileDim;
  if (rank >= 2)
    padded[rank - 2] = ceilDiv(padded[rank - 2], kTileDim) * kTileDim;
  llvm::SmallVector<int64_t, 4> begins(rank, 0), steps(rank, 1);
  auto slice = OpModel<SliceOp>::getOpConstraints(
      padded, cur.layout, begins, cur.shape, steps, cur.layout, nullptr);
  if (!slice)
    return slice.takeError();
  Tensor result = cur;
  result.temporary = true;
  uint64_t written = l1BytesPerBank(result.shape, result.layout);
  plan.run(slice->cbL1PeakSize, &result,
           slice->peakL1MemorySize - slice->cbL1PeakSize - written);
  plan.release(cur);
  cur = result;
  return llvm::Error::success();
}

/// ttnn.transpose of `dim` and the second-to-last dimension into a temporary
/// (pad_value the reduction's neutral value); bfp8_b is typecast to bf16
/// (placed like the tensor), transposed and typecast back, both copies live
/// until the transpose returns.
llvm::Error transposeToH(llvm::StringRef name, Plan &plan, Tensor &cur,
                         int64_t dim) {
  int64_t rank = cur.shape.size();
  llvm::SmallVector<int64_t, 4> perm;
  for (int64_t d = 0; d < rank; ++d)
    perm.push_back(d);
  std::swap(perm[dim], perm[rank - 2]);
  std::vector<int64_t> outShape = cur.shape;
  std::swap(outShape[dim], outShape[rank - 2]);
  DataType type = cur.layout.getDataType();
  bool blockFloat = type == DataType::BFloat8B;
  Tensor source = cur;
  if (blockFloat)
    source = {cur.shape, cur.layout.withDataType(DataType::BFloat16), true};
  Tensor moved = plan.temporary(outShape, source.layout.getDataType());
  auto program = permuteConstraints(name, source.shape, source.layout, perm,
                                    moved.layout, nullptr, std::nullopt,
                                    /*idleCoresAllowed=*/true);
  if (!program)
    return program.takeError();
  if (blockFloat)
    plan.run(typecastBuffers(type, DataType::BFloat16), &source);
  plan.run(program->cbL1PeakSize, &moved);
  Tensor result = moved;
  if (blockFloat) {
    result = plan.temporary(outShape, type);
    plan.run(typecastBuffers(DataType::BFloat16, type), &result);
    plan.release(moved);
    plan.release(source);
  }
  plan.release(cur);
  cur = result;
  return llvm::Error::success();
}

/// An outer dimension: moved to H, H-reduced, moved back (reduce_nd_loop).
llvm::Error reduceOuter(llvm::StringRef name, Plan &plan, Tensor &cur,
                        int64_t dim, Math math, DataType out) {
  if (llvm::Error err = transposeToH(name, plan, cur, dim))
    return err;
  if (llvm::Error err = reduceH(plan, cur, math, out))
    return err;
  return transposeToH(name, plan, cur, dim);
}

/// The final reshape to the result's shape: a view, or ttnn's reshape
/// program (its model, DataOps.cpp); bfp8_b is typecast to bf16 (placed like
/// the result, live until the op returns), reshaped in bf16, fill-padded
/// when the result has tile padding and typecast back (measured).
llvm::Error reshapeTo(Plan &plan, Tensor &cur, llvm::ArrayRef<int64_t> shape,
                      LayoutAttr layout) {
  if (llvm::ArrayRef<int64_t>(cur.shape) == shape)
    return llvm::Error::success();
  if (layout.isSharded()) {
    // A view keeps the shards when the padded 2-D view is the same (a
    // scalar: the reduced dimensions are all 1).
    Geometry from = geometry(cur.shape), to = geometry(shape);
    auto rows = [](llvm::ArrayRef<int64_t> s) {
      return s.size() >= 2 ? s[s.size() - 2] : 1;
    };
    bool view = shape.empty() ||
                (cur.shape.back() == shape.back() &&
                 from.heightTiles == to.heightTiles &&
                 (rows(cur.shape) == rows(shape) ||
                  (rows(cur.shape) % kTileDim == 0 &&
                   rows(shape) % kTileDim == 0)));
    if (!view) {
      // ttnn's reshape program (its model; bfp8_b through interleaved
      // bf16) without a memory config: the result's own, whose shards it
      // derives for the new shape (reshapeShards; measured on both devices:
      // W results of 2-D and 3-D tensors into height, width and block
      // shards, H results of 3-D ones, bf16, f32 and bfp8_b).
      LayoutAttr target = reshapeShards(shape, cur.layout,
                                        /*explicitConfig=*/false);
      auto programs = reshapeOwnResult(cur.shape, cur.layout, shape, target);
      if (!programs)
        return programs.takeError();
      if (*programs) {
        plan.steps.append((*programs)->begin(), (*programs)->end());
        plan.release(cur);
        cur = {std::vector<int64_t>(shape.begin(), shape.end()), target,
               true};
        plan.outLayout = target;
      }
    }
    // A rank-0 or rank-1 result is then viewed without its tile padding,
    // which ttnn allows only in shards spanning the padded last dimension
    // (tensor_ops.cpp:380, TT_FATAL; measured on both devices: 959 columns
    // in width or block shards of 480, W results of 100 in width shards of
    // 64 and 408 in 224, block shards of 13 tiles span 408, of 4 on a 1x2
    // grid do not; a scalar after a transpose into 32x64 block shards).
    int64_t last = shape.empty() ? 1 : shape.back();
    int64_t padded = ceilDiv(cur.shape.back(), kTileDim) * kTileDim;
    if (shape.size() <= 1 && last != padded &&
        cur.layout.getShard()[1] != padded)
      return backendError("ttnn views the reduced " +
                          (shape.empty() ? std::string("scalar")
                                         : describeShape(shape)) +
                          " result in " + describe(cur.layout) +
                          " without its tile padding, which needs shards "
                          "spanning " +
                          llvm::Twine(padded) + " columns (TT_FATAL)");
    return llvm::Error::success();
  }
  if (shape.empty())
    return llvm::Error::success();
  DataType type = cur.layout.getDataType();
  bool blockFloat = type == DataType::BFloat8B;
  Tensor source = cur;
  if (blockFloat)
    source = {cur.shape, cur.layout.withDataType(DataType::BFloat16), true};
  LayoutAttr target = layout.withDataType(source.layout.getDataType());
  auto reshape = OpModel<ReshapeOp>::getOpConstraints(
      source.shape, source.layout, shape, target, nullptr);
  if (!reshape)
    return reshape.takeError();
  uint64_t cb = reshape->cbL1PeakSize;
  if (cb == 0 && reshape->peakL1MemorySize == 0)
    return llvm::Error::success(); // a view
  if (blockFloat)
    plan.run(typecastBuffers(type, DataType::BFloat16), &source);
  Tensor result{std::vector<int64_t>(shape.begin(), shape.end()), target,
                true};
  uint64_t written = l1BytesPerBank(result.shape, target);
  plan.run(cb, &result, reshape->peakL1MemorySize - cb - written);
  if (blockFloat) {
    int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
    if (rows % kTileDim || shape.back() % kTileDim)
      plan.run(fillPadBuffers(shape, DataType::BFloat16), nullptr);
    Tensor back{result.shape, layout, true};
    plan.run(typecastBuffers(DataType::BFloat16, type), &back);
    plan.release(result);
    result = back;
  }
  plan.release(source);
  plan.release(cur);
  cur = result;
  return llvm::Error::success();
}

/// The routes of a reduction (planReduction), by the programs it runs.
enum class Route {
  FastNC,     // fast_reduce_nc over outer dimensions did it all
  OneProgram, // one W or H program (not the split H program)
  HW,         // one HW ReduceDeviceOperation (W, then its column)
  Negating,   // a bfp8_b min over H and W or more (negating programs)
  Programs,   // anything else: several programs, or the split H program
  DenseRowMajor, // ttnn's dense row-major W or H program (one or split)
};

/// Data types and output kinds as table bits.
enum TypeBits : unsigned { kBf16 = 1, kF32 = 2, kBfp8 = 4, kAllTypes = 7 };
enum OutputBits : unsigned { kInterleavedOut = 1, kShardedOut = 2 };
unsigned typeBit(DataType type) {
  switch (type) {
  case DataType::Float32:
    return kF32;
  case DataType::BFloat8B:
    return kBfp8;
  default:
    return kBf16;
  }
}

/// One measured branch of a reduction (ttnn 0.81.1, both mock devices): the
/// conditions it was measured on; a case outside every row of its route and
/// output kind is not_implemented, naming the first condition missed.
struct Branch {
  Route route;
  unsigned outputs; // output kinds measured
  const char *what;
  unsigned types;          // data types measured
  unsigned unalignedTypes; // ... on inputs with tile padding
  unsigned shardedInTypes; // ... from a sharded input
  bool batchOne;           // a 2-D (batch 1) input only
  bool afterFastNC;        // measured after fast_reduce_nc
};

/// The rows (planReduction's programs; sharded outputs in the shards ttnn
/// derives for a ReduceDeviceOperation's result, Plan::reduced, measured on
/// 1x1 to 4x4 and 3x8 grids, tiled outputs of rank >= 2).
/// Interleaved outputs (the calibration's 92 cases and the random draws,
/// every data type, padded or not, from DRAM, L1 and shards): every tiled
/// route, the bfp8_b min's negating programs (reduceH: column shares up to
/// 6), and the dense row-major programs on bf16 / f32 from interleaved
/// row-major inputs (row-major shards are tilized first).
/// Sharded outputs:
/// - fast_reduce_nc alone: bf16 on whole tiles (a padded or bfp8_b one
///   slices or typecasts its result, not measured into shards);
/// - one W or H program: bf16, f32 and bfp8_b, with or without tile padding
///   (bfp8_b sum, mean, max and min of 32x232 to 3x70x250 over H or W into
///   height, width and block shards, from interleaved and sharded inputs);
/// - one HW operation (its column program's scaler: reduceHW; rows of 1 to
///   16 tiles; bf16, f32 and bfp8_b from interleaved and height, width and
///   block shards; with leading dimensions: 43 probes of 3-D and 4-D
///   tensors into 1x1 to 3x2 grids, exact);
/// - several programs, W, H and transposes (each W / H result in its derived
///   shards, each transpose in the output's as given; 3-D and 4-D tensors
///   over 2 to 4 dimensions, bf16, f32 and bfp8_b, aligned or not, into
///   height, width and block shards on 1x1 to 4x4 grids: 160 random probes
///   a device, exact); after fast_reduce_nc ttnn rejected shards the model
///   took (shard_grid_fit_error) and wrote other ones: not modelled;
/// - a bfp8_b min over several dimensions (reduceH's sharded negating
///   program after W; 80 random stress probes a device, exact).
constexpr Branch kBranches[] = {
    {Route::FastNC, kInterleavedOut, "fast_reduce_nc alone", kBf16 | kBfp8,
     kBf16 | kBfp8, kBf16 | kBfp8, false, true},
    {Route::OneProgram, kInterleavedOut | kShardedOut, "one W or H program",
     kAllTypes, kAllTypes, kAllTypes, false, false},
    {Route::HW, kInterleavedOut, "one HW operation", kAllTypes, kAllTypes,
     kAllTypes, false, false},
    {Route::Negating, kInterleavedOut | kShardedOut,
     "a bfp8_b min over several dimensions",
     kBfp8, kBfp8, kBfp8, false, false},
    {Route::Programs, kInterleavedOut, "several programs", kAllTypes,
     kAllTypes, kAllTypes, false, true},
    {Route::DenseRowMajor, kInterleavedOut, "the dense row-major program",
     kBf16 | kF32, kBf16 | kF32, 0, false, false},
    {Route::FastNC, kShardedOut, "fast_reduce_nc alone", kBf16, 0, kBf16,
     false, true},
    {Route::HW, kShardedOut, "one HW operation", kAllTypes, kAllTypes,
     kAllTypes, false, false},
    {Route::Programs, kShardedOut, "several programs", kAllTypes, kAllTypes,
     kAllTypes, false, false},
};

/// Which reductions the model derives: the row of `route` and the output's
/// kind whose conditions `cur` (the tensor the route reduces) meets.
/// fast_reduce_nc's result before a W or H program takes a sharded output's
/// shard spec as it is: ttnn's TensorSpec rejects it when its shards do not
/// cover that result (tensor_spec.cpp, shard_grid_fit_error).
llvm::Error checkBranch(llvm::StringRef name, const Tensor &cur,
                        LayoutAttr outLayout, bool fastNC, Route route,
                        bool aligned) {
  if (fastNC && route != Route::FastNC &&
      !shardGridFits(cur.shape, outLayout))
    return backendError(name + ": fast_reduce_nc's " +
                        describeShape(cur.shape) + " result takes the output "
                        "layout " + describe(outLayout) + ", whose shards do "
                        "not cover it (ttnn's TensorSpec rejects it): give "
                        "an interleaved output");
  unsigned type = typeBit(cur.layout.getDataType());
  unsigned output = outLayout.isSharded() ? kShardedOut : kInterleavedOut;
  Tiles t = tilesOf(cur.shape);
  std::string missed = "this route";
  for (const Branch &row : kBranches) {
    if (row.route != route)
      continue;
    missed = row.what;
    if (!(row.outputs & output))
      continue;
    if (!(row.types & type))
      missed += " in this data type";
    else if (!aligned && !(row.unalignedTypes & type))
      missed += " of an input with tile padding in this data type";
    else if (cur.layout.isSharded() && !(row.shardedInTypes & type))
      missed += " from a sharded input in this data type";
    else if (row.batchOne && t.batch != 1)
      missed += " of an input with leading dimensions";
    else if (fastNC && !row.afterFastNC)
      missed += " after fast_reduce_nc";
    else
      return llvm::Error::success();
  }
  return notSupportedError(name + ": " +
                           (outLayout.isSharded() ? "a sharded"
                                                  : "an interleaved") +
                           " output of " + missed + " is not modelled (" +
                           describe(cur.layout) + " into " +
                           describe(outLayout) + ")");
}
} // namespace

namespace {
llvm::Expected<std::vector<int64_t>>
reducedShape(llvm::StringRef opName, llvm::ArrayRef<int64_t> shape,
             llvm::ArrayRef<int64_t> dims, bool keepDim,
             llvm::SmallVectorImpl<int64_t> *sorted = nullptr) {
  int64_t rank = shape.size();
  llvm::SmallSet<int64_t, 4> reduced;
  if (dims.empty())
    for (int64_t d = 0; d < rank; ++d)
      reduced.insert(d);
  for (int64_t dim : dims) {
    auto normalized = normalizeDim(opName, dim, rank);
    if (!normalized)
      return normalized.takeError();
    if (!reduced.insert(*normalized).second)
      return backendError(opName + ": dimension " + llvm::Twine(dim) +
                          " is reduced twice");
  }
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced.contains(d) && sorted)
      sorted->push_back(d);
    if (!reduced.contains(d))
      out.push_back(shape[d]);
    else if (keepDim)
      out.push_back(1);
  }
  return out;
}
} // namespace

namespace {
/// ttnn's single ReduceDeviceOperation: W, H, or H and W together
/// (`reduced`: sorted dimensions of a rank-`rank` tensor).
bool singleReduceOp(int64_t rank, llvm::ArrayRef<int64_t> reduced) {
  auto has = [&](int64_t d) { return llvm::is_contained(reduced, d); };
  return (reduced.size() == 1 && (has(rank - 1) || has(rank - 2))) ||
         (reduced.size() == 2 && has(rank - 1) && has(rank - 2));
}

/// The branches of ttnn 0.81.1 the model does not follow.
llvm::Error checkModelled(llvm::StringRef name, LayoutAttr in,
                          LayoutAttr out) {
  std::string what;
  if (in.isRowMajor() != out.isRowMajor() &&
      !(in.isRowMajor() && out.isSharded()))
    what = "a reduction between row-major and tiled layouts";
  else if (out.isRowMajor() && out.isSharded())
    what = "a sharded row-major result";
  else if (in.getDataType() != out.getDataType())
    what = "a result in another data type than the input";
  if (what.empty())
    return llvm::Error::success();
  return notSupportedError(name + ": " + what + " is not modelled (" +
                           describe(in) + " -> " + describe(out) + ")");
}

/// ttnn's fill-pad of shards handles one slice of tile rows
/// (fill_pad_program_factory.cpp: TT_FATAL N_slices == 1).
llvm::Error checkFillPad(llvm::StringRef name, llvm::ArrayRef<int64_t> shape,
                         LayoutAttr inLayout) {
  bool aligned = shape.size() >= 2 && tileAligned(shape);
  if (inLayout.isSharded() && !inLayout.isRowMajor() && !aligned &&
      tilesOf(shape).batch > 1)
    return backendError(name + ": a sharded " + describeShape(shape) +
                        " input with tile padding and leading dimensions "
                        "is not accepted (ttnn's sharded fill-pad takes one "
                        "slice): pad it to whole tiles or interleave it");
  return llvm::Error::success();
}

/// ttnn.transpose moves each outer reduced dimension to H (the chain of
/// planReduction, from the last dimension; the W and H results before it in
/// derived shards) into the output's memory config as it is: its TensorSpec
/// rejects shards that do not cover the transposed tensor (tensor_spec.cpp:
/// 173, shard_grid_fit_error; measured on both devices: max / min / mean /
/// f32 sum over one outer dimension of 1x1x89x192, 1x177x226, 2x2x224x23,
/// 1x609x691, 1x1x384x1024, 1x224x160, 2x64x64, 3x64x96 and 2x3x64x64,
/// after a W program of 3x64x608 and 2x64x96; fresh draw seeds 622523809,
/// 630771013, 248470144, 595679230, 103797073, 415450357).
llvm::Error checkTransposedShards(llvm::StringRef name,
                                  llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<int64_t> reduced,
                                  LayoutAttr outLayout) {
  int64_t h = int64_t(shape.size()) - 2;
  std::vector<int64_t> cur(shape.begin(), shape.end());
  for (int64_t d : llvm::reverse(reduced)) {
    if (d < h) {
      std::vector<int64_t> moved = cur;
      std::swap(moved[d], moved[h]);
      if (!shardGridFits(moved, outLayout))
        return backendError(name + ": ttnn transposes dimension " +
                            llvm::Twine(d) + " to H into " +
                            describe(outLayout) + ", whose shards do not "
                            "cover the " + describeShape(moved) + " result");
    }
    cur[d] = 1;
  }
  return llvm::Error::success();
}

/// ttnn's dense row-major program over W or H of `cur` into a row-major
/// temporary placed like the output; tall columns split (H from 16 tile rows
/// when two slices fit the grid, as the tiled H program's splitSlices): a
/// program writing f32 row-major partials, one row of the width per slice,
/// placed like the output, then their dense reduction (measured on both
/// devices: 16 to 600 tile rows, 16 to 2048 columns, batches of 1 and 3,
/// bf16 and f32 sums and means, partials of 16 to 130 slices).
void denseRowMajor(Plan &plan, Tensor &cur, bool overW, DataType type) {
  std::vector<int64_t> kept = cur.shape;
  kept[kept.size() - (overW ? 1 : 2)] = 1;
  Tensor result = plan.temporary(kept, type);
  Tiles t = tilesOf(cur.shape);
  int64_t slices =
      !overW && t.rows >= kDenseSplitFromRows
          ? std::min(currentDevice().numCores() / (t.batch * t.cols), t.rows)
          : 1;
  if (slices >= 2) {
    Tensor partials{{t.batch * slices, cur.shape.back()},
                    plan.outLayout.withDataType(DataType::Float32), true};
    plan.run(denseRowMajorBuffers(t.rows, false, type, DataType::Float32),
             &partials);
    plan.run(denseRowMajorBuffers(ceilDiv(slices, kTileDim), false,
                                  DataType::Float32, type),
             &result);
    plan.release(partials);
  } else {
    plan.run(denseRowMajorBuffers(overW ? t.cols : t.rows, overW, type, type),
             &result);
  }
  plan.release(cur);
  cur = result;
}

llvm::Expected<Plan> planReduction(llvm::StringRef name, Math math,
                                   llvm::ArrayRef<int64_t> shape,
                                   LayoutAttr inLayout,
                                   llvm::ArrayRef<int64_t> reduced,
                                   llvm::ArrayRef<int64_t> outShape,
                                   LayoutAttr outLayout) {
  int64_t rank = shape.size();
  DataType type = inLayout.getDataType();
  int64_t w = rank - 1, h = rank - 2;
  auto has = [&](int64_t d) { return llvm::is_contained(reduced, d); };
  bool single = singleReduceOp(rank, reduced);
  llvm::SmallVector<int64_t, 4> outer;
  for (int64_t d : reduced)
    if (d < h)
      outer.push_back(d);
  bool fastNC = math == Math::Sum && !outer.empty() &&
                (type == DataType::BFloat16 || type == DataType::BFloat8B);
  bool aligned = rank >= 2 && tileAligned(shape);
  bool tilized = false;
  if (llvm::Error err = checkFillPad(name, shape, inLayout))
    return err;

  Plan plan(outLayout);
  Tensor cur{std::vector<int64_t>(shape.begin(), shape.end()), inLayout,
             false};
  if (inLayout.isRowMajor()) {
    // Row-major: a sum or mean over W or H runs ttnn's dense row-major
    // program; anything else tilizes the input (padded with the neutral
    // value) and returns a tiled result.
    // Into shards ttnn tilizes the input (placed like it) and runs the
    // tiled programs into them, never the dense ones (measured on both
    // devices: sums, means, maxes and mins over W, H, HW of 2-D to 4-D bf16
    // and f32 tensors from DRAM and L1 into height, width and block shards,
    // whole tiles or not). Over outer dimensions only (a row-major transpose
    // into the given shards), with fast_reduce_nc (its tilize into them),
    // from row-major shards or over H and W (one HW operation: 2048 B more
    // CBs for bf16 sums of 300x64 and 225x16, 4096 B less L1 for a mean of
    // 64x25): not modelled.
    bool intoShards = outLayout.isSharded();
    if (intoShards && (inLayout.isSharded() || fastNC || reduced.back() < h ||
                       (single && reduced.size() == 2)))
      return notSupportedError(name + ": a row-major reduction into shards "
                                      "over H and W or outer dimensions, with "
                                      "fast_reduce_nc or from row-major "
                                      "shards is not modelled");
    // Into an interleaved output, the tilized height or block shards then
    // run the tiled W, H or HW programs (measured: sum / mean / max / min of
    // 256x64, 2x128x96 and 2x96x64, bf16 and f32, whole-tile shards, into
    // DRAM and L1). Width shards tilize through another program (a
    // scratchpad, 16 tiles of CBs for 256x32 shards) and outer dimensions
    // free the tilized shards earlier: neither derived.
    if (inLayout.isSharded()) {
      if (inLayout.getMemoryLayout() == TensorMemoryLayout::WidthSharded ||
          reduced.back() < h)
        return notSupportedError(name + ": a reduction of row-major " +
                                 describe(inLayout) +
                                 " shards (width shards, or over an outer "
                                 "dimension) is not modelled");
      LayoutAttr tiledIn = LayoutAttr::get(
          inLayout.getContext(), PageLayout::Tile, inLayout.getBufferType(),
          inLayout.getMemoryLayout(), type, inLayout.getGrid(),
          inLayout.getShard());
      std::optional<uint64_t> tilize =
          conversionCBBytes(shape, inLayout, tiledIn);
      if (!tilize || rank < 2 || !aligned || fastNC)
        return notSupportedError(name + ": tilizing the row-major " +
                                 describe(inLayout) + " input of " +
                                 describeShape(shape) +
                                 " into its shards is not modelled");
      Tensor tiled{cur.shape, tiledIn, true};
      plan.run(*tilize, &tiled);
      cur = tiled;
      plan.outLayout = outLayout =
          outLayout.interleavedIn(PageLayout::Tile, outLayout.getBufferType());
      tilized = true;
    }
    // A sum or mean over one dimension runs the dense program; over an
    // outer one between ttnn's row-major transposes of it to H and back
    // (reduce_nd_loop; measured on both devices: means and f32 sums over
    // dimension 0 or 1 of 3-D and 4-D tensors, bf16 and f32, DRAM and L1).
    bool denseSum = (math == Math::Sum || math == Math::Mean) &&
                    reduced.size() == 1 && !fastNC && !intoShards;
    if (!tilized && denseSum) {
      if (llvm::Error err = checkBranch(name, cur, outLayout, false,
                                        Route::DenseRowMajor, aligned))
        return err;
      int64_t d = reduced.front();
      if (d < h)
        if (llvm::Error err = transposeToH(name, plan, cur, d))
          return err;
      denseRowMajor(plan, cur, d == w, type);
      if (d < h)
        if (llvm::Error err = transposeToH(name, plan, cur, d))
          return err;
      if (llvm::Error err = reshapeTo(plan, cur, outShape, outLayout))
        return err;
      return plan;
    }
    // Sums and means over several dimensions but H and W together (and a
    // sum of bf16's outer dimensions) run the dense programs one dimension
    // at a time with row-major permutes: not modelled.
    if (!tilized && (math == Math::Sum || math == Math::Mean) && !single &&
        !fastNC)
      return notSupportedError(name + ": a row-major sum or mean over these "
                                      "dimensions (ttnn's dense row-major "
                                      "programs between permutes) is not "
                                      "modelled");
    // A max or min over outer dimensions only: ttnn's row-major transpose of
    // the last to H, the tilize of that (placed like it), the tiled H
    // program, the transpose back, then the other dimensions tiled
    // (reduce_nd_loop; the transposed row-major tensor lives until the H
    // program ends; measured on both devices).
    if (!tilized && !fastNC && reduced.back() < h) {
      int64_t d = reduced.back();
      if (llvm::Error err = transposeToH(name, plan, cur, d))
        return err;
      LayoutAttr tiledLayout = cur.layout.interleavedIn(
          PageLayout::Tile, cur.layout.getBufferType());
      std::optional<uint64_t> tilize =
          conversionCBBytes(cur.shape, cur.layout, tiledLayout);
      if (!tilize)
        return notSupportedError(name + ": tilizing " +
                                 describeShape(cur.shape) +
                                 " runs one of ttnn's block programs, which "
                                 "are not modelled");
      Tensor moved = cur;
      Tensor tiled{cur.shape, tiledLayout, true};
      plan.run(*tilize, &tiled);
      cur = tiled;
      plan.outLayout = outLayout =
          outLayout.interleavedIn(PageLayout::Tile, outLayout.getBufferType());
      if (llvm::Error err =
              checkBranch(name, cur, outLayout, false, Route::Programs, true))
        return err;
      if (llvm::Error err = reduceH(plan, cur, math, type))
        return err;
      plan.release(moved);
      if (llvm::Error err = transposeToH(name, plan, cur, d))
        return err;
      for (int64_t o : llvm::reverse(llvm::ArrayRef(reduced).drop_back()))
        if (llvm::Error err = reduceOuter(name, plan, cur, o, math, type))
          return err;
      if (llvm::Error err = reshapeTo(plan, cur, outShape, outLayout))
        return err;
      return plan;
    }
    // fast_reduce_nc's tilize writes where the result goes
    // (non_height_width_reduce); the reduce programs' where the input is
    // (measured).
    if (!tilized) {
      BufferType tiledBuffer = fastNC ? outLayout.getBufferType()
                                      : inLayout.getBufferType();
      LayoutAttr tiledIn =
          inLayout.interleavedIn(PageLayout::Tile, tiledBuffer);
      std::optional<uint64_t> tilize =
          conversionCBBytes(shape, inLayout, tiledIn);
      if (!tilize)
        return notSupportedError(name + ": tilizing " + describeShape(shape) +
                                 " runs one of ttnn's block programs, which "
                                 "are not modelled");
      Tensor tiled{cur.shape, tiledIn, true};
      plan.run(*tilize, &tiled);
      cur = tiled;
      if (!intoShards) // a sharded output is already a tiled one
        plan.outLayout = outLayout = outLayout.interleavedIn(
            PageLayout::Tile, outLayout.getBufferType());
      tilized = true;
    }
  }
  if (!aligned && !tilized) // a tilize pads with the neutral value
    fillPadding(plan, cur);
  // The padded bfp8_b copy is freed only when the op returns, or after
  // fast_reduce_nc, as is its tilized input; a reduce program's tilized input
  // when that program ends (measured).
  Tensor filled = cur;
  if (tilized && !fastNC)
    filled.temporary = false;
  else
    cur.temporary = false;
  // A sum or mean of bf16 over some but not all dimensions keeps its
  // intermediate results in f32 and writes bf16 last (generic_reductions.cpp;
  // measured).
  bool chain = (math == Math::Sum || math == Math::Mean) &&
               type == DataType::BFloat16 && reduced.size() > 1 &&
               int64_t(reduced.size()) < rank;
  Tensor held = filled;
  held.temporary = false;
  llvm::SmallVector<int64_t, 2> inner;
  for (int64_t d : reduced)
    if (d >= h)
      inner.push_back(d);
  if (fastNC) {
    for (int64_t d : llvm::reverse(outer)) {
      bool last = d == outer.front();
      DataType out = type;
      if (chain)
        out = last && inner.empty() ? DataType::BFloat16 : DataType::Float32;
      reduceNC(plan, cur, d, out);
    }
    if (!aligned)
      if (llvm::Error err = sliceToLogical(plan, cur))
        return err;
    // Its input (the fill-padded bfp8_b copy or the tilize) is replaced by
    // its result when non_height_width_reduce returns (measured: freed
    // after the slice, before an H program).
    plan.release(filled);
    filled.temporary = false;
    reduced = inner;
    single = !inner.empty();
    // generic_reductions.cpp holds fast_reduce_nc's result until it returns.
    held = cur;
    cur.temporary = false;
  }
  DataType outType = type;
  if (outLayout.isSharded() && !fastNC)
    if (llvm::Error err = checkTransposedShards(name, cur.shape, reduced,
                                                outLayout))
      return err;
  {
    bool split =
        has(h) &&
        splitSlices(tilesOf(cur.shape), math, cur.layout, outLayout) > 1;
    Route route = Route::Programs;
    if (reduced.empty())
      route = Route::FastNC;
    else if (fastNC) // then a W or H program
      route = Route::Programs;
    else if (single && reduced.size() == 1 && !split)
      route = Route::OneProgram;
    else if (single && reduced.size() == 2 && has(w) && has(h))
      route = Route::HW;
    // A bfp8_b min over H and W or more runs its negating programs (into
    // shards: reduceH's sharded negating program after W).
    if (negatesBlockFloat(math, type) &&
        (route == Route::HW || route == Route::Programs))
      route = Route::Negating;
    if (llvm::Error err =
            checkBranch(name, cur, outLayout, fastNC, route, aligned))
      return err;
  }
  if (reduced.empty()) {
    // fast_reduce_nc did it all.
  } else if (single) {
    if (inner.size() == 2 || (reduced.size() == 2 && has(w) && has(h))) {
      if (llvm::Error err = reduceHW(plan, cur, math, outType))
        return err;
    } else if (llvm::is_contained(reduced, w)) {
      reduceW(plan, cur, math, outType);
    } else if (llvm::Error err = reduceH(plan, cur, math, outType)) {
      return err;
    }
  } else {
    for (int64_t d : llvm::reverse(reduced)) {
      DataType stepType =
          chain && d != reduced.front() ? DataType::Float32 : outType;
      if (d == w) {
        reduceW(plan, cur, math, stepType);
      } else if (d == h) {
        if (llvm::Error err =
                reduceH(plan, cur, math, stepType, /*afterW=*/has(w)))
          return err;
      } else if (llvm::Error err =
                     reduceOuter(name, plan, cur, d, math, stepType)) {
        return err;
      }
    }
  }
  if (llvm::Error err = reshapeTo(plan, cur, outShape, outLayout))
    return err;
  plan.release(held);
  plan.release(filled);
  return plan;
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints> ReductionOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  llvm::SmallVector<int64_t, 4> reduced;
  auto outShape = reducedShape(name, inputShape, dims, keepDim, &reduced);
  if (!outShape)
    return outShape.takeError();
  if (llvm::Error err = checkLayout(name, "input", inputShape, inputLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true))
    return err;
  // ttnn tilizes a row-major sharded input into its own shards first, for
  // every reduction and output (measured on both devices, into interleaved
  // and into row-major shards): its tiled TensorSpec TT_FATALs on shards
  // that are not whole tiles (shard_align_error).
  // A min over dim 0 alone of 3x3x640x256 in 90x256 shards ran without
  // that tilize (fresh draw seed 604913377, both devices): reductions of
  // outer dimensions alone are not modelled there.
  bool innerReduced = llvm::any_of(reduced, [&](int64_t d) {
    return d + 2 >= int64_t(inputShape.size());
  });
  // A bf16 / bfp8_b sum over outer dimensions too runs fast_reduce_nc,
  // whose tilize writes where the result goes: ttnn ran a sum of 1x2x108x64
  // over every dimension from 27x16 block shards (fresh draw seed 629915318,
  // both devices; a max of it failed): not modelled.
  bool outerReduced = llvm::any_of(reduced, [&](int64_t d) {
    return d + 2 < int64_t(inputShape.size());
  });
  bool fastNCSum = std::is_same_v<OpTy, SumOp> &&
                   (inputLayout.getDataType() == DataType::BFloat16 ||
                    inputLayout.getDataType() == DataType::BFloat8B);
  bool alignedOutShards = !outputLayout.isSharded() ||
                          (outputLayout.getShard()[0] % kTileDim == 0 &&
                           outputLayout.getShard()[1] % kTileDim == 0);
  // fast_reduce_nc's tilize of a row-major input writes into the output's
  // memory config (non_height_width_reduce): output shards that are not
  // whole tiles fail its tiled TensorSpec (tensor_layout.cpp:171,
  // shard_align_error; measured on both devices: bf16 sums over dimension
  // 0 of 2x64x64 and 2x30x64 from DRAM and row-major height shards into 1x64
  // and 30x64 height shards, over [0, 2] of 2x32x244 in 3x244 shards; fresh
  // stress draw seed 955379334 #78).
  if (inputLayout.isRowMajor() && fastNCSum && outerReduced &&
      !alignedOutShards)
    return backendError(name + ": fast_reduce_nc tilizes the row-major "
                               "input into " +
                        describe(outputLayout) +
                        ", whose shards are not whole tiles (ttnn's "
                        "TensorSpec rejects them)");
  // A row-major reduction over several programs (H or W among its
  // dimensions) places its tiled temporaries in the output's memory config
  // as it is: row-major shards that are not whole tiles fail ttnn's tiled
  // TensorSpec (tensor_layout.cpp:171, shard_align_error; measured on both
  // devices from interleaved row-major inputs: sum, mean, max and min of
  // 2x64x64 to 4x3x419x378 into height, width and block shards of 1x1 to
  // 8x50; fresh draw seeds 137711785, 930433906, 863366874; and from
  // row-major height, width and block shards, partial-tile heights too:
  // 1x244x32, 2x64x64, 3x100x64 into 2x2 to 244x32 shards, fresh stress draw
  // seed 131202489 #36).
  if (inputLayout.isRowMajor() && !alignedOutShards && innerReduced &&
      inputShape.size() >= 2 &&
      !singleReduceOp(inputShape.size(), reduced))
    return backendError(name + ": a row-major reduction over several "
                               "programs places its tiled temporaries in " +
                        describe(outputLayout) + ", whose shards are not "
                        "whole tiles (ttnn's TensorSpec rejects them)");
  // Over outer dimensions alone ttnn transposes the row-major tensor (its
  // row-major permute) into the output's memory config too, and rejects
  // output shards that are not whole tiles there: TensorSpec's
  // shard_grid_fit_error or shard_align_error, or permute.cpp:252 (shard
  // rows not whole L1 units). Measured on both devices: means, maxes, mins
  // and f32 sums over dimension 0, 1 or [0, 1] of 2x32x20 to 2x3x32x24 from
  // DRAM, L1 and row-major height shards into height, width and block shards
  // of 12 to 20 columns (14 cases); fresh stress draw seed 456999772
  // reduction #4, #21, #30, #39.
  if (inputLayout.isRowMajor() && outerReduced && !innerReduced &&
      !alignedOutShards)
    return backendError(name + ": ttnn transposes the row-major input "
                               "into " +
                        describe(outputLayout) +
                        ", whose shards are not whole tiles (TT_FATAL)");
  if (inputLayout.isRowMajor() && inputLayout.isSharded() &&
      (inputLayout.getShard()[0] % kTileDim != 0 ||
       inputLayout.getShard()[1] % kTileDim != 0) &&
      (!innerReduced || (fastNCSum && outerReduced)))
    return notSupportedError(name + ": a reduction of outer dimensions "
                                    "(alone, or a sum's fast_reduce_nc) of "
                                    "row-major shards that are not whole "
                                    "tiles is not modelled");
  // Width shards of whole-tile width run: ttnn tilizes them with padding
  // to whole-tile heights (tilize_with_val_padding; measured on both
  // devices: max / sum of 253x128 in 253x64 and 253x32, 2x50x128 in 100x32
  // width shards, f32 and bf16, fresh draw seed 270637499 #39, where the
  // model had rejected it; 16-wide width shards, block and height shards of
  // partial tiles fail): not modelled.
  if (inputLayout.isRowMajor() &&
      inputLayout.getMemoryLayout() == TensorMemoryLayout::WidthSharded &&
      inputLayout.getShard()[0] % kTileDim != 0 &&
      inputLayout.getShard()[1] % kTileDim == 0)
    return notSupportedError(name + ": a reduction of row-major width shards "
                                    "of partial-tile height is not modelled");
  if (inputLayout.isRowMajor() && inputLayout.isSharded() &&
      (inputLayout.getShard()[0] % kTileDim != 0 ||
       inputLayout.getShard()[1] % kTileDim != 0))
    return backendError(name + ": ttnn tilizes the row-major input into "
                               "its own shards, and " +
                        describe(inputLayout) + "'s are not whole tiles");
  // ttnn's memory config has no page layout: a row-major input reduced into
  // shards is tilized and reduced as a tiled one into them, whatever the
  // output's type says (planReduction).
  if (inputLayout.isRowMajor() && outputLayout.isSharded())
    outputLayout = LayoutAttr::get(
        outputLayout.getContext(), PageLayout::Tile,
        outputLayout.getBufferType(), outputLayout.getMemoryLayout(),
        outputLayout.getDataType(), outputLayout.getGrid(),
        outputLayout.getShard());
  if (llvm::Error err = checkModelled(name, inputLayout, outputLayout))
    return err;
  // One ReduceDeviceOperation writes a sharded output in the shards it
  // derives for its result (reduceShards), whatever shard was asked for;
  // the result is then viewed as the output's shape.
  LayoutAttr resultLayout = outputLayout;
  std::vector<int64_t> resultShape = *outShape;
  if (outputLayout.isSharded() &&
      singleReduceOp(inputShape.size(), reduced)) {
    resultShape.assign(inputShape.begin(), inputShape.end());
    for (int64_t d : reduced)
      resultShape[d] = 1;
    resultLayout = reduceShards(resultShape, outputLayout);
  }
  auto planAndFinish = [&]() -> llvm::Expected<OpConstraints> {
    auto plan = planReduction(name, mathOf<OpTy>(), inputShape, inputLayout,
                              reduced, *outShape, resultLayout);
    if (!plan)
      return plan.takeError();
    // A tilized row-major input gives a tiled result (plan->outLayout).
    return finishPrograms(name, plan->steps, *outShape, plan->outLayout,
                          initialState);
  };
  // ttnn accepts output shards that leave cores of their grid idle too
  // (measured: 11 height shards on a 5x3 grid).
  // Over several programs the given shards are checked against neither
  // result alone: ttnn ran a sum of 1x704x304 over every dimension into
  // 96x320 height shards on a 2x4 grid (both devices), which do not shard the
  // scalar result. Only fast_reduce_nc's result and the transposes take
  // them as given.
  if (llvm::Error err = checkLayout(name, "output", resultShape, resultLayout,
                                    /*rowMajorAllowed=*/true,
                                    /*indicesAllowed=*/false,
                                    /*idleCoresAllowed=*/true)) {
    if (singleReduceOp(inputShape.size(), reduced) ||
        !outputLayout.isSharded())
      return err;
    llvm::consumeError(std::move(err));
    if (llvm::Error fillPad = checkFillPad(name, inputShape, inputLayout))
      return fillPad;
    bool fastNC = std::is_same_v<OpTy, SumOp> &&
                  (inputLayout.getDataType() == DataType::BFloat16 ||
                   inputLayout.getDataType() == DataType::BFloat8B);
    // Without fast_reduce_nc: planned as any (kBranches).
    if (!fastNC && !inputLayout.isRowMajor())
      return planAndFinish();
    return notSupportedError(name + ": the output shards " +
                             describe(outputLayout) + " do not hold the " +
                             (resultShape.empty()
                                  ? std::string("scalar")
                                  : describeShape(resultShape)) +
                             " result of a reduction over several programs; "
                             "what ttnn writes then is not modelled");
  }
  return planAndFinish();
}

template <typename OpTy>
llvm::Expected<size_t> ReductionOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    llvm::ArrayRef<int64_t> dims, bool keepDim, LayoutAttr outputLayout) {
  auto constraints =
      getOpConstraints(inputShape, inputLayout, dims, keepDim, outputLayout);
  if (!constraints)
    return constraints.takeError();
  auto outShape = reducedShape(OpTy::getOperationName(), inputShape, dims,
                               keepDim);
  if (!outShape)
    return outShape.takeError();
  Work work;
  addTensorTraffic(work, inputShape, inputLayout);
  addTensorTraffic(work, *outShape, outputLayout);
  work.computeCycles = kCyclesPerTile * geometry(inputShape).tiles();
  work.cores = geometry(*outShape).tiles();
  return roofline(work);
}

template struct ReductionOpModel<SumOp>;
template struct ReductionOpModel<MeanOp>;
template struct ReductionOpModel<MaxOp>;
template struct ReductionOpModel<MinOp>;

} // namespace mlir::ttnn::op_model
