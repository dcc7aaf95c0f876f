// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// binary_ng's native path for uneven shards compares the shard spec (grid and shard), not the
// memory layout: block shards on one grid column into height shards of that grid and shard run
// on the shards (no CBs), as do width shards into block shards on one grid row. ttnn 0.81.1 on
// both mock devices (stress draw seed 144506094 binary #87, where the model streamed).

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 3x1, shard = 352x32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 3x1, shard = 352x32>
#hs13 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 352x32>
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 1x3, shard = 64x128>
#bsw = #ttnn.layout<l1, block_sharded, f32, grid = 1x3, shard = 64x128>
// CHECK-LABEL: op constraints of @uneven_one_spec
func.func @uneven_one_spec(%a: tensor<971x30xbf16, #bs>, %b: tensor<971x30xbf16, #hs>, %c: tensor<64x300xf32, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.minimum: success cb=0 l1=22528 total=22528 out=22528
  %0 = ttnn.minimum %a, %a : tensor<971x30xbf16, #bs>, tensor<971x30xbf16, #bs> -> tensor<971x30xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=0 l1=32768 total=32768 out=32768
  %1 = ttnn.add %c, %c : tensor<64x300xf32, #ws>, tensor<64x300xf32, #ws> -> tensor<64x300xf32, #bsw>
  // Operands of two memory layouts, or another grid: every tensor streams.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=22528 total=34816 out=22528
  %2 = ttnn.add %b, %a : tensor<971x30xbf16, #hs>, tensor<971x30xbf16, #bs> -> tensor<971x30xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=22528 total=34816 out=22528
  %3 = ttnn.add %a, %a : tensor<971x30xbf16, #bs>, tensor<971x30xbf16, #bs> -> tensor<971x30xbf16, #hs13>
  return
}
