// SFPU element-wise maximum / minimum of two DEST tiles (binary_max_min.h).
#pragma once

#include "api/compute/common.h"

ALWI void binary_max_tile_init() { ttlemu::rt::sfpuInit("binary_max_tile_init"); }
ALWI void binary_max_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                          VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  ttlemu::rt::sfpuBinary(uint32_t(ttlemu::BinaryCode::Max), idst0, idst1, odst);
}
ALWI void binary_min_tile_init() { ttlemu::rt::sfpuInit("binary_min_tile_init"); }
ALWI void binary_min_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                          VectorMode vector_mode = VectorMode::RC) {
  (void)vector_mode;
  ttlemu::rt::sfpuBinary(uint32_t(ttlemu::BinaryCode::Min), idst0, idst1, odst);
}
