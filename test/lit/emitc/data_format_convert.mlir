// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Stores that pack into a DFB of the other element type (bf16 math -> f32 DFB). The sources
// keep the formats of the DFBs read; only the packer takes the destination DFB's format.

// A bf16 add stored into an f32 DFB, the kernel's only math: the startup's out CB is the f32
// DFB, so the packer is configured for f32 from the start and no reconfiguration is emitted.
// CHECK-LABEL: // ===== kernel add_into_f32 =====
// CHECK-NOT: reconfig
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup([[A]], [[B]], [[O]]);
// CHECK-NOT: reconfig
// CHECK: add_tiles([[A]], [[B]], 0, 0, 0);
// CHECK: pack_tile(0, [[O]]);
// CHECK-NOT: reconfig
// CHECK: return;
func.func @add_into_f32() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cv:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %ro = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %s = ttl.add %wa, %wb : !ttl.block<1x1xbf16>
  ttl.store %s, %ro : !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  ttl.push %ro : !ttl.block<1x1xf32>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  return
}

// A bf16 add packed to bf16, then the same add packed into f32: the sources are unchanged,
// only the packer moves to f32.
// CHECK-LABEL: // ===== kernel add_then_add_into_f32 =====
// CHECK: #include "api/compute/reconfig_data_format.h"
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[H:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup([[A]], [[B]], [[H]]);
// CHECK-DAG: uint32_t [[F:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-NOT: reconfig
// CHECK: pack_tile(0, [[H]]);
// CHECK-NOT: reconfig_data_format
// CHECK: cb_reserve_back([[F]], 1);
// CHECK-NEXT: pack_reconfig_data_format([[F]]);
// CHECK-NEXT: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[A]], [[B]]);
// CHECK: add_tiles([[A]], [[B]], 0, 0, 0);
// CHECK: pack_tile(0, [[F]]);
// CHECK-NOT: reconfig
// CHECK: return;
func.func @add_then_add_into_f32() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cv:01">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %h = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %f = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %s = ttl.add %wa, %wb : !ttl.block<1x1xbf16>
  %rh = ttl.reserve %h : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.store %s, %rh : !ttl.block<1x1xbf16>
  ttl.push %rh : !ttl.block<1x1xbf16>
  %rf = ttl.reserve %f : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  ttl.store %s, %rf : !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  ttl.push %rf : !ttl.block<1x1xf32>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  return
}

// A bf16 matmul packed into f32 (its result type f32): accumulated in the destination
// registers, packed as f32 by the startup's packer configuration.
// CHECK-LABEL: // ===== kernel matmul_into_f32 =====
// CHECK-NOT: reconfig
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A]], [[B]], [[O]]);
// CHECK-NOT: reconfig
// CHECK: matmul_init([[A]], [[B]]);
// CHECK: matmul_tiles([[A]], [[B]], 0, 0, 0);
// CHECK: pack_tile(0, [[O]]);
// CHECK-NOT: reconfig
// CHECK: return;
func.func @matmul_into_f32() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cv:02">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %ro = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %p = ttl.matmul %wa, %wb : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  ttl.store %p, %ro : !ttl.block<1x1xf32>
  ttl.push %ro : !ttl.block<1x1xf32>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  return
}

// A bf16 add packed to bf16, then a bf16 matmul whose bf16 product is stored into f32: the
// matmul's sources stay bf16 (no unpacker call), the packer moves to f32.
// CHECK-LABEL: // ===== kernel add_then_matmul_into_f32 =====
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[H:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: compute_kernel_hw_startup([[A]], [[B]], [[H]]);
// CHECK-DAG: uint32_t [[F:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-NOT: reconfig_data_format
// CHECK: cb_reserve_back([[F]], 1);
// CHECK-NEXT: pack_reconfig_data_format([[F]]);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK: matmul_tiles([[A]], [[B]], 0, 0, 0);
// CHECK: pack_tile(0, [[F]]);
// CHECK-NOT: reconfig
// CHECK: return;
func.func @add_then_matmul_into_f32() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cv:03">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %h = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %f = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %rh = ttl.reserve %h : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %s = ttl.add %wa, %wb : !ttl.block<1x1xbf16>
  ttl.store %s, %rh : !ttl.block<1x1xbf16>
  ttl.push %rh : !ttl.block<1x1xbf16>
  %rf = ttl.reserve %f : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %p = ttl.matmul %wa, %wb : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %p, %rf : !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  ttl.push %rf : !ttl.block<1x1xf32>
  ttl.pop %wa : !ttl.block<1x1xbf16>
  ttl.pop %wb : !ttl.block<1x1xbf16>
  return
}
