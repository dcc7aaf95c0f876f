// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A sum over every dimension (several programs) into height shards that do not hold the scalar
// result runs in ttnn 0.81.1 (measured on both mock devices: 1x704x304 in 96x320 shards on a 2x4
// grid, cb=26624 l1=122880 total=133120 out=2048; development draw seed 7001); the model rejected it
// because the shards do not fit the result, a wrong answer: now not_implemented.

#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 2x4, shard = 96x320>

// CHECK-LABEL: op constraints of @all_dims
func.func @all_dims(%x: tensor<1x704x304xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: {{.*}}do not hold the scalar result of a reduction over several programs
  %0 = ttnn.sum %x {dim_arg = array<i64: 0, 1, 2>} : tensor<1x704x304xbf16, #hs> -> tensor<bf16, #hs>
  return
}
