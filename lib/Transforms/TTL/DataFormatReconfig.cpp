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
// its source formats. The unpacker's output format of a source also depends on
// whether its DFB is unpacked straight to DEST (UnpackToDestFp32, see
// UnpackToDest.cpp: the JIT makes it Float32 instead of Tf32; the kernel's
// `ttl.unpack_to_dest`), so two f32 sources, one unpacked to DEST and one not,
// are two formats; ttl-plan-unpack-to-dest keeps the leaves of one SFPU tree
// alike, so one store has one SrcA format.
// A source is reprogrammed when the previous math that ran before
// it set another format, or when that math is unknown: the store is the first
// math of its block but not the kernel's first math (the math before it is in
// another region, e.g. the last math of a loop's previous iteration). A kernel
// whose math all uses one format gets no call.
//
//===----------------------------------------------------------------------===//

#include "TileMathLowering.h"

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/EmitCCalls.h"

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

/// What the unpacker or packer is programmed for when it reads / writes a
/// DFB: its element type and, for a source, whether its tiles go straight to
/// DEST. A null type is no format (or an unknown one).
struct Format {
  Type type;
  bool toDest = false;

  explicit operator bool() const { return static_cast<bool>(type); }
  bool operator==(const Format &other) const {
    return type == other.type && toDest == other.toDest;
  }
  bool operator!=(const Format &other) const { return !(*this == other); }
};

/// The first waited DFB leaf of a tile-math tree (every leaf of a tree has
/// the stored value's element type, which may differ from the destination's:
/// the packer converts), or null.
Value firstLeaf(Value value) {
  if (Value dfb = getWaitedDfb(value))
    return dfb;
  Operation *op = value.getDefiningOp();
  if (!op)
    return nullptr;
  for (Value operand : op->getOperands())
    if (Value dfb = firstLeaf(operand))
      return dfb;
  return nullptr;
}

/// The DFB of the first broadcast leaf of a tile-math tree, or null.
Value firstBroadcastLeaf(Value value) {
  Operation *op = value.getDefiningOp();
  if (!op)
    return nullptr;
  if (isa<BroadcastOp>(op))
    return getWaitedDfb(op->getOperand(0));
  for (Value operand : op->getOperands())
    if (Value dfb = firstBroadcastLeaf(operand))
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
  // A matmul with fused math: the lowering reprograms SrcA around the copy
  // of a block of another element type and restores it for the matmul.
  if (std::optional<MatmulExpr> expr = matchMatmulExpr(value)) {
    MatmulOp matmul = expr->matmul;
    formats.in0 = getWaitedDfb(matmul.getLhs());
    formats.in1 = getWaitedDfb(matmul.getRhs());
    if (!formats.in0 || !formats.in1)
      return std::nullopt;
    formats.srcA = formats.in1;
    formats.srcB = formats.in0;
    formats.reverse = true;
    return formats;
  }
  // A reduction reads its input and scaler through SrcA / SrcB (of one
  // element type, so the row reduction's swapped operands change nothing).
  if (isa_and_nonnull<ReduceSumOp, ReduceMaxOp>(root)) {
    formats.in0 = formats.srcA = getWaitedDfb(root->getOperand(0));
    formats.in1 = formats.srcB =
        root->getNumOperands() > 1 ? getWaitedDfb(root->getOperand(1)) : Value();
    if (!formats.srcA || !formats.srcB)
      return std::nullopt;
    return formats;
  }
  // The FPU binary path of the tile-math lowering: add / sub / mul of two
  // waited blocks reads both sources.
  if (lowersToFpuBinary(value)) {
    formats.in0 = formats.srcA = getWaitedDfb(root->getOperand(0));
    formats.in1 = formats.srcB = getFpuOperandDfb(root->getOperand(1));
    return formats;
  }
  // SFPU: every leaf is unpacked into SrcA by copy_tile, a broadcast leaf
  // into SrcB by unary_bcast. A tree of fills unpacks nothing.
  formats.in0 = formats.srcA = firstLeaf(value);
  formats.in1 = formats.srcB = firstBroadcastLeaf(value);
  return formats;
}

/// The formats the hardware holds: a null type is unknown.
struct HardwareState {
  Format srcA, srcB, out;
};

/// The formats of one store's sources and packer.
struct StepFormats {
  /// Physical indices of the DFBs unpacked straight to DEST.
  ArrayRef<int64_t> unpackToDest;

  Format source(Value dfb) const {
    if (!dfb)
      return {};
    auto create = dfb.getDefiningOp<CreateDataflowBufferOp>();
    std::optional<int64_t> index =
        create ? create.getPhysicalIndex() : std::nullopt;
    return {cast<DataflowBufferType>(dfb.getType()).getElementType(),
            index && llvm::is_contained(unpackToDest, *index)};
  }
  Format packer(Value dfb) const {
    return {cast<DataflowBufferType>(dfb.getType()).getElementType(), false};
  }
};

Value castToCb(OpBuilder &b, Location loc, Value dfb) {
  return UnrealizedConversionCastOp::create(b, loc,
                                            getUint32Type(b.getContext()), dfb)
      .getResult(0);
}

/// Emits, before `store`, the calls that move `state` to `formats`.
void emitReconfig(OpBuilder &b, StoreOp store, const MathFormats &formats,
                  const StepFormats &of, HardwareState &state) {
  Location loc = store.getLoc();
  b.setInsertionPoint(store);
  Format a = of.source(formats.srcA), bFormat = of.source(formats.srcB),
         out = of.packer(formats.out);
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

void emitc_lowering::emitDataFormatReconfigs(func::FuncOp kernel,
                                             ArrayRef<int64_t> unpackToDest) {
  StepFormats of{unpackToDest};
  SmallVector<std::pair<StoreOp, MathFormats>> steps;
  llvm::SmallPtrSet<Type, 2> types;
  bool toDest = false, throughSources = false;
  kernel->walk([&](StoreOp store) {
    std::optional<MathFormats> formats = getFormats(store);
    if (!formats)
      return;
    for (Value dfb : {formats->srcA, formats->srcB}) {
      if (Format source = of.source(dfb)) {
        types.insert(source.type);
        (source.toDest ? toDest : throughSources) = true;
      }
    }
    types.insert(of.packer(formats->out).type);
    steps.push_back({store, *formats});
  });
  // One element type, its sources all unpacked the same way: the startup's
  // configuration holds for every math.
  if (types.size() < 2 && !(toDest && throughSources))
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
        Format a = of.source(formats.srcA);
        state = {a, formats.srcB ? of.source(formats.srcB) : a,
                 of.packer(formats.out)};
        continue;
      }
    } else if (steps[i - 1].first->getBlock() != store->getBlock()) {
      state = {};
    }
    emitReconfig(b, store, formats, of, state);
  }
}
