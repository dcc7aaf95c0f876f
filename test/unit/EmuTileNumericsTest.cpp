//===- EmuTileNumericsTest.cpp - Checks of the emulator's tile numerics ---===//
//
// A plain main(): every check prints on failure and the exit status is the
// failure count (capped). Also prints timing lines and, per SFPU op, the
// measured error against a double-precision reference over every finite bf16
// input (the figures docs/emulator.md quotes).
//
//===----------------------------------------------------------------------===//

#include "ttl/Emu/TileNumerics.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <vector>

using namespace ttlemu;

namespace {

int failures = 0;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
      std::printf(__VA_ARGS__);                                                \
      std::printf("\n");                                                       \
    }                                                                          \
  } while (0)

uint32_t bitsOf(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}

float fromBits(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}

float bf16(uint16_t h) { return fromBits(static_cast<uint32_t>(h) << 16); }

/// bf16 of a double: round to f32 first is not double rounding-safe, so do
/// RNE on the double directly via the f32 neighbours.
float rneBf16FromDouble(double x) {
  if (std::isnan(x))
    return std::numeric_limits<float>::quiet_NaN();
  float f = static_cast<float>(x); // RNE to f32
  // Correct a double rounding: if f sits exactly on a bf16 tie, nudge toward
  // x by the residue's sign.
  uint32_t u = bitsOf(f);
  if ((u & 0xFFFFu) == 0x8000u && static_cast<double>(f) != x) {
    bool awayFromZero = std::fabs(x) > std::fabs(static_cast<double>(f));
    u = awayFromZero ? u + 1 : u - 1;
    f = fromBits(u);
  }
  return roundToBf16(f);
}

/// Monotonic ordinal of a float's bits (both zeros are 0).
int64_t ordinal32(float x) {
  uint32_t u = bitsOf(x);
  int64_t mag = u & 0x7FFFFFFFu;
  return (u >> 31) ? -mag : mag;
}

int64_t ulpDistance32(float a, float b) {
  return std::llabs(ordinal32(a) - ordinal32(b));
}

int64_t ulpDistanceBf16(float a, float b) {
  return ulpDistance32(a, b) >> 16; // both have zero low halves
}

std::vector<float> randomTile(std::mt19937 &rng, float lo, float hi,
                              bool toBf16) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> t(kTileElems);
  for (float &x : t)
    x = toBf16 ? roundToBf16(dist(rng)) : dist(rng);
  return t;
}

double nowNs() {
  using namespace std::chrono;
  return duration<double, std::nano>(steady_clock::now().time_since_epoch())
      .count();
}

// --- Layout, rounding -------------------------------------------------------

void testLayoutRoundTrip() {
  std::mt19937 rng(1);
  // bf16: every pattern 0..65535, 64 tiles' worth (NaN payloads included).
  std::vector<uint8_t> l1(2048), back(2048);
  std::vector<float> tile(kTileElems);
  for (int base = 0; base < 65536; base += kTileElems) {
    for (int i = 0; i < kTileElems; ++i) {
      uint16_t h = static_cast<uint16_t>(base + i);
      std::memcpy(&l1[2 * i], &h, 2);
    }
    unpackTile(l1.data(), DataFormat::Float16_b, tile.data());
    packTile(tile.data(), DataFormat::Float16_b, back.data());
    CHECK(l1 == back, "bf16 pack(unpack) differs in block %d", base);
  }
  // Element placement: row-major (r, c) lands at tileLayoutIndex(r, c).
  for (int i = 0; i < kTileElems; ++i)
    tile[i] = static_cast<float>(i);
  packTile(tile.data(), DataFormat::Float16_b, l1.data());
  for (int r = 0; r < kTileDim; ++r)
    for (int c = 0; c < kTileDim; ++c) {
      uint16_t h;
      std::memcpy(&h, &l1[2 * tileLayoutIndex(r, c)], 2);
      CHECK(bf16(h) == roundToBf16(static_cast<float>(r * 32 + c)),
            "bf16 placement of (%d,%d)", r, c);
    }
  CHECK(tileLayoutIndex(0, 16) == 256 && tileLayoutIndex(16, 0) == 512 &&
            tileLayoutIndex(16, 16) == 768 && tileLayoutIndex(1, 0) == 16,
        "face order F0 F1 F2 F3");
  // bf16 packing rounds each value as roundToBf16 does: random f32 bit
  // patterns, ties, and NaNs whose payload lies only in the dropped bits.
  for (int rep = 0; rep < 16; ++rep) {
    for (float &x : tile)
      x = fromBits(static_cast<uint32_t>(rng()));
    tile[1] = fromBits(0x3F808000u);  // tie, even: stays
    tile[2] = fromBits(0x3F818000u);  // tie, odd: rounds up
    tile[3] = fromBits(0x7F800001u);  // NaN, payload in the low bits only
    tile[4] = fromBits(0xFFFFFFFFu);  // NaN that rounding would carry
    tile[5] = fromBits(0x7F7FFFFFu);  // rounds to infinity
    packTile(tile.data(), DataFormat::Float16_b, l1.data());
    int differ = 0;
    for (int r = 0; r < kTileDim; ++r)
      for (int c = 0; c < kTileDim; ++c) {
        uint16_t h;
        std::memcpy(&h, &l1[2 * tileLayoutIndex(r, c)], 2);
        differ += bitsOf(bf16(h)) != bitsOf(roundToBf16(tile[r * kTileDim + c]));
      }
    CHECK(differ == 0, "bf16 pack rounding: %d of 1024 differ (rep %d)",
          differ, rep);
  }
  // f32: random bit patterns.
  std::vector<uint8_t> l1f(4096), backf(4096);
  for (int rep = 0; rep < 16; ++rep) {
    for (uint8_t &b : l1f)
      b = static_cast<uint8_t>(rng());
    unpackTile(l1f.data(), DataFormat::Float32, tile.data());
    packTile(tile.data(), DataFormat::Float32, backf.data());
    CHECK(l1f == backf, "f32 pack(unpack) differs (rep %d)", rep);
  }
  // IEEE half: every pattern.
  for (int base = 0; base < 65536; base += kTileElems) {
    for (int i = 0; i < kTileElems; ++i) {
      uint16_t h = static_cast<uint16_t>(base + i);
      std::memcpy(&l1[2 * i], &h, 2);
    }
    unpackTile(l1.data(), DataFormat::Float16, tile.data());
    packTile(tile.data(), DataFormat::Float16, back.data());
    CHECK(l1 == back, "fp16 pack(unpack) differs in block %d", base);
  }
  std::vector<float> v(kTileElems, 1.0f + 1.0f / 4096); // fp16 tie -> 1.0
  v[1] = 65520.0f;                                      // -> inf
  v[2] = 5.9604645e-8f * 0.5f;                          // half-way to 2^-24
  v[3] = 5.9604645e-8f * 1.5f;                          // -> 2 * 2^-24
  packTile(v.data(), DataFormat::Float16, l1.data());
  uint16_t h0, h1, h2, h3;
  std::memcpy(&h0, &l1[0], 2);
  std::memcpy(&h1, &l1[2], 2);
  std::memcpy(&h2, &l1[4], 2);
  std::memcpy(&h3, &l1[6], 2);
  CHECK(h0 == 0x3C00 && h1 == 0x7C00 && h2 == 0 && h3 == 2,
        "fp16 RNE %04x %04x %04x %04x", h0, h1, h2, h3);
  CHECK(tileSizeBytes(DataFormat::Float16_b) == 2048 &&
            tileSizeBytes(DataFormat::Float32) == 4096 &&
            tileSizeBytes(DataFormat::Bfp8_b) == 1088 &&
            tileSizeBytes(DataFormat::UInt32) == 4096 &&
            tileSizeBytes(DataFormat::Invalid) == 0,
        "tile sizes");
  CHECK(isEmulatedFormat(DataFormat::Float16_b) &&
            !isEmulatedFormat(DataFormat::Bfp8_b),
        "emulated formats");
}

/// Blocks and the bytes the LLK packer model (pack.py float_to_bfp8_block)
/// gives for them (generated by running that function).
void testBfp8() {
  struct Block {
    float values[16];
    uint8_t exponent;
    uint8_t bytes[16];
  } blocks[] = {
      {{1.0f, 0.5f, 0.25f, -3.0f, 0.0f, 1.5f, -0.0078125f, 100.0f, 0.001953125f,
        3.140625f, -2.703125f, 0.099609375f, -0.298828125f, 7.0f,
        0.000999450684f, -64.0f},
       133,
       {0x01, 0x01, 0x00, 0x83, 0x00, 0x02, 0x00, 0x64, 0x00, 0x03, 0x83, 0x00,
        0x00, 0x07, 0x00, 0xc0}},
      {{-2.09375f, -5.90625f, -0.4140625f, -0.0135498047f, 1.6328125f,
        -0.0600585938f, -19.625f, -0.237304688f, -0.75390625f, 0.08984375f,
        1.078125f, -0.00343322754f, 0.0106811523f, -5.4375f, -58.5f,
        -0.234375f},
       132,
       {0x84, 0x8c, 0x81, 0x00, 0x03, 0x00, 0xa7, 0x00, 0x82, 0x00, 0x02, 0x00,
        0x00, 0x8b, 0xf5, 0x00}},
      {{-0.54296875f, 4.375f, 7.5625f, 4.28125f, 8.375f, -2.09375f, 6.0f,
        -1.1015625f, 8.6875f, 7.5625f, -8.0f, -7.25f, -5.65625f, 9.25f,
        -1.2734375f, 2.53125f},
       130,
       {0x84, 0x23, 0x3d, 0x22, 0x43, 0x91, 0x30, 0x89, 0x45, 0x3d, 0xc0, 0xba,
        0xad, 0x4a, 0x8a, 0x14}},
  };
  // Put block b in face row b of F0 (rows 0..2, columns 0..15) and in the
  // last face row of F3 (row 31, columns 16..31): L1 blocks 0..2 and 63.
  std::vector<float> tile(kTileElems, 0.0f);
  for (int b = 0; b < 3; ++b)
    for (int j = 0; j < 16; ++j)
      tile[b * 32 + j] = blocks[b].values[j];
  for (int j = 0; j < 16; ++j)
    tile[31 * 32 + 16 + j] = blocks[2].values[j];
  std::vector<uint8_t> l1(tileSizeBytes(DataFormat::Bfp8_b));
  packTile(tile.data(), DataFormat::Bfp8_b, l1.data());
  for (int b = 0; b < 4; ++b) {
    int block = b < 3 ? b : 63;
    const Block &want = blocks[b < 3 ? b : 2];
    CHECK(l1[block] == want.exponent, "bfp8 block %d exponent %d", block,
          l1[block]);
    for (int j = 0; j < 16; ++j)
      CHECK(l1[64 + 16 * block + j] == want.bytes[j],
            "bfp8 block %d byte %d: %02x", block, j, l1[64 + 16 * block + j]);
  }
  CHECK(l1[10] == 0 && l1[64 + 16 * 10] == 0, "zero block");
  std::vector<float> back(kTileElems);
  unpackTile(l1.data(), DataFormat::Bfp8_b, back.data());
  for (int j = 0; j < 16; ++j) {
    uint8_t byte = blocks[0].bytes[j];
    float mag = std::ldexp(static_cast<float>(byte & 0x7F), 133 - 127 - 6);
    CHECK(back[j] == ((byte & 0x80) ? -mag : mag), "bfp8 unpack %d", j);
  }
  std::vector<uint8_t> again(l1.size());
  packTile(back.data(), DataFormat::Bfp8_b, again.data());
  CHECK(again == l1, "bfp8 pack(unpack(pack(x))) == pack(x)");
}

void testRounding() {
  struct Case {
    uint32_t in, out;
  } cases[] = {
      {0x3F808000u, 0x3F800000u}, // tie, even stays
      {0x3F818000u, 0x3F820000u}, // tie, odd rounds up
      {0x3F808001u, 0x3F810000u}, // above tie
      {0x3F807FFFu, 0x3F800000u}, // below tie
      {0xBF818000u, 0xBF820000u}, // negative tie, odd -> away
      {0xBF808000u, 0xBF800000u}, // negative tie, even stays
      {0x7F7F8000u, 0x7F800000u}, // tie at the top carries into inf
      {0x00008000u, 0x00000000u}, // subnormal tie, even
      {0x7F800000u, 0x7F800000u}, // inf
  };
  for (const Case &c : cases)
    CHECK(bitsOf(roundToBf16(fromBits(c.in))) == c.out, "rne(%08x) = %08x",
          c.in, bitsOf(roundToBf16(fromBits(c.in))));
  CHECK(std::isnan(roundToBf16(fromBits(0x7F800001u))), "NaN kept");
  CHECK(std::isnan(roundToBf16(fromBits(0x7FFFFFFFu))), "NaN kept (carry)");
  CHECK(bitsOf(truncateToBf16(fromBits(0x3F81FFFFu))) == 0x3F810000u,
        "truncate");
  CHECK(bitsOf(roundToTf32(fromBits(0x3F801000u))) == 0x3F800000u &&
            bitsOf(roundToTf32(fromBits(0x3F803000u))) == 0x3F804000u,
        "tf32 rne ties");
  CHECK(bitsOf(truncateToTf32(fromBits(0x3F801FFFu))) == 0x3F800000u,
        "tf32 trunc");
  std::vector<float> t(kTileElems, fromBits(0x3F801FFFu));
  toSourceRegister(t.data(), DataFormat::Float32);
  CHECK(bitsOf(t[5]) == 0x3F800000u, "f32 operand reduced to TF32");
  t.assign(kTileElems, fromBits(0x3F801FFFu));
  toSourceRegister(t.data(), DataFormat::Float16_b);
  CHECK(bitsOf(t[5]) == 0x3F801FFFu, "16-bit operand untouched");
  t.assign(kTileElems, fromBits(0x3F818000u));
  roundIntoDest(t.data(), DestMode::Bf16);
  CHECK(bitsOf(t[7]) == 0x3F820000u, "roundIntoDest bf16");
  t.assign(kTileElems, fromBits(0x3F818000u));
  roundIntoDest(t.data(), DestMode::Fp32);
  CHECK(bitsOf(t[7]) == 0x3F818000u, "roundIntoDest fp32");
}

// --- FPU
// ------------------------------------------------------------------------

void testEltwise() {
  std::mt19937 rng(2);
  auto a = randomTile(rng, -100, 100, true);
  auto b = randomTile(rng, -100, 100, true);
  b[0] = -a[0]; // exact cancellation
  std::vector<float> dest(kTileElems);
  fpuEltwise(EltwiseOp::Add, a.data(), b.data(), dest.data(), false,
             DestMode::Bf16, MathFidelity::HiFi4);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(bitsOf(dest[i]) == bitsOf(roundToBf16(a[i] + b[i])), "add %d", i);
  // Accumulate: dest = rne(a - b + dest).
  std::vector<float> d0 = randomTile(rng, -10, 10, true), d = d0;
  fpuEltwise(EltwiseOp::Sub, a.data(), b.data(), d.data(), true, DestMode::Bf16,
             MathFidelity::LoFi);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(d[i] == roundToBf16((a[i] - b[i]) + d0[i]), "sub acc %d", i);
  // Mul at HiFi4 is exact for bf16 operands, then RNE; x * 0 = 0 even for inf.
  a[3] = std::numeric_limits<float>::infinity();
  b[3] = 0.0f;
  fpuEltwise(EltwiseOp::Mul, a.data(), b.data(), dest.data(), false,
             DestMode::Fp32, MathFidelity::HiFi4);
  for (int i = 0; i < kTileElems; ++i)
    if (i != 3)
      CHECK(dest[i] == a[i] * b[i], "mul %d", i);
  CHECK(dest[3] == 0.0f, "inf * 0 = 0 on the FPU");
  // LoFi keeps 4 explicit mantissa bits of SrcA and 6 of SrcB.
  std::vector<float> x(kTileElems, bf16(0x3FFF)), y(kTileElems, bf16(0x3FFF));
  fpuEltwise(EltwiseOp::Mul, x.data(), y.data(), dest.data(), false,
             DestMode::Fp32, MathFidelity::LoFi);
  CHECK(dest[0] == 1.9375f * 1.984375f, "LoFi product %.9g", dest[0]);
  fpuEltwise(EltwiseOp::Mul, x.data(), y.data(), dest.data(), false,
             DestMode::Fp32, MathFidelity::HiFi2);
  CHECK(dest[0] == x[0] * 1.984375f, "HiFi2 product %.9g", dest[0]);
  fpuEltwise(EltwiseOp::Mul, x.data(), y.data(), dest.data(), false,
             DestMode::Fp32, MathFidelity::HiFi3);
  // HiFi3 lacks phase 3 (SrcA low bits x SrcB low bits).
  CHECK(dest[0] == x[0] * 1.984375f + 1.9375f * 0.0078125f,
        "HiFi3 product %.9g", dest[0]);
  fpuEltwise(EltwiseOp::Mul, x.data(), y.data(), dest.data(), false,
             DestMode::Fp32, MathFidelity::HiFi4);
  CHECK(dest[0] == x[0] * y[0], "HiFi4 exact for bf16 %.9g", dest[0]);
}

void testBroadcastTranspose() {
  std::mt19937 rng(3);
  auto a = randomTile(rng, -4, 4, true);
  auto b = randomTile(rng, -4, 4, true);
  std::vector<float> d(kTileElems);
  struct {
    BroadcastType type;
    std::function<float(int, int)> bv;
  } cases[] = {
      {BroadcastType::Col, [&](int r, int) { return b[r * 32]; }},
      {BroadcastType::Row, [&](int, int c) { return b[c]; }},
      {BroadcastType::Scalar, [&](int, int) { return b[0]; }},
  };
  for (auto &c : cases) {
    fpuBroadcast(EltwiseOp::Sub, c.type, a.data(), b.data(), d.data(),
                 DestMode::Bf16, MathFidelity::HiFi4);
    for (int r = 0; r < 32; ++r)
      for (int col = 0; col < 32; ++col)
        CHECK(d[r * 32 + col] == roundToBf16(a[r * 32 + col] - c.bv(r, col)),
              "bcast %d (%d,%d)", static_cast<int>(c.type), r, col);
  }
  transposeTile(a.data(), d.data(), DestMode::Bf16);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      CHECK(d[c * 32 + r] == a[r * 32 + c], "transpose (%d,%d)", r, c);
}

void testMatmul() {
  std::mt19937 rng(4);
  for (DestMode mode : {DestMode::Bf16, DestMode::Fp32}) {
    for (bool transposeB : {false, true}) {
      auto a = randomTile(rng, -2, 2, true);
      auto b = randomTile(rng, -2, 2, true);
      auto d0 = randomTile(rng, -8, 8, mode == DestMode::Bf16);
      auto d = d0;
      fpuMatmul(a.data(), b.data(), d.data(), transposeB, mode,
                MathFidelity::HiFi4);
      int exact = 0;
      for (int i = 0; i < 32; ++i)
        for (int j = 0; j < 32; ++j) {
          double ref = d0[i * 32 + j], absSum = std::fabs(ref);
          for (int k = 0; k < 32; ++k) {
            double bkj = transposeB ? b[j * 32 + k] : b[k * 32 + j];
            ref += static_cast<double>(a[i * 32 + k]) * bkj;
            absSum += std::fabs(a[i * 32 + k] * bkj);
          }
          // f32 accumulation error (33 roundings) + the DEST rounding.
          double f32Err = 33 * std::ldexp(absSum, -24);
          double destHalfUlp = mode == DestMode::Bf16
                                   ? 0.5 * std::ldexp(1.0, std::ilogb(ref) - 7)
                                   : 0.0;
          double got = d[i * 32 + j];
          CHECK(std::fabs(got - ref) <= f32Err + destHalfUlp,
                "matmul mode %d tB %d (%d,%d): %.9g vs %.9g",
                static_cast<int>(mode), transposeB, i, j, got, ref);
          exact += mode == DestMode::Bf16 && got == rneBf16FromDouble(ref);
        }
      if (mode == DestMode::Bf16)
        CHECK(exact > 1000, "matmul bf16 results = rne(exact): %d/1024", exact);
    }
  }
  // LoFi: SrcB (in0) keeps 6 explicit bits, SrcA (in1) 4.
  std::vector<float> a(kTileElems, 0.0f), b(kTileElems, 0.0f),
      d(kTileElems, 0.0f);
  a[0] = bf16(0x3FFF); // 1.9921875
  b[0] = bf16(0x3FFF);
  fpuMatmul(a.data(), b.data(), d.data(), false, DestMode::Fp32,
            MathFidelity::LoFi);
  CHECK(d[0] == 1.984375f * 1.9375f, "matmul LoFi %.9g", d[0]);
}

/// fpuMatmulTiles (from L1) gives the bits of unpackTile + toSourceRegister
/// + fpuMatmul at every SIMD level this host runs (so the portable and AVX2
/// paths are checked on an AVX-512 host too), including infinities in the
/// operands (inf * 0 is NaN) and NaN / infinite / tie values in DEST.
void testMatmulTiles() {
  std::mt19937 rng(11);
  const DataFormat formats[] = {DataFormat::Float16_b, DataFormat::Float32};
  const MathFidelity fidelities[] = {MathFidelity::LoFi, MathFidelity::HiFi2,
                                     MathFidelity::HiFi3, MathFidelity::HiFi4};
  int levels = static_cast<int>(hostSimdLevel()) + 1, compared = 0;
  for (DataFormat fa : formats)
    for (DataFormat fb : formats)
      for (DestMode mode : {DestMode::Bf16, DestMode::Fp32})
        for (bool transposeB : {false, true})
          for (MathFidelity fidelity : fidelities) {
            auto a = randomTile(rng, -3, 3, false);
            auto b = randomTile(rng, -3, 3, false);
            auto d0 = randomTile(rng, -40, 40, false);
            a[37] = std::numeric_limits<float>::infinity();
            b[5 * 32 + 9] = -std::numeric_limits<float>::infinity();
            b[200] = 0.0f; // row 6 of b: inf * 0 in some outputs
            d0[3] = fromBits(0x7FA12345u); // NaN with a payload
            d0[64] = -std::numeric_limits<float>::infinity();
            d0[100] = fromBits(0x3F808000u); // a bf16 tie before the sum
            std::vector<uint8_t> la(tileSizeBytes(fa)), lb(tileSizeBytes(fb));
            packTile(a.data(), fa, la.data());
            packTile(b.data(), fb, lb.data());
            std::vector<float> ua(kTileElems), ub(kTileElems);
            unpackTile(la.data(), fa, ua.data());
            toSourceRegister(ua.data(), fa);
            unpackTile(lb.data(), fb, ub.data());
            toSourceRegister(ub.data(), fb);
            auto want = d0;
            fpuMatmul(ua.data(), ub.data(), want.data(), transposeB, mode,
                      fidelity);
            for (int level = 0; level < levels; ++level) {
              auto got = d0;
              fpuMatmulTiles(la.data(), fa, lb.data(), fb, got.data(),
                             transposeB, mode, fidelity,
                             static_cast<SimdLevel>(level));
              int differ = 0;
              for (int i = 0; i < kTileElems; ++i)
                differ += bitsOf(got[i]) != bitsOf(want[i]);
              CHECK(differ == 0,
                    "matmul tiles level %d formats %s/%s mode %d tB %d "
                    "fidelity %d: %d of 1024 differ", level, formatName(fa),
                    formatName(fb), static_cast<int>(mode), transposeB,
                    static_cast<int>(fidelity), differ);
              ++compared;
            }
          }
  std::printf("matmul from L1: %d cases bit-identical, SIMD levels 0..%d\n",
              compared, levels - 1);
}

/// A bf16 tile of random signs and mantissas with biased exponents drawn from
/// [lowExp, highExp], a tenth of the values zero.
std::vector<float> exponentTile(std::mt19937 &rng, int lowExp, int highExp) {
  std::uniform_int_distribution<int> exponent(lowExp, highExp), mantissa(0, 127),
      coin(0, 9);
  std::vector<float> t(kTileElems);
  for (float &x : t) {
    int c = coin(rng);
    uint32_t sign = c % 2 ? 0x8000u : 0u;
    x = c == 0 ? 0.0f
               : bf16(static_cast<uint16_t>(sign | (exponent(rng) << 7) |
                                            mantissa(rng)));
  }
  return t;
}

/// The test's statement of when VDPBF16PS is exactly the FMA chain (the rule
/// docs/emulator.md gives): no infinity, NaN or denormal operand, and biased
/// exponents with Ex + Ey >= 142 for the smallest non-zero values (no partial
/// sum below 2^-126) and <= 380 for the largest (products stay finite), or an
/// operand of zeros only.
bool expectDotExact(const std::vector<float> &a, const std::vector<float> &b) {
  auto range = [](const std::vector<float> &t, int &lo, int &hi, bool &odd) {
    lo = 1000, hi = -1, odd = false;
    for (float x : t) {
      int e = (bitsOf(x) >> 23) & 0xFF;
      bool nonZero = (bitsOf(x) & 0x7FFFFFFFu) != 0;
      odd |= e == 0xFF || (e == 0 && nonZero);
      if (nonZero)
        lo = std::min(lo, e), hi = std::max(hi, e);
    }
  };
  int loA, hiA, loB, hiB;
  bool oddA, oddB;
  range(a, loA, hiA, oddA);
  range(b, loB, hiB, oddB);
  if (oddA || oddB)
    return false;
  if (hiA < 0 || hiB < 0)
    return true;
  return loA + loB >= 142 && hiA + hiB <= 380;
}

/// The VDPBF16PS path (SimdLevel::Avx512Bf16) gives the FMA path's bits, and
/// takes VDPBF16PS exactly where expectDotExact says: random exponent ranges,
/// the boundaries (partial sums down to 2^-126, products up to 2^128 whose
/// sums overflow), and the cases left to the FMA path (denormal partial sums
/// or operands, infinities, NaN).
void testMatmulBf16Dot() {
  if (hostSimdLevel() < SimdLevel::Avx512Bf16) {
    std::printf("matmul with VDPBF16PS: not available on this host\n");
    return;
  }
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> low(20, 200), width(0, 40);
  std::vector<std::pair<std::vector<float>, std::vector<float>>> cases;
  for (int i = 0; i < 300; ++i) {
    int la = low(rng), lb = low(rng);
    cases.emplace_back(exponentTile(rng, la, std::min(254, la + width(rng))),
                       exponentTile(rng, lb, std::min(254, lb + width(rng))));
  }
  for (int sum : {141, 142, 143}) // the smallest products' boundary
    cases.emplace_back(exponentTile(rng, 70, 72), exponentTile(rng, sum - 70, sum - 68));
  for (int sum : {379, 380, 381}) // the largest products' boundary
    cases.emplace_back(exponentTile(rng, 185, 190), exponentTile(rng, sum - 195, sum - 190));
  {
    auto a = exponentTile(rng, 120, 130), b = exponentTile(rng, 120, 130);
    auto c = a, d = a, e = a;
    c[77] = bf16(0x0005); // a denormal operand
    d[300] = std::numeric_limits<float>::infinity();
    e[301] = fromBits(0x7FC10000u); // NaN
    cases.emplace_back(c, b);
    cases.emplace_back(d, b);
    cases.emplace_back(a, e);
    cases.emplace_back(std::vector<float>(kTileElems, 0.0f), e); // 0 * NaN
    cases.emplace_back(std::vector<float>(kTileElems, 0.0f), b);
    // VDPBF16PS reads a denormal as zero and flushes denormal results: a
    // lone denormal times 2^73..2^83, and products of about 2^-134.
    std::vector<float> lone(kTileElems, 0.0f);
    lone[77] = bf16(0x0005);
    cases.emplace_back(lone, exponentTile(rng, 200, 210));
    cases.emplace_back(exponentTile(rng, 60, 62), exponentTile(rng, 60, 62));
  }
  int dot = 0, compared = 0;
  for (auto &[a, b] : cases) {
    std::vector<uint8_t> la(2048), lb(2048);
    packTile(a.data(), DataFormat::Float16_b, la.data());
    packTile(b.data(), DataFormat::Float16_b, lb.data());
    bool exact = bf16DotProductsExact(la.data(), lb.data());
    CHECK(exact == expectDotExact(a, b), "VDPBF16PS choice %d for case %d",
          exact, compared / 4);
    dot += exact;
    // DEST of zeros too: small results differing would vanish in a sum.
    auto random = randomTile(rng, -40, 40, false);
    random[100] = fromBits(0x3F808000u); // a bf16 tie before the sum
    for (DestMode mode : {DestMode::Bf16, DestMode::Fp32})
    for (const auto &d0 : {random, std::vector<float>(kTileElems, 0.0f)}) {
      auto want = d0, got = d0;
      fpuMatmulTiles(la.data(), DataFormat::Float16_b, lb.data(),
                     DataFormat::Float16_b, want.data(), false, mode,
                     MathFidelity::HiFi4, SimdLevel::Avx512);
      fpuMatmulTiles(la.data(), DataFormat::Float16_b, lb.data(),
                     DataFormat::Float16_b, got.data(), false, mode,
                     MathFidelity::HiFi4, SimdLevel::Avx512Bf16);
      int differ = 0;
      for (int i = 0; i < kTileElems; ++i)
        differ += bitsOf(got[i]) != bitsOf(want[i]);
      CHECK(differ == 0, "VDPBF16PS case %d mode %d: %d of 1024 differ",
            compared / 4, static_cast<int>(mode), differ);
      // A DEST tile reading as zero (never zeroed: garbage in memory) gives
      // the bits of a zeroed one, on both paths.
      if (d0[0] == 0.0f && d0[100] == 0.0f)
        for (SimdLevel simd : {SimdLevel::Avx512, SimdLevel::Avx512Bf16}) {
          std::vector<float> fresh(kTileElems, std::nanf(""));
          fpuMatmulTiles(la.data(), DataFormat::Float16_b, lb.data(),
                         DataFormat::Float16_b, fresh.data(), false, mode,
                         MathFidelity::HiFi4, simd, true);
          int off = 0;
          for (int i = 0; i < kTileElems; ++i)
            off += bitsOf(fresh[i]) != bitsOf(want[i]);
          CHECK(off == 0, "matmul into a fresh DEST tile, case %d mode %d: "
                "%d of 1024 differ", compared / 4, static_cast<int>(mode), off);
        }
      ++compared;
    }
  }
  // The random ranges must exercise both paths, or the comparison shows little.
  CHECK(dot > 100 && dot < int(cases.size()) - 20,
        "VDPBF16PS taken for %d of %zu tile pairs", dot, cases.size());
  std::printf("matmul with VDPBF16PS: %d cases bit-identical to the FMA path "
              "(%d of %zu tile pairs took VDPBF16PS)\n",
              compared, dot, cases.size());
}

void testReduce() {
  std::mt19937 rng(5);
  auto a = randomTile(rng, -3, 3, true);
  std::vector<float> ones(kTileElems, 0.0f);
  for (int c = 0; c < 16; ++c)
    ones[c] = 1.0f; // row 0 of face 0
  std::vector<float> d(kTileElems, 0.0f);
  fpuReduce(PoolType::Sum, ReduceDim::Row, a.data(), ones.data(), d.data(),
            DestMode::Fp32);
  for (int r = 0; r < 32; ++r) {
    double ref = 0;
    for (int c = 0; c < 32; ++c)
      ref += a[r * 32 + c];
    CHECK(std::fabs(d[r * 32] - ref) < 1e-4, "sum row %d", r);
    CHECK(d[r * 32 + 1] == 0.0f, "rest untouched");
  }
  std::fill(d.begin(), d.end(), 0.0f);
  fpuReduce(PoolType::Max, ReduceDim::Col, a.data(), ones.data(), d.data(),
            DestMode::Bf16);
  for (int c = 0; c < 32; ++c) {
    float ref = -1e30f;
    for (int r = 0; r < 32; ++r)
      ref = std::max(ref, a[r * 32 + c]);
    CHECK(d[c] == ref, "max col %d: %g vs %g", c, d[c], ref);
  }
  // Accumulates into dest; AVG scaler 1/32 (a power of 2: exact).
  std::vector<float> avg(kTileElems, 0.0f);
  for (int c = 0; c < 16; ++c)
    avg[c] = 1.0f / 32;
  std::fill(d.begin(), d.end(), 0.0f);
  d[0] = 1.0f;
  fpuReduce(PoolType::Avg, ReduceDim::Col, a.data(), avg.data(), d.data(),
            DestMode::Fp32);
  double mean0 = 0;
  for (int r = 0; r < 32; ++r)
    mean0 += a[r * 32];
  CHECK(std::fabs(d[0] - (1.0 + mean0 / 32)) < 1e-5, "avg col accumulates");
  // SCALAR applies the scaler twice: AVG uses 1/sqrt(N) = 1/32 for N = 1024.
  std::fill(d.begin(), d.end(), 0.0f);
  fpuReduce(PoolType::Avg, ReduceDim::Scalar, a.data(), avg.data(), d.data(),
            DestMode::Fp32);
  double mean = 0;
  for (float x : a)
    mean += x;
  mean /= 1024;
  CHECK(std::fabs(d[0] - mean) < 1e-5 && d[1] == 0.0f, "avg scalar %g vs %g",
        d[0], mean);
  std::fill(d.begin(), d.end(), 0.0f);
  std::vector<float> neg(kTileElems, -5.0f);
  neg[77] = -0.5f;
  fpuReduce(PoolType::Max, ReduceDim::Scalar, neg.data(), ones.data(), d.data(),
            DestMode::Bf16);
  CHECK(d[0] == -0.5f, "max scalar on a cleared dest: %g", d[0]);
}

// --- SFPU
// -----------------------------------------------------------------------

void testScalarAndBinary() {
  std::mt19937 rng(6);
  auto x = randomTile(rng, -10, 10, true);
  auto t = x;
  sfpuScalar(ScalarOp::Div, t.data(), bitsOf(0.25f), DestMode::Fp32);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(t[i] == x[i] * 0.25f, "div_unary multiplies by s");
  t = x;
  sfpuScalar(ScalarOp::Rsub, t.data(), bitsOf(1.1f), DestMode::Bf16);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(t[i] == roundToBf16(1.1f - x[i]), "rsub_unary rounds RNE");
  t = x;
  sfpuScalar(ScalarOp::Add, t.data(), bitsOf(1.1f), DestMode::Bf16);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(t[i] == truncateToBf16(x[i] + 1.1f), "add_unary truncates");
  auto y = randomTile(rng, -10, 10, true);
  y[0] = 0.0f;
  x[0] = 3.0f;
  y[1] = -0.0f;
  x[1] = 3.0f;
  y[2] = 0.0f;
  x[2] = 0.0f;
  std::vector<float> o(kTileElems);
  sfpuBinary(SfpuBinaryOp::Div, x.data(), y.data(), o.data(), DestMode::Bf16);
  CHECK(o[0] == std::numeric_limits<float>::infinity() &&
            o[1] == std::numeric_limits<float>::infinity() && std::isnan(o[2]),
        "x/0 = inf by x's sign, 0/0 = NaN: %g %g %g", o[0], o[1], o[2]);
  for (int i = 3; i < kTileElems; ++i)
    CHECK(o[i] == roundToBf16(x[i] / y[i]), "div rne %d", i);
  sfpuBinary(SfpuBinaryOp::Rsub, x.data(), y.data(), o.data(), DestMode::Bf16);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(o[i] == truncateToBf16(y[i] - x[i]), "rsub_binary = b - a, trunc");
  sfpuBinary(SfpuBinaryOp::Add, x.data(), y.data(), o.data(), DestMode::Bf16,
             DstRounding::NearestEven);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(o[i] == roundToBf16(x[i] + y[i]), "add<NearestEven>");
  sfpuBinary(SfpuBinaryOp::Lt, x.data(), y.data(), o.data(), DestMode::Bf16);
  for (int i = 0; i < kTileElems; ++i)
    CHECK(o[i] == (x[i] < y[i] ? 1.0f : 0.0f), "lt");
  sfpuBinary(SfpuBinaryOp::Eq, x.data(), x.data(), o.data(), DestMode::Bf16);
  CHECK(o[9] == 1.0f, "eq");
  sfpuBinary(SfpuBinaryOp::Max, x.data(), y.data(), o.data(), DestMode::Bf16);
  for (int i = 3; i < kTileElems; ++i)
    CHECK(o[i] == std::max(x[i], y[i]), "max");
  std::vector<float> p(kTileElems, 3.0f), base(kTileElems, -2.0f);
  sfpuBinary(SfpuBinaryOp::Power, base.data(), p.data(), o.data(),
             DestMode::Bf16);
  CHECK(o[0] == -8.0f, "(-2)^3 = %g", o[0]);
  std::vector<float> cond(kTileElems, 0.0f);
  cond[1] = -0.0f;
  cond[2] = 2.0f;
  sfpuWhere(cond.data(), x.data(), y.data(), o.data(), DestMode::Bf16);
  CHECK(o[0] == y[0] && o[1] == x[1] && o[2] == x[2], "where (-0 selects t)");
  // Unary specials.
  t.assign(kTileElems, 5.0f);
  sfpuUnary(SfpuUnaryOp::Fill, t.data(), bitsOf(1.1f), false, DestMode::Bf16);
  CHECK(t[0] == truncateToBf16(1.1f), "fill truncates into bf16");
  t.assign(kTileElems, 3.0f);
  sfpuUnary(SfpuUnaryOp::Rdiv, t.data(), bitsOf(3.0f), false, DestMode::Bf16);
  CHECK(t[0] == truncateToBf16(roundToBf16(1.0f / 3.0f) * 3.0f),
        "rdiv: rne(1/x) * s, truncated: %.9g", t[0]);
  t.assign(kTileElems, -1.5f);
  sfpuUnary(SfpuUnaryOp::Power, t.data(), 3, false, DestMode::Fp32);
  CHECK(t[0] == -3.375f, "power_iterative");
  t.assign(kTileElems, -0.0f);
  sfpuUnary(SfpuUnaryOp::Relu, t.data(), 0, false, DestMode::Bf16);
  CHECK(bitsOf(t[0]) == 0u, "relu(-0) = +0");
}

struct UnaryCase {
  const char *name;
  SfpuUnaryOp op;
  uint32_t param;
  bool approx;
  std::function<double(double)> ref;
  int64_t bf16Bound;     // asserted max ULP, 16-bit DEST
  int64_t fp32Bound;     // asserted max ULP, 32-bit DEST
  double approxAbsBound; // for LUT approximations: max |error|
};

double geluRef(double x) { return 0.5 * x * std::erfc(-x / std::sqrt(2.0)); }

void sweepUnary(const UnaryCase &c) {
  // Every finite bf16 input, 64 tiles.
  int64_t maxBf16 = 0, maxFp32 = 0;
  double maxAbs = 0, worstX = 0, worstX32 = 0;
  std::vector<float> tile(kTileElems), in(kTileElems);
  for (DestMode mode : {DestMode::Bf16, DestMode::Fp32}) {
    for (int base = 0; base < 65536; base += kTileElems) {
      for (int i = 0; i < kTileElems; ++i)
        in[i] = tile[i] = bf16(static_cast<uint16_t>(base + i));
      sfpuUnary(c.op, tile.data(), c.param, c.approx, mode);
      for (int i = 0; i < kTileElems; ++i) {
        if (!std::isfinite(in[i]))
          continue;
        double ref = c.ref(in[i]);
        if (std::isnan(ref))
          continue;
        float got = tile[i];
        if (c.approxAbsBound > 0) { // LUT approximation: absolute error
          if (mode == DestMode::Bf16 && std::fabs(got - ref) > maxAbs) {
            maxAbs = std::fabs(got - ref);
            worstX = in[i];
          }
          continue;
        }
        if (std::isinf(ref) || std::isnan(got)) {
          CHECK(got == static_cast<float>(ref), "%s(%g) = %g, want %g", c.name,
                in[i], got, ref);
          continue;
        }
        // Below the smallest normal the hardware flushes (GOLD _apply_ftz);
        // only require the result to be tiny too.
        if (std::fabs(ref) < std::numeric_limits<float>::min()) {
          CHECK(std::fabs(got) <= std::numeric_limits<float>::min(),
                "%s(%g) = %g, want ~%g", c.name, in[i], got, ref);
          continue;
        }
        if (mode == DestMode::Bf16) {
          int64_t d = ulpDistanceBf16(got, rneBf16FromDouble(ref));
          if (d > maxBf16) {
            maxBf16 = d;
            worstX = in[i];
          }
        } else {
          int64_t d = ulpDistance32(got, static_cast<float>(ref));
          if (d > maxFp32) {
            maxFp32 = d;
            worstX32 = in[i];
          }
        }
      }
    }
  }
  if (c.approxAbsBound > 0)
    std::printf("  %-10s approx=1  bf16 DEST max |err| %.4f (at x=%g)\n",
                c.name, maxAbs, worstX);
  else
    std::printf("  %-10s approx=0  bf16 DEST max %lld ulp (at x=%g)  "
                "fp32 DEST max %lld ulp (at x=%g)\n",
                c.name, static_cast<long long>(maxBf16), worstX,
                static_cast<long long>(maxFp32), worstX32);
  if (c.approxAbsBound > 0) {
    CHECK(maxAbs <= c.approxAbsBound, "%s approx |err| %g", c.name, maxAbs);
  } else {
    CHECK(maxBf16 <= c.bf16Bound, "%s bf16 ulp %lld", c.name,
          static_cast<long long>(maxBf16));
    CHECK(maxFp32 <= c.fp32Bound, "%s fp32 ulp %lld", c.name,
          static_cast<long long>(maxFp32));
  }
}

void testSfpuErrorBounds() {
  auto sigmoid = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
  // bf16 DEST: RNE ops are within 1 ulp (0 unless the f32 result sits on a
  // bf16 tie), truncating ops within 1 ulp of the RNE reference.
  const UnaryCase cases[] = {
      {"exp", SfpuUnaryOp::Exp, 0, false, [](double x) { return std::exp(x); },
       1, 2, 0},
      {"exp2", SfpuUnaryOp::Exp2, 0, false,
       [](double x) { return std::exp2(x); }, 1, 2, 0},
      {"relu", SfpuUnaryOp::Relu, 0, false,
       [](double x) { return x > 0 ? x : 0.0; }, 0, 0, 0},
      {"sqrt", SfpuUnaryOp::Sqrt, 0, false,
       [](double x) { return std::sqrt(x); }, 1, 1, 0},
      {"rsqrt", SfpuUnaryOp::Rsqrt, 0, false,
       [](double x) { return 1 / std::sqrt(x); }, 1, 2, 0},
      {"recip", SfpuUnaryOp::Recip, 0, false, [](double x) { return 1 / x; }, 1,
       1, 0},
      {"negative", SfpuUnaryOp::Negative, 0, false, [](double x) { return -x; },
       0, 0, 0},
      {"abs", SfpuUnaryOp::Abs, 0, false, [](double x) { return std::fabs(x); },
       0, 0, 0},
      {"sigmoid", SfpuUnaryOp::Sigmoid, 0, false, sigmoid, 1, 4, 0},
      {"tanh", SfpuUnaryOp::Tanh, 0, false,
       [](double x) { return std::tanh(x); }, 1, 4, 0},
      {"log", SfpuUnaryOp::Log, 0, false, [](double x) { return std::log(x); },
       1, 2, 0},
      {"sin", SfpuUnaryOp::Sin, 0, false, [](double x) { return std::sin(x); },
       1, 2, 0},
      {"cos", SfpuUnaryOp::Cos, 0, false, [](double x) { return std::cos(x); },
       1, 2, 0},
      {"gelu", SfpuUnaryOp::Gelu, 0, false,
       [](double x) { return x <= -5.54259443 ? 0.0 : geluRef(x); }, 1, 8, 0},
      {"silu", SfpuUnaryOp::Silu, 0, false,
       [sigmoid](double x) { return x * sigmoid(x); }, 1, 24, 0},
      {"square", SfpuUnaryOp::Square, 0, false, [](double x) { return x * x; },
       1, 1, 0},
      {"power3", SfpuUnaryOp::Power, 3, false,
       [](double x) { return x * x * x; }, 1, 2, 0},
      {"powbits2.5", SfpuUnaryOp::PowerBits, bitsOf(2.5f), false,
       [](double x) { return x < 0 ? std::nan("") : std::pow(x, 2.5); }, 1, 4,
       0},
      {"rdiv3", SfpuUnaryOp::Rdiv, bitsOf(3.0f), false,
       [](double x) { return 3.0 / x; }, 2, 2, 0},
      {"rsub1.5", SfpuUnaryOp::Rsub, bitsOf(1.5f), false,
       [](double x) { return 1.5 - x; }, 1, 1, 0},
      {"fill", SfpuUnaryOp::Fill, bitsOf(-2.25f), false,
       [](double) { return -2.25; }, 0, 0, 0},
      // LUT approximations: bounded in absolute error.
      {"gelu~", SfpuUnaryOp::Gelu, 0, true, geluRef, 0, 0, 0.03},
      {"tanh~", SfpuUnaryOp::Tanh, 0, true,
       [](double x) { return std::tanh(x); }, 0, 0, 0.025},
      {"sigmoid~", SfpuUnaryOp::Sigmoid, 0, true, sigmoid, 0, 0, 0.13},
  };
  std::printf("SFPU error vs double reference, all finite bf16 inputs:\n");
  for (const UnaryCase &c : cases)
    sweepUnary(c);
  // Max |err| above is over the bf16-DEST results.
}

// --- Timing
// -----------------------------------------------------------------------

void timeIt(const char *what, int reps, const std::function<void()> &fn) {
  fn(); // warm up
  double best = 1e30;
  for (int round = 0; round < 5; ++round) {
    double t0 = nowNs();
    for (int i = 0; i < reps; ++i)
      fn();
    best = std::min(best, (nowNs() - t0) / reps);
  }
  std::printf("TIME %-36s %9.1f ns/call\n", what, best);
}

void testTiming() {
  std::mt19937 rng(7);
  auto a = randomTile(rng, -1, 1, true);
  auto b = randomTile(rng, -1, 1, true);
  std::vector<float> d(kTileElems, 0.0f);
  volatile float sink = 0;
  timeIt("fpuMatmul 32x32x32 bf16 HiFi4", 20000, [&] {
    fpuMatmul(a.data(), b.data(), d.data(), false, DestMode::Bf16,
              MathFidelity::HiFi4);
    sink = d[5];
  });
  {
    std::vector<uint8_t> la(2048), lb(2048);
    packTile(a.data(), DataFormat::Float16_b, la.data());
    packTile(b.data(), DataFormat::Float16_b, lb.data());
    timeIt("fpuMatmulTiles 32x32x32 bf16 L1 HiFi4", 20000, [&] {
      fpuMatmulTiles(la.data(), DataFormat::Float16_b, lb.data(),
                     DataFormat::Float16_b, d.data(), false, DestMode::Bf16,
                     MathFidelity::HiFi4);
      sink = d[5];
    });
  }
  timeIt("fpuMatmul 32x32x32 fp32 LoFi", 20000, [&] {
    fpuMatmul(a.data(), b.data(), d.data(), false, DestMode::Fp32,
              MathFidelity::LoFi);
    sink = d[5];
  });
  timeIt("fpuEltwise add bf16", 200000, [&] {
    fpuEltwise(EltwiseOp::Add, a.data(), b.data(), d.data(), false,
               DestMode::Bf16, MathFidelity::LoFi);
    sink = d[5];
  });
  timeIt("fpuEltwise mul bf16 HiFi4", 200000, [&] {
    fpuEltwise(EltwiseOp::Mul, a.data(), b.data(), d.data(), false,
               DestMode::Bf16, MathFidelity::HiFi4);
    sink = d[5];
  });
  timeIt("fpuEltwise mul bf16 LoFi", 200000, [&] {
    fpuEltwise(EltwiseOp::Mul, a.data(), b.data(), d.data(), false,
               DestMode::Bf16, MathFidelity::LoFi);
    sink = d[5];
  });
  timeIt("sfpuBinary add bf16", 200000, [&] {
    sfpuBinary(SfpuBinaryOp::Add, a.data(), b.data(), d.data(), DestMode::Bf16);
    sink = d[5];
  });
  timeIt("sfpuUnary exp bf16", 20000, [&] {
    d = a;
    sfpuUnary(SfpuUnaryOp::Exp, d.data(), 0, false, DestMode::Bf16);
    sink = d[5];
  });
  timeIt("fpuReduce sum row bf16", 20000, [&] {
    fpuReduce(PoolType::Sum, ReduceDim::Row, a.data(), b.data(), d.data(),
              DestMode::Bf16);
    sink = d[5];
  });
  std::vector<uint8_t> l1(2048);
  timeIt("packTile bf16", 200000, [&] {
    packTile(a.data(), DataFormat::Float16_b, l1.data());
    sink = l1[5];
  });
  timeIt("unpackTile bf16", 200000, [&] {
    unpackTile(l1.data(), DataFormat::Float16_b, d.data());
    sink = d[5];
  });
  (void)sink;
}

} // namespace

// The packer's L1 accumulation: the bf16 fast path against the composition
// it replaces (pack, unpack, add the L1 tile, pack), random bit patterns with
// NaNs, infinities and ties in both operands.
void testPackAccumulate() {
  std::mt19937 rng(7);
  std::vector<float> tile(kTileElems), packedValues(kTileElems), old(kTileElems);
  std::vector<uint8_t> l1(2048), want(2048), packed(2048);
  for (int rep = 0; rep < 64; ++rep) {
    for (float &x : tile)
      x = fromBits(rep % 2 ? static_cast<uint32_t>(rng())
                           : bitsOf(std::ldexp(float(int(rng() % 2001) - 1000),
                                               int(rng() % 40) - 20)));
    for (uint8_t &b : l1)
      b = static_cast<uint8_t>(rng());
    tile[0] = fromBits(0x7F800001u);
    tile[1] = fromBits(0x3F808000u);
    tile[2] = -tile[3];
    packTile(tile.data(), DataFormat::Float16_b, packed.data());
    unpackTile(packed.data(), DataFormat::Float16_b, packedValues.data());
    unpackTile(l1.data(), DataFormat::Float16_b, old.data());
    for (int i = 0; i < kTileElems; ++i)
      packedValues[i] += old[i];
    packTile(packedValues.data(), DataFormat::Float16_b, want.data());
    packAccumulateTile(tile.data(), DataFormat::Float16_b, l1.data());
    // Where both sums are NaN their payloads may differ (which operand's
    // NaN an addition keeps is the compiler's choice of operand order).
    int differ = 0;
    for (int i = 0; i < kTileElems; ++i) {
      uint16_t got, expected;
      std::memcpy(&got, &l1[2 * i], 2);
      std::memcpy(&expected, &want[2 * i], 2);
      differ += got != expected && !(std::isnan(bf16(got)) && std::isnan(bf16(expected)));
    }
    CHECK(differ == 0, "bf16 L1 accumulation: %d of 1024 differ from the "
          "composition (rep %d)", differ, rep);
  }
}

int main() {
  testLayoutRoundTrip();
  testPackAccumulate();
  testRounding();
  testBfp8();
  testEltwise();
  testBroadcastTranspose();
  testMatmul();
  testMatmulTiles();
  testMatmulBf16Dot();
  testReduce();
  testScalarAndBinary();
  testSfpuErrorBounds();
  testTiming();
  if (failures) {
    std::printf("%d check(s) failed\n", failures);
    return failures > 100 ? 100 : failures;
  }
  std::printf("all tile numerics checks passed\n");
  return 0;
}
