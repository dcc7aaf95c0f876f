// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.repeat of a sharded tiled rank-1 tensor: repeat_native's sharded program takes rank >= 2 whole tiles
// only (is_native_repeat_sharding), so ttnn 0.81.1 moves the input to L1 interleaved first
// (to_memory_config), then untilizes, repeats the rows and tilizes back (measured on both mock devices).

// CHECK-LABEL: op constraints of @rank1_shards
func.func @rank1_shards(%hs: tensor<688xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x704>>, %ws: tensor<480xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 2x4, shard = 32x64>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=90112 l1=9600 total=96992 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=90112 l1=7552 total=96992 out=2048
  %0 = ttnn.repeat %hs {repeats = array<i64: 4>} : tensor<688xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x704>> -> tensor<2752xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=61440 l1=5888 total=66240 out=2048
  %1 = ttnn.repeat %ws {repeats = array<i64: 4>} : tensor<480xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 2x4, shard = 32x64>> -> tensor<1920xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}
