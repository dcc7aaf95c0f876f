// Compute-kernel basics (api/compute/common.h): arguments, core coordinates,
// and the configuration TT-Metal's JIT emits into generated headers
// (DST_ACCUM_MODE, MATH_FIDELITY, APPROX), here passed as -D definitions.
#pragma once

#include <cstdint>

#include "ttlemu/kernel.h"

#ifndef TTLEMU_DST_ACCUM_MODE
#define TTLEMU_DST_ACCUM_MODE 0
#endif
#ifndef TTLEMU_APPROX
#define TTLEMU_APPROX 0
#endif
#ifndef TTLEMU_MATH_FIDELITY
#define TTLEMU_MATH_FIDELITY 4
#endif
constexpr bool DST_ACCUM_MODE = TTLEMU_DST_ACCUM_MODE;
constexpr bool APPROX = TTLEMU_APPROX;
constexpr int MATH_FIDELITY = TTLEMU_MATH_FIDELITY;
constexpr uint32_t cb_addr_shift = 4;

// The three TRISC programs run as one host thread in program order.
#define UNPACK(x) x
#define MATH(x) x
#define PACK(x) x

enum class VectorMode : int { None = 0, R = 1, C = 2, RC = 3, RC_custom = 4 };
enum class DataFormat : uint8_t {
  Float32 = 0, Float16 = 1, Bfp8 = 2, Bfp4 = 3, Tf32 = 4, Float16_b = 5,
  Bfp8_b = 6, Bfp4_b = 7, Int32 = 8, UInt16 = 9, Lf8 = 10, Int8 = 14,
  UInt32 = 24, UInt8 = 30, Invalid = 0xff,
};

namespace ttlemu {
inline void unary(UnaryCode op, uint32_t dst, uint32_t param = 0,
                  bool approximate = APPROX) {
  rt::sfpuUnary(uint32_t(op), dst, param, approximate);
}
inline uint32_t bitsOf(float value) {
  uint32_t bits;
  __builtin_memcpy(&bits, &value, 4);
  return bits;
}
} // namespace ttlemu
