// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// binary_ng's native path for a height-sharded `a` and an interleaved `b`
// broadcast along the width: the output needs `a`'s grid and shard, whatever
// its memory layout (a width shard on a 1x1 grid, block shards on one grid
// column): `a` and the output are their shards, `b` and its broadcast CB
// stream. Figures: mock-device measurements, the same on both devices (fresh
// stress draw seed 706257795 binary eltwise #40 was the first function).

#hs1 = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 64x64>
#ws1 = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 64x64>
#dram = #ttnn.layout<dram, interleaved, f32>
#hs2 = #ttnn.layout<l1, height_sharded, f32, grid = 2x1, shard = 32x64>
#bs2 = #ttnn.layout<l1, block_sharded, f32, grid = 2x1, shard = 32x64>

// CHECK-LABEL: op constraints of @same_shard_spec
func.func @same_shard_spec(%a: tensor<1x59x64xf32, #hs1>, %b: tensor<1x59x1xf32, #dram>, %c: tensor<1x64x64xf32, #hs2>, %d: tensor<1x64x1xf32, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=16384 l1=16384 total=32768 out=16384
  %0 = ttnn.add %a, %b : tensor<1x59x64xf32, #hs1>, tensor<1x59x1xf32, #dram> -> tensor<1x59x64xf32, #ws1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=16384 l1=8192 total=24576 out=8192
  %1 = ttnn.add %c, %d : tensor<1x64x64xf32, #hs2>, tensor<1x64x1xf32, #dram> -> tensor<1x64x64xf32, #bs2>
  return
}
