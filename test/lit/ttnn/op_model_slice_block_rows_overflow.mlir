// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A tiled slice that takes ttnn 0.81.1's row-major path into block shards whose grid cannot hold
// the input's rows: ttnn untilizes the input into block shards it derives and runs some such
// slices (3x888x672 f32 [0:3, 39:312] into 6x7 shards of 160x96, both mock devices: fresh draw
// seed 831073443, where the model had said TT_FATAL) and fails others (248x704 into 1x8 block
// shards of 96x96): not modelled, stepped slices too (412x256 [224:412:3] into 2x8 block shards of
// 32x32 runs: fresh draw seed 116907905). Width shards that cannot hold the rows fail.

#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, f32, grid = 6x7, shard = 160x96>
#bs1 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x8, shard = 96x96>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x5, shard = 96x64>
#bs32 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x8, shard = 32x32>

// CHECK-LABEL: op constraints of @block_rows_overflow
func.func @block_rows_overflow(%a: tensor<3x888x672xf32, #l1_f32>, %b: tensor<248x704xbf16, #l1>, %c: tensor<300x300xbf16, #l1>, %d: tensor<412x256xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}(a stepped slice into block shards of rows the grid cannot hold) is not modelled
  %s = ttnn.slice %d {begins = array<i64: 224, 0>, ends = array<i64: 412, 256>, step = array<i64: 3, 1>} : tensor<412x256xbf16, #l1> -> tensor<63x256xbf16, #bs32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}(block shards of rows the grid cannot hold) is not modelled
  %0 = ttnn.slice %a {begins = array<i64: 0, 39, 0>, ends = array<i64: 3, 312, 672>, step = array<i64: 1, 1, 1>} : tensor<3x888x672xf32, #l1_f32> -> tensor<3x273x672xf32, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}(block shards of rows the grid cannot hold) is not modelled
  %1 = ttnn.slice %b {begins = array<i64: 10, 0>, ends = array<i64: 106, 704>, step = array<i64: 1, 1>} : tensor<248x704xbf16, #l1> -> tensor<96x704xbf16, #bs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: {{.*}}(rows the grid cannot hold), which cannot hold it (TT_FATAL)
  %2 = ttnn.slice %c {begins = array<i64: 0, 5>, ends = array<i64: 96, 30>, step = array<i64: 1, 1>} : tensor<300x300xbf16, #l1> -> tensor<96x25xbf16, #ws>
  return
}
