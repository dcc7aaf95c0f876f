// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.permute into shards: ttnn 0.81.1's permute programs write height, width or block shards with
// their interleaved CBs, from an interleaved or a sharded input; bfp8_b runs in bf16 with its bf16
// result in the output's shards. Figures measured on the mock devices (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>
#in_hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 32x96>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x96>
#hs_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 128x96>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x3, shard = 1024x32>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x3, shard = 8192x32>

// CHECK-LABEL: op constraints of @sharded_output
func.func @sharded_output(%a: tensor<2x4x64x96xbf16, #dram>, %s: tensor<2x4x64x96xbf16, #in_hs>, %b: tensor<2x4x64x96xbf16, #l1_b>) {
  // Row-invariant: 2 tiles and a 32 B face row.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4128 l1=65536 total=69664 out=65536
  %0 = ttnn.permute %a {permutation = array<i64: 2, 1, 0, 3>} : tensor<2x4x64x96xbf16, #dram> -> tensor<64x4x2x96xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4128 l1=524288 total=528416 out=524288
  %1 = ttnn.permute %a {permutation = array<i64: 2, 1, 0, 3>} : tensor<2x4x64x96xbf16, #dram> -> tensor<64x4x2x96xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4128 l1=24576 total=28704 out=24576
  %2 = ttnn.permute %s {permutation = array<i64: 2, 1, 0, 3>} : tensor<2x4x64x96xbf16, #in_hs> -> tensor<64x4x2x96xbf16, #hs>
  // The bf16 input (2048 B), the bf16 result in shards (24576 B) and the bfp8_b result.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=6272 l1=39680 total=45952 out=13056
  %3 = ttnn.permute %b {permutation = array<i64: 2, 1, 0, 3>} : tensor<2x4x64x96xbf16, #l1_b> -> tensor<64x4x2x96xbf16, #hs_b>
  return
}
