// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.repeat: one 8-page CB per repeated dimension's program; no repetition is a 2-page copy (ttnn 0.81.1).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>

// CHECK-LABEL: op constraints of @repeat
func.func @repeat(%a: tensor<64x1024xbf16, #dram>, %b: tensor<2x3x64x128xbf16, #dram>, %c: tensor<64x1024xbf16, #l1>, %f: tensor<64x1024xf32, #l1f32>) {
  // 64 tiles read and 128 written in DRAM (393216 B at 288 B/ns) + 2 us = 3366 ns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=0 total=16384 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=3366ns
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 1>} : tensor<64x1024xbf16, #dram> -> tensor<128x1024xbf16, #dram>
  // Two repeated dimensions: two programs whose CBs never coexist; only the output is in L1 (192 tiles, 3 per bank).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=6144 total=22528 out=6144
  %1 = ttnn.repeat %b {repeats = array<i64: 2, 1, 1, 2>} : tensor<2x3x64x128xbf16, #dram> -> tensor<4x3x64x256xbf16, #l1>
  // No repetition into another placement: a copy through a 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=4096 l1=2048 total=6144 out=2048
  %2 = ttnn.repeat %a {repeats = array<i64: 1, 1>} : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // No repetition in the same placement: ttnn returns the input, nothing is allocated or run.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime=0ns
  %4 = ttnn.repeat %c {repeats = array<i64: 1, 1>} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // f32: 8 pages of 4096 B; 128 tiles, 2 per bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=32768 l1=8192 total=40960 out=8192
  %3 = ttnn.repeat %f {repeats = array<i64: 1, 2>} : tensor<64x1024xf32, #l1f32> -> tensor<64x2048xf32, #l1f32>
  return
}

// CHECK-LABEL: op constraints of @outer
func.func @outer(%a: tensor<1x2048x128xbf16, #dram>) {
  // An outer dimension into L1: one page; into DRAM the 8 pages.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=2048 l1=16384 total=18432 out=16384
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 1, 1>} : tensor<1x2048x128xbf16, #dram> -> tensor<2x2048x128xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=0 total=16384 out=0
  %1 = ttnn.repeat %a {repeats = array<i64: 2, 1, 1>} : tensor<1x2048x128xbf16, #dram> -> tensor<2x2048x128xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%a: tensor<2048x128xbf16, #dram>, %b: tensor<4096x128xbf16, #dram>, %s: tensor<4096x128xbf16, #hs>) {
  // Into shards: the same 8-page CB, the output in the shards (measured on both mock devices).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=16384 total=32768 out=16384 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>]
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 1>} : tensor<2048x128xbf16, #dram> -> tensor<4096x128xbf16, #hs>
  // Nothing repeated, to or from shards: ttnn's (un)sharding copy, no CB of its own.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=16384 total=16384 out=16384
  %1 = ttnn.repeat %b {repeats = array<i64: 1, 1>} : tensor<4096x128xbf16, #dram> -> tensor<4096x128xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %2 = ttnn.repeat %s {repeats = array<i64: 1, 1>} : tensor<4096x128xbf16, #hs> -> tensor<4096x128xbf16, #dram>
  return
}
