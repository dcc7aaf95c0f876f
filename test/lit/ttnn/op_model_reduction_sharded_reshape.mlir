// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A sharded reduction result whose shape changes by more than a view: ttnn 0.81.1 reshapes the
// result (reshape's tiled program) in the result's own memory config, deriving the shards for the
// new shape: height / width shards split the tiles by ceil division, block shards take per grid side
// the largest core count that divides the tiles. A rank-1 result is then viewed without its tile
// padding, which needs shards spanning the padded length (TT_FATAL). Measured on both mock devices
// (fresh draw seeds 745750128 #1, 980284584 #2, 140300661 #42 and 200 probes).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram32 = #ttnn.layout<dram, interleaved, f32>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x5, shard = 32x96>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x5, shard = 32x96>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 2x1, shard = 32x64>
#ws32 = #ttnn.layout<l1, width_sharded, f32, grid = 2x1, shard = 32x96>

// 408 rows reduced over W: 13 tiles on a 1x5 block grid are one shard of 416 (13 is prime); in
// width shards of 3 tiles the rank-1 view fails.
// CHECK-LABEL: op constraints of @w_result_rank1
func.func @w_result_rank1(%a: tensor<408x480xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=22528 l1=53248 total=75776 out=26624
  %0 = ttnn.mean %a {dim_arg = array<i64: -1>, keep_dim = false} : tensor<408x480xbf16, #l1> -> tensor<408xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: backend_error: {{.*}} views the rank-1 result of 408 from its tile-padded copy only in shards spanning it
  %1 = ttnn.mean %a {dim_arg = array<i64: -1>, keep_dim = false} : tensor<408x480xbf16, #l1> -> tensor<408xbf16, #ws>
  return
}

// A tile multiple needs no such view: 192 f32 rows into 2 width shards of 96.
// CHECK-LABEL: op constraints of @w_result_aligned
func.func @w_result_aligned(%a: tensor<192x129xf32, #dram32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=45056 l1=36864 total=81920 out=12288
  %0 = ttnn.min %a {dim_arg = array<i64: -1>, keep_dim = false} : tensor<192x129xf32, #dram32> -> tensor<192xf32, #ws32>
  return
}

// An H result of rank 3 to rank 2 (fresh draw seed 421670262).
// CHECK-LABEL: op constraints of @h_result_rank2
func.func @h_result_rank2(%a: tensor<3x32x65xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=10240 l1=16384 total=26624 out=4096
  %0 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = false} : tensor<3x32x65xbf16, #l1> -> tensor<3x65xbf16, #ws64>
  return
}
