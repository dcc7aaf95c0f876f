// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A block matmul stored with fused math: `prev + a @ b` copies prev's tile into the product's
// DEST register before the product accumulates onto it (matmul_tiles adds into DEST), and the
// epilogue (`relu(... + bias)`) runs in place on the SFPU, the bias tile copied into one extra
// register after the group's. The fused matmul re-initializes in every group (copy_init and
// the SFPU inits run between its groups).

// relu(prev + a @ b + bias), 1x1 tiles.
// CHECK-LABEL: // ===== kernel prev_bias_relu =====
// CHECK: #include "api/compute/eltwise_binary_sfpu.h"
// CHECK: #include "api/compute/eltwise_unary/relu.h"
// CHECK: #include "api/compute/matmul.h"
// CHECK: #include "api/compute/tile_move_copy.h"
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[P:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-DAG: uint32_t [[C:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(4);
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A]], [[B]], [[O]]);
// CHECK-NOT: matmul_init
// CHECK: cb_reserve_back([[O]], 1);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: copy_init([[P]]);
// CHECK-NEXT: copy_tile([[P]], 0, 0);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK-NEXT: matmul_tiles([[A]], [[B]], 0, 0, 0);
// CHECK-NEXT: copy_init([[C]]);
// CHECK-NEXT: copy_tile([[C]], 0, 1);
// CHECK-NEXT: add_binary_tile_init();
// CHECK-NEXT: add_binary_tile(0, 1, 0);
// CHECK-NEXT: relu_tile_init();
// CHECK-NEXT: relu_tile(0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, [[O]]);
// CHECK-NEXT: tile_regs_release();
func.func @prev_bias_relu() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.fused:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %c = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 4 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %prev = ttl.wait %p : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %bias = ttl.wait %c : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  %s = ttl.add %prev, %m : !ttl.block<1x1xbf16>
  %t = ttl.add %s, %bias : !ttl.block<1x1xbf16>
  %u = ttl.relu %t : !ttl.block<1x1xbf16>
  ttl.store %u, %r : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  ttl.pop %bias : !ttl.block<1x1xbf16>
  ttl.pop %prev : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  return
}

// bias - 0.5 * (a @ b) on 2x2 output tiles: the scalar op in place, then the subtraction with
// the block on the left (bias in register 4, after the group's four).
// CHECK-LABEL: // ===== kernel scaled_rsub =====
// CHECK: tile_regs_acquire();
// CHECK-NEXT: matmul_init({{v[0-9]+}}, {{v[0-9]+}});
// CHECK: matmul_tiles(
// CHECK: binop_with_scalar_tile_init();
// CHECK-NEXT: mul_unary_tile([[R:[ij0-9v]+]], 0x3f000000u);
// CHECK-NEXT: copy_init([[C:v[0-9]+]]);
// CHECK-NEXT: copy_tile([[C]], {{[ijv0-9]+}}, 4);
// CHECK-NEXT: sub_binary_tile_init();
// CHECK-NEXT: sub_binary_tile(4, [[R]], [[R]]);
// CHECK: tile_regs_commit();
func.func @scaled_rsub() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.fused:01">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<2x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x2xbf16, 2>
  %c = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<2x2xbf16, 2>
  %o = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<2x2xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<2x1xbf16, 2> -> !ttl.block<2x1xbf16>
  %y = ttl.wait %b : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  %bias = ttl.wait %c : !ttl.dfb<2x2xbf16, 2> -> !ttl.block<2x2xbf16>
  %r = ttl.reserve %o : !ttl.dfb<2x2xbf16, 2> -> !ttl.block<2x2xbf16>
  %m = ttl.matmul %x, %y : !ttl.block<2x1xbf16>, !ttl.block<1x2xbf16> -> !ttl.block<2x2xbf16>
  %h = ttl.mul_scalar %m, 5.000000e-01 : !ttl.block<2x2xbf16>
  %s = ttl.sub %bias, %h : !ttl.block<2x2xbf16>
  ttl.store %s, %r : !ttl.block<2x2xbf16>
  ttl.push %r : !ttl.block<2x2xbf16>
  ttl.pop %bias : !ttl.block<2x2xbf16>
  ttl.pop %x : !ttl.block<2x1xbf16>
  ttl.pop %y : !ttl.block<1x2xbf16>
  return
}

// An f32 addend of a bf16 matmul (its product packed as f32): copy_tile unpacks through SrcA,
// which the matmul programs for its in1's bf16, so SrcA is reprogrammed for the f32 block
// around its copy and back for the matmul.
// CHECK-LABEL: // ===== kernel f32_addend =====
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[P:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK: tile_regs_acquire();
// CHECK-NEXT: reconfig_data_format_srca([[B]], [[P]]);
// CHECK-NEXT: copy_init([[P]]);
// CHECK-NEXT: copy_tile([[P]], 0, 0);
// CHECK-NEXT: reconfig_data_format_srca([[P]], [[B]]);
// CHECK-NEXT: matmul_init([[A]], [[B]]);
// CHECK-NEXT: matmul_tiles([[A]], [[B]], 0, 0, 0);
func.func @f32_addend() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.fused:02">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xf32, 2>
  %o = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %prev = ttl.wait %p : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %r = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  %s = ttl.add %prev, %m : !ttl.block<1x1xf32>
  ttl.store %s, %r : !ttl.block<1x1xf32>
  ttl.push %r : !ttl.block<1x1xf32>
  ttl.pop %prev : !ttl.block<1x1xf32>
  ttl.pop %x : !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  return
}
