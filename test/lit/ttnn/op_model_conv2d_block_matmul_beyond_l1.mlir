// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d's block-sharded 1x1 matmul whose CBs and shards pass the usable L1 per core: ttnn 0.81.1
// runs it under graph capture on the mock Wormhole (1x52x52x496 -> 264, f32 weights: cb 987136,
// l1 563200, total 1550336; fresh draw seed 821435730 conv2d #16), where the model had answered
// out_of_memory; where it fails was not measured: not_implemented, never a rejection.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @beyond_usable_l1
func.func @beyond_usable_l1(%x: tensor<1x1x2704x496xbf16, #rm>, %wt: tensor<264x496x1x1xf32, #w>, %b: tensor<1x1x1x264xf32, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented: {{.*}}where ttnn's block-sharded matmul was not measured
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 52 : i64, input_width = 52 : i64, in_channels = 496 : i64, out_channels = 264 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x2704x496xbf16, #rm>, tensor<264x496x1x1xf32, #w>, tensor<1x1x1x264xf32, #w> -> tensor<1x1x2704x264xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 352x64>>
  return
}
