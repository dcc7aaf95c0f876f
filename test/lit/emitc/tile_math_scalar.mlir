// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Block-scalar math runs on the SFPU in place: binop_with_scalar.h (add / sub / rsub / mul /
// div) and rdiv.h (scalar over block); the scalar is passed as its f32 bits, as each call
// applies it (ckernel_sfpu_binop_with_unary.h: add x + s, sub x - s, rsub s - x, mul x * s;
// ckernel_sfpu_rdiv.h: s / x), except div_unary_tile, which computes x * s: x / 10 passes the
// bits of 1/10 rounded to f32 (0x3dcccccd), not those of 10 (0x41200000).

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel scalars =====
// CHECK: #include "api/compute/eltwise_unary/binop_with_scalar.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/rdiv.h"
// CHECK: copy_tile({{v[0-9]+}}, 0, 0);
// CHECK-NEXT: binop_with_scalar_tile_init();
// CHECK-NEXT: add_unary_tile(0, 0x3f800000u);
// CHECK-NEXT: binop_with_scalar_tile_init();
// CHECK-NEXT: sub_unary_tile(0, 0xc0000000u);
// CHECK-NEXT: binop_with_scalar_tile_init();
// CHECK-NEXT: rsub_unary_tile(0, 0x3f000000u);
// CHECK-NEXT: binop_with_scalar_tile_init();
// CHECK-NEXT: mul_unary_tile(0, 0x40400000u);
// CHECK-NEXT: binop_with_scalar_tile_init();
// CHECK-NEXT: div_unary_tile(0, 0x3dcccccdu);
// CHECK-NEXT: rdiv_tile_init();
// CHECK-NEXT: rdiv_tile(0, 0x3e800000u);
// CHECK-NEXT: tile_regs_commit();
func.func @scalars() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.scalars:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %0 = ttl.add_scalar %x, 1.0 : !blk
  %1 = ttl.sub_scalar %0, -2.0 : !blk
  %2 = ttl.rsub_scalar %1, 0.5 : !blk
  %3 = ttl.mul_scalar %2, 3.0 : !blk
  %4 = ttl.div_scalar %3, 10.0 : !blk
  %5 = ttl.rdiv_scalar %4, 0.25 : !blk
  ttl.store %5, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}
