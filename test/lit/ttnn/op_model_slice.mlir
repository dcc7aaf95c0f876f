// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.slice (unit steps): one 2-page CB and a 4-byte scratchpad word per dimension (ttnn 0.81.1).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x1024>

// CHECK-LABEL: op constraints of @slice
func.func @slice(%a: tensor<64x1024xbf16, #dram>, %b: tensor<2x3x64x128xbf16, #dram>) {
  // total = 4096 + 2 x 4 B; runtime: 16 tiles read and 16 written in DRAM (65536 B at 288 B/ns) + 2 us = 2228 ns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=0 total=4104 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=2228ns
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 32, 512>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #dram> -> tensor<32x512xbf16, #dram>
  // Rank 4: 16 B of scratchpad; 16 output tiles, one per bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=2048 total=6160 out=2048
  %1 = ttnn.slice %b {begins = array<i64: 0, 1, 0, 0>, ends = array<i64: 2, 3, 64, 64>, step = array<i64: 1, 1, 1, 1>} : tensor<2x3x64x128xbf16, #dram> -> tensor<2x2x64x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: ttnn.slice: a step above 1 (ttnn 0.81.1 untilizes, slices and tilizes) is not modelled
  %2 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 2>} : tensor<64x1024xbf16, #dram> -> tensor<64x512xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%s: tensor<64x1024xbf16, #hs>) {
  // A sharded input streams through the same CB (measured); a sharded output is not modelled.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=2048 total=6152 out=2048
  %0 = ttnn.slice %s {begins = array<i64: 0, 0>, ends = array<i64: 32, 1024>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #hs> -> tensor<32x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: ttnn.slice: a sharded output (l1 height_sharded bf16 (grid 1x2, shard 32x1024)) is not modelled
  %1 = ttnn.slice %s {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #hs> -> tensor<64x1024xbf16, #hs>
  return
}
