// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.slice of a row-major tensor straight into width or block shards (SliceRm): ttnn 0.81.1 views the
// result to its logical shape afterwards, which TT_FATALs (tensor_ops.cpp:380) when the result's last
// dimension is not a tile multiple and the shards are narrower than the row; a tile-multiple result runs
// (measured on both mock devices).

// CHECK-LABEL: op constraints of @unaligned_width_fails
func.func @unaligned_width_fails(%a: tensor<2x320xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %b: tensor<320xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: {{.*}}sliced rows of 300 elements
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 2, 300>, step = array<i64: 1, 1>} : tensor<2x320xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<2x300xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 2x80>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: {{.*}}sliced rows of 300 elements
  %1 = ttnn.slice %b {begins = array<i64: 0>, ends = array<i64: 300>, step = array<i64: 1>} : tensor<320xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<300xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x4, shard = 1x80>>
  return
}

// CHECK-LABEL: op constraints of @tile_multiple_width_runs
func.func @tile_multiple_width_runs(%a: tensor<320xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4608 l1=192 total=4804 out=192
  %0 = ttnn.slice %a {begins = array<i64: 32>, ends = array<i64: 320>, step = array<i64: 1>} : tensor<320xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<288xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 1x96>>
  return
}
