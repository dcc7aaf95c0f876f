// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A compute kernel whose math changes element type: a bf16 FPU add into a bf16 DFB, then an
// f32 SFPU exp into an f32 DFB. The hardware startup configures the add's bf16 formats; before
// the exp, SrcA (copy_tile's source) and the packer are reprogrammed for f32, before its first
// init. SrcB is not reprogrammed: the SFPU math does not read it.

// CHECK-LABEL: // ===== kernel add_then_exp =====
// CHECK: #include "api/compute/pack.h"
// CHECK-NEXT: #include "api/compute/reconfig_data_format.h"
// CHECK-NEXT: #include "api/compute/reg_api.h"
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[S:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup([[A]], [[B]], [[S]]);
// CHECK-DAG: uint32_t [[X:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(4);
// CHECK-NOT: reconfig
// CHECK: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[A]], [[B]]);
// CHECK: add_tiles([[A]], [[B]], 0, 0, 0);
// CHECK: pack_tile(0, [[S]]);
// CHECK-NOT: reconfig
// CHECK: cb_reserve_back([[O]], 1);
// CHECK-NEXT: reconfig_data_format_srca([[X]]);
// CHECK-NEXT: pack_reconfig_data_format([[O]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: copy_init([[X]]);
// CHECK-NEXT: copy_tile([[X]], 0, 0);
// CHECK-NEXT: exp_tile_init();
// CHECK-NEXT: exp_tile(0);
// CHECK-NOT: reconfig
// CHECK: pack_tile(0, [[O]]);
// CHECK-NOT: reconfig
// CHECK: }
func.func @add_then_exp() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.df:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %s = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %o = ttl.create_dfb {physical_index = 4 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %rs = ttl.reserve %s : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %sum = ttl.add %wa, %wb : !ttl.block<1x1xbf16>
  ttl.store %sum, %rs : !ttl.block<1x1xbf16>
  ttl.push %rs : !ttl.block<1x1xbf16>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  %wx = ttl.wait %x : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %ro = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %e = ttl.exp %wx : !ttl.block<1x1xf32>
  ttl.store %e, %ro : !ttl.block<1x1xf32>
  ttl.push %ro : !ttl.block<1x1xf32>
  ttl.pop %wx : !ttl.block<1x1xf32>
  return
}
