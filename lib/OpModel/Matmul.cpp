//===- Matmul.cpp - matmul as ttnn 0.81.1 configures it -------------------===//
//
// ttnn 0.81.1 picks one of three programs for a matmul of interleaved
// operands (docs/op-model.md, "Matmul program configs"; derived from a sweep
// on the mock device): MatmulMultiCore (three 2-tile CBs), the 1-D multicast
// program (a row of per-core blocks along the longer of M and N) or the 2-D
// multicast program (a grid of per-core blocks). Which one, the per-core
// block and the K block (in0_block_w) depend on whether every tensor is in
// DRAM, on the shape in tiles and on the L1 the CBs and the L1 inputs need.
// A batch does not change the program: its CBs are those of one matrix.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "MatmulProgram.h"

#include <map>
#include <numeric>

namespace mlir::ttnn::op_model {
namespace backend {

namespace {
/// Cycles of one 32x32x32 tile product on the FPU (HiFi2).
constexpr double kCyclesPerTileProduct = 64;
/// 1-D program when the longer of M and N (tiles) is more than this many times
/// the shorter (integer ratio).
constexpr int64_t kNarrowRatio = 8;
/// Per-core block (tiles) of the 2-D program when not every tensor is in DRAM,
/// and the block it falls back to when that one does not fit.
constexpr int64_t kLargeBlock = 16, kSmallBlock = 8;
/// The 16x16 block is taken when its CBs plus the per-bank bytes of the L1
/// inputs are at most this: measured 868352 B fits, 872448 B does not.
constexpr uint64_t kLargeBlockBudget = 868352;
/// A bfp8_b output is packed from a partials CB in the intermediate format,
/// bf16 (32x32 x 2 B).
constexpr uint64_t kIntermediateTileBytes = kBf16TileBytes;

struct MatmulShape {
  std::vector<int64_t> output;
  int64_t batch, mt, nt, kt;
};

llvm::Expected<MatmulShape> matmulShape(llvm::StringRef name,
                                        llvm::ArrayRef<int64_t> aShape,
                                        llvm::ArrayRef<int64_t> bShape,
                                        bool transposeA, bool transposeB) {
  if (aShape.size() < 2 || bShape.size() < 2)
    return backendError(name + ": operands must have rank >= 2, got " +
                        describeShape(aShape) + " and " +
                        describeShape(bShape));
  size_t ra = aShape.size(), rb = bShape.size();
  int64_t m = aShape[ra - 2], ka = aShape[ra - 1];
  int64_t kb = bShape[rb - 2], n = bShape[rb - 1];
  if (transposeA)
    std::swap(m, ka);
  if (transposeB)
    std::swap(kb, n);
  if (ka != kb)
    return backendError(name + ": inner dimensions differ: a is " +
                        llvm::Twine(m) + "x" + llvm::Twine(ka) + ", b is " +
                        llvm::Twine(kb) + "x" + llvm::Twine(n));
  auto batch = broadcastShapes(aShape.drop_back(2), bShape.drop_back(2));
  if (!batch)
    return backendError(name + ": batch dimensions " +
                        describeShape(aShape.drop_back(2)) + " and " +
                        describeShape(bShape.drop_back(2)) +
                        " are not broadcast-compatible");
  MatmulShape shape;
  shape.output = *batch;
  shape.output.push_back(m);
  shape.output.push_back(n);
  shape.batch = 1;
  for (int64_t d : *batch)
    shape.batch *= d;
  shape.mt = ceilDiv(m, kTileDim);
  shape.nt = ceilDiv(n, kTileDim);
  shape.kt = ceilDiv(ka, kTileDim);
  return shape;
}

/// A program and its per-core output block and K block, in tiles.
struct MatmulConfig {
  MatmulProgram program;
  int64_t perCoreM = 0, perCoreN = 0, blockW = 0;
};

/// The 1-D multicast program: the longer side is split over every core.
MatmulConfig mcast1D(const MatmulShape &shape, int64_t cores) {
  MatmulConfig config{MatmulProgram::Mcast1D};
  bool tall = shape.mt > shape.nt;
  config.perCoreM = tall ? ceilDiv(shape.mt, cores) : shape.mt;
  config.perCoreN = tall ? shape.nt : ceilDiv(shape.nt, cores);
  config.blockW = shape.kt % 2 == 0 ? 2 : 1;
  return config;
}

/// CB bytes of a reuse program: in0 and in1 double-buffered when K takes more
/// than one block, and the output block (0.81.1 accumulates in it: no
/// partials CB for bf16 and f32 outputs).
uint64_t reuseCBBytes(const MatmulConfig &config, int64_t kt, uint64_t aTile,
                      uint64_t bTile, uint64_t outTile) {
  int64_t buffers = kt / config.blockW > 1 ? 2 : 1;
  return buffers * config.blockW *
             (config.perCoreM * aTile + config.perCoreN * bTile) +
         config.perCoreM * config.perCoreN * outTile;
}

/// The partials CB a bfp8_b output adds to a reuse program (not part of the
/// block-size budget: 0.81.1 keeps 16x16 blocks for bfp8_b outputs whose
/// CBs, partials included, are 942080 B).
uint64_t partialsCBBytes(const MatmulConfig &config, LayoutAttr outputLayout) {
  if (outputLayout.getDataType() != DataType::BFloat8B)
    return 0;
  return config.perCoreM * config.perCoreN * kIntermediateTileBytes;
}


MatmulConfig selectConfig(const MatmulShape &shape,
                          llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
                          llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
                          LayoutAttr outputLayout, uint64_t otherL1Bytes,
                          const DeviceModel &device) {
  int64_t rows = device.gridRows, cols = device.gridCols;
  int64_t longer = std::max(shape.mt, shape.nt);
  int64_t shorter = std::min(shape.mt, shape.nt);
  bool narrow = shorter > 0 && longer / shorter > kNarrowRatio;
  if (!aLayout.isL1() && !bLayout.isL1() && !outputLayout.isL1()) {
    // Every tensor in DRAM: the whole grid.
    if (narrow || shorter == 1)
      return mcast1D(shape, rows * cols);
    MatmulConfig config{MatmulProgram::Mcast2D};
    config.perCoreM = ceilDiv(shape.mt, rows);
    config.perCoreN = ceilDiv(shape.nt, cols);
    // in0_block_w is Kt / (grid columns) when they divide Kt, else 1:
    // Kt / 8 on Wormhole's 8x8, Kt / 13 on Blackhole's 13x10 (measured on
    // both mock devices).
    config.blockW = shape.kt > 0 && shape.kt % cols == 0 ? shape.kt / cols : 1;
    return config;
  }
  // Some tensor in L1: square per-core blocks, 16 tiles unless those CBs and
  // the L1 inputs exceed the budget.
  MatmulConfig large{MatmulProgram::Mcast2D, kLargeBlock, kLargeBlock,
                     shape.kt % 2 == 0 ? 2 : 1};
  uint64_t inputs = l1BytesPerBank(aShape, aLayout) +
                    l1BytesPerBank(bShape, bLayout) + otherL1Bytes;
  uint64_t largeBytes =
      reuseCBBytes(large, shape.kt, tileBytes(aLayout), tileBytes(bLayout),
                   tileBytes(outputLayout));
  int64_t block =
      largeBytes + inputs <= kLargeBlockBudget ? kLargeBlock : kSmallBlock;
  int64_t blocksM = ceilDiv(shape.mt, block);
  int64_t blocksN = ceilDiv(shape.nt, block);
  if (blocksM > 1 && blocksN > 1) {
    if (blocksM > rows || blocksN > cols)
      return {MatmulProgram::MultiCore};
    return {MatmulProgram::Mcast2D, block, block, large.blockW};
  }
  if (blocksM > 1 || blocksN > 1 || (narrow && shape.kt % 2 == 0))
    return mcast1D(shape, rows * cols);
  return {MatmulProgram::MultiCore};
}
/// The output ttnn 0.81.1 produces: with a sharded a, a sharded output is
/// the perCoreM x perCoreN block on a's grid whatever shard spec was asked
/// for (measured: a 4x4 request of 256x256 shards comes back on a
/// block-sharded a's 8x8 grid); an interleaved one is as asked.
LayoutAttr producedOutputLayout(const MatmulConfig &config,
                                const MatmulShape &shape, LayoutAttr aLayout,
                                LayoutAttr requested) {
  if (!requested.isSharded())
    return requested;
  if (!aLayout.isSharded()) {
    // Interleaved operands: a block-sharded output is the 2-D program's
    // blocks on their own grid, a height- or width-sharded one as asked.
    if (requested.getMemoryLayout() != TensorMemoryLayout::BlockSharded)
      return requested;
    int64_t grid[] = {ceilDiv(shape.mt, config.perCoreM),
                      ceilDiv(shape.nt, config.perCoreN)};
    int64_t shard[] = {config.perCoreM * kTileDim, config.perCoreN * kTileDim};
    return requested.withShards(grid, shard);
  }
  int64_t shard[] = {aLayout.getShard()[0], config.perCoreN * kTileDim};
  return requested.withShards(aLayout.getGrid(), shard);
}

/// A block-sharded a on R x C cores with b interleaved: the 2-D multicast
/// program on a's grid (MatmulMultiCoreReuseMultiCastProgramConfig) with
/// perCoreM = a's shard height, in0_block_w = its width and perCoreN = Nt / C
/// (measured on both mock devices). The output is interleaved or block
/// sharded (producedOutputLayout).
llvm::Expected<MatmulConfig>
blockShardedConfig(llvm::StringRef name, const MatmulShape &shape,
                   LayoutAttr aLayout, LayoutAttr outputLayout) {
  int64_t cols = aLayout.getGrid()[1];
  if (shape.nt % cols != 0)
    return notSupportedError(name + ": N (" + llvm::Twine(shape.nt) +
                             " tiles) does not divide over the " +
                             llvm::Twine(cols) + " columns of a's grid");
  MatmulConfig config{MatmulProgram::Mcast2D};
  config.perCoreM = ceilDiv(aLayout.getShard()[0], kTileDim);
  config.blockW = ceilDiv(aLayout.getShard()[1], kTileDim);
  config.perCoreN = shape.nt / cols;
  if (outputLayout.isSharded() &&
      outputLayout.getMemoryLayout() != TensorMemoryLayout::BlockSharded)
    return notSupportedError(name + ": a block-sharded a with a " +
                             describe(outputLayout) +
                             " output is not modelled");
  return config;
}

/// The 1-D multicast program ttnn 0.81.1 derives from a height- or
/// width-sharded a (get_matmul_program_config; docs/op-model.md, "Sharded
/// operands"): its per-core block, the output block it fits to L1 and its
/// CBs.
struct Sharded1D {
  MatmulConfig config;
  /// The output block (out_block_h x out_block_w) each core computes at a
  /// time, in tiles.
  int64_t blockH = 0, blockW = 0;
  uint64_t cbBytes = 0;
};

/// The tile sizes the block estimate uses: a's, b's, the intermediate's
/// and a fused bias's (0 without one).
struct EstimateTiles {
  uint64_t a, b, interm, bias;
};

/// get_estimated_size_of_cbs for an m x n output block and a K block of k
/// tiles: in0 and in1 double-buffered, the output and the intermediate
/// block (the output in a's format), a's shard rows (m x shard width) and
/// n bias tiles.
uint64_t estimatedCBBytes(int64_t m, int64_t n, int64_t k, int64_t shardW,
                          const EstimateTiles &tiles) {
  return 2 * m * k * tiles.a + 2 * n * k * tiles.b +
         m * n * (tiles.a + tiles.interm) + m * shardW * tiles.a +
         n * tiles.bias;
}

/// The divisors of `tiles` get_multi_dim_per_core_factor tries: the whole,
/// 1, then tiles / 2 down to 2.
llvm::SmallVector<int64_t> blockFactors(int64_t tiles) {
  llvm::SmallVector<int64_t> factors = {tiles, 1};
  for (int64_t f = tiles / 2; f > 1; --f)
    if (tiles % f == 0)
      factors.push_back(f);
  return factors;
}

/// get_multi_dim_per_core_factor with the K block fixed: the per-core block
/// if its CBs fit `space`, else, by decreasing area, the block of each area
/// closest to square (a later pair of equal squareness replaces an earlier
/// one) whose CBs fit; 1 x 1 when none does.
std::pair<int64_t, int64_t>
fitOutputBlock(int64_t perCoreM, int64_t perCoreN, int64_t k, int64_t shardW,
               const EstimateTiles &tiles, uint64_t space) {
  auto fits = [&](int64_t m, int64_t n) {
    return estimatedCBBytes(m, n, k, shardW, tiles) < space;
  };
  if (fits(perCoreM, perCoreN))
    return {perCoreM, perCoreN};
  auto ratio = [](int64_t m, int64_t n) {
    return double(std::max(m, n)) / double(std::min(m, n));
  };
  std::map<int64_t, std::pair<int64_t, int64_t>> byArea;
  for (int64_t m : blockFactors(perCoreM))
    for (int64_t n : blockFactors(perCoreN)) {
      auto [it, inserted] = byArea.try_emplace(m * n, m, n);
      if (!inserted && !(ratio(it->second.first, it->second.second) <
                         ratio(m, n)))
        it->second = {m, n};
    }
  for (auto it = byArea.rbegin(); it != byArea.rend(); ++it)
    if (fits(it->second.first, it->second.second))
      return it->second;
  return {1, 1};
}

/// A height-sharded a: perCoreM = its shard height, perCoreN = Nt and
/// in0_block_w = Kt (in1 multicast along the grid). A width-sharded a:
/// perCoreM = M, perCoreN = Nt / (a's cores) rounded up, in0_block_w =
/// gcd(shard width, Kt) (in0 multicast from its shards). The output block is
/// fitted to L1 (fitOutputBlock); with a sharded output a block narrower than
/// perCoreN is one tile row high (measured: ttnn 0.81.1 writes such blocks
/// row by row into the shard). CBs (measured on both mock devices):
///   - in0: height sharded, a's shard itself (not counted), but when the
///     block is smaller than perCoreM x perCoreN in both directions, a copy
///     of its perCoreM x Kt rows; width sharded, the block's in0 (blockH x
///     in0_block_w tiles, doubled when K takes more than one block), twice
///     when fewer blocks than a's cores have work;
///   - in1: blockW x in0_block_w tiles, doubled when K takes more than one
///     block;
///   - the output block in the output's format when interleaved; a sharded
///     output is its own CB (not counted), with an intermediate block beside
///     it when the block is smaller than the shard;
///   - a bfp8_b output whose K takes more than one block: the partials
///     block in bf16.
llvm::Expected<Sharded1D> sharded1DConfig(
    llvm::StringRef name, const MatmulShape &shape,
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, LayoutAttr outputLayout,
    uint64_t otherL1Bytes, uint64_t biasTileBytes, const DeviceModel &device) {
  bool height =
      aLayout.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  if (outputLayout.isSharded() &&
      outputLayout.getMemoryLayout() != aLayout.getMemoryLayout())
    return backendError(name + ": a " + describe(aLayout) + " with a " +
                        describe(outputLayout) +
                        " output: ttnn 0.81.1 requires the output sharded "
                        "like a");
  if (shape.batch > 1 && bShape.size() > 2 &&
      llvm::any_of(bShape.drop_back(2), [](int64_t d) { return d != 1; }))
    return notSupportedError(name + ": a batched b with a sharded a is not "
                                    "modelled");
  int64_t cores = aLayout.getGrid()[0] * aLayout.getGrid()[1];
  int64_t shardW = ceilDiv(aLayout.getShard()[1], kTileDim);
  int64_t mt = shape.batch * shape.mt;
  Sharded1D plan;
  plan.config.program = MatmulProgram::Mcast1D;
  if (height) {
    plan.config.perCoreM = ceilDiv(aLayout.getShard()[0], kTileDim);
    plan.config.perCoreN = shape.nt;
    plan.config.blockW = shape.kt;
  } else {
    plan.config.perCoreM = mt;
    plan.config.perCoreN = ceilDiv(shape.nt, cores);
    plan.config.blockW = std::gcd(shardW, shape.kt);
  }
  const MatmulConfig &config = plan.config;
  uint64_t aTile = tileBytes(aLayout), bTile = tileBytes(bLayout);
  uint64_t outTile = tileBytes(outputLayout);
  EstimateTiles tiles{aTile, bTile, std::max(kIntermediateTileBytes, outTile),
                      biasTileBytes};
  uint64_t inputs = l1BytesPerBank(aShape, aLayout) +
                    l1BytesPerBank(bShape, bLayout) + otherL1Bytes;
  // get_max_l1_space: from the allocator's base to the lowest occupied L1
  // address (the L1 inputs, allocated from the top).
  uint64_t maxL1 = device.l1AboveAllocatorBase();
  uint64_t space = maxL1 > inputs ? maxL1 - inputs : 0;
  std::tie(plan.blockH, plan.blockW) =
      fitOutputBlock(config.perCoreM, config.perCoreN, config.blockW, shardW,
                     tiles, space);
  bool sharded = outputLayout.isSharded();
  if (sharded && plan.blockW < config.perCoreN)
    plan.blockH = 1;
  bool reduced =
      plan.blockH < config.perCoreM || plan.blockW < config.perCoreN;
  int64_t kBlocks = shape.kt / config.blockW;
  int64_t buffers = kBlocks > 1 ? 2 : 1;
  uint64_t bytes = buffers * plan.blockW * config.blockW * bTile;
  if (height) {
    if (plan.blockH < config.perCoreM && plan.blockW < config.perCoreN)
      bytes += config.perCoreM * shape.kt * aTile;
  } else {
    uint64_t in0 = buffers * plan.blockH * config.blockW * aTile;
    bool idleCores = ceilDiv(shape.nt, config.perCoreN) < cores;
    bytes += (idleCores ? 2 : 1) * in0;
  }
  uint64_t block = plan.blockH * plan.blockW;
  // An interleaved output's block, or the intermediate beside a shard.
  if (!sharded || reduced)
    bytes += block * outTile;
  if (outputLayout.getDataType() == DataType::BFloat8B && kBlocks > 1)
    bytes += block * kIntermediateTileBytes;
  plan.cbBytes = bytes;
  return plan;
}

/// The output subblocks ttnn 0.81.1's get_matmul_subblock_params tries, in
/// order: the first that divides the per-core block is taken.
constexpr std::pair<int64_t, int64_t> kSubblocks[] = {
    {4, 2}, {2, 4}, {8, 1}, {1, 8}, {7, 1}, {1, 7}, {3, 2},
    {2, 3}, {6, 1}, {1, 6}, {5, 1}, {1, 5}, {2, 2}, {4, 1},
    {1, 4}, {3, 1}, {1, 3}, {2, 1}, {1, 2}, {1, 1}};

std::pair<int64_t, int64_t> outputSubblock(int64_t perCoreM,
                                           int64_t perCoreN) {
  for (auto [h, w] : kSubblocks)
    if (perCoreM % h == 0 && perCoreN % w == 0)
      return {h, w};
  return {1, 1};
}

/// An interleaved a and b with a sharded output: ttnn 0.81.1 keeps the
/// interleaved selection (selectConfig, the output counting as L1) and
/// writes the output block straight into the shard (its CB not counted).
/// Measured on both mock devices:
///   - a block-sharded output always gets the 2-D program with 16-tile
///     blocks on a ceil(Mt / 16) x ceil(Nt / 16) grid, whatever shard spec
///     was asked for (512^3 too, which an interleaved L1 output runs on
///     MatmulMultiCore); the output is 512x512 shards on that grid;
///   - a height- or width-sharded output takes the 1-D program when the
///     selection gives it and the requested shard is its per-core block
///     (pcM x N for height, M x pcN for width); ttnn rejects the product
///     when the block's first subblock is neither a full row of the block
///     nor one tile high (4096x512 . 512x512: a 2 x 16 block, subblock 2 x 4).
/// Other shard specs, a batch, and 2-D grids beyond the device's: not
/// modelled.
llvm::Expected<MatmulConfig> interleavedShardedOutputConfig(
    llvm::StringRef name, const MatmulShape &shape,
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, LayoutAttr outputLayout,
    uint64_t otherL1Bytes, const DeviceModel &device) {
  if (shape.batch > 1)
    return notSupportedError(name + ": a batched product with a sharded "
                                    "output is not modelled");
  if (outputLayout.getMemoryLayout() == TensorMemoryLayout::BlockSharded) {
    MatmulConfig config{MatmulProgram::Mcast2D, kLargeBlock, kLargeBlock,
                        shape.kt % 2 == 0 ? 2 : 1};
    uint64_t inputs = l1BytesPerBank(aShape, aLayout) +
                      l1BytesPerBank(bShape, bLayout) + otherL1Bytes;
    uint64_t bytes = reuseCBBytes(config, shape.kt, tileBytes(aLayout),
                                  tileBytes(bLayout), tileBytes(outputLayout));
    if (bytes + inputs > kLargeBlockBudget ||
        ceilDiv(shape.mt, kLargeBlock) > device.gridRows ||
        ceilDiv(shape.nt, kLargeBlock) > device.gridCols)
      return notSupportedError(name + ": a block-sharded output whose "
                                      "16-tile blocks do not fit L1 or the "
                                      "grid is not modelled");
    return config;
  }
  MatmulConfig config = selectConfig(shape, aShape, aLayout, bShape, bLayout,
                                     outputLayout, otherL1Bytes, device);
  bool height =
      outputLayout.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  int64_t block[] = {(height ? config.perCoreM : shape.mt) * kTileDim,
                     (height ? shape.nt : config.perCoreN) * kTileDim};
  auto notModelled = [&] {
    return notSupportedError(
        name + ": a " + describe(outputLayout) +
        " output of interleaved operands is modelled only as the 1-D "
        "program's per-core block (" +
        describeShape(block) + ")");
  };
  if (config.program != MatmulProgram::Mcast1D ||
      (height ? config.perCoreN != shape.nt : config.perCoreM != shape.mt))
    return notModelled();
  // The subblock check holds whatever spec was asked for (Blackhole rejects
  // 8192x256 . 256x256 to 128x256 shards, its block being 2 x 8 tiles).
  auto [h, w] = outputSubblock(config.perCoreM, config.perCoreN);
  if (w != config.perCoreN && h != 1)
    return backendError(name + ": the " + llvm::Twine(config.perCoreM) + "x" +
                        llvm::Twine(config.perCoreN) +
                        "-tile per-core block's output subblock " +
                        llvm::Twine(h) + "x" + llvm::Twine(w) +
                        " is neither a block row nor one tile high: ttnn "
                        "0.81.1 cannot write it to a sharded output");
  if (outputLayout.getShard() != llvm::ArrayRef<int64_t>(block))
    return notModelled();
  return config;
}

/// With a width-sharded b ttnn 0.81.1 keeps perCoreN at most this; wider
/// per-core blocks take MatmulMultiCore, which needs b interleaved
/// (measured on the mock Wormhole: Nt = 128 on 64 cores runs the 1-D
/// program, Nt = 192 and 256 do not).
constexpr int64_t kShardedBMaxPerCoreN = 2;

/// A sharded b with a interleaved: ttnn 0.81.1 chooses the program as for an
/// interleaved L1 b, then requires b to be what that program reads. Legal
/// only for the 1-D program splitting N (in0 multicast) with b width
/// sharded K x perCoreN on the ceil(Nt / perCoreN) cores it uses; b's shard
/// is then in1's CB itself (not counted). The output: interleaved, or width
/// sharded M x perCoreN on b's cores (its own CB).
llvm::Expected<MatmulConfig>
shardedBConfig(llvm::StringRef name, const MatmulShape &shape,
               llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
               llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
               LayoutAttr outputLayout, uint64_t otherL1Bytes,
               const DeviceModel &device) {
  auto reject = [&](const llvm::Twine &why) {
    return backendError(name + ": b is " + describe(bLayout) + ": " + why +
                        " (ttnn 0.81.1 requires an interleaved b otherwise)");
  };
  if (aLayout.isSharded())
    return reject("a is sharded too");
  if (!bLayout.isL1())
    return notSupportedError(name + ": a DRAM-sharded b (ttnn's DRAM-sharded "
                                    "program configs) is not modelled");
  if (bLayout.getMemoryLayout() != TensorMemoryLayout::WidthSharded)
    return reject("only a width-sharded b can feed the program");
  MatmulConfig config = selectConfig(shape, aShape, aLayout, bShape, bLayout,
                                     outputLayout, otherL1Bytes, device);
  if (config.program != MatmulProgram::Mcast1D || config.perCoreM != shape.mt)
    return reject("the program chosen is not the 1-D program splitting N");
  if (config.perCoreN > kShardedBMaxPerCoreN)
    return reject("a per-core block of " + llvm::Twine(config.perCoreN) +
                  " tiles of N runs MatmulMultiCore");
  int64_t cores = ceilDiv(shape.nt, config.perCoreN);
  int64_t shard[] = {shape.kt * kTileDim, config.perCoreN * kTileDim};
  auto grid = bLayout.getGrid();
  if (bLayout.getShard() != llvm::ArrayRef<int64_t>(shard) ||
      grid[0] * grid[1] != cores)
    return reject("the 1-D program reads " + describeShape(shard) +
                  " shards on " + llvm::Twine(cores) + " cores");
  if (outputLayout.isSharded()) {
    int64_t out[] = {shape.mt * kTileDim, config.perCoreN * kTileDim};
    if (outputLayout.getMemoryLayout() != TensorMemoryLayout::WidthSharded ||
        outputLayout.getShard() != llvm::ArrayRef<int64_t>(out) ||
        outputLayout.getGrid() != grid)
      return notSupportedError(name + ": with a sharded b, a sharded output "
                                      "is modelled only width sharded " +
                               describeShape(out) + " on b's grid");
  }
  return config;
}

/// A sharded operand or output: ttnn 0.81.1 derives the program from a's
/// shard spec (get_matmul_program_config). Modelled: a block-, height- or
/// width-sharded a with b interleaved, interleaved operands with a sharded
/// output, and a width-sharded b (shardedBConfig); transposed operands are
/// not.
llvm::Error checkShardedOperands(llvm::StringRef name, LayoutAttr aLayout,
                                 LayoutAttr bLayout, bool transposeA,
                                 bool transposeB) {
  if (transposeA || transposeB)
    return notSupportedError(name + ": a transposed operand of a "
                                    "sharded matmul is not modelled");
  if (aLayout.isSharded() && aLayout.getGrid()[0] * aLayout.getGrid()[1] < 2)
    return notSupportedError(name + ": a sharded a on one core is not "
                                    "modelled");
  return llvm::Error::success();
}
} // namespace

llvm::Expected<MatmulPlan>
planMatmul(llvm::StringRef name, llvm::ArrayRef<int64_t> aShape,
           LayoutAttr aLayout, llvm::ArrayRef<int64_t> bShape,
           LayoutAttr bLayout, bool transposeA, bool transposeB,
           LayoutAttr outputLayout, uint64_t otherL1Bytes,
           uint64_t biasTileBytes) {
  if (llvm::Error err = checkLayout(name, "operand 0", aShape, aLayout))
    return err;
  if (llvm::Error err = checkLayout(name, "operand 1", bShape, bLayout))
    return err;
  auto shape = matmulShape(name, aShape, bShape, transposeA, transposeB);
  if (!shape)
    return shape.takeError();
  if (llvm::Error err = checkLayout(name, "output", shape->output, outputLayout))
    return err;
  MatmulPlan plan;
  if (aLayout.isSharded() || bLayout.isSharded() || outputLayout.isSharded()) {
    if (llvm::Error err = checkShardedOperands(name, aLayout, bLayout,
                                               transposeA, transposeB))
      return err;
    MatmulConfig config;
    if (bLayout.isSharded()) {
      auto own = shardedBConfig(name, *shape, aShape, aLayout, bShape, bLayout,
                                outputLayout, otherL1Bytes, currentDevice());
      if (!own)
        return own.takeError();
      config = *own;
      // in0 streams; b's shard is in1's CB and a sharded output its own.
      int64_t buffers = shape->kt / config.blockW > 1 ? 2 : 1;
      plan.cbBytes =
          buffers * config.blockW * config.perCoreM * tileBytes(aLayout) +
          (outputLayout.isSharded() ? 0
                                    : config.perCoreM * config.perCoreN *
                                          tileBytes(outputLayout)) +
          partialsCBBytes(config, outputLayout);
      plan.biasTiles = config.perCoreN;
    } else if (!aLayout.isSharded()) {
      auto own = interleavedShardedOutputConfig(
          name, *shape, aShape, aLayout, bShape, bLayout, outputLayout,
          otherL1Bytes, currentDevice());
      if (!own)
        return own.takeError();
      config = *own;
      plan.cbBytes = reuseCBBytes(config, shape->kt, tileBytes(aLayout),
                                  tileBytes(bLayout), 0) +
                     partialsCBBytes(config, outputLayout);
      plan.biasTiles = config.perCoreN;
    } else if (aLayout.getMemoryLayout() == TensorMemoryLayout::BlockSharded) {
      auto block = blockShardedConfig(name, *shape, aLayout, outputLayout);
      if (!block)
        return block.takeError();
      config = *block;
      // in0 and in1 stream through their blocks; the a shard and a sharded
      // output are their own CBs (globally allocated, not counted).
      plan.cbBytes =
          reuseCBBytes(config, shape->kt, tileBytes(aLayout),
                       tileBytes(bLayout),
                       outputLayout.isSharded() ? 0 : tileBytes(outputLayout)) +
          partialsCBBytes(config, outputLayout);
      plan.biasTiles = config.perCoreN;
    } else {
      auto oneD = sharded1DConfig(name, *shape, aShape, aLayout, bShape,
                                  bLayout, outputLayout, otherL1Bytes,
                                  biasTileBytes, currentDevice());
      if (!oneD)
        return oneD.takeError();
      config = oneD->config;
      plan.cbBytes = oneD->cbBytes;
      plan.biasTiles = oneD->blockW;
    }
    plan.outputShape = shape->output;
    plan.batch = shape->batch;
    plan.mt = shape->mt;
    plan.nt = shape->nt;
    plan.kt = shape->kt;
    plan.program = config.program;
    plan.perCoreM = config.perCoreM;
    plan.perCoreN = config.perCoreN;
    plan.blockW = config.blockW;
    plan.output = producedOutputLayout(config, *shape, aLayout, outputLayout);
    if (llvm::Error err =
            checkLayout(name, "output", shape->output, plan.output))
      return err;
    return plan;
  }
  MatmulConfig config =
      selectConfig(*shape, aShape, aLayout, bShape, bLayout, outputLayout,
                   otherL1Bytes, currentDevice());
  plan.outputShape = shape->output;
  plan.batch = shape->batch;
  plan.mt = shape->mt;
  plan.nt = shape->nt;
  plan.kt = shape->kt;
  plan.program = config.program;
  plan.perCoreM = config.perCoreM;
  plan.perCoreN = config.perCoreN;
  plan.blockW = config.blockW;
  plan.biasTiles = config.perCoreN;
  plan.output = outputLayout;
  if (config.program == MatmulProgram::MultiCore)
    plan.cbBytes = 2 * (tileBytes(aLayout) + tileBytes(bLayout) +
                        tileBytes(outputLayout));
  else
    plan.cbBytes =
        reuseCBBytes(config, shape->kt, tileBytes(aLayout), tileBytes(bLayout),
                     tileBytes(outputLayout)) +
        partialsCBBytes(config, outputLayout);
  return plan;
}

size_t matmulRuntime(const MatmulPlan &plan, llvm::ArrayRef<int64_t> aShape,
                     LayoutAttr aLayout, llvm::ArrayRef<int64_t> bShape,
                     LayoutAttr bLayout, LayoutAttr outputLayout) {
  Work work;
  addTensorTraffic(work, aShape, aLayout);
  addTensorTraffic(work, bShape, bLayout);
  addTensorTraffic(work, plan.outputShape, outputLayout);
  work.computeCycles = kCyclesPerTileProduct * double(plan.batch) * plan.mt *
                       plan.nt * plan.kt;
  work.cores = plan.batch * plan.mt * plan.nt;
  return roofline(work);
}

} // namespace backend

using namespace backend;

llvm::Expected<OpConstraints> OpModel<MatmulOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, bool transposeA,
    bool transposeB, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  llvm::StringRef name = MatmulOp::getOperationName();
  auto plan = planMatmul(name, aShape, aLayout, bShape, bLayout, transposeA,
                         transposeB, outputLayout);
  if (!plan)
    return plan.takeError();
  return finishOneOutput(name, plan->cbBytes, plan->outputShape, plan->output,
                         initialState);
}

llvm::Expected<size_t> OpModel<MatmulOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout, bool transposeA,
    bool transposeB, LayoutAttr outputLayout) {
  auto plan = planMatmul(MatmulOp::getOperationName(), aShape, aLayout, bShape,
                         bLayout, transposeA, transposeB, outputLayout);
  if (!plan)
    return plan.takeError();
  return matmulRuntime(*plan, aShape, aLayout, bShape, bLayout, plan->output);
}

} // namespace mlir::ttnn::op_model
