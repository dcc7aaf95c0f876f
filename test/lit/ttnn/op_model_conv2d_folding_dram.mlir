// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a kernel equal to its stride (kernel-stride folding) from a
// DRAM input: ttnn 0.81.1 rejects it under height and width sharding (its
// folded matmul's Kt_a == Kt_b, the width-sharded program's act_matrix_width
// == weight_matrix_height; measured on both mock devices for every case
// tried); under block sharding it runs some (56x56x64 -> 64, 4x4), not
// modelled.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @height
func.func @height(%x: tensor<1x1x4096x32xbf16, #rm>, %wt: tensor<64x32x2x2xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 64 : i64, input_width = 64 : i64, in_channels = 32 : i64, out_channels = 64 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x4096x32xbf16, #rm>, tensor<64x32x2x2xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x1024x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x64>>
  return
}

// CHECK-LABEL: op constraints of @width
func.func @width(%x: tensor<1x1x3136x64xbf16, #rm>, %wt: tensor<128x64x4x4xbf16, #w>, %b: tensor<1x1x1x128xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 128 : i64, kernel_size = array<i64: 4, 4>, stride = array<i64: 4, 4>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #rm>, tensor<128x64x4x4xbf16, #w>, tensor<1x1x1x128xbf16, #w> -> tensor<1x1x196x128xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 224x32>>
  return
}

// CHECK-LABEL: op constraints of @block
func.func @block(%x: tensor<1x1x3136x64xbf16, #rm>, %wt: tensor<64x64x4x4xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 4, 4>, stride = array<i64: 4, 4>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #rm>, tensor<64x64x4x4xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x196x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 7x2, shard = 32x32>>
  return
}
