// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d with a 1x1 kernel that is no matmul (stride 2) into width
// shards: unpadded, ttnn 0.81.1 bypasses the halo (conv2d.cpp's bypass_halo,
// every unpadded width-sharded conv) and the conv program reads the reshard
// directly; its reader-index tensor holds one run per output row (7 rows:
// 32 B). Measured on both mock devices: cb 14400, l1 16672, total 31072 B.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x32>

// CHECK-LABEL: op constraints of @strided_1x1
func.func @strided_1x1(%x: tensor<1x1x196x1024xbf16, #rm>, %wt: tensor<2048x1024x1x1xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=14400 l1=16672 total=31072 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 1024 : i64, out_channels = 2048 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x196x1024xbf16, #rm>, tensor<2048x1024x1x1xbf16, #w> -> tensor<1x1x49x2048xbf16, #ws>
  return
}
