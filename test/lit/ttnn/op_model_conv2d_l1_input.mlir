// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a row-major L1 input through the halo and conv programs:
// ttnn 0.81.1 answers the same CB, L1 and overall peaks as for the DRAM
// input (the input exists before the op), but keeps the result in L1,
// sharded by the conv config's scheme on the program's grid, where a DRAM
// input's result is copied to DRAM. Figures: the calibration harness's
// mock-device ones (Wormhole). The 1x1 matmul paths measured the same from
// either input.

#rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>
#dram = #ttnn.layout<dram, interleaved, bf16>
// CHECK-LABEL: op constraints of @f
func.func @f(%x: tensor<1x1x3136x64xbf16, #rm>, %w: tensor<64x64x3x3xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>, %y: tensor<1x1x196x256xbf16, #rm>, %w2: tensor<256x256x3x3xbf16, #w>, %b2: tensor<1x1x1x256xbf16, #w>, %w3: tensor<256x256x1x1xbf16, #w>) {
  // Height: 49 cores of 64 output pixels (7 x 8), 64 channels.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31872 total=109648 out=8192 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 7x8, shard = 64x64>] runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.conv2d %x, %w bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x3136x64xbf16, #hs>
  // Block: 7 rows of cores by the output's 8 columns, 32 x 32 a core.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20544 l1=6784 total=27232 out=2048 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 7x8, shard = 32x32>]
  %1 = ttnn.conv2d %y, %w2 bias %b2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #bs>
  // Width: all 224 padded sticks on the output's 8 cores, a tile of channels each.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=315456 l1=30784 total=346240 out=14336 layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 1x8, shard = 224x32>]
  %2 = ttnn.conv2d %y, %w2 bias %b2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #ws>
  // Width, 1x1: the conv reads the reshard itself (no halo).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36928 l1=26896 total=63824 out=14336 layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 1x8, shard = 224x32>]
  %3 = ttnn.conv2d %y, %w3 bias %b2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #ws>
  // A DRAM result (shard_layout): ttnn copies it out, every L1 buffer an intermediate.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31872 total=109648 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %4 = ttnn.conv2d %x, %w bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x3136x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x3136x64xbf16, #dram>
  return
}

// The block-sharded 1x1 matmul (stage 2's expand conv, 28x28, 128 -> 512):
// the same figures and 7x4 grid as from DRAM; with `shard_layout` and a
// DRAM result the L1 buffers are intermediates and `out` is 0.
// CHECK-LABEL: op constraints of @block_matmul
func.func @block_matmul(%x: tensor<1x1x784x128xbf16, #rm>, %w: tensor<512x128x1x1xbf16, #w>, %b: tensor<1x1x1x512xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=40960 l1=40960 total=81920 out=32768 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 7x4, shard = 128x128>]
  %0 = ttnn.conv2d %x, %w bias %b {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x784x128xbf16, #rm>, tensor<512x128x1x1xbf16, #w>, tensor<1x1x1x512xbf16, #w> -> tensor<1x1x784x512xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=40960 l1=40960 total=81920 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %1 = ttnn.conv2d %x, %w bias %b {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x784x128xbf16, #rm>, tensor<512x128x1x1xbf16, #w>, tensor<1x1x1x512xbf16, #w> -> tensor<1x1x784x512xbf16, #dram>
  return
}
