// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d of a kernel equal to its stride from row-major height shards under height sharding
// (kernel-stride folding; measured on both mock devices): shards that are not whole bands of
// stride x width pixels are resharded (the most cores dividing the bands), ttnn's fold writes the
// folded pixels (C x stride^2 channels, the same bytes) into shards of its own and frees the reshard;
// the folded tensor is the input of the height-sharded 1x1 matmul (resharded, padded and tilized
// when its shards are not whole tile rows).

#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @folded
func.func @folded(%x: tensor<1x1x4096x32xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x32>>, %wx: tensor<64x32x2x2xbf16, #w>, %bx: tensor<1x1x1x64xbf16, #w>,
                  %y: tensor<1x1x4800x16xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 75x16>>, %wy: tensor<32x16x4x4xbf16, #w>, %by: tensor<1x1x1x32xbf16, #w>) {
  // 64-row shards resharded to 32 bands of 128 pixels (8192 B), folded to 32 rows of 128 channels:
  // whole tile rows, tilized in place.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20480 l1=20480 total=40960 out=0
  %0 = ttnn.conv2d %x, %wx bias %bx {batch_size = 1 : i64, input_height = 64 : i64, input_width = 64 : i64, in_channels = 32 : i64, out_channels = 64 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x4096x32xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x32>>, tensor<64x32x2x2xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x1024x64xbf16, #dram>
  // Three batches of 40x40 by 4: 30 bands on 30 cores (5120 B), folded to 10 rows of 256 channels,
  // 300 pixels resharded to 32 rows, padded and tilized (three 16384 B buffers; the tilize output
  // allocated under the pad's 512 B row buffer).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=18432 l1=54272 total=54784 out=0
  %1 = ttnn.conv2d %y, %wy bias %by {batch_size = 3 : i64, input_height = 40 : i64, input_width = 40 : i64, in_channels = 16 : i64, out_channels = 32 : i64, kernel_size = array<i64: 4, 4>, stride = array<i64: 4, 4>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x4800x16xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 75x16>>, tensor<32x16x4x4xbf16, #w>, tensor<1x1x1x32xbf16, #w> -> tensor<1x1x300x32xbf16, #dram>
  return
}
