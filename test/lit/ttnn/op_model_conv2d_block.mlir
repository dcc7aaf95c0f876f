// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d with a block-sharded conv config: ttnn 0.81.1's 1x1 stride-1
// path, a block-sharded 2-D multicast matmul. ResNet-50's stage-2 expand
// conv (28x28, 128 -> 512): 25 tile rows over 7 grid rows (Blackhole: 9) of 4
// tiles (3), the channels over 4 columns (the largest common divisor of 4 in
// and 16 out tiles); in0 blocks of 4 x 1 and in1 blocks of 1 x 4 tiles, both
// double-buffered, and a bias row of 4 tiles. Figures: the calibration
// harness's mock-device ones.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#w8 = #ttnn.layout<dram, interleaved, bfp8_b>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @expand
// BH-LABEL: op constraints of @expand
func.func @expand(%x: tensor<1x1x784x128xbf16, #rm>, %wt: tensor<512x128x1x1xbf16, #w>, %b: tensor<1x1x1x512xbf16, #w>, %wt8: tensor<512x128x1x1xbf16, #w8>, %b8: tensor<1x1x1x512xbf16, #w8>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=40960 l1=40960 total=81920 out=32768 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 7x4, shard = 128x128>]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36864 l1=30720 total=67584 out=24576 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 9x4, shard = 96x128>]
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x784x128xbf16, #rm>, tensor<512x128x1x1xbf16, #w>, tensor<1x1x1x512xbf16, #w> -> tensor<1x1x784x512xbf16, #bs>
  // bfp8_b weights: 12 weight tiles of 1088 B instead of 2048.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=29440 l1=40960 total=70400 out=32768
  %1 = ttnn.conv2d %x, %wt8 bias %b8 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x784x128xbf16, #rm>, tensor<512x128x1x1xbf16, #w8>, tensor<1x1x1x512xbf16, #w8> -> tensor<1x1x784x512xbf16, #bs>
  return
}

// CHECK-LABEL: op constraints of @tilize
func.func @tilize(%x: tensor<1x1x196x256xbf16, #rm>, %wt: tensor<1024x256x1x1xbf16, #w>, %b: tensor<1x1x1x1024xbf16, #w>, %y: tensor<1x1x256x96xbf16, #rm>, %w96: tensor<64x96x1x1xbf16, #w>, %b64: tensor<1x1x1x64xbf16, #w>) {
  // Stage 3's expand conv (14x14, 256 -> 1024): the tilize before the
  // reshard (2 x 8 tiles) outweighs the matmul's CBs (28672 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=32768 l1=10240 total=38912 out=8192
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 1024 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x196x256xbf16, #rm>, tensor<1024x256x1x1xbf16, #w>, tensor<1x1x1x1024xbf16, #w> -> tensor<1x1x196x1024xbf16, #bs>
  // 3 in and 2 out tiles share no divisor: one column, K in one block (no
  // double buffering).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=22528 l1=10240 total=32768 out=4096 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 8x1, shard = 32x64>]
  %1 = ttnn.conv2d %y, %w96 bias %b64 {batch_size = 1 : i64, input_height = 16 : i64, input_width = 16 : i64, in_channels = 96 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x256x96xbf16, #rm>, tensor<64x96x1x1xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x256x64xbf16, #bs>
  return
}
