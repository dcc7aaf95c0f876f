// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A row-major reduction over several programs places its tiled temporaries in the output's memory
// config as it is: row-major output shards that are not whole tiles fail (ttnn 0.81.1,
// tensor_layout.cpp:171 shard_align_error; both mock devices; fresh draw seeds 137711785,
// 930433906, 863366874). Several programs into whole-tile shards run (the input tilized, a tiled
// result); one HW operation derives its own shards and runs (not modelled from row-major inputs).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs1 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x1>
#ws16 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x1, shard = 1x16>
#hs8 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 8x50>
#hs32 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 32x64>
#bs1 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x1, shard = 1x1>

// CHECK-LABEL: op constraints of @row_major_shards
func.func @row_major_shards(%a: tensor<2x64x64xbf16, #rm>, %b: tensor<3x40x50xbf16, #rm>, %c: tensor<3x40x64xbf16, #rm>, %d: tensor<64x64xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: {{.*}}places its tiled temporaries in
  %0 = ttnn.max %a {dim_arg = array<i64: 0, 2>} : tensor<2x64x64xbf16, #rm> -> tensor<64xbf16, #hs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: {{.*}}whose shards are not whole tiles
  %1 = ttnn.sum %a : tensor<2x64x64xbf16, #rm> -> tensor<bf16, #ws16>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error
  %2 = ttnn.max %b {dim_arg = array<i64: 0, 1>} : tensor<3x40x50xbf16, #rm> -> tensor<50xbf16, #hs8>
  // Whole tiles: ttnn ran it.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=10240 l1=12288 total=22528 out=4096
  %3 = ttnn.max %c {dim_arg = array<i64: 0, 1>} : tensor<3x40x64xbf16, #rm> -> tensor<64xbf16, #hs32>
  // One HW operation: ttnn ran it (cb=10240 l1=6144 total=16384 out=2048).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: not_implemented
  %4 = ttnn.mean %d {keep_dim = true} : tensor<64x64xbf16, #rm> -> tensor<1x1xbf16, #bs1>
  return
}
