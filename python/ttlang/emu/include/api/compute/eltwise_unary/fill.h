// SFPU fill of a DEST tile with a constant (eltwise_unary/fill.h).
#pragma once

#include "api/compute/common.h"

ALWI void fill_tile_init() { ttlemu::rt::sfpuInit("fill_tile_init"); }
ALWI void fill_tile(uint32_t idst, float param0) {
  ttlemu::unary(ttlemu::UnaryCode::Fill, idst, ttlemu::bitsOf(param0));
}
ALWI void fill_tile_bitcast(uint32_t idst, uint32_t param0) {
  ttlemu::unary(ttlemu::UnaryCode::Fill, idst, param0);
}
