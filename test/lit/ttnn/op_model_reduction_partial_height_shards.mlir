// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1 reduces height shards over W in place only when the tile-padded rows fill every
// core's shard: 1024 rows in 64-row shards on a 2x8 grid do, 960 rows (15 shards) and 970 rows
// (fill-padded, 31 tile rows) run the interleaved W program, 8 input pages. Figures: both mock
// devices alike (first seen on fresh draw seed 406384315, reduction #6, where the model had
// given the in-place program's 10240 B of CBs).

#hsIn = #ttnn.layout<l1, height_sharded, bf16, grid = 2x8, shard = 64x256>
#hsW = #ttnn.layout<l1, height_sharded, bf16, grid = 2x8, shard = 64x32>
#hsWide = #ttnn.layout<l1, height_sharded, bf16, grid = 2x8, shard = 64x800>

// CHECK-LABEL: op constraints of @full_shards
func.func @full_shards(%a: tensor<1024x256xbf16, #hsIn>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=6144 l1=4096 total=10240 out=4096
  %0 = ttnn.sum %a {dim_arg = array<i64: -1>, keep_dim = true} : tensor<1024x256xbf16, #hsIn> -> tensor<1024x1xbf16, #hsW>
  return
}

// CHECK-LABEL: op constraints of @fifteen_of_sixteen_shards
func.func @fifteen_of_sixteen_shards(%a: tensor<960x256xbf16, #hsIn>, %b: tensor<3x320x256xbf16, #hsIn>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=4096 total=26624 out=4096
  %0 = ttnn.sum %a {dim_arg = array<i64: -1>, keep_dim = true} : tensor<960x256xbf16, #hsIn> -> tensor<960x1xbf16, #hsW>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=22528 l1=4096 total=26624 out=4096
  %1 = ttnn.max %b {dim_arg = array<i64: -1>, keep_dim = true} : tensor<3x320x256xbf16, #hsIn> -> tensor<3x320x1xbf16, #hsW>
  return
}

// CHECK-LABEL: op constraints of @fill_padded_rows
func.func @fill_padded_rows(%a: tensor<970x800xbf16, #hsWide>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=22528 l1=6144 total=28672 out=2048
  %0 = ttnn.min %a {dim_arg = array<i64: 0, -1>, keep_dim = true} : tensor<970x800xbf16, #hsWide> -> tensor<1x1xbf16, #hsWide>
  return
}
