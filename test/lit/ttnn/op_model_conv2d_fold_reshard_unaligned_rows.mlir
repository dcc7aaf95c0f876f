// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Kernel-stride folding of row-major height shards that are not whole bands:
// ttnn 0.81.1 reshards them first, and with rows of 4 channels (8 B, not a
// whole L1 unit) that reshard streams 2 x the shard's aligned rows through a
// buffer (measured: cb 33472 B here, both devices) and its total holds more
// than derived: not_implemented (fresh stress draw seed 780793582 conv2d #28
// was a wrong answer, cb 6528). Whole bands need no reshard (modelled).

#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 6x8, shard = 1046x4>
#w = #ttnn.layout<dram, interleaved, bfp8_b>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @fold_reshard_unaligned_rows
func.func @fold_reshard_unaligned_rows(%a: tensor<1x1x50176x4xbf16, #hs>, %b: tensor<64x4x4x4xbf16, #w>, %c: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented: {{.*}}kernel-stride folding reshards
  %0 = ttnn.conv2d %a, %b bias %c {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 4 : i64, out_channels = 64 : i64, kernel_size = array<i64: 4, 4>, stride = array<i64: 4, 4>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x50176x4xbf16, #hs>, tensor<64x4x4x4xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x3136x64xbf16, #dram>
  return
}
