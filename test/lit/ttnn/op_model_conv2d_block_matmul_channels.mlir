// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d's block-sharded 1x1 matmul of input channels that are not
// whole tiles (14x14, 80 -> 96): K is padded to 3 tiles (a row-major input by
// ttnn 0.81.1's tilize with padding, 2 x 3 tiles of CB; a tiled one holds
// them), 7 x 3 cores of one tile each. Measured on both mock devices:
// row-major 12288 / 4096 / 14336 B, tiled 10240 / 4096 / 14336 B, out 2048 B.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#tiled = #ttnn.layout<dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 32x32>

// CHECK-LABEL: op constraints of @partial_tiles
func.func @partial_tiles(%x0: tensor<1x1x196x80xbf16, #rm>, %x1: tensor<1x1x196x80xbf16, #tiled>, %wt: tensor<96x80x1x1xbf16, #w>, %b: tensor<1x1x1x96xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=12288 l1=4096 total=14336 out=2048 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 7x3, shard = 32x32>]
  %0 = ttnn.conv2d %x0, %wt bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 80 : i64, out_channels = 96 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x196x80xbf16, #rm>, tensor<96x80x1x1xbf16, #w>, tensor<1x1x1x96xbf16, #w> -> tensor<1x1x196x96xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=10240 l1=4096 total=14336 out=2048
  %1 = ttnn.conv2d %x1, %wt bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 80 : i64, out_channels = 96 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x196x80xbf16, #tiled>, tensor<96x80x1x1xbf16, #w>, tensor<1x1x1x96xbf16, #w> -> tensor<1x1x196x96xbf16, #bs>
  return
}
