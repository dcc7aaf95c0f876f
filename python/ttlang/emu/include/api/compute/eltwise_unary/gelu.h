// SFPU GELU (eltwise_unary/gelu.h); fast_and_approx defaults to true there.
#pragma once

#include "api/compute/common.h"

template <bool approximate = true, auto... Options>
ALWI void gelu_tile_init() { ttlemu::rt::sfpuInit("gelu_tile_init"); }
template <bool approximate = true, auto... Options>
ALWI void gelu_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Gelu, idst, 0, approximate);
}
