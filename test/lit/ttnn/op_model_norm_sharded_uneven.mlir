// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm / rms_norm on uneven shards (a partial last shard): ttnn
// 0.81.1's sharded program sizes its CBs by the shard shape (measured on both
// mock devices). 5 tiles of width in 1x3 block shards of 2 tiles.

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 32x64>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @uneven
func.func @uneven(%a: tensor<32x160xbf16, #bs>, %w: tensor<1x160xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=81920 l1=4096 total=86016 out=4096
  %0 = ttnn.layer_norm %a weight %w bias %w : tensor<32x160xbf16, #bs>, tensor<1x160xbf16, #l1>, tensor<1x160xbf16, #l1> -> tensor<32x160xbf16, #bs>
  return
}
