//===- DataFormatReconfig.cpp - unpacker / packer format changes ----------===//
//
// `compute_kernel_hw_startup(in0, in1, out)` configures the unpacker (SrcA,
// SrcB) and the packer for the data formats of the kernel's first math only.
// When a later `ttl.store` reads or packs DFBs of another element type, the
// formats must be reprogrammed before its init, with the ttnn 0.81.1 calls of
// api/compute/reconfig_data_format.h:
//
//   reconfig_data_format(a, b);           // SrcA and SrcB (FPU binary)
//   reconfig_data_format<SrcOrder::Reverse>(a, b);  // matmul: a -> SrcB
//   reconfig_data_format_srca(cb);        // one source (SFPU copy_tile: SrcA)
//   reconfig_data_format_srcb(cb);
//   pack_reconfig_data_format(out);       // the packer
//
// Each store's formats come from the element types of the DFBs it reads and
// packs to; a store converting bf16 <-> f32 (its value's element type differs
// from its destination's) is just a store whose packer format differs from
// its source formats. A source is reprogrammed when the previous math that ran before
// it set another format, or when that math is unknown: the store is the first
// math of its block but not the kernel's first math (the math before it is in
// another region, e.g. the last math of a loop's previous iteration). A kernel
// whose math all uses one element type gets no call.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

/// The unpacker and packer formats of one tile-math store. `srcA` / `srcB`
/// are the DFBs unpacked into each source (null: the source is not used).
struct MathFormats {
  Value srcA, srcB, out;
  bool reverse = false; // matmul: in0 -> SrcB, in1 -> SrcA
  Value in0, in1;
};

Type formatOf(Value dfb) {
  return dfb ? cast<DataflowBufferType>(dfb.getType()).getElementType()
             : Type();
}

Value waitedDfb(Value value) {
  if (auto wait = value.getDefiningOp<WaitOp>())
    return wait.getDfb();
  return nullptr;
}

/// The first waited DFB leaf of a tile-math tree (every leaf of a tree has
/// the stored value's element type, which may differ from the destination's:
/// the packer converts), or null.
Value firstLeaf(Value value) {
  if (Value dfb = waitedDfb(value))
    return dfb;
  Operation *op = value.getDefiningOp();
  if (!op)
    return nullptr;
  for (Value operand : op->getOperands())
    if (Value dfb = firstLeaf(operand))
      return dfb;
  return nullptr;
}

/// Formats of `store`, or nullopt when it is not lowerable tile math (the
/// tile-math pattern reports it).
std::optional<MathFormats> getFormats(StoreOp store) {
  auto reserve = store.getDest().getDefiningOp<ReserveOp>();
  if (!reserve)
    return std::nullopt;
  MathFormats formats;
  formats.out = reserve.getDfb();
  Value value = store.getValue();
  Operation *root = value.getDefiningOp();
  if (auto matmul = dyn_cast_or_null<MatmulOp>(root)) {
    formats.in0 = waitedDfb(matmul.getLhs());
    formats.in1 = waitedDfb(matmul.getRhs());
    if (!formats.in0 || !formats.in1)
      return std::nullopt;
    formats.srcA = formats.in1;
    formats.srcB = formats.in0;
    formats.reverse = true;
    return formats;
  }
  // The FPU binary path of the tile-math lowering: add / sub / mul of two
  // waited blocks reads both sources.
  if (root && isa<AddOp, SubOp, MulOp>(root) &&
      waitedDfb(root->getOperand(0)) && waitedDfb(root->getOperand(1))) {
    formats.in0 = formats.srcA = waitedDfb(root->getOperand(0));
    formats.in1 = formats.srcB = waitedDfb(root->getOperand(1));
    return formats;
  }
  // SFPU: every leaf is unpacked into SrcA by copy_tile.
  formats.srcA = firstLeaf(value);
  if (!formats.srcA)
    return std::nullopt;
  return formats;
}

/// The formats the hardware holds: a null type is unknown.
struct HardwareState {
  Type srcA, srcB, out;
};

Value castToCb(OpBuilder &b, Location loc, Value dfb) {
  return UnrealizedConversionCastOp::create(b, loc,
                                            getUint32Type(b.getContext()), dfb)
      .getResult(0);
}

/// Emits, before `store`, the calls that move `state` to `formats`.
void emitReconfig(OpBuilder &b, StoreOp store, const MathFormats &formats,
                  HardwareState &state) {
  Location loc = store.getLoc();
  b.setInsertionPoint(store);
  Type a = formatOf(formats.srcA), bFormat = formatOf(formats.srcB),
       out = formatOf(formats.out);
  bool changeA = a && a != state.srcA;
  bool changeB = bFormat && bFormat != state.srcB;
  if (changeA && changeB) {
    SmallVector<Attribute> order;
    if (formats.reverse)
      order.push_back(emitc::OpaqueAttr::get(b.getContext(), "SrcOrder::Reverse"));
    emitCall(b, loc, "reconfig_data_format", Type(),
             {castToCb(b, loc, formats.in0), castToCb(b, loc, formats.in1)},
             order);
  } else if (changeA) {
    emitCall(b, loc, "reconfig_data_format_srca", Type(),
             {castToCb(b, loc, formats.srcA)});
  } else if (changeB) {
    emitCall(b, loc, "reconfig_data_format_srcb", Type(),
             {castToCb(b, loc, formats.srcB)});
  }
  if (out != state.out)
    emitCall(b, loc, "pack_reconfig_data_format", Type(),
             {castToCb(b, loc, formats.out)});
  if (a)
    state.srcA = a;
  if (bFormat)
    state.srcB = bFormat;
  state.out = out;
}

} // namespace

void emitc_lowering::emitDataFormatReconfigs(func::FuncOp kernel) {
  SmallVector<std::pair<StoreOp, MathFormats>> steps;
  llvm::SmallPtrSet<Type, 2> used;
  kernel->walk([&](StoreOp store) {
    std::optional<MathFormats> formats = getFormats(store);
    if (!formats)
      return;
    for (Value dfb : {formats->srcA, formats->srcB, formats->out})
      if (dfb)
        used.insert(formatOf(dfb));
    steps.push_back({store, *formats});
  });
  if (used.size() < 2)
    return;

  OpBuilder b(kernel.getContext());
  HardwareState state;
  for (auto [i, step] : llvm::enumerate(steps)) {
    auto [store, formats] = step;
    if (i == 0) {
      // compute_kernel_hw_startup(in0, in1, out) configures the first math's
      // formats (an SFPU tree's in1 is a leaf too, of SrcA's format), but
      // only for its first run when it sits inside control flow.
      if (store->getBlock() == &kernel.front()) {
        Type a = formatOf(formats.srcA);
        state = {a, formats.srcB ? formatOf(formats.srcB) : a,
                 formatOf(formats.out)};
        continue;
      }
    } else if (steps[i - 1].first->getBlock() != store->getBlock()) {
      state = {};
    }
    emitReconfig(b, store, formats, state);
  }
}
