// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction of row-major shards of partial-tile height: ttnn 0.81.1 tilizes width shards of
// whole-tile width with padding (tilize_with_val_padding into 256x64 shards for 253 rows) and runs;
// block shards of the same shard fail (shard_align_error). Measured on both mock devices; fresh
// draw seed 270637499 reduction #39 was a wrong rejection. The padded tilize is not modelled.

#ws = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x2, shard = 253x64>
#bs = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x2, shard = 253x64>
#l1 = #ttnn.layout<l1, interleaved, f32>
// CHECK-LABEL: op constraints of @partial_tile_height
func.func @partial_tile_height(%a: tensor<253x128xf32, #ws>, %b: tensor<253x128xf32, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: not_implemented: {{.*}}row-major width shards of partial-tile height
  %0 = ttnn.max %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<253x128xf32, #ws> -> tensor<253x1xf32, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: {{.*}}are not whole tiles
  %1 = ttnn.max %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<253x128xf32, #bs> -> tensor<253x1xf32, #l1>
  return
}
