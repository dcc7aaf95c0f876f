// Unpacker, math and packer formats for a compute kernel's first operation
// (api/compute/compute_kernel_hw_startup.h).
#pragma once

#include "api/compute/common.h"
#include "api/compute/src_order.h"

template <SrcOrder src_order = SrcOrder::Regular>
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  if (src_order == SrcOrder::Regular)
    ttlemu::rt::hwStartup(icb0, icb1, ocb);
  else
    ttlemu::rt::hwStartup(icb1, icb0, ocb);
}
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb) {
  ttlemu::rt::hwStartup(icb0, icb0, ocb);
}
