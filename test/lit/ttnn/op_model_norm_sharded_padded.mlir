// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm / rms_norm: ttnn 0.81.1's sharded program adds CBs when the
// shards hold tile padding (measured on both mock devices: 228x57 bfp8_b in
// 1x2 block shards, 307,200 B of CBs, 34,816 B above the aligned rule); not
// derived, so not implemented.

#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x2, shard = 256x32>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @padded_shards
func.func @padded_shards(%a: tensor<228x57xbf16, #bs>, %w: tensor<1x57xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: not_implemented: ttnn.layer_norm: the sharded program of a 228x57 input (not whole tiles) is not modelled
  %0 = ttnn.layer_norm %a weight %w : tensor<228x57xbf16, #bs>, tensor<1x57xbf16, #dram> -> tensor<228x57xbf16, #bs>
  return
}
