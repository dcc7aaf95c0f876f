// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// The 2-D program of a block-sharded a on one row of cores takes a's shard rows (as stored, before
// transpose_a) as its per-core M: ttnn rejects one beyond M (the batch folded in).
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @per_core_m
// BH-LABEL: op constraints of @per_core_m
func.func @per_core_m(%a0: tensor<64x96xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 96x32>>, %b: tensor<96x144xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<2x64x96xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 128x32>>, %a2: tensor<96x13xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 96x32>>, %b2: tensor<96x144xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %bias: tensor<144xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // 3 tile rows of shard for M = 2 tiles.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: the per-core M (3 tiles) exceeds M (2)
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: the per-core M (3 tiles) exceeds M (2)
  %0 = ttnn.matmul %a0, %b : tensor<64x96xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 96x32>>, tensor<96x144xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x144xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // 4 tile rows for the 2 batches' 4.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=28672 l1=0 total=28672 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=28672 l1=0 total=28672 out=0
  %1 = ttnn.matmul %a1, %b : tensor<2x64x96xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 128x32>>, tensor<96x144xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x64x144xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // transpose_a: a's 3 stored tile rows for M = 1 tile.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: backend_error: ttnn.linear: the per-core M (3 tiles) exceeds M (1)
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: backend_error: ttnn.linear: the per-core M (3 tiles) exceeds M (1)
  %2 = ttnn.linear %a2, %b2 bias %bias {transpose_a = true} : tensor<96x13xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 96x32>>, tensor<96x144xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<144xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<13x144xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 32x160>>
  return
}
