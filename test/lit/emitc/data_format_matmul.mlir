// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Matmul mixed with math of another element type in one compute kernel. A matmul unpacks in0
// into SrcB and in1 into SrcA, so its reconfiguration of both sources is
// `reconfig_data_format<SrcOrder::Reverse>(in0, in1)`. (A matmul packed into a DFB of the other
// element type is in data_format_convert.mlir.)

// bf16 matmul (configured by the startup), then an f32 FPU add: both sources and the packer
// move to f32 before the add's init.
// CHECK-LABEL: // ===== kernel matmul_then_add =====
// CHECK: #include "api/compute/reconfig_data_format.h"
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[M:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A]], [[B]], [[M]]);
// CHECK-DAG: uint32_t [[X:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-DAG: uint32_t [[Y:v[0-9]+]] = get_compile_time_arg_val(4);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(5);
// CHECK-NOT: reconfig
// CHECK: matmul_init([[A]], [[B]]);
// CHECK: matmul_tiles([[A]], [[B]], 0, 0, 0);
// CHECK-NOT: reconfig
// CHECK: cb_reserve_back([[O]], 1);
// CHECK-NEXT: reconfig_data_format([[X]], [[Y]]);
// CHECK-NEXT: pack_reconfig_data_format([[O]]);
// CHECK-NEXT: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[X]], [[Y]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: add_tiles([[X]], [[Y]], 0, 0, 0);
func.func @matmul_then_add() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.mm:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %m = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %y = ttl.create_dfb {physical_index = 4 : i32} : !ttl.dfb<1x1xf32, 2>
  %o = ttl.create_dfb {physical_index = 5 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %rm = ttl.reserve %m : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %p = ttl.matmul %wa, %wb : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %p, %rm : !ttl.block<1x1xbf16>
  ttl.push %rm : !ttl.block<1x1xbf16>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  %wx = ttl.wait %x : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %wy = ttl.wait %y : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %ro = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %s = ttl.add %wx, %wy : !ttl.block<1x1xf32>
  ttl.store %s, %ro : !ttl.block<1x1xf32>
  ttl.push %ro : !ttl.block<1x1xf32>
  ttl.pop %wx : !ttl.block<1x1xf32>
  ttl.pop %wy : !ttl.block<1x1xf32>
  return
}

// An f32 exp, then a bf16 matmul packed to bf16: the startup set both sources to f32 for
// the exp, so both are reprogrammed, in reverse order, and so is the packer.
// CHECK-LABEL: // ===== kernel exp_then_matmul =====
// CHECK-DAG: uint32_t [[X:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[E:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK: compute_kernel_hw_startup([[X]], [[X]], [[E]]);
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-DAG: uint32_t [[M:v[0-9]+]] = get_compile_time_arg_val(4);
// CHECK-NOT: reconfig
// CHECK: exp_tile(0);
// CHECK-NOT: reconfig
// CHECK: cb_reserve_back([[M]], 1);
// CHECK-NEXT: reconfig_data_format<SrcOrder::Reverse>([[A]], [[B]]);
// CHECK-NEXT: pack_reconfig_data_format([[M]]);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: matmul_tiles([[A]], [[B]], 0, 0, 0);
func.func @exp_then_matmul() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.em:00">} {
  %x = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xf32, 2>
  %e = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xf32, 2>
  %a = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xbf16, 2>
  %m = ttl.create_dfb {physical_index = 4 : i32} : !ttl.dfb<1x1xbf16, 2>
  %wx = ttl.wait %x : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %re = ttl.reserve %e : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %ex = ttl.exp %wx : !ttl.block<1x1xf32>
  ttl.store %ex, %re : !ttl.block<1x1xf32>
  ttl.push %re : !ttl.block<1x1xf32>
  ttl.pop %wx : !ttl.block<1x1xf32>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %rm = ttl.reserve %m : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %p = ttl.matmul %wa, %wb : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %p, %rm : !ttl.block<1x1xbf16>
  ttl.push %rm : !ttl.block<1x1xbf16>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  return
}
