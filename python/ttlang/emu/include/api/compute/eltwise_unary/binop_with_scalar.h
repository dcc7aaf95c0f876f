// SFPU operations with a scalar s given as f32 bits
// (eltwise_unary/binop_with_scalar.h). div_unary_tile computes x * s: the
// host passes 1/s (ckernel_sfpu_binop_with_unary.h).
#pragma once

#include "api/compute/common.h"

ALWI void binop_with_scalar_tile_init() { ttlemu::rt::sfpuInit("binop_with_scalar_tile_init"); }
#define TTLEMU_SCALAR_OP(name, code)                                           \
  template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                         \
  ALWI void name(uint32_t idst, uint32_t param1) {                             \
    ttlemu::rt::sfpuScalar(uint32_t(ttlemu::ScalarCode::code), idst, param1);  \
  }
TTLEMU_SCALAR_OP(add_unary_tile, Add)
TTLEMU_SCALAR_OP(sub_unary_tile, Sub)
TTLEMU_SCALAR_OP(mul_unary_tile, Mul)
TTLEMU_SCALAR_OP(div_unary_tile, Div)
TTLEMU_SCALAR_OP(rsub_unary_tile, Rsub)
#undef TTLEMU_SCALAR_OP
