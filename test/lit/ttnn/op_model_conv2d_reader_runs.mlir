// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d's reader-index tensor holds one start / end pair per run of
// output sticks whose windows start a stride apart: a 1x1 stride-1 window
// with padding runs on across output rows (14x14x256 -> 256, padding 1,
// width sharded: one run for all 256 output sticks, 8 B). Measured on both
// mock devices: cb 41024, l1 32784, total 73808 B.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @padded_1x1
func.func @padded_1x1(%x: tensor<1x1x196x256xbf16, #rm>, %wt: tensor<256x256x1x1xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=41024 l1=32784 total=73808 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x256x256xbf16, #dram>
  return
}
