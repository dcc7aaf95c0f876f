// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// The 2-D program on a block-sharded a with more columns than block columns: the idle
// senders relay in0 through a second buffer like in0's. Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @relay
// BH-LABEL: op constraints of @relay
func.func @relay(%x0_0: tensor<3x16x1696xf32, #ttnn.layout<l1, block_sharded, f32, grid = 2x8, shard = 64x224>>, %x0_1: tensor<800x1696xf32, #ttnn.layout<dram, interleaved, f32>>, %x0_2: tensor<800xf32, #ttnn.layout<dram, interleaved, f32>>) {
  // linear 3x16x1696 bs:2x8:64x224 f32 . 800x1696 dram f32 -> l1 f32 T_b bias 800 dram f32
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=131072 l1=16384 total=114688 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=131072 l1=8192 total=106496 out=4096
  %0 = ttnn.linear %x0_0, %x0_1 bias %x0_2 {transpose_b = true} : tensor<3x16x1696xf32, #ttnn.layout<l1, block_sharded, f32, grid = 2x8, shard = 64x224>>, tensor<800x1696xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<800xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<3x16x800xf32, #ttnn.layout<l1, interleaved, f32>>
  return
}
