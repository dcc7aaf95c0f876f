// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// The unary SFPU functions beyond exp / relu / sqrt / neg: each is `<name>_tile_init()` then
// `<name>_tile(reg)` in place, from the header ttnn 0.81.1 declares it in.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel unary =====
// CHECK: #include "api/compute/compute_kernel_api.h"
// CHECK: #include "api/compute/eltwise_unary/recip.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/rsqrt.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/trigonometry.h"
// CHECK: copy_tile({{v[0-9]+}}, 0, 0);
// CHECK-NEXT: abs_tile_init();
// CHECK-NEXT: abs_tile(0);
// CHECK-NEXT: rsqrt_tile_init();
// CHECK-NEXT: rsqrt_tile(0);
// CHECK-NEXT: recip_tile_init();
// CHECK-NEXT: recip_tile(0);
// CHECK-NEXT: sigmoid_tile_init();
// CHECK-NEXT: sigmoid_tile(0);
// CHECK-NEXT: tanh_tile_init();
// CHECK-NEXT: tanh_tile(0);
// CHECK-NEXT: log_tile_init();
// CHECK-NEXT: log_tile(0);
// CHECK-NEXT: sin_tile_init();
// CHECK-NEXT: sin_tile(0);
// CHECK-NEXT: cos_tile_init();
// CHECK-NEXT: cos_tile(0);
// CHECK-NEXT: tile_regs_commit();
func.func @unary() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.unary:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %0 = ttl.abs %x : !blk
  %1 = ttl.rsqrt %0 : !blk
  %2 = ttl.recip %1 : !blk
  %3 = ttl.sigmoid %2 : !blk
  %4 = ttl.tanh %3 : !blk
  %5 = ttl.log %4 : !blk
  %6 = ttl.sin %5 : !blk
  %7 = ttl.cos %6 : !blk
  ttl.store %7, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}
