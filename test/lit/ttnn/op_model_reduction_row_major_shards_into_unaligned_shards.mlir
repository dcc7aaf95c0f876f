// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction of row-major shards over several programs (H or W among its
// dimensions) into row-major output shards that are not whole tiles: as from
// interleaved row-major inputs, ttnn 0.81.1 places its tiled temporaries in
// the output's memory config and TT_FATALs (shard_align_error; measured on
// both devices; fresh stress draw seed 131202489 reduction #36 was
// not_implemented).

#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x1, shard = 244x32>
#hs2 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 64x64>
#hs1 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 2x64>

// CHECK-LABEL: op constraints of @from_row_major_shards
func.func @from_row_major_shards(%a: tensor<1x244x32xbf16, #ws>, %b: tensor<2x64x64xbf16, #hs2>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: ttnn.max: a row-major reduction over several programs places its tiled temporaries in
  %0 = ttnn.max %a {dim_arg = array<i64: 0, 1, 2>, keep_dim = true} : tensor<1x244x32xbf16, #ws> -> tensor<1x1x1xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: backend_error: ttnn.mean: a row-major reduction over several programs places its tiled temporaries in
  %1 = ttnn.mean %b {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<2x64x64xbf16, #hs2> -> tensor<1x1x64xbf16, #hs1>
  return
}
