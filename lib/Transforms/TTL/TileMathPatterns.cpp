//===- TileMathPatterns.cpp - tile math -> compute API --------------------===//
//
// `ttl.store %expr, %out` where %expr is a tree of tile math over blocks from
// `ttl.wait` becomes the tile-register protocol around the math:
//
//   tile_regs_acquire();
//   <math into destination registers>
//   tile_regs_commit();
//   tile_regs_wait();
//   pack_tile(d, out);          // in order: the next tile of the reserved block
//   tile_regs_release();
//
// A single add / sub / mul of two DFB blocks runs on the FPU:
// `binary_tiles_init<true, EltwiseBinaryType::ELWADD>(a, b)`, then groups of up
// to 4 tiles per acquire, `add_tiles(a, b, tile, tile, t)` into register t.
// Any other tree runs on the SFPU, one tile per acquire: each leaf is copied
// into its own destination register (`copy_init`, `copy_tile`) and every node
// applies `<op>_binary_tile` / `<op>_tile` after its init, in place in its
// first operand's register. A block matmul runs on the FPU, with fused math
// (MatmulExpr: an addend copied into DEST before the product accumulates onto
// it, then an in-place SFPU epilogue). An accumulating store (`blk += expr`)
// adds through the packer's L1 accumulation, or keeps a matmul's partial sums
// in DEST across its K loop, as its `ttl.accumulation` says
// (ttl-plan-accumulation, PlanAccumulation.cpp).
// The compute kernel starts with `compute_kernel_hw_startup(in0, in1, out)`
// for its first math.
// Reconfiguration of the unpacker / packer formats between math steps of
// different element types is emitted before this runs (DataFormatReconfig.cpp;
// ttl-lower-tile-math, LowerTileMath.cpp, drives both).
//
// Leaves other than waited blocks: `ttl.fill` is `fill_tile_bitcast` into its
// register, `ttl.broadcast` of a waited block `unary_bcast<BroadcastType>`
// from the source tile each result tile repeats, `ttl.transpose` of a waited
// block `transpose_tile` of the mirrored tile. A stored `ttl.reduce_sum` /
// `ttl.reduce_max` runs on the FPU on its own: `reduce_init`, per result tile
// one acquire accumulating `reduce_tile` over the tiles it reduces, then
// `reduce_uninit` (which restores the packer's edge masks).
//
// DFB operands are bridged with unrealized casts to uint32_t; the dialect
// conversion that follows replaces the DFBs themselves.
//
//===----------------------------------------------------------------------===//

#include "TileMathLowering.h"

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/EmitCCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

struct BinaryInfo {
  StringRef fpuType;   // EltwiseBinaryType, empty when the FPU has no op
  StringRef fpuCall;   // add_tiles ...
  StringRef sfpuCall;  // add_binary_tile ...
};

std::optional<BinaryInfo> getBinaryInfo(Operation *op) {
  if (isa<AddOp>(op))
    return BinaryInfo{"EltwiseBinaryType::ELWADD", "add_tiles", "add_binary_tile"};
  if (isa<SubOp>(op))
    return BinaryInfo{"EltwiseBinaryType::ELWSUB", "sub_tiles", "sub_binary_tile"};
  if (isa<MulOp>(op))
    return BinaryInfo{"EltwiseBinaryType::ELWMUL", "mul_tiles", "mul_binary_tile"};
  if (isa<DivOp>(op))
    return BinaryInfo{"", "", "div_binary_tile"};
  // binary_max_min.h: binary_max_tile(a, b, out) with binary_max_tile_init.
  if (isa<MaxOp>(op))
    return BinaryInfo{"", "", "binary_max_tile"};
  if (isa<MinOp>(op))
    return BinaryInfo{"", "", "binary_min_tile"};
  // eltwise_binary_sfpu.h comparisons: 1.0 where it holds, else 0.0.
  return llvm::TypeSwitch<Operation *, std::optional<BinaryInfo>>(op)
      .Case([](EqOp) { return BinaryInfo{"", "", "eq_binary_tile"}; })
      .Case([](NeOp) { return BinaryInfo{"", "", "ne_binary_tile"}; })
      .Case([](LtOp) { return BinaryInfo{"", "", "lt_binary_tile"}; })
      .Case([](LeOp) { return BinaryInfo{"", "", "le_binary_tile"}; })
      .Case([](GtOp) { return BinaryInfo{"", "", "gt_binary_tile"}; })
      .Case([](GeOp) { return BinaryInfo{"", "", "ge_binary_tile"}; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The compute API call of a unary tile-math op (its init is `<call>_init`);
/// every one is declared by ttnn 0.81.1's api/compute headers.
std::optional<StringRef> getUnaryCall(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<StringRef>>(op)
      .Case([](ExpOp) { return StringRef("exp_tile"); })
      .Case([](ReluOp) { return StringRef("relu_tile"); })
      .Case([](SqrtOp) { return StringRef("sqrt_tile"); })
      .Case([](NegOp) { return StringRef("negative_tile"); })
      .Case([](AbsOp) { return StringRef("abs_tile"); })
      .Case([](RsqrtOp) { return StringRef("rsqrt_tile"); })
      .Case([](RecipOp) { return StringRef("recip_tile"); })
      .Case([](SigmoidOp) { return StringRef("sigmoid_tile"); })
      .Case([](TanhOp) { return StringRef("tanh_tile"); })
      .Case([](LogOp) { return StringRef("log_tile"); })
      .Case([](SinOp) { return StringRef("sin_tile"); })
      .Case([](CosOp) { return StringRef("cos_tile"); })
      .Case([](GeluOp) { return StringRef("gelu_tile"); })
      .Case([](SiluOp) { return StringRef("silu_tile"); })
      .Case([](SquareOp) { return StringRef("square_tile"); })
      .Case([](Exp2Op) { return StringRef("exp2_tile"); })
      .Default([](Operation *) { return std::nullopt; });
}

/// Template arguments of a unary call and its init: gelu_tile defaults to
/// its LUT approximation (fast_and_approx = true, absolute error ~0.02);
/// ttlang computes the exact form, x * Phi(x), as torch.nn.GELU does.
SmallVector<Attribute> getUnaryTemplateArgs(Operation *op) {
  if (isa<GeluOp>(op))
    return {emitc::OpaqueAttr::get(op->getContext(), "false")};
  return {};
}

/// init / call of a block-scalar op: `call(reg, <f32 bits>)` in place.
struct ScalarInfo {
  StringRef init;
  StringRef call;
};

std::optional<ScalarInfo> getScalarInfo(Operation *op) {
  constexpr StringRef binop = "binop_with_scalar_tile_init";
  return llvm::TypeSwitch<Operation *, std::optional<ScalarInfo>>(op)
      .Case([&](AddScalarOp) { return ScalarInfo{binop, "add_unary_tile"}; })
      .Case([&](SubScalarOp) { return ScalarInfo{binop, "sub_unary_tile"}; })
      .Case([&](RsubScalarOp) { return ScalarInfo{binop, "rsub_unary_tile"}; })
      .Case([&](MulScalarOp) { return ScalarInfo{binop, "mul_unary_tile"}; })
      .Case([&](DivScalarOp) { return ScalarInfo{binop, "div_unary_tile"}; })
      .Case([](RdivScalarOp) { return ScalarInfo{"rdiv_tile_init", "rdiv_tile"}; })
      // power_tile(i, bits): x ** (the f32 exponent whose bits are passed).
      .Case([](PowScalarOp) { return ScalarInfo{"power_tile_init", "power_tile"}; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The f32 constant a block-scalar op passes to the compute API. Every
/// binop_with_scalar call applies it as written (x + s, x - s, s - x, x * s;
/// rdiv_tile: s / x) except div_unary_tile, which computes x * s: "inversion
/// is carried out on host side" (ckernel_sfpu_binop_with_unary.h), so a
/// division passes the reciprocal (the verifier ensures it is finite).
APFloat getScalarOperand(Operation *op) {
  if (auto div = dyn_cast<DivScalarOp>(op))
    return *div.getReciprocal();
  return op->getAttrOfType<FloatAttr>("scalar").getValue();
}

/// The f32 bits of a block-scalar op's operand, as the uint32_t literal the
/// compute API takes (e.g. 0.5 -> 0x3f000000u), or the run-time bits of a
/// scalar parameter (its runtime-argument word) as they are.
Value emitScalarBits(OpBuilder &b, Location loc, Operation *op) {
  if (op->getNumOperands() == 2)
    return op->getOperand(1);
  uint64_t bits = getScalarOperand(op).bitcastToAPInt().getZExtValue();
  return emitc::LiteralOp::create(b, loc, getUint32Type(b.getContext()),
                                  "0x" + llvm::utohexstr(bits, true) + "u");
}

/// Whether an epilogue op reads a second block (a binary op; a block-scalar
/// op's second operand, when it has one, is its scalar's run-time bits).
bool hasSecondBlock(Operation *op) {
  return op->getNumOperands() == 2 && isa<BlockType>(op->getOperand(1).getType());
}

/// The DFB a broadcast / transpose leaf unpacks: its input's, when waited.
Value getShapedLeafDfb(Operation *op) {
  if (isa_and_nonnull<BroadcastOp, TransposeOp>(op))
    return getWaitedDfb(op->getOperand(0));
  return nullptr;
}

/// A literal tile index or a size_t value.
CallArg tileExpr(OpBuilder &b, Location loc, CallArg row, int64_t scale,
                 CallArg col) {
  Type size = getSizeType(b.getContext());
  auto *rowLit = std::get_if<int64_t>(&row);
  auto *colLit = std::get_if<int64_t>(&col);
  if (rowLit && colLit)
    return *rowLit * scale + *colLit;
  auto value = [&](CallArg arg) -> Value {
    if (auto *lit = std::get_if<int64_t>(&arg))
      return emitIndex(b, loc, *lit);
    return std::get<Value>(arg);
  };
  Value scaled = value(row);
  if (!(rowLit && *rowLit == 0) && scale != 1)
    scaled = emitc::MulOp::create(b, loc, size, scaled, emitIndex(b, loc, scale));
  if (rowLit && *rowLit == 0)
    return col;
  if (colLit && *colLit == 0)
    return scaled;
  return Value(emitc::AddOp::create(b, loc, size, scaled, value(col)));
}

/// The row (`wantRow`) or column of flat tile `tile` in a `shape` block,
/// emitted only when it is not a literal.
CallArg tileCoordinate(OpBuilder &b, Location loc, CallArg tile,
                       ArrayRef<int64_t> shape, bool wantRow) {
  int64_t cols = shape[1];
  if (auto *lit = std::get_if<int64_t>(&tile))
    return wantRow ? *lit / cols : *lit % cols;
  if (wantRow ? shape[0] == 1 : cols == 1)
    return int64_t(0);
  if (wantRow ? cols == 1 : shape[0] == 1)
    return tile;
  Type size = getSizeType(b.getContext());
  Value t = std::get<Value>(tile), n = emitIndex(b, loc, cols);
  if (wantRow)
    return Value(emitc::DivOp::create(b, loc, size, t, n));
  return Value(emitc::RemOp::create(b, loc, size, t, n));
}

/// The input tile that result tile `tile` of `bcast` repeats: its row
/// (column) unless the broadcast runs along the rows (columns).
CallArg broadcastSourceTile(OpBuilder &b, Location loc, BroadcastOp bcast,
                            CallArg tile) {
  ArrayRef<int64_t> dims = bcast.getDims();
  ArrayRef<int64_t> result = bcast.getResult().getType().getShape();
  CallArg row = llvm::is_contained(dims, 0)
                    ? CallArg(int64_t(0))
                    : tileCoordinate(b, loc, tile, result, true);
  CallArg col = llvm::is_contained(dims, 1)
                    ? CallArg(int64_t(0))
                    : tileCoordinate(b, loc, tile, result, false);
  return tileExpr(b, loc, row, bcast.getInput().getType().getShape()[1], col);
}

/// `<op>_bcast_<kind>_init` / `<op>_tiles_bcast_<kind>` of bcast.h for an FPU
/// add / sub / mul whose second operand is broadcast.
std::pair<std::string, std::string> getFpuBroadcastCalls(StringRef fpuCall,
                                                         BroadcastOp bcast) {
  StringRef op = fpuCall.split('_').first; // add_tiles -> add
  StringRef kind = llvm::StringSwitch<StringRef>(bcast.getBroadcastType())
                       .Case("BroadcastType::ROW", "rows")
                       .Case("BroadcastType::COL", "cols")
                       .Default("scalar");
  return {(op + "_bcast_" + kind + "_init").str(),
          (op + "_tiles_bcast_" + kind).str()};
}

struct StoreLowering {
  StoreLowering(PatternRewriter &rewriter, Location loc, func::FuncOp kernel)
      : rewriter(rewriter), loc(loc),
        destRegisters(
            destTilesPerSection(needsFp32DestAccumulation(kernel))) {}

  PatternRewriter &rewriter;
  Location loc;
  /// Destination registers available to one tile's math: one DEST section
  /// in the kernel's accumulation mode.
  int64_t destRegisters;
  DenseMap<Value, Value> castCache;
  int nextRegister = 0;
  int maxRegister = 0;

  Value cb(Value dfb) {
    auto [it, inserted] = castCache.try_emplace(dfb);
    if (inserted) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(dfb);
      it->second = UnrealizedConversionCastOp::create(
                       rewriter, loc, getUint32Type(rewriter.getContext()), dfb)
                       .getResult(0);
    }
    return it->second;
  }

  LogicalResult checkTree(Value value) {
    if (getWaitedDfb(value))
      return success();
    Operation *op = value.getDefiningOp();
    if (isa_and_nonnull<FillOp>(op))
      return success();
    if (isa_and_nonnull<BroadcastOp, TransposeOp>(op)) {
      if (getShapedLeafDfb(op))
        return success();
      InFlightDiagnostic diag =
          emitError(loc) << "a " << op->getName().stripDialect()
                         << " reads a block from ttl.wait directly; store "
                            "other tile math into a DFB and wait for it first";
      diag.attachNote(op->getLoc()) << "this " << op->getName().stripDialect();
      return diag;
    }
    if (isa_and_nonnull<ReduceSumOp, ReduceMaxOp>(op)) {
      InFlightDiagnostic diag =
          emitError(loc) << "a reduction must be stored on its own "
                            "(blk.store(ttl.math.reduce_sum(x, dims=[...]))); "
                            "fusing it with other tile math is not supported";
      diag.attachNote(op->getLoc()) << "this reduction";
      return diag;
    }
    if (op && getBinaryInfo(op))
      return success(succeeded(checkTree(op->getOperand(0))) &&
                     succeeded(checkTree(op->getOperand(1))));
    if (op && (getUnaryCall(op) || getScalarInfo(op)))
      return checkTree(op->getOperand(0));
    if (auto where = dyn_cast_or_null<WhereOp>(op))
      return success(succeeded(checkTree(where.getCondition())) &&
                     succeeded(checkTree(where.getTrueValue())) &&
                     succeeded(checkTree(where.getFalseValue())));
    if (auto matmul = dyn_cast_or_null<MatmulOp>(op)) {
      InFlightDiagnostic diag =
          emitError(loc)
          << "a block matmul is stored on its own or as the innermost "
             "operand of element-wise math whose other operands are waited "
             "blocks (prev + a @ b, relu(a @ b + bias)); this expression "
             "combines it otherwise (e.g. with another matmul or a computed "
             "block)";
      diag.attachNote(matmul.getLoc()) << "this matmul";
      return diag;
    }
    InFlightDiagnostic diag =
        emitError(loc) << "tile math reads a block that is not from "
                          "ttl.wait; only waited DFB blocks and tile math "
                          "can be stored";
    diag.attachNote(value.getLoc()) << "this block";
    return diag;
  }

  void collectLeaves(Value value, SmallVectorImpl<Value> &leaves) {
    if (Value dfb = getWaitedDfb(value)) {
      leaves.push_back(dfb);
      return;
    }
    for (Value operand : value.getDefiningOp()->getOperands())
      if (isa<BlockType>(operand.getType())) // not a scalar's run-time bits
        collectLeaves(operand, leaves);
  }

  /// The next free destination register of this tile's math.
  FailureOr<int> takeRegister() {
    int reg = nextRegister++;
    maxRegister = std::max(maxRegister, nextRegister);
    if (maxRegister > destRegisters)
      return emitError(loc)
             << "tile-math expression needs more than " << destRegisters
             << " destination registers"
             << (destRegisters < destTilesPerSection(false)
                     ? " (the kernel runs with fp32 DEST accumulation, "
                       "whose sections hold half as many tiles)"
                     : "");
    return reg;
  }

  /// Result tile `tile` of a fill / broadcast / transpose into `reg`;
  /// `resultCols` is the tile columns of the stored block.
  void emitShapedLeaf(OpBuilder &b, Operation *op, CallArg tile, int reg) {
    MLIRContext *context = b.getContext();
    if (auto fill = dyn_cast<FillOp>(op)) {
      uint64_t bits = fill.getValue().bitcastToAPInt().getZExtValue();
      emitCall(b, loc, "fill_tile_init", Type(), {});
      emitCall(b, loc, "fill_tile_bitcast", Type(),
               {int64_t(reg),
                Value(emitc::LiteralOp::create(
                    b, loc, getUint32Type(context),
                    "0x" + llvm::utohexstr(bits, true) + "u"))});
      return;
    }
    Value dfb = getShapedLeafDfb(op);
    ArrayRef<int64_t> result =
        cast<BlockType>(op->getResult(0).getType()).getShape();
    auto row = [&] { return tileCoordinate(b, loc, tile, result, true); };
    auto col = [&] { return tileCoordinate(b, loc, tile, result, false); };
    if (auto bcast = dyn_cast<BroadcastOp>(op)) {
      CallArg source = broadcastSourceTile(b, loc, bcast, tile);
      Attribute type = emitc::OpaqueAttr::get(context, bcast.getBroadcastType());
      emitCall(b, loc, "unary_bcast_init", Type(), {cb(dfb)}, {type});
      emitCall(b, loc, "unary_bcast", Type(), {cb(dfb), source, int64_t(reg)},
               {type});
      // Restores the unpacker's broadcast mode for the copies that follow.
      emitCall(b, loc, "unary_bcast_uninit", Type(), {cb(dfb)}, {type});
      return;
    }
    // Transpose: result tile (r, c) mirrors input tile (c, r); the input
    // has the result's rows as its columns.
    CallArg source = tileExpr(b, loc, col(), result[0], row());
    emitCall(b, loc, "transpose_init", Type(), {cb(dfb)});
    emitCall(b, loc, "transpose_tile", Type(), {cb(dfb), source, int64_t(reg)});
  }

  /// Emits the SFPU evaluation of `value` for tile `tile`; returns its
  /// destination register.
  FailureOr<int> emitSfpu(OpBuilder &b, Value value, CallArg tile) {
    if (Value dfb = getWaitedDfb(value)) {
      FailureOr<int> taken = takeRegister();
      if (failed(taken))
        return failure();
      int reg = *taken;
      emitCall(b, loc, "copy_init", Type(), {cb(dfb)});
      emitCall(b, loc, "copy_tile", Type(), {cb(dfb), tile, int64_t(reg)});
      return reg;
    }
    Operation *op = value.getDefiningOp();
    if (isa<FillOp, BroadcastOp, TransposeOp>(op)) {
      FailureOr<int> reg = takeRegister();
      if (failed(reg))
        return failure();
      emitShapedLeaf(b, op, tile, *reg);
      return *reg;
    }
    if (std::optional<StringRef> unary = getUnaryCall(op)) {
      FailureOr<int> reg = emitSfpu(b, op->getOperand(0), tile);
      if (failed(reg))
        return failure();
      SmallVector<Attribute> templateArgs = getUnaryTemplateArgs(op);
      emitCall(b, loc, (*unary + "_init").str(), Type(), {}, templateArgs);
      emitCall(b, loc, *unary, Type(), {int64_t(*reg)}, templateArgs);
      return *reg;
    }
    if (auto where = dyn_cast<WhereOp>(op)) {
      FailureOr<int> cond = emitSfpu(b, where.getCondition(), tile);
      if (failed(cond))
        return failure();
      FailureOr<int> onTrue = emitSfpu(b, where.getTrueValue(), tile);
      if (failed(onTrue))
        return failure();
      FailureOr<int> onFalse = emitSfpu(b, where.getFalseValue(), tile);
      if (failed(onFalse))
        return failure();
      // where_tile<format> loads DEST as 16-bit (Float16_b) or 32-bit
      // (Float32) words (ckernel_sfpu_where.h): the DEST format of the kernel.
      StringRef format = destRegisters < destTilesPerSection(false)
                             ? "DataFormat::Float32"
                             : "DataFormat::Float16_b";
      emitCall(b, loc, "where_tile_init", Type(), {});
      emitCall(b, loc, "where_tile", Type(),
               {int64_t(*cond), int64_t(*onTrue), int64_t(*onFalse),
                int64_t(*cond)},
               {emitc::OpaqueAttr::get(b.getContext(), format)});
      nextRegister = *onTrue;
      return *cond;
    }
    if (std::optional<ScalarInfo> scalar = getScalarInfo(op)) {
      FailureOr<int> reg = emitSfpu(b, op->getOperand(0), tile);
      if (failed(reg))
        return failure();
      emitCall(b, loc, scalar->init, Type(), {});
      emitCall(b, loc, scalar->call, Type(),
               {int64_t(*reg), emitScalarBits(b, loc, op)});
      return *reg;
    }
    BinaryInfo info = *getBinaryInfo(op);
    FailureOr<int> lhs = emitSfpu(b, op->getOperand(0), tile);
    if (failed(lhs))
      return failure();
    FailureOr<int> rhs = emitSfpu(b, op->getOperand(1), tile);
    if (failed(rhs))
      return failure();
    emitCall(b, loc, (info.sfpuCall + "_init").str(), Type(), {});
    emitCall(b, loc, info.sfpuCall, Type(),
             {int64_t(*lhs), int64_t(*rhs), int64_t(*lhs)});
    nextRegister = *rhs;
    return *lhs;
  }
};

emitc::CallOpaqueOp findHardwareStartup(func::FuncOp kernel) {
  emitc::CallOpaqueOp startup;
  kernel->walk([&](emitc::CallOpaqueOp call) {
    if (call.getCallee() != "compute_kernel_hw_startup")
      return WalkResult::advance();
    startup = call;
    return WalkResult::interrupt();
  });
  return startup;
}

/// True when `store` is the kernel's only tile math (no other ttl.store and
/// no math lowered before it).
bool isOnlyMath(func::FuncOp kernel, StoreOp store) {
  bool other = false;
  kernel->walk([&](Operation *op) {
    auto call = dyn_cast<emitc::CallOpaqueOp>(op);
    if ((isa<StoreOp>(op) && op != store.getOperation()) ||
        (call && call.getCallee() == "tile_regs_acquire")) {
      other = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !other;
}

/// Emits compute_kernel_hw_startup once per compute kernel, after the
/// definitions of the DFBs of its first math.
void emitHardwareStartup(StoreLowering &lowering, func::FuncOp kernel,
                         Value in0, Value in1, Value out,
                         ArrayRef<Attribute> templateArgs = {}) {
  bool present = kernel
                     ->walk([](emitc::CallOpaqueOp call) {
                       return call.getCallee() == "compute_kernel_hw_startup"
                                  ? WalkResult::interrupt()
                                  : WalkResult::advance();
                     })
                     .wasInterrupted();
  if (present)
    return;
  OpBuilder::InsertionGuard guard(lowering.rewriter);
  Value cbs[] = {lowering.cb(in0), lowering.cb(in1), lowering.cb(out)};
  // After the last of the three casts, all in the kernel's entry block when
  // the DFBs are created there (else just before the math).
  Operation *last = nullptr;
  for (Value v : cbs) {
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != &kernel.front())
      continue;
    if (!last || last->isBeforeInBlock(def))
      last = def;
  }
  if (last)
    lowering.rewriter.setInsertionPointAfter(last);
  emitCall(lowering.rewriter, lowering.loc, "compute_kernel_hw_startup",
           Type(), {cbs[0], cbs[1], cbs[2]}, templateArgs);
}

/// How a store's packs treat what the reserved block holds (`ttl.store
/// {accumulate}`, Python `blk += expr`): overwrite it, add to it through the
/// packer's L1 accumulation, or decide at run time (`flag`: an i1 that is true
/// when this execution adds).
struct PackMode {
  enum Kind { Overwrite, Add, Runtime } kind = Overwrite;
  Value flag;
  /// Pack each tile to its index in the block (`pack_tile<true>(d, out, t)`):
  /// the block receives several stores before its push, and in-order packs
  /// would move on to its next pages (pack.h: the in-order write pointer is
  /// reset only by cb_push_back).
  bool indexed = false;
};

/// Packs DEST register `reg` into output tile `tile` of the reserved block
/// (in order unless the mode indexes its packs).
void emitPackTile(OpBuilder &b, Location loc, const PackMode &mode,
                  CallArg reg, Value out, CallArg tile) {
  if (mode.indexed)
    emitCall(b, loc, "pack_tile", Type(), {reg, out, tile},
             {emitc::OpaqueAttr::get(b.getContext(), "true")});
  else
    emitCall(b, loc, "pack_tile", Type(), {reg, out});
}

/// `pack_reconfig_l1_acc(on)` before the packs of an adding store, and
/// `pack_reconfig_l1_acc(0)` after them, so every other pack overwrites
/// (api/compute/pack.h; L1 accumulation is off after the hardware startup).
void emitPacks(OpBuilder &b, Location loc, const PackMode &mode,
               llvm::function_ref<void(OpBuilder &)> packs) {
  if (mode.kind == PackMode::Add)
    emitCall(b, loc, "pack_reconfig_l1_acc", Type(), {int64_t(1)});
  else if (mode.kind == PackMode::Runtime)
    emitCall(b, loc, "pack_reconfig_l1_acc", Type(), {mode.flag});
  packs(b);
  if (mode.kind != PackMode::Overwrite)
    emitCall(b, loc, "pack_reconfig_l1_acc", Type(), {int64_t(0)});
}

/// Tiles one FPU acquire computes: one DEST section holds this many in either
/// accumulation mode (destTilesPerSection(true)).
constexpr int64_t kFpuTilesPerAcquire = 4;

/// FPU binary op over `tiles` tiles, in groups of up to kFpuTilesPerAcquire
/// tiles per acquire (tile t of a group in DEST register t):
///   for g: acquire; for t: op(a, b, g*n+t, bTileOf(g*n+t), t); commit; wait;
///          for t: pack_tile(t, out); release
void emitFpuTiles(
    OpBuilder &b, Location loc, StringRef call, Value a, Value bCb, Value out,
    int64_t tiles, const PackMode &packMode,
    llvm::function_ref<CallArg(OpBuilder &, CallArg)> bTileOf =
        [](OpBuilder &, CallArg tile) { return tile; }) {
  int64_t chunk = kFpuTilesPerAcquire;
  while (tiles % chunk != 0)
    --chunk;
  int64_t groups = tiles / chunk;
  emitTileLoop(b, loc, groups, [&](OpBuilder &b, Value group) {
    emitCall(b, loc, "tile_regs_acquire", Type(), {});
    emitTileLoop(b, loc, chunk, [&](OpBuilder &b, Value dstValue) {
      CallArg dst = chunk == 1 ? CallArg(int64_t(0)) : CallArg(dstValue);
      CallArg tile = dst;
      if (groups > 1 && chunk == 1) {
        tile = group;
      } else if (groups > 1) {
        Type size = getSizeType(b.getContext());
        Value base = emitc::MulOp::create(b, loc, size, group,
                                          emitIndex(b, loc, chunk));
        tile = Value(emitc::AddOp::create(b, loc, size, base, dstValue));
      }
      emitCall(b, loc, call, Type(), {a, bCb, tile, bTileOf(b, tile), dst});
    });
    emitCall(b, loc, "tile_regs_commit", Type(), {});
    emitCall(b, loc, "tile_regs_wait", Type(), {});
    emitPacks(b, loc, packMode, [&](OpBuilder &b) {
      emitTileLoop(b, loc, chunk, [&](OpBuilder &b, Value dstValue) {
        CallArg dst = chunk == 1 ? CallArg(int64_t(0)) : CallArg(dstValue);
        CallArg tile = dst;
        if (packMode.indexed && groups > 1) {
          Type size = getSizeType(b.getContext());
          Value base = emitc::MulOp::create(b, loc, size, group,
                                            emitIndex(b, loc, chunk));
          tile = chunk == 1 ? CallArg(group)
                            : CallArg(Value(emitc::AddOp::create(
                                  b, loc, size, base, dstValue)));
        }
        emitPackTile(b, loc, packMode, dst, out, tile);
      });
    });
    emitCall(b, loc, "tile_regs_release", Type(), {});
  });
}

/// A tile index during emission: a literal when every loop it depends on has
/// extent 1, else a size_t value.
struct TileIndex {
  Value value;
  int64_t constant = 0;

  CallArg arg() const { return value ? CallArg(value) : CallArg(constant); }
};

/// base * scale + offset, folded when both are literals.
TileIndex affine(OpBuilder &b, Location loc, TileIndex base, int64_t scale,
                 TileIndex offset) {
  Type size = getSizeType(b.getContext());
  if (!base.value) {
    int64_t scaled = base.constant * scale;
    if (!offset.value)
      return {Value(), scaled + offset.constant};
    if (scaled == 0)
      return offset;
    return {emitc::AddOp::create(b, loc, size, offset.value,
                                 emitIndex(b, loc, scaled)),
            0};
  }
  Value scaled = scale == 1 ? base.value
                            : Value(emitc::MulOp::create(
                                  b, loc, size, base.value,
                                  emitIndex(b, loc, scale)));
  if (!offset.value && offset.constant == 0)
    return {scaled, 0};
  Value rhs = offset.value ? offset.value : emitIndex(b, loc, offset.constant);
  return {emitc::AddOp::create(b, loc, size, scaled, rhs), 0};
}

/// `for (i = 0; i < extent; ++i) body(i)`, with a literal index when the
/// extent is 1.
void tileLoop(OpBuilder &b, Location loc, int64_t extent,
              llvm::function_ref<void(OpBuilder &, TileIndex)> body) {
  if (extent == 1)
    return body(b, TileIndex{});
  emitTileLoop(b, loc, extent,
               [&](OpBuilder &nested, Value iv) { body(nested, {iv, 0}); });
}

/// Largest divisor of `n` not above `limit`.
int64_t largestDivisorUpTo(int64_t n, int64_t limit) {
  int64_t d = std::min(n, limit);
  while (n % d != 0)
    --d;
  return d;
}

/// Rows x cols of the M x N output tiles one matmul acquire computes, at most
/// `limit` registers: whole output rows when N fits, else part of one row.
std::pair<int64_t, int64_t> matmulGroup(int64_t M, int64_t N, int64_t limit) {
  int64_t cols = largestDivisorUpTo(N, limit);
  int64_t rows =
      cols == N ? largestDivisorUpTo(M, std::max<int64_t>(limit / N, 1)) : 1;
  return {rows, cols};
}

/// `matmul_init(a, b)`, or `matmul_init(a, b, 1)` transposing every B tile.
void emitMatmulInit(OpBuilder &b, Location loc, Value a, Value bCb,
                    bool transpose) {
  SmallVector<CallArg> args = {a, bCb};
  if (transpose)
    args.push_back(int64_t(1));
  emitCall(b, loc, "matmul_init", Type(), args);
}

/// What the matmul lowering emits around the product of one output tile
/// group: before it (the addend's copy into DEST) and after it (the
/// epilogue), for output tile `tile` in DEST register `reg`.
struct MatmulFusion {
  llvm::function_ref<void(OpBuilder &, TileIndex tile, TileIndex reg)> before;
  llvm::function_ref<void(OpBuilder &, TileIndex tile, TileIndex reg)> after;
  /// The matmul must re-initialize in every group (other unpacker / math
  /// configurations run between its groups).
  bool reinit = false;
};

/// (M x K) @ (K x N) on the FPU (with `transpose`, B is N x K tiles and each
/// B tile is transposed: `matmul_init(a, b, 1)`). Output tiles are computed
/// in groups of up to `groupLimit` DEST registers (whole output rows when N is
/// small, else parts of one row), so packing them in register order writes
/// the reserved block in row-major order:
///   for each group: acquire; [before(tile, reg) per tile]; [matmul_init]
///     for (i, j) in group, for k: matmul_tiles(a, b, m*K+k, k*N+n, i*cols+j)
///     [after(tile, reg) per tile]
///     commit; wait; for d: pack_tile(d, out); release
void emitMatmulTiles(OpBuilder &b, Location loc, Value a, Value bCb, Value out,
                     int64_t M, int64_t K, int64_t N, bool transpose,
                     int64_t groupLimit, const MatmulFusion &fusion,
                     const PackMode &packMode) {
  int64_t rows, cols;
  std::tie(rows, cols) = matmulGroup(M, N, groupLimit);
  tileLoop(b, loc, M / rows, [&](OpBuilder &b, TileIndex rowGroup) {
    tileLoop(b, loc, N / cols, [&](OpBuilder &b, TileIndex colGroup) {
      emitCall(b, loc, "tile_regs_acquire", Type(), {});
      // Output tile (m, n) of the group's tile (i, j), in register i*cols+j.
      auto forEachTile = [&](OpBuilder &b,
                             llvm::function_ref<void(OpBuilder &, TileIndex,
                                                     TileIndex, TileIndex)>
                                 body) {
        tileLoop(b, loc, rows, [&](OpBuilder &b, TileIndex i) {
          TileIndex m = affine(b, loc, rowGroup, rows, i);
          tileLoop(b, loc, cols, [&](OpBuilder &b, TileIndex j) {
            TileIndex n = affine(b, loc, colGroup, cols, j);
            body(b, m, n, affine(b, loc, i, cols, j));
          });
        });
      };
      // The fusion callbacks take the output tile's index in the block.
      auto fused = [&](llvm::function_ref<void(OpBuilder &, TileIndex,
                                               TileIndex)>
                           callback) {
        forEachTile(b, [&](OpBuilder &b, TileIndex m, TileIndex n,
                           TileIndex reg) {
          callback(b, affine(b, loc, m, N, n), reg);
        });
      };
      if (fusion.before)
        fused(fusion.before);
      if (fusion.reinit)
        emitMatmulInit(b, loc, a, bCb, transpose);
      forEachTile(b, [&](OpBuilder &b, TileIndex m, TileIndex n,
                         TileIndex dst) {
        tileLoop(b, loc, K, [&](OpBuilder &b, TileIndex k) {
          TileIndex aTile = affine(b, loc, m, K, k);
          TileIndex bTile =
              transpose ? affine(b, loc, n, K, k) : affine(b, loc, k, N, n);
          emitCall(b, loc, "matmul_tiles", Type(),
                   {a, bCb, aTile.arg(), bTile.arg(), dst.arg()});
        });
      });
      if (fusion.after)
        fused(fusion.after);
      emitCall(b, loc, "tile_regs_commit", Type(), {});
      emitCall(b, loc, "tile_regs_wait", Type(), {});
      emitPacks(b, loc, packMode, [&](OpBuilder &b) {
        if (packMode.indexed) {
          fused([&](OpBuilder &b, TileIndex tile, TileIndex reg) {
            emitPackTile(b, loc, packMode, reg.arg(), out, tile.arg());
          });
          return;
        }
        tileLoop(b, loc, rows * cols, [&](OpBuilder &b, TileIndex d) {
          emitCall(b, loc, "pack_tile", Type(), {d.arg(), out});
        });
      });
      emitCall(b, loc, "tile_regs_release", Type(), {});
    });
  });
}

/// The error of a stored FPU op (matmul, reduction) whose operands are not
/// waited blocks, at the store with a note at the op.
LogicalResult emitOperandsNotWaited(StoreOp store, Operation *op,
                                    StringRef message, StringRef note) {
  InFlightDiagnostic diag = store.emitError(message);
  diag.attachNote(op->getLoc()) << note;
  return diag;
}

/// The value of `expr` on the matmul side of a binary epilogue op.
bool containsMatmul(Value value) {
  if (value.getDefiningOp<MatmulOp>())
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || isa<WaitOp, ReserveOp>(op))
    return false;
  return llvm::any_of(op->getOperands(), containsMatmul);
}

/// `ttl.store %expr, %out` where %expr is a block matmul with fused math
/// (MatmulExpr).
LogicalResult lowerMatmulStore(PatternRewriter &rewriter, func::FuncOp kernel,
                               StoreOp store, const MatmulExpr &expr,
                               Value out, const PackMode &packMode) {
  StoreLowering lowering(rewriter, store.getLoc(), kernel);
  MatmulOp matmul = expr.matmul;
  Value lhs = getWaitedDfb(matmul.getLhs()), rhs = getWaitedDfb(matmul.getRhs());
  if (!lhs || !rhs)
    return emitOperandsNotWaited(store, matmul,
                                 "a block matmul reads blocks from ttl.wait "
                                 "directly; its operands cannot be other tile "
                                 "math",
                                 "this matmul");
  // Each epilogue op with a block operand copies that block's tile into one
  // extra register after the group's product registers.
  bool scratch = llvm::any_of(expr.epilogue, hasSecondBlock);
  int64_t groupLimit =
      std::min(kFpuTilesPerAcquire, lowering.destRegisters - (scratch ? 1 : 0));
  MLIRContext *context = rewriter.getContext();
  // Matmul loads in0 into SrcB and in1 into SrcA: the reverse source order.
  emitHardwareStartup(lowering, kernel, lhs, rhs, out,
                      {emitc::OpaqueAttr::get(context, "SrcOrder::Reverse")});
  Location loc = store.getLoc();
  rewriter.setInsertionPoint(store);
  bool fused = expr.addend || !expr.epilogue.empty();
  bool transpose = matmul.getTransposeRhs();
  if (!fused) {
    OpBuilder::InsertionGuard guard(rewriter);
    if (isOnlyMath(kernel, store))
      rewriter.setInsertionPointAfter(findHardwareStartup(kernel));
    emitMatmulInit(rewriter, loc, lowering.cb(lhs), lowering.cb(rhs),
                   transpose);
  }
  // A copied block is unpacked through SrcA, which the matmul programs for
  // its in1 (rhs): one of another element type reprograms SrcA around its
  // copy (api/compute/reconfig_data_format.h).
  Type srcAType = cast<DataflowBufferType>(rhs.getType()).getElementType();
  auto copyLeaf = [&](OpBuilder &b, Value dfb, TileIndex tile, CallArg reg) {
    bool other =
        cast<DataflowBufferType>(dfb.getType()).getElementType() != srcAType;
    if (other)
      emitCall(b, loc, "reconfig_data_format_srca", Type(),
               {lowering.cb(rhs), lowering.cb(dfb)});
    emitCall(b, loc, "copy_init", Type(), {lowering.cb(dfb)});
    emitCall(b, loc, "copy_tile", Type(), {lowering.cb(dfb), tile.arg(), reg});
    if (other)
      emitCall(b, loc, "reconfig_data_format_srca", Type(),
               {lowering.cb(dfb), lowering.cb(rhs)});
  };
  auto before = [&](OpBuilder &b, TileIndex tile, TileIndex reg) {
    copyLeaf(b, getWaitedDfb(expr.addend), tile, reg.arg());
  };
  int64_t scratchRegister = 0;
  auto after = [&](OpBuilder &b, TileIndex tile, TileIndex reg) {
    for (Operation *op : expr.epilogue) {
      if (std::optional<StringRef> unary = getUnaryCall(op)) {
        SmallVector<Attribute> templateArgs = getUnaryTemplateArgs(op);
        emitCall(b, loc, (*unary + "_init").str(), Type(), {}, templateArgs);
        emitCall(b, loc, *unary, Type(), {reg.arg()}, templateArgs);
        continue;
      }
      if (std::optional<ScalarInfo> info = getScalarInfo(op)) {
        emitCall(b, loc, info->init, Type(), {});
        emitCall(b, loc, info->call, Type(),
                 {reg.arg(), emitScalarBits(b, loc, op)});
        continue;
      }
      // A binary op: the running value and a waited block, in either order.
      bool runningFirst = containsMatmul(op->getOperand(0));
      Value block = op->getOperand(runningFirst ? 1 : 0);
      copyLeaf(b, getWaitedDfb(block), tile, scratchRegister);
      BinaryInfo info = *getBinaryInfo(op);
      CallArg lhsReg = runningFirst ? reg.arg() : CallArg(scratchRegister);
      CallArg rhsReg = runningFirst ? CallArg(scratchRegister) : reg.arg();
      emitCall(b, loc, (info.sfpuCall + "_init").str(), Type(), {});
      emitCall(b, loc, info.sfpuCall, Type(), {lhsReg, rhsReg, reg.arg()});
    }
  };
  ArrayRef<int64_t> a = matmul.getLhs().getType().getShape();
  ArrayRef<int64_t> c = matmul.getResult().getType().getShape();
  std::pair<int64_t, int64_t> group = matmulGroup(c[0], c[1], groupLimit);
  scratchRegister = group.first * group.second;
  MatmulFusion fusion;
  if (expr.addend)
    fusion.before = before;
  if (!expr.epilogue.empty())
    fusion.after = after;
  fusion.reinit = fused;
  emitMatmulTiles(rewriter, loc, lowering.cb(lhs), lowering.cb(rhs),
                  lowering.cb(out), a[0], a[1], c[1], transpose, groupLimit,
                  fusion, packMode);
  rewriter.eraseOp(store);
  return success();
}

/// The compute API's ReduceDim of a reduction over `dims`: along each row
/// (dims [1]) is REDUCE_ROW, along each column (dims [0]) REDUCE_COL.
StringRef getReduceDim(ArrayRef<int64_t> dims) {
  if (dims.size() == 2)
    return "ReduceDim::REDUCE_SCALAR";
  return dims[0] == 1 ? "ReduceDim::REDUCE_ROW" : "ReduceDim::REDUCE_COL";
}

/// `ttl.store (ttl.reduce_* %x, %s), %out` with %x and %s waited blocks:
///   reduce_init<pool, dim>(x, s, out);
///   for each result tile: acquire;
///     for each tile it reduces: reduce_tile<pool, dim>(x, s, tile, 0, 0);
///     commit; wait; pack_tile(0, out); release
///   reduce_uninit();
template <typename ReduceOpT>
LogicalResult lowerReduceStore(PatternRewriter &rewriter, func::FuncOp kernel,
                               StoreOp store, ReduceOpT reduce, Value out) {
  StoreLowering lowering(rewriter, store.getLoc(), kernel);
  Value input = getWaitedDfb(reduce.getInput());
  Value scaler = reduce.getScaler() ? getWaitedDfb(reduce.getScaler()) : Value();
  if (!input || !scaler)
    return emitOperandsNotWaited(store, reduce,
                                 "a reduction reads blocks from ttl.wait "
                                 "directly; store other tile math into a DFB "
                                 "and wait for it first",
                                 "this reduction");
  MLIRContext *context = rewriter.getContext();
  ArrayRef<int64_t> dims = reduce.getDims();
  SmallVector<Attribute> templateArgs = {
      emitc::OpaqueAttr::get(context, ReduceOpT::getPoolType()),
      emitc::OpaqueAttr::get(context, getReduceDim(dims))};
  emitHardwareStartup(lowering, kernel, input, scaler, out);
  Location loc = store.getLoc();
  rewriter.setInsertionPoint(store);
  Value x = lowering.cb(input), s = lowering.cb(scaler), o = lowering.cb(out);
  emitCall(rewriter, loc, "reduce_init", Type(), {x, s, o}, templateArgs);
  ArrayRef<int64_t> shape = reduce.getInput().getType().getShape();
  bool alongRows = llvm::is_contained(dims, 1);
  bool alongCols = llvm::is_contained(dims, 0);
  // Result tiles: the unreduced dimension; reduced tiles: the other(s).
  int64_t results = alongRows && alongCols ? 1 : alongRows ? shape[0] : shape[1];
  int64_t reduced = shape[0] * shape[1] / results;
  tileLoop(rewriter, loc, results, [&](OpBuilder &b, TileIndex r) {
    emitCall(b, loc, "tile_regs_acquire", Type(), {});
    tileLoop(b, loc, reduced, [&](OpBuilder &b, TileIndex k) {
      // Row reduction: result r reads tiles r*C + k; column reduction:
      // result c reads k*C + c; a full reduction reads every tile k.
      TileIndex tile = alongRows && alongCols ? k
                       : alongRows            ? affine(b, loc, r, shape[1], k)
                                              : affine(b, loc, k, shape[1], r);
      emitCall(b, loc, "reduce_tile", Type(),
               {x, s, tile.arg(), int64_t(0), int64_t(0)}, templateArgs);
    });
    emitCall(b, loc, "tile_regs_commit", Type(), {});
    emitCall(b, loc, "tile_regs_wait", Type(), {});
    emitCall(b, loc, "pack_tile", Type(), {int64_t(0), o});
    emitCall(b, loc, "tile_regs_release", Type(), {});
  });
  emitCall(rewriter, loc, "reduce_uninit", Type(), {x});
  rewriter.eraseOp(store);
  return success();
}

/// `c += a @ b` as the only math of a loop right below c's reservation, c
/// fitting one DEST section (`#ttl.accumulation<in_dest>`): the partial sums
/// stay in DEST across the loop's K blocks, as tt-metal's bmm kernels keep
/// them:
///   tile_regs_acquire();
///   for (...) { ...; matmul_init(a, b); matmul_tiles(...) per tile and k; ... }
///   tile_regs_commit(); tile_regs_wait(); pack_tile(t, out) per tile;
///   tile_regs_release();
LogicalResult lowerDestAccumulation(PatternRewriter &rewriter,
                                    func::FuncOp kernel, StoreOp store,
                                    MatmulOp matmul, Value out,
                                    const PackMode &packMode) {
  StoreLowering lowering(rewriter, store.getLoc(), kernel);
  Value lhs = getWaitedDfb(matmul.getLhs()), rhs = getWaitedDfb(matmul.getRhs());
  MLIRContext *context = rewriter.getContext();
  emitHardwareStartup(lowering, kernel, lhs, rhs, out,
                      {emitc::OpaqueAttr::get(context, "SrcOrder::Reverse")});
  Location loc = store.getLoc();
  auto loop = cast<scf::ForOp>(store->getParentOp());
  Value a = lowering.cb(lhs), b = lowering.cb(rhs), o = lowering.cb(out);
  ArrayRef<int64_t> lhsShape = matmul.getLhs().getType().getShape();
  ArrayRef<int64_t> c = matmul.getResult().getType().getShape();
  int64_t K = lhsShape[1], N = c[1];
  bool transpose = matmul.getTransposeRhs();
  rewriter.setInsertionPoint(loop);
  emitCall(rewriter, loc, "tile_regs_acquire", Type(), {});
  rewriter.setInsertionPoint(store);
  emitMatmulInit(rewriter, loc, a, b, transpose);
  tileLoop(rewriter, loc, c[0], [&](OpBuilder &builder, TileIndex m) {
    tileLoop(builder, loc, N, [&](OpBuilder &builder, TileIndex n) {
      TileIndex dst = affine(builder, loc, m, N, n);
      tileLoop(builder, loc, K, [&](OpBuilder &builder, TileIndex k) {
        TileIndex aTile = affine(builder, loc, m, K, k);
        TileIndex bTile = transpose ? affine(builder, loc, n, K, k)
                                    : affine(builder, loc, k, N, n);
        emitCall(builder, loc, "matmul_tiles", Type(),
                 {a, b, aTile.arg(), bTile.arg(), dst.arg()});
      });
    });
  });
  rewriter.setInsertionPointAfter(loop);
  emitCall(rewriter, loc, "tile_regs_commit", Type(), {});
  emitCall(rewriter, loc, "tile_regs_wait", Type(), {});
  tileLoop(rewriter, loc, c[0] * N, [&](OpBuilder &builder, TileIndex d) {
    emitPackTile(builder, loc, packMode, d.arg(), o, d.arg());
  });
  emitCall(rewriter, loc, "tile_regs_release", Type(), {});
  rewriter.eraseOp(store);
  return success();
}

/// The recorded accumulation of an accumulating `store`
/// (ttl-plan-accumulation; ttl-lower-tile-math checks it is there).
Accumulation getAccumulation(StoreOp store) {
  return store
      ->getAttrOfType<AccumulationAttr>(TTLDialect::kAccumulationAttrName)
      .getValue();
}

/// The pack mode of `store`, computing its runtime flag before it.
/// ttl-plan-accumulation has checked the enclosing regions.
PackMode getPackMode(PatternRewriter &rewriter, StoreOp store) {
  bool indexed = store->hasAttr(TTLDialect::kIndexedPackAttrName);
  if (!store.getAccumulate())
    return {PackMode::Overwrite, Value(), indexed};
  if (getAccumulation(store) == Accumulation::AlwaysAdds)
    return {PackMode::Add, Value(), indexed};
  // The first contribution: it adds unless every loop between it and the
  // reservation is at its first iteration.
  Block *home = store.getDest().getParentBlock();
  Location loc = store.getLoc();
  rewriter.setInsertionPoint(store);
  Value flag;
  for (Operation *op = store; op->getBlock() != home;) {
    op = op->getParentOp();
    auto loop = cast<scf::ForOp>(op);
    Value later =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                              loop.getInductionVar(), loop.getLowerBound());
    flag = flag ? Value(arith::OrIOp::create(rewriter, loc, flag, later))
                : later;
  }
  if (!flag)
    return {PackMode::Overwrite, Value(), indexed};
  return {PackMode::Runtime, flag, indexed};
}

struct StorePattern : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    auto kernel = store->getParentOfType<func::FuncOp>();
    auto reserve = store.getDest().getDefiningOp<ReserveOp>();
    if (!kernel || !reserve)
      return store.emitOpError("stores into a block that is not from "
                               "ttl.reserve in a kernel function");
    Value value = store.getValue();
    if (store.getAccumulate() &&
        getAccumulation(store) == Accumulation::InDest)
      return lowerDestAccumulation(
          rewriter, kernel, store, value.getDefiningOp<MatmulOp>(),
          reserve.getDfb(),
          {PackMode::Overwrite, Value(),
           store->hasAttr(TTLDialect::kIndexedPackAttrName)});
    if (auto sum = value.getDefiningOp<ReduceSumOp>())
      return lowerReduceStore(rewriter, kernel, store, sum, reserve.getDfb());
    if (auto max = value.getDefiningOp<ReduceMaxOp>())
      return lowerReduceStore(rewriter, kernel, store, max, reserve.getDfb());
    PackMode packMode = getPackMode(rewriter, store);
    if (std::optional<MatmulExpr> expr = matchMatmulExpr(value))
      return lowerMatmulStore(rewriter, kernel, store, *expr,
                              reserve.getDfb(), packMode);
    StoreLowering lowering(rewriter, store.getLoc(), kernel);
    if (failed(lowering.checkTree(value)))
      return failure();
    Value out = reserve.getDfb();
    SmallVector<Value> leaves;
    lowering.collectLeaves(value, leaves);
    int64_t tiles = cast<BlockType>(value.getType()).getTilesPerBlock();

    bool onFpu = lowersToFpuBinary(value);
    std::optional<BinaryInfo> fpu =
        onFpu ? getBinaryInfo(value.getDefiningOp()) : std::nullopt;

    // A tree of fills only reads no DFB: the startup names the output.
    Value first = leaves.empty() ? out : leaves.front();
    Value last = leaves.empty() ? out : leaves.back();
    emitHardwareStartup(lowering, kernel, first, last, out);
    rewriter.setInsertionPoint(store);
    Location loc = store.getLoc();
    MLIRContext *context = rewriter.getContext();
    // `x op broadcast(b)`: the FPU op with its second operand broadcast.
    auto bcast = onFpu ? value.getDefiningOp()->getOperand(1)
                             .getDefiningOp<BroadcastOp>()
                       : BroadcastOp();
    std::string call = onFpu ? fpu->fpuCall.str() : "";
    if (onFpu) {
      // The only math of the kernel initializes once, after the startup;
      // otherwise each math re-initializes the FPU for its operation.
      OpBuilder::InsertionGuard guard(rewriter);
      if (isOnlyMath(kernel, store))
        rewriter.setInsertionPointAfter(findHardwareStartup(kernel));
      if (bcast) {
        auto [init, bcastCall] = getFpuBroadcastCalls(fpu->fpuCall, bcast);
        call = bcastCall;
        emitCall(rewriter, loc, init, Type(),
                 {lowering.cb(leaves[0]), lowering.cb(leaves[1])});
      } else {
        emitCall(rewriter, loc, "binary_tiles_init", Type(),
                 {lowering.cb(leaves[0]), lowering.cb(leaves[1])},
                 {emitc::OpaqueAttr::get(context, "true"),
                  emitc::OpaqueAttr::get(context, fpu->fpuType)});
      }
    }

    LogicalResult result = success();
    if (onFpu && bcast) {
      emitFpuTiles(rewriter, loc, call, lowering.cb(leaves[0]),
                   lowering.cb(leaves[1]), lowering.cb(out), tiles, packMode,
                   [&](OpBuilder &b, CallArg tile) {
                     return broadcastSourceTile(b, loc, bcast, tile);
                   });
    } else if (onFpu) {
      emitFpuTiles(rewriter, loc, call, lowering.cb(leaves[0]),
                   lowering.cb(leaves[1]), lowering.cb(out), tiles, packMode);
    } else {
      emitTileLoop(rewriter, loc, tiles, [&](OpBuilder &b, Value tileValue) {
        // A one-tile block is tile 0, written as a literal.
        CallArg tile = tiles == 1 ? CallArg(int64_t(0)) : CallArg(tileValue);
        emitCall(b, loc, "tile_regs_acquire", Type(), {});
        lowering.nextRegister = 0;
        FailureOr<int> reg = lowering.emitSfpu(b, value, tile);
        if (failed(reg)) {
          result = failure();
          return;
        }
        emitCall(b, loc, "tile_regs_commit", Type(), {});
        emitCall(b, loc, "tile_regs_wait", Type(), {});
        emitPacks(b, loc, packMode, [&](OpBuilder &b) {
          emitPackTile(b, loc, packMode, int64_t(*reg), lowering.cb(out),
                       tile);
        });
        emitCall(b, loc, "tile_regs_release", Type(), {});
      });
    }
    if (failed(result))
      return failure();
    rewriter.eraseOp(store);
    return success();
  }
};
} // namespace

bool emitc_lowering::hasPhysicalIndex(Value dfb) {
  auto create = dfb.getDefiningOp<CreateDataflowBufferOp>();
  return create && create.getPhysicalIndex().has_value();
}

int64_t emitc_lowering::physicalIndexOf(Value dfb) {
  return *dfb.getDefiningOp<CreateDataflowBufferOp>().getPhysicalIndex();
}

Value emitc_lowering::getWaitedDfb(Value value) {
  if (auto wait = value.getDefiningOp<WaitOp>())
    return wait.getDfb();
  return nullptr;
}

bool emitc_lowering::lowersToFpuBinary(Value value) {
  Operation *root = value.getDefiningOp();
  return isa_and_nonnull<AddOp, SubOp, MulOp>(root) &&
         getWaitedDfb(root->getOperand(0)) &&
         getFpuOperandDfb(root->getOperand(1));
}

Value emitc_lowering::getFpuOperandDfb(Value value) {
  if (Value dfb = getWaitedDfb(value))
    return dfb;
  if (auto bcast = value.getDefiningOp<BroadcastOp>())
    return getWaitedDfb(bcast.getInput());
  return nullptr;
}

bool emitc_lowering::needsFp32DestAccumulation(func::FuncOp kernel) {
  if (auto chosen =
          kernel->getAttrOfType<BoolAttr>(TTLDialect::kFp32DestAccAttrName))
    return chosen.getValue();
  return kernel
      .walk([](CreateDataflowBufferOp op) {
        return op.getResult().getType().getElementType().isF32()
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

int64_t emitc_lowering::destTilesPerSection(bool fp32DestAccumulation) {
  return fp32DestAccumulation ? 4 : 8;
}

std::optional<MatmulExpr> emitc_lowering::matchMatmulExpr(Value value) {
  MatmulExpr expr;
  Value current = value;
  SmallVector<Operation *> outerFirst;
  while (true) {
    if (auto matmul = current.getDefiningOp<MatmulOp>()) {
      expr.matmul = matmul;
      break;
    }
    Operation *op = current.getDefiningOp();
    if (!op || !containsMatmul(current))
      return std::nullopt;
    if (getUnaryCall(op) || getScalarInfo(op)) {
      outerFirst.push_back(op);
      current = op->getOperand(0);
      continue;
    }
    if (!getBinaryInfo(op))
      return std::nullopt;
    bool runningFirst = containsMatmul(op->getOperand(0));
    Value running = op->getOperand(runningFirst ? 0 : 1);
    Value block = op->getOperand(runningFirst ? 1 : 0);
    if (!getWaitedDfb(block))
      return std::nullopt;
    // The add right above the product: its block is copied into DEST first.
    if (isa<AddOp>(op) && running.getDefiningOp<MatmulOp>()) {
      expr.addend = block;
      current = running;
      continue;
    }
    outerFirst.push_back(op);
    current = running;
  }
  expr.epilogue.assign(outerFirst.rbegin(), outerFirst.rend());
  return expr;
}

SmallVector<Value> emitc_lowering::getCopiedBlocks(const MatmulExpr &expr) {
  SmallVector<Value> blocks;
  if (expr.addend)
    blocks.push_back(expr.addend);
  for (Operation *op : expr.epilogue)
    if (hasSecondBlock(op))
      blocks.push_back(op->getOperand(containsMatmul(op->getOperand(0)) ? 1 : 0));
  return blocks;
}

void emitc_lowering::populateTileMathPatterns(RewritePatternSet &patterns) {
  patterns.add<StorePattern>(patterns.getContext());
}
