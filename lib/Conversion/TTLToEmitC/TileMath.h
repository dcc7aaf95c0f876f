//===- TileMath.h - tile-math planning and lowering (internal) --*- C++ -*-===//
//
// Shared by the tile-math passes that run before convert-ttl-to-emitc:
// ttl-plan-accumulation and ttl-plan-unpack-to-dest decide and record (typed
// attributes, TTLBase.td / TTLAttrs.td), ttl-lower-tile-math lowers each
// `ttl.store` of tile math to compute-API calls as recorded. The conversion
// reads only what they left in the IR.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_CONVERSION_TTLTOEMITC_TILEMATH_H
#define TTL_LIB_CONVERSION_TTLTOEMITC_TILEMATH_H

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::ttl::emitc_lowering {

/// The DFB of a waited block (`ttl.wait` result), else null: the only block
/// tile math reads from a DFB.
Value getWaitedDfb(Value value);

/// True when compute kernel `kernel` runs with fp32 DEST accumulation
/// (`fp32_dest_acc_en` of its #ttl.kernel_record): as its operation chose
/// (`ttl.fp32_dest_acc_en`), else when it uses a DFB of f32 elements.
bool needsFp32DestAccumulation(func::FuncOp kernel);

/// Tiles one DEST section holds in tt-metal's default SyncHalf mode
/// (ckernel.h get_dest_max_tiles): 8 16-bit tiles, 4 with fp32 accumulation.
int64_t destTilesPerSection(bool fp32DestAccumulation);

/// True when the tile-math lowering runs the stored tile math `value` on the
/// FPU as one eltwise binary op (add / sub / mul of two waited blocks:
/// `binary_tiles_init` + `add_tiles`, ...; or of a waited block and a
/// broadcast of one: `add_bcast_rows_init` + `add_tiles_bcast_rows`, ...). A
/// matmul and a reduction run on the FPU too; any other tree runs on the SFPU,
/// its leaves unpacked with `copy_tile` / `unary_bcast` / `transpose_tile`.
bool lowersToFpuBinary(Value value);

/// The DFB an FPU binary operand reads: a waited block's, or the waited input
/// of a broadcast; else null.
Value getFpuOperandDfb(Value value);

/// A stored block matmul with fused element-wise math, as the tile-math
/// lowering runs it: `addend + lhs @ rhs` (or the product alone) computed in
/// the destination registers (the addend's tile copied in, then the product
/// accumulated onto it), then `epilogue` applied in place, innermost first:
/// unary and block-scalar ops, and binary ops whose other operand is a waited
/// block (e.g. `relu(a @ b + bias)`: add of bias, then relu).
struct MatmulExpr {
  MatmulOp matmul;
  Value addend; // a waited block, or null
  SmallVector<Operation *> epilogue;
};

/// The matmul form of stored tile math `value`, or nullopt when `value` is
/// not one (no matmul, or one combined otherwise, e.g. two matmuls).
std::optional<MatmulExpr> matchMatmulExpr(Value value);

/// The waited blocks a matmul expression copies into DEST (its addend and
/// the block operands of its epilogue).
SmallVector<Value> getCopiedBlocks(const MatmulExpr &expr);

/// ttl-plan-accumulation (PlanAccumulation.cpp): checks the accumulating
/// stores of `kernel` (`ttl.store {accumulate}`, Python `blk += expr`) and
/// records how each adds (`ttl.accumulation`) and which stores pack to tile
/// indices (`ttl.indexed_pack`: every store into a reserved block that has an
/// accumulating store). An accumulating store in a runtime `if` below its
/// reservation, and an accumulated reduction, are errors.
LogicalResult planAccumulation(func::FuncOp kernel);

/// ttl-plan-unpack-to-dest (UnpackToDest.cpp): the sorted physical indices of
/// the DFBs whose tiles compute kernel `kernel` unpacks straight into DEST
/// (ttnn UnpackToDestMode::UnpackToDestFp32, `unpack_to_dest` of its
/// #ttl.kernel_record): its f32 DFBs that its tile math reads only with
/// copy_tile, when it runs with fp32 DEST accumulation. Every other DFB is
/// unpacked through SrcA / SrcB (TF32 for f32 data).
SmallVector<int64_t> planUnpackToDest(func::FuncOp kernel);

/// After `kernel`'s tile math is lowered: checks the recorded plan against
/// the compute-API calls the lowering emitted (every planned DFB is read by
/// copy_tile and by no other unpacking call). Fails with an error otherwise.
LogicalResult checkUnpackToDest(func::FuncOp kernel,
                                ArrayRef<int64_t> unpackToDest);

/// Before the tile math is lowered: emits reconfig_data_format* /
/// pack_reconfig_data_format before each `ttl.store` of `kernel` whose DFB
/// unpacker / packer formats differ from the math that runs before it
/// (DataFormatReconfig.cpp): a format is a DFB's element type and, for a
/// source, whether it is unpacked to DEST (its physical index is in
/// `unpackToDest`). Nothing for a kernel of one format.
void emitDataFormatReconfigs(func::FuncOp kernel,
                             ArrayRef<int64_t> unpackToDest);

/// Tile math (ttl-lower-tile-math, run greedily top-down): every `ttl.store`
/// of a tile-math expression becomes compute-API calls inside the
/// tile-register protocol, packing as its `ttl.accumulation` /
/// `ttl.indexed_pack` say; the expression ops become dead. Also emits the
/// compute kernel's hardware startup.
void populateTileMathPatterns(RewritePatternSet &patterns);

} // namespace mlir::ttl::emitc_lowering

#endif // TTL_LIB_CONVERSION_TTLTOEMITC_TILEMATH_H
