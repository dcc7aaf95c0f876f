// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// An H reduction of width shards with leading dimensions into the same grid's width shards runs
// ttnn 0.81.1's sharded H program (2 input pages and the scaler): the derived output shard is the
// batch's tile rows high, not one tile (measured on both mock devices, 14 probes; fresh draw seed
// 907963354 #47, where the model had given the interleaved program's 6400 B).

#ws = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 5x2, shard = 960x32>
#ws4 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 128x64>

// CHECK-LABEL: op constraints of @sharded_h
func.func @sharded_h(%a: tensor<3x320x320xbf16, #ws>, %b: tensor<2x64x256xbf16, #ws4>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=4224 l1=3264 total=7488 out=3264
  %0 = ttnn.mean %a {dim_arg = array<i64: -2>, keep_dim = true} : tensor<3x320x320xbf16, #ws> -> tensor<3x1x320xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=6144 l1=8192 total=14336 out=8192
  %1 = ttnn.sum %b {dim_arg = array<i64: -2>, keep_dim = true} : tensor<2x64x256xbf16, #ws4> -> tensor<2x1x256xbf16, #ws4>
  return
}
