// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.softmax of sharded tensors: ttnn 0.81.1 runs its interleaved program
// on whole rows, with the same CBs as for interleaved operands
// (`Wt' in + (Wt' + 2) intermediate + 2 block out + 5` tiles), whatever the
// sharding of either side; the output is placed as asked. Figures: the
// calibration harness's mock-device ones (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#hs_f32 = #ttnn.layout<l1, height_sharded, f32, grid = 8x8, shard = 64x128>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x128>
#hs6 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x192>

// CHECK-LABEL: op constraints of @softmax
func.func @softmax(%h: tensor<4096x128xbf16, #hs>, %f: tensor<4096x128xf32, #hs_f32>, %b: tensor<256x1024xbf16, #bs>, %s: tensor<2048x192xbf16, #hs6>) {
  // Wt = 4: 4 + 6 + 8 + 5 = 23 tiles; the output is the 64x128 shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=47104 l1=16384 total=63488 out=16384 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>]
  %0 = ttnn.softmax %h {dimension = -1 : si32} : tensor<4096x128xbf16, #hs> -> tensor<4096x128xbf16, #hs>
  // f32: the input, intermediates and output in 4096-byte tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=83968 l1=32768 total=116736 out=32768
  %1 = ttnn.softmax %f {dimension = -1 : si32} : tensor<4096x128xf32, #hs_f32> -> tensor<4096x128xf32, #hs_f32>
  // Block shards of 4 tiles still run whole rows: Wt = 32, 79 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=161792 l1=0 total=161792 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %2 = ttnn.softmax %b {dimension = -1 : si32} : tensor<256x1024xbf16, #bs> -> tensor<256x1024xbf16, #dram>
  // Wt = 6: blocks of 3, unpadded: 6 + 8 + 6 + 5 = 25 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=51200 l1=12288 total=63488 out=12288
  %3 = ttnn.softmax %s {dimension = -1 : si32} : tensor<2048x192xbf16, #hs6> -> tensor<2048x192xbf16, #hs6>
  return
}
