// FPU reductions scaled by a scaler tile (api/compute/reduce.h); repeated
// reduce_tile calls into one DEST tile accumulate.
#pragma once

#include "api/compute/common.h"

enum PoolType : uint32_t { SUM = 0, AVG = 1, MAX = 2 };
enum ReduceDim : uint32_t { REDUCE_ROW = 0, REDUCE_COL = 1, REDUCE_SCALAR = 2 };

template <PoolType reduce_type, ReduceDim reduce_dim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb) {
  (void)ocb;
  ttlemu::rt::configureSrcA(icb);
  ttlemu::rt::configureSrcB(icb_scaler);
  ttlemu::rt::reduceInit(reduce_type, reduce_dim);
}
ALWI void reduce_uninit(uint32_t icb = 0) { (void)icb; }
template <PoolType reduce_type, ReduceDim reduce_dim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile,
                      uint32_t itile_scaler, uint32_t idst) {
  ttlemu::rt::reduceTile(reduce_type, reduce_dim, icb, icb_scaler, itile,
                         itile_scaler, idst);
}
