// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d's block-sharded 1x1 matmul of an L1 activation holding more
// channels than in_channels (80 for 64): its K differs from the weights' and
// ttnn 0.81.1 rejects it (matmul_device_operation.cpp: a_shape[-1] ==
// b_shape[-2]; measured on both mock devices, fresh draw seed 183524651
// conv2d #0).

#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @held_block_matmul
func.func @held_block_matmul(%x: tensor<1x1x3136x80xbf16, #rml1>, %wt: tensor<256x64x1x1xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error: ttnn.conv2d: the input holds 80 channels, in_channels is 64
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, activation = "relu"} : tensor<1x1x3136x80xbf16, #rml1>, tensor<256x64x1x1xbf16, #w> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 416x32>>
  return
}
