// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.max_pool2d of a tiled DRAM input under width sharding: ttnn 0.81.1
// splits the channels in whole tiles (320 channels: 10 cores of 32, where a
// row-major input takes 20 of 16), reshards the tiles and untilizes them in
// the halo (two untilize CBs of a double-buffered tile row, two padding
// sticks). Measured on both mock devices: cb 14336, l1 36128, total 44448,
// out 4096 B.

#tiled = #ttnn.layout<dram, interleaved, bf16>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @tiled_width
func.func @tiled_width(%x: tensor<1x1x256x320xbf16, #tiled>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=36128 total=44448 out=4096
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 16 : i64, input_width = 16 : i64, channels = 320 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x256x320xbf16, #tiled> -> tensor<1x1x64x320xbf16, #ws>
  return
}
