// SFPU -x (eltwise_unary/negative.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void negative_tile_init() { ttlemu::rt::sfpuInit("negative_tile_init"); }
template <auto... Options>
ALWI void negative_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Negative, idst, 0, APPROX);
}
