//===- DataMovement.cpp - transpose, typecast, to_memory_config, heads ----===//
//
// Data-movement programs: transpose is ttnn.permute's model for the swap of
// two dimensions (ttnn 0.81.1 runs the same WH, HC, CN transposes and
// permute programs; DataOps.cpp). Typecast streams through an input and an
// output CB of 2 pages each (the compute kernel converts a tile between
// them), for sharded operands too, as in ttnn 0.81.1. to_memory_config
// between interleaved placements is a reader/writer copy through one 2-page
// CB; when either side is sharded the shard itself is the CB (0 B of CBs);
// row-major moves as below. concatenate_heads moves one row of tiles of all
// heads per step through one double-buffered CB of heads x head_dim tiles
// (reference row 23).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/TTNNOpModel.h"

#include "AnalyticalModel.h"
#include "EltwiseProgram.h"

#include <numeric>

namespace mlir::ttnn::op_model {
using namespace analytical;

namespace {
constexpr int64_t kPagesPerCB = 2;
/// Tile transpose / format conversion on the unpacker: cycles per tile.
constexpr double kCyclesPerTile = 64;

size_t moveRuntime(llvm::ArrayRef<int64_t> inShape, LayoutAttr inLayout,
                   llvm::ArrayRef<int64_t> outShape, LayoutAttr outLayout,
                   double cyclesPerTile) {
  Work work;
  addTensorTraffic(work, inShape, inLayout);
  addTensorTraffic(work, outShape, outLayout);
  work.computeCycles = cyclesPerTile * geometry(inShape).tiles();
  work.cores = geometry(inShape).tiles();
  return roofline(work);
}

/// getOpRuntime of an op whose output has its input's `shape`: the error of
/// `constraints`, or the roofline of moving the tensor.
llvm::Expected<size_t>
sameShapeRuntime(llvm::Expected<OpConstraints> constraints,
                 llvm::ArrayRef<int64_t> shape, LayoutAttr inLayout,
                 LayoutAttr outLayout, double cyclesPerTile) {
  if (!constraints)
    return constraints.takeError();
  return moveRuntime(shape, inLayout, shape, outLayout, cyclesPerTile);
}

/// The permutation that swaps `dim0` and `dim1` and the swap, normalized
/// (ttnn.transpose is permute's programs: the WH, HC and CN transposes, or a
/// permute program; DataOps.cpp).
struct Transposition {
  std::vector<int64_t> permutation;
  Swap swap;
};

llvm::Expected<Transposition> transposition(int64_t rank, int64_t dim0,
                                            int64_t dim1) {
  llvm::StringRef name = TransposeOp::getOperationName();
  auto d0 = normalizeDim(name, dim0, rank);
  if (!d0)
    return d0.takeError();
  auto d1 = normalizeDim(name, dim1, rank);
  if (!d1)
    return d1.takeError();
  std::vector<int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[*d0], perm[*d1]);
  return Transposition{perm, std::make_pair(*d0, *d1)};
}
} // namespace

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints> OpModel<TransposeOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout, int64_t dim0,
    int64_t dim1, LayoutAttr outputLayout,
    const MockAllocatorState *initialState) {
  auto swap = transposition(inputShape.size(), dim0, dim1);
  if (!swap)
    return swap.takeError();
  return permuteConstraints(TransposeOp::getOperationName(), inputShape,
                            inputLayout, swap->permutation, outputLayout,
                            initialState, swap->swap);
}

llvm::Expected<size_t> OpModel<TransposeOp>::getOpRuntime(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout, int64_t dim0,
    int64_t dim1, LayoutAttr outputLayout) {
  auto swap = transposition(inputShape.size(), dim0, dim1);
  if (!swap)
    return swap.takeError();
  return permuteRuntime(TransposeOp::getOperationName(), inputShape,
                        inputLayout, swap->permutation, outputLayout,
                        swap->swap);
}

//===----------------------------------------------------------------------===//
// typecast
//===----------------------------------------------------------------------===//

llvm::Expected<OpConstraints> OpModel<TypecastOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = TypecastOp::getOperationName();
  for (auto [role, layout] : {std::pair{"input", inputLayout},
                              std::pair{"output", outputLayout}})
    if (llvm::Error err = checkLayoutAllowingIdleCores(
            name, role, inputShape, layout, /*rowMajorAllowed=*/true,
            /*indicesAllowed=*/true))
      return err;
  if (inputLayout.getPageLayout() != outputLayout.getPageLayout())
    return notSupportedError(name + ": the output is " + describe(outputLayout) +
                             " but the input is " + describe(inputLayout) +
                             ": ttnn keeps the input's page layout (convert "
                             "with ttnn.to_layout)");
  // ttnn 0.81.1's typecast program reads and writes any placement of one
  // memory layout (other shards and grids too), and TT_FATALs on two
  // (typecast_device_op: input_tensor_memory_layout ==
  // out_memory_config.memory_layout()) and on row-major shards whose rows
  // are not L1-aligned pages (page_size_bytes == aligned_page_size).
  if (inputLayout.getMemoryLayout() != outputLayout.getMemoryLayout())
    return backendError(name + ": the input is " + describe(inputLayout) +
                        " but the output is " + describe(outputLayout) +
                        "; ttnn casts within one memory layout (move it "
                        "with ttnn.to_memory_config)");
  if (inputLayout.isRowMajor() && inputLayout.isSharded() &&
      (inputLayout.getShard()[1] * elementBytes(inputLayout)) %
          currentDevice().l1Alignment)
    return backendError(name + ": the input's shard rows (" +
                        describe(inputLayout) + ") are not " +
                        llvm::Twine(currentDevice().l1Alignment) +
                        "-byte aligned pages, which ttnn's typecast requires");
  // Row-major shards: the interleaved program needs as many pages of as
  // many elements on both sides (typecast_program_factory.cpp:116,
  // TT_FATAL; measured: 1x160 shards on 3 cores into 1x69 on 7); shards of
  // one width recut into other grids or heights (even or not) run the
  // programs below (measured on both devices: height, width and block
  // shards, bf16 <-> f32 and bf16 -> bf16).
  if (inputLayout.isRowMajor() && inputLayout.isSharded() &&
      !shardedAlike(inputLayout, outputLayout) &&
      inputLayout.getShard()[1] != outputLayout.getShard()[1])
    return backendError(name + ": the input is " + describe(inputLayout) +
                        " but the output is " + describe(outputLayout) +
                        "; ttnn's typecast needs row-major pages of as "
                        "many elements on both sides (TT_FATAL)");
  // Its sharded program (typecast_sharded_program_factory) runs on the
  // shards (0 B of CBs) when the input is sharded, aliasably, and the tiles
  // keep their size (one data type, f32 <-> u32); it TT_FATALs on an output
  // over another number of cores. Otherwise the interleaved program streams
  // 2-page CBs of tiles in each format, whatever the placement and page
  // layout (mock device: 28672x32 bf16 -> f32 height sharded has 4096 + 8192
  // B of CBs; 256x100 row-major the same).
  bool sharded = inputLayout.isSharded() && aliasableShard(inputLayout) &&
                 tileBytes(inputLayout) == tileBytes(outputLayout);
  auto cores = [](LayoutAttr layout) {
    return layout.getGrid()[0] * layout.getGrid()[1];
  };
  if (sharded && cores(inputLayout) != cores(outputLayout))
    return backendError(name + ": the input is " + describe(inputLayout) +
                        " but the output is " + describe(outputLayout) +
                        "; ttnn's sharded typecast keeps the number of cores");
  uint64_t cbBytes = sharded ? 0
                             : kPagesPerCB * tileBytes(inputLayout) +
                                   kPagesPerCB * tileBytes(outputLayout);
  return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                         initialState);
}

llvm::Expected<size_t>
OpModel<TypecastOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                  LayoutAttr inputLayout,
                                  LayoutAttr outputLayout) {
  return sameShapeRuntime(
      getOpConstraints(inputShape, inputLayout, outputLayout), inputShape,
      inputLayout, outputLayout, kCyclesPerTile);
}

//===----------------------------------------------------------------------===//
// to_memory_config
//===----------------------------------------------------------------------===//

namespace {
uint64_t alignTo(uint64_t bytes, uint64_t alignment) {
  return ceilDiv(bytes, alignment) * alignment;
}

/// A row-major shard's row is an L1-aligned page: ttnn's (un)sharding
/// programs move it; other rows go through its copy program.
bool alignedShardRows(LayoutAttr layout) {
  return (layout.getShard()[1] * elementBytes(layout)) %
             currentDevice().l1Alignment ==
         0;
}

/// ttnn 0.81.1's interleaved_to_sharded stages a row-major shard's rows in
/// a scratchpad of 4 transfers (num_trids), each a row plus one DRAM
/// alignment unit rounded up to it (keep_l1_aligned, which its program
/// factory forces on).
uint64_t shardingScratchpad(LayoutAttr sharded) {
  constexpr uint64_t kTransfers = 4;
  uint64_t dram = currentDevice().dramAlignment;
  uint64_t row = sharded.getShard()[1] * elementBytes(sharded);
  return kTransfers * alignTo(row + dram, dram);
}

/// Elements of a row-major tensor's page: a width or block shard's width,
/// else the whole row (interleaved and height-sharded pages).
int64_t pageElements(llvm::ArrayRef<int64_t> shape, LayoutAttr layout) {
  bool splitsRows = layout.isSharded() && layout.getMemoryLayout() !=
                                              TensorMemoryLayout::HeightSharded;
  return splitsRows ? layout.getShard()[1] : (shape.empty() ? 1 : shape.back());
}

/// ttnn 0.81.1's row-major copy (CopyDeviceOperation::DefaultRowMajor,
/// copy_default_row_major_program_factory.cpp): a 2-entry dataflow buffer of
/// output pages aligned to the output buffer's alignment and a scratchpad of
/// one input page, each capped at MAX_SUBBLOCK_SIZE_BYTES (256 KiB). Its
/// parallel branch (a unit common to both pages, aligned to both buffers)
/// never runs here: such pages are aligned shard rows, which ttnn moves with
/// its (un)sharding programs instead.
void rowMajorCopy(Analysis &analysis, llvm::ArrayRef<int64_t> shape,
                  LayoutAttr in, LayoutAttr out) {
  constexpr uint64_t kMaxSubblockBytes = 65536 * 4;
  const DeviceModel &device = currentDevice();
  uint64_t alignment = out.isL1() ? device.l1Alignment : device.dramAlignment;
  uint64_t outPage = alignTo(pageElements(shape, out) * elementBytes(out),
                             alignment);
  uint64_t inPage = pageElements(shape, in) * elementBytes(in);
  analysis.cbBytes = kPagesPerCB * std::min(outPage, kMaxSubblockBytes);
  analysis.scratchpadBytes = std::min(inPage, kMaxSubblockBytes);
}

/// A row-major move, by ttnn 0.81.1's to_memory_config
/// (core/to_memory_config): an interleaved_to_sharded, sharded_to_interleaved
/// or reshard program when every sharded side's rows are aligned pages (their
/// buffers are the shards: 0 B of CBs; interleaved_to_sharded adds its
/// scratchpad, and so does a reshard into another memory layout with other
/// shard widths, which ttnn runs through DRAM and interleaved_to_sharded);
/// between interleaved placements, and when a sharded side's rows are not
/// aligned, its row-major copy (measured on both devices: height, width and
/// block shards, to, from and between shards).
} // namespace

Analysis analytical::rowMajorMove(llvm::ArrayRef<int64_t> shape, LayoutAttr in,
                                  LayoutAttr out) {
  Analysis analysis;
  analysis.outputs.push_back({std::vector<int64_t>(shape.begin(), shape.end()),
                              out});
  bool inSharded = in.isSharded(), outSharded = out.isSharded();
  bool aligned = (!inSharded || alignedShardRows(in)) &&
                 (!outSharded || alignedShardRows(out));
  auto height = [](LayoutAttr layout) {
    return layout.isSharded() &&
           layout.getMemoryLayout() == TensorMemoryLayout::HeightSharded;
  };
  if (!aligned && height(in) && height(out)) {
    // Height shards into height shards, rows not whole L1 alignment units:
    // 2 x the input shard's rows, each aligned to L1, of dataflow buffer, no
    // scratchpad (measured on both devices, bf16 and f32: 11 to 100-row
    // shards of 37- to 809-element rows into taller, shorter and equal
    // shards on other grids; stress draw seed 962320189 to_memory_config #6,
    // where the row-major copy's 2 pages were modelled).
    uint64_t row = alignTo(in.getShard()[1] * elementBytes(in),
                           currentDevice().l1Alignment);
    analysis.cbBytes = kPagesPerCB * uint64_t(in.getShard()[0]) * row;
    return analysis;
  }
  if (!aligned || (!inSharded && !outSharded)) {
    rowMajorCopy(analysis, shape, in, out);
    return analysis;
  }
  if (inSharded && outSharded) {
    bool throughDram = in.getShard()[1] != out.getShard()[1] &&
                       in.getMemoryLayout() != out.getMemoryLayout();
    analysis.scratchpadBytes = throughDram ? shardingScratchpad(out) : 0;
    return analysis;
  }
  analysis.scratchpadBytes = outSharded ? shardingScratchpad(out) : 0;
  return analysis;
}

llvm::Expected<OpConstraints> OpModel<ToMemoryConfigOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = ToMemoryConfigOp::getOperationName();
  for (auto [role, layout] : {std::pair{"input", inputLayout},
                              std::pair{"output", outputLayout}})
    if (llvm::Error err =
            checkLayoutAllowingIdleCores(name, role, inputShape, layout,
                                         /*rowMajorAllowed=*/true))
      return err;
  if (inputLayout.getDataType() != outputLayout.getDataType())
    return backendError(name + ": does not convert data types (" +
                        stringifyDataType(inputLayout.getDataType()) + " -> " +
                        stringifyDataType(outputLayout.getDataType()) +
                        "); use ttnn.typecast");
  if (inputLayout.getPageLayout() != outputLayout.getPageLayout())
    return backendError(name + ": does not convert page layouts (" +
                        describe(inputLayout) + " -> " +
                        describe(outputLayout) + "); use ttnn.to_layout");
  // The same memory config returns the input itself: no program, no buffer.
  if (inputLayout == outputLayout) {
    OpConstraints result;
    result.outputLayouts.push_back(outputLayout);
    return result;
  }
  if (inputLayout.isRowMajor()) {
    return finish(name, rowMajorMove(inputShape, inputLayout, outputLayout),
                  initialState);
  }
  // Tiles: between interleaved placements ttnn's copy (one 2-page CB); to,
  // from or between shards its (un)sharding and reshard programs, whose
  // buffers are the shards (0 B).
  uint64_t cbBytes = 0;
  if (!inputLayout.isSharded() && !outputLayout.isSharded())
    cbBytes = kPagesPerCB * tileBytes(inputLayout);
  return finishOneOutput(name, cbBytes, inputShape, outputLayout,
                         initialState);
}

llvm::Expected<size_t>
OpModel<ToMemoryConfigOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                        LayoutAttr inputLayout,
                                        LayoutAttr outputLayout) {
  return sameShapeRuntime(
      getOpConstraints(inputShape, inputLayout, outputLayout), inputShape,
      inputLayout, outputLayout, 0);
}

//===----------------------------------------------------------------------===//
// concatenate_heads
//===----------------------------------------------------------------------===//

// Sharded heads into a sharded output: ttnn 0.81.1's ConcatenateHeads
// (transformer/concatenate_heads.cpp, compute_output_specs) keeps the output's
// memory layout and buffer but derives its shards from the input's: the
// input's grid, heads_per_shard = shard height / padded seq, shards of
// (shard height / heads_per_shard) x (shard width x heads_per_shard). The
// sharded program (nlp_concat_heads_program_factory.cpp) backs both CBs by the
// tensors' buffers: no CB of its own. Its validate
// (nlp_concat_heads_device_operation.cpp) rejects width-sharded inputs, shards
// narrower than the row or not whole heads, heads_per_shard not dividing the
// heads, and height-sharded outputs; a shard shorter than one head divides by
// zero (the process dies). Measured on both devices: height and block inputs
// into width and block outputs, bf16, f32, bfp8_b, idle cores, padded seq.
static llvm::Expected<OpConstraints>
shardedHeads(llvm::StringRef name, llvm::ArrayRef<int64_t> inputShape,
             LayoutAttr inputLayout, llvm::ArrayRef<int64_t> outShape,
             LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  if (outputLayout.isRowMajor() || !outputLayout.isL1())
    return notSupportedError(name + ": the output " + describe(outputLayout) +
                             " (ttnn 0.81.1 writes the derived tiled L1 "
                             "shards): not modelled");
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  if (inputLayout.getMemoryLayout() == TensorMemoryLayout::WidthSharded)
    return backendError(name + ": the input is " + describe(inputLayout) +
                        "; ttnn 0.81.1 takes height or block sharded heads");
  if (outputLayout.getMemoryLayout() == TensorMemoryLayout::HeightSharded)
    return backendError(name + ": the output is " + describe(outputLayout) +
                        "; ttnn 0.81.1 writes sharded heads width or block "
                        "sharded");
  int64_t paddedSeq = ceilDiv(inputShape[2], kTileDim) * kTileDim;
  llvm::ArrayRef<int64_t> shard = inputLayout.getShard();
  if (shard[1] != inputShape[3] || shard[0] % paddedSeq)
    return backendError(name + ": the input's shard " + describeShape(shard) +
                        " does not hold whole heads of " +
                        describeShape({paddedSeq, inputShape[3]}));
  int64_t perShard = shard[0] / paddedSeq;
  if (inputShape[1] % perShard)
    return backendError(name + ": " + llvm::Twine(perShard) +
                        " heads a shard do not divide " +
                        llvm::Twine(inputShape[1]) + " heads");
  int64_t derivedShard[2] = {paddedSeq, shard[1] * perShard};
  LayoutAttr derived =
      outputLayout.withShards(inputLayout.getGrid(), derivedShard);
  if (llvm::Error err =
          checkLayoutAllowingIdleCores(name, "output", outShape, derived))
    return err;
  return finishOneOutput(name, 0, outShape, derived, initialState);
}

llvm::Expected<OpConstraints> OpModel<ConcatenateHeadsOp>::getOpConstraints(
    llvm::ArrayRef<int64_t> inputShape, LayoutAttr inputLayout,
    LayoutAttr outputLayout, const MockAllocatorState *initialState) {
  llvm::StringRef name = ConcatenateHeadsOp::getOperationName();
  if (inputShape.size() != 4)
    return backendError(name + ": the input must be [batch, heads, seq, "
                               "head_dim], got " +
                        describeShape(inputShape));
  // ttnn 0.81.1's nlp_concat_heads validate takes tiled inputs only
  // (nlp_concat_heads_device_operation.cpp:24, measured interleaved and
  // sharded).
  if (inputLayout && inputLayout.isRowMajor())
    return backendError(name + ": the input is " + describe(inputLayout) +
                        "; ttnn 0.81.1 concatenates tiled heads only");
  // The input first: its checked size bounds heads x head_dim below.
  if (llvm::Error err = checkLayoutAllowingIdleCores(name, "input", inputShape,
                                                     inputLayout))
    return err;
  int64_t heads = inputShape[1], headDim = inputShape[3];
  if (headDim % kTileDim)
    return backendError(name + ": head_dim " + llvm::Twine(headDim) +
                        " is not a multiple of 32");
  std::vector<int64_t> outShape{inputShape[0], inputShape[2], heads * headDim};
  if (outputLayout && outputLayout.isSharded() && inputLayout.isSharded())
    return shardedHeads(name, inputShape, inputLayout, outShape, outputLayout,
                        initialState);
  if (llvm::Error err = checkLayout(name, "output", outShape, outputLayout))
    return err;
  // concatenate_heads takes no data type: the result is the input's.
  if (llvm::Error err = checkResultDataType(name, outputLayout, inputLayout))
    return err;
  // An interleaved input has no shard spec for ttnn 0.81.1 to derive the
  // output's from: it fails on every sharded output ("bad optional access",
  // measured height, width and block shards on both devices).
  if (outputLayout.isSharded())
    return backendError(name + ": the output is " + describe(outputLayout) +
                        " and the input interleaved; ttnn 0.81.1 derives "
                        "sharded outputs from the input's shards");
  uint64_t cbBytes =
      kPagesPerCB * heads * (headDim / kTileDim) * tileBytes(inputLayout);
  if (!inputLayout.isSharded())
    return finishOneOutput(name, cbBytes, outShape, outputLayout,
                           initialState);
  // A sharded input is first copied by sharded_to_interleaved (its buffer is
  // the shard) into a temporary placed like the output, live until the
  // concatenation ends (measured on both devices, height, width and block).
  uint64_t temporary = l1BytesPerBank(
      inputShape, outputLayout.withDataType(inputLayout.getDataType()));
  return finishPrograms(name,
                        {{0, 0, temporary, 0},
                         {0, cbBytes, l1BytesPerBank(outShape, outputLayout),
                          temporary}},
                        outShape, outputLayout, initialState);
}

llvm::Expected<size_t>
OpModel<ConcatenateHeadsOp>::getOpRuntime(llvm::ArrayRef<int64_t> inputShape,
                                          LayoutAttr inputLayout,
                                          LayoutAttr outputLayout) {
  return sameShapeRuntime(
      getOpConstraints(inputShape, inputLayout, outputLayout), inputShape,
      inputLayout, outputLayout, 0);
}

} // namespace mlir::ttnn::op_model
