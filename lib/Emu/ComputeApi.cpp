//===- ComputeApi.cpp - Destination registers and tile operations ---------===//
//
// The compute kernel runs as one fiber that executes each call's UNPACK,
// MATH and PACK parts in program order (one legal interleaving of the three
// TRISC programs; docs/emulator.md). DEST is a FIFO of sections:
// tile_regs_acquire takes a zeroed one for MATH, commit hands it to PACK,
// tile_regs_wait / release pack and zero it (emulator-facts.md section 5).
// Unpacker and packer formats are tracked as configured, and an operation
// whose circular buffer has another format is an error (on hardware it reads
// or writes the bytes in the wrong format).
//
//===----------------------------------------------------------------------===//

#include "Isolation.h"
#include "Runtime.h"

#include <algorithm>
#include <cstring>

namespace ttlemu {

// The kernel headers pass these codes; they must name the same operations.
static_assert(uint32_t(UnaryCode::Fill) == uint32_t(SfpuUnaryOp::Fill) &&
                  uint32_t(UnaryCode::Exp) == uint32_t(SfpuUnaryOp::Exp) &&
                  uint32_t(UnaryCode::Power) == uint32_t(SfpuUnaryOp::Power) &&
                  uint32_t(UnaryCode::Rdiv) == uint32_t(SfpuUnaryOp::Rdiv) &&
                  uint32_t(UnaryCode::PowerBits) == uint32_t(SfpuUnaryOp::PowerBits),
              "UnaryCode and SfpuUnaryOp differ");
static_assert(uint32_t(ScalarCode::Rsub) == uint32_t(ScalarOp::Rsub) &&
                  uint32_t(ScalarCode::Div) == uint32_t(ScalarOp::Div),
              "ScalarCode and ScalarOp differ");
static_assert(uint32_t(BinaryCode::Ge) == uint32_t(SfpuBinaryOp::Ge) &&
                  uint32_t(BinaryCode::Max) == uint32_t(SfpuBinaryOp::Max),
              "BinaryCode and SfpuBinaryOp differ");

namespace {

Processor &self() {
  Processor &p = *Processor::current();
  ++p.progress; // the watchdog's measure of progress (Isolation.h)
  return p;
}

ComputeState &compute(Processor &p, const char *call) {
  if (!p.compute)
    kernelError(format("%s is a compute API call, but this is a data-movement "
                       "kernel", call));
  return *p.compute;
}

ComputeState &compute(const char *call) { return compute(self(), call); }

/// The DEST tile `index` of MATH's current section, checked; `overwrite`:
/// for an operation that writes all of it (not zeroed first).
float *mathTile(ComputeState &state, uint32_t index, const char *call,
                bool overwrite = false) {
  if (!state.acquired)
    kernelError(format("%s outside tile_regs_acquire / tile_regs_commit", call));
  if (index >= state.tilesPerSection)
    kernelError(format("%s: DEST index %u, but a section holds %u tiles (%s)",
                       call, index, state.tilesPerSection,
                       state.mode == DestMode::Fp32 ? "fp32_dest_acc_en on"
                                                    : "16-bit DEST"));
  return overwrite ? state.tileToOverwrite(state.mathSection, index)
                   : state.tile(state.mathSection, index);
}

const char *nameOf(DataFormat format) { return formatName(format); }

/// The L1 of tile `tile` of `cb` as the unpacker reads it (relative to the
/// read pointer, among the pages cb_wait_front made visible), checked against
/// the unpacker's `registerFormat`; `toDest` says whether the CB's 32-bit
/// tiles go straight to DEST (a fault when `toSource`).
const uint8_t *unpackSource(Processor &p, uint32_t cb, uint32_t tile,
                            DataFormat registerFormat, const char *registerName,
                            const char *call, bool toSource, bool &toDest) {
  ComputeState &state = *p.compute;
  if (cb >= kMaxCircularBuffers || !p.core->cbs[cb].present)
    kernelError(format("%s: the program configures no circular buffer %u on "
                       "this core", call, cb));
  const CircularBuffer &buffer = p.core->cbs[cb];
  if (tile >= state.front[cb])
    kernelError(format("%s reads tile %u of cb %u, but only %u page%s of it "
                       "are waited for and not popped", call, tile, cb,
                       state.front[cb], state.front[cb] == 1 ? "" : "s"));
  if (registerFormat != buffer.format)
    kernelError(format("%s unpacks cb %u (%s) with %s configured for %s "
                       "(a reconfig_data_format call is missing)", call, cb,
                       nameOf(buffer.format), registerName,
                       nameOf(registerFormat)));
  if (!buffer.emulated)
    notEmulated(format("%s: cb %u holds %s tiles, which the emulator does not "
                       "emulate", call, cb, nameOf(buffer.format)));
  toDest = (state.unpackToDest >> cb) & 1 &&
           buffer.tileBytes == 4 * kTileElems;
  if (toSource && toDest)
    kernelError(format("%s unpacks cb %u into the source registers, but its "
                       "unpack_to_dest_mode sends its 32-bit tiles straight to "
                       "DEST", call, cb));
  const LocalCBInterface &local = p.cbs[cb];
  uint32_t address = (local.fifo_rd_ptr + tile * local.fifo_page_size)
                     << kComputeAddressShift;
  return processorL1(p, address, buffer.tileBytes, call);
}

/// Reads tile `tile` of `cb` as the unpacker sees it into `out`, in
/// `registerFormat` (checked as unpackSource does).
void unpack(uint32_t cb, uint32_t tile, DataFormat registerFormat,
            const char *registerName, const char *call, float *out,
            bool toSource) {
  bool toDest = false;
  const uint8_t *l1 = unpackSource(self(), cb, tile, registerFormat,
                                   registerName, call, toSource, toDest);
  unpackTile(l1, registerFormat, out);
  // Without unpack-to-DEST a copy passes the source register SrcA too
  // (llk_unpack_A<UnpackToDestEn>, cunpack_common.h should_unpack_to_dest).
  if (toSource || !toDest)
    toSourceRegister(out, registerFormat);
}

struct Operands {
  alignas(64) float a[kTileElems];
  alignas(64) float b[kTileElems];
};
thread_local Operands operands;

} // namespace

namespace rt {

void hwStartup(uint32_t srcA, uint32_t srcB, uint32_t out) {
  configureSrcA(srcA);
  configureSrcB(srcB);
  configurePack(out);
}

static DataFormat formatOf(Processor &p, uint32_t cb, const char *call) {
  if (cb >= kMaxCircularBuffers || !p.core->cbs[cb].present)
    kernelError(format("%s: the program configures no circular buffer %u on "
                       "this core", call, cb));
  return p.core->cbs[cb].format;
}

static DataFormat formatOf(uint32_t cb, const char *call) {
  return formatOf(self(), cb, call);
}

void configureSrcA(uint32_t cb) {
  compute("reconfig_data_format").srcA = formatOf(cb, "reconfig_data_format");
}
void configureSrcB(uint32_t cb) {
  compute("reconfig_data_format").srcB = formatOf(cb, "reconfig_data_format");
}
void configurePack(uint32_t cb) {
  compute("pack_reconfig_data_format").pack =
      formatOf(cb, "pack_reconfig_data_format");
}

void binaryInit(uint32_t op, bool accumulate) {
  ComputeState &state = compute("binary_tiles_init");
  state.binaryOp = op;
  state.accumulate = accumulate;
}
void matmulInit(bool transpose) {
  compute("matmul_init").matmulTranspose = transpose;
}
void reduceInit(uint32_t, uint32_t) { compute("reduce_init"); }
void transposeInit() { compute("transpose_init"); }
void sfpuInit(const char *op) { compute(op); }

void tileRegsAcquire() {
  ComputeState &state = compute("tile_regs_acquire");
  if (state.acquired)
    kernelError("tile_regs_acquire twice without tile_regs_commit");
  if (state.committed == state.sections)
    kernelError("tile_regs_acquire while every DEST section awaits packing: "
                "the emulator runs the three compute threads in program order "
                "and cannot reach the tile_regs_wait that would free one");
  state.acquired = true;
}

void tileRegsCommit() {
  ComputeState &state = compute("tile_regs_commit");
  if (!state.acquired)
    kernelError("tile_regs_commit without tile_regs_acquire");
  state.acquired = false;
  Processor &p = *Processor::current();
  if (p.groupTiles)
    flushTiles(p); // a section's math is one group (or several) of its own
  ++state.committed;
  state.mathSection = (state.mathSection + 1) % state.sections;
}

void tileRegsWait() {
  ComputeState &state = compute("tile_regs_wait");
  if (state.packing)
    kernelError("tile_regs_wait twice without tile_regs_release");
  if (state.committed == 0)
    kernelError("tile_regs_wait with no committed DEST section: the emulator "
                "runs the three compute threads in program order, so this "
                "would wait forever");
  state.packing = true;
}

void tileRegsRelease() {
  ComputeState &state = compute("tile_regs_release");
  if (!state.packing)
    kernelError("tile_regs_release without tile_regs_wait");
  state.zeroSection(state.packSection);
  state.packing = false;
  Processor &p = *Processor::current();
  if (p.groupTiles)
    flushTiles(p);
  --state.committed;
  state.packSection = (state.packSection + 1) % state.sections;
}

void copyTile(uint32_t cb, uint32_t tile, uint32_t dst) {
  ComputeState &state = compute("copy_tile");
  float *dest = mathTile(state, dst, "copy_tile", true);
  // Through SrcA (TF32 for 32-bit data) unless the CB unpacks to DEST. A
  // bf16 tile is already a bf16 DEST's format (rounding it changes nothing).
  unpack(cb, tile, state.srcA, "SrcA", "copy_tile", dest, false);
  if (state.srcA != DataFormat::Float16_b)
    roundIntoDest(dest, state.mode);
  tileOp(*Processor::current(), TileGroup::Copy);
}

void eltwiseTiles(uint32_t op, uint32_t cb0, uint32_t cb1, uint32_t tile0,
                  uint32_t tile1, uint32_t dst) {
  static const char *const names[] = {"mul_tiles", "div_tiles", "add_tiles",
                                      "sub_tiles"};
  const char *call = op < 4 ? names[op] : "eltwise binary";
  ComputeState &state = compute(call);
  if (op != state.binaryOp)
    kernelError(format("%s after an init for %s (binary_tiles_init selects "
                       "the operation)", call,
                       state.binaryOp < 4 ? names[state.binaryOp] : "another"));
  float *dest = mathTile(state, dst, call);
  unpack(cb0, tile0, state.srcA, "SrcA", call, operands.a, true);
  unpack(cb1, tile1, state.srcB, "SrcB", call, operands.b, true);
  fpuEltwise(static_cast<EltwiseOp>(op), operands.a, operands.b, dest,
             state.accumulate, state.mode, state.fidelity);
  tileOp(*Processor::current(), TileGroup::Eltwise);
}

void broadcastTiles(uint32_t op, uint32_t type, uint32_t cb0, uint32_t cb1,
                    uint32_t tile0, uint32_t tile1, uint32_t dst) {
  ComputeState &state = compute("*_tiles_bcast");
  float *dest = mathTile(state, dst, "*_tiles_bcast");
  unpack(cb0, tile0, state.srcA, "SrcA", "*_tiles_bcast", operands.a, true);
  unpack(cb1, tile1, state.srcB, "SrcB", "*_tiles_bcast", operands.b, true);
  fpuBroadcast(static_cast<EltwiseOp>(op), static_cast<BroadcastType>(type),
               operands.a, operands.b, dest, state.mode, state.fidelity);
  tileOp(*Processor::current(), TileGroup::Eltwise);
}

void matmulTiles(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1,
                 uint32_t dst) {
  Processor &p = self();
  ComputeState &state = compute(p, "matmul_tiles");
  // A tile reading as zero is written, not zeroed and added to.
  bool fresh = dst < state.tilesPerSection &&
               !(state.live[state.mathSection] & (1u << dst));
  float *dest = mathTile(state, dst, "matmul_tiles", fresh);
  // in0 is unpacked to SrcB and in1 to SrcA; only the pair must match.
  DataFormat f0 = formatOf(p, cb0, "matmul_tiles");
  DataFormat f1 = formatOf(p, cb1, "matmul_tiles");
  bool configured = (state.srcA == f0 && state.srcB == f1) ||
                    (state.srcA == f1 && state.srcB == f0);
  if (!configured)
    kernelError(format("matmul_tiles unpacks cb %u (%s) and cb %u (%s) with "
                       "the unpacker configured for %s and %s (a "
                       "reconfig_data_format call is missing)", cb0,
                       nameOf(f0), cb1, nameOf(f1), nameOf(state.srcA),
                       nameOf(state.srcB)));
  bool toDest = false;
  const uint8_t *l1a = unpackSource(p, cb0, tile0, f0, "SrcB",
                                    "matmul_tiles", true, toDest);
  const uint8_t *l1b = unpackSource(p, cb1, tile1, f1, "SrcA",
                                    "matmul_tiles", true, toDest);
  fpuMatmulTiles(l1a, f0, l1b, f1, dest, state.matmulTranspose, state.mode,
                 state.fidelity, hostSimdLevel(), fresh);
  tileOp(p, TileGroup::Matmul);
}

void reduceTile(uint32_t pool, uint32_t dim, uint32_t cb, uint32_t scalerCb,
                uint32_t tile, uint32_t scalerTile, uint32_t dst) {
  ComputeState &state = compute("reduce_tile");
  float *dest = mathTile(state, dst, "reduce_tile");
  DataFormat f0 = formatOf(cb, "reduce_tile");
  DataFormat f1 = formatOf(scalerCb, "reduce_tile");
  unpack(cb, tile, f0, "SrcA", "reduce_tile", operands.a, true);
  unpack(scalerCb, scalerTile, f1, "SrcB", "reduce_tile", operands.b, true);
  fpuReduce(static_cast<PoolType>(pool), static_cast<ReduceDim>(dim),
            operands.a, operands.b, dest, state.mode);
  tileOp(*Processor::current(), TileGroup::Reduce);
}

void transposeTile(uint32_t cb, uint32_t tile, uint32_t dst) {
  ComputeState &state = compute("transpose_tile");
  float *dest = mathTile(state, dst, "transpose_tile");
  // Through SrcA, or straight to DEST for a 32-bit CB in unpack-to-DEST mode
  // (transpose.h's A2D path), as a copy.
  unpack(cb, tile, state.srcA, "SrcA", "transpose_tile", operands.a, false);
  ttlemu::transposeTile(operands.a, dest, state.mode);
  tileOp(*Processor::current(), TileGroup::Transpose);
}

void unaryBroadcast(uint32_t type, uint32_t cb, uint32_t tile, uint32_t dst) {
  ComputeState &state = compute("unary_bcast");
  float *dest = mathTile(state, dst, "unary_bcast");
  // bcast.h: the tile goes to SrcB (B2D), or straight to DEST when the CB's
  // unpacker output is 32-bit (its unpack_to_dest_mode), as a copy does.
  unpack(cb, tile, state.srcB, "SrcB", "unary_bcast", operands.b, false);
  broadcastCopy(static_cast<BroadcastType>(type), operands.b, dest, state.mode);
  tileOp(*Processor::current(), TileGroup::Copy);
}

void packTile(uint32_t dst, uint32_t cb, int32_t slot) {
  Processor &p = self();
  ComputeState &state = compute(p, "pack_tile");
  if (!state.packing)
    kernelError("pack_tile outside tile_regs_wait / tile_regs_release");
  if (dst >= state.tilesPerSection)
    kernelError(format("pack_tile: DEST index %u, but a section holds %u "
                       "tiles", dst, state.tilesPerSection));
  DataFormat format = formatOf(p, cb, "pack_tile");
  if (state.pack != format)
    kernelError(ttlemu::format(
        "pack_tile into cb %u (%s) with the packer configured for %s (a "
        "pack_reconfig_data_format call is missing)", cb, nameOf(format),
        nameOf(state.pack)));
  if (!isEmulatedFormat(format))
    notEmulated(ttlemu::format("pack_tile: cb %u holds %s tiles, which the "
                               "emulator does not emulate", cb, nameOf(format)));
  LocalCBInterface &local = p.cbs[cb];
  uint32_t page = slot < 0 ? local.fifo_wr_tile_ptr / local.fifo_page_size
                           : uint32_t(slot);
  if (page >= state.reserved[cb])
    kernelError(ttlemu::format("pack_tile writes page %u of cb %u, but only "
                               "%u page%s of it are reserved and not pushed",
                               page, cb, state.reserved[cb],
                               state.reserved[cb] == 1 ? "" : "s"));
  uint32_t address = (local.fifo_wr_ptr + page * local.fifo_page_size)
                     << kComputeAddressShift;
  uint8_t *l1 = processorL1(p, address, tileSizeBytes(format), "pack_tile");
  const float *values = state.tile(state.packSection, dst);
  // With L1 accumulation: the sum of the packed tile (in the output format,
  // as tt-llk's golden model adds the partial results) and the one in L1.
  if (state.l1Accumulation)
    ttlemu::packAccumulateTile(values, format, l1);
  else
    ttlemu::packTile(values, format, l1);
  if (slot < 0)
    local.fifo_wr_tile_ptr += local.fifo_page_size;
  tileOp(p, TileGroup::Pack);
}

void packL1Accumulation(uint32_t enable) {
  ComputeState &state = compute("pack_reconfig_l1_acc");
  if (enable > 1)
    kernelError(format("pack_reconfig_l1_acc(%u): the flag is 0 or 1", enable));
  state.l1Accumulation = enable == 1;
}

void sfpuUnary(uint32_t op, uint32_t dst, uint32_t param, bool approximate) {
  ComputeState &state = compute("SFPU operation");
  float *tile = mathTile(state, dst, "SFPU operation");
  ttlemu::sfpuUnary(static_cast<SfpuUnaryOp>(op), tile, param, approximate,
                    state.mode);
  tileOp(*Processor::current(), TileGroup::Sfpu);
}

void sfpuScalar(uint32_t op, uint32_t dst, uint32_t bits) {
  ComputeState &state = compute("binop_with_scalar");
  float *tile = mathTile(state, dst, "*_unary_tile");
  ttlemu::sfpuScalar(static_cast<ScalarOp>(op), tile, bits, state.mode);
  tileOp(*Processor::current(), TileGroup::Sfpu);
}

void sfpuBinary(uint32_t op, uint32_t a, uint32_t b, uint32_t out) {
  ComputeState &state = compute("*_binary_tile");
  float *ta = mathTile(state, a, "*_binary_tile");
  float *tb = mathTile(state, b, "*_binary_tile");
  float *to = mathTile(state, out, "*_binary_tile");
  ttlemu::sfpuBinary(static_cast<SfpuBinaryOp>(op), ta, tb, to, state.mode);
  tileOp(*Processor::current(), TileGroup::Sfpu);
}

void sfpuWhere(uint32_t cond, uint32_t t, uint32_t f, uint32_t out) {
  ComputeState &state = compute("where_tile");
  ttlemu::sfpuWhere(mathTile(state, cond, "where_tile"),
                    mathTile(state, t, "where_tile"),
                    mathTile(state, f, "where_tile"),
                    mathTile(state, out, "where_tile"), state.mode);
  tileOp(*Processor::current(), TileGroup::Sfpu);
}

} // namespace rt
} // namespace ttlemu
