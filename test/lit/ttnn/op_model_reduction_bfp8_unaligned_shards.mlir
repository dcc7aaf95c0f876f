// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// One W or H program of a bfp8_b input with tile padding into shards: the fill-pad through bf16
// copies, then the program into the shards ttnn derives (ttnn 0.81.1, both mock devices: sums,
// means, maxes and mins of 32x232 to 3x70x250, from interleaved and sharded inputs).

#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 32x256>
#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#bs_w = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 128x32>
#hs = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 4x1, shard = 32x32>

// CHECK-LABEL: op constraints of @bfp8_padded
func.func @bfp8_padded(%x: tensor<32x232xbf16, #bs>, %y: tensor<100x250xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=10240 l1=25088 total=35328 out=8704
  %0 = ttnn.max %x {dim_arg = array<i64: 0>, keep_dim = false} : tensor<32x232xbf16, #bs> -> tensor<232xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=12928 l1=4352 total=17280 out=4352
  %1 = ttnn.sum %y {dim_arg = array<i64: 1>, keep_dim = true} : tensor<100x250xbf16, #dram> -> tensor<100x1xbf16, #bs_w>
  // The negating W program of a min.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=12288 l1=1088 total=12288 out=1088
  %2 = ttnn.min %y {dim_arg = array<i64: 1>, keep_dim = true} : tensor<100x250xbf16, #dram> -> tensor<100x1xbf16, #hs>
  return
}
