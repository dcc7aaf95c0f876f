// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm / rms_norm on shards holding tile padding (ttnn 0.81.1's
// sharded program, measured on both mock devices): rms_norm masks a last
// dimension that is not a tile multiple with a bf16 tile per shard column,
// padding in height adds nothing; layer_norm adds 2 x shard tile rows + 1
// bf16 tiles per shard column (228x57 bfp8_b in 1x2 block shards: 307,200 B,
// 17 tiles above the aligned rule).

#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x2, shard = 256x32>
#bs6 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x6, shard = 32x96>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 3x2, shard = 96x32>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @padded_shards
func.func @padded_shards(%a: tensor<228x57xbf16, #bs>, %w: tensor<1x57xbf16, #dram>, %b: tensor<547xbf16, #bs6>, %bias: tensor<1x547xbf16, #l1>, %c: tensor<3x32x171xbf16, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=307200 l1=8704 total=315904 out=8704
  %0 = ttnn.layer_norm %a weight %w : tensor<228x57xbf16, #bs>, tensor<1x57xbf16, #dram> -> tensor<228x57xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=51200 l1=6144 total=57344 out=6144
  %1 = ttnn.rms_norm %b bias %bias : tensor<547xbf16, #bs6>, tensor<1x547xbf16, #l1> -> tensor<547xbf16, #bs6>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=51200 l1=6144 total=57344 out=6144
  %2 = ttnn.rms_norm %c : tensor<3x32x171xbf16, #ws> -> tensor<3x32x171xbf16, #ws>
  return
}
