// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's reshape of a sharded tiled input that changes the last dimension needs shards
// spanning the padded last dimension (tensor_ops.cpp, TT_FATAL; both mock devices: 451x351 in
// 160x96 block shards to 158301, fresh stress draw seed 284182979, reshape #14, where the model
// had given numbers).

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 3x4, shard = 160x96>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 6x5, shard = 32x5280>

// CHECK-LABEL: op constraints of @narrow_shards
func.func @narrow_shards(%a: tensor<451x351xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn 0.81.1 changes the last dimension of a sharded input only when its shards span it
  %0 = ttnn.reshape %a {shape = array<i64: 158301>} : tensor<451x351xbf16, #bs> -> tensor<158301xbf16, #ws>
  return
}

