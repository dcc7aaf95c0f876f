// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A kept-dimension result whose columns are not whole tiles, in block shards narrower than their
// padded width: ttnn 0.81.1 ran a sum of 192x239 over dim -2 into 1x4 block shards of 192x64
// (cb=10240 l1=4096 total=14336, both mock devices; fresh draw seed 917250843): the view leaves
// the result as it is, so it is not rejected; not modelled. Without keepdim the view fails.

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 192x64>

// CHECK-LABEL: op constraints of @keepdim
func.func @keepdim(%x: tensor<192x239xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: {{.*}}a kept-dimension result of 239 columns
  %0 = ttnn.sum %x {dim_arg = array<i64: -2>, keep_dim = true} : tensor<192x239xbf16, #bs> -> tensor<1x239xbf16, #bs>
  return
}
