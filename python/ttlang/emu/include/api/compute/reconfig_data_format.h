// Reprogramming unpacker and packer formats (api/compute/reconfig_data_format.h).
// The (old, new) forms act only when the formats differ; either way the
// configured format ends up as the new operand's.
#pragma once

#include "api/compute/common.h"
#include "api/compute/src_order.h"

template <SrcOrder src_order = SrcOrder::Regular>
ALWI void reconfig_data_format(uint32_t icb0_new, uint32_t icb1_new) {
  ttlemu::rt::configureSrcA(src_order == SrcOrder::Regular ? icb0_new : icb1_new);
  ttlemu::rt::configureSrcB(src_order == SrcOrder::Regular ? icb1_new : icb0_new);
}
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void reconfig_data_format(uint32_t, uint32_t icb0_new, uint32_t,
                               uint32_t icb1_new) {
  reconfig_data_format<src_order>(icb0_new, icb1_new);
}
ALWI void reconfig_data_format_srca(uint32_t srca_new) { ttlemu::rt::configureSrcA(srca_new); }
ALWI void reconfig_data_format_srca(uint32_t, uint32_t srca_new) { ttlemu::rt::configureSrcA(srca_new); }
ALWI void reconfig_data_format_srcb(uint32_t srcb_new) { ttlemu::rt::configureSrcB(srcb_new); }
ALWI void reconfig_data_format_srcb(uint32_t, uint32_t srcb_new) { ttlemu::rt::configureSrcB(srcb_new); }
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void pack_reconfig_data_format(uint32_t new_operand) { ttlemu::rt::configurePack(new_operand); }
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void pack_reconfig_data_format(uint32_t, uint32_t new_operand) {
  ttlemu::rt::configurePack(new_operand);
}
