// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d's block-sharded 1x1 matmul tilizes a row-major input into DRAM
// with to_layout's tilize program: a 2048-channel row (64 tiles) takes the
// block tilize (16384 B of CBs on Wormhole, 8192 B on Blackhole), not two
// whole tile rows (262144 B), so the matmul's CBs are the peak (2x7x7,
// 2048 -> 512: 4 x 8 cores). Measured on both mock devices (a fresh draw's
// wrong answer, seed 400372949 conv2d #23): 98304 / 20480 / 118784 B, out
// 4096 B.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 32x64>

// CHECK-LABEL: op constraints of @wide_rows
func.func @wide_rows(%x: tensor<1x1x98x2048xbf16, #rm>, %wt: tensor<512x2048x1x1xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=98304 l1=20480 total=118784 out=4096 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 32x64>]
  %0 = ttnn.conv2d %x, %wt {batch_size = 2 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 2048 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, activation = "relu"} : tensor<1x1x98x2048xbf16, #rm>, tensor<512x2048x1x1xbf16, #w> -> tensor<1x1x98x512xbf16, #bs>
  return
}
