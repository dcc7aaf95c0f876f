// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// More SFPU math of ttnn 0.81.1's compute API: gelu (exact form: gelu_tile<false>, whose
// default is the LUT approximation), silu, square, exp2 and power_tile (compute_kernel_api.h;
// power_tile takes the f32 bits of the exponent), binary_max_tile / binary_min_tile
// (binary_max_min.h), the comparisons <op>_binary_tile (eltwise_binary_sfpu.h: 1.0 / 0.0) and
// where_tile<format> (eltwise_unary/where.h), whose format is the DEST format of the kernel:
// Float16_b with 16-bit DEST, Float32 with fp32 DEST accumulation.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
!d32 = !ttl.dfb<1x1xf32, 2>
!blk32 = !ttl.block<1x1xf32>

// CHECK-LABEL: // ===== kernel unary =====
// CHECK: #include "api/compute/compute_kernel_api.h"
// CHECK: #include "api/compute/eltwise_unary/gelu.h"
// CHECK: copy_tile({{v[0-9]+}}, 0, 0);
// CHECK-NEXT: gelu_tile_init<false>();
// CHECK-NEXT: gelu_tile<false>(0);
// CHECK-NEXT: silu_tile_init();
// CHECK-NEXT: silu_tile(0);
// CHECK-NEXT: square_tile_init();
// CHECK-NEXT: square_tile(0);
// CHECK-NEXT: exp2_tile_init();
// CHECK-NEXT: exp2_tile(0);
// CHECK-NEXT: power_tile_init();
// CHECK-NEXT: power_tile(0, 0x40400000u);
// CHECK-NEXT: power_tile_init();
// CHECK-NEXT: power_tile(0, 0x3f000000u);
// CHECK-NEXT: tile_regs_commit();
func.func @unary() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.unary:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %0 = ttl.gelu %x : !blk
  %1 = ttl.silu %0 : !blk
  %2 = ttl.square %1 : !blk
  %3 = ttl.exp2 %2 : !blk
  %4 = ttl.pow_scalar %3, 3.0 : !blk
  %5 = ttl.pow_scalar %4, 0.5 : !blk
  ttl.store %5, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}

// where(a < b, max(a, b), min(a, b) == b): three operand registers, the condition's is the
// result; each comparison and extremum works in place in its first operand's register.
// CHECK-LABEL: // ===== kernel select =====
// CHECK: #include "api/compute/binary_max_min.h"
// CHECK: #include "api/compute/eltwise_binary_sfpu.h"
// CHECK: #include "api/compute/eltwise_unary/where.h"
// CHECK: copy_tile([[A:v[0-9]+]], 0, 0);
// CHECK: copy_tile([[B:v[0-9]+]], 0, 1);
// CHECK-NEXT: lt_binary_tile_init();
// CHECK-NEXT: lt_binary_tile(0, 1, 0);
// CHECK: copy_tile([[A]], 0, 1);
// CHECK: copy_tile([[B]], 0, 2);
// CHECK-NEXT: binary_max_tile_init();
// CHECK-NEXT: binary_max_tile(1, 2, 1);
// CHECK: copy_tile([[A]], 0, 2);
// CHECK: copy_tile([[B]], 0, 3);
// CHECK-NEXT: binary_min_tile_init();
// CHECK-NEXT: binary_min_tile(2, 3, 2);
// CHECK: copy_tile([[B]], 0, 3);
// CHECK-NEXT: eq_binary_tile_init();
// CHECK-NEXT: eq_binary_tile(2, 3, 2);
// CHECK-NEXT: where_tile_init();
// CHECK-NEXT: where_tile<DataFormat::Float16_b>(0, 1, 2, 0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, {{v[0-9]+}});
func.func @select() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.select:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.create_dfb {physical_index = 1 : i32} : !d
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %y = ttl.wait %b : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %lt = ttl.lt %x, %y : !blk
  %mx = ttl.max %x, %y : !blk
  %mn = ttl.min %x, %y : !blk
  %eq = ttl.eq %mn, %y : !blk
  %w = ttl.where %lt, %mx, %eq : !blk
  ttl.store %w, %r : !blk
  ttl.push %r : !blk
  ttl.pop %y : !blk
  ttl.pop %x : !blk
  return
}

// The other comparisons, and where in a kernel with fp32 DEST (an f32 DFB): Float32.
// CHECK-LABEL: // ===== kernel compare32 =====
// CHECK: ne_binary_tile_init();
// CHECK-NEXT: ne_binary_tile(0, 1, 0);
// CHECK: le_binary_tile_init();
// CHECK-NEXT: le_binary_tile(1, 2, 1);
// CHECK: gt_binary_tile_init();
// CHECK-NEXT: gt_binary_tile(2, 3, 2);
// CHECK: ge_binary_tile_init();
// CHECK-NEXT: ge_binary_tile(2, 3, 2);
// CHECK-NEXT: where_tile_init();
// CHECK-NEXT: where_tile<DataFormat::Float32>(0, 1, 2, 0);
func.func @compare32() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.compare32:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d32
  %b = ttl.create_dfb {physical_index = 1 : i32} : !d32
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d32
  %x = ttl.wait %a : !d32 -> !blk32
  %y = ttl.wait %b : !d32 -> !blk32
  %r = ttl.reserve %o : !d32 -> !blk32
  %ne = ttl.ne %x, %y : !blk32
  %le = ttl.le %x, %y : !blk32
  %gt = ttl.gt %x, %y : !blk32
  %ge = ttl.ge %gt, %y : !blk32
  %w = ttl.where %ne, %le, %ge : !blk32
  ttl.store %w, %r : !blk32
  ttl.push %r : !blk32
  ttl.pop %y : !blk32
  ttl.pop %x : !blk32
  return
}
