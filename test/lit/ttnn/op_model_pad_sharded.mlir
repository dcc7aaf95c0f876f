// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.pad of sharded tile-aligned tensors: ttnn 0.81.1 runs its pad program
// as for interleaved ones (one 2-page CB, the pad value's tile in a
// scratchpad), the result placed as asked. Figures: the calibration
// harness's mock-device ones (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#hs160 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x160>
#hs_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 64x128>
#hs160_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 64x160>

// CHECK-LABEL: op constraints of @pad
func.func @pad(%x: tensor<4096x128xbf16, #hs>, %q: tensor<4096x128xbf16, #hs_b>) {
  // A tile column more a shard: 2 pages of 2048 B, a 2048 B scratchpad.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=4096 l1=20480 total=26624 out=20480 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x160>]
  %0 = ttnn.pad %x {padding = array<i64: 0, 0, 0, 32>} : tensor<4096x128xbf16, #hs> -> tensor<4096x160xbf16, #hs160>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=4096 l1=0 total=6144 out=0
  %1 = ttnn.pad %x {padding = array<i64: 0, 64, 0, 0>} : tensor<4096x128xbf16, #hs> -> tensor<4160x128xbf16, #dram>
  // bfp8_b runs in bf16 between typecasts, sharded as the input and the output: the bf16 input
  // (16384 B), the bf16 result (20480 B) and the bfp8_b result (10880 B) live at the last typecast.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=6272 l1=47744 total=54016 out=10880
  %2 = ttnn.pad %q {padding = array<i64: 0, 0, 0, 32>} : tensor<4096x128xbf16, #hs_b> -> tensor<4096x160xbf16, #hs160_b>
  return
}
