// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.permute of a sharded tiled input: ttnn 0.81.1's permute programs read the shards where they are,
// with their interleaved CBs; three permutations run as chains of transposes over derived shards.
// Figures measured on the mock devices (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x8, shard = 64x64>

// CHECK-LABEL: op constraints of @sharded_input
func.func @sharded_input(%a: tensor<2x4x256x64xbf16, #hs>) {
  // Row-invariant: 2 tiles and a 32 B face row of padding (4 rows).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4128 l1=0 total=4128 out=0
  %0 = ttnn.permute %a {permutation = array<i64: 2, 0, 1, 3>} : tensor<2x4x256x64xbf16, #hs> -> tensor<256x2x4x64xbf16, #dram>
  // Generic: 3 CBs of 2 tiles and the face row.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12320 l1=524288 total=536608 out=524288
  %1 = ttnn.permute %a {permutation = array<i64: 3, 2, 1, 0>} : tensor<2x4x256x64xbf16, #hs> -> tensor<64x256x4x2xbf16, #l1>
  // A chain of transposes: HC into the input's shards scaled to 2x256x32x64 (64 KiB a core), then WH.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=65536 total=73728 out=0
  %2 = ttnn.permute %a {permutation = array<i64: 0, 2, 3, 1>} : tensor<2x4x256x64xbf16, #hs> -> tensor<2x256x64x4xbf16, #dram>
  return
}
