// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A bf16 sum of a row-major tensor over outer dimensions runs fast_reduce_nc,
// whose tilize writes into the output's memory config: row-major output
// shards that are not whole tiles fail ttnn 0.81.1's tiled TensorSpec
// (tensor_layout.cpp:171 shard_align_error, measured on both devices; fresh
// stress draw seed 955379334 reduction #78 was not_implemented).

#hs3 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x6, shard = 3x244>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs1 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 1x64>

// CHECK-LABEL: op constraints of @fast_nc_tilize_into_unaligned_shards
func.func @fast_nc_tilize_into_unaligned_shards(%a: tensor<2x32x244xbf16, #hs3>, %b: tensor<2x64x64xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: ttnn.sum: fast_reduce_nc tilizes the row-major input into
  %0 = ttnn.sum %a {dim_arg = array<i64: 0, 2>, keep_dim = true} : tensor<2x32x244xbf16, #hs3> -> tensor<1x32x1xbf16, #hs3>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: ttnn.sum: fast_reduce_nc tilizes the row-major input into
  %1 = ttnn.sum %b {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x64x64xbf16, #dram> -> tensor<1x64x64xbf16, #hs1>
  return
}
