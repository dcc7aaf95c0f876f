// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.conv2d through the halo of a height-sharded row-major L1 input whose
// shard width misses ttnn's channel alignment (4 and 20 channels): resharded
// from L1 like an L1 interleaved input (channels padded to 8, ttnn's own
// distribution), without the interleaved reshard's scratchpad. Measured on
// both mock devices (a fresh draw's not_implemented, seed 400372949 conv2d
// #30): the L1 interleaved input's figures.

#w = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @four_channels
func.func @four_channels(%x: tensor<1x1x50176x4xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x8, shard = 896x4>>, %wt: tensor<96x4x3x3xbf16, #w>, %b: tensor<1x1x1x96xbf16, #w>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=41024 l1=61104 total=102128 out=43008
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=28736 l1=39600 total=68336 out=24576
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 4 : i64, out_channels = 96 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, activation = "relu"} : tensor<1x1x50176x4xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x8, shard = 896x4>>, tensor<96x4x3x3xbf16, #w>, tensor<1x1x1x96xbf16, #w> -> tensor<1x1x12544x96xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 224x96>>
  return
}

// CHECK-LABEL: op constraints of @twenty_channels
func.func @twenty_channels(%x: tensor<1x1x3136x20xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 64x20>>, %wt: tensor<64x20x3x3xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=41024 l1=17040 total=58064 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=28736 l1=11408 total=40144 out=4096
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 20 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x20xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 64x20>>, tensor<64x20x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
