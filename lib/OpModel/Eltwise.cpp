//===- Eltwise.cpp - unary, binary and ternary eltwise families -----------===//
//
// ttnn 0.81.1's eltwise programs (UnaryDeviceOperation, binary_ng,
// TernaryDeviceOperation, UnaryBackwardDeviceOperation) stream tiles through
// double-buffered circular buffers, one 2-page CB per tensor in its own
// format, reading and writing any placement (interleaved or sharded, even or
// not) through tensor accessors. Each also has a native sharded path on
// which a sharded tensor's CB is its shard (0 B of CBs): the conditions that
// select it differ per program and are modelled below, each from the
// program's selection logic (unary_device_operation, binary_ng_utils'
// is_native_L1_sharding, ternary_op_utils) and measured on both mock devices
// (docs/op-model.md, "Eltwise programs on shards").
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

#include <numeric>
#include <type_traits>

namespace mlir::ttnn::op_model {
using namespace analytical;

//===----------------------------------------------------------------------===//
// The programs' buffers (EltwiseProgram.h)
//===----------------------------------------------------------------------===//

namespace analytical {
namespace {
/// A 2-page streaming CB of `layout`'s tiles; row-major tensors stream
/// tile-sized pages too (measured: relu of 2x8192 row-major bf16, 4096 B a
/// CB).
uint64_t streamPages(LayoutAttr layout) {
  return kEltwisePages * tileBytes(layout);
}

/// One memory config in ttnn's sense: the same buffer type and, when
/// sharded, the same memory layout, grid and shard.
bool sameMemoryConfig(LayoutAttr a, LayoutAttr b) {
  return a.getBufferType() == b.getBufferType() && shardedAlike(a, b);
}

/// The last two logical dimensions (height, width) as binary_ng and the
/// ternary program read them; a missing one is 1.
std::pair<int64_t, int64_t> heightWidth(llvm::ArrayRef<int64_t> shape) {
  int64_t width = shape.empty() ? 1 : shape.back();
  int64_t height = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  return {height, width};
}
} // namespace

bool aliasableShard(LayoutAttr layout) {
  if (!layout.isRowMajor())
    return true;
  llvm::ArrayRef<int64_t> shard = layout.getShard();
  uint64_t row = shard[1] * elementBytes(layout);
  return row % currentDevice().l1Alignment == 0 &&
         (shard[0] * row) % tileBytes(layout) == 0;
}

uint64_t unaryProgramCBBytes(EltwiseTensor in, LayoutAttr out) {
  bool native = in.layout.isSharded() && shardedAlike(in.layout, out) &&
                !unevenShards(in.shape, in.layout) &&
                aliasableShard(in.layout);
  return native ? 0 : streamPages(in.layout) + streamPages(out);
}

/// binary_ng's subtile broadcast (get_subtile_broadcast_type): which operand
/// is broadcast within the last two dimensions, and how.
enum class SubtileBroadcast {
  None,
  ScalarA,
  ScalarB,
  RowA,
  RowB,
  ColA,
  ColB,
  RowAColB,
  RowBColA
};

static SubtileBroadcast subtileBroadcast(llvm::ArrayRef<int64_t> a,
                                         llvm::ArrayRef<int64_t> b) {
  auto [ah, aw] = heightWidth(a);
  auto [bh, bw] = heightWidth(b);
  if (ah == bh && aw == bw)
    return SubtileBroadcast::None;
  if (ah == 1 && aw == 1)
    return SubtileBroadcast::ScalarA;
  if (bh == 1 && bw == 1)
    return SubtileBroadcast::ScalarB;
  if (ah == 1 && bw == 1)
    return SubtileBroadcast::RowAColB;
  if (aw == 1 && bh == 1)
    return SubtileBroadcast::RowBColA;
  if (ah == 1)
    return SubtileBroadcast::RowA;
  if (aw == 1)
    return SubtileBroadcast::ColA;
  if (bh == 1)
    return SubtileBroadcast::RowB;
  return SubtileBroadcast::ColB;
}

/// The operand whose tiles a broadcast replicates through one more 2-page
/// CB, or nullptr (no broadcast within the tiles; batch broadcasting adds
/// none). ttnn 0.81.1 adds it for every subtile broadcast, in that
/// operand's format: the broadcast one, the row one of a row-column pair
/// (measured with mixed bf16 / f32 operands on both devices).
static const EltwiseTensor *broadcastOperand(SubtileBroadcast broadcast,
                                             const EltwiseTensor &a,
                                             const EltwiseTensor &b) {
  switch (broadcast) {
  case SubtileBroadcast::None:
    return nullptr;
  case SubtileBroadcast::ScalarA:
  case SubtileBroadcast::RowA:
  case SubtileBroadcast::ColA:
  case SubtileBroadcast::RowAColB:
    return &a;
  case SubtileBroadcast::ScalarB:
  case SubtileBroadcast::RowB:
  case SubtileBroadcast::ColB:
  case SubtileBroadcast::RowBColA:
    return &b;
  }
  llvm_unreachable("unknown subtile broadcast");
}

/// Which tensors binary_ng's native sharded path aliases (their CB is the
/// shard); none when it streams everything.
struct NativeTensors {
  bool a = false, b = false, out = false;
};

/// ttnn 0.81.1's is_native_L1_sharding for binary_ng, as measured on both
/// mock devices (its source is not in the wheel):
/// - operands of one shape and one memory config, in L1 (interleaved or
///   sharded on the output's grid), into a sharded output: native, unless an
///   operand or the output is unevenly sharded (then only when all three
///   have one grid and shard);
/// - a height-sharded `a` (even) into an output sharded like it, with an
///   interleaved `b` broadcast along the width (a column or a scalar):
///   native for `a` and the output;
/// - anything else streams every tensor (a row broadcast, mixed placements,
///   DRAM operands, outputs on another grid).
static NativeTensors binaryNativeTensors(const EltwiseTensor &a,
                                         const EltwiseTensor &b,
                                         const EltwiseTensor &out,
                                         SubtileBroadcast broadcast) {
  if (!out.layout.isSharded())
    return {};
  bool aSharded = a.layout.isSharded(), bSharded = b.layout.isSharded();
  if (a.shape == b.shape && sameMemoryConfig(a.layout, b.layout) &&
      a.layout.isL1() && (!aSharded || sameShardGrid(a.layout, out.layout))) {
    // One shard spec (grid and shard), whatever the memory layouts: block
    // shards on one grid column (row) and height (width) shards alike run
    // natively when uneven too (measured on both devices: 971x30 in 3x1
    // shards of 352x32, 64x300 in 1x3 of 64x128, both ways, bf16 / f32;
    // stress draw seed 144506094 #87).
    bool allAlike = aSharded && out.layout.isSharded() &&
                    a.layout.getGrid() == out.layout.getGrid() &&
                    a.layout.getShard() == out.layout.getShard();
    bool even = !unevenShards(a.shape, a.layout) &&
                !unevenShards(out.shape, out.layout);
    if (allAlike || even)
      return {aSharded, bSharded, true};
    return {};
  }
  // Here too the output needs `a`'s shard spec, not its memory layout:
  // height shards into a width shard on a 1x1 grid or block shards on one
  // grid column of the same shard run natively (measured on both devices:
  // 59x64 f32 + a column into a 64x64 width shard, fresh stress draw seed
  // 706257795 binary #40; 64x64 in 2x1 height shards into block shards, a
  // column or a scalar), block or width shards as `a` do not.
  bool widthBroadcast = broadcast == SubtileBroadcast::ColB ||
                        broadcast == SubtileBroadcast::ScalarB;
  if (widthBroadcast && !bSharded &&
      a.layout.getMemoryLayout() == TensorMemoryLayout::HeightSharded &&
      a.layout.getGrid() == out.layout.getGrid() &&
      a.layout.getShard() == out.layout.getShard() &&
      !unevenShards(a.shape, a.layout))
    return {true, false, true};
  return {};
}

uint64_t binaryProgramCBBytes(EltwiseTensor a, EltwiseTensor b,
                              EltwiseTensor out) {
  SubtileBroadcast broadcast = subtileBroadcast(a.shape, b.shape);
  NativeTensors native = binaryNativeTensors(a, b, out, broadcast);
  uint64_t bytes = (native.a ? 0 : streamPages(a.layout)) +
                   (native.b ? 0 : streamPages(b.layout)) +
                   (native.out ? 0 : streamPages(out.layout));
  if (const EltwiseTensor *operand = broadcastOperand(broadcast, a, b))
    bytes += streamPages(operand->layout);
  return bytes;
}

llvm::Error checkResultDataType(llvm::StringRef opName, LayoutAttr out,
                                LayoutAttr source) {
  if (out.getDataType() == source.getDataType())
    return llvm::Error::success();
  return notSupportedError(opName + ": the output is " + describe(out) +
                           " but ttnn writes it in " +
                           stringifyDataType(source.getDataType()) +
                           " (cast it with ttnn.typecast)");
}

bool scalarBinaryIsNative(EltwiseTensor a, LayoutAttr out) {
  return a.layout.isSharded() && shardedAlike(a.layout, out) &&
         !unevenShards(a.shape, a.layout);
}
} // namespace analytical

namespace {
/// Per-op facts of a unary eltwise program.
struct UnaryInfo {
  /// SFPU cycles per tile (roofline compute).
  double cyclesPerTile;
};

// ttnn 0.81.1 runs every one of them with an input and an output CB only
// (cbrt too: the late-2025 hardware reference's row 5 had a third CB for
// |x|; the pinned ttnn wins, docs/op-model.md, Calibration), activations and
// pow with a scalar exponent included.
template <typename OpTy>
constexpr UnaryInfo unaryInfo();
template <> constexpr UnaryInfo unaryInfo<ReluOp>() { return {32}; }
template <> constexpr UnaryInfo unaryInfo<NegOp>() { return {32}; }
template <> constexpr UnaryInfo unaryInfo<AbsOp>() { return {32}; }
template <> constexpr UnaryInfo unaryInfo<SqrtOp>() { return {128}; }
template <> constexpr UnaryInfo unaryInfo<RsqrtOp>() { return {128}; }
template <> constexpr UnaryInfo unaryInfo<ExpOp>() { return {128}; }
template <> constexpr UnaryInfo unaryInfo<TanhOp>() { return {128}; }
// cbrt = sign(x) * exp(log(|x|) / 3).
template <> constexpr UnaryInfo unaryInfo<CbrtOp>() { return {384}; }
template <> constexpr UnaryInfo unaryInfo<GeluOp>() { return {128}; }
template <> constexpr UnaryInfo unaryInfo<SiluOp>() { return {128}; }
template <> constexpr UnaryInfo unaryInfo<SigmoidOp>() { return {128}; }
template <> constexpr UnaryInfo unaryInfo<PowScalarOp>() { return {128}; }

/// Binary eltwise runs on the FPU: one tile op per output tile.
constexpr double kBinaryCyclesPerTile = kFpuCyclesPerTile;
/// where = two FPU passes (select via multiply-add).
constexpr double kTernaryCyclesPerTile = 64;

/// binary_ng ops whose kernels take operands of one data type only (ttnn
/// 0.81.1's is_dtype_combination_supported; add, subtract and multiply take
/// any pair: measured).
template <typename OpTy>
constexpr bool kOneOperandType =
    std::is_same_v<OpTy, MaximumOp> || std::is_same_v<OpTy, MinimumOp> ||
    std::is_same_v<OpTy, PowTensorOp>;

/// The operands' and result's layouts: checked shapes and layouts, the
/// result's page layout the operands' (ttnn keeps the input's; a differing
/// one would misstate the result), and a row-major tensor only where
/// `rowMajorAllowed` is true.
llvm::Error checkOperands(llvm::StringRef opName,
                          llvm::ArrayRef<EltwiseTensor> operands,
                          bool rowMajorAllowed) {
  for (auto [index, operand] : llvm::enumerate(operands))
    if (llvm::Error err = checkLayoutAllowingIdleCores(
            opName, "operand " + std::to_string(index), operand.shape,
            operand.layout, rowMajorAllowed))
      return err;
  return llvm::Error::success();
}

/// `tensor`'s shape with its rows padded to whole shards where ttnn pads
/// them (rowsPaddedToShards), else as it is.
std::vector<int64_t> shardPaddedShape(const EltwiseTensor &tensor) {
  std::vector<int64_t> shape(tensor.shape.begin(), tensor.shape.end());
  if (rowsPaddedToShards(shape, tensor.layout))
    shape.back() = llvm::alignTo(shape.back(), tensor.layout.getShard()[1]);
  return shape;
}

/// Whether a program keeps the padding of a row-major operand whose rows
/// are padded to whole shards (shardPaddedShape) in its result.
enum class ShardPadding {
  /// Measured and modelled by the caller (the unary program's result has
  /// the padded rows; the ternary program's shards are even by them).
  Modelled,
  /// The program does not read the operand's rows (a host fill, a copy).
  Ignored,
  /// Not measured: not_implemented.
  NotModelled,
};

llvm::Error checkEltwiseTensors(llvm::StringRef opName,
                                llvm::ArrayRef<EltwiseTensor> operands,
                                EltwiseTensor out, bool rowMajorAllowed,
                                ShardPadding padding = ShardPadding::NotModelled) {
  if (llvm::Error err = checkOperands(opName, operands, rowMajorAllowed))
    return err;
  if (llvm::Error err = checkLayoutAllowingIdleCores(
          opName, "output", out.shape, out.layout, rowMajorAllowed))
    return err;
  // A row-major tensor in width or block shards that do not divide its rows
  // is padded to whole shards, and the unary program's result keeps that
  // padding (measured: sigmoid of 672x512 f32 from 25-wide shards writes
  // 525-wide rows into L1 interleaved memory); the binary and ternary
  // programs tilize such operands first: not measured.
  if (padding == ShardPadding::NotModelled)
    for (const EltwiseTensor &operand : operands)
      if (rowsPaddedToShards(operand.shape, operand.layout))
        return notSupportedError(opName + ": the row-major operand " +
                                 describe(operand.layout) + " pads its " +
                                 llvm::Twine(operand.shape.back()) +
                                 "-element rows to whole shards, which the "
                                 "result keeps: not modelled");
  for (const EltwiseTensor &operand : operands)
    if (operand.layout.getPageLayout() != out.layout.getPageLayout())
      return notSupportedError(
          opName + ": the output is " + describe(out.layout) +
          " but an operand is " + describe(operand.layout) +
          ": ttnn writes the result in its input's page layout (convert with "
          "ttnn.to_layout)");
  return llvm::Error::success();
}

/// The numpy broadcast of the operands' shapes, or a backend error.
llvm::Expected<std::vector<int64_t>>
broadcastShape(llvm::StringRef opName, llvm::ArrayRef<EltwiseTensor> operands) {
  std::vector<int64_t> shape(operands[0].shape.begin(),
                             operands[0].shape.end());
  for (const EltwiseTensor &operand : operands.drop_front()) {
    auto broadcast = broadcastShapes(shape, operand.shape);
    if (!broadcast)
      return backendError(opName + ": operand shapes " +
                          describeShape(operands[0].shape) + " and " +
                          describeShape(operand.shape) +
                          " are not broadcast-compatible");
    shape = std::move(*broadcast);
  }
  return shape;
}

/// The operands checked first (a dynamic or oversized operand is reported as
/// such, not as a broadcast mismatch), then their broadcast shape and the
/// output as checkEltwiseTensors does.
llvm::Expected<std::vector<int64_t>>
checkedBroadcast(llvm::StringRef opName, llvm::ArrayRef<EltwiseTensor> operands,
                 LayoutAttr outLayout, bool rowMajorAllowed,
                 ShardPadding padding = ShardPadding::NotModelled) {
  if (llvm::Error err = checkOperands(opName, operands, rowMajorAllowed))
    return err;
  auto shape = broadcastShape(opName, operands);
  if (!shape)
    return shape.takeError();
  if (llvm::Error err = checkEltwiseTensors(
          opName, operands, {*shape, outLayout}, rowMajorAllowed, padding))
    return err;
  return shape;
}

llvm::Expected<size_t>
eltwiseRuntime(llvm::Expected<OpConstraints> constraints,
               llvm::ArrayRef<EltwiseTensor> operands, LayoutAttr outLayout,
               double cyclesPerTile) {
  if (!constraints)
    return constraints.takeError();
  // The output has the broadcast shape; its tile count bounds the work.
  Work work;
  int64_t outTiles = 0;
  for (const EltwiseTensor &operand : operands) {
    addTensorTraffic(work, operand.shape, operand.layout);
    outTiles = std::max(outTiles, geometry(operand.shape).tiles());
  }
  work.dramBytes +=
      outLayout.isL1() ? 0 : double(outTiles) * tileBytes(outLayout);
  work.nocBytes += outLayout.isL1() && !outLayout.isSharded()
                       ? double(outTiles) * tileBytes(outLayout)
                       : 0;
  work.computeCycles = cyclesPerTile * outTiles;
  work.cores = outTiles;
  return roofline(work);
}

//===----------------------------------------------------------------------===//
// gelu_bw: ttnn 0.81.1's UnaryBackwardDeviceOperation
//===----------------------------------------------------------------------===//

/// One program reading grad and input and writing the output: its sharded
/// path (every CB the shard) when grad and input are evenly sharded like the
/// output on every core of its grid, else a 2-page CB per tensor in its own
/// format (measured on both devices; shards leaving cores idle stream:
/// 896 and 64x896 in 14 of 16 width shards, 448x64 in 14 of 16 height
/// shards; grad and input may differ in data type, the result takes the
/// input's; ttnn TT_FATALs on operands of two shapes).
llvm::Expected<OpConstraints>
unaryBackward(llvm::StringRef name, EltwiseTensor grad, EltwiseTensor input,
              LayoutAttr outLayout, const MockAllocatorState *initialState) {
  EltwiseTensor out{input.shape, outLayout};
  if (llvm::Error err =
          checkEltwiseTensors(name, {grad, input}, out, false))
    return err;
  if (grad.shape != input.shape)
    return backendError(name + ": grad " + describeShape(grad.shape) +
                        " and input " + describeShape(input.shape) +
                        " must have one shape (ttnn does not broadcast here)");
  if (llvm::Error err = checkResultDataType(name, outLayout, input.layout))
    return err;
  bool native = shardedAlike(grad.layout, outLayout) &&
                shardedAlike(input.layout, outLayout) &&
                outLayout.isSharded() && !unevenShards(input.shape, outLayout) &&
                !leavesCoresIdle(input.shape, outLayout);
  uint64_t cbBytes = native ? 0
                            : streamPages(grad.layout) +
                                  streamPages(input.layout) +
                                  streamPages(outLayout);
  return finishOneOutput(name, cbBytes, input.shape, outLayout, initialState);
}
} // namespace

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

template <typename OpTy>
llvm::Expected<OpConstraints> UnaryEltwiseOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  EltwiseTensor in{inputShape, inputLayout};
  if (llvm::Error err =
          checkEltwiseTensors(name, {in}, {inputShape, outputLayout},
                              /*rowMajorAllowed=*/true, ShardPadding::Modelled))
    return err;
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  // A row-major rank-1 tensor from shards into shards: ttnn 0.81.1
  // TT_FATALs ("rank >= 2", eltwise/unary/common/unary_utils.cpp:30; measured
  // for relu, neg, abs, exp, gelu, silu and sigmoid: tiled shards, and shards
  // to or from interleaved memory, run).
  if (inputShape.size() < 2 && inputLayout.isRowMajor() &&
      inputLayout.isSharded() && outputLayout.isSharded())
    return backendError(name + ": a row-major rank-1 tensor from shards into "
                               "shards (ttnn needs rank >= 2 there)");
  // Rows padded to whole shards (shardPaddedShape) are what the program
  // reads and writes: they decide whether the shards are even (96x120 in
  // 16-wide shards like its output runs on the shards, 0 B of CBs) and the
  // result's rows (8 columns more of 120 in L1 interleaved memory; measured
  // on both devices for relu, exp, abs, sqrt, cbrt, rsqrt, neg, gelu, silu,
  // sigmoid and x ** 2, bf16 and f32, width and block shards, into DRAM, L1
  // and shards, whose allocation is their shard either way).
  std::vector<int64_t> paddedShape = shardPaddedShape(in);
  EltwiseTensor padded{paddedShape, inputLayout};
  return finishOneOutput(name, unaryProgramCBBytes(padded, outputLayout),
                         paddedShape, outputLayout, initialState);
}

template <typename OpTy>
llvm::Expected<size_t> UnaryEltwiseOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout) {
  return eltwiseRuntime(getOpConstraints(inputShape, inputLayout, outputLayout),
                        {{inputShape, inputLayout}}, outputLayout,
                        unaryInfo<OpTy>().cyclesPerTile);
}

namespace {
/// ttnn's copy of a row-major tensor (x ** 1; CopyDeviceOperation). Between
/// one memory config on both sides (interleaved alike, or shards alike) 2
/// pages aligned to the output buffer, a page a row (a shard's row between
/// shards alike), and a page of scratchpad to realign between buffers of
/// other alignments (measured on both devices: 77 bf16 columns 2 x 160 B
/// from L1 to L1, 154 B more from DRAM to L1; 64-column width shards 2 x
/// 128 B). To or from shards otherwise, its DefaultRowMajor program
/// (copy_default_row_major_program_factory.cpp): an input CB of one input
/// buffer page (graph capture's scratchpad; a width or block shard's row, a
/// whole row else) and a 2-page CB of output pages aligned to the output
/// buffer, each capped at MAX_SUBBLOCK_SIZE_BYTES (256 KiB). Its parallel
/// branch (a unit common to both pages, aligned to both buffers: 2 pages of
/// that unit, no input CB; measured 1000-element L1 rows into 128-wide
/// block shards, and on Blackhole 32-wide width into 48-wide block shards)
/// cannot run when the pages' common divisor is not a whole L1 alignment
/// unit, and did not run on pages of one size: the model answers those
/// (measured on both devices, 20 cases: height, width and block shards to
/// and from DRAM, L1 and each other, bf16 / f32, 5- to 200000-element rows;
/// fresh stress draw seed 51501481 pow #29 and #42); other pages: nullopt.
std::optional<ProgramStep> rowMajorCopy(llvm::ArrayRef<int64_t> shape,
                                        LayoutAttr in, LayoutAttr out) {
  constexpr uint64_t kPages = 2;
  constexpr uint64_t kMaxSubblockBytes = 65536 * 4;
  uint64_t row = uint64_t(shape.empty() ? 1 : shape.back()) * elementBytes(in);
  uint64_t alignment = bufferAlignment(out);
  ProgramStep copy;
  copy.allocatedL1 = l1BytesPerBank(shape, out);
  bool alike = in.isSharded() && in == out;
  if (!in.isSharded() && !out.isSharded()) {
    copy.dataflowBytes = kPages * llvm::alignTo(row, alignment);
    copy.scratchpadBytes = bufferAlignment(in) != alignment ? row : 0;
    return copy;
  }
  if (alike) {
    uint64_t page = uint64_t(in.getShard()[1]) * elementBytes(in);
    copy.dataflowBytes = kPages * llvm::alignTo(page, alignment);
    return copy;
  }
  // A page is a shard's row for width and block shards, else a whole row.
  auto pageBytes = [&](LayoutAttr layout) {
    bool splitsRows =
        layout.isSharded() &&
        layout.getMemoryLayout() != TensorMemoryLayout::HeightSharded;
    return splitsRows ? uint64_t(layout.getShard()[1]) * elementBytes(layout)
                      : row;
  };
  uint64_t inPage = pageBytes(in), outPage = pageBytes(out);
  if (inPage != outPage &&
      std::gcd(inPage, outPage) % currentDevice().l1Alignment == 0)
    return std::nullopt;
  copy.dataflowBytes =
      kPages * std::min(llvm::alignTo(outPage, alignment), kMaxSubblockBytes);
  copy.scratchpadBytes = std::min(inPage, kMaxSubblockBytes);
  return copy;
}
} // namespace

/// ttnn 0.81.1 answers x ** 1 with ttnn's copy (CopyDeviceOperation): one
/// 2-page CB of the input's tiles, whatever the placement (sharded ones too;
/// measured on both devices), or its row-major copy (rowMajorCopy). A
/// row-major x ** 0 is a tensor of ones written from the host: the output
/// is allocated, no program runs (measured on both devices, interleaved and
/// sharded; a tiled x ** 0 runs the unary program).
llvm::Expected<OpConstraints> OpModel<PowScalarOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    PowExponent exponent, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  bool filled = exponent == PowExponent::Zero && inputLayout.isRowMajor();
  if (exponent != PowExponent::One && !filled)
    return UnaryEltwiseOpModel<PowScalarOp>::getOpConstraints(
        inputShape, inputLayout, outputLayout, initialState);
  llvm::StringRef name = PowScalarOp::getOperationName();
  // Neither the host fill nor the copy keeps rows padded to whole shards
  // (measured: x ** 0 and x ** 1 of 2x4x86x79 in 14-wide block shards).
  if (llvm::Error err = checkEltwiseTensors(
          name, {{inputShape, inputLayout}}, {inputShape, outputLayout},
          /*rowMajorAllowed=*/true, ShardPadding::Ignored))
    return err;
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  if (filled || !inputLayout.isRowMajor())
    return finishOneOutput(name, filled ? 0 : streamPages(inputLayout),
                           inputShape, outputLayout, initialState);
  std::optional<ProgramStep> copy =
      rowMajorCopy(inputShape, inputLayout, outputLayout);
  if (!copy)
    return notSupportedError(name + ": ttnn's row-major copy (x ** 1) from " +
                             describe(inputLayout) + " to " +
                             describe(outputLayout) + " is not modelled");
  return finishPrograms(name, {*copy}, inputShape, outputLayout,
                        initialState);
}

llvm::Expected<size_t> OpModel<PowScalarOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    PowExponent exponent, LayoutAttr outputLayout) {
  return eltwiseRuntime(
      getOpConstraints(inputShape, inputLayout, exponent, outputLayout),
      {{inputShape, inputLayout}}, outputLayout,
      exponent == PowExponent::One ||
              (exponent == PowExponent::Zero && inputLayout.isRowMajor())
          ? 0
          : unaryInfo<PowScalarOp>().cyclesPerTile);
}

template struct UnaryEltwiseOpModel<ReluOp>;
template struct UnaryEltwiseOpModel<SqrtOp>;
template struct UnaryEltwiseOpModel<ExpOp>;
template struct UnaryEltwiseOpModel<TanhOp>;
template struct UnaryEltwiseOpModel<CbrtOp>;
template struct UnaryEltwiseOpModel<NegOp>;
template struct UnaryEltwiseOpModel<AbsOp>;
template struct UnaryEltwiseOpModel<RsqrtOp>;
template struct UnaryEltwiseOpModel<GeluOp>;
template struct UnaryEltwiseOpModel<SiluOp>;
template struct UnaryEltwiseOpModel<SigmoidOp>;
template struct UnaryEltwiseOpModel<PowScalarOp>;

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

namespace {
/// binary_ng with a row-major sharded operand or output (ttnn 0.81.1,
/// measured on both mock devices: add / multiply / maximum of 256x64,
/// 256x128, 2x64x96 and 64x320 bf16 and f32, height, width and block
/// shards):
/// - a row-major sharded operand is tilized into its own shards first:
///   shards that are not whole tiles, or whose tiled view does not fit
///   their grid, fail ttnn's TensorSpec (tensor_layout.cpp shard_align_error,
///   tensor_spec.cpp shard_grid_fit_error), rank 1 (1-row shards) and rows
///   padded to whole shards included (measured: 64x100 in 64x16 width
///   shards as either operand, 793x307 in 793x16, 800 in 1x800);
/// - operands and output of one shape, all sharded alike: the tilizes, the
///   binary and the untilize into the output all run on the shards (0 B of
///   CBs), and the two tilized operands, the tiled result and the output
///   stay allocated until the op returns;
/// - interleaved operands into row-major shards: the row-major program,
///   whose output shards are its CB when `a` and `b` have one shape and
///   memory config in L1 and the output's rows padded to whole shards
///   (shardPaddedShape) are even (64x100 into 64x16 width shards; 100x64
///   into 32x64 or 50x64 into 64x64 height shards stream), else it streams
///   every tensor (binaryProgramCBBytes); measured: bf16 and f32, partial
///   tiles, rank 2 and 3, height, width and block shards; broadcasts (row,
///   column, scalar, batch, both ways; L1 and DRAM, rank-1 results too);
/// - anything else (an interleaved operand beside a sharded one, other
///   outputs, broadcasts) runs further tilize and untilize programs whose
///   buffers were not derived: not modelled.
llvm::Expected<OpConstraints>
rowMajorSharded(llvm::StringRef name, const EltwiseTensor &a,
                const EltwiseTensor &b, const EltwiseTensor &out,
                const MockAllocatorState *initialState) {
  for (const EltwiseTensor *t : {&a, &b}) {
    if (!t->layout.isSharded())
      continue;
    llvm::ArrayRef<int64_t> shard = t->layout.getShard();
    if (shard[0] % kTileDim || shard[1] % kTileDim)
      return backendError(name + ": ttnn tilizes the row-major operand " +
                          describe(t->layout) +
                          " into its own shards, which are not whole tiles");
    if (t->shape.size() < 2)
      return notSupportedError(name + ": a row-major sharded operand of "
                                      "rank 1 is not modelled");
    if (rowsPaddedToShards(t->shape, t->layout))
      return notSupportedError(
          name + ": the row-major operand " + describe(t->layout) +
          " pads its " + llvm::Twine(t->shape.back()) +
          "-element rows to whole tiled shards: not modelled");
    if (llvm::Error err = checkLayoutAllowingIdleCores(
            name, "tilized operand", t->shape, t->layout.withPageLayout(PageLayout::Tile)))
      return backendError(takeOpModelError(std::move(err)).second);
  }
  bool outWholeTiles = out.layout.isSharded() &&
                       out.layout.getShard()[0] % kTileDim == 0 &&
                       out.layout.getShard()[1] % kTileDim == 0;
  // Measured on shapes of whole tiles only.
  bool oneShape = a.shape == b.shape && a.shape == out.shape &&
                  out.shape.size() >= 2 && tileAligned(out.shape);
  if (oneShape && outWholeTiles && a.layout.isSharded() &&
      shardedAlike(a.layout, b.layout) && shardedAlike(a.layout, out.layout) &&
      a.layout.getBufferType() == b.layout.getBufferType()) {
    LayoutAttr outTiled = out.layout.withPageLayout(PageLayout::Tile);
    ProgramStep steps[4];
    steps[0].allocatedL1 = l1BytesPerBank(a.shape, a.layout.withPageLayout(PageLayout::Tile));
    steps[1].allocatedL1 = l1BytesPerBank(b.shape, b.layout.withPageLayout(PageLayout::Tile));
    steps[2].allocatedL1 = l1BytesPerBank(out.shape, outTiled);
    steps[3].allocatedL1 = l1BytesPerBank(out.shape, out.layout);
    return finishPrograms(name, steps, out.shape, out.layout, initialState);
  }
  // Interleaved operands into row-major shards: the row-major program
  // (binaryProgramCBBytes), the output's rows padded to whole shards
  // deciding whether it is even.
  bool interleavedOperands = !a.layout.isSharded() && !b.layout.isSharded();
  bool oneShapeOrBroadcast = a.shape != b.shape ||
                             (a.shape == out.shape && out.shape.size() >= 2);
  if (interleavedOperands && oneShapeOrBroadcast) {
    std::vector<int64_t> paddedOut = shardPaddedShape(out);
    return finishOneOutput(name,
                           binaryProgramCBBytes(a, b, {paddedOut, out.layout}),
                           out.shape, out.layout, initialState);
  }
  return notSupportedError(name + ": these row-major sharded operands and "
                                  "output (" +
                           describe(a.layout) + ", " + describe(b.layout) +
                           " -> " + describe(out.layout) +
                           ") run tilize and untilize programs that are not "
                           "modelled");
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints> BinaryEltwiseOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> lhsShape, LayoutAttr lhsLayout,
    llvm::ArrayRef<int64_t> rhsShape, LayoutAttr rhsLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  EltwiseTensor a{lhsShape, lhsLayout}, b{rhsShape, rhsLayout};
  if constexpr (std::is_same_v<OpTy, GeluBackwardOp>)
    return unaryBackward(name, a, b, outputLayout, initialState);
  // Rows padded to whole shards are rowMajorSharded's.
  auto outShape = checkedBroadcast(name, {a, b}, outputLayout,
                                   /*rowMajorAllowed=*/true,
                                   ShardPadding::Modelled);
  if (!outShape)
    return outShape.takeError();
  EltwiseTensor out{*outShape, outputLayout};
  if (llvm::Error err = checkResultDataType(name, outputLayout, lhsLayout))
    return err;
  if (kOneOperandType<OpTy> &&
      lhsLayout.getDataType() != rhsLayout.getDataType())
    return backendError(
        name + ": ttnn 0.81.1 takes its operands in one data type, got " +
        stringifyDataType(lhsLayout.getDataType()) + " and " +
        stringifyDataType(rhsLayout.getDataType()) + " (use ttnn.typecast)");
  if (lhsLayout.isRowMajor() && (lhsLayout.isSharded() ||
                                 rhsLayout.isSharded() ||
                                 outputLayout.isSharded()))
    return rowMajorSharded(name, a, b, out, initialState);
  return finishOneOutput(name, binaryProgramCBBytes(a, b, out), *outShape,
                         outputLayout, initialState);
}

template <typename OpTy>
llvm::Expected<size_t> BinaryEltwiseOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> lhsShape, LayoutAttr lhsLayout,
    llvm::ArrayRef<int64_t> rhsShape, LayoutAttr rhsLayout,
    LayoutAttr outputLayout) {
  return eltwiseRuntime(
      getOpConstraints(lhsShape, lhsLayout, rhsShape, rhsLayout, outputLayout),
      {{lhsShape, lhsLayout}, {rhsShape, rhsLayout}}, outputLayout,
      kBinaryCyclesPerTile);
}

template struct BinaryEltwiseOpModel<AddOp>;
template struct BinaryEltwiseOpModel<SubtractOp>;
template struct BinaryEltwiseOpModel<MultiplyOp>;
template struct BinaryEltwiseOpModel<MaximumOp>;
template struct BinaryEltwiseOpModel<MinimumOp>;
template struct BinaryEltwiseOpModel<PowTensorOp>;
template struct BinaryEltwiseOpModel<GeluBackwardOp>;

//===----------------------------------------------------------------------===//
// Ternary (where)
//===----------------------------------------------------------------------===//

namespace {
/// ttnn 0.81.1's ternary program on shards (ternary_op_utils'
/// is_native_L1_sharding, measured on both devices): operands of one shape
/// and one memory config in L1, none unevenly sharded, into an evenly
/// sharded output on their grid. The sharded operands' and the output's CBs
/// are then their shards; everything else streams.
bool ternaryIsNative(llvm::ArrayRef<EltwiseTensor> operands,
                     const EltwiseTensor &out) {
  const EltwiseTensor &first = operands.front();
  if (!out.layout.isSharded() || unevenShards(out.shape, out.layout) ||
      !first.layout.isL1() || unevenShards(first.shape, first.layout) ||
      (first.layout.isSharded() && !sameShardGrid(first.layout, out.layout)))
    return false;
  return llvm::all_of(operands, [&](const EltwiseTensor &operand) {
    return operand.shape == first.shape &&
           sameMemoryConfig(operand.layout, first.layout);
  });
}

/// The ternary program's broadcast kind is a row broadcast
/// (get_broadcast_type): every operand as wide as the others, not all as
/// tall. A column, scalar or mixed broadcast adds no CB.
bool ternaryRowBroadcast(llvm::ArrayRef<EltwiseTensor> operands) {
  auto [height, width] = heightWidth(operands.front().shape);
  bool sameHeight = true, sameWidth = true;
  for (const EltwiseTensor &operand : operands.drop_front()) {
    auto [h, w] = heightWidth(operand.shape);
    sameHeight &= h == height;
    sameWidth &= w == width;
  }
  return sameWidth && !sameHeight;
}
} // namespace

template <typename OpTy>
llvm::Expected<OpConstraints> TernaryEltwiseOpModel<OpTy>::getOpConstraints(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> cShape, LayoutAttr cLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = OpTy::getOperationName();
  EltwiseTensor operands[] = {{aShape, aLayout}, {bShape, bLayout},
                              {cShape, cLayout}};
  // ttnn 0.81.1 TT_FATALs on an interleaved row-major condition
  // (ternary_device_operation: input_a.layout() == Layout::TILE).
  if (aLayout && aLayout.isRowMajor() && !aLayout.isSharded())
    return backendError(name + ": the condition is " + describe(aLayout) +
                        "; ttnn takes it tiled (convert with ttnn.to_layout)");
  // A row-major sharded condition: the ternary program reads the row-major
  // pages with the tiled program's CBs, broadcasts too, and writes them
  // into row-major shards, but TILED pages into interleaved memory (ttnn's
  // result is then tiled: a row-major interleaved output is not what it
  // returns). Rows padded to whole shards (shardPaddedShape) decide whether
  // shards are even; an interleaved result is not padded. Measured on both
  // devices: height, width and block shards, alike or not, padded or not,
  // bf16 and f32, row, column, scalar, batch and mixed broadcasts, into
  // shards, L1 and DRAM.
  bool rowMajor = aLayout && aLayout.isRowMajor();
  bool tiledResult = rowMajor && outputLayout && !outputLayout.isSharded();
  if (tiledResult && outputLayout.isRowMajor())
    return notSupportedError(
        name + ": ttnn 0.81.1 writes a row-major condition's result into " +
        describe(outputLayout) + " in tiles (a tiled output is modelled)");
  auto outShape = checkedBroadcast(
      name, operands,
      tiledResult ? outputLayout.withPageLayout(PageLayout::RowMajor)
                  : outputLayout,
      /*rowMajorAllowed=*/rowMajor, ShardPadding::Modelled);
  if (!outShape)
    return outShape.takeError();
  if (llvm::Error err = checkResultDataType(name, outputLayout, bLayout))
    return err;
  std::vector<int64_t> shapes[] = {shardPaddedShape(operands[0]),
                                   shardPaddedShape(operands[1]),
                                   shardPaddedShape(operands[2]),
                                   shardPaddedShape({*outShape, outputLayout})};
  EltwiseTensor padded[] = {
      {shapes[0], aLayout}, {shapes[1], bLayout}, {shapes[2], cLayout}};
  EltwiseTensor paddedOut{shapes[3], outputLayout};
  // A row broadcast adds one more 2-page CB per operand, in its format (the
  // ternary program's c_4 to c_6; measured with mixed data types).
  bool native = ternaryIsNative(padded, paddedOut);
  bool rowBroadcast = ternaryRowBroadcast(operands);
  uint64_t cbBytes = native ? 0 : streamPages(outputLayout);
  for (const EltwiseTensor &operand : operands)
    cbBytes += (native && operand.layout.isSharded() ? 0 : 1) *
                   streamPages(operand.layout) +
               (rowBroadcast ? streamPages(operand.layout) : 0);
  return finishOneOutput(name, cbBytes, *outShape, outputLayout,
                         initialState);
}

template <typename OpTy>
llvm::Expected<size_t> TernaryEltwiseOpModel<OpTy>::getOpRuntime(
    llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
    llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
    llvm::ArrayRef<int64_t> cShape, LayoutAttr cLayout,
    LayoutAttr outputLayout) {
  return eltwiseRuntime(getOpConstraints(aShape, aLayout, bShape, bLayout,
                                         cShape, cLayout, outputLayout),
                        {{aShape, aLayout}, {bShape, bLayout}, {cShape, cLayout}},
                        outputLayout, kTernaryCyclesPerTile);
}

template struct TernaryEltwiseOpModel<WhereOp>;

} // namespace mlir::ttnn::op_model
