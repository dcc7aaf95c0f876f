// Tile transpose into DEST: DST[idst][w,h] = A[h,w] (api/compute/transpose.h).
#pragma once

#include "api/compute/common.h"

// transpose_init sets the unpacker's mode, not its data format (as in
// ttnn's transpose.h): SrcA keeps the format the kernel configured.
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void transpose_init(uint32_t icb) {
  (void)icb;
  ttlemu::rt::transposeInit();
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void transpose_tile(uint32_t icb, uint32_t itile, uint32_t idst) {
  ttlemu::rt::transposeTile(icb, itile, idst);
}
