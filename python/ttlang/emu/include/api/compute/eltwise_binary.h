// FPU element-wise operations on two CB tiles (api/compute/eltwise_binary.h).
#pragma once

#include "api/compute/common.h"

enum EltwiseBinaryType : uint32_t { ELWMUL = 0, ELWDIV = 1, ELWADD = 2, ELWSUB = 3, ELWLESS = 4 };

template <bool full_init, EltwiseBinaryType eltwise_binary_type>
ALWI void binary_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false) {
  if (full_init) {
    ttlemu::rt::configureSrcA(icb0);
    ttlemu::rt::configureSrcB(icb1);
  }
  ttlemu::rt::binaryInit(eltwise_binary_type, acc_to_dest);
}
ALWI void add_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false) {
  binary_tiles_init<false, ELWADD>(icb0, icb1, acc_to_dest);
}
ALWI void sub_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false) {
  binary_tiles_init<false, ELWSUB>(icb0, icb1, acc_to_dest);
}
ALWI void mul_init(uint32_t icb0, uint32_t icb1) {
  binary_tiles_init<false, ELWMUL>(icb0, icb1, false);
}
ALWI void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  ttlemu::rt::eltwiseTiles(ELWADD, icb0, icb1, itile0, itile1, idst);
}
ALWI void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  ttlemu::rt::eltwiseTiles(ELWSUB, icb0, icb1, itile0, itile1, idst);
}
ALWI void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
  ttlemu::rt::eltwiseTiles(ELWMUL, icb0, icb1, itile0, itile1, idst);
}
