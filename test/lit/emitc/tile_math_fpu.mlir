// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A sub and a mul of two DFB blocks run on the FPU. With two maths in the kernel each
// re-initializes the FPU for its operation; a 1x2 block is two tiles of the register protocol.

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
// CHECK-NEXT: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-NEXT: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-NEXT: compute_kernel_hw_startup([[A]], [[B]], [[O]]);
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWSUB>([[A]], [[B]]);
// CHECK-NEXT: for (size_t [[T:i[0-9]+]] = {{v[0-9]+}}; [[T]] < [[TWO]]; [[T]] += {{v[0-9]+}}) {
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: sub_tiles([[A]], [[B]], [[T]], [[T]], 0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, [[O]]);
// CHECK-NEXT: tile_regs_release();
// CHECK-NEXT: }
// CHECK-NEXT: cb_push_back([[O]], 2);
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWMUL>([[B]], [[A]]);
// CHECK: mul_tiles([[B]], [[A]], [[T2:i[0-9]+]], [[T2]], 0);
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
