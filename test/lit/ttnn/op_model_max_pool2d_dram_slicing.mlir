// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn 0.81.1 slices a large max_pool2d input through DRAM, its result then in DRAM (measured on
// both mock devices: 2x85x85x64 tiled, 2x2 stride 2, width sharded: cb=20672 l1=934080
// total=950528 out=0; development draw seed 7001), by an L1 estimate the model does not derive; the
// model gave the one-pass figures (l1=1847744). Inputs of more sticks than the largest measured
// in one pass are not_implemented.

#tile = #ttnn.layout<dram, interleaved, bf16>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 3528x1>

// CHECK-LABEL: op constraints of @sliced
func.func @sliced(%x: tensor<1x1x14450x64xbf16, #tile>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: not_implemented: {{.*}}14450 sticks may be sliced through DRAM
  %0 = ttnn.max_pool2d %x {batch_size = 2 : i64, input_height = 85 : i64, input_width = 85 : i64, channels = 64 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x14450x64xbf16, #tile> -> tensor<1x1x3528x64xbf16, #ws>
  return
}

// Height and block sharding run larger inputs in one pass (measured on both mock devices up to
// 4x112x112x64 and 1x224x224x64 tiled, 1x320x320x16 row-major in height shards).
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 32x64>
#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x8, shard = 32x64>

// CHECK-LABEL: op constraints of @one_pass
func.func @one_pass(%x: tensor<1x1x50176x64xbf16, #tile>, %y: tensor<1x1x102400x16xbf16, #rm>, %z: tensor<1x1x100352x32xbf16, #tile>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=226864 total=243504 out=25088
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=166672 total=183312 out=12416
  %0 = ttnn.max_pool2d %x {batch_size = 4 : i64, input_height = 112 : i64, input_width = 112 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x50176x64xbf16, #tile> -> tensor<1x1x12544x64xbf16, #hs>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=822256 total=830576 out=100352
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=687648 total=695968 out=80320
  %1 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x50176x64xbf16, #tile> -> tensor<1x1x12544x64xbf16, #bs>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=107584 total=107840 out=12800
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=68624 total=69136 out=6304
  %2 = ttnn.max_pool2d %y {batch_size = 1 : i64, input_height = 320 : i64, input_width = 320 : i64, channels = 16 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x102400x16xbf16, #rm> -> tensor<1x1x25600x16xbf16, #hs>
  // Beyond the measured one-pass inputs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: not_implemented: {{.*}}100352 sticks may be sliced through DRAM
  %3 = ttnn.max_pool2d %z {batch_size = 2 : i64, input_height = 224 : i64, input_width = 224 : i64, channels = 32 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x100352x32xbf16, #tile> -> tensor<1x1x25088x32xbf16, #hs>
  return
}
