// SFPU e^x (eltwise_unary/exp.h); approx is exp's own template flag.
#pragma once

#include "api/compute/common.h"

template <bool approximate = false, auto... Options>
ALWI void exp_tile_init() { ttlemu::rt::sfpuInit("exp_tile_init"); }
template <bool approximate = false, auto... Options>
ALWI void exp_tile(uint32_t idst, VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  ttlemu::unary(ttlemu::UnaryCode::Exp, idst, 0, approximate);
}
