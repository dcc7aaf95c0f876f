// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Lowering of fill, broadcast, reductions and transpose to the ttnn 0.81.1 compute API:
// fill_tile_bitcast, unary_bcast<BroadcastType> from the source tile each result tile repeats,
// transpose_tile of the mirrored tile, and a stored reduction as one acquire per result tile
// accumulating reduce_tile over the tiles it reduces, between reduce_init and reduce_uninit.

!x = !ttl.dfb<2x2xbf16, 2>
!r = !ttl.dfb<1x2xbf16, 2>
!c = !ttl.dfb<2x1xbf16, 2>
!s = !ttl.dfb<1x1xbf16, 1>
// CHECK-LABEL: // ===== kernel shapes =====
// CHECK-DAG: #include "api/compute/bcast.h"
// CHECK-DAG: #include "api/compute/eltwise_unary/fill.h"
// CHECK-DAG: #include "api/compute/reduce.h"
// CHECK-DAG: #include "api/compute/transpose.h"
// CHECK-DAG: uint32_t [[X:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[R:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[C:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-DAG: uint32_t [[S:v[0-9]+]] = get_compile_time_arg_val(3);
// Row broadcast plus a fill: result tile t reads bias tile t % 2.
// CHECK: for (size_t [[T:[a-z0-9]+]] =
// CHECK: copy_tile([[X]], [[T]], 0);
// CHECK-NEXT: size_t [[SRC:v[0-9]+]] = [[T]] % v{{[0-9]+}};
// CHECK-NEXT: unary_bcast_init<BroadcastType::ROW>([[R]]);
// CHECK-NEXT: unary_bcast<BroadcastType::ROW>([[R]], [[SRC]], 1);
// CHECK-NEXT: unary_bcast_uninit<BroadcastType::ROW>([[R]]);
// CHECK: add_binary_tile(0, 1, 0);
// CHECK: fill_tile_init();
// CHECK-NEXT: fill_tile_bitcast(1, 0x3f000000u);
// CHECK: mul_binary_tile(0, 1, 0);
// Transpose of the 2x2 block: result tile t reads tile (t % 2) * 2 + t / 2.
// CHECK: for (size_t [[U:[a-z0-9]+]] =
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: size_t [[M:v[0-9]+]] = ([[U]] % [[TWO:v[0-9]+]]) * [[TWO]] + [[U]] / [[TWO]];
// CHECK-NEXT: transpose_init([[X]]);
// CHECK-NEXT: transpose_tile([[X]], [[M]], 0);
// Row sum of the 2x2 block into a 2x1 block: per row, reduce_tile over its 2 tiles.
// CHECK: reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>([[X]], [[S]], [[C]]);
// CHECK: for (size_t [[ROW:[a-z0-9]+]] =
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[K:[a-z0-9]+]] =
// CHECK-NEXT: size_t [[IDX:v[0-9]+]] = [[ROW]] * v{{[0-9]+}} + [[K]];
// CHECK-NEXT: reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>([[X]], [[S]], [[IDX]], 0, 0);
// CHECK: pack_tile(0, [[C]]);
// CHECK: reduce_uninit([[X]]);
func.func @shapes() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.shapes:00">} {
  %xd = ttl.create_dfb {physical_index = 0 : i32} : !x
  %rd = ttl.create_dfb {physical_index = 1 : i32} : !r
  %cd = ttl.create_dfb {physical_index = 2 : i32} : !c
  %sd = ttl.create_dfb {physical_index = 3 : i32} : !s
  %x = ttl.wait %xd : !x -> !ttl.block<2x2xbf16>
  %b = ttl.wait %rd : !r -> !ttl.block<1x2xbf16>
  %s = ttl.wait %sd : !s -> !ttl.block<1x1xbf16>
  %o = ttl.reserve %xd : !x -> !ttl.block<2x2xbf16>
  %bb = ttl.broadcast %b dims = [0] : !ttl.block<1x2xbf16> -> !ttl.block<2x2xbf16>
  %sum = ttl.add %x, %bb : !ttl.block<2x2xbf16>
  %half = ttl.fill 5.000000e-01 : !ttl.block<2x2xbf16>
  %y = ttl.mul %sum, %half : !ttl.block<2x2xbf16>
  ttl.store %y, %o : !ttl.block<2x2xbf16>
  ttl.push %o : !ttl.block<2x2xbf16>
  %o2 = ttl.reserve %xd : !x -> !ttl.block<2x2xbf16>
  %t = ttl.transpose %x : !ttl.block<2x2xbf16> -> !ttl.block<2x2xbf16>
  ttl.store %t, %o2 : !ttl.block<2x2xbf16>
  ttl.push %o2 : !ttl.block<2x2xbf16>
  %o3 = ttl.reserve %cd : !c -> !ttl.block<2x1xbf16>
  %red = ttl.reduce_sum %x, %s dims = [1] : !ttl.block<2x2xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<2x1xbf16>
  ttl.store %red, %o3 : !ttl.block<2x1xbf16>
  ttl.push %o3 : !ttl.block<2x1xbf16>
  ttl.pop %s : !ttl.block<1x1xbf16>
  ttl.pop %b : !ttl.block<1x2xbf16>
  ttl.pop %x : !ttl.block<2x2xbf16>
  return
}
