// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a height-sharded row-major L1 input whose grid leaves cores
// idle (784 pixels in shards of 40 on 5x5 cores: 20 hold pixels): ttnn
// 0.81.1 runs the halo and conv program on the input's whole grid, the
// output in 32-row shards on all 25 cores. Figures: mock-device
// measurements (both devices alike).

#in = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 5x5, shard = 40x64>
#w = #ttnn.layout<dram, interleaved, bf16>
#out = #ttnn.layout<l1, height_sharded, bf16, grid = 5x5, shard = 32x64>

// CHECK-LABEL: op constraints of @idle_input_cores
func.func @idle_input_cores(%x: tensor<1x1x784x64xbf16, #in>, %wt: tensor<64x64x3x3xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49216 l1=16400 total=65616 out=4096
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x784x64xbf16, #in>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x784x64xbf16, #out>
  return
}
