// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a tiled DRAM input under width sharding: the reshard holds
// tiles, so every core's input shard is the 196 sticks in whole tile rows
// (224), then the halo and the width-sharded conv program. Measured on both
// mock devices (the same figures): 14x14x256 3x3 (a recorded difference of
// 176 B before) and 14x14x240 5x5 stride 2 (a fresh draw's not_implemented,
// seed 400372949 conv2d #5); an unpadded one runs the halo too, where a
// row-major input bypasses it (7x7x512 1x1 with bfp8_b weights, seed
// 148409860 conv2d #12).

#t = #ttnn.layout<dram, interleaved, bf16>
#wb = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @three
func.func @three(%x: tensor<1x1x196x256xbf16, #t>, %wt: tensor<256x256x3x3xbf16, #t>, %b: tensor<1x1x1x256xbf16, #t>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=319296 l1=30960 total=346240 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #t>, tensor<256x256x3x3xbf16, #t>, tensor<1x1x1x256xbf16, #t> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 224x32>>
  return
}

// CHECK-LABEL: op constraints of @five
func.func @five(%x: tensor<1x1x196x240xbf16, #t>, %wt: tensor<40x240x5x5xbf16, #t>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=362304 l1=34096 total=382112 out=0
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 240 : i64, out_channels = 40 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 2, 2>, padding = array<i64: 2, 2>, activation = "relu", shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x240xbf16, #t>, tensor<40x240x5x5xbf16, #t> -> tensor<1x1x49x40xbf16, #t>
  return
}

// CHECK-LABEL: op constraints of @unpadded
func.func @unpadded(%x: tensor<1x1x49x512xbf16, #t>, %wt: tensor<2048x512x1x1xbf16, #wb>, %b: tensor<1x1x1x2048xbf16, #wb>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=17792 l1=7296 total=21776 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 2048 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x49x512xbf16, #t>, tensor<2048x512x1x1xbf16, #wb>, tensor<1x1x1x2048xbf16, #wb> -> tensor<1x1x49x2048xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x32>>
  return
}
