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
// L1 accumulation (api/compute/pack.h pack_reconfig_l1_acc, tt-llk
// reconfigure_packer_l1_acc): while on, each pack adds its tile to the one in
// L1 (tt-llk's golden model, apply_l1_accumulation: the running sum in the
// output format).
ALWI void pack_reconfig_l1_acc(const uint32_t l1_acc_en) {
  ttlemu::rt::packL1Accumulation(l1_acc_en);
}
