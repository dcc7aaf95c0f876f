// Packing DEST tiles into a CB (api/compute/pack.h): in order fills the
// reserved pages 0, 1, 2, ...; out of order writes page output_tile_index.
#pragma once

#include "api/compute/common.h"

ALWI void pack_init(uint32_t ocb) { ttlemu::rt::configurePack(ocb); }
template <bool out_of_order_output = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0) {
  ttlemu::rt::packTile(ifrom_dst, icb, out_of_order_output ? int32_t(output_tile_index) : -1);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void pack_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles) {
  for (uint32_t i = 0; i < ntiles; ++i)
    ttlemu::rt::packTile(ifrom_dst + i, icb, -1);
}
