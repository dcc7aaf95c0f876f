// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1 views a reduction's padded result as the output's shape; a view that changes the last
// dimension keeps a sharded tensor only when its shard spans that dimension's padded width
// (tensor_ops.cpp:380, TT_FATAL; measured on both mock devices for mean / sum / max of 76x959 over dim 0
// into 32x480 width shards, and block shards too; 32x960 width shards run).

#dram = #ttnn.layout<dram, interleaved, bf16>
#ws480 = #ttnn.layout<l1, width_sharded, bf16, grid = 2x1, shard = 32x480>
#ws960 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 32x960>

// CHECK-LABEL: op constraints of @view_of_shards
func.func @view_of_shards(%a: tensor<76x959xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: backend_error: ttnn.mean: the result's 959 columns are padded to 960, which its shards of 480 columns do not span (ttnn's view of the result fails)
  %0 = ttnn.mean %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<76x959xbf16, #dram> -> tensor<959xbf16, #ws480>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: ttnn.max: the result's 959 columns
  %1 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<76x959xbf16, #dram> -> tensor<959xbf16, #ws480>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success
  %2 = ttnn.sum %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<76x959xbf16, #dram> -> tensor<959xbf16, #ws960>
  return
}

// A W reduction's result viewed from a last dimension of 1: ttnn ran a mean of 408x480 over dim -1
// into 1x5 block shards and failed 1x5 width shards (fresh draw seed 343706852, both devices):
// not_implemented, not a rejection.
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x5, shard = 32x96>

// CHECK-LABEL: op constraints of @view_of_w_result
func.func @view_of_w_result(%a: tensor<408x480xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: not_implemented: {{.*}}a W reduction's result viewed as 408
  %0 = ttnn.mean %a {dim_arg = array<i64: -1>, keep_dim = false} : tensor<408x480xbf16, #l1> -> tensor<408xbf16, #bs>
  return
}

// A view to rank >= 2 keeps the padded last dimension: ttnn ran a sum of 3x32x65 over dim -2 into
// 2x1 width shards of 32x64 (fresh draw seed 421670262, both devices); its reshape of the sharded
// result is not modelled (not a rejection).
#l1_3d = #ttnn.layout<l1, interleaved, bf16>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 2x1, shard = 32x64>

// CHECK-LABEL: op constraints of @view_to_rank2
func.func @view_to_rank2(%a: tensor<3x32x65xbf16, #l1_3d>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: the reshape of a sharded result to its shape is not modelled
  %0 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = false} : tensor<3x32x65xbf16, #l1_3d> -> tensor<3x65xbf16, #ws64>
  return
}
