// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Height shards on one core take ttnn's interleaved W program, not the sharded one: a keepdim
// bfp8_b sum of 1x64x256 in a 64x256 height shard over dims [1, -1] took cb=12928 l1=3264
// total=16192 out=1088 in ttnn 0.81.1 (both mock devices; fresh draw seed 158509197).

#hs = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 64x256>

// CHECK-LABEL: op constraints of @sharded_input
func.func @sharded_input(%x: tensor<1x64x256xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=12928 l1=3264 total=16192 out=1088
  %0 = ttnn.sum %x {dim_arg = array<i64: 1, -1>, keep_dim = true} : tensor<1x64x256xbf16, #hs> -> tensor<1x1x1xbf16, #hs>
  return
}
