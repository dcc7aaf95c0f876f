// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// One ReduceDeviceOperation (W, H, or both) writes a sharded output
// in the shards ttnn 0.81.1 derives for its result
// (build_reduce_output_tensor_spec: the grid's share of the padded 2-D
// result in whole tiles), whatever shard the memory config asks for: too
// small, too large, or the input's own. Figures: mock Wormhole measurements.

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs_small = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 64x32>
#hs_large = #ttnn.layout<l1, height_sharded, bf16, grid = 4x2, shard = 256x512>
#ws_small = #ttnn.layout<l1, width_sharded, bf16, grid = 1x3, shard = 32x64>
#ws_in = #ttnn.layout<l1, width_sharded, bf16, grid = 1x8, shard = 256x64>
#bs_in = #ttnn.layout<l1, block_sharded, bf16, grid = 4x4, shard = 64x128>
#hs_hw = #ttnn.layout<l1, height_sharded, bf16, grid = 2x2, shard = 64x32>

// CHECK-LABEL: op constraints of @derived_shards
func.func @derived_shards(%a: tensor<256x512xbf16, #dram>, %w: tensor<256x512xbf16, #ws_in>, %b: tensor<256x512xbf16, #bs_in>) {
  // 2 cores of 128 rows, not 64.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=8192 total=30720 out=8192
  %0 = ttnn.sum %a {dim_arg = array<i64: -1>, keep_dim = true} : tensor<256x512xbf16, #dram> -> tensor<256x1xbf16, #hs_small>
  // 8 cores of 32 rows, not 256 x 512.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=2048 total=24576 out=2048
  %1 = ttnn.sum %a {dim_arg = array<i64: -1>, keep_dim = true} : tensor<256x512xbf16, #dram> -> tensor<256x1xbf16, #hs_large>
  // 3 cores of 192 columns, not 64.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=10240 l1=12288 total=22528 out=12288
  %2 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = true} : tensor<256x512xbf16, #dram> -> tensor<1x512xbf16, #ws_small>
  // The input's memory config: shards of 32 x 64, the sharded H program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=6144 l1=4096 total=10240 out=4096
  %3 = ttnn.max %w {dim_arg = array<i64: -2>, keep_dim = true} : tensor<256x512xbf16, #ws_in> -> tensor<1x512xbf16, #ws_in>
  // The input's block shards: 64 x 32 on the 4 x 4 grid.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=22528 l1=4096 total=26624 out=4096
  %4 = ttnn.mean %b {dim_arg = array<i64: -1>, keep_dim = true} : tensor<256x512xbf16, #bs_in> -> tensor<256x1xbf16, #bs_in>
  // H and W in one operation: its f32 W result in 4 shards of 64 rows, then
  // the 32 x 32 result's.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=26624 l1=10240 total=36864 out=2048
  %5 = ttnn.sum %a {dim_arg = array<i64: -2, -1>, keep_dim = true} : tensor<256x512xbf16, #dram> -> tensor<1x1xbf16, #hs_hw>
  return
}
