//===- TileNumerics.h - Tile numerics of the emulated core ------*- C++ -*-===//
//
// Pure functions over single 32x32 tiles: the data formats tiles have in L1
// (tile layout, four 16x16 faces), the conversions the unpacker, the
// destination registers (DEST) and the packer apply, and the FPU and SFPU
// operations of the TT-Metal compute API. No emulator state lives here: the
// compute-API layer (ComputeApi.cpp) finds the tiles and calls these.
//
// Numeric model (docs/emulator.md states it for users):
//  - a tile in DEST or a source register is 1024 floats, row-major (r*32+c);
//  - math is done in f32 (matmul dot products of one tile step in f32);
//  - FPU operands of 32-bit formats are reduced to TF32 (the source registers
//    hold 19 bits); 16-bit formats widen exactly;
//  - every value written to DEST is rounded to the DEST format: bf16 when
//    fp32_dest_acc_en is off, f32 when on (FPU writes round to nearest even;
//    SFPU writes follow the per-op rule in TileNumerics.cpp, citing the source);
//  - packing rounds to the CB format to nearest even (bf16), or copies (f32).
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_TILEMATH_H
#define TTL_EMU_TILEMATH_H

#include "ttl/TileGeometry.h"

#include <cstddef>
#include <cstdint>

namespace ttlemu {

constexpr int kTileDim = ::ttlang::tile::kSide; // ttl/TileGeometry.h
constexpr int kFaceDim = ::ttlang::tile::kFaceSide;
constexpr int kTileElems = ::ttlang::tile::kElements;

/// tt-metal's DataFormat codes (tensix_types.h).
enum class DataFormat : uint8_t {
  Float32 = 0,
  Float16 = 1,
  Bfp8 = 2,
  Bfp4 = 3,
  Tf32 = 4,
  Float16_b = 5,
  Bfp8_b = 6,
  Bfp4_b = 7,
  Int32 = 8,
  UInt16 = 9,
  Lf8 = 10,
  Int8 = 14,
  UInt32 = 24,
  UInt8 = 30,
  Invalid = 0xff,
};

/// Bytes of one tile of `format` in L1 (GET_L1_HEADERLESS_TILE_SIZE, whose
/// switch keys on the low 4 bits, so UInt32 sizes as Int32 and UInt8 as
/// Int8); 0 for a format that switch does not name (UInt16, Tf32, Invalid).
uint32_t tileSizeBytes(DataFormat format);
/// Whether tiles of `format` can be unpacked and packed (Float32, Float16_b,
/// Float16; every other format is "not emulated"). unpackTile/packTile also
/// implement Bfp8_b (the LLK packer model), not reported here until the
/// compute-API layer opts in.
bool isEmulatedFormat(DataFormat format);
const char *formatName(DataFormat format);

/// Element (r, c) of a tile sits at this index of the L1 tile layout.
inline int tileLayoutIndex(int r, int c) {
  return ((r / kFaceDim) * 2 + c / kFaceDim) * (kFaceDim * kFaceDim) +
         (r % kFaceDim) * kFaceDim + c % kFaceDim;
}

/// L1 tile (tile layout) -> row-major floats, exact.
void unpackTile(const uint8_t *l1, DataFormat format, float *out);
/// Row-major floats -> L1 tile of `format`, rounding to nearest even.
void packTile(const float *values, DataFormat format, uint8_t *l1);
/// The packer's L1 accumulation: the L1 tile becomes the sum of `values`
/// packed to `format` and the tile in L1, in `format` (tt-llk's golden
/// apply_l1_accumulation), i.e. pack(unpack(pack(values)) + unpack(l1)).
void packAccumulateTile(const float *values, DataFormat format, uint8_t *l1);

float roundToBf16(float x);    // round to nearest even, NaN kept
float truncateToBf16(float x); // drop the low 16 bits
float roundToTf32(float x);    // 10 explicit mantissa bits, nearest even
float truncateToTf32(float x); // drop the low 13 bits (what the unpacker does)

/// DEST holds 16-bit (bf16) datums unless fp32_dest_acc_en.
enum class DestMode : uint8_t { Bf16, Fp32 };
/// Rounds a whole tile as written into DEST.
void roundIntoDest(float *tile, DestMode mode);

/// The operand as the FPU sees it after unpacking a tile of `format` into a
/// source register, in place: 32-bit formats are truncated to TF32 (the LLK
/// golden model's SrcFormatModel drops the 13 low mantissa bits); 16-bit
/// formats are unchanged. The FPU functions below expect operands that went
/// through this (they do not know the CB format).
void toSourceRegister(float *tile, DataFormat format);

enum class MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4 };

// --- FPU -----------------------------------------------------------------
enum class EltwiseOp : uint8_t { Mul = 0, Div = 1, Add = 2, Sub = 3 };
/// dest = a op b (plus dest when `accumulate`), rounded to `mode`; a is SrcA
/// (in0), b is SrcB (in1). Mul uses `fidelity` (add/sub are LoFi-independent)
/// and gives 0 when either operand is 0, as the FPU does.
void fpuEltwise(EltwiseOp op, const float *a, const float *b, float *dest,
                bool accumulate, DestMode mode, MathFidelity fidelity);
/// dest += a @ b (b transposed first when `transposeB`), rounded to `mode`.
/// a is in0 (SrcB), b is in1 (SrcA); `fidelity` masks their mantissas.
void fpuMatmul(const float *a, const float *b, float *dest, bool transposeB,
               DestMode mode, MathFidelity fidelity);
/// The vector code the tile functions may use. Every level gives the same
/// bits; the host's CPU caps it (a higher request runs at the host's level).
/// Avx512Bf16 adds VDPBF16PS for bf16 matmul operands, used only on the
/// tiles where it is exactly the FMA chain (TileNumerics.cpp, bf16DotExact).
enum class SimdLevel : uint8_t {
  Portable = 0,
  Avx2 = 1,
  Avx512 = 2,
  Avx512Bf16 = 3
};
/// The highest level this CPU runs (x86-64: AVX-512F with AVX512_BF16 whose
/// rounding and order a start-up check confirmed, AVX-512F, AVX2 with FMA, or
/// none).
SimdLevel hostSimdLevel();
/// matmul_tiles from L1: unpacks tile `a` (in0, `formatA`) and `b` (in1,
/// `formatB`) into the source registers, then fpuMatmul. Bit-identical to
/// unpackTile + toSourceRegister + fpuMatmul at every `simd` level; with
/// AVX-512, bf16 operands and HiFi4 the unpack, product, DEST addition and
/// DEST rounding run as one pass over registers.
/// `destIsZero`: `dest` holds no value yet and reads as zero (it is only
/// written).
void fpuMatmulTiles(const uint8_t *a, DataFormat formatA, const uint8_t *b,
                    DataFormat formatB, float *dest, bool transposeB,
                    DestMode mode, MathFidelity fidelity,
                    SimdLevel simd = hostSimdLevel(), bool destIsZero = false);
/// Whether fpuMatmulTiles at SimdLevel::Avx512Bf16 multiplies the bf16 L1
/// tiles `a` (in0) and `b` (in1) with VDPBF16PS: only where each of its steps
/// is the FMA chain's (no infinity or NaN, no denormal operand, no partial
/// sum that could be denormal, no product beyond f32). Other tiles take the
/// FMA path; both give the same bits.
bool bf16DotProductsExact(const uint8_t *a, const uint8_t *b);
enum class BroadcastType : uint8_t { None = 0, Col = 1, Row = 2, Scalar = 3 };
/// dest = a op broadcast(b): COL b[h,0], ROW b[0,w], SCALAR b[0,0].
void fpuBroadcast(EltwiseOp op, BroadcastType type, const float *a,
                  const float *b, float *dest, DestMode mode,
                  MathFidelity fidelity);
/// unary_bcast's datacopy: dest = broadcast(b) (COL b[h,0], ROW b[0,w],
/// SCALAR b[0,0]) written into DEST in `mode`.
void broadcastCopy(BroadcastType type, const float *b, float *dest,
                   DestMode mode);
enum class PoolType : uint8_t { Sum = 0, Avg = 1, Max = 2 };
enum class ReduceDim : uint8_t { Row = 0, Col = 1, Scalar = 2 };
/// reduce_tile: accumulates the reduction of `a` scaled by `scaler` into
/// dest (ROW -> column 0, COL -> row 0, SCALAR -> [0,0]; rest untouched).
/// The scale factors are row 0 of face 0 of `scaler` (w[k], k = index along
/// the reduced dimension mod 16); SCALAR applies them along both dimensions
/// (hence 1/sqrt(N) for AVG). SUM/AVG: dest += sum(w*a); MAX: dest =
/// max(dest, max(a * 2^floor(log2|w|))), a +0.0 dest counting as empty. See
/// TileNumerics.cpp for the sources and the unsettled points.
void fpuReduce(PoolType pool, ReduceDim dim, const float *a,
               const float *scaler, float *dest, DestMode mode);
/// dest[w,h] = a[h,w].
void transposeTile(const float *a, float *dest, DestMode mode);

// --- SFPU (in place on DEST tiles) -----------------------------------------
enum class SfpuUnaryOp : uint8_t {
  Exp, Exp2, Relu, Sqrt, Rsqrt, Recip, Negative, Abs, Sigmoid, Tanh, Log,
  Sin, Cos, Gelu, Silu, Square, Power, // Power: exponent in `param` (uint)
  Rdiv,                                // param: bits of the f32 numerator
  Rsub,                                // param: bits of s, s - x
  Fill,                                // param: bits of the f32 value
  PowerBits, // power_tile: param is the f32 exponent's bits (x ** p)
};
/// `approx` is the op's approximation flag as the kernel instantiates it:
/// APPROX for sqrt/rsqrt/recip/rdiv/sin/cos; the op's own template flag for
/// exp, sigmoid, tanh (default false) and gelu (gelu_tile's fast_and_approx
/// defaults to **true**). Only gelu, tanh and sigmoid have a modelled
/// approximate path (the hardware LUTs); other ops ignore `approx`.
/// Power is power_iterative_tile (non-negative integer exponent);
/// PowerBits is power_tile, whose 0.81.1 param is the exponent's f32 bits.
void sfpuUnary(SfpuUnaryOp op, float *tile, uint32_t param, bool approx,
               DestMode mode);
/// binop_with_scalar: ADD x+s, SUB x-s, MUL x*s, DIV x*s (the host passes
/// 1/s: ckernel_sfpu_binop_with_unary.h), RSUB s-x; `bits` is s as f32 bits.
enum class ScalarOp : uint8_t { Add = 0, Sub = 1, Mul = 2, Div = 3, Rsub = 4 };
void sfpuScalar(ScalarOp op, float *tile, uint32_t bits, DestMode mode);
/// *_binary_tile: out = a op b on DEST tiles (rsub: b - a). Max/Min are
/// binary_max_tile/binary_min_tile; comparisons give 1.0/0.0.
enum class SfpuBinaryOp : uint8_t {
  Add, Sub, Mul, Div, Rsub, Power, Max, Min, Eq, Ne, Lt, Gt, Le, Ge,
};
void sfpuBinary(SfpuBinaryOp op, const float *a, const float *b, float *out,
                DestMode mode);
/// ckernel::DstRoundingMode: add/sub/rsub_binary_tile<NearestEven> round
/// into a 16-bit DEST instead of truncating (other ops ignore it).
enum class DstRounding : uint8_t { Default, NearestEven };
void sfpuBinary(SfpuBinaryOp op, const float *a, const float *b, float *out,
                DestMode mode, DstRounding rounding);
/// where_tile: out = cond != 0 ? t : f, tested on the raw bits, so a -0.0
/// condition selects t (ckernel_sfpu_where.h compares the datum as an int).
void sfpuWhere(const float *cond, const float *t, const float *f, float *out,
               DestMode mode);

} // namespace ttlemu

#endif // TTL_EMU_TILEMATH_H
