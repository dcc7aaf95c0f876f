// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.conv2d's height-sharded 1x1 matmul of a height-sharded row-major L1
// input (56x56, 64 -> 256): shards of whole tile rows are tilized in place on
// the input's grid (7x7 cores of 64 rows: the tilized copy and the output,
// no reshard). Shards of partial tile rows are resharded as an interleaved
// input's, padded by ttnn's pad program into a second buffer and tilized into
// a third (seed 183524651 conv2d #1, 214009588 conv2d #5); channels that are
// not whole tiles: op_model_conv2d_sharded_input_partial_tiles.mlir. Measured
// on both mock devices.

#w = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x256>

// CHECK-LABEL: op constraints of @whole_tile_rows
func.func @whole_tile_rows(%x: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 64x64>>, %wt: tensor<256x64x1x1xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=32768 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 7x7, shard = 64x256>]
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 64x64>>, tensor<256x64x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x3136x256xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @resharded
func.func @resharded(%x: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>>, %wt: tensor<256x64x1x1xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>) {
  // 64-row reshards on 49 cores (Blackhole: 32 rows on 98), three buffers of them live at the tilize.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=32768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=20480 total=69632 out=16384
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>>, tensor<256x64x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x3136x256xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @resharded_deep
func.func @resharded_deep(%x: tensor<1x1x196x1024xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x8, shard = 13x1024>>, %wt: tensor<256x1024x1x1xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %b: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // 32-row reshards of 1024 channels (65536 B, three live), bfp8_b weights (32 x 8 tiles) and bias.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=287232 l1=196608 total=369152 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 1024 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x196x1024xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x8, shard = 13x1024>>, tensor<256x1024x1x1xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<1x1x196x256xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
