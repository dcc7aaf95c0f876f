// SFPU square root (eltwise_unary/sqrt.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void sqrt_tile_init() { ttlemu::rt::sfpuInit("sqrt_tile_init"); }
template <auto... Options>
ALWI void sqrt_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Sqrt, idst, 0, APPROX);
}
