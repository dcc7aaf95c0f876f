// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a kernel equal to its stride (kernel-stride folding) from a
// DRAM input: ttnn 0.81.1 rejects it under height and width sharding (its
// folded matmul's Kt_a == Kt_b, the width-sharded program's act_matrix_width
// == weight_matrix_height; measured on both mock devices for every case
// tried); under block sharding it rejects it when padding the channels to a
// multiple of 64 adds a tile to K = C x kernel (20 cases measured: 3 to 120
// channels, kernels 2 to 16) and runs others (56x56x64 -> 64, 4x4), not
// modelled. A tiled DRAM input with padding is not folded: the plain conv.

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

// CHECK-LABEL: op constraints of @block_rejected
func.func @block_rejected(%x: tensor<1x1x50176x3xbf16, #rm>, %wt: tensor<768x3x16x16xbf16, #w>, %y: tensor<1x1x1024x96xbf16, #rm>, %wy: tensor<64x96x2x2xbf16, #w>) {
  // A ViT patch embedding: 3 channels padded to 64 make K 64 x 256 = 512 tiles, not 24
  // (fresh draw seed 214009588 conv2d #8, #15, #18, #19).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error: {{.*}}when padding the 3 channels to a multiple of 64 adds a tile to K
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 3 : i64, out_channels = 768 : i64, kernel_size = array<i64: 16, 16>, stride = array<i64: 16, 16>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x50176x3xbf16, #rm>, tensor<768x3x16x16xbf16, #w> -> tensor<1x1x196x768xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // 96 channels: 128 x 4 = 16 tiles against 12.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error: {{.*}}padding the 96 channels
  %1 = ttnn.conv2d %y, %wy {batch_size = 1 : i64, input_height = 32 : i64, input_width = 32 : i64, in_channels = 96 : i64, out_channels = 64 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x1024x96xbf16, #rm>, tensor<64x96x2x2xbf16, #w> -> tensor<1x1x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @tiled_padded_not_folded
func.func @tiled_padded_not_folded(%x: tensor<1x1x1024x32xbf16, #w>, %wt: tensor<64x32x2x2xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // Measured on both devices: the height-sharded conv of the unfolded window (Wormhole l1 18944,
  // Blackhole 18928).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20544
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 32 : i64, input_width = 32 : i64, in_channels = 32 : i64, out_channels = 64 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x1024x32xbf16, #w>, tensor<64x32x2x2xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x289x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

