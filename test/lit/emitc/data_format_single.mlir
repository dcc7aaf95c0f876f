// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A compute kernel whose math all reads and packs one element type (here f32, several steps:
// a matmul, an FPU add and an SFPU exp) keeps the startup's formats: no reconfiguration call
// and no reconfig_data_format.h include.

// CHECK-LABEL: // ===== kernel one_format =====
// CHECK-NOT: reconfig
// CHECK: matmul_tiles
// CHECK-NOT: reconfig
// CHECK: add_tiles
// CHECK-NOT: reconfig
// CHECK: exp_tile(0);
// CHECK-NOT: reconfig
// CHECK: return;
func.func @one_format() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.one:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xf32, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xf32, 2>
  %m = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xf32, 2>
  %o = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %e = ttl.create_dfb {physical_index = 4 : i32} : !ttl.dfb<1x1xf32, 2>
  %wa = ttl.wait %a : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %wb = ttl.wait %b : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %rm = ttl.reserve %m : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %p = ttl.matmul %wa, %wb : !ttl.block<1x1xf32>, !ttl.block<1x1xf32> -> !ttl.block<1x1xf32>
  ttl.store %p, %rm : !ttl.block<1x1xf32>
  ttl.push %rm : !ttl.block<1x1xf32>
  %ro = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %s = ttl.add %wa, %wb : !ttl.block<1x1xf32>
  ttl.store %s, %ro : !ttl.block<1x1xf32>
  ttl.push %ro : !ttl.block<1x1xf32>
  %re = ttl.reserve %e : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %x = ttl.exp %wa : !ttl.block<1x1xf32>
  ttl.store %x, %re : !ttl.block<1x1xf32>
  ttl.push %re : !ttl.block<1x1xf32>
  ttl.pop %wa : !ttl.block<1x1xf32>
  ttl.pop %wb : !ttl.block<1x1xf32>
  return
}
