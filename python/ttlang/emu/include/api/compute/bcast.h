// FPU operations with the second operand broadcast (api/compute/bcast.h):
// COL uses B[h,0], ROW B[0,w], SCALAR B[0,0] (tt-llk's BroadcastGolden);
// unary_bcast copies a broadcast tile into DEST (through SrcB).
#pragma once

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"

enum BroadcastType : uint32_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };

#define TTLEMU_BCAST(op, dim, type, code)                                      \
  ALWI void op##_bcast_##dim##_init(uint32_t icb0, uint32_t icb1) {            \
    ttlemu::rt::configureSrcA(icb0);                                           \
    ttlemu::rt::configureSrcB(icb1);                                           \
  }                                                                            \
  template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                         \
  ALWI void op##_tiles_bcast_##dim(uint32_t icb0, uint32_t icb1,               \
                                   uint32_t itile0, uint32_t itile1,           \
                                   uint32_t idst) {                            \
    ttlemu::rt::broadcastTiles(code, type, icb0, icb1, itile0, itile1, idst);  \
  }
TTLEMU_BCAST(add, rows, ROW, ELWADD)
TTLEMU_BCAST(sub, rows, ROW, ELWSUB)
TTLEMU_BCAST(mul, rows, ROW, ELWMUL)
TTLEMU_BCAST(add, cols, COL, ELWADD)
TTLEMU_BCAST(sub, cols, COL, ELWSUB)
TTLEMU_BCAST(mul, cols, COL, ELWMUL)
TTLEMU_BCAST(add, scalar, SCALAR, ELWADD)
TTLEMU_BCAST(sub, scalar, SCALAR, ELWSUB)
TTLEMU_BCAST(mul, scalar, SCALAR, ELWMUL)
#undef TTLEMU_BCAST

template <EltwiseBinaryType op, BroadcastType dim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void any_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                          uint32_t itile1, uint32_t idst) {
  ttlemu::rt::broadcastTiles(op, dim, icb0, icb1, itile0, itile1, idst);
}
template <BroadcastType dim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void add_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  ttlemu::rt::broadcastTiles(ELWADD, dim, icb0, icb1, itile0, itile1, idst);
}
template <BroadcastType dim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void sub_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  ttlemu::rt::broadcastTiles(ELWSUB, dim, icb0, icb1, itile0, itile1, idst);
}
template <BroadcastType dim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void mul_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  ttlemu::rt::broadcastTiles(ELWMUL, dim, icb0, icb1, itile0, itile1, idst);
}

template <BroadcastType bcast_type, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void unary_bcast_init(uint32_t icb) {
  (void)icb;
  ttlemu::rt::sfpuInit("unary_bcast_init");
}
template <BroadcastType bcast_type, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void unary_bcast(uint32_t icb, uint32_t in_tile_index, uint32_t dst_tile_index) {
  ttlemu::rt::unaryBroadcast(bcast_type, icb, in_tile_index, dst_tile_index);
}
template <BroadcastType bcast_type>
ALWI void unary_bcast_uninit(uint32_t icb) {
  (void)icb;
  ttlemu::rt::sfpuInit("unary_bcast_uninit");
}
