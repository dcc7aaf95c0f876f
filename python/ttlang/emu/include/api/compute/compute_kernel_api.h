// SFPU operations declared in compute_kernel_api.h (sigmoid, tanh: own approx flag; power_tile: param is the f32 exponent's bits; power_iterative_tile: an integer exponent).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void abs_tile_init() { ttlemu::rt::sfpuInit("abs_tile_init"); }
template <auto... Options>
ALWI void abs_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Abs, idst, 0, APPROX);
}

template <bool approximate = false, auto... Options>
ALWI void sigmoid_tile_init() { ttlemu::rt::sfpuInit("sigmoid_tile_init"); }
template <bool approximate = false, auto... Options>
ALWI void sigmoid_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Sigmoid, idst, 0, approximate);
}

template <bool approximate = false, auto... Options>
ALWI void tanh_tile_init() { ttlemu::rt::sfpuInit("tanh_tile_init"); }
template <bool approximate = false, auto... Options>
ALWI void tanh_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Tanh, idst, 0, approximate);
}

template <auto... Options>
ALWI void log_tile_init() { ttlemu::rt::sfpuInit("log_tile_init"); }
template <auto... Options>
ALWI void log_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Log, idst, 0, APPROX);
}

template <auto... Options>
ALWI void silu_tile_init() { ttlemu::rt::sfpuInit("silu_tile_init"); }
template <auto... Options>
ALWI void silu_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Silu, idst, 0, APPROX);
}

template <auto... Options>
ALWI void square_tile_init() { ttlemu::rt::sfpuInit("square_tile_init"); }
template <auto... Options>
ALWI void square_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Square, idst, 0, APPROX);
}

template <auto... Options>
ALWI void exp2_tile_init() { ttlemu::rt::sfpuInit("exp2_tile_init"); }
template <auto... Options>
ALWI void exp2_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Exp2, idst, 0, APPROX);
}

template <auto... Options>
ALWI void power_tile_init() { ttlemu::rt::sfpuInit("power_tile_init"); }
template <auto... Options>
ALWI void power_tile(uint32_t idst, uint32_t param0) {
  ttlemu::unary(ttlemu::UnaryCode::PowerBits, idst, param0, APPROX);
}

template <auto... Options>
ALWI void power_iterative_tile_init() { ttlemu::rt::sfpuInit("power_iterative_tile_init"); }
template <auto... Options>
ALWI void power_iterative_tile(uint32_t idst, uint32_t param0) {
  ttlemu::unary(ttlemu::UnaryCode::Power, idst, param0, APPROX);
}
