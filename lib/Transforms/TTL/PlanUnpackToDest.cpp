//===- PlanUnpackToDest.cpp - f32 DFBs unpacked straight into DEST --------===//
//
// copy_tile (api/compute/tile_move_copy.h) unpacks with
// `llk_unpack_A<..., UnpackToDestEn>`: tt-llk sends a tile straight into DEST
// when its unpacker input and output formats are both 32-bit
// (cunpack_common.h should_unpack_to_dest). The JIT makes a CB's unpacker
// output format Float32 only when the kernel's ComputeConfigDescriptor
// `unpack_to_dest_mode` is UnpackToDestFp32 for that CB; by default an f32 CB
// unpacks to Tf32 into SrcA (19 bits), so an f32 tile copied through DEST
// loses 13 mantissa bits even with fp32 DEST accumulation. FPU operations
// (eltwise binary, matmul) must not read such a CB: their operands live in
// SrcA / SrcB, which an unpack to DEST bypasses.
//
// ttl-plan-unpack-to-dest (planUnpackToDest) picks, per compute kernel with
// fp32 DEST accumulation (an unpack to DEST of 32-bit data needs a 32-bit
// DEST), the f32 DFBs its tile math reads only with copy_tile: a DFB read by
// an FPU op or handed to an external call is not one, and since one SFPU
// tree's leaves share the unpacker's configuration (DataFormatReconfig.cpp
// reprograms it between stores, not between copies), a tree with one such leaf
// keeps all its leaves on the SrcA path. It records their physical indices as
// the kernel function's `ttl.unpack_to_dest`, which ttl-package-kernels moves
// into its #ttl.kernel_record (`unpack_to_dest`). After ttl-lower-tile-math
// lowers the tile math, it checks the plan against the calls it emitted
// (checkUnpackToDest, LowerTileMath.cpp).
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/Passes.h"
#include "ttl/Transforms/TTL/TileMath.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLPLANUNPACKTODEST
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

/// The DFB a value stands for: a DFB itself, or a block of one.
Value dfbOf(Value value) {
  if (isa<DataflowBufferType>(value.getType()))
    return value;
  if (auto wait = value.getDefiningOp<WaitOp>())
    return wait.getDfb();
  if (auto reserve = value.getDefiningOp<ReserveOp>())
    return reserve.getDfb();
  return nullptr;
}

/// The DFBs a tile-math tree copies into DEST: its waited leaves (copy_tile)
/// and the inputs of its broadcast / transpose leaves (unary_bcast and
/// transpose_tile unpack straight to DEST when the CB's unpacker output is
/// 32-bit, like copy_tile: bcast.h, transpose.h).
void collectLeaves(Value value, SmallVectorImpl<Value> &leaves) {
  if (Value dfb = getWaitedDfb(value)) {
    leaves.push_back(dfb);
    return;
  }
  Operation *op = value.getDefiningOp();
  if (!op)
    return;
  for (Value operand : op->getOperands())
    collectLeaves(operand, leaves);
}

} // namespace

/// The sorted physical indices of the DFBs whose tiles compute kernel `kernel`
/// unpacks straight into DEST: its f32 DFBs that its tile math reads only
/// with copy_tile, when it runs with fp32 DEST accumulation. Every other DFB
/// is unpacked through SrcA / SrcB (TF32 for f32 data).
static SmallVector<int64_t> planUnpackToDest(func::FuncOp kernel) {
  SmallVector<int64_t> plan;
  auto id = kernel->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName);
  if (!id || id.getKind() != KernelKind::Compute ||
      !needsFp32DestAccumulation(kernel))
    return plan;

  // Leaves of each SFPU tree (read by copy_tile), and the DFBs that must stay
  // on the SrcA / SrcB path, by physical index: the CB is what the
  // ComputeConfigDescriptor configures.
  SmallVector<SmallVector<Value>> trees;
  llvm::DenseSet<int64_t> excluded;
  bool unknown = false;
  auto exclude = [&](Value dfb) {
    if (hasPhysicalIndex(dfb))
      return excluded.insert(physicalIndexOf(dfb)).second;
    unknown = true; // a CB we cannot name: it could be any of them
    return false;
  };
  kernel.walk([&](Operation *op) {
    if (auto store = dyn_cast<StoreOp>(op)) {
      Value value = store.getValue();
      // A matmul's operands are FPU sources; the blocks its fused math
      // copies share the unpacker configuration with them.
      if (std::optional<MatmulExpr> expr = matchMatmulExpr(value)) {
        SmallVector<Value> blocks = getCopiedBlocks(*expr);
        blocks.append({expr->matmul.getLhs(), expr->matmul.getRhs()});
        for (Value block : blocks)
          if (Value dfb = getWaitedDfb(block))
            exclude(dfb);
        return;
      }
      // A reduction's input and scaler are FPU sources too.
      Operation *root = value.getDefiningOp();
      if (isa_and_nonnull<ReduceSumOp, ReduceMaxOp>(root)) {
        for (Value operand : root->getOperands())
          if (Value dfb = getWaitedDfb(operand))
            exclude(dfb);
        return;
      }
      SmallVector<Value> leaves;
      collectLeaves(value, leaves);
      if (lowersToFpuBinary(value)) {
        for (Value dfb : leaves)
          exclude(dfb);
        return;
      }
      trees.push_back(std::move(leaves));
      return;
    }
    // External code may read a DFB it is given in any way.
    if (isa<CallExternFuncOp>(op))
      for (Value operand : op->getOperands())
        if (Value dfb = dfbOf(operand))
          exclude(dfb);
  });
  for (const SmallVector<Value> &leaves : trees)
    for (Value dfb : leaves)
      if (!cast<DataflowBufferType>(dfb.getType()).getElementType().isF32() ||
          !hasPhysicalIndex(dfb))
        exclude(dfb);
  if (unknown)
    return plan;
  // A tree with an excluded leaf keeps all its leaves on the SrcA path; that
  // may exclude a leaf of another tree.
  auto isExcluded = [&](Value dfb) {
    return excluded.contains(physicalIndexOf(dfb));
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const SmallVector<Value> &leaves : trees) {
      if (llvm::none_of(leaves, isExcluded))
        continue;
      for (Value dfb : leaves)
        changed |= exclude(dfb);
    }
  }
  for (const SmallVector<Value> &leaves : trees)
    for (Value dfb : leaves)
      if (!isExcluded(dfb))
        plan.push_back(physicalIndexOf(dfb));
  llvm::sort(plan);
  plan.erase(llvm::unique(plan), plan.end());
  return plan;
}

namespace {

struct TTLPlanUnpackToDestPass
    : public ttl::impl::TTLPlanUnpackToDestBase<TTLPlanUnpackToDestPass> {
  void runOnOperation() override {
    auto record = [&](func::FuncOp kernel) {
      auto id = kernel->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName);
      if (id.getKind() == KernelKind::Compute)
        kernel->setAttr(TTLDialect::kUnpackToDestAttrName,
                        DenseI64ArrayAttr::get(&getContext(),
                                               planUnpackToDest(kernel)));
      return success();
    };
    if (failed(forEachKernelFunction(getOperation(), record)))
      signalPassFailure();
  }
};

} // namespace
