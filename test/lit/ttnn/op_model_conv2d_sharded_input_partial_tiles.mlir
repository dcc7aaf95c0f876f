// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d's height-sharded 1x1 matmul of a height-sharded row-major L1
// input whose shards hold part channel tiles: always resharded into shards of
// the padded channels; pixels that are not whole tile rows then take two pads,
// the width into height shards of ceil(pixels / cores) rows (the sharded
// width-only program when those are the reshard's rows, else the row-major
// default program's 32 KiB of buffers), then the height, before the tilize.
// Figures: mock-device measurements, the same on both devices (fresh draw
// seed 745750128 conv2d #5 and #15, 338455128 #27).

#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// 784 pixels on 25 cores of 32 rows: the width pad writes 32-row shards too.
// CHECK-LABEL: op constraints of @width_only_pad
func.func @width_only_pad(%x: tensor<1x1x784x40xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 392x40>>, %wt: tensor<8x40x1x1xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=4096 l1=12288 total=12416 out=0
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 40 : i64, out_channels = 8 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x784x40xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 392x40>>, tensor<8x40x1x1xbf16, #w> -> tensor<1x1x784x8xbf16, #dram>
  return
}

// 49 pixels on 2 cores of 32 rows: the width pad's shards of 25 rows take the
// default program (32768 B), live while the height pad allocates its result.
// CHECK-LABEL: op constraints of @default_pad
func.func @default_pad(%x: tensor<1x1x49x112xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 1x112>>, %wt: tensor<8x112x1x1xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=32768 l1=24576 total=55808 out=0
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 112 : i64, out_channels = 8 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x49x112xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 1x112>>, tensor<8x112x1x1xbf16, #w> -> tensor<1x1x49x8xbf16, #dram>
  return
}

// 256 pixels (whole tile rows): resharded and tilized, no pad, though the
// shards were whole tile rows already.
// CHECK-LABEL: op constraints of @whole_tile_rows
func.func @whole_tile_rows(%x: tensor<1x1x256x40xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x8, shard = 32x40>>, %wt: tensor<64x40x1x1xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=12288 l1=8192 total=20480 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 16 : i64, input_width = 16 : i64, in_channels = 40 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x256x40xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x8, shard = 32x40>>, tensor<64x40x1x1xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x256x64xbf16, #dram>
  return
}
