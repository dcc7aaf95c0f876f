// SFPU max(x, 0) (eltwise_unary/relu.h).
#pragma once

#include "api/compute/common.h"

template <auto... Options>
ALWI void relu_tile_init() { ttlemu::rt::sfpuInit("relu_tile_init"); }
template <auto... Options>
ALWI void relu_tile(uint32_t idst) {
  ttlemu::unary(ttlemu::UnaryCode::Relu, idst, 0, APPROX);
}
