// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Any other tile math runs on the SFPU: each leaf is copied into its own destination register,
// every node applies its init and call in place in its first operand's register.

!d = !ttl.dfb<1x1xf32, 2>
!blk = !ttl.block<1x1xf32>

// CHECK-LABEL: // ===== kernel sfpu =====
// CHECK: #include "api/compute/eltwise_binary_sfpu.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/exp.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/negative.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/relu.h"
// CHECK-NEXT: #include "api/compute/eltwise_unary/sqrt.h"
// CHECK: #include "api/compute/tile_move_copy.h"
// CHECK: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-NEXT: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-NEXT: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-NEXT: compute_kernel_hw_startup([[A]], [[B]], [[O]]);
// CHECK: tile_regs_acquire();
// CHECK-NEXT: copy_init([[A]]);
// CHECK-NEXT: copy_tile([[A]], 0, 0);
// CHECK-NEXT: copy_init([[B]]);
// CHECK-NEXT: copy_tile([[B]], 0, 1);
// CHECK-NEXT: add_binary_tile_init();
// CHECK-NEXT: add_binary_tile(0, 1, 0);
// CHECK-NEXT: exp_tile_init();
// CHECK-NEXT: exp_tile(0);
// CHECK-NEXT: copy_init([[B]]);
// CHECK-NEXT: copy_tile([[B]], 0, 1);
// CHECK-NEXT: relu_tile_init();
// CHECK-NEXT: relu_tile(1);
// CHECK-NEXT: div_binary_tile_init();
// CHECK-NEXT: div_binary_tile(0, 1, 0);
// CHECK-NEXT: sqrt_tile_init();
// CHECK-NEXT: sqrt_tile(0);
// CHECK-NEXT: negative_tile_init();
// CHECK-NEXT: negative_tile(0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, [[O]]);
// CHECK-NEXT: tile_regs_release();
// A stored DFB block is a copy through the destination registers.
// CHECK: tile_regs_acquire();
// CHECK-NEXT: copy_init([[A]]);
// CHECK-NEXT: copy_tile([[A]], 0, 0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, [[O]]);
func.func @sfpu() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.sfpu:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.create_dfb {physical_index = 1 : i32} : !d
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %y = ttl.wait %b : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %s = ttl.add %x, %y : !blk
  %e = ttl.exp %s : !blk
  %q = ttl.relu %y : !blk
  %d = ttl.div %e, %q : !blk
  %sq = ttl.sqrt %d : !blk
  %n = ttl.neg %sq : !blk
  ttl.store %n, %r : !blk
  ttl.push %r : !blk
  %r2 = ttl.reserve %o : !d -> !blk
  ttl.store %x, %r2 : !blk
  ttl.push %r2 : !blk
  ttl.pop %x : !blk
  ttl.pop %y : !blk
  return
}
