// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A row-major input reduced into shards: ttnn 0.81.1's memory config has no page layout, so it
// tilizes the input (placed like it) and runs the tiled W or H program into the shards it derives,
// never the dense row-major program, whatever the output's type says (a tiled result). Measured on
// both mock devices (96 probes, shards whole tiles or not; fresh stress draw seed 808402455 #10's
// class). Over H and W, outer dimensions only, with fast_reduce_nc or from row-major shards:
// not_implemented.

#l1rm = #ttnn.layout<row_major, l1, interleaved, f32>
#ws = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x2, shard = 7x32>
#bs = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x1, shard = 1x45>
#hs = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 2x2, shard = 64x25>
#bs4 = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x2, shard = 40x7>

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<1x33x16xf32, #l1rm>, %b: tensor<100x100xf32, #l1rm>, %c: tensor<225x45xf32, #l1rm>, %d: tensor<225x16xf32, #l1rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=20480 l1=8192 total=28672 out=4096
  %0 = ttnn.sum %a {dim_arg = array<i64: 1>, keep_dim = false} : tensor<1x33x16xf32, #l1rm> -> tensor<1x16xf32, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=45056 l1=24576 total=69632 out=16384
  %1 = ttnn.sum %b {dim_arg = array<i64: 1>, keep_dim = false} : tensor<100x100xf32, #l1rm> -> tensor<100xf32, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=20480 l1=12288 total=32768 out=8192
  %2 = ttnn.mean %c {dim_arg = array<i64: 0>, keep_dim = false} : tensor<225x45xf32, #l1rm> -> tensor<45xf32, #hs>
  // The rank-1 view of 225 needs shards spanning 256 columns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: {{.*}} views the rank-1 result of 225 from its tile-padded copy
  %3 = ttnn.sum %d {dim_arg = array<i64: 1>, keep_dim = false} : tensor<225x16xf32, #l1rm> -> tensor<225xf32, #bs4>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: {{.*}}a row-major reduction into shards over H and W
  %4 = ttnn.sum %b {dim_arg = array<i64: 0, 1>, keep_dim = false} : tensor<100x100xf32, #l1rm> -> tensor<f32, #bs>
  return
}
