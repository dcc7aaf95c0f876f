// SFPU s - x with s the f32 bits in `scalar` (eltwise_unary/rsub.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void rsub_tile_init() { ttlemu::rt::sfpuInit("rsub_tile_init"); }
template <auto... Options>
ALWI void rsub_tile(uint32_t idst, uint32_t param0) {
  ttlemu::unary(ttlemu::UnaryCode::Rsub, idst, param0, APPROX);
}
