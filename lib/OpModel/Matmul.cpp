//===- Matmul.cpp - matmul as ttnn 0.81.1 configures and runs it ----------===//
//
// ttnn 0.81.1 without a program config (ttnn/cpp/ttnn/operations/matmul/):
//   1. matmul.cpp (bound_matmul) generates the program config for the
//      operands as given (matmul_program_config.cpp, get_program_config):
//      create_simple_matmul_program_config for an interleaved a,
//      get_matmul_program_config (from a's shard spec) for a sharded one;
//   2. a transposed operand is transposed by the 1-D, 2-D and Reuse
//      programs themselves; MatmulMultiCore takes none, so ttnn.transpose
//      copies the operand first (in its own memory config) and
//      MatmulMultiCore runs on the copies;
//   3. the device operation validates the config
//      (matmul_device_operation.cpp), places the output (a sharded output
//      takes the program's shard spec, compute_output_specs) and runs the
//      program factory, whose CBs are modelled here
//      (matmul_multicore_*_program_factory.cpp).
// The L1 budget of the config (get_max_l1_space) is the L1 above the
// allocator's base and below the lowest L1 tensor (the inputs, allocated
// from the top). docs/op-model.md, "Matmul program configs".
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "MatmulProgram.h"

#include <map>
#include <numeric>

namespace mlir::ttnn::op_model {
namespace analytical {

namespace {
/// MCAST_INPUT_BUFFERING_DEPTH (matmul_utilities.hpp): the reuse programs
/// double-buffer in0 and in1 when a core reads more than one block.
constexpr int64_t kBuffering = 2;
/// is_narrow_shape: the 1-D program for an output more than this many times
/// taller than wide or the reverse (integer ratio of padded elements).
constexpr int64_t kNarrowRatio = 8;
/// get_per_core_factor: square blocks of 16, 8, 4, 2 tiles are tried, else 1.
constexpr int64_t kLargestFactor = 16;
/// create_simple_matmul_program_config's K block (lowered to 1 for an odd
/// Kt when the output spans several blocks).
constexpr int64_t kSimpleBlockW = 2;
/// The subblock of create_simple_matmul_program_config's 2-D program on a
/// partial grid: 4 x 2 tiles, one tile high unless it is the block's width.
constexpr int64_t kSimpleSubH = 4, kSimpleSubW = 2;
/// get_dest_reg_count: a subblock holds at most 8 tiles of the half-sync
/// dest, 4 with fp32 accumulation.
constexpr int64_t kDestTiles = 8, kFp32DestTiles = 4;
/// MatmulMultiCore: in0, in1 and the output through 2-tile CBs.
constexpr int64_t kMultiCorePages = 2;
/// estimate_interm_tile_size: partials are packed as bf16 (packer L1
/// accumulation) or f32 (fp32 accumulation).
constexpr uint64_t kPartialsTileBytes = kBf16TileBytes;
/// Cycles of one 32x32x32 tile product on the FPU (HiFi2).
constexpr double kCyclesPerTileProduct = 64;

/// SUBBLOCK_HW_CHOICES: the output subblocks tried, in order.
constexpr std::pair<int64_t, int64_t> kSubblockChoices[] = {
    {4, 2}, {2, 4}, {8, 1}, {1, 8}, {7, 1}, {1, 7}, {3, 2},
    {2, 3}, {6, 1}, {1, 6}, {5, 1}, {1, 5}, {2, 2}, {4, 1},
    {1, 4}, {3, 1}, {1, 3}, {2, 1}, {1, 2}, {1, 1}};

int64_t tilesOf(int64_t elements) { return ceilDiv(elements, kTileDim); }

/// An operand as the product reads it (get_matmul_tensor_padded_shape): its
/// two innermost dimensions swapped when the program transposes it.
struct Operand {
  std::vector<int64_t> shape; // logical, as the product reads it
  LayoutAttr layout;
  int64_t batch = 1;          // get_batch_size: the leading dimensions
  int64_t rowTiles = 0, colTiles = 0;

  static Operand of(llvm::ArrayRef<int64_t> stored, LayoutAttr layout,
                    bool transposed) {
    Operand op;
    op.shape.assign(stored.begin(), stored.end());
    size_t rank = op.shape.size();
    if (transposed)
      std::swap(op.shape[rank - 2], op.shape[rank - 1]);
    op.layout = layout;
    for (int64_t d : llvm::ArrayRef<int64_t>(op.shape).drop_back(2))
      op.batch *= d;
    op.rowTiles = tilesOf(op.shape[rank - 2]);
    op.colTiles = tilesOf(op.shape[rank - 1]);
    return op;
  }
  uint64_t tile() const { return tileBytes(layout); }
  bool sharded() const { return layout.isSharded(); }
  TensorMemoryLayout scheme() const { return layout.getMemoryLayout(); }
  int64_t shardRowTiles() const { return tilesOf(layout.getShard()[0]); }
  int64_t shardColTiles() const { return tilesOf(layout.getShard()[1]); }
  int64_t gridRows() const { return layout.getGrid()[0]; }
  int64_t gridCols() const { return layout.getGrid()[1]; }
  int64_t cores() const { return gridRows() * gridCols(); }
};

/// The product as the config generation sees it.
struct Product {
  Operand a, b;
  /// The transposes the program performs (the device operation's flags).
  bool transposeA = false, transposeB = false;
  LayoutAttr out;
  int64_t mt = 0, kt = 0, nt = 0; // per batch
  uint64_t biasTile = 0;          // bias_single_tile_size (0: none)
  bool userRunBatched = false;
  /// L1 per bank of the tensors allocated when the config is generated.
  uint64_t l1Used = 0;
  const DeviceModel *device = nullptr;

  int64_t rows() const { return device->gridRows; }
  int64_t cols() const { return device->gridCols; }
  /// The default compute kernel config accumulates in f32 for an f32 output
  /// and packs partials with L1 accumulation otherwise
  /// (create_matmul_attributes).
  bool fp32Acc() const { return out.getDataType() == DataType::Float32; }
  bool packerL1Acc() const { return !fp32Acc(); }
  uint64_t outTile() const { return tileBytes(out); }
  /// get_max_l1_space.
  uint64_t maxL1() const {
    uint64_t above = device->l1AboveAllocatorBase();
    return above > l1Used ? above - l1Used : 0;
  }
  /// estimate_interm_tile_size.
  uint64_t intermTile() const {
    return fp32Acc() ? kF32TileBytes
                     : std::max(kPartialsTileBytes, outTile());
  }
  int64_t destTiles() const { return fp32Acc() ? kFp32DestTiles : kDestTiles; }
  /// get_estimated_size_of_cbs for an m x n block and a K block of k tiles:
  /// in0 and in1 double-buffered, the output (in a's format) and the
  /// partials block, a sharded a's rows, the bias row and a transposed a's
  /// copy.
  uint64_t estimate(int64_t m, int64_t n, int64_t k) const {
    uint64_t aTile = a.tile();
    uint64_t in0 = m * k * kBuffering * aTile;
    uint64_t in1 = n * k * kBuffering * b.tile();
    uint64_t shardRows = a.sharded() ? m * a.shardColTiles() * aTile : 0;
    uint64_t transposed = transposeA ? (a.sharded() ? shardRows : in0) : 0;
    return in0 + in1 + m * n * aTile + m * n * intermTile() + n * biasTile +
           shardRows + transposed;
  }
  bool fits(int64_t m, int64_t n, int64_t k) const {
    return estimate(m, n, k) < maxL1();
  }
};

/// A generated program config (the fields every kind shares).
struct Config {
  MatmulProgram program = MatmulProgram::MultiCore;
  /// compute_with_storage_grid_size, rows x columns.
  int64_t gridRows = 0, gridCols = 0;
  int64_t blockW = 0; // in0_block_w
  int64_t perCoreM = 0, perCoreN = 0, outH = 0, outW = 0, subH = 0, subW = 0;
  bool fuseBatch = false;
  bool mcastIn0 = false;
};

/// get_multi_dim_per_core_factor: the per-core block if its CBs fit, else
/// by decreasing area the block of each area closest to square (a later
/// pair as square replaces an earlier one) whose CBs fit, with the K block
/// in the outer loop (lowered only when `adjustK`); 1 x 1 x 1 if none does.
std::tuple<int64_t, int64_t, int64_t>
fitBlock(const Product &p, int64_t m, int64_t n, int64_t k, bool adjustK) {
  if (p.fits(m, n, k))
    return {m, n, k};
  auto factors = [](int64_t whole) {
    llvm::SmallVector<int64_t> out = {whole, 1};
    for (int64_t f = whole / 2; f > 1; --f)
      if (whole % f == 0)
        out.push_back(f);
    return out;
  };
  auto ratio = [](int64_t x, int64_t y) {
    return float(std::max(x, y)) / float(std::min(x, y));
  };
  std::map<int64_t, std::pair<int64_t, int64_t>> byArea;
  for (int64_t fm : factors(m))
    for (int64_t fn : factors(n)) {
      auto [it, inserted] = byArea.try_emplace(fm * fn, fm, fn);
      if (!inserted && !(ratio(it->second.first, it->second.second) <
                         ratio(fm, fn)))
        it->second = {fm, fn};
    }
  for (int64_t fk = k; fk >= (adjustK ? 1 : k); --fk) {
    if (k % fk)
      continue;
    for (auto it = byArea.rbegin(); it != byArea.rend(); ++it)
      if (p.fits(it->second.first, it->second.second, fk))
        return {it->second.first, it->second.second, fk};
  }
  return {1, 1, 1};
}

/// bmm_op_utils::get_matmul_subblock_params (h, w): the first choice that
/// divides the block, optionally as high as the block (`fullM`, one tile
/// wide) or as wide (`fullN`, one tile high).
std::pair<int64_t, int64_t> subblockParams(const Product &p, int64_t m,
                                           int64_t n, bool fullM, bool fullN) {
  for (auto [h, w] : kSubblockChoices) {
    if (h * w > p.destTiles())
      continue;
    if (fullN && (w != n || h != 1))
      continue;
    if (fullM && (h != m || w != 1))
      continue;
    if (m % h == 0 && n % w == 0)
      return {h, w};
  }
  return {1, 1};
}

bool isNarrow(int64_t height, int64_t width, bool allDram) {
  int64_t ratio = height > width ? height / width : width / height;
  if (ratio > kNarrowRatio)
    return true;
  return allDram && (height <= kTileDim || width <= kTileDim);
}

/// get_mcast_1d_config on `grid` (rows, cols): M (the batch folded in when
/// `fuseBatch`) whole per core and N split over the cores (`mcastIn0`), or
/// the reverse; K blocks of 2 tiles when Kt is even.
Config mcast1D(const Product &p, bool fuseBatch, bool mcastIn0,
               bool userShardSpec) {
  // The device's grid, or the requested output's (its own shard spec).
  std::pair<int64_t, int64_t> grid{p.rows(), p.cols()};
  if (userShardSpec)
    grid = {p.out.getGrid()[0], p.out.getGrid()[1]};
  Config c{MatmulProgram::Mcast1D, grid.first, grid.second};
  c.fuseBatch = fuseBatch;
  c.mcastIn0 = mcastIn0;
  int64_t m = (fuseBatch ? p.a.batch : 1) * p.mt;
  int64_t cores = grid.first * grid.second;
  if (userShardSpec) {
    c.perCoreM = p.out.getShard()[0] / kTileDim;
    c.perCoreN = p.out.getShard()[1] / kTileDim;
  } else if (mcastIn0) {
    c.perCoreM = m;
    c.perCoreN = ceilDiv(p.nt, cores);
  } else {
    c.perCoreM = ceilDiv(m, cores);
    c.perCoreN = p.nt;
  }
  c.blockW = p.kt % 2 == 0 ? 2 : 1;
  std::tie(c.outH, c.outW, std::ignore) =
      fitBlock(p, c.perCoreM, c.perCoreN, c.blockW, false);
  // ttnn passes out_sharded = false here: the subblock is unconstrained.
  std::tie(c.subH, c.subW) = subblockParams(p, c.outH, c.outW, false, false);
  return c;
}

/// The 2-D program of create_simple_matmul_program_config.
Config simple2D(const Product &p, int64_t factor, int64_t blockW,
                bool allDramInterleaved) {
  Config c{MatmulProgram::Mcast2D, p.rows(), p.cols(), blockW};
  // The batch folded into M for a sharded output, whose blocks cover the
  // batches' rows (measured on Blackhole: 4x608x512 . 512x434 to block
  // shards runs 10 block rows of 8 tiles, to an interleaved output 3; with
  // transpose_a it is rejected for a fused batch).
  c.fuseBatch = p.out.isSharded();
  // Square blocks of the factor, no larger than the product (measured: a
  // 1 x 7 tile product to a block-sharded output runs one 1 x 7 block).
  c.perCoreM = c.outH = std::min(factor, p.mt);
  c.perCoreN = c.outW = std::min(factor, p.nt);
  c.subH = kSimpleSubH;
  c.subW = kSimpleSubW;
  if (c.subW != c.perCoreN)
    c.subH = 1;
  if (c.perCoreM % c.subH || c.perCoreN % c.subW)
    std::tie(c.subH, c.subW) = subblockParams(p, c.perCoreM, c.perCoreN,
                                              false, p.out.isSharded());
  if (allDramInterleaved) {
    // The whole grid: K in Kt / (grid columns) tiles when they divide it.
    c.blockW = p.kt % p.cols() == 0 ? p.kt / p.cols() : 1;
    c.perCoreM = ceilDiv(p.mt, p.rows());
    c.perCoreN = ceilDiv(p.nt, p.cols());
    std::tie(c.outH, c.outW, c.blockW) =
        fitBlock(p, c.perCoreM, c.perCoreN, c.blockW, true);
    std::tie(c.subH, c.subW) =
        subblockParams(p, c.outH, c.outW, false, false);
  }
  return c;
}

/// create_simple_matmul_program_config: an interleaved a.
llvm::Expected<Config> simpleConfig(llvm::StringRef name, const Product &p) {
  LayoutAttr out = p.out;
  bool allInterleaved = !p.a.sharded() && !p.b.sharded() && !out.isSharded();
  bool allDram = !p.a.layout.isL1() && !p.b.layout.isL1() && !out.isL1();
  bool allDramInterleaved = allDram && allInterleaved;
  // A batch-1 a against a batched b: the 1-D program splitting M, a kept in
  // its CB across b's batches (in0 reuse).
  bool aBatchBroadcast = allInterleaved && p.a.batch == 1 && p.b.batch > 1;
  int64_t height = p.mt * kTileDim, width = p.nt * kTileDim;
  bool narrow = allInterleaved && isNarrow(height, width, allDram);
  bool wide = narrow && width > height, tall = narrow && !wide;

  int64_t factor = 1;
  for (int64_t f = kLargestFactor; f > 1; f /= 2)
    if (p.fits(f, f, kSimpleBlockW)) {
      factor = f;
      break;
    }
  int64_t blocksY = ceilDiv(p.mt, factor), blocksX = ceilDiv(p.nt, factor);
  int64_t blockW = kSimpleBlockW;
  if ((out.isSharded() || blocksY > 1 || blocksX > 1) && p.kt % blockW)
    blockW = 1;
  if (!allDramInterleaved &&
      !(blocksX * blocksY <= p.rows() * p.cols() && p.kt % blockW == 0))
    return Config{MatmulProgram::MultiCore};
  // get_core_range: the block grid, unless one block or beyond the device.
  int64_t rangeX = 0, rangeY = 0;
  if (!(blocksY == 1 && blocksX == 1) && blocksY <= p.rows() &&
      blocksX <= p.cols()) {
    rangeX = blocksX;
    rangeY = blocksY;
  }
  bool bsColumn = false, bsRow = false;
  auto scheme = out.getMemoryLayout();
  if (out.isSharded() && scheme == TensorMemoryLayout::BlockSharded) {
    bool single = out.getGrid()[0] == 1 && out.getGrid()[1] == 1;
    bsColumn = !single && out.getGrid()[1] == 1;
    bsRow = !single && out.getGrid()[0] == 1;
  }
  if ((bsColumn || bsRow) && p.b.batch > 1)
    return backendError(name + ": a block-sharded output on one row or "
                               "column of cores with a batched b (ttnn 0.81.1 "
                               "rejects it)");
  bool noRange = rangeY == 0 && out.isSharded();
  bool use1dIn0 =
      (wide && !aBatchBroadcast) ||
      (noRange && (scheme == TensorMemoryLayout::WidthSharded || bsRow));
  bool use1dIn1 =
      tall || aBatchBroadcast ||
      (noRange && (scheme == TensorMemoryLayout::HeightSharded || bsColumn));
  bool use2d = allDramInterleaved ||
               (noRange && scheme == TensorMemoryLayout::BlockSharded &&
                !bsColumn && !bsRow);
  // All-DRAM products keep the 2-D program on a one-row or one-column block
  // grid (measured: 1x2x256x30 . 30x1065 in DRAM runs 1 x 5 blocks on
  // Wormhole's 8 x 8, 1 x 3 on Blackhole's 10 x 13).
  bool rowOfBlocks = rangeY == 1 && !allDramInterleaved;
  bool columnOfBlocks = rangeX == 1 && !allDramInterleaved;
  bool bUnbatched = p.b.batch == 1;
  if ((rowOfBlocks && !aBatchBroadcast) || use1dIn0)
    return mcast1D(p, bsRow && bUnbatched, true, bsRow);
  if (columnOfBlocks || use1dIn1)
    return mcast1D(p, bsColumn && bUnbatched, false, bsColumn);
  if ((rangeY > 0 && blocksX <= p.cols() && blocksY <= p.rows()) || use2d)
    return simple2D(p, factor, blockW, allDramInterleaved);
  return Config{MatmulProgram::MultiCore};
}

/// A sharded output is written a block row at a time when the fitted block
/// is narrower than the shard: the block is one tile high (measured on both
/// mock devices: 2 x 8 of a 2 x 32 shard runs as 1 x 8, 4 x 8 as 1 x 8,
/// 2 x 10 as 1 x 10; a full-width 4 x 4 stays).
void rowBlocksForShards(Config &c, bool outSharded) {
  if (outSharded && c.outW < c.perCoreN)
    c.outH = 1;
}

/// create_matmul_program_config for a block-sharded a on one row or column
/// of cores: the 2-D program on the device's grid, per-core M from a's
/// shard, per-core N in proportion to its width, K blocks of the gcd of
/// its width and Kt (measured: 352x1472 on 1x8 shards of 352x192 times
/// 1472x502 runs 11 x 2 blocks with K blocks of 2).
Config blockFallback(const Product &p) {
  Config c{MatmulProgram::Mcast2D, p.rows(), p.cols()};
  c.fuseBatch = true;
  c.perCoreM = p.a.shardRowTiles();
  c.perCoreN = std::max<int64_t>(
      (p.nt * p.a.layout.getShard()[1]) / (p.kt * kTileDim), 1);
  c.blockW = std::gcd(p.a.shardColTiles(), p.kt);
  std::tie(c.outH, c.outW, std::ignore) =
      fitBlock(p, c.perCoreM, c.perCoreN, c.blockW, false);
  // get_subblock_sizes: the choices read as (w, h).
  c.subH = c.subW = 1;
  for (auto [w, h] : kSubblockChoices)
    if ((h * w <= kFp32DestTiles || !p.fp32Acc()) && c.outH % h == 0 &&
        c.outW % w == 0) {
      c.subH = h;
      c.subW = w;
      break;
    }
  if (c.subW != c.perCoreN)
    c.subH = 1;
  return c;
}

/// get_matmul_program_config: a sharded a.
llvm::Expected<Config> shardedConfig(llvm::StringRef name, const Product &p) {
  auto scheme = p.a.scheme();
  LayoutAttr out = p.out;
  bool outSharded = out.isSharded();
  auto sameAsA = [&]() -> llvm::Error {
    if (outSharded && out.getMemoryLayout() != scheme)
      return backendError(name + ": a " + describe(p.a.layout) + " with a " +
                          describe(out) +
                          " output: ttnn 0.81.1 requires the output sharded "
                          "like a");
    return llvm::Error::success();
  };
  int64_t gridRows = p.a.gridRows(), gridCols = p.a.gridCols();
  int64_t m = p.a.batch * p.mt;
  if (!p.userRunBatched) {
    if (p.b.sharded())
      return backendError(name + ": b is " + describe(p.b.layout) +
                          ": with a sharded a, ttnn 0.81.1 requires an "
                          "interleaved b");
    // Whatever a's grid (one core included: measured on both mock devices,
    // height, width and block shards on 1x1).
    if (scheme != TensorMemoryLayout::BlockSharded) {
      if (llvm::Error err = sameAsA())
        return err;
      Config c{MatmulProgram::Mcast1D, gridRows, gridCols};
      c.fuseBatch = true;
      if (scheme == TensorMemoryLayout::WidthSharded) {
        c.mcastIn0 = true;
        c.perCoreM = m;
        c.perCoreN = ceilDiv(p.nt, p.a.cores());
        c.blockW = std::gcd(p.a.shardColTiles(), p.kt);
      } else {
        c.perCoreM = p.a.shardRowTiles();
        c.perCoreN = p.nt;
        c.blockW = p.kt;
      }
      std::tie(c.outH, c.outW, std::ignore) =
          fitBlock(p, c.perCoreM, c.perCoreN, c.blockW, false);
      rowBlocksForShards(c, outSharded);
      std::tie(c.subH, c.subW) =
          subblockParams(p, c.outH, c.outW, false, outSharded);
      return c;
    }
    if (gridRows > 1 && gridCols > 1) {
      if (llvm::Error err = sameAsA())
        return err;
      int64_t shardRows = p.a.shardRowTiles(), shardCols = p.a.shardColTiles();
      bool xMatch = gridCols == p.kt / shardCols;
      bool yMatch = gridRows == m / shardRows;
      if (!(yMatch || gridRows == ceilDiv(m, shardRows)) ||
          !(xMatch || gridCols == ceilDiv(p.kt, shardCols)))
        return backendError(name + ": a's " + describe(p.a.layout) +
                            " grid is not the grid its shards need (ttnn "
                            "0.81.1 requires one shard per core of a)");
      Config c{MatmulProgram::Mcast2D, gridRows, gridCols};
      c.fuseBatch = true;
      c.perCoreM = ceilDiv(m, gridRows);
      c.perCoreN = ceilDiv(p.nt, gridCols);
      c.blockW = xMatch ? std::gcd(shardCols, p.kt) : 1;
      std::tie(c.outH, c.outW, std::ignore) =
          fitBlock(p, c.perCoreM, c.perCoreN, c.blockW, false);
      std::tie(c.subH, c.subW) =
          subblockParams(p, c.outH, c.outW, false, outSharded);
      return c;
    }
    return blockFallback(p);
  }
  // A batched b: MatmulMultiCoreReuse on a's shards.
  if (scheme == TensorMemoryLayout::WidthSharded)
    return backendError(name + ": a width-sharded a with a batched b (ttnn "
                               "0.81.1's MatmulMultiCoreReuse program takes "
                               "height or block shards)");
  if (llvm::Error err = sameAsA())
    return err;
  Config c{MatmulProgram::Reuse, gridRows, gridCols};
  c.perCoreM = p.a.shardRowTiles();
  c.perCoreN = p.nt;
  c.blockW = p.a.shardColTiles();
  c.outH = c.perCoreM;
  c.outW = c.perCoreN;
  std::tie(c.subH, c.subW) =
      subblockParams(p, c.perCoreM, c.perCoreN, false, outSharded);
  if (p.b.sharded() && (p.b.scheme() != scheme ||
                        p.b.layout.getGrid() != p.a.layout.getGrid()))
    return backendError(name + ": b is " + describe(p.b.layout) +
                        ": MatmulMultiCoreReuse needs a sharded b sharded "
                        "like a, on a's grid (ttnn 0.81.1 rejects it)");
  return c;
}

llvm::Expected<Config> generateConfig(llvm::StringRef name, const Product &p) {
  if (!p.a.sharded())
    return simpleConfig(name, p);
  return shardedConfig(name, p);
}

/// The per-core blocks of a config over the product (1-D: along its grid;
/// 2-D: block rows and columns).
struct Blocks {
  int64_t m; // M as the program sees it (the batch folded in or not)
  int64_t y, x;
};
Blocks blocksOf(const Product &p, const Config &c) {
  int64_t m = (c.fuseBatch ? p.a.batch : 1) * p.mt;
  return {m, ceilDiv(m, c.perCoreM), ceilDiv(p.nt, c.perCoreN)};
}

/// The output ttnn places (compute_output_specs): a sharded output takes
/// the program's shard spec, (per-core M x N) on the cores with work (the
/// 1-D program), on the requested grid (2-D, Reuse), or the requested spec
/// as height / width sharded (a block-sharded output on one column / row).
llvm::Expected<LayoutAttr> placedOutput(llvm::StringRef name, const Product &p,
                                        const Config &c) {
  LayoutAttr out = p.out;
  if (!out.isSharded())
    return out;
  int64_t shard[] = {c.perCoreM * kTileDim, c.perCoreN * kTileDim};
  switch (c.program) {
  case MatmulProgram::MultiCore:
    return backendError(name + ": ttnn 0.81.1's MatmulMultiCore program "
                               "cannot write a " +
                        describe(out) + " output");
  case MatmulProgram::Mcast1D: {
    // A block-sharded output on one row or column of cores (one core
    // included) keeps the requested spec, as width or height sharded
    // (measured: 64x1088 block shards on 1x1 come back height sharded).
    bool oneD = out.getMemoryLayout() == TensorMemoryLayout::BlockSharded &&
                (out.getGrid()[0] == 1 || out.getGrid()[1] == 1);
    if (oneD) {
      bool column = out.getGrid()[1] == 1;
      return LayoutAttr::get(out.getContext(), out.getPageLayout(),
                             out.getBufferType(),
                             column ? TensorMemoryLayout::HeightSharded
                                    : TensorMemoryLayout::WidthSharded,
                             out.getDataType(), out.getGrid(),
                             out.getShard());
    }
    int64_t m = (c.fuseBatch ? p.a.batch : 1) * p.mt;
    int64_t cores = ceilDiv(m, c.perCoreM) * ceilDiv(p.nt, c.perCoreN);
    // num_cores_to_corerangeset: row by row over the config's grid; the
    // layout names its bounding box (the cores past the last hold nothing).
    // Block shards need the rectangle itself (tensor_spec.cpp).
    int64_t grid[] = {ceilDiv(cores, c.gridCols),
                      std::min(cores, c.gridCols)};
    if (out.getMemoryLayout() == TensorMemoryLayout::BlockSharded &&
        grid[0] * grid[1] != cores)
      return backendError(name + ": the " + llvm::Twine(cores) +
                          " cores of the 1-D program's block-sharded output "
                          "are no rectangle (ttnn 0.81.1 rejects it)");
    return out.withShards(grid, shard);
  }
  case MatmulProgram::Mcast2D: {
    // The grid of output blocks (the batch folded into M), whatever grid was
    // asked for (measured: a 4x4 request of 256x256 shards of a product on
    // a block-sharded a's 8x8 grid comes back on 8x8 in 128x128 shards).
    int64_t m = p.a.batch * p.mt;
    int64_t grid[] = {ceilDiv(m, c.perCoreM), ceilDiv(p.nt, c.perCoreN)};
    return out.withShards(grid, shard);
  }
  case MatmulProgram::Reuse:
    return out.withShards(out.getGrid(), shard);
  }
  llvm_unreachable("unknown matmul program");
}

/// get_shape_fits_shard_grid_error (tensor_spec.cpp): ttnn creates no
/// tensor whose shards do not fit their grid; idle cores are allowed.
llvm::Error checkShardsFit(llvm::StringRef name, llvm::ArrayRef<int64_t> shape,
                           LayoutAttr layout) {
  if (!layout.isSharded())
    return llvm::Error::success();
  Geometry g = geometry(shape);
  int64_t height = g.heightTiles * kTileDim, width = g.widthTiles * kTileDim;
  auto grid = layout.getGrid();
  auto shard = layout.getShard();
  int64_t cores = grid[0] * grid[1];
  int64_t alongH = ceilDiv(height, shard[0]), alongW = ceilDiv(width, shard[1]);
  bool fits = true;
  switch (layout.getMemoryLayout()) {
  case TensorMemoryLayout::HeightSharded:
    fits = shard[1] == width && alongH <= cores;
    break;
  case TensorMemoryLayout::WidthSharded:
    fits = shard[0] == height && alongW <= cores;
    break;
  case TensorMemoryLayout::BlockSharded:
    fits = alongH <= grid[0] && alongW <= grid[1];
    break;
  case TensorMemoryLayout::Interleaved:
    break;
  }
  if (fits)
    return llvm::Error::success();
  return backendError(name + ": the output " + describe(layout) +
                      " ttnn 0.81.1 places does not fit a " +
                      describeShape(shape) + " tensor onto its grid");
}

/// The TT_FATALs of matmul_device_operation.cpp (and of the factories) the
/// generated configs can reach.
llvm::Error validate(llvm::StringRef name, const Product &p, const Config &c) {
  auto reject = [&](const llvm::Twine &why) {
    return backendError(name + ": " + why + " (ttnn 0.81.1 rejects it)");
  };
  LayoutAttr out = p.out;
  bool outSharded = out.isSharded();
  if (c.program == MatmulProgram::MultiCore) {
    if (p.a.sharded() || p.b.sharded() || outSharded)
      return reject("MatmulMultiCore needs a, b and the output interleaved");
    return llvm::Error::success();
  }
  if (p.kt % c.blockW)
    return reject("Kt (" + llvm::Twine(p.kt) + ") is not a multiple of the "
                  "K block (" + llvm::Twine(c.blockW) + ")");
  // validate_matmul_block_and_subblock_configuration.
  if (c.program != MatmulProgram::Reuse &&
      (c.outH % c.subH || c.outW % c.subW || c.perCoreM % c.outH ||
       c.perCoreN % c.outW))
    return reject("the " + llvm::Twine(c.outH) + "x" + llvm::Twine(c.outW) +
                  " output block does not divide into " + llvm::Twine(c.subH) +
                  "x" + llvm::Twine(c.subW) + " subblocks");
  if (c.program == MatmulProgram::Reuse &&
      (c.perCoreM % c.subH || c.perCoreN % c.subW))
    return reject("the per-core block does not divide into subblocks");
  if (c.subH * c.subW > p.destTiles())
    return reject("a " + llvm::Twine(c.subH) + "x" + llvm::Twine(c.subW) +
                  " subblock exceeds the " + llvm::Twine(p.destTiles()) +
                  " dest tiles");
  if (c.fuseBatch && p.b.batch != 1)
    return reject("a fused batch needs an unbatched b");
  // matmul_utilities.hpp: the multicast programs write a sharded output of
  // a batched b only with the batch folded into M (measured: 3x192x384 .
  // 3x79x384 to block shards is rejected; an unbatched b's product runs).
  if (outSharded && !c.fuseBatch && p.a.batch > 1 && p.b.batch > 1 &&
      c.program != MatmulProgram::Reuse)
    return reject("a sharded output of a batched b's unfused batch");
  if (c.fuseBatch && p.transposeA && p.a.batch > 1 && p.mt > 1)
    return reject("transpose_a with a fused batch of several tile rows");
  Blocks blocks = blocksOf(p, c);
  bool subblockRow = c.subW == c.perCoreN || c.subH == 1;
  bool blockRow = c.outW == c.perCoreN || c.outH == 1;
  if (p.a.sharded() && outSharded &&
      (c.program == MatmulProgram::Mcast1D ||
       p.a.scheme() == TensorMemoryLayout::BlockSharded) &&
      out.getMemoryLayout() != p.a.scheme())
    return reject("a sharded output must be sharded like a");
  if (outSharded && c.program != MatmulProgram::Reuse &&
      (out.getGrid()[0] > c.gridRows || out.getGrid()[1] > c.gridCols))
    return reject("the output's shard grid exceeds the program's grid");
  if (c.program == MatmulProgram::Mcast1D) {
    if (blocks.y * blocks.x > c.gridRows * c.gridCols)
      return reject("more output blocks than cores");
    // The program splitting N reads a width-sharded a and writes a width-
    // sharded output (or block shards on one row of cores); the one splitting
    // M height shards (one column).
    auto scheme = c.mcastIn0 ? TensorMemoryLayout::WidthSharded
                             : TensorMemoryLayout::HeightSharded;
    llvm::StringRef split = c.mcastIn0 ? "N" : "M";
    if (p.a.sharded()) {
      bool blocksOfA =
          c.perCoreM == p.a.shardRowTiles() &&
          (c.mcastIn0 ? blocks.m == c.perCoreM && p.a.shardColTiles() % c.blockW == 0
                      : blocks.y <= p.a.cores() && p.kt == p.a.shardColTiles());
      if (p.a.scheme() != scheme || !blocksOfA)
        return reject("a's shards are not the blocks of the 1-D program "
                      "splitting " + split);
    }
    if (outSharded) {
      bool ok = out.getMemoryLayout() == scheme ||
                (out.getMemoryLayout() == TensorMemoryLayout::BlockSharded &&
                 out.getGrid()[c.mcastIn0 ? 0 : 1] == 1);
      bool whole = c.mcastIn0 ? blocks.m == c.perCoreM : p.nt == c.perCoreN;
      if (!ok || !whole || !subblockRow || !blockRow)
        return reject("the 1-D program splitting " + split +
                      " writes its sharded output whole, in block rows or "
                      "one tile high");
    }
    if (c.mcastIn0) {
      if (blocks.y != 1)
        return reject("the 1-D program splitting N needs M in one block");
      if (p.b.sharded() &&
          (p.b.scheme() != TensorMemoryLayout::WidthSharded ||
           c.perCoreN != p.b.shardColTiles()))
        return reject("b's shards are not the 1-D program's K x per-core N "
                      "blocks");
    } else {
      if (p.b.sharded())
        return reject("the 1-D program splitting M needs b interleaved");
      // The factory's own checks (mcast_in1).
      if (blocks.x != 1)
        return reject("the 1-D program splitting M needs N in one block");
      int64_t blocksH = c.perCoreM / c.outH;
      if (blocks.y == 1 && (ceilDiv(blocks.m, c.outH) != blocksH ||
                            (blocks.m % c.outH && blocksH != 1)))
        return reject("M's last block is not the program's last");
    }
  } else if (c.program == MatmulProgram::Mcast2D) {
    // The per-core M of a block-sharded a's shard rows (stored: before
    // transpose_a) may exceed M (measured: 64x96 on 1x3 shards of 96x32,
    // 2x64x96 on 1x3 of 160x32 rejected, of 128x32 run).
    if (c.perCoreM > blocks.m)
      return reject("the per-core M (" + llvm::Twine(c.perCoreM) +
                    " tiles) exceeds M (" + llvm::Twine(blocks.m) + ")");
    if (blocks.x > c.gridCols || blocks.y > c.gridRows)
      return reject("more output blocks than the grid's rows or columns");
    if (p.a.sharded()) {
      auto scheme = p.a.scheme();
      if (scheme == TensorMemoryLayout::WidthSharded)
        return reject("the 2-D program takes a block- or height-sharded a");
      if (scheme == TensorMemoryLayout::HeightSharded &&
          (p.kt != c.blockW || c.blockW != p.a.shardColTiles() ||
           p.a.gridCols() != 1))
        return reject("a height-sharded a of the 2-D program holds all of K "
                      "on one column of cores");
      if (c.perCoreM != p.a.shardRowTiles() ||
          p.a.shardColTiles() % c.blockW)
        return reject("a's shards are not the 2-D program's blocks");
    }
    if (p.b.sharded()) {
      if (p.b.scheme() != TensorMemoryLayout::WidthSharded)
        return reject("the 2-D program reads an L1 b width sharded");
      bool aOk = !p.a.sharded() ||
                 p.a.scheme() == TensorMemoryLayout::HeightSharded;
      if (!aOk || c.perCoreN != p.b.shardColTiles() || p.b.gridRows() != 1)
        return reject("b's shards are not the 2-D program's K x per-core N "
                      "blocks on one row of cores");
    }
    if (outSharded &&
        (out.getMemoryLayout() != TensorMemoryLayout::BlockSharded ||
         !subblockRow || !blockRow))
      return reject("the 2-D program writes a block-sharded output whose "
                    "subblocks are block rows or one tile high");
  } else {
    // MatmulMultiCoreReuse.
    int64_t m = p.mt;
    if (c.perCoreM > m ? (c.perCoreM % m || (p.a.batch * m) % c.perCoreM)
                       : m % c.perCoreM)
      return reject("the per-core M does not tile the batches' M");
    if (p.nt != c.perCoreN)
      return reject("the per-core N is not N");
    if (p.a.sharded() && (p.kt != p.a.shardColTiles() ||
                          c.perCoreM != p.a.shardRowTiles()))
      return reject("a's shards are not the program's blocks");
    if (p.a.batch > 1 && p.b.batch > 1 && m % c.subH)
      return reject("the subblock height does not divide M");
    // A sharded b: whole K x N matrices per core, read in place.
    if (p.b.sharded() &&
        (c.perCoreM % m || p.b.scheme() == TensorMemoryLayout::WidthSharded ||
         p.b.shardColTiles() != p.nt || p.b.shardRowTiles() % p.kt))
      return reject("b's shards are not whole K x N matrices of the program");
    if (outSharded &&
        (out.getMemoryLayout() == TensorMemoryLayout::WidthSharded ||
         !subblockRow))
      return reject("MatmulMultiCoreReuse writes a height- or block-sharded "
                    "output with row subblocks");
    int64_t blocksTotal =
        (p.a.batch * m / c.perCoreM) * (p.nt / c.perCoreN);
    int64_t cores = p.a.sharded() ? p.a.cores() : c.gridRows * c.gridCols;
    if (p.a.sharded() && blocksTotal % cores)
      return reject("the output blocks do not divide over a's cores");
    if (blocksTotal < cores && p.a.sharded())
      return reject("some of a's cores have no output block");
  }
  return llvm::Error::success();
}

/// The CBs of the config's program factory (bytes per core, dataflow
/// buffers in graph capture). Sharded operands and a sharded output are
/// their own CBs (globally allocated: not counted).
uint64_t programCBs(const Product &p, const Config &c, uint64_t fusedBiasTile,
                    bool outSharded) {
  uint64_t aTile = p.a.tile(), bTile = p.b.tile(), outTile = p.outTile();
  if (c.program == MatmulProgram::MultiCore)
    return kMultiCorePages * (aTile + bTile + outTile);
  bool fp32 = p.fp32Acc();
  int64_t kBlocks = p.kt / c.blockW;
  // Packer L1 accumulation (partials in bf16, or f32 with fp32
  // accumulation) once K spans more than one block in the 1-D and 2-D
  // programs (measured: the source's 2-D and 1-D M-split programs wait for
  // 3 blocks, ttnn 0.81.1 packs bf16 partials of a bfp8_b output from 2),
  // more than two in MatmulMultiCoreReuse.
  bool l1Acc = p.packerL1Acc() &&
               kBlocks > (c.program == MatmulProgram::Reuse ? 2 : 1);
  DataType interm = fp32 ? DataType::Float32
                         : (l1Acc ? DataType::BFloat16 : p.out.getDataType());
  uint64_t intermTile =
      interm == DataType::Float32
          ? kF32TileBytes
          : (interm == DataType::BFloat16 ? kBf16TileBytes : outTile);
  int64_t batchA = c.fuseBatch ? 1 : p.a.batch;
  int64_t batchB = c.fuseBatch ? 1 : p.b.batch;
  uint64_t bytes = 0;
  uint64_t in0 = 0;
  if (c.program == MatmulProgram::Reuse) {
    int64_t mPerBatch = std::min(c.perCoreM, p.mt);
    in0 = (p.a.sharded() ? c.perCoreM * p.kt
                         : kBuffering * mPerBatch * c.blockW) *
          aTile;
    if (!p.a.sharded())
      bytes += in0;
    if (!p.b.sharded())
      bytes += kBuffering * c.perCoreN * c.blockW * bTile;
  } else if (c.program == MatmulProgram::Mcast1D && !c.mcastIn0) {
    bool reuseIn0 = batchA == 1 && batchB > 1 && !p.a.sharded() &&
                    !outSharded;
    int64_t in0Tiles = c.outH * c.blockW;
    if (reuseIn0)
      in0Tiles = c.perCoreM * kBlocks * c.blockW;
    else if (p.a.sharded())
      in0Tiles = kBlocks * c.perCoreM * c.blockW * batchA;
    else if (batchA * kBlocks > 1)
      in0Tiles *= kBuffering;
    in0 = in0Tiles * aTile;
    // A sharded a is in0's CB itself unless the program extracts sub-blocks
    // of its shard, or the output block is smaller than the per-core block
    // in both directions (measured: 16384x512 . 512x512 on 256x512 height
    // shards, a 4 x 8 block of 8 x 16, copies the 8 x 16 tiles of a).
    bool extract = p.a.sharded() && p.a.shardColTiles() / c.blockW > 1;
    bool reread = c.outH < c.perCoreM && c.outW < c.perCoreN;
    if (!p.a.sharded() || extract || reread)
      bytes += in0;
    bytes += (batchB * kBlocks > 1 ? kBuffering : 1) * c.outW * c.blockW *
             bTile;
  } else {
    int64_t batch = batchA;
    in0 = (batch * kBlocks > 1 ? kBuffering : 1) * c.outH * c.blockW * aTile;
    // The 2-D program reads a height-sharded a in place.
    bool inPlace = c.program == MatmulProgram::Mcast2D && p.a.sharded() &&
                   p.a.scheme() == TensorMemoryLayout::HeightSharded;
    if (!inPlace)
      bytes += in0;
    // Cores of a sharded a without an output block still send their shard:
    // they relay in0 through a second buffer like in0's (the 1-D program:
    // more of a's cores than blocks; the 2-D one: more of a's columns than
    // block columns; measured: a 2x8 grid of a with 7 block columns adds 4
    // f32 tiles).
    if (p.a.sharded() && !inPlace) {
      Blocks blocks = blocksOf(p, c);
      bool idleSenders = c.program == MatmulProgram::Mcast1D
                             ? p.a.cores() > blocks.x * blocks.y
                             : p.a.gridCols() > blocks.x;
      if (idleSenders)
        bytes += in0;
    }
    // in1's batch: a's in the 2-D program, b's in the 1-D one (measured:
    // 4x32x64 . 1x64x1664 single-buffers in1).
    int64_t in1Batch = c.program == MatmulProgram::Mcast1D ? batchB : batch;
    if (!p.b.sharded())
      bytes += (in1Batch * kBlocks > 1 ? kBuffering : 1) * c.outW *
               c.blockW * bTile;
  }
  // The output block, and the partials block beside it when their formats
  // differ or a sharded output is written in blocks smaller than its shard
  // (measured: a 1 x 2 block of a 1 x 32 shard adds 2 tiles).
  uint64_t block = c.outH * c.outW;
  bool separate = interm != p.out.getDataType() ||
                  (outSharded && c.program != MatmulProgram::Reuse &&
                   (c.outH < c.perCoreM || c.outW < c.perCoreN));
  if (!outSharded)
    bytes += block * outTile;
  if (separate)
    bytes += block * intermTile;
  bytes += c.outW * fusedBiasTile;
  if (p.transposeA)
    bytes += in0;
  return bytes;
}

/// compute_matmul_output_shape: a's leading dimensions (b's when it has
/// more), M and N; an a whose leading dimensions are all 1 against a b of
/// the same rank takes b's (measured: 1x1x62x1984 . 2x3x1984x160 gives
/// 2x3x62x160).
llvm::Expected<std::vector<int64_t>>
outputShape(llvm::StringRef name, const Operand &a, const Operand &b) {
  size_t ra = a.shape.size(), rb = b.shape.size();
  std::vector<int64_t> out = rb > ra ? b.shape : a.shape;
  size_t diff = rb > ra ? rb - ra : 0;
  for (size_t i = 0; i < diff; ++i)
    if (b.shape[i] != 1)
      return backendError(name + ": b has more dimensions than a and its "
                                 "extra leading dimensions are not 1");
  for (size_t i = 0; i + 1 < ra; ++i)
    out[diff + i] = a.shape[i];
  out.back() = b.shape.back();
  if (ra >= 3 && rb == ra && a.batch == 1)
    for (size_t i = 0; i + 2 < ra; ++i)
      out[i] = b.shape[i];
  return out;
}

/// ttnn's batch rules (validate_on_program_cache_miss): an unbatched b is
/// broadcast over a's batch; a batched b needs a's rank and batch, but for
/// an a whose leading dimensions are all 1 with the 1-D program splitting
/// M unfused (in0 reuse).
llvm::Error checkBatches(llvm::StringRef name, const Product &p,
                         const Config &c) {
  bool bcast = p.b.batch == 1;
  if (c.program == MatmulProgram::Reuse)
    bcast = bcast && p.a.batch > 1;
  if (bcast)
    return llvm::Error::success();
  size_t ra = p.a.shape.size(), rb = p.b.shape.size();
  if (ra != rb)
    return backendError(name + ": a batched b needs a's rank (ttnn 0.81.1 "
                               "broadcasts only an unbatched b)");
  bool in0Reuse = c.program == MatmulProgram::Mcast1D && !c.fuseBatch &&
                  !c.mcastIn0 && p.a.batch == 1 && !p.a.sharded() &&
                  !p.b.sharded();
  for (size_t i = 0; i + 2 < ra; ++i)
    if (p.a.shape[i] != p.b.shape[i] && !in0Reuse)
      return backendError(name + ": batch dimensions " +
                          describeShape(llvm::ArrayRef<int64_t>(p.a.shape)
                                            .drop_back(2)) +
                          " and " +
                          describeShape(llvm::ArrayRef<int64_t>(p.b.shape)
                                            .drop_back(2)) +
                          " differ (ttnn 0.81.1 broadcasts only an "
                          "unbatched b)");
  return llvm::Error::success();
}

/// The product of `a` and `b` as the config generation sees it.
Product productOf(const Operand &a, const Operand &b, bool transposeA,
                  bool transposeB, const MatmulCall &call, uint64_t l1Used,
                  uint64_t biasTile) {
  Product p;
  p.a = a;
  p.b = b;
  p.transposeA = transposeA;
  p.transposeB = transposeB;
  p.out = call.output;
  p.mt = a.rowTiles;
  p.kt = a.colTiles;
  p.nt = b.colTiles;
  p.biasTile = biasTile;
  // ttnn.matmul's user_run_batched; linear passes false but runs the same
  // program (measured: 2x32x256 height-sharded on one core times 2x256x96
  // runs MatmulMultiCoreReuse).
  p.userRunBatched = llvm::any_of(call.b.shape.drop_back(2),
                                  [](int64_t d) { return d > 1; });
  p.l1Used = l1Used;
  p.device = &currentDevice();
  return p;
}

/// Whether linear adds the bias after the product (get_post_process_bias):
/// a bias taller than one tile row or batched (measured: a 4x1x13x418 bias
/// of an all-DRAM product is added after it), a batched b (measured: 1x372
/// with 2x3x145x372), an L1 output, or interleaved
/// operands not all in DRAM; else the bias is fused into the product.
bool biasAddedAfter(const MatmulCall &call) {
  if (!call.bias.layout)
    return false;
  llvm::ArrayRef<int64_t> shape = call.bias.shape;
  int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  int64_t batch = 1;
  for (int64_t d : shape.drop_back(std::min<size_t>(2, shape.size())))
    batch *= d;
  bool bBatched = llvm::any_of(call.b.shape.drop_back(2),
                               [](int64_t d) { return d > 1; });
  if (tilesOf(rows) != 1 || batch != 1 || bBatched || call.output.isL1())
    return true;
  if (call.a.layout.isSharded())
    return false;
  bool allDramInterleaved = !call.a.layout.isL1() &&
                            !call.b.layout.isL1() &&
                            !call.b.layout.isSharded() &&
                            !call.output.isSharded();
  return !allDramInterleaved;
}

/// The fused bias (validate_on_program_cache_miss): one tile row, no batch,
/// as wide as b.
llvm::Error checkFusedBias(llvm::StringRef name, const MatmulCall &call,
                           const Product &p) {
  llvm::ArrayRef<int64_t> shape = call.bias.shape;
  int64_t batch = 1;
  if (shape.size() > 2)
    for (int64_t d : shape.drop_back(2))
      batch *= d;
  if (batch != 1 || tilesOf(shape.back()) != p.nt ||
      shape.back() < p.b.shape.back())
    return backendError(name + ": the fused bias " + describeShape(shape) +
                        " is not one row of b's width (ttnn 0.81.1 rejects "
                        "it)");
  if (call.bias.layout.isSharded())
    return notSupportedError(name + ": a sharded bias is not modelled");
  return llvm::Error::success();
}

/// linear's last check (compute_matmul_with_bias_output_shape): the bias
/// broadcasts with the product's shape as ttnn recomputes it from the
/// operands as given and the transpose flags left after the copies (a
/// copied operand's flag is cleared, so a transposed b copied for
/// MatmulMultiCore gives K columns), and the result is reshaped to it.
llvm::Error checkBiasShape(llvm::StringRef name, const MatmulCall &call,
                           bool transposeA, bool transposeB,
                           llvm::ArrayRef<int64_t> outShape) {
  Operand a = Operand::of(call.a.shape, call.a.layout, transposeA);
  Operand b = Operand::of(call.b.shape, call.b.layout, transposeB);
  auto shape = outputShape(name, a, b);
  if (!shape)
    return shape.takeError();
  auto final = broadcastShapes(*shape, call.bias.shape);
  if (!final)
    return backendError(name + ": the bias " + describeShape(call.bias.shape) +
                        " does not broadcast with " + describeShape(*shape) +
                        ", the product's shape ttnn 0.81.1 recomputes from the "
                        "operands as given and the transposes it left to the "
                        "program");
  // The result is then reshaped to that shape: another element count fails
  // (measured: 53x96 transposed . 53x163 reshaped to 53x163, and on
  // Blackhole 1088x91 transposed . 1088x320 to 1088x320).
  auto volume = [](llvm::ArrayRef<int64_t> shape) {
    int64_t v = 1;
    for (int64_t d : shape)
      v *= d;
    return v;
  };
  if (volume(*final) < volume(outShape) &&
      (call.a.shape.size() > 2 || call.b.shape.size() > 2))
    // With batched operands a smaller view runs (measured: 2x64x448
    // transposed . 64x224, bias 1x1x224, viewed as 2x64x224) on figures not
    // derived; a larger one fails ttnn's buffer-size check, as below.
    return notSupportedError(name + ": the result's view " +
                             describeShape(*final) +
                             " after copying a transposed batched operand is "
                             "not modelled");
  if (volume(*final) != volume(outShape))
    return backendError(name + ": the result reshaped to " +
                        describeShape(*final) +
                        " (the shape ttnn 0.81.1 recomputes after copying a "
                        "transposed operand) has another element count");
  return llvm::Error::success();
}

uint64_t l1Of(const MatmulTensor &t) {
  return t.layout ? l1BytesPerBank(t.shape, t.layout) : 0;
}

/// checkLayout with ttnn's shard fit (idle cores allowed).
llvm::Error checkTensor(llvm::StringRef name, llvm::StringRef role,
                        const MatmulTensor &t) {
  return checkLayout(name, role, t.shape, t.layout, false, false,
                     /*idleCoresAllowed=*/true);
}
} // namespace

llvm::Expected<MatmulPlan> planMatmul(llvm::StringRef name,
                                      const MatmulCall &call) {
  if (llvm::Error err = checkTensor(name, "operand 0", call.a))
    return err;
  if (llvm::Error err = checkTensor(name, "operand 1", call.b))
    return err;
  if (call.a.shape.size() < 2 || call.b.shape.size() < 2)
    return notSupportedError(name + ": operands of rank < 2 (" +
                             describeShape(call.a.shape) + ", " +
                             describeShape(call.b.shape) +
                             ") are not modelled");
  if (call.bias.layout)
    if (llvm::Error err = checkTensor(name, "bias", call.bias))
      return err;
  if (call.activation && (call.a.layout.isSharded() || call.b.layout.isSharded()))
    return backendError(name + ": a sharded linear takes its activation in "
                               "the program config's fused_activation, not "
                               "as an argument (ttnn 0.81.1 rejects it)");
  Operand a = Operand::of(call.a.shape, call.a.layout, call.transposeA);
  Operand b = Operand::of(call.b.shape, call.b.layout, call.transposeB);
  int64_t k = a.shape.back(), kb = b.shape[b.shape.size() - 2];
  if (k != kb)
    return backendError(name + ": inner dimensions differ: a is " +
                        llvm::Twine(a.shape[a.shape.size() - 2]) + "x" +
                        llvm::Twine(k) + ", b is " + llvm::Twine(kb) + "x" +
                        llvm::Twine(b.shape.back()));
  auto outShape = outputShape(name, a, b);
  if (!outShape)
    return outShape.takeError();
  if (llvm::Error err = checkLayout(name, "output", *outShape, call.output,
                                    false, false,
                                    /*idleCoresAllowed=*/true))
    return err;
  if (a.layout.getDataType() == DataType::UInt32)
    return backendError(name + ": a must be floating point");
  uint64_t inputsL1 = l1Of(call.a) + l1Of(call.b) + l1Of(call.bias);
  uint64_t biasTile = call.bias.layout ? tileBytes(call.bias.layout) : 0;

  // bound_matmul: the config of the operands as given decides whether ttnn
  // transposes them first.
  Product first = productOf(a, b, call.transposeA, call.transposeB, call,
                            inputsL1, biasTile);
  auto config = generateConfig(name, first);
  if (!config)
    return config.takeError();
  MatmulPlan plan;
  Operand aRun = a, bRun = b;
  bool transposeA = call.transposeA, transposeB = call.transposeB;
  if (config->program == MatmulProgram::MultiCore &&
      (transposeA || transposeB)) {
    auto copy = [&](const MatmulTensor &t, bool transposed,
                    Operand &run) -> llvm::Error {
      if (!transposed)
        return llvm::Error::success();
      auto result = OpModel<TransposeOp>::getOpConstraints(
          t.shape, t.layout, -2, -1, t.layout);
      if (!result)
        return result.takeError();
      if (result->tensorL1PeakSize > result->outputL1BufferSize)
        return notSupportedError(name + ": a transposed " +
                                 describe(t.layout) +
                                 " operand copied through temporaries is "
                                 "not modelled");
      plan.programs.push_back(
          {0, result->cbL1PeakSize, result->outputL1BufferSize, 0});
      run = Operand::of(run.shape, t.layout, false);
      return llvm::Error::success();
    };
    if (llvm::Error err = copy(call.a, transposeA, aRun))
      return err;
    if (llvm::Error err = copy(call.b, transposeB, bRun))
      return err;
    transposeA = transposeB = false;
  }
  if (call.bias.layout)
    if (llvm::Error err =
            checkBiasShape(name, call, transposeA, transposeB, *outShape))
      return err;
  plan.fusedBias = call.bias.layout && !biasAddedAfter(call);
  // ttnn::prim::matmul: the config of the operands it runs, the bias
  // counted only when fused. An L1 copy does not lower the config's L1
  // budget (measured on Wormhole: 2x64x1760 . 2x448x1760 transposed in L1
  // runs MatmulMultiCore again, as the budget without the copy gives, where
  // the budget below it gives another program); whether ttnn generates the
  // config again or keeps MatmulMultiCore is not known, so the copies'
  // product is modelled only when both give MatmulMultiCore.
  Product p = productOf(aRun, bRun, transposeA, transposeB, call, inputsL1,
                        plan.fusedBias ? biasTile : 0);
  bool copied = !plan.programs.empty();
  config = generateConfig(name, p);
  if (!config)
    return config.takeError();
  if (copied && config->program != MatmulProgram::MultiCore)
    return notSupportedError(name + ": the product of transposed copies "
                                    "whose generated config is no longer "
                                    "MatmulMultiCore is not modelled");
  if (plan.fusedBias)
    if (llvm::Error err = checkFusedBias(name, call, p))
      return err;
  if (llvm::Error err = checkBatches(name, p, *config))
    return err;
  if (llvm::Error err = validate(name, p, *config))
    return err;
  auto output = placedOutput(name, p, *config);
  if (!output)
    return output.takeError();
  if (llvm::Error err = checkShardsFit(name, *outShape, *output))
    return err;
  if (output->isSharded() &&
      (output->getGrid()[0] > p.rows() || output->getGrid()[1] > p.cols()))
    return backendError(name + ": the output " + describe(*output) +
                        " ttnn 0.81.1 places exceeds the device's grid");

  plan.outputShape = *outShape;
  plan.batch = std::max(a.batch, b.batch);
  plan.mt = p.mt;
  plan.kt = p.kt;
  plan.nt = p.nt;
  plan.program = config->program;
  plan.output = *output;
  uint64_t cb = programCBs(p, *config, plan.fusedBias ? biasTile : 0,
                           output->isSharded());
  plan.programs.push_back(
      {0, cb, l1BytesPerBank(*outShape, *output), 0});
  return plan;
}

LayoutAttr eltwiseLayout(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  if (!layout.isSharded())
    return layout;
  Geometry g = geometry(shape);
  auto shard = layout.getShard();
  int64_t alongH = ceilDiv(g.heightTiles * kTileDim, shard[0]);
  int64_t alongW = ceilDiv(g.widthTiles * kTileDim, shard[1]);
  int64_t shards = layout.getMemoryLayout() == TensorMemoryLayout::WidthSharded
                       ? alongW
                       : alongH;
  if (layout.getMemoryLayout() == TensorMemoryLayout::BlockSharded ||
      layout.getGrid()[0] * layout.getGrid()[1] == shards)
    return layout;
  return layout.interleavedIn(layout.getPageLayout(), BufferType::L1);
}

size_t matmulRuntime(const MatmulPlan &plan, const MatmulCall &call) {
  Work work;
  addTensorTraffic(work, call.a.shape, call.a.layout);
  addTensorTraffic(work, call.b.shape, call.b.layout);
  addTensorTraffic(work, plan.outputShape, plan.output);
  work.computeCycles = kCyclesPerTileProduct * double(plan.batch) * plan.mt *
                       plan.nt * plan.kt;
  work.cores = plan.batch * plan.mt * plan.nt;
  return roofline(work);
}

} // namespace analytical

using namespace analytical;

llvm::Expected<OpConstraints> OpModel<MatmulOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, bool transposeA,
    bool transposeB, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = MatmulOp::getOperationName();
  MatmulCall call = MatmulCall::product(aShape, aLayout, bShape, bLayout,
                                        transposeA, transposeB, outputLayout);
  auto plan = planMatmul(name, call);
  if (!plan)
    return plan.takeError();
  return finishPrograms(name, plan->programs, plan->outputShape, plan->output,
                        initialState);
}

llvm::Expected<size_t> OpModel<MatmulOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, bool transposeA,
    bool transposeB, LayoutAttr outputLayout) {
  MatmulCall call = MatmulCall::product(aShape, aLayout, bShape, bLayout,
                                        transposeA, transposeB, outputLayout);
  auto plan = planMatmul(MatmulOp::getOperationName(), call);
  if (!plan)
    return plan.takeError();
  return matmulRuntime(*plan, call);
}

} // namespace mlir::ttnn::op_model
