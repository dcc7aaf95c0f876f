// SFPU operations on two DEST tiles (api/compute/eltwise_binary_sfpu.h):
// DST[odst] = DST[idst0] op DST[idst1]; rsub is DST[idst1] - DST[idst0].
#pragma once

#include "api/compute/common.h"

#define TTLEMU_BINARY_OP(name, code)                                           \
  ALWI void name##_tile_init() { ttlemu::rt::sfpuInit(#name "_tile_init"); }   \
  template <auto... Options>                                                   \
  ALWI void name##_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {       \
    ttlemu::rt::sfpuBinary(uint32_t(ttlemu::BinaryCode::code), idst0, idst1,   \
                           odst);                                              \
  }
TTLEMU_BINARY_OP(add_binary, Add)
TTLEMU_BINARY_OP(sub_binary, Sub)
TTLEMU_BINARY_OP(mul_binary, Mul)
TTLEMU_BINARY_OP(div_binary, Div)
TTLEMU_BINARY_OP(rsub_binary, Rsub)
TTLEMU_BINARY_OP(power_binary, Power)
TTLEMU_BINARY_OP(eq_binary, Eq)
TTLEMU_BINARY_OP(ne_binary, Ne)
TTLEMU_BINARY_OP(lt_binary, Lt)
TTLEMU_BINARY_OP(gt_binary, Gt)
TTLEMU_BINARY_OP(le_binary, Le)
TTLEMU_BINARY_OP(ge_binary, Ge)
#undef TTLEMU_BINARY_OP
