// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// A row-major rank-1 tensor placed into width shards with a partial last shard by to_memory_config (a
// whole-tensor slice, a repeat of nothing): ttnn 0.81.1 runs it, its (un)sharding program for L1-aligned
// shard rows (0 B of CBs), its row-major copy otherwise (measured on both mock devices).

// CHECK-LABEL: op constraints of @partial_last_shard
func.func @partial_last_shard(%a: tensor<300xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %b: tensor<486xf32, #ttnn.layout<row_major, l1, interleaved, f32>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=0 l1=160 total=928 out=160
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=0 l1=160 total=1184 out=160
  %0 = ttnn.slice %a {begins = array<i64: 0>, ends = array<i64: 300>, step = array<i64: 1>} : tensor<300xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<300xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 1x80>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=992 l1=496 total=3432 out=496
  %1 = ttnn.repeat %b {repeats = array<i64: 1>} : tensor<486xf32, #ttnn.layout<row_major, l1, interleaved, f32>> -> tensor<486xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x4, shard = 1x122>>
  return
}
