// SFPU select: DST[odst] = DST[idst0] != 0 ? DST[idst1] : DST[idst2]
// (eltwise_unary/where.h).
#pragma once

#include "api/compute/common.h"

ALWI void where_tile_init() { ttlemu::rt::sfpuInit("where_tile_init"); }
template <DataFormat data_format = DataFormat::Float16_b>
ALWI void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst) {
  ttlemu::rt::sfpuWhere(idst0, idst1, idst2, odst);
}
