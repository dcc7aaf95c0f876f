// Tile matrix products into DEST (api/compute/matmul.h): DST[idst] += A @ B.
#pragma once

#include "api/compute/common.h"

ALWI void matmul_init(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t transpose = 0) {
  ttlemu::rt::configureSrcA(in1_cb_id);
  ttlemu::rt::configureSrcB(in0_cb_id);
  ttlemu::rt::matmulInit(transpose != 0);
}
ALWI void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
                       uint32_t in1_tile_index, uint32_t idst) {
  ttlemu::rt::matmulTiles(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst);
}
