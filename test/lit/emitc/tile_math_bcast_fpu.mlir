// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// `x - broadcast(b)` of two waited blocks is one FPU op: sub_bcast_cols_init, then per group of
// DEST registers sub_tiles_bcast_cols reading result tile t of x and tile t / 2 (its row) of
// the 2x1-tile b.

!x = !ttl.dfb<2x2xbf16, 2>
!c = !ttl.dfb<2x1xbf16, 2>
// CHECK-LABEL: // ===== kernel centered =====
// CHECK: #include "api/compute/bcast.h"
// CHECK-DAG: uint32_t [[X:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[C:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup([[X]], [[C]], [[O]]);
// CHECK-NEXT: sub_bcast_cols_init([[X]], [[C]]);
// CHECK: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[T:[a-z0-9]+]] =
// CHECK-NEXT: size_t [[ROW:v[0-9]+]] = [[T]] / 2;
// CHECK-NEXT: sub_tiles_bcast_cols([[X]], [[C]], [[T]], [[ROW]], [[T]]);
// CHECK: pack_tile([[T2:[a-z0-9]+]], [[O]]);
// CHECK-NOT: copy_tile
func.func @centered() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.bcast:00">} {
  %xd = ttl.create_dfb {physical_index = 0 : i32} : !x
  %cd = ttl.create_dfb {physical_index = 1 : i32} : !c
  %od = ttl.create_dfb {physical_index = 2 : i32} : !x
  %x = ttl.wait %xd : !x -> !ttl.block<2x2xbf16>
  %m = ttl.wait %cd : !c -> !ttl.block<2x1xbf16>
  %o = ttl.reserve %od : !x -> !ttl.block<2x2xbf16>
  %b = ttl.broadcast %m dims = [1] : !ttl.block<2x1xbf16> -> !ttl.block<2x2xbf16>
  %d = ttl.sub %x, %b : !ttl.block<2x2xbf16>
  ttl.store %d, %o : !ttl.block<2x2xbf16>
  ttl.push %o : !ttl.block<2x2xbf16>
  ttl.pop %m : !ttl.block<2x1xbf16>
  ttl.pop %x : !ttl.block<2x2xbf16>
  return
}
