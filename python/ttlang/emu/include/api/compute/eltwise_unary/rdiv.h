// SFPU s / x with s the f32 bits in `value` (eltwise_unary/rdiv.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void rdiv_tile_init() { ttlemu::rt::sfpuInit("rdiv_tile_init"); }
template <auto... Options>
ALWI void rdiv_tile(uint32_t idst, uint32_t param0, VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  ttlemu::unary(ttlemu::UnaryCode::Rdiv, idst, param0, APPROX);
}
