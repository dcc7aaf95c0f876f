// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// `ttl.store (ttl.matmul %a, %b)`: (M x K) @ (K x N) tiles on the FPU. The kernel starts the
// hardware in reverse source order (matmul loads in0 into SrcB), initializes the matmul once
// (its only math), and computes output tiles in groups of up to 4 DEST registers: whole output
// rows when N is small, else parts of one row; each register accumulates matmul_tiles over K,
// and the group is packed in register order (row-major order of the reserved block).

// 1x1 @ 1x1: every index is a literal.
// CHECK-LABEL: // ===== kernel one_tile =====
// CHECK: #include "api/compute/cb_api.h"
// CHECK-NEXT: #include "api/compute/compute_kernel_hw_startup.h"
// CHECK-NEXT: #include "api/compute/matmul.h"
// CHECK-NEXT: #include "api/compute/pack.h"
// CHECK-NEXT: #include "api/compute/reg_api.h"
// CHECK-NEXT: void kernel_main() {
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A]], [[B]], [[O]]);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK-NEXT: cb_wait_front([[A]], 1);
// CHECK-NEXT: cb_wait_front([[B]], 1);
// CHECK-NEXT: cb_reserve_back([[O]], 1);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: matmul_tiles([[A]], [[B]], 0, 0, 0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, [[O]]);
// CHECK-NEXT: tile_regs_release();
// CHECK-NEXT: cb_push_back([[O]], 1);
func.func @one_tile() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.one:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %m, %r : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  return
}

// 2x8 @ 8x2: both output rows (4 tiles) in one acquire; register i*2+j accumulates
// a[i*8+k] * b[k*2+j] over k < 8.
// CHECK-LABEL: // ===== kernel two_rows =====
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A:v[0-9]+]], [[B:v[0-9]+]], [[O:v[0-9]+]]);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK: cb_reserve_back([[O]], 4);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[I:i[0-9]+]] = {{.*}}) {
// CHECK-NEXT: for (size_t [[J:j[0-9]+]] = {{.*}}) {
// CHECK-NEXT: size_t [[DST:v[0-9]+]] = [[I]] * [[TWO:v[0-9]+]] + [[J]];
// CHECK-NEXT: for (size_t [[K:k[0-9]+]] = {{.*}}; [[K]] < [[EIGHT:v[0-9]+]]; {{.*}}) {
// CHECK-NEXT: size_t [[AT:v[0-9]+]] = [[I]] * [[EIGHT]] + [[K]];
// CHECK-NEXT: size_t [[BT:v[0-9]+]] = [[K]] * [[TWO]] + [[J]];
// CHECK-NEXT: matmul_tiles([[A]], [[B]], [[AT]], [[BT]], [[DST]]);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: for (size_t [[P:[ij][0-9]+]] = {{.*}}; [[P]] < (4); {{.*}}) {
// CHECK-NEXT: pack_tile([[P]], [[O]]);
// CHECK-NEXT: }
// CHECK-NEXT: tile_regs_release();
// CHECK-NEXT: cb_push_back([[O]], 4);
func.func @two_rows() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.rows:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<2x8xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<8x2xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<2x2xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<2x8xbf16, 2> -> !ttl.block<2x8xbf16>
  %y = ttl.wait %b : !ttl.dfb<8x2xbf16, 2> -> !ttl.block<8x2xbf16>
  %r = ttl.reserve %o : !ttl.dfb<2x2xbf16, 2> -> !ttl.block<2x2xbf16>
  %m = ttl.matmul %x, %y : !ttl.block<2x8xbf16>, !ttl.block<8x2xbf16> -> !ttl.block<2x2xbf16>
  ttl.store %m, %r : !ttl.block<2x2xbf16>
  ttl.push %r : !ttl.block<2x2xbf16>
  ttl.pop %x : !ttl.block<2x8xbf16>
  ttl.pop %y : !ttl.block<8x2xbf16>
  return
}

// 1x2 @ 2x8: one output row of 8 tiles in two groups of 4 columns; column n = g*4 + j.
// CHECK-LABEL: // ===== kernel wide =====
// CHECK: cb_reserve_back([[O:v[0-9]+]], 8);
// CHECK-NEXT: for (size_t [[G:i[0-9]+]] = {{.*}}) {
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[J:j[0-9]+]] = {{.*}}) {
// CHECK-NEXT: for (size_t [[K:k[0-9]+]] = {{.*}}) {
// CHECK-NEXT: size_t [[BT:v[0-9]+]] = [[K]] * 8 + ([[G]] * {{v[0-9]+}} + [[J]]);
// CHECK-NEXT: matmul_tiles({{v[0-9]+}}, {{v[0-9]+}}, [[K]], [[BT]], [[J]]);
// CHECK: pack_tile({{j[0-9]+}}, [[O]]);
// CHECK: tile_regs_release();
// CHECK-NEXT: }
// CHECK-NEXT: cb_push_back([[O]], 8);
func.func @wide() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.wide:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x2xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<2x8xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x8xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  %y = ttl.wait %b : !ttl.dfb<2x8xbf16, 2> -> !ttl.block<2x8xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x8xbf16, 2> -> !ttl.block<1x8xbf16>
  %m = ttl.matmul %x, %y : !ttl.block<1x2xbf16>, !ttl.block<2x8xbf16> -> !ttl.block<1x8xbf16>
  ttl.store %m, %r : !ttl.block<1x8xbf16>
  ttl.push %r : !ttl.block<1x8xbf16>
  ttl.pop %x : !ttl.block<1x2xbf16>
  ttl.pop %y : !ttl.block<2x8xbf16>
  return
}

// A matmul and an element-wise add in one kernel: the first math starts the hardware (here the
// matmul, in reverse source order); each math re-initializes for its operation before it runs.
// CHECK-LABEL: // ===== kernel mixed =====
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A:v[0-9]+]], [[B:v[0-9]+]], [[O:v[0-9]+]]);
// CHECK-NOT: matmul_init
// CHECK: cb_reserve_back([[O]], 1);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: matmul_tiles([[A]], [[B]], 0, 0, 0);
// CHECK: cb_push_back([[O]], 1);
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[A]], [[B]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: add_tiles([[A]], [[B]], 0, 0, 0);
func.func @mixed() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.mixed:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %m, %r : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %s = ttl.add %x, %y : !ttl.block<1x1xbf16>
  ttl.store %s, %r2 : !ttl.block<1x1xbf16>
  ttl.push %r2 : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  return
}
