// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d with a width-sharded conv config: ttnn 0.81.1's width-sharded
// conv program. Every core holds all the pixels and a share of the channel
// tiles (ResNet-50's stage-3 3x3 conv, 14x14, 256 -> 256: the 8 input tiles
// over 8 cores, the 8 output tiles over 8), so one act block covers the
// whole output (7 tile rows) by the whole kernel of the core's channels
// (9 tiles), read and tilized; a row-major act CB of two act-block widths;
// a weight block of 9 x 1 tiles and a bias tile (the weights' format); the
// 64 B scratch CB. The result is copied to DRAM. Up to 64 channel tiles fit
// either grid, so Wormhole and Blackhole answer the same.
// Figures: the calibration harness's mock-device ones.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#w8 = #ttnn.layout<dram, interleaved, bfp8_b>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @stage3
func.func @stage3(%x0: tensor<1x1x196x256xbf16, #rm>, %w0: tensor<256x256x3x3xbf16, #w>, %b0: tensor<1x1x1x256xbf16, #w>, %x1: tensor<1x1x196x256xbf16, #rm>, %w1: tensor<256x256x3x3xbf16, #w8>, %b1: tensor<1x1x1x256xbf16, #w8>, %x2: tensor<1x1x196x256xbf16, #rm>, %w2: tensor<256x256x3x3xbf16, #w>, %b2: tensor<1x1x1x256xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=315456 l1=30784 total=346240 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.conv2d %x0, %w0 bias %b0 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #ws>
  // bfp8_b weights and bias: 10 tiles of 1088 B for 10 of 2048 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=305856 l1=30784 total=336640 out=0
  %1 = ttnn.conv2d %x1, %w1 bias %b1 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w8>, tensor<1x1x1x256xbf16, #w8> -> tensor<1x1x196x256xbf16, #ws>
  // A DRAM result names the scheme (shard_layout): the same program, copied out.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=315456 l1=30784 total=346240 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %2 = ttnn.conv2d %x2, %w2 bias %b2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #w>
  return
}

// CHECK-LABEL: op constraints of @pointwise
func.func @pointwise(%x0: tensor<1x1x196x256xbf16, #rm>, %w0: tensor<256x256x1x1xbf16, #w>, %b0: tensor<1x1x1x256xbf16, #w>, %x1: tensor<1x1x196x256xbf16, #rm>, %w1: tensor<256x256x1x1xbf16, #w>, %b1: tensor<1x1x1x256xbf16, #w>, %x2: tensor<1x1x49x1024xbf16, #rm>, %w2: tensor<256x1024x1x1xbf16, #w>, %b2: tensor<1x1x1x256xbf16, #w>) {
  // A 1x1 stride-1 conv is no matmul under width sharding: the conv reads
  // the reshard itself (no halo; an 8 B contiguous reader-index tensor).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36928 l1=26896 total=63824 out=0
  %0 = ttnn.conv2d %x0, %w0 bias %b0 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #ws>
  // A fused relu costs nothing more.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36928 l1=26896 total=63824 out=0
  %1 = ttnn.conv2d %x1, %w1 bias %b1 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, activation = "relu"} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #ws>
  // 1024 -> 256 (stage 4's reduce): 32 input tiles over 32 cores, 8 output tiles over 8.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=16448 l1=7248 total=23696 out=0
  %2 = ttnn.conv2d %x2, %w2 bias %b2 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 1024 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x49x1024xbf16, #rm>, tensor<256x1024x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x49x256xbf16, #ws>
  return
}

// CHECK-LABEL: op constraints of @stage4
func.func @stage4(%x0: tensor<1x1x49x512xbf16, #rm>, %w0: tensor<512x512x3x3xbf16, #w>, %x1: tensor<1x1x49x512xbf16, #rm>, %w1: tensor<512x512x3x3xbf16, #w>, %b1: tensor<1x1x1x512xbf16, #w>, %x2: tensor<1x1x196x96xbf16, #rm>, %w2: tensor<160x96x3x3xbf16, #w>, %b2: tensor<1x1x1x160xbf16, #w>) {
  // No bias: no bias tile (stage 4's 3x3 conv, 7x7, 512 -> 512).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=129088 l1=9312 total=138400 out=0
  %0 = ttnn.conv2d %x0, %w0 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 512 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x49x512xbf16, #rm>, tensor<512x512x3x3xbf16, #w> -> tensor<1x1x49x512xbf16, #ws>
  // Stride 2: 16 output sticks in one tile row.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=94272 l1=8448 total=101536 out=0
  %1 = ttnn.conv2d %x1, %w1 bias %b1 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 512 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x49x512xbf16, #rm>, tensor<512x512x3x3xbf16, #w>, tensor<1x1x1x512xbf16, #w> -> tensor<1x1x16x512xbf16, #ws>
  // 96 -> 160: 3 input tiles over 3 cores and 5 output tiles over 5, the
  // same blocks a core as 256 -> 256.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=315456 l1=30784 total=346240 out=0
  %2 = ttnn.conv2d %x2, %w2 bias %b2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 96 : i64, out_channels = 160 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x96xbf16, #rm>, tensor<160x96x3x3xbf16, #w>, tensor<1x1x1x160xbf16, #w> -> tensor<1x1x196x160xbf16, #ws>
  return
}
