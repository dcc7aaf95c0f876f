// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A stepped slice of a tiled tensor into shards its input overflows: 544x695 f32 [0:544,
// 128:320:3] into one 544x64 width shard ran in ttnn 0.81.1 (cb=180224 l1=1810432
// total=1851392 out=139264, both mock devices; fresh draw seed 158509197), where the unit-step
// rule (TT_FATAL, measured) rejected it: not_implemented.

#l1 = #ttnn.layout<l1, interleaved, f32>
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 544x64>

// CHECK-LABEL: op constraints of @stepped
func.func @stepped(%a: tensor<544x695xf32, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}slices 544x695 through row-major data {{.*}}(a stepped slice into shards it overflows) is not modelled
  %0 = ttnn.slice %a {begins = array<i64: 0, 128>, ends = array<i64: 544, 320>, step = array<i64: 1, 3>} : tensor<544x695xf32, #l1> -> tensor<544x64xf32, #ws>
  return
}

// Shards that cannot hold the input's rows: TT_FATAL (shard_grid_fit_error; 1x672x768 f32 into
// 1x8 width shards of 224x32 and 698x832 into 3x1 height shards of 64x416, fresh draw seed
// 163124319, both devices).
#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 3x1, shard = 64x416>

// CHECK-LABEL: op constraints of @stepped_rows_overflow
func.func @stepped_rows_overflow(%a: tensor<698x832xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: {{.*}}(a stepped slice of rows the grid cannot hold)
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 698, 832>, step = array<i64: 4, 2>} : tensor<698x832xbf16, #dram> -> tensor<175x416xbf16, #hs>
  return
}
