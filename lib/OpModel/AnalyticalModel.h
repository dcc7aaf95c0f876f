//===- AnalyticalModel.h - the analytical model's shared pieces -*- C++ -*-===//
//
// The analytical model's shared pieces: tensor geometry, layout legality,
// the finishing step that turns an op's circular-buffer and tensor needs into
// OpConstraints (stateless or on a mock allocator state), and the roofline
// runtime. The rules and their reasoning are in docs/op-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_OPMODEL_ANALYTICALMODEL_H
#define TTL_LIB_OPMODEL_ANALYTICALMODEL_H

#include "ttl/TileGeometry.h"
#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/MockAllocator.h"
#include "ttl/OpModel/OpModelErrors.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::ttnn::op_model::analytical {

constexpr int64_t kTileDim = ::ttlang::tile::kSide; // ttl/TileGeometry.h
/// Bytes of one bf16 / f32 tile (intermediate circular buffers of fixed format).
constexpr uint64_t kBf16TileBytes = ::ttlang::tile::kElements * 2;
constexpr uint64_t kF32TileBytes = ::ttlang::tile::kElements * 4;

/// ceil(a / b) for a >= 0, b > 0, without the overflow of (a + b - 1) / b.
inline int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/// Rows of a row-major tensor: every dimension but the last (1 for a scalar).
inline int64_t rowCount(llvm::ArrayRef<int64_t> shape) {
  int64_t rows = 1;
  for (int64_t dim : shape.drop_back(shape.empty() ? 0 : 1))
    rows *= dim;
  return rows;
}

/// A tensor padded to 32x32 tiles and collapsed to 2-D: all dimensions but
/// the last form the height (the second-to-last padded to a tile).
struct Geometry {
  int64_t heightTiles;
  int64_t widthTiles;
  int64_t tiles() const { return heightTiles * widthTiles; }
};
Geometry geometry(llvm::ArrayRef<int64_t> shape);

/// Bytes of one tile in `layout`'s storage format.
uint64_t tileBytes(LayoutAttr layout);

/// True when the last two dimensions are whole tiles (rank >= 2).
bool tileAligned(llvm::ArrayRef<int64_t> shape);

/// True when every shard of a sharded `layout` is full: the padded tensor is
/// a multiple of the shard in both dimensions.
bool evenShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// Bytes of one element of a row-major tensor in `layout` (bf16 2, f32 4;
/// bfp8_b is tile-only).
uint64_t elementBytes(LayoutAttr layout);

/// "l1 height_sharded bf16 (grid 8x8, shard 448x32)".
std::string describe(LayoutAttr layout);
/// "2x64x1024"; a dynamic dimension prints as "?".
std::string describeShape(llvm::ArrayRef<int64_t> shape);

/// The shape is one the device can hold: every dimension static (a dynamic
/// one, `?`, is not supported: the model answers static shapes only) and
/// non-negative, and the tensor's byte count (tiles x tile bytes in
/// `layout`'s format) fits in 64 bits (backend errors). Called by
/// checkLayout, so every tensor of every query passes it before its sizes are
/// computed.
llvm::Error checkShape(llvm::StringRef opName, llvm::StringRef role,
                       llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// The shape passes checkShape, the layout is present and, when sharded, its
/// grid fits the device and its shards are tile-aligned and cover the tensor.
/// A row-major layout is not supported unless `rowMajorAllowed` (the ops
/// whose row-major programs are modelled; its shards cut the rows as they
/// are); a u32 one unless `indicesAllowed` (embedding indices, argmax
/// results, typecast, the creation ops).
/// `idleCoresAllowed`: shards may cover the tensor on fewer cores than the
/// grid has (ttnn 0.81.1 leaves the others idle; measured for to_layout).
llvm::Error checkLayout(llvm::StringRef opName, llvm::StringRef role,
                        llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                        bool rowMajorAllowed = false,
                        bool indicesAllowed = false,
                        bool idleCoresAllowed = false);

/// Whether a row-major `layout` cuts `shape`'s rows into width or block
/// shards narrower than the rows and not dividing them: ttnn pads such rows
/// to whole shards (its programs and views see the padded rows).
bool rowsPaddedToShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// Whether `layout`'s shards would cover `shape` on fewer cores than its
/// grid has (checkLayout's idle cores).
bool leavesCoresIdle(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// Tile pages of each of the input and output CBs of ttnn 0.81.1's
/// tilize / untilize of `shape` from `in` (to_layout, LayoutOps.cpp), or
/// nullopt outside the measured programs.
std::optional<int64_t> conversionPages(llvm::ArrayRef<int64_t> shape,
                                       LayoutAttr in);

/// Bytes of both CBs of that tilize / untilize from `in` to `out`
/// (`conversionPages` tiles each, in each side's format), or nullopt outside
/// the measured programs.
std::optional<uint64_t> conversionCBBytes(llvm::ArrayRef<int64_t> shape,
                                          LayoutAttr in, LayoutAttr out);

/// `layout`'s buffer type and data type, row-major and interleaved: the
/// temporary of a tilize or untilize.
inline LayoutAttr rowMajorIn(LayoutAttr layout) {
  return layout.interleavedIn(PageLayout::RowMajor, layout.getBufferType());
}

/// `layout`'s placement (its shards too) holding row-major data of `type`.
inline LayoutAttr rowMajorLike(LayoutAttr layout, DataType type) {
  return LayoutAttr::get(layout.getContext(), PageLayout::RowMajor,
                         layout.getBufferType(), layout.getMemoryLayout(),
                         type, layout.getGrid(), layout.getShard());
}

/// Both interleaved, or sharded with the same memory layout, grid and shard.
bool shardedAlike(LayoutAttr a, LayoutAttr b);

/// Bytes per bank of a tensor in `layout`: interleaved pages round-robin
/// over the banks of its buffer type, or one shard per core.
uint64_t bytesPerBank(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// bytesPerBank in L1, 0 in DRAM: what a tensor adds to each core's L1.
uint64_t l1BytesPerBank(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// Bytes of a circular buffer of `pages` tiles in `layout`'s format, or 0
/// when the operand is sharded in L1 (its CB is globally allocated on the
/// shard itself).
uint64_t streamingCB(int64_t pages, LayoutAttr layout);

/// What an op needs, before it becomes OpConstraints.
/// Whether tt-metal's static-buffer check applies to an op's programs under
/// ttnn 0.81.1's graph capture: it does for every op but conv2d's programs
/// from an L1 input, which the mock devices create whatever their buffers
/// (the validation's L1 ceiling still rejects such a peak).
enum class StaticBuffers { Checked, Unchecked };

struct Analysis {
  uint64_t cbBytes = 0;
  /// L1 per core of temporary tensors the op allocates and frees.
  uint64_t intermediateL1 = 0;
  /// L1 per core the program reserves beside its circular buffers for its
  /// own data (ttnn 0.81.1's scratchpad: slice's per-dimension words). Part
  /// of the overall peak and of the range checked against live buffers, not
  /// of cbL1PeakSize.
  uint64_t scratchpadBytes = 0;
  struct Output {
    std::vector<int64_t> shape;
    LayoutAttr layout;
  };
  llvm::SmallVector<Output, 1> outputs;
  /// The buffers and scratchpads of the op's largest program, when it runs
  /// several (finishPrograms sums the largest of each kind into cbBytes).
  /// Checked against the L1 above the allocator base (checkStaticBuffers;
  /// cbBytes otherwise) and, stateful, against the live L1 buffers
  /// (cbBytes + scratchpadBytes otherwise).
  std::optional<uint64_t> largestProgramBuffers;
  /// Whether tt-metal checks the static buffers against L1 (checkStaticBuffers).
  StaticBuffers staticBuffers = StaticBuffers::Checked;
};

/// Stateless (initialState == nullptr): sizes only. Stateful: copies the
/// state, allocates the outputs (and intermediates), checks the circular
/// buffers against every live L1 buffer and returns the output records.
llvm::Expected<OpConstraints> finish(llvm::StringRef opName,
                                     const Analysis &analysis,
                                     const MockAllocatorState *initialState);

/// finish() of an op with `cbBytes` of circular buffers, no intermediates and
/// one output of `shape` in `layout`.
llvm::Expected<OpConstraints>
finishOneOutput(llvm::StringRef opName, uint64_t cbBytes,
                llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                const MockAllocatorState *initialState);

/// One device program of an op that ttnn 0.81.1 runs as several (graph
/// capture shows one function_start each), or one phase of a pipeline
/// (conv2d's and max_pool2d's halo, then the window program): its buffers by
/// the kind graph capture counts them as (binary_ng's and the CNN programs'
/// as circular buffers, the other programs' as dataflow buffers), its
/// scratchpads, the L1 per core of the tensors it allocates before it runs
/// and of the tensors freed when it ends.
struct ProgramStep {
  uint64_t circularBytes = 0;
  uint64_t dataflowBytes = 0;
  uint64_t allocatedL1 = 0;
  uint64_t freedL1 = 0;
  /// Scratchpads, allocated and freed with the program's buffers (part of
  /// the overall peak, not of the CB peak).
  uint64_t scratchpadBytes = 0;
  /// ttnn creates this program's tensors while the previous program's
  /// buffers are still allocated (a composite's op function allocates the
  /// next output before the previous program object goes away), so the
  /// overall peak also counts that moment. False where graph capture
  /// reports the phases apart (the CNN pipelines, measured).
  bool overlapsPreviousBuffers = true;

  uint64_t buffers() const {
    return circularBytes + dataflowBytes + scratchpadBytes;
  }
};

/// What the last program leaves as the op's result.
enum class ProgramResult {
  /// A new tensor, `outShape` in `outLayout` (its L1 is part of the last
  /// program's allocatedL1).
  NewTensor,
  /// The input itself, changed in place (a fill-pad): nothing is allocated
  /// for the result.
  InPlace,
};

/// finish() of every op ttnn runs as one or more programs in sequence (the
/// one finisher; docs/op-model.md, "Composite ops"): the CB peak is the
/// largest circular plus the largest dataflow buffers (each kind has its own
/// peak in graph capture); the tensor peak the most L1 tensors live at once;
/// the overall peak, per program, its buffers (or the previous program's,
/// where they overlap, whichever is larger) plus the tensors live once it
/// has allocated its own. Every program's buffers and scratchpads must fit
/// above the L1 allocator base; the stateful path checks the largest
/// program's against the live L1 buffers.
llvm::Expected<OpConstraints>
finishPrograms(llvm::StringRef opName, llvm::ArrayRef<ProgramStep> programs,
               llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
               const MockAllocatorState *initialState,
               ProgramResult resultKind = ProgramResult::NewTensor,
               StaticBuffers staticBuffers = StaticBuffers::Checked);

/// ttnn's to_memory_config of `shape` from `in` to `out` as one program
/// (LayoutOps.cpp's copy model): nullopt when nothing moves.
llvm::Expected<std::optional<ProgramStep>>
memoryConfigCopy(llvm::StringRef opName, llvm::ArrayRef<int64_t> shape,
                 LayoutAttr in, LayoutAttr out);

/// FPU cycles of one tile operation (an eltwise add or multiply of two
/// tiles): the compute cost of binary eltwise and of a TTL operation's tile
/// math.
constexpr double kFpuCyclesPerTile = 32;

/// Roofline inputs of one op.
struct Work {
  double dramBytes = 0;
  double nocBytes = 0;
  double computeCycles = 0;
  int64_t cores = 1;
};
/// Adds reading or writing a tensor: DRAM bytes, NoC bytes for interleaved
/// L1, nothing for a core-local shard.
void addTensorTraffic(Work &work, llvm::ArrayRef<int64_t> shape,
                      LayoutAttr layout);
/// Nanoseconds: launch overhead + max(DRAM, NoC, compute) time.
size_t roofline(const Work &work);

/// Numpy broadcast of two shapes, or nullopt when incompatible (`badDim`
/// is the offending dimension counted from the back).
std::optional<std::vector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);

/// Normalizes `dim` in [-rank, rank) or fails with a backend error.
llvm::Expected<int64_t> normalizeDim(llvm::StringRef opName, int64_t dim,
                                     int64_t rank);

/// ttnn.transpose's swap of two normalized dimensions; std::nullopt for
/// ttnn.permute.
using Swap = std::optional<std::pair<int64_t, int64_t>>;

/// ttnn.permute's model (DataOps.cpp), answered under `opName`:
/// ttnn.transpose runs the same programs for the swap of two dimensions
/// (`swap`), but for a swap that moves nothing. `idleCoresAllowed`: shard
/// grids may hold more shards than the tensors fill (a composite's own
/// results in the shards ttnn derived for them).
llvm::Expected<OpConstraints>
permuteConstraints(llvm::StringRef opName, llvm::ArrayRef<int64_t> inputShape,
                   LayoutAttr inputLayout, llvm::ArrayRef<int64_t> permutation,
                   LayoutAttr outputLayout,
                   const MockAllocatorState *initialState,
                   Swap swap = std::nullopt, bool idleCoresAllowed = false);
llvm::Expected<size_t> permuteRuntime(llvm::StringRef opName,
                                      llvm::ArrayRef<int64_t> inputShape,
                                      LayoutAttr inputLayout,
                                      llvm::ArrayRef<int64_t> permutation,
                                      LayoutAttr outputLayout,
                                      Swap swap = std::nullopt);

/// ttnn 0.81.1's to_memory_config of a row-major `shape` from `in` to `out`
/// (DataMovement.cpp): its CBs and scratchpad, the output in `outputs`.
Analysis rowMajorMove(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                      LayoutAttr out);

/// ttnn.reshape of a composite's own result (reshape's model, DataOps.cpp):
/// the input and output may leave cores of their grids idle (a W result in
/// the shards ttnn derives holds one tile column); its programs, nullopt for
/// a view.
llvm::Expected<std::optional<llvm::SmallVector<ProgramStep, 6>>>
reshapeOwnResult(llvm::ArrayRef<int64_t> inShape, LayoutAttr inLayout,
                 llvm::ArrayRef<int64_t> shape, LayoutAttr outLayout);

/// The shards ttnn 0.81.1's reshape writes a result of `shape` into for a
/// sharded `layout`, given as the op's memory config (`explicitConfig`) or
/// taken from its input (DataOps.cpp).
LayoutAttr reshapeShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout,
                         bool explicitConfig);

/// checkLayout for the ops whose ttnn 0.81.1 programs take shard grids with
/// idle cores (eltwise, typecast, to_memory_config, the creation ops;
/// measured on both mock devices): the shards must cover the tensor, but the
/// grid may hold more of them than the tensor fills (the trailing cores hold
/// nothing, their shard is still allocated). Everything else as checkLayout.
llvm::Error checkLayoutAllowingIdleCores(llvm::StringRef opName,
                                         llvm::StringRef role,
                                         llvm::ArrayRef<int64_t> shape,
                                         LayoutAttr layout,
                                         bool rowMajorAllowed = false,
                                         bool indicesAllowed = false);

/// True when `layout` is sharded and its shard does not divide the tensor
/// (tile-padded; row-major: as it is) in both directions: ttnn 0.81.1's
/// is_uneven, which sends eltwise programs off their core-local paths.
bool unevenShards(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// Both sharded over the same core grid (memory layout and shards may
/// differ).
bool sameShardGrid(LayoutAttr a, LayoutAttr b);

/// tt-metal (dataflow_buffer.cpp) places a program's static circular /
/// dataflow buffers from the L1 allocator's base up and rejects a program
/// whose buffers end beyond L1 ("grow to X B which is beyond max L1 size",
/// a TT_THROW under graph capture too): an out-of-memory error when `bytes`
/// pass the L1 above the base. Called by finish() for every op.
llvm::Error checkStaticBuffers(llvm::StringRef opName, uint64_t bytes);

/// ttnn also throws when a program's buffers, placed from the L1 allocator's
/// base, reach an L1 buffer allocated before the program: the op's L1 inputs
/// (and any result allocated before its programs), which the mock device's
/// allocator places at the top of L1 (dataflow_buffer.cpp,
/// validate_dataflow_buffer_region; its messages give the region's end as
/// the allocator's base plus the buffers on both devices; measured with
/// layer_norm: 1,310,720 B under a 131,648 B shard fail on Wormhole, not on
/// Blackhole; and moreh_layer_norm_backward). `l1Bytes`: those buffers' L1
/// per bank. An output allocated after the programs does not count
/// (measured: 712,704 B beside 755,712 B of shards and rows run).
llvm::Error checkBuffersBelowInputs(llvm::StringRef opName, uint64_t bytes,
                                    uint64_t l1Bytes);

/// One tilize or untilize program of ttnn 0.81.1 (to_layout's, LayoutOps.cpp)
/// between interleaved tensors (a tilize may write shards): its buffers by the
/// kind graph capture counts them as, and its scratchpads.
struct ConversionProgram {
  uint64_t circularBytes = 0;
  uint64_t dataflowBytes = 0;
  uint64_t scratchpadBytes = 0;
};

/// The program ttnn 0.81.1 runs to convert `shape` from `in` to `out` (the
/// other page layout), or a not-supported error for programs not modelled.
llvm::Expected<ConversionProgram>
conversionProgram(llvm::ArrayRef<int64_t> shape, LayoutAttr in, LayoutAttr out);

/// ttnn 0.81.1's row-major pad program (pad_rm_reader_writer_multi_core_
/// default) padding rows at the back to `rowBytes` (DataOps.cpp's pad).
llvm::Expected<ConversionProgram> rowMajorPadProgram(uint64_t rowBytes);

/// ttnn's TensorSpec check of a sharded layout on a tensor (tensor_spec.cpp,
/// shard_grid_fit_error) on the tensor's physical 2-D view (row-major: rows
/// padded to whole shards; tiled: tile-padded): height shards as wide as it,
/// width shards as high, and the shards in the grid (along both grid
/// dimensions for block sharding, in its core count otherwise; measured on
/// both mock devices). Interleaved layouts always fit.
bool shardGridFits(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// The page alignment of `layout`'s buffer type.
uint64_t bufferAlignment(LayoutAttr layout);

} // namespace mlir::ttnn::op_model::analytical

#endif // TTL_LIB_OPMODEL_ANALYTICALMODEL_H
