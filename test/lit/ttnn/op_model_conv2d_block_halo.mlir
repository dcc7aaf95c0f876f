// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d with a block-sharded conv config through the halo: ttnn 0.81.1's
// block-sharded conv program. ResNet-50's stage-3 3x3 conv (14x14, 256 -> 256)
// on Wormhole: 7 tile rows of output over 7 grid rows (32 sticks each), the
// input's 256 channels in 8-channel blocks over 8 columns (32 a core), the
// 8 output tiles over 8 columns; the reshard (2048 B), halo (4608 B) and
// config tensors (128 B) peak at 6784 B; the conv program's act blocks of
// 1 x 3 tiles read and tilized, a weight block of 3 x 1 and a bias tile, the
// 64 B scratch CB (20544 B); the result copied to DRAM. On Blackhole's 13
// columns the channels pad to 11 x 24: a smaller halo, the same CBs.
// Figures: the calibration harness's mock-device ones.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#w8 = #ttnn.layout<dram, interleaved, bfp8_b>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @stage3
// BH-LABEL: op constraints of @stage3
func.func @stage3(%x: tensor<1x1x196x256xbf16, #rm>, %w3: tensor<256x256x3x3xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>, %w38: tensor<256x256x3x3xbf16, #w8>, %b8: tensor<1x1x1x256xbf16, #w8>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=20544 l1=6784 total=27232 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20544 l1=5536 total=26080 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %0 = ttnn.conv2d %x, %w3 bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #bs>
  // bfp8_b weights and bias: 4 tiles of 1088 B for 4 of 2048 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=16704 l1=6784 total=23392 out=0
  %1 = ttnn.conv2d %x, %w38 bias %b8 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w8>, tensor<1x1x1x256xbf16, #w8> -> tensor<1x1x196x256xbf16, #bs>
  return
}

// Stage 2 (28x28, 128 -> 128): 16-channel blocks over 8 input columns, the 4
// output tiles over 4; act blocks of 4 x 2 tiles, a weight block of 2 x 1;
// the reader-index tensor holds two readers' indices (48 B). 160 channels:
// 20 blocks pad to 21 over 7 columns (24 channels a core), 5 output columns.
// CHECK-LABEL: op constraints of @stage2
// BH-LABEL: op constraints of @stage2
func.func @stage2(%x: tensor<1x1x784x128xbf16, #rm>, %w3: tensor<128x128x3x3xbf16, #w>, %b: tensor<1x1x1x128xbf16, #w>, %y: tensor<1x1x784x160xbf16, #rm>, %w160: tensor<160x160x3x3xbf16, #w>, %b160: tensor<1x1x1x160xbf16, #w>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=38976 l1=14640 total=53616 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=30784 l1=11488 total=42272 out=0
  %0 = ttnn.conv2d %x, %w3 bias %b {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x784x128xbf16, #rm>, tensor<128x128x3x3xbf16, #w>, tensor<1x1x1x128xbf16, #w> -> tensor<1x1x784x128xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=57408 l1=17840 total=75248 out=0
  %1 = ttnn.conv2d %y, %w160 bias %b160 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 160 : i64, out_channels = 160 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x784x160xbf16, #rm>, tensor<160x160x3x3xbf16, #w>, tensor<1x1x1x160xbf16, #w> -> tensor<1x1x784x160xbf16, #bs>
  return
}
