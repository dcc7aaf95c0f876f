// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d through the halo and conv programs at the edge of L1. Stage 4's
// 3x3 conv (7x7, 512 -> 512) has a weight block of 48 x 16 tiles: in bf16
// (1,572,864 B, beyond the free L1 whatever the slice) ttnn 0.81.1 finds no
// slicing that fits on either device; in bfp8_b it fits. Stage 3's downsample (28x28, 512 -> 1024, 1x1 stride 2)
// needs 1,395,776 B in one slice: ttnn slices it over DRAM on Wormhole (two
// slices of 7 output rows) and runs it whole on Blackhole. Figures:
// mock-device captures (bench/opmodel_cases_cnn.py).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#w8 = #ttnn.layout<dram, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @stage4
// BH-LABEL: op constraints of @stage4
func.func @stage4(%x: tensor<1x1x49x512xbf16, #rm>, %wt: tensor<512x512x3x3xbf16, #w>, %wt8: tensor<512x512x3x3xbf16, #w8>, %b8: tensor<1x1x1x512xbf16, #w8>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: out_of_memory: ttnn.conv2d: the conv program's weight block and bias row (1572928 B)
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: out_of_memory
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 512 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x49x512xbf16, #rm>, tensor<512x512x3x3xbf16, #w> -> tensor<1x1x49x512xbf16, #hs>
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=1049664 l1=94320 total=1143904 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=1049664 l1=94320 total=1143904 out=0
  %1 = ttnn.conv2d %x, %wt8 bias %b8 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 512 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x49x512xbf16, #rm>, tensor<512x512x3x3xbf16, #w8>, tensor<1x1x1x512xbf16, #w8> -> tensor<1x1x49x512xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @downsample
// BH-LABEL: op constraints of @downsample
func.func @downsample(%x: tensor<1x1x784x512xbf16, #rm>, %wt: tensor<1024x512x1x1xbf16, #w>, %b: tensor<1x1x1x1024xbf16, #w>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=1183552 l1=130112 total=1309776 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=1179712 l1=281664 total=1395808 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 512 : i64, out_channels = 1024 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x784x512xbf16, #rm>, tensor<1024x512x1x1xbf16, #w>, tensor<1x1x1x1024xbf16, #w> -> tensor<1x1x196x1024xbf16, #hs>
  return
}
