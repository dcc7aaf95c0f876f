//===- TileMath.h - what the tile-math passes read of tile math -*- C++ -*-===//
//
// The queries over tile-math expressions shared by the tile-math passes that
// run before convert-ttl-to-emitc: ttl-plan-accumulation and
// ttl-plan-unpack-to-dest decide and record (typed attributes, TTLBase.td /
// TTLAttrs.td), ttl-lower-tile-math lowers each `ttl.store` of tile math to
// compute-API calls as recorded (TileMathLowering.h). The conversion reads
// only what they left in the IR, and whether a compute kernel accumulates in
// fp32 (its record's `fp32_dest_acc_en`).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TRANSFORMS_TTL_TILEMATH_H
#define TTL_TRANSFORMS_TTL_TILEMATH_H

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::ttl::emitc_lowering {

/// A DFB whose physical index (ttl-assign-dfb-indices) a record can name, and
/// that index.
bool hasPhysicalIndex(Value dfb);
int64_t physicalIndexOf(Value dfb);

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

} // namespace mlir::ttl::emitc_lowering

#endif // TTL_TRANSFORMS_TTL_TILEMATH_H
