//===- TileNumerics.cpp - Tile numerics of the emulated Tensix core -------===//
//
// Every rule below cites the file that states it. Paths are relative to the
// ttnn 0.81.1 wheel (site-packages/ttnn/):
//   SFPU  tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/
//   LLKS  tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/sfpu/
//   LLK   tt_metal/tt-llk/tt_llk_wormhole_b0/llk_lib/
//   API   tt_metal/hw/inc/api/compute/
//   GOLD  tt_metal/tt-llk/tests/python_tests/helpers/golden_generators.py
// and the Tensix ISA pages for MVMUL / GAPOOL / GMPOOL / SFPLUT(FP32)
// (tt-isa-documentation, WormholeB0/TensixTile/TensixCoprocessor/).
//
// Hot loops (rounding, eltwise, matmul) work on whole tiles with the operation
// chosen outside the loop, so g++ -O2 vectorizes them.
//
//===----------------------------------------------------------------------===//

#include "ttl/Emu/TileNumerics.h"

#include <algorithm>
#include <type_traits>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <cmath>
#include <cstring>
#include <limits>

namespace ttlemu {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// __builtin_bit_cast (GCC >= 11, Clang >= 9) keeps the per-element rounding
// loops vectorizable where a memcpy-based cast does not.
inline uint32_t bitsOf(float x) { return __builtin_bit_cast(uint32_t, x); }
inline float fromBits(uint32_t u) { return __builtin_bit_cast(float, u); }

/// bf16 round-to-nearest-even on f32 bits. A NaN is truncated instead (the
/// rounding add could carry it into infinity), and keeps a non-zero mantissa.
inline uint32_t rneBf16Bits(uint32_t u) {
  uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
  uint32_t truncated = u & 0xFFFF0000u;
  uint32_t nan = truncated | ((truncated & 0x007F0000u) ? 0u : 0x00400000u);
  return (u & 0x7FFFFFFFu) > 0x7F800000u ? nan : rounded;
}

inline float rneBf16(float x) { return fromBits(rneBf16Bits(bitsOf(x))); }
inline float truncBf16(float x) { return fromBits(bitsOf(x) & 0xFFFF0000u); }

// Every FPU op and copy_tile rounds a whole tile; on x86 an AVX2 clone of the
// (integer-only, so bit-identical) loop runs when the CPU has it.
__attribute__((always_inline)) inline void
rneTileBody(const float *__restrict in, float *__restrict out) {
  for (int i = 0; i < kTileElems; ++i)
    out[i] = rneBf16(in[i]);
}

#if defined(__x86_64__)
/// rneBf16Bits on W lanes at a time with GCC vector types (integer operations:
/// the same bits as the scalar loop); instantiated for AVX2 and AVX-512.
template <int W>
__attribute__((always_inline)) inline void rneTileLanes(const float *in,
                                                        float *out) {
  typedef uint32_t U __attribute__((vector_size(W * 4)));
  typedef int32_t S __attribute__((vector_size(W * 4)));
  for (int i = 0; i < kTileElems; i += W) {
    U u;
    std::memcpy(&u, in + i, sizeof u);
    U rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
    U truncated = u & 0xFFFF0000u;
    U quiet = (U)((truncated & 0x007F0000u) == 0u) & 0x00400000u;
    S isNan = (S)(u & 0x7FFFFFFFu) > (S)(U{} + 0x7F800000u);
    U result = isNan ? (truncated | quiet) : rounded;
    std::memcpy(out + i, &result, sizeof result);
  }
}

__attribute__((target("avx2"))) void rneTileAvx2(const float *in, float *out) {
  rneTileLanes<8>(in, out);
}

__attribute__((target("avx512f"))) void rneTileAvx512(const float *in,
                                                      float *out) {
  rneTileLanes<16>(in, out);
}
#endif

#if defined(__x86_64__)
// Integer lane arithmetic in GCC vector types: GCC 12's shift and widening
// intrinsics warn (-Wuninitialized on their _mm512_undefined_epi32).
typedef uint32_t Lanes16 __attribute__((vector_size(64)));

/// rneBf16Bits on 16 lanes (integer operations, so the same bits).
__attribute__((target("avx512f"), always_inline)) inline __m512
rneBf16Avx512(__m512 x) {
  Lanes16 u = (Lanes16)x;
  // u + 0x7FFF, plus 1 where bit 16 (the kept LSB) is set: a mask test and a
  // masked add instead of a shift and an and.
  Lanes16 half = u + 0x7FFFu;
  __mmask16 odd = _mm512_test_epi32_mask((__m512i)u, _mm512_set1_epi32(0x10000));
  half = (Lanes16)_mm512_mask_add_epi32((__m512i)half, odd, (__m512i)half,
                                        _mm512_set1_epi32(1));
  Lanes16 r = half & 0xFFFF0000u;
  __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
  if (nan) { // truncated, made quiet when the kept mantissa bits are zero
    Lanes16 t = u & 0xFFFF0000u;
    t |= (Lanes16)((t & 0x007F0000u) == 0u) & 0x00400000u;
    r = (Lanes16)_mm512_mask_mov_epi32((__m512i)r, nan, (__m512i)t);
  }
  return (__m512)r;
}

#endif

/// out = bf16 RNE of in; `in` and `out` must not overlap.
void rneTile(const float *in, float *out) {
#if defined(__x86_64__)
  static const bool hasAvx512 = __builtin_cpu_supports("avx512f");
  if (hasAvx512)
    return rneTileAvx512(in, out);
  static const bool hasAvx2 = __builtin_cpu_supports("avx2");
  if (hasAvx2)
    return rneTileAvx2(in, out);
#endif
  rneTileBody(in, out);
}

void roundTileBf16(float *t) {
  alignas(64) float in[kTileElems];
  std::memcpy(in, t, sizeof in);
  rneTile(in, t);
}

void truncTileBf16(float *t) {
  for (int i = 0; i < kTileElems; ++i)
    t[i] = truncBf16(t[i]);
}

/// FPU writes into DEST round to nearest even (LLK llk_defs.h StochRndType:
/// without stochastic rounding, FPU results and gasket conversions are RNE).
void writeDest(const float *__restrict value, float *__restrict dest,
               DestMode mode) {
  if (mode == DestMode::Fp32) {
    std::memcpy(dest, value, kTileElems * sizeof(float));
    return;
  }
  rneTile(value, dest);
}

inline float roundDest(float x, DestMode mode) {
  return mode == DestMode::Bf16 ? rneBf16(x) : x;
}

// --- IEEE half ---------------------------------------------------------------

uint16_t floatToHalfBits(float x) {
  uint32_t u = bitsOf(x);
  uint32_t sign = (u >> 16) & 0x8000u;
  uint32_t mag = u & 0x7FFFFFFFu;
  if (mag > 0x7F800000u) { // NaN: keep the top payload bits, never zero
    uint32_t payload = (mag >> 13) & 0x3FFu;
    return static_cast<uint16_t>(sign | 0x7C00u | (payload ? payload : 0x200u));
  }
  if (mag >= 0x477FF000u) // >= 65520 rounds past the largest half, 65504
    return static_cast<uint16_t>(sign | 0x7C00u);
  if (mag >= 0x38800000u) { // normal half: rebias 127 -> 15, then RNE
    uint32_t r = mag - 0x38000000u;
    r += 0xFFFu + ((r >> 13) & 1u);
    return static_cast<uint16_t>(sign | (r >> 13));
  }
  // Subnormal half: the value in units of 2^-24, rounded to nearest even
  // (the scaling is exact; 1024 units carry into the smallest normal).
  float units = std::nearbyint(fromBits(mag) * 16777216.0f);
  return static_cast<uint16_t>(sign | static_cast<uint32_t>(units));
}

float halfBitsToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t man = h & 0x3FFu;
  if (exp == 0) {
    float mag = static_cast<float>(man) * (1.0f / 16777216.0f);
    return sign ? -mag : mag;
  }
  if (exp == 31)
    return fromBits(sign | 0x7F800000u | (man << 13));
  return fromBits(sign | ((exp + 112u) << 23) | (man << 13));
}

// --- Fidelity ----------------------------------------------------------------
//
// GOLD FidelityMasking (WH/BH) on the 11-bit mantissa incl. the hidden bit:
// phase p multiplies (SrcA & maskA[p]) by (SrcB & maskB[p]) with
//   maskA = 11111000000, 00000111110, 11111000000, 00000111110
//   maskB = 11111110000, 11111110000, 00000001111, 00000001111
// and LoFi/HiFi2/HiFi3 sum phases 0/0-1/0-2. On f32 bits (TF32 mantissa in
// bits 22..13): A hi = top 4 explicit bits, A full = top 9 (SrcA's LSB is never
// used, ISA MVMUL note), B hi = top 6, B full = top 10. Summing the phases:
//   LoFi  = Ahi*Bhi,  HiFi2 = Afull*Bhi,  HiFi3 = Afull*Bhi + Ahi*Blo.
// HiFi4 is the plain product: GOLD's matmul applies no mask at HiFi4.
constexpr uint32_t kSrcAHiMask = 0xFFF80000u;
constexpr uint32_t kSrcAFullMask = 0xFFFFC000u;
constexpr uint32_t kSrcBHiMask = 0xFFFE0000u;
constexpr uint32_t kSrcBFullMask = 0xFFFFE000u;

inline float maskBits(float x, uint32_t mask) {
  return fromBits(bitsOf(x) & mask);
}

/// The product the FPU forms from SrcA value `a` and SrcB value `b`.
template <MathFidelity F> inline float fidelityProduct(float a, float b) {
  if constexpr (F == MathFidelity::HiFi4) {
    return a * b;
  } else {
    float aHi = maskBits(a, kSrcAHiMask);
    float bHi = maskBits(b, kSrcBHiMask);
    if constexpr (F == MathFidelity::LoFi)
      return aHi * bHi;
    float aFull = maskBits(a, kSrcAFullMask);
    if constexpr (F == MathFidelity::HiFi2)
      return aFull * bHi;
    float bLo = maskBits(b, kSrcBFullMask) - bHi; // exact: same exponent
    return aFull * bHi + aHi * bLo;
  }
}

/// r = a * b as the FPU multiplies (SrcA = a, SrcB = b); 0 when either is 0
/// (SFPU calculate_sfpu_binary_mul: "To match FPU behaviour for bfloat16
/// multiplication, 0 * x = 0 and x * 0 = 0").
template <MathFidelity F>
void mulTileAt(const float *__restrict a, const float *__restrict b,
               float *__restrict r) {
  for (int i = 0; i < kTileElems; ++i) {
    // Integer tests keep the loop free of (trapping) float selects, so it
    // vectorizes.
    uint32_t nonZero =
        ((bitsOf(a[i]) << 1) != 0u) & ((bitsOf(b[i]) << 1) != 0u);
    r[i] = fromBits(bitsOf(fidelityProduct<F>(a[i], b[i])) & (0u - nonZero));
  }
}

void mulTile(const float *a, const float *b, float *r, MathFidelity fidelity) {
  switch (fidelity) {
  case MathFidelity::LoFi:
    return mulTileAt<MathFidelity::LoFi>(a, b, r);
  case MathFidelity::HiFi2:
    return mulTileAt<MathFidelity::HiFi2>(a, b, r);
  case MathFidelity::HiFi3:
    return mulTileAt<MathFidelity::HiFi3>(a, b, r);
  case MathFidelity::HiFi4:
    return mulTileAt<MathFidelity::HiFi4>(a, b, r);
  }
}

/// r = a op b over a tile, f32, no rounding.
void eltwiseTile(EltwiseOp op, const float *__restrict a,
                 const float *__restrict b, float *__restrict r,
                 MathFidelity fidelity) {
  switch (op) {
  case EltwiseOp::Add:
    for (int i = 0; i < kTileElems; ++i)
      r[i] = a[i] + b[i];
    return;
  case EltwiseOp::Sub:
    for (int i = 0; i < kTileElems; ++i)
      r[i] = a[i] - b[i];
    return;
  case EltwiseOp::Mul:
    return mulTile(a, b, r, fidelity);
  case EltwiseOp::Div:
    for (int i = 0; i < kTileElems; ++i)
      r[i] = a[i] / b[i];
    return;
  }
}

// --- Matmul ------------------------------------------------------------------

/// c += x @ y, 32x32 row-major. Every c element accumulates its 32 products in
/// k order, each as one fused multiply-add (one rounding per step), so the
/// AVX2/FMA build and the portable one give identical bits on every host.
void gemmGeneric(const float *__restrict x, const float *__restrict y,
                 float *__restrict c) {
  for (int i = 0; i < kTileDim; ++i)
    for (int j = 0; j < kTileDim; ++j) {
      float acc = c[i * kTileDim + j];
      for (int k = 0; k < kTileDim; ++k)
        acc = std::fma(x[i * kTileDim + k], y[k * kTileDim + j], acc);
      c[i * kTileDim + j] = acc;
    }
}

#if defined(__x86_64__)
/// kRows rows of c in 4 * kRows 8-float registers while k runs (four more
/// hold row k of y).
template <int kRows>
__attribute__((target("avx2,fma"), always_inline)) inline void
gemmFmaRows(const float *__restrict x, const float *__restrict y,
            float *__restrict c, int i) {
  __m256 acc[kRows][4];
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < 4; ++v)
      acc[r][v] = _mm256_loadu_ps(c + (i + r) * kTileDim + v * 8);
  for (int k = 0; k < kTileDim; ++k) {
    const float *yk = y + k * kTileDim;
    __m256 y0 = _mm256_loadu_ps(yk), y1 = _mm256_loadu_ps(yk + 8);
    __m256 y2 = _mm256_loadu_ps(yk + 16), y3 = _mm256_loadu_ps(yk + 24);
#pragma GCC unroll 4
    for (int r = 0; r < kRows; ++r) {
      __m256 s = _mm256_broadcast_ss(x + (i + r) * kTileDim + k);
      acc[r][0] = _mm256_fmadd_ps(s, y0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(s, y1, acc[r][1]);
      acc[r][2] = _mm256_fmadd_ps(s, y2, acc[r][2]);
      acc[r][3] = _mm256_fmadd_ps(s, y3, acc[r][3]);
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < 4; ++v)
      _mm256_storeu_ps(c + (i + r) * kTileDim + v * 8, acc[r][v]);
}

/// The same products with 16-float registers, eight rows of the result in
/// sixteen: c += x @ y, accumulating from c.
template <int kRows>
__attribute__((target("avx512f"), always_inline)) inline void
gemmAvx512Rows(const float *__restrict x, const float *__restrict y,
               float *__restrict c, int i) {
  __m512 acc[kRows][2];
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r)
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v)
      acc[r][v] = _mm512_loadu_ps(c + (i + r) * kTileDim + v * 16);
  for (int k = 0; k < kTileDim; ++k) {
    __m512 y0 = _mm512_loadu_ps(y + k * kTileDim);
    __m512 y1 = _mm512_loadu_ps(y + k * kTileDim + 16);
#pragma GCC unroll 8
    for (int r = 0; r < kRows; ++r) {
      __m512 s = _mm512_set1_ps(x[(i + r) * kTileDim + k]);
      acc[r][0] = _mm512_fmadd_ps(s, y0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(s, y1, acc[r][1]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r)
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v)
      _mm512_storeu_ps(c + (i + r) * kTileDim + v * 16, acc[r][v]);
}

__attribute__((target("avx512f"))) void gemmAvx512(const float *__restrict x,
                                                   const float *__restrict y,
                                                   float *__restrict c) {
  for (int i = 0; i < kTileDim; i += 8)
    gemmAvx512Rows<8>(x, y, c, i);
}

__attribute__((target("avx2,fma"))) void gemmFma(const float *__restrict x,
                                                 const float *__restrict y,
                                                 float *__restrict c) {
  int i = 0;
  for (; i + 3 <= kTileDim; i += 3)
    gemmFmaRows<3>(x, y, c, i);
  gemmFmaRows<2>(x, y, c, i); // 32 = 10 * 3 + 2
}
#endif

void gemmAccumulate(const float *x, const float *y, float *c, SimdLevel simd) {
#if defined(__x86_64__)
  if (simd >= SimdLevel::Avx512)
    return gemmAvx512(x, y, c);
  if (simd == SimdLevel::Avx2)
    return gemmFma(x, y, c);
#else
  (void)simd; // no SIMD clones but x86-64's
#endif
  gemmGeneric(x, y, c);
}

void maskTile(const float *in, float *out, uint32_t mask) {
  for (int i = 0; i < kTileElems; ++i)
    out[i] = maskBits(in[i], mask);
}

void transposeInto(const float *__restrict a, float *__restrict t) {
  for (int r = 0; r < kTileDim; ++r)
    for (int c = 0; c < kTileDim; ++c)
      t[c * kTileDim + r] = a[r * kTileDim + c];
}

// --- SFPU store rules --------------------------------------------------------

/// How a 16-bit DEST receives an SFPU result. SFPSTORE of an f32 LReg into a
/// bf16 DEST truncates (API eltwise_binary_sfpu.h: "Default truncates (native
/// SFPSTORE behavior)"; GOLD truncate_to_bfloat16); ops that call
/// convert<vFloat16b>(.., RoundMode::Nearest) or float32_to_bf16_rne first
/// round to nearest even. A 32-bit DEST keeps the f32 result.
enum class Store : uint8_t { Truncate, NearestEven };

struct UnaryStore {
  Store precise; // approx == false
  Store approx;  // approx == true
};

// Indexed by SfpuUnaryOp; the paths are the ones taken with a 16-bit DEST.
// "plain store" = no rounding before SFPSTORE; where that result is an input
// value (relu, neg, abs, fill of a bf16) truncation is exact anyway.
constexpr UnaryStore kUnaryStore[] = {
    // Exp: exp.h _sfpu_exp_21f_bf16_tti_ SFP_STOCH_RND RND_EVEN; the approx
    // path (SFPLOADMACRO) stores its bits as built.
    {Store::NearestEven, Store::Truncate},
    // Exp2: exp2.h _sfpu_exp2_bf16_ convert<vFloat16b> (one path).
    {Store::NearestEven, Store::NearestEven},
    // Relu: LLKS relu.h SFPSWAP + plain store.
    {Store::Truncate, Store::Truncate},
    // Sqrt, Rsqrt: sqrt.h _calculate_sqrt_internal_ convert on every path.
    {Store::NearestEven, Store::NearestEven},
    {Store::NearestEven, Store::NearestEven},
    // Recip: recip.h round_to_bf16 before scaling; approx iter<0> plain.
    {Store::NearestEven, Store::Truncate},
    // Negative: negative.h; Abs: abs.h -- sign-bit ops, plain store.
    {Store::Truncate, Store::Truncate},
    {Store::Truncate, Store::Truncate},
    // Sigmoid: sigmoid.h convert; approx LUT (sigmoid_appx.h) plain.
    {Store::NearestEven, Store::Truncate},
    // Tanh: tanh.h bf16 polynomial convert; approx LUT plain.
    {Store::NearestEven, Store::Truncate},
    // Log: log.h calculate_log convert (both FAST_APPROX values).
    {Store::NearestEven, Store::NearestEven},
    // Sin, Cos: trigonometry.h convert (no approx branch).
    {Store::NearestEven, Store::NearestEven},
    {Store::NearestEven, Store::NearestEven},
    // Gelu: gelu.h bf16 accurate path convert; calculate_gelu_appx plain.
    {Store::NearestEven, Store::Truncate},
    // Silu: silu.h convert (always the non-approx sigmoid).
    {Store::NearestEven, Store::NearestEven},
    // Square: square.h float32_to_bf16_rne_prgm.
    {Store::NearestEven, Store::NearestEven},
    // Power (power_iterative_tile): unary_power.h
    // calculate_unary_power_iterative, plain store.
    {Store::Truncate, Store::Truncate},
    // Rdiv: rdiv.h rounds 1/x to bf16 RNE (non-approx), then stores s*(1/x)
    // plain (modelled in rdivTile).
    {Store::Truncate, Store::Truncate},
    // Rsub: binop_with_unary.h RSUB float32_to_bf16_rne ("logit" fix).
    {Store::NearestEven, Store::NearestEven},
    // Fill: LLKS fill.h _calculate_fill_ plain store.
    {Store::Truncate, Store::Truncate},
    // PowerBits (power_tile): unary_power.h _sfpu_unary_power_21f_ convert.
    {Store::NearestEven, Store::NearestEven},
};
static_assert(sizeof(kUnaryStore) / sizeof(kUnaryStore[0]) ==
                  static_cast<size_t>(SfpuUnaryOp::PowerBits) + 1,
              "one store rule per SfpuUnaryOp");

// Indexed by ScalarOp: binop_with_unary.h calculate_binop_with_scalar stores
// ADD/SUB/MUL/DIV plain and rounds RSUB with float32_to_bf16_rne.
constexpr Store kScalarStore[] = {Store::Truncate, Store::Truncate,
                                  Store::Truncate, Store::Truncate,
                                  Store::NearestEven};

// Indexed by SfpuBinaryOp. binary.h calculate_sfpu_binary stores ADD/SUB/RSUB
// plain unless DstRoundingMode::NearestEven; calculate_sfpu_binary_mul/_div
// and binary_pow.h round RNE; SFPSWAP min/max and 1.0/0.0 comparisons
// (binary_max_min.h, binary_comp.h) store exact values.
constexpr Store kBinaryStore[] = {
    Store::Truncate,    Store::Truncate, Store::NearestEven, // add sub mul
    Store::NearestEven, Store::Truncate, Store::NearestEven, // div rsub pow
    Store::Truncate,    Store::Truncate,                     // max min
    Store::Truncate,    Store::Truncate, Store::Truncate,    // eq ne lt
    Store::Truncate,    Store::Truncate, Store::Truncate,    // gt le ge
};
static_assert(sizeof(kBinaryStore) / sizeof(kBinaryStore[0]) ==
                  static_cast<size_t>(SfpuBinaryOp::Ge) + 1,
              "one store rule per SfpuBinaryOp");

/// table[e]; an out-of-range enum (never valid) reads the last entry.
template <typename T, size_t N, typename E>
const T &ruleFor(const T (&table)[N], E e) {
  size_t i = static_cast<size_t>(e);
  return table[i < N ? i : N - 1];
}

void storeSfpu(float *tile, DestMode mode, Store store) {
  if (mode == DestMode::Fp32)
    return;
  if (store == Store::NearestEven)
    roundTileBf16(tile);
  else
    truncTileBf16(tile);
}

// --- SFPU math ---------------------------------------------------------------

template <typename Fn> inline void mapTile(float *tile, Fn fn) {
  for (int i = 0; i < kTileElems; ++i)
    tile[i] = fn(tile[i]);
}

/// SFPLUTFP32 FP16_6ENTRY_TABLE1: segments split at |x| = 0.5, 1, 1.5, 2, 3,
/// each computing slope*|x| + intercept (ISA SFPLUTFP32.md). The sfpi
/// vLut16 constructors store fp16 values; the tables below are the fp16
/// values of the init constants (the gelu ones are the bit patterns the
/// older gelu_init loaded: 0x37E7322B / 0xB12286D8, ...).
struct Lut6 {
  float slope[6];
  float intercept[6];
};

inline int lut6Segment(float mag) {
  return (mag >= 0.5f) + (mag >= 1.0f) + (mag >= 1.5f) + (mag >= 2.0f) +
         (mag >= 3.0f);
}

inline float lut6(const Lut6 &lut, float mag) {
  int s = lut6Segment(mag);
  return lut.slope[s] * mag + lut.intercept[s];
}

float fp16Value(float x) { return halfBitsToFloat(floatToHalfBits(x)); }

/// gelu.h gelu_init<APPROXIMATION_MODE = true>.
const Lut6 &geluLut() {
  static const Lut6 lut = {
      {fp16Value(0.1928f), fp16Value(0.4939f), fp16Value(0.6188f),
       fp16Value(0.6099f), fp16Value(0.5402f), fp16Value(0.5f)},
      {fp16Value(-0.00010443f), fp16Value(-0.1604f), fp16Value(-0.2796f),
       fp16Value(-0.2635f), fp16Value(-0.1194f), 0.0f}};
  return lut;
}

/// tanh.h tanh_init<APPROXIMATION_MODE = true>.
const Lut6 &tanhLut() {
  static const Lut6 lut = {
      {fp16Value(0.96191406f), fp16Value(0.57617188f), fp16Value(0.28710938f),
       fp16Value(0.0964355469f), fp16Value(0.0390625f), 0.0f},
      {0.0f, fp16Value(0.192871094f), fp16Value(0.48193359f),
       fp16Value(0.76806641f), fp16Value(0.8828125f), 1.0f}};
  return lut;
}

/// gelu.h calculate_gelu_appx: 0.5*x + lut(x) with LutSign::Update (the LUT
/// result keeps its own sign).
inline float geluApprox(float x) {
  return 0.5f * x + lut6(geluLut(), std::fabs(x));
}

/// gelu.h accurate paths. 16-bit DEST (calculate_gelu_piecewise): 0 at and
/// below -5.54259443 ("matches torch.gelu BF16 saturation"), x from 2.78125,
/// x*Phi(x) between. 32-bit DEST: x*Phi(x) above -5.54259443, x - x below.
inline float geluPrecise(float x, DestMode mode) {
  constexpr float kSaturation = -5.54259443f;
  constexpr double kInvSqrt2 = 0.70710678118654752;
  if (mode == DestMode::Bf16) {
    if (!(x > kSaturation))
      return 0.0f;
    if (x >= 2.78125f)
      return x;
  } else if (!(x > kSaturation)) {
    return x - x;
  }
  // erfc's argument in double: rounding -x/sqrt(2) to f32 costs up to ~20
  // f32 ulp in the tail (erfc amplifies its relative error by 2z^2).
  return 0.5f * x * static_cast<float>(std::erfc(-x * kInvSqrt2));
}

/// tanh.h approx: sign(x) * lut(|x|) (LutSign::Retain).
inline float tanhApprox(float x) {
  return std::copysign(lut6(tanhLut(), std::fabs(x)), x);
}

/// sigmoid_appx.h: SFPLUT 3-entry table (split at |x| = 1, 2) with the sign
/// retained, plus 0.5. The vLut8si constants are exact in the 8-bit format.
inline float sigmoidApprox(float x) {
  float mag = std::fabs(x);
  float lut = mag < 1.0f   ? 0.2265625f * mag
              : mag < 2.0f ? 0.265625f * mag - 0.046875f
                           : 0.5f;
  return std::copysign(lut, x) + 0.5f;
}

/// 1/(1+e^-x), written as e^x/(1+e^x) for x < 0 so the tail does not
/// overflow to 0 while the true value is still a normal float.
inline float sigmoidPrecise(float x) {
  float e = std::exp(-std::fabs(x));
  return x < 0.0f ? e / (1.0f + e) : 1.0f / (1.0f + e);
}

/// relu.h: SFPSWAP against 0 in sign-magnitude order, so every value with the
/// sign bit set (-0, -inf, -NaN) becomes +0.
inline float relu(float x) { return (bitsOf(x) >> 31) ? 0.0f : x; }

/// calculate_unary_power_iterative, multiplication for multiplication.
inline float powerIterative(float in, uint32_t exponent) {
  if (exponent == 0)
    return 1.0f;
  float result = in;
  for (uint32_t e = exponent - 1; e > 0; e >>= 1) {
    if (e & 1u)
      result *= in;
    in *= in;
  }
  return result;
}

/// x ** p as power_tile (unary_power.h) and power_binary_tile
/// (binary_pow.h) define it: |x|^p (the kernels' 2^(p*log2|x|) polynomials
/// are not reproduced; powf is); a negative base keeps the sign of an odd
/// integer p and gives NaN for a non-integer p (the parity test goes through
/// int16, so |p| > 32767 counts as non-integer); a zero base gives 0 for
/// p > 0, NaN for p < 0 and 1 for p == 0.
inline float sfpuPow(float base, float p) {
  float mag = std::fabs(base);
  float y = std::pow(mag, p);
  if (std::signbit(base)) {
    float rounded = std::nearbyint(p);
    if (rounded != p || std::fabs(p) > 32767.0f)
      y = kNaN;
    else if (std::fmod(rounded, 2.0f) != 0.0f)
      y = -y;
  }
  if (mag == 0.0f)
    y = p > 0.0f ? 0.0f : (p < 0.0f ? kNaN : 1.0f);
  return y;
}

/// rdiv.h calculate_rdiv: without APPROX and with a 16-bit DEST, 1/x is
/// rounded to bf16 RNE before the multiply; the product is stored plain.
void rdivTile(float *tile, float s, bool approx, DestMode mode) {
  if (!approx && mode == DestMode::Bf16)
    mapTile(tile, [s](float x) { return rneBf16(1.0f / x) * s; });
  else
    mapTile(tile, [s](float x) { return (1.0f / x) * s; });
}

void sfpuUnaryMath(SfpuUnaryOp op, float *t, uint32_t param, bool approx,
                   DestMode mode) {
  float s = fromBits(param);
  switch (op) {
  case SfpuUnaryOp::Exp:
    return mapTile(t, [](float x) { return std::exp(x); });
  case SfpuUnaryOp::Exp2:
    return mapTile(t, [](float x) { return std::exp2(x); });
  case SfpuUnaryOp::Relu:
    return mapTile(t, relu);
  case SfpuUnaryOp::Sqrt:
    return mapTile(t, [](float x) { return std::sqrt(x); });
  case SfpuUnaryOp::Rsqrt:
    return mapTile(t, [](float x) { return 1.0f / std::sqrt(x); });
  case SfpuUnaryOp::Recip:
    return mapTile(t, [](float x) { return 1.0f / x; });
  case SfpuUnaryOp::Negative:
    return mapTile(t, [](float x) { return -x; });
  case SfpuUnaryOp::Abs:
    return mapTile(t, [](float x) { return std::fabs(x); });
  case SfpuUnaryOp::Sigmoid:
    return approx ? mapTile(t, sigmoidApprox) : mapTile(t, sigmoidPrecise);
  case SfpuUnaryOp::Tanh:
    if (approx)
      return mapTile(t, tanhApprox);
    return mapTile(t, [](float x) { return std::tanh(x); });
  case SfpuUnaryOp::Log:
    return mapTile(t, [](float x) { return std::log(x); });
  case SfpuUnaryOp::Sin:
    return mapTile(t, [](float x) { return std::sin(x); });
  case SfpuUnaryOp::Cos:
    return mapTile(t, [](float x) { return std::cos(x); });
  case SfpuUnaryOp::Gelu:
    if (approx)
      return mapTile(t, geluApprox);
    return mapTile(t, [mode](float x) { return geluPrecise(x, mode); });
  case SfpuUnaryOp::Silu:
    return mapTile(t, [](float x) { return x * sigmoidPrecise(x); });
  case SfpuUnaryOp::Square:
    return mapTile(t, [](float x) { return x * x; });
  case SfpuUnaryOp::Power:
    return mapTile(t, [param](float x) { return powerIterative(x, param); });
  case SfpuUnaryOp::Rdiv:
    return rdivTile(t, s, approx, mode);
  case SfpuUnaryOp::Rsub:
    return mapTile(t, [s](float x) { return s - x; });
  case SfpuUnaryOp::Fill:
    return mapTile(t, [s](float) { return s; });
  case SfpuUnaryOp::PowerBits:
    return mapTile(t, [s](float x) { return sfpuPow(x, s); });
  }
}

/// Sign-magnitude order (SFPSWAP VEC_MIN_MAX): -NaN < -inf < ... < -0 < +0 <
/// ... < +inf < +NaN, as a signed integer key.
inline int32_t orderKey(float x) {
  uint32_t u = bitsOf(x);
  uint32_t flip = (u >> 31) ? 0x7FFFFFFFu : 0u;
  return static_cast<int32_t>(u ^ flip);
}

/// binary_comp.h compares after SFPMAD-style denormal flushing (a subnormal
/// equals zero); NaN compares false (eq/lt/gt/le/ge) and unequal (ne).
inline float flushDenormal(float x) {
  uint32_t u = bitsOf(x);
  return (u & 0x7F800000u) ? x : fromBits(u & 0x80000000u);
}

/// out = fn(a, b) elementwise; `out` may be `a` or `b` (DST[o] may equal
/// DST[i0]), so the result goes through a local tile.
template <typename Fn>
void mapTile2(const float *a, const float *b, float *out, Fn fn) {
  alignas(64) float r[kTileElems];
  const float *__restrict x = a;
  const float *__restrict y = b;
  for (int i = 0; i < kTileElems; ++i)
    r[i] = fn(x[i], y[i]);
  std::memcpy(out, r, sizeof r);
}

template <typename Cmp>
void compareTile(const float *a, const float *b, float *out, Cmp cmp) {
  mapTile2(a, b, out, [cmp](float x, float y) {
    return cmp(flushDenormal(x), flushDenormal(y)) ? 1.0f : 0.0f;
  });
}

void sfpuBinaryMath(SfpuBinaryOp op, const float *a, const float *b, float *o,
                    DestMode mode) {
  bool narrow = mode == DestMode::Bf16;
  switch (op) {
  case SfpuBinaryOp::Add:
    return mapTile2(a, b, o, [](float x, float y) { return x + y; });
  case SfpuBinaryOp::Sub:
    return mapTile2(a, b, o, [](float x, float y) { return x - y; });
  case SfpuBinaryOp::Rsub:
    return mapTile2(a, b, o, [](float x, float y) { return y - x; });
  case SfpuBinaryOp::Mul:
    // calculate_sfpu_binary_mul: with a 16-bit DEST, 0 * x = x * 0 = +0.
    if (narrow)
      return mapTile2(a, b, o, [](float x, float y) {
        return (x == 0.0f || y == 0.0f) ? 0.0f : x * y;
      });
    return mapTile2(a, b, o, [](float x, float y) { return x * y; });
  case SfpuBinaryOp::Div:
    // calculate_sfpu_binary_div, 16-bit DEST: x/0 = +-inf by x's sign (the
    // divisor's sign is ignored), 0/0 = NaN. 32-bit DEST: IEEE signs.
    if (narrow)
      return mapTile2(a, b, o, [](float x, float y) {
        if (y == 0.0f)
          return x == 0.0f ? kNaN : std::copysign(kInf, x);
        return x / y;
      });
    return mapTile2(a, b, o, [](float x, float y) { return x / y; });
  case SfpuBinaryOp::Power:
    return mapTile2(a, b, o, sfpuPow);
  case SfpuBinaryOp::Max:
    return mapTile2(a, b, o, [](float x, float y) {
      return orderKey(x) >= orderKey(y) ? x : y;
    });
  case SfpuBinaryOp::Min:
    return mapTile2(a, b, o, [](float x, float y) {
      return orderKey(x) <= orderKey(y) ? x : y;
    });
  case SfpuBinaryOp::Eq:
    return compareTile(a, b, o, [](float x, float y) { return x == y; });
  case SfpuBinaryOp::Ne:
    return compareTile(a, b, o, [](float x, float y) { return x != y; });
  case SfpuBinaryOp::Lt:
    return compareTile(a, b, o, [](float x, float y) { return x < y; });
  case SfpuBinaryOp::Gt:
    return compareTile(a, b, o, [](float x, float y) { return x > y; });
  case SfpuBinaryOp::Le:
    return compareTile(a, b, o, [](float x, float y) { return x <= y; });
  case SfpuBinaryOp::Ge:
    return compareTile(a, b, o, [](float x, float y) { return x >= y; });
  }
}

// --- Reduce ------------------------------------------------------------------
//
// What is modelled, and why:
//  * SUM/AVG use GAPOOL/MVMUL, "Dst += SrcB @ SrcA" on 16x16 faces (ISA
//    GAPOOL.md, MVMUL.md). GOLD ReduceGapoolGolden takes SrcB = face 0 of the
//    scaler, so each face contributes, per output, sum_k w[k] * a[k] with
//    w = row 0 of scaler face 0 (C/reduce.h: "populate first row of each
//    face"). That partial is computed in f32 and added into DEST with one
//    rounding per face, in face order (COL: F0 then F2 / F1 then F3; ROW: F0
//    then F1 / F2 then F3), as repeated GAPOOLs into one DEST row do.
//  * SCALAR (LLK llk_math_reduce.h): the four face partials accumulate into a
//    zeroed scratch row, which is transposed and pooled again into DEST, so
//    the scaler applies along both dimensions (hence AVG's 1/sqrt(N)).
//  * MAX uses GMPOOL (ISA GMPOOL.md): dest = max(dest, max_k(a[k] *
//    2^floor(log2|w[k]|))); a w[k] with zero exponent drops that element;
//    subnormal a counts as 0; the BF16 DEST write keeps 7 mantissa bits
//    (truncates). GMPOOL reads a row cleared by ZEROACC as -inf, and every
//    DEST section starts cleared, so a +0.0 dest is taken as empty. SCALAR
//    pools twice (scale applied twice), like SUM.
//  * Accumulating into dest: C/reduce.h does not state it; ttnn's
//    numeric.h accumulate_compute_loop relies on it for SUM/AVG, and MVMUL /
//    GAPOOL / GMPOOL all read DEST. ttnn forbids accumulating MAX over
//    ROW/SCALAR (its reduce helpers static_assert), so that case is a guess.

/// Element (r, c) of a row-major tile.
inline float at(const float *t, int r, int c) { return t[r * kTileDim + c]; }

/// GMPOOL's scale: the exponent of w only (0 = drop the element).
inline float gmpoolScale(float w) {
  uint32_t exp = (bitsOf(w) >> 23) & 0xFFu;
  return exp == 0 ? 0.0f : fromBits(exp << 23);
}

/// max in GMPOOL order for a datum scaled by `scale` (0 = dropped).
struct MaxAcc {
  bool any = false;
  float value = 0.0f;
  void add(float x, float scale) {
    if (scale == 0.0f)
      return;
    float v = ((bitsOf(x) & 0x7F800000u) ? x : 0.0f) * scale;
    if (!any || orderKey(v) >= orderKey(value))
      value = v;
    any = true;
  }
};

inline float maxIntoDest(float dest, const MaxAcc &acc, DestMode mode) {
  if (!acc.any)
    return dest;
  float v = mode == DestMode::Bf16 ? truncBf16(acc.value) : acc.value;
  bool empty = bitsOf(dest) == 0u;
  return (empty || orderKey(v) >= orderKey(dest)) ? v : dest;
}

void reduceSumCol(const float *a, const float *w, float *dest, DestMode mode) {
  for (int c = 0; c < kTileDim; ++c) {
    float d = dest[c];
    for (int half = 0; half < 2; ++half) {
      float p = 0.0f;
      for (int k = 0; k < kFaceDim; ++k)
        p += w[k] * at(a, half * kFaceDim + k, c);
      d = roundDest(d + p, mode);
    }
    dest[c] = d;
  }
}

void reduceSumRow(const float *a, const float *w, float *dest, DestMode mode) {
  for (int r = 0; r < kTileDim; ++r) {
    float d = dest[r * kTileDim];
    for (int half = 0; half < 2; ++half) {
      float p = 0.0f;
      for (int k = 0; k < kFaceDim; ++k)
        p += w[k] * at(a, r, half * kFaceDim + k);
      d = roundDest(d + p, mode);
    }
    dest[r * kTileDim] = d;
  }
}

void reduceSumScalar(const float *a, const float *w, float *dest,
                     DestMode mode) {
  float column[kFaceDim] = {};
  for (int face = 0; face < 4; ++face) {
    int r0 = (face / 2) * kFaceDim, c0 = (face % 2) * kFaceDim;
    for (int j = 0; j < kFaceDim; ++j) {
      float p = 0.0f;
      for (int k = 0; k < kFaceDim; ++k)
        p += w[k] * at(a, r0 + k, c0 + j);
      column[j] = roundDest(column[j] + p, mode);
    }
  }
  float p = 0.0f;
  for (int j = 0; j < kFaceDim; ++j)
    p += w[j] * column[j];
  dest[0] = roundDest(dest[0] + p, mode);
}

void reduceMax(ReduceDim dim, const float *a, const float *w, float *dest,
               DestMode mode) {
  float scale[kFaceDim];
  for (int k = 0; k < kFaceDim; ++k)
    scale[k] = gmpoolScale(w[k]);
  if (dim == ReduceDim::Scalar) {
    MaxAcc column[kFaceDim];
    for (int r = 0; r < kTileDim; ++r)
      for (int c = 0; c < kTileDim; ++c)
        column[c % kFaceDim].add(at(a, r, c), scale[r % kFaceDim]);
    MaxAcc total;
    for (int j = 0; j < kFaceDim; ++j)
      if (column[j].any)
        total.add(mode == DestMode::Bf16 ? truncBf16(column[j].value)
                                         : column[j].value,
                  scale[j]);
    dest[0] = maxIntoDest(dest[0], total, mode);
    return;
  }
  bool row = dim == ReduceDim::Row;
  for (int i = 0; i < kTileDim; ++i) {
    MaxAcc acc;
    for (int k = 0; k < kTileDim; ++k)
      acc.add(row ? at(a, i, k) : at(a, k, i), scale[k % kFaceDim]);
    int index = row ? i * kTileDim : i;
    dest[index] = maxIntoDest(dest[index], acc, mode);
  }
}

/// Calls fn(l1Index, rowMajorIndex) for each face row: 16 datums that are
/// contiguous in both layouts.
template <typename Fn> inline void forEachFaceRow(Fn fn) {
  for (int face = 0; face < 4; ++face)
    for (int r = 0; r < kFaceDim; ++r) {
      int row = (face / 2) * kFaceDim + r, col = (face % 2) * kFaceDim;
      fn(tileLayoutIndex(row, col), row * kTileDim + col);
    }
}

#if defined(__x86_64__)
/// Row-major floats to a bf16 tile, rounded to nearest even (rneBf16Bits),
/// one face row per register.
__attribute__((target("avx512f"))) void packBf16Avx512(const float *values,
                                                       uint8_t *l1) {
  for (int face = 0; face < 4; ++face)
    for (int r = 0; r < kFaceDim; ++r) {
      int row = (face / 2) * kFaceDim + r, col = (face % 2) * kFaceDim;
      Lanes16 bits = (Lanes16)rneBf16Avx512(
                         _mm512_loadu_ps(values + row * kTileDim + col)) >>
                     16;
      // The maskz form: GCC 12's plain vpmovdw intrinsic warns.
      _mm256_storeu_si256(
          reinterpret_cast<__m256i *>(l1 + 2 * tileLayoutIndex(row, col)),
          _mm512_maskz_cvtepi32_epi16(0xFFFF, (__m512i)bits));
    }
}

/// A bf16 tile to row-major floats: each face row is 16 contiguous datums.
__attribute__((target("avx2"))) void unpackBf16Avx2(const uint8_t *l1,
                                                    float *out) {
  for (int face = 0; face < 4; ++face)
    for (int r = 0; r < kFaceDim; ++r) {
      int row = (face / 2) * kFaceDim + r, col = (face % 2) * kFaceDim;
      const uint8_t *src = l1 + 2 * tileLayoutIndex(row, col);
      float *dst = out + row * kTileDim + col;
      __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(src));
      __m256i lo = _mm256_slli_epi32(
          _mm256_cvtepu16_epi32(_mm256_castsi256_si128(h)), 16);
      __m256i hi = _mm256_slli_epi32(
          _mm256_cvtepu16_epi32(_mm256_extracti128_si256(h, 1)), 16);
      _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst), lo);
      _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst + 8), hi);
    }
}
#endif

// --- Bfp8_b ------------------------------------------------------------------
//
// The LLK packer test model (tests/python_tests/helpers/pack.py
// float_to_bfp8_block, unpack.py _bfp_to_float_block): 64 shared exponents,
// one per 16 consecutive datums in L1 order (a face row), then 1024 bytes of
// sign + 7-bit magnitude; value = (-1)^s * m * 2^(e - 127 - 6).

constexpr int kBfpBlock = 16;
constexpr int kBfpExponentBytes = kTileElems / kBfpBlock;

/// One block of 16 values (as bf16: the model truncates f32 to its top half)
/// to a shared exponent and 16 sign-magnitude bytes. The magnitude is the
/// hidden bit plus the top 6 mantissa bits, shifted right by the distance to
/// the shared exponent with the last bit shifted out added back (round half
/// away from zero). A zero magnitude is stored as +0. Zero and subnormal
/// inputs count as 0 (the model flushes them at the end).
uint8_t packBfp8Block(const float *values, uint8_t *bytes) {
  uint32_t exps[kBfpBlock];
  uint8_t shared = 0;
  for (int j = 0; j < kBfpBlock; ++j) {
    exps[j] = (bitsOf(values[j]) >> 23) & 0xFFu;
    shared = std::max<uint8_t>(shared, static_cast<uint8_t>(exps[j]));
  }
  for (int j = 0; j < kBfpBlock; ++j) {
    uint32_t u = bitsOf(values[j]);
    uint32_t mag = exps[j] ? (0x40u | ((u >> 17) & 0x3Fu)) : 0u;
    uint32_t delta = std::min<uint32_t>(shared - exps[j], 31u);
    if (delta > 0)
      mag = (mag >> delta) + ((mag >> (delta - 1)) & 1u);
    mag &= 0x7Fu;
    bytes[j] = static_cast<uint8_t>(mag ? ((u >> 31) << 7) | mag : 0u);
  }
  return shared;
}

void unpackBfp8Block(uint8_t exponent, const uint8_t *bytes, float *out) {
  float scale = std::ldexp(1.0f, static_cast<int>(exponent) - 127 - 6);
  for (int j = 0; j < kBfpBlock; ++j) {
    float mag = static_cast<float>(bytes[j] & 0x7Fu) * scale;
    out[j] = (bytes[j] & 0x80u) ? -mag : mag;
  }
}

} // namespace

// === Public API ==============================================================

uint32_t tileSizeBytes(DataFormat format) {
  // LLK ckernel_defs.h GET_L1_HEADERLESS_TILE_SIZE (switch on the low 4 bits).
  if (format == DataFormat::Invalid)
    return 0;
  switch (static_cast<uint8_t>(format) & 0xF) {
  case static_cast<uint8_t>(DataFormat::Int32):
  case static_cast<uint8_t>(DataFormat::Float32):
    return 4096;
  case static_cast<uint8_t>(DataFormat::Float16):
  case static_cast<uint8_t>(DataFormat::Float16_b):
    return 2048;
  case static_cast<uint8_t>(DataFormat::Bfp8):
  case static_cast<uint8_t>(DataFormat::Bfp8_b):
    return 1024 + 64;
  case static_cast<uint8_t>(DataFormat::Bfp4):
  case static_cast<uint8_t>(DataFormat::Bfp4_b):
    return 512 + 64;
  case 11: // Bfp2
  case 15: // Bfp2_b
    return 256 + 64;
  case static_cast<uint8_t>(DataFormat::Int8):
  case static_cast<uint8_t>(DataFormat::Lf8):
    return 1024;
  default:
    return 0;
  }
}

bool isEmulatedFormat(DataFormat format) {
  return format == DataFormat::Float32 || format == DataFormat::Float16_b ||
         format == DataFormat::Float16;
}

const char *formatName(DataFormat format) {
  switch (format) {
  case DataFormat::Float32:
    return "Float32";
  case DataFormat::Float16:
    return "Float16";
  case DataFormat::Bfp8:
    return "Bfp8";
  case DataFormat::Bfp4:
    return "Bfp4";
  case DataFormat::Tf32:
    return "Tf32";
  case DataFormat::Float16_b:
    return "Float16_b";
  case DataFormat::Bfp8_b:
    return "Bfp8_b";
  case DataFormat::Bfp4_b:
    return "Bfp4_b";
  case DataFormat::Int32:
    return "Int32";
  case DataFormat::UInt16:
    return "UInt16";
  case DataFormat::Lf8:
    return "Lf8";
  case DataFormat::Int8:
    return "Int8";
  case DataFormat::UInt32:
    return "UInt32";
  case DataFormat::UInt8:
    return "UInt8";
  case DataFormat::Invalid:
    return "Invalid";
  }
  return "Unknown";
}

void unpackTile(const uint8_t *l1, DataFormat format, float *out) {
  switch (format) {
  case DataFormat::Float32:
    return forEachFaceRow([&](int src, int dst) {
      std::memcpy(out + dst, l1 + 4 * src, kFaceDim * 4);
    });
  case DataFormat::Float16_b:
#if defined(__x86_64__)
    static const bool hasAvx2 = __builtin_cpu_supports("avx2");
    if (hasAvx2)
      return unpackBf16Avx2(l1, out);
#endif
    return forEachFaceRow([&](int src, int dst) {
      uint16_t h[kFaceDim];
      std::memcpy(h, l1 + 2 * src, sizeof h);
      for (int j = 0; j < kFaceDim; ++j)
        out[dst + j] = fromBits(static_cast<uint32_t>(h[j]) << 16);
    });
  case DataFormat::Float16:
    return forEachFaceRow([&](int src, int dst) {
      uint16_t h[kFaceDim];
      std::memcpy(h, l1 + 2 * src, sizeof h);
      for (int j = 0; j < kFaceDim; ++j)
        out[dst + j] = halfBitsToFloat(h[j]);
    });
  case DataFormat::Bfp8_b:
    return forEachFaceRow([&](int src, int dst) {
      unpackBfp8Block(l1[src / kBfpBlock], l1 + kBfpExponentBytes + src,
                      out + dst);
    });
  default: // not emulated: isEmulatedFormat() is the caller's gate
    std::memset(out, 0, kTileElems * sizeof(float));
    return;
  }
}

void packTile(const float *values, DataFormat format, uint8_t *l1) {
  switch (format) {
  case DataFormat::Float32:
    return forEachFaceRow([&](int dst, int src) {
      std::memcpy(l1 + 4 * dst, values + src, kFaceDim * 4);
    });
  case DataFormat::Float16_b: {
#if defined(__x86_64__)
    if (hostSimdLevel() >= SimdLevel::Avx512)
      return packBf16Avx512(values, l1);
#endif
    alignas(64) float rounded[kTileElems];
    rneTile(values, rounded);
    return forEachFaceRow([&](int dst, int src) {
      uint16_t h[kFaceDim];
      for (int j = 0; j < kFaceDim; ++j)
        h[j] = static_cast<uint16_t>(bitsOf(rounded[src + j]) >> 16);
      std::memcpy(l1 + 2 * dst, h, sizeof h);
    });
  }
  case DataFormat::Float16:
    return forEachFaceRow([&](int dst, int src) {
      uint16_t h[kFaceDim];
      for (int j = 0; j < kFaceDim; ++j)
        h[j] = floatToHalfBits(values[src + j]);
      std::memcpy(l1 + 2 * dst, h, sizeof h);
    });
  case DataFormat::Bfp8_b:
    return forEachFaceRow([&](int dst, int src) {
      l1[dst / kBfpBlock] =
          packBfp8Block(values + src, l1 + kBfpExponentBytes + dst);
    });
  default: // not emulated
    return;
  }
}

#if defined(__x86_64__)
namespace {
/// packAccumulateTile for bf16: each face row's sum in registers, the same
/// operations as the composition (RNE of DEST, add, RNE of the sum).
__attribute__((target("avx512f"))) void
packAccumulateBf16Avx512(const float *values, uint8_t *l1) {
  for (int face = 0; face < 4; ++face)
    for (int r = 0; r < kFaceDim; ++r) {
      int row = (face / 2) * kFaceDim + r, col = (face % 2) * kFaceDim;
      auto *at = reinterpret_cast<__m256i *>(l1 + 2 * tileLayoutIndex(row, col));
      __m512 packed = rneBf16Avx512(_mm512_loadu_ps(values + row * kTileDim + col));
      Lanes16 old = (Lanes16)_mm512_maskz_cvtepu16_epi32(0xFFFF, _mm256_loadu_si256(at))
                    << 16;
      Lanes16 bits = (Lanes16)rneBf16Avx512(_mm512_add_ps(packed, (__m512)old)) >> 16;
      _mm256_storeu_si256(at, _mm512_maskz_cvtepi32_epi16(0xFFFF, (__m512i)bits));
    }
}
} // namespace
#endif

void packAccumulateTile(const float *values, DataFormat format, uint8_t *l1) {
#if defined(__x86_64__)
  if (format == DataFormat::Float16_b && hostSimdLevel() >= SimdLevel::Avx512)
    return packAccumulateBf16Avx512(values, l1);
#endif
  alignas(64) uint8_t packed[4 * kTileElems];
  alignas(64) float sum[kTileElems], old[kTileElems];
  packTile(values, format, packed);
  unpackTile(packed, format, sum);
  unpackTile(l1, format, old);
  for (uint32_t i = 0; i < kTileElems; ++i)
    sum[i] += old[i];
  packTile(sum, format, l1);
}

float roundToBf16(float x) { return rneBf16(x); }

float truncateToBf16(float x) { return truncBf16(x); }

float roundToTf32(float x) {
  uint32_t u = bitsOf(x);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) {
    uint32_t truncated = u & 0xFFFFE000u;
    return fromBits(truncated | ((truncated & 0x007FE000u) ? 0u : 0x00400000u));
  }
  return fromBits((u + 0xFFFu + ((u >> 13) & 1u)) & 0xFFFFE000u);
}

float truncateToTf32(float x) { return fromBits(bitsOf(x) & 0xFFFFE000u); }

void roundIntoDest(float *tile, DestMode mode) {
  if (mode == DestMode::Bf16)
    roundTileBf16(tile);
}

void toSourceRegister(float *tile, DataFormat format) {
  // GOLD SrcFormatModel._fp32_to_tf32: "13 LSBs are truncated"; 16-bit
  // formats widen exactly. Int32 never reaches the FPU as a float here.
  if (format != DataFormat::Float32)
    return;
  for (int i = 0; i < kTileElems; ++i)
    tile[i] = truncateToTf32(tile[i]);
}

void fpuEltwise(EltwiseOp op, const float *a, const float *b, float *dest,
                bool accumulate, DestMode mode, MathFidelity fidelity) {
  alignas(64) float r[kTileElems];
  eltwiseTile(op, a, b, r, fidelity);
  if (accumulate)
    for (int i = 0; i < kTileElems; ++i)
      r[i] += dest[i];
  writeDest(r, dest, mode);
}

namespace {
#if defined(__x86_64__)
/// dest = round(acc + addend) for rows i..i+7 of a tile product held in
/// registers (acc[r][v]: row i + r, columns 16v..16v+15); kRound: 16-bit
/// DEST. `addend` is dest, or kZeroTile for a DEST tile read as zero.
template <bool kRound>
__attribute__((target("avx512f"), always_inline)) inline void
addRoundRows(__m512 (&acc)[8][2], const float *addend, float *dest, int i) {
#pragma GCC unroll 8
  for (int r = 0; r < 8; ++r)
#pragma GCC unroll 2
    for (int v = 0; v < 2; ++v) {
      int at = (i + r) * kTileDim + v * 16;
      __m512 sum = _mm512_add_ps(acc[r][v], _mm512_loadu_ps(addend + at));
      _mm512_storeu_ps(dest + at, kRound ? rneBf16Avx512(sum) : sum);
    }
}

/// dest = round(x @ y + dest) for source-register tiles x (in0) and y (in1)
/// at HiFi4: gemmAvx512Rows<8>'s products in the same order (from zero),
/// added to dest and rounded in registers (kRound: 16-bit DEST) instead of
/// through a sum tile and writeDest.
template <bool kRound>
__attribute__((target("avx512f"))) void
gemmRoundAvx512(const float *x, const float *y, const float *addend,
                float *dest) {
  for (int i = 0; i < kTileDim; i += 8) {
    __m512 acc[8][2];
#pragma GCC unroll 8
    for (int r = 0; r < 8; ++r)
      acc[r][0] = acc[r][1] = _mm512_setzero_ps();
    for (int k = 0; k < kTileDim; ++k) {
      __m512 y0 = _mm512_loadu_ps(y + k * kTileDim);
      __m512 y1 = _mm512_loadu_ps(y + k * kTileDim + 16);
#pragma GCC unroll 8
      for (int r = 0; r < 8; ++r) {
        __m512 s = _mm512_set1_ps(x[(i + r) * kTileDim + k]);
        acc[r][0] = _mm512_fmadd_ps(s, y0, acc[r][0]);
        acc[r][1] = _mm512_fmadd_ps(s, y1, acc[r][1]);
      }
    }
    addRoundRows<kRound>(acc, addend, dest, i);
  }
}
#endif

void matmulFloats(const float *a, const float *b, float *dest, bool transposeB,
                  DestMode mode, MathFidelity fidelity, SimdLevel simd) {
  alignas(64) float bt[kTileElems];
  if (transposeB) {
    transposeInto(b, bt);
    b = bt;
  }
  // One 32-term dot product per output in f32 (GOLD _matmul_default: a
  // single fp32 matmul per fidelity phase, rounded once), then added to dest
  // and rounded. in0 (a) sits in SrcB, in1 (b) in SrcA (C/matmul.h).
#if defined(__x86_64__)
  if (fidelity == MathFidelity::HiFi4 && simd >= SimdLevel::Avx512)
    return mode == DestMode::Bf16 ? gemmRoundAvx512<true>(a, b, dest, dest)
                                  : gemmRoundAvx512<false>(a, b, dest, dest);
#endif
  alignas(64) float acc[kTileElems] = {};
  if (fidelity == MathFidelity::HiFi4) {
    gemmAccumulate(a, b, acc, simd);
  } else {
    alignas(64) float aHi[kTileElems], bMasked[kTileElems];
    maskTile(a, aHi, kSrcBHiMask);
    maskTile(b, bMasked,
             fidelity == MathFidelity::LoFi ? kSrcAHiMask : kSrcAFullMask);
    gemmAccumulate(aHi, bMasked, acc, simd);
    if (fidelity == MathFidelity::HiFi3) {
      alignas(64) float aLo[kTileElems];
      maskTile(a, aLo, kSrcBFullMask);
      for (int i = 0; i < kTileElems; ++i)
        aLo[i] -= aHi[i];
      maskTile(b, bMasked, kSrcAHiMask);
      gemmAccumulate(aLo, bMasked, acc, simd);
    }
  }
  for (int i = 0; i < kTileElems; ++i)
    acc[i] += dest[i];
  writeDest(acc, dest, mode);
}

#if defined(__x86_64__)
/// A bf16 tile to row-major floats, one face row (16 datums) per register.
__attribute__((target("avx512f"), always_inline)) inline void
unpackBf16Avx512(const uint8_t *l1, float *out) {
#pragma GCC unroll 4
  for (int face = 0; face < 4; ++face)
#pragma GCC unroll 16
    for (int r = 0; r < kFaceDim; ++r) {
      int row = (face / 2) * kFaceDim + r, col = (face % 2) * kFaceDim;
      __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(
          l1 + 2 * tileLayoutIndex(row, col)));
      // The maskz form: one vpmovzxwd (GCC splits a vector-type conversion).
      Lanes16 w = (Lanes16)_mm512_maskz_cvtepu16_epi32(0xFFFF, h) << 16;
      _mm512_store_si512(out + row * kTileDim + col, (__m512i)w);
    }
}

/// dest = round(x @ y + dest) for bf16 tiles x (in0) and y (in1) in L1, at
/// HiFi4 (bf16 widens exactly into the source registers).
template <bool kRound>
__attribute__((target("avx512f"))) void
matmulBf16Avx512(const uint8_t *l1x, const uint8_t *l1y, const float *addend,
                 float *dest) {
  alignas(64) float x[kTileElems], y[kTileElems];
  unpackBf16Avx512(l1x, x);
  unpackBf16Avx512(l1y, y);
  gemmRoundAvx512<kRound>(x, y, addend, dest);
}

#endif

// --- bf16 tile products with VDPBF16PS -----------------------------------------
//
// VDPBF16PS adds two bf16 products to each f32 lane. The Intel SDM defines it
// as two fused multiply-adds, each rounded to nearest even, the high (odd)
// pair first, reading denormal inputs as zero and flushing denormal results
// (DAZ / FTZ, whatever MXCSR says). A product of two bf16 values is exact in
// f32, so each of those steps is one step of gemmRoundAvx512's k-order FMA
// chain, provided no step sees a denormal, and no product leaves f32's range
// (the chain's FMA never rounds a product alone). With column 2p of x in the
// high half and 2p + 1 in the low half, and y's rows paired likewise, 16
// instructions per lane give the chain's bits at half the instructions and
// with no widening of the operands. bf16DotExact() checks those conditions
// per pair of tiles, and hostSimdLevel() checks the instruction's rounding
// and order on the host before it is used at all.

/// The magnitudes (bits without the sign) of a bf16 tile's values: the
/// smallest non-zero one and the largest.
struct Bf16Range {
  uint16_t smallest = 0xFFFF; // 0xFFFF when every value is zero
  uint16_t largest = 0;
};

/// Whether every VDPBF16PS step of x @ y is exactly the FMA chain's step.
/// With biased exponents E, a product's bits are multiples of 2^(Ex+Ey-268):
/// if every such quantum is at least 2^-126, every partial sum is zero or
/// normal (no DAZ / FTZ); a product below 2^(Ex+Ey-252) stays finite when
/// Ex+Ey <= 380. Infinities and NaNs (exponent 255: NaN payloads, inf * 0)
/// and denormal operands take the FMA path.
bool bf16DotExact(Bf16Range x, Bf16Range y) {
  constexpr uint16_t kInfinity = 0x7F80, kSmallestNormal = 0x0080;
  if (x.largest >= kInfinity || y.largest >= kInfinity)
    return false;
  if (x.largest == 0 || y.largest == 0) // one operand all zeros
    return true;
  if (x.smallest < kSmallestNormal || y.smallest < kSmallestNormal)
    return false;
  int smallest = (x.smallest >> 7) + (y.smallest >> 7);
  int largest = (x.largest >> 7) + (y.largest >> 7);
  return smallest >= 142 && largest <= 380;
}

/// The range of a bf16 tile in L1, one value at a time (bf16DotProductsExact
/// on hosts without AVX-512BW).
Bf16Range scalarRange(const uint8_t *l1) {
  Bf16Range range;
  for (int i = 0; i < kTileElems; ++i) {
    uint16_t h;
    std::memcpy(&h, l1 + 2 * i, 2);
    uint16_t magnitude = h & 0x7FFF;
    if (magnitude)
      range.smallest = std::min(range.smallest, magnitude);
    range.largest = std::max(range.largest, magnitude);
  }
  return range;
}

#if defined(__x86_64__)
// 32 bf16 words; GCC vector types again (GCC 12's 32-bit min / max, shift,
// rotate and extract intrinsics warn, as noted at Lanes16).
typedef uint16_t Words32 __attribute__((vector_size(64)));
typedef uint16_t Words16 __attribute__((vector_size(32)));
typedef uint16_t Words8 __attribute__((vector_size(16)));

/// Merges the magnitudes of 32 bf16 values into running per-word minima (of
/// the magnitude minus one: a zero wraps to 0xFFFF and never wins) and maxima.
__attribute__((target("avx512f,avx512bw"), always_inline)) inline void
scanRange(Words32 lanes, Words32 &smallestLess1, Words32 &largest) {
  Words32 magnitude = lanes & 0x7FFF;
  Words32 less1 = magnitude - 1;
  smallestLess1 = less1 < smallestLess1 ? less1 : smallestLess1;
  largest = magnitude > largest ? magnitude : largest;
}

/// The larger (kMax) or smaller of two word vectors, lane by lane.
template <bool kMax, typename W>
__attribute__((target("avx512f,avx512bw"), always_inline)) inline W
pickWords(W a, W b) {
  if constexpr (kMax)
    return a > b ? a : b;
  else
    return a < b ? a : b;
}

/// The largest word (kMax) or the smallest of 32, by halving.
template <bool kMax>
__attribute__((target("avx512f,avx512bw"), always_inline)) inline uint16_t
reduceWords(Words32 v) {
  Words16 v16 = pickWords<kMax>(
      __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                              13, 14, 15),
      __builtin_shufflevector(v, v, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                              27, 28, 29, 30, 31));
  Words8 v8 = pickWords<kMax>(
      __builtin_shufflevector(v16, v16, 0, 1, 2, 3, 4, 5, 6, 7),
      __builtin_shufflevector(v16, v16, 8, 9, 10, 11, 12, 13, 14, 15));
  // The last eight with PHMINPOSUW (the maximum as the minimum of the
  // complements): a scalar loop here cost a third of the scan.
  __m128i last = kMax ? (__m128i)~v8 : (__m128i)v8;
  uint16_t best = uint16_t(_mm_cvtsi128_si32(_mm_minpos_epu16(last)));
  return kMax ? uint16_t(~best) : best;
}

__attribute__((target("avx512f,avx512bw"), always_inline)) inline Bf16Range
finishRange(Words32 smallestLess1, Words32 largest) {
  return {uint16_t(reduceWords<false>(smallestLess1) + 1),
          reduceWords<true>(largest)};
}

/// x (in0) as the dot products broadcast it: every dword of the tile layout
/// (columns 2p and 2p + 1 of one row) with its halves swapped, so column 2p
/// is the high, first-multiplied half.
__attribute__((target("avx512f,avx512bw"))) Bf16Range
prepareDotRows(const uint8_t *l1, uint32_t *out) {
  Words32 smallestLess1 = Words32{} - 1, largest = Words32{};
#pragma GCC unroll 4
  for (int i = 0; i < kTileElems / 32; ++i) {
    Words32 lanes;
    std::memcpy(&lanes, l1 + 64 * i, sizeof lanes);
    scanRange(lanes, smallestLess1, largest);
    Lanes16 pairs = (Lanes16)lanes;
    pairs = (pairs << 16) | (pairs >> 16);
    std::memcpy(out + 16 * i, &pairs, sizeof pairs);
  }
  return finishRange(smallestLess1, largest);
}

/// y (in1) as the dot products' lanes: out[p * 32 + j] holds y[2p][j] in its
/// high half and y[2p + 1][j] in its low half. Rows 2p and 2p + 1 of a face
/// are 64 contiguous bytes, which one word permutation interleaves.
__attribute__((target("avx512f,avx512bw"))) Bf16Range
prepareDotColumns(const uint8_t *l1, uint32_t *out) {
  alignas(64) static const uint16_t kInterleave[32] = {
      16, 0, 17, 1, 18, 2, 19, 3, 20, 4,  21, 5,  22, 6,  23, 7,
      24, 8, 25, 9, 26, 10, 27, 11, 28, 12, 29, 13, 30, 14, 31, 15};
  const __m512i interleave = _mm512_load_si512(kInterleave);
  Words32 smallestLess1 = Words32{} - 1, largest = Words32{};
#pragma GCC unroll 4
  for (int face = 0; face < 4; ++face)
#pragma GCC unroll 8
    for (int pair = 0; pair < kFaceDim / 2; ++pair) {
      __m512i rows = _mm512_loadu_si512(l1 + face * 512 + pair * 64);
      scanRange((Words32)rows, smallestLess1, largest);
      int p = (face / 2) * (kFaceDim / 2) + pair, half = face % 2;
      _mm512_store_si512(out + p * kTileDim + half * kFaceDim,
                         _mm512_permutexvar_epi16(interleave, rows));
    }
  return finishRange(smallestLess1, largest);
}

/// dest = round(x @ y + dest) from prepareDotRows / prepareDotColumns
/// operands: gemmRoundAvx512's chain, two steps per instruction.
template <bool kRound>
__attribute__((target("avx512f,avx512bf16"))) void
gemmDotRoundAvx512(const uint32_t *x, const uint32_t *y, const float *addend,
                   float *dest) {
  for (int i = 0; i < kTileDim; i += 8) {
    __m512 acc[8][2];
#pragma GCC unroll 8
    for (int r = 0; r < 8; ++r)
      acc[r][0] = acc[r][1] = _mm512_setzero_ps();
    for (int p = 0; p < kTileDim / 2; ++p) {
      __m512bh y0 = (__m512bh)_mm512_load_si512(y + p * kTileDim);
      __m512bh y1 = (__m512bh)_mm512_load_si512(y + p * kTileDim + kFaceDim);
      // Row i + r, columns 2p, 2p + 1: dword p % 8 of the row in face
      // (row / 16) * 2 + p / 8 (a face is 128 dwords, a face row 8).
      const uint32_t *column =
          x + ((i / kFaceDim) * 2 + p / 8) * 128 + (i % kFaceDim) * 8 + p % 8;
#pragma GCC unroll 8
      for (int r = 0; r < 8; ++r) {
        __m512bh s = (__m512bh)_mm512_set1_epi32(int(column[r * 8]));
        acc[r][0] = _mm512_dpbf16_ps(acc[r][0], y0, s);
        acc[r][1] = _mm512_dpbf16_ps(acc[r][1], y1, s);
      }
    }
    addRoundRows<kRound>(acc, addend, dest, i);
  }
}

/// matmulBf16Avx512's result through VDPBF16PS where bf16DotExact allows.
template <bool kRound>
__attribute__((target("avx512f,avx512bw"))) void
matmulBf16Dot(const uint8_t *l1x, const uint8_t *l1y, const float *addend,
              float *dest) {
  alignas(64) uint32_t x[kTileElems / 2], y[kTileElems / 2];
  Bf16Range rx = prepareDotRows(l1x, x);
  Bf16Range ry = prepareDotColumns(l1y, y);
  if (bf16DotExact(rx, ry))
    return gemmDotRoundAvx512<kRound>(x, y, addend, dest);
  matmulBf16Avx512<kRound>(l1x, l1y, addend, dest);
}

/// Whether this CPU's VDPBF16PS is the SDM's: two steps, each rounded to
/// nearest even, the high pair first. Lanes where the alternatives differ:
/// acc = 1 with the products 2^-24 (high) and 1.5 * 2^-24 (low) gives
/// 1 + 2^-23 in that order and 1 + 2^-22 the other way round; 1 + 2^-24 +
/// 2^-24 stays 1 only when each step rounds; and a few lanes of ties around
/// other exponents.
__attribute__((target("avx512f,avx512bf16"))) bool hostDotIsSequential() {
  alignas(64) float acc[16], hiX[16], hiY[16], loX[16], loY[16];
  for (int l = 0; l < 16; ++l) {
    float scale = std::ldexp(1.0f, l - 8);
    acc[l] = scale * (1.0f + std::ldexp(float(l % 4), -23));
    hiX[l] = scale * std::ldexp(1.0f, -24);
    hiY[l] = l % 2 ? 1.0f : -1.0f;
    loX[l] = scale * std::ldexp(l % 3 ? 1.5f : 1.0f, -24);
    loY[l] = l % 5 ? 1.0f : -1.0f;
  }
  alignas(64) uint32_t pairX[16], pairY[16];
  for (int l = 0; l < 16; ++l) {
    pairX[l] = (bitsOf(hiX[l]) & 0xFFFF0000u) | (bitsOf(loX[l]) >> 16);
    pairY[l] = (bitsOf(hiY[l]) & 0xFFFF0000u) | (bitsOf(loY[l]) >> 16);
  }
  alignas(64) float got[16];
  _mm512_store_ps(got, _mm512_dpbf16_ps(
                           _mm512_load_ps(acc),
                           (__m512bh)_mm512_load_si512(pairX),
                           (__m512bh)_mm512_load_si512(pairY)));
  for (int l = 0; l < 16; ++l) {
    float want = std::fma(loX[l], loY[l], std::fma(hiX[l], hiY[l], acc[l]));
    if (bitsOf(got[l]) != bitsOf(want))
      return false;
  }
  return true;
}
#endif
} // namespace

SimdLevel hostSimdLevel() {
#if defined(__x86_64__)
  static const SimdLevel level = [] {
    if (!__builtin_cpu_supports("avx512f"))
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
                 ? SimdLevel::Avx2
                 : SimdLevel::Portable;
    bool dot = __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512bf16") && hostDotIsSequential();
    return dot ? SimdLevel::Avx512Bf16 : SimdLevel::Avx512;
  }();
  return level;
#else
  return SimdLevel::Portable;
#endif
}

bool bf16DotProductsExact(const uint8_t *a, const uint8_t *b) {
#if defined(__x86_64__)
  if (hostSimdLevel() == SimdLevel::Avx512Bf16) { // the ranges the path uses
    alignas(64) uint32_t x[kTileElems / 2], y[kTileElems / 2];
    return bf16DotExact(prepareDotRows(a, x), prepareDotColumns(b, y));
  }
#endif
  return bf16DotExact(scalarRange(a), scalarRange(b));
}

void fpuMatmul(const float *a, const float *b, float *dest, bool transposeB,
               DestMode mode, MathFidelity fidelity) {
  matmulFloats(a, b, dest, transposeB, mode, fidelity, hostSimdLevel());
}

void fpuMatmulTiles(const uint8_t *a, DataFormat formatA, const uint8_t *b,
                    DataFormat formatB, float *dest, bool transposeB,
                    DestMode mode, MathFidelity fidelity, SimdLevel simd,
                    bool destIsZero) {
  simd = std::min(simd, hostSimdLevel());
#if defined(__x86_64__)
  bool bf16HiFi4 = fidelity == MathFidelity::HiFi4 && !transposeB &&
                   formatA == DataFormat::Float16_b &&
                   formatB == DataFormat::Float16_b;
  // A DEST tile that reads as zero is added from a tile of zeros, not
  // zeroed first.
  alignas(64) static const float kZeroTile[kTileElems] = {};
  const float *addend = destIsZero ? kZeroTile : dest;
  if (bf16HiFi4 && simd == SimdLevel::Avx512Bf16)
    return mode == DestMode::Bf16 ? matmulBf16Dot<true>(a, b, addend, dest)
                                  : matmulBf16Dot<false>(a, b, addend, dest);
  if (bf16HiFi4 && simd == SimdLevel::Avx512)
    return mode == DestMode::Bf16 ? matmulBf16Avx512<true>(a, b, addend, dest)
                                  : matmulBf16Avx512<false>(a, b, addend, dest);
#endif
  if (destIsZero)
    std::fill_n(dest, kTileElems, 0.0f);
  alignas(64) float x[kTileElems], y[kTileElems];
  unpackTile(a, formatA, x);
  toSourceRegister(x, formatA);
  unpackTile(b, formatB, y);
  toSourceRegister(y, formatB);
  matmulFloats(x, y, dest, transposeB, mode, fidelity, simd);
}

namespace {
/// GOLD BroadcastGolden: COL b[h,0], ROW b[0,w], SCALAR b[0,0].
void broadcastInto(BroadcastType type, const float *b, float *wide) {
  for (int r = 0; r < kTileDim; ++r) {
    for (int c = 0; c < kTileDim; ++c) {
      float v;
      switch (type) {
      case BroadcastType::None:
        v = at(b, r, c);
        break;
      case BroadcastType::Col:
        v = at(b, r, 0);
        break;
      case BroadcastType::Row:
        v = at(b, 0, c);
        break;
      case BroadcastType::Scalar:
      default:
        v = b[0];
        break;
      }
      wide[r * kTileDim + c] = v;
    }
  }
}
} // namespace

void fpuBroadcast(EltwiseOp op, BroadcastType type, const float *a,
                  const float *b, float *dest, DestMode mode,
                  MathFidelity fidelity) {
  alignas(64) float wide[kTileElems];
  broadcastInto(type, b, wide);
  fpuEltwise(op, a, wide, dest, /*accumulate=*/false, mode, fidelity);
}

void broadcastCopy(BroadcastType type, const float *b, float *dest,
                   DestMode mode) {
  alignas(64) float wide[kTileElems];
  broadcastInto(type, b, wide);
  writeDest(wide, dest, mode);
}

void fpuReduce(PoolType pool, ReduceDim dim, const float *a,
               const float *scaler, float *dest, DestMode mode) {
  const float *w = scaler; // row 0 of face 0 = row-major (0, 0..15)
  if (pool == PoolType::Max)
    return reduceMax(dim, a, w, dest, mode);
  switch (dim) {
  case ReduceDim::Row:
    return reduceSumRow(a, w, dest, mode);
  case ReduceDim::Col:
    return reduceSumCol(a, w, dest, mode);
  case ReduceDim::Scalar:
    return reduceSumScalar(a, w, dest, mode);
  }
}

void transposeTile(const float *a, float *dest, DestMode mode) {
  alignas(64) float t[kTileElems];
  transposeInto(a, t);
  writeDest(t, dest, mode);
}

void sfpuUnary(SfpuUnaryOp op, float *tile, uint32_t param, bool approx,
               DestMode mode) {
  sfpuUnaryMath(op, tile, param, approx, mode);
  const UnaryStore &rule = ruleFor(kUnaryStore, op);
  storeSfpu(tile, mode, approx ? rule.approx : rule.precise);
}

void sfpuScalar(ScalarOp op, float *tile, uint32_t bits, DestMode mode) {
  float s = fromBits(bits);
  switch (op) {
  case ScalarOp::Add:
    mapTile(tile, [s](float x) { return x + s; });
    break;
  case ScalarOp::Sub:
    mapTile(tile, [s](float x) { return x - s; });
    break;
  case ScalarOp::Mul:
  case ScalarOp::Div: // the host passes 1/s
    mapTile(tile, [s](float x) { return x * s; });
    break;
  case ScalarOp::Rsub:
    mapTile(tile, [s](float x) { return s - x; });
    break;
  }
  storeSfpu(tile, mode, ruleFor(kScalarStore, op));
}

void sfpuBinary(SfpuBinaryOp op, const float *a, const float *b, float *out,
                DestMode mode) {
  sfpuBinary(op, a, b, out, mode, DstRounding::Default);
}

void sfpuBinary(SfpuBinaryOp op, const float *a, const float *b, float *out,
                DestMode mode, DstRounding rounding) {
  sfpuBinaryMath(op, a, b, out, mode);
  Store store = ruleFor(kBinaryStore, op);
  bool optIn = op == SfpuBinaryOp::Add || op == SfpuBinaryOp::Sub ||
               op == SfpuBinaryOp::Rsub;
  if (optIn && rounding == DstRounding::NearestEven)
    store = Store::NearestEven;
  storeSfpu(out, mode, store);
}

void sfpuWhere(const float *cond, const float *t, const float *f, float *out,
               DestMode) {
  // ckernel_sfpu_where.h: SFPSETCC LREG_EQ0 on the datum loaded as an
  // integer (LO16 / INT32), so only an all-zero bit pattern selects f.
  alignas(64) float r[kTileElems];
  for (int i = 0; i < kTileElems; ++i)
    r[i] = bitsOf(cond[i]) != 0u ? t[i] : f[i];
  std::memcpy(out, r, sizeof r);
}

} // namespace ttlemu
