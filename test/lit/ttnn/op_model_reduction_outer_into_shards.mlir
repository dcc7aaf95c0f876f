// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction whose last reduced dimension is an outer one (not fast_reduce_nc) first transposes it
// to H into the output's memory config as it is: ttnn 0.81.1 rejects shards that do not cover the
// transposed tensor (tensor_spec.cpp:173 shard_grid_fit_error; measured on both mock devices, 10
// cases, first seen on fresh draw seeds 622523809, 630771013, 248470144, 595679230, 103797073).
// Shards that cover it: planned (the transposes back from 8 height shards of one 64x64 result
// leave cores idle; measured).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 2x3, shard = 64x32>
#hs_fit = #ttnn.layout<l1, height_sharded, bf16, grid = 8x1, shard = 256x64>

// CHECK-LABEL: op constraints of @outer_into_shards
func.func @outer_into_shards(%a: tensor<2x64x64xbf16, #dram>, %b: tensor<3x64x96xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: {{.*}}transposes dimension 0 to H into {{.*}}do not cover the 64x2x64 result
  %0 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x64x64xbf16, #dram> -> tensor<1x64x64xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: backend_error: {{.*}}do not cover the 64x3x96 result
  %1 = ttnn.min %b {dim_arg = array<i64: 0>, keep_dim = true} : tensor<3x64x96xbf16, #dram> -> tensor<1x64x96xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=10240 l1=65536 total=75776 out=32768
  %2 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x64x64xbf16, #dram> -> tensor<1x64x64xbf16, #hs_fit>
  return
}

// After a W program: its 3x64x1 result transposed (fresh draw seed 415450357, both devices).
#bs1 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 64x32>

// CHECK-LABEL: op constraints of @after_w
func.func @after_w(%a: tensor<3x64x608xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: backend_error: {{.*}}transposes dimension 0 to H into {{.*}}do not cover the 64x3x1 result
  %0 = ttnn.min %a {dim_arg = array<i64: 0, 2>, keep_dim = true} : tensor<3x64x608xbf16, #dram> -> tensor<1x64x1xbf16, #bs1>
  return
}
