// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
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
