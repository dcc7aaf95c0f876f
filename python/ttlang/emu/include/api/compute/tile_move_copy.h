// Copying CB tiles into DEST (api/compute/tile_move_copy.h).
#pragma once

#include "api/compute/common.h"

template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void copy_init(uint32_t cbid, uint32_t transpose = 0,
                    bool transpose_within_16x16_face = false) {
  (void)transpose_within_16x16_face;
  if (transpose)
    ttlemu::rt::fail("copy_init with transpose is not emulated; use transpose_tile");
  ttlemu::rt::configureSrcA(cbid);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index) {
  ttlemu::rt::copyTile(in_cb_id, in_tile_index, dst_tile_index);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void copy_block(uint32_t in_cb_id, uint32_t start_in_tile_index,
                     uint32_t start_dst_tile_index, uint32_t ntiles) {
  for (uint32_t i = 0; i < ntiles; ++i)
    ttlemu::rt::copyTile(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i);
}
