// SFPU 1/x (eltwise_unary/recip.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void recip_tile_init() { ttlemu::rt::sfpuInit("recip_tile_init"); }
template <auto... Options>
ALWI void recip_tile(uint32_t idst, VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  ttlemu::unary(ttlemu::UnaryCode::Recip, idst, 0, APPROX);
}
