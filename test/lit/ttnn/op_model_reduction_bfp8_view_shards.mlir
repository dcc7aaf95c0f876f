// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction's own bfp8_b W result reshaped into width shards that do not span it: ttnn 0.81.1 runs it
// (mock devices: cb 12928, total 107200 Wormhole / 105152 Blackhole; stress draw seed 957730353
// reduction #36), unlike a user's bfp8_b reshape out of shards, so it is not_implemented, not rejected;
// a rank-1 result (356 into 32x128 block shards, #13) is the measured TT_FATAL.

// CHECK-LABEL: op constraints of @max_w_into_width_shards
func.func @max_w_into_width_shards(%a: tensor<1x3x800x320xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: not_implemented: ttnn.reshape: a composite's bfp8_b result viewed into shards not spanning it
  %0 = ttnn.max %a {dim_arg = array<i64: 3>, keep_dim = false} : tensor<1x3x800x320xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<1x3x800xbf16, #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x2, shard = 32x416>>
  return
}

// CHECK-LABEL: op constraints of @min_rank1_into_block_shards
func.func @min_rank1_into_block_shards(%a: tensor<356x156xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 6x3, shard = 64x64>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: backend_error: ttnn.reshape: ttnn 0.81.1 views the rank-1 result of 356
  %0 = ttnn.min %a {dim_arg = array<i64: 1>, keep_dim = false} : tensor<356x156xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 6x3, shard = 64x64>> -> tensor<356xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 6x3, shard = 64x64>>
  return
}
