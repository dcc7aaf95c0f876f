// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Shards that cover a tensor but leave cores of their grid idle, for ops not
// measured on such grids: ttnn 0.81.1 runs these (mock devices: the reshape
// with cb 2112, scratchpad 2048; the repeat with cb 8704), so the model says
// not_implemented rather than that ttnn rejects them. Shards that do not
// cover the tensor are still rejected.

// 1344x448 in 2x8 block shards of 672x64: the eighth column is idle.
// CHECK-LABEL: op constraints of @reshape_idle_column
func.func @reshape_idle_column(%a: tensor<2x3x224x448xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x8, shard = 672x64>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented: {{.*}} leaves cores of its grid idle
  %r = ttnn.reshape %a {shape = array<i64: 602112>} : tensor<2x3x224x448xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x8, shard = 672x64>> -> tensor<602112xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// 960 rows in 14 height shards of 96: four cores idle.
// CHECK-LABEL: op constraints of @repeat_idle_rows
func.func @repeat_idle_rows(%a: tensor<1x960x224xbf16, #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x7, shard = 96x224>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: not_implemented: {{.*}} leaves cores of its grid idle
  %r = ttnn.repeat %a {repeats = array<i64: 1, 4, 2>} : tensor<1x960x224xbf16, #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x7, shard = 96x224>> -> tensor<1x3840x448xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}

// 960 rows in 6 height shards of 96 do not cover it: rejected.
// CHECK-LABEL: op constraints of @repeat_uncovered
func.func @repeat_uncovered(%a: tensor<1x960x224xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x3, shard = 96x224>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}} does not shard a 1x960x224 tensor
  %r = ttnn.repeat %a {repeats = array<i64: 1, 4, 2>} : tensor<1x960x224xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x3, shard = 96x224>> -> tensor<1x3840x448xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
