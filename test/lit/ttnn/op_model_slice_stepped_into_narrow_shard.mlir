// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A stepped slice of a padded tiled tensor into a shard its input overflows: ttnn 0.81.1
// untilizes the input into a width shard it derives (544x704 f32), 1.8 MB, which the mock devices'
// graph capture allocates (cb=180224 l1=1810432 total=1851392 out=139264 on both; fresh draw seed
// 158509197) and hardware cannot: the model answers out_of_memory with ttnn's total.

#l1 = #ttnn.layout<l1, interleaved, f32>
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 544x64>

// CHECK-LABEL: op constraints of @stepped
func.func @stepped(%a: tensor<544x695xf32, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: out_of_memory: ttnn.slice: needs 1851392 B of L1 per core
  %0 = ttnn.slice %a {begins = array<i64: 0, 128>, ends = array<i64: 544, 320>, step = array<i64: 1, 3>} : tensor<544x695xf32, #l1> -> tensor<544x64xf32, #ws>
  return
}

// Height shards narrower than the padded input's rows: its untilize into the derived height shards
// (256x416) fails (shard_grid_fit_error; 698x832 into 3x1 height shards of 64x416, fresh draw seed
// 163124319, both devices).
#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 3x1, shard = 64x416>

// CHECK-LABEL: op constraints of @stepped_rows_overflow
func.func @stepped_rows_overflow(%a: tensor<698x832xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.to_layout: the output layout {{.*}}grid 3x1, shard 256x416{{.*}} does not shard a 698x832 tensor
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 698, 832>, step = array<i64: 4, 2>} : tensor<698x832xbf16, #dram> -> tensor<175x416xbf16, #hs>
  return
}
