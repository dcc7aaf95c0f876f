// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A sub and a mul of two DFB blocks run on the FPU. With two maths in the kernel each
// re-initializes the FPU for its operation. The tiles of a block go through the register
// protocol in groups of up to 4 (tile t of a group in DEST register t).

!d = !ttl.dfb<1x2xbf16, 2>
!blk = !ttl.block<1x2xbf16>

// CHECK-LABEL: // ===== kernel fpu =====
// CHECK: #include "api/compute/cb_api.h"
// CHECK-NEXT: #include "api/compute/compute_kernel_hw_startup.h"
// CHECK-NEXT: #include "api/compute/eltwise_binary.h"
// CHECK-NEXT: #include "api/compute/pack.h"
// CHECK-NEXT: #include "api/compute/reg_api.h"
// CHECK-NEXT: void kernel_main() {
// CHECK-DAG: size_t [[TWO:v[0-9]+]] = 2;
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup([[A]], [[B]], [[O]]);
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWSUB>([[A]], [[B]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[T:i[0-9]+]] = {{v[0-9]+}}; [[T]] < [[TWO]]; [[T]] += {{v[0-9]+}}) {
// CHECK-NEXT: sub_tiles([[A]], [[B]], [[T]], [[T]], [[T]]);
// CHECK-NEXT: }
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: for (size_t [[P:i[0-9]+]] = {{v[0-9]+}}; [[P]] < [[TWO]]; [[P]] += {{v[0-9]+}}) {
// CHECK-NEXT: pack_tile([[P]], [[O]]);
// CHECK-NEXT: }
// CHECK-NEXT: tile_regs_release();
// CHECK-NEXT: cb_push_back([[O]], 2);
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWMUL>([[B]], [[A]]);
// CHECK: mul_tiles([[B]], [[A]], [[T2:i[0-9]+]], [[T2]], [[T2]]);
func.func @fpu() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.fpu:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.create_dfb {physical_index = 1 : i32} : !d
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %y = ttl.wait %b : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %s = ttl.sub %x, %y : !blk
  ttl.store %s, %r : !blk
  ttl.push %r : !blk
  %r2 = ttl.reserve %o : !d -> !blk
  %m = ttl.mul %y, %x : !blk
  ttl.store %m, %r2 : !blk
  ttl.push %r2 : !blk
  ttl.pop %x : !blk
  ttl.pop %y : !blk
  return
}

// Eight tiles: two groups of four; tile = group * 4 + register.
// CHECK-LABEL: // ===== kernel eight =====
// (the kernel's only math: initialized once, before the DFB waits)
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWADD>
// CHECK: cb_reserve_back({{v[0-9]+}}, 8);
// CHECK-NEXT: for (size_t [[G:i[0-9]+]] = {{.*}}) {
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[R:j[0-9]+]] = {{.*}}) {
// CHECK-NEXT: size_t [[TILE:v[0-9]+]] = [[G]] * {{v[0-9]+}} + [[R]];
// CHECK-NEXT: add_tiles({{v[0-9]+}}, {{v[0-9]+}}, [[TILE]], [[TILE]], [[R]]);
// CHECK: pack_tile({{j[0-9]+}}, {{v[0-9]+}});
// CHECK: tile_regs_release();
// CHECK-NEXT: }
// CHECK-NEXT: cb_push_back({{v[0-9]+}}, 8);
func.func @eight() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.eight:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<2x4xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<2x4xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<2x4xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<2x4xbf16, 2> -> !ttl.block<2x4xbf16>
  %y = ttl.wait %b : !ttl.dfb<2x4xbf16, 2> -> !ttl.block<2x4xbf16>
  %r = ttl.reserve %o : !ttl.dfb<2x4xbf16, 2> -> !ttl.block<2x4xbf16>
  %s = ttl.add %x, %y : !ttl.block<2x4xbf16>
  ttl.store %s, %r : !ttl.block<2x4xbf16>
  ttl.push %r : !ttl.block<2x4xbf16>
  ttl.pop %x : !ttl.block<2x4xbf16>
  ttl.pop %y : !ttl.block<2x4xbf16>
  return
}
