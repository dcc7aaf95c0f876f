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
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: backend_error: ttnn views the reduced 959 result in {{.*}} without its tile padding, which needs shards spanning 960 columns
  %0 = ttnn.mean %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<76x959xbf16, #dram> -> tensor<959xbf16, #ws480>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: ttnn views the reduced 959 result
  %1 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<76x959xbf16, #dram> -> tensor<959xbf16, #ws480>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success
  %2 = ttnn.sum %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<76x959xbf16, #dram> -> tensor<959xbf16, #ws960>
  return
}
