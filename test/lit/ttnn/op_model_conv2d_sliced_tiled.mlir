// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a tiled DRAM input whose one-slice L1 estimate exceeds L1:
// ttnn 0.81.1 reshapes it to [N, H, W, C] once, then per DRAM slice
// padded_slice's tiled program untilizes the slice into width shards of
// whole tile rows (input and untilized CBs of 4 x the shard's tiles a row, a
// padding row) and the row-major halo and conv programs follow. Modelled
// under width sharding where a row-major and a tiled input's estimates agree
// on the slice count; block and height sharding: not_implemented.
// Figures: mock-device measurements (both devices; fresh draw seed 338455128
// conv2d #23).

#w = #ttnn.layout<dram, interleaved, bfp8_b>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @width_sharded
func.func @width_sharded(%x: tensor<1x1x3136x64xbf16, #dram>, %wt: tensor<64x64x3x3xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=1083584 l1=125152 total=1204992 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x3136x64xbf16, #dram>, tensor<64x64x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x3136x64xbf16, #dram>
  return
}

// Unpadded: the input reshape's dataflow buffers (4096 B) add to the conv's.
// CHECK-LABEL: op constraints of @unpadded
func.func @unpadded(%x: tensor<1x1x22500x96xbf16, #dram>, %wt: tensor<96x96x3x3xbf16, #dram>, %b: tensor<1x1x1x96xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=1056832 l1=420400 total=1343920 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 150 : i64, input_width = 150 : i64, in_channels = 96 : i64, out_channels = 96 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x22500x96xbf16, #dram>, tensor<96x96x3x3xbf16, #dram>, tensor<1x1x1x96xbf16, #dram> -> tensor<1x1x5476x96xbf16, #dram>
  return
}

// The halo phase holds the peak: its buffer is allocated while padded_slice's
// 16448 B of CBs are live (seed 107619500 conv2d #35).
// CHECK-LABEL: op constraints of @halo_peak
func.func @halo_peak(%x: tensor<1x1x12544x128xbf16, #dram>, %wt: tensor<256x128x1x1xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=239168 l1=852496 total=868944 out=0
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 112 : i64, input_width = 112 : i64, in_channels = 128 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x12544x128xbf16, #dram>, tensor<256x128x1x1xbf16, #dram> -> tensor<1x1x3136x256xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @block_sharded
func.func @block_sharded(%x: tensor<1x1x50176x64xbf16, #dram>, %wt: tensor<128x64x3x3xbf16, #dram>, %b: tensor<1x1x1x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 64 : i64, out_channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x50176x64xbf16, #dram>, tensor<128x64x3x3xbf16, #dram>, tensor<1x1x1x128xbf16, #dram> -> tensor<1x1x50176x128xbf16, #dram>
  return
}
