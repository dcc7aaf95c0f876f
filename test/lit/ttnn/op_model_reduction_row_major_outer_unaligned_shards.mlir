// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction of a row-major tensor over outer dimensions alone into
// row-major output shards that are not whole tiles: ttnn 0.81.1 transposes
// the tensor into the output's memory config and rejects those shards
// (shard_grid_fit_error, shard_align_error or permute.cpp:252, by the
// case; measured on both devices; fresh stress draw seed 456999772
// reduction #4, #21, #30, #39 were not_implemented).

#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 64x20>
#bs_in = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x5, shard = 544x15>
#bs_out = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x1, shard = 164x73>

// CHECK-LABEL: op constraints of @outer_into_unaligned_shards
func.func @outer_into_unaligned_shards(%a: tensor<2x32x20xbf16, #dram>, %b: tensor<2x3x272x73xbf16, #bs_in>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: backend_error: ttnn.mean: ttnn transposes the row-major input into
  %0 = ttnn.mean %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x32x20xbf16, #dram> -> tensor<1x32x20xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: ttnn.max: ttnn transposes the row-major input into
  %1 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x32x20xbf16, #dram> -> tensor<1x32x20xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: backend_error: ttnn.mean: ttnn transposes the row-major input into
  %2 = ttnn.mean %b {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x3x272x73xbf16, #bs_in> -> tensor<1x3x272x73xbf16, #bs_out>
  return
}
