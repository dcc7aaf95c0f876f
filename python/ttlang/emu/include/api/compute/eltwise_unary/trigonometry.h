// SFPU sin / cos (eltwise_unary/trigonometry.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void sin_tile_init() { ttlemu::rt::sfpuInit("sin_tile_init"); }
template <auto... Options>
ALWI void sin_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Sin, idst, 0, APPROX);
}

template <auto... Options>
ALWI void cos_tile_init() { ttlemu::rt::sfpuInit("cos_tile_init"); }
template <auto... Options>
ALWI void cos_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Cos, idst, 0, APPROX);
}
