// SFPU 1/sqrt(x) (eltwise_unary/rsqrt.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void rsqrt_tile_init() { ttlemu::rt::sfpuInit("rsqrt_tile_init"); }
template <auto... Options>
ALWI void rsqrt_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Rsqrt, idst, 0, APPROX);
}
