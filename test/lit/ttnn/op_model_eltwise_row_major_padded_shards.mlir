// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A row-major eltwise operand in width shards that do not divide its rows:
// ttnn pads the rows to whole shards and the result keeps the padding
// (mock devices, seed 696501191 activation #11: sigmoid of 2x1x672x512 f32
// from 25-wide shards on 21 cores writes 528-element rows, out 44352 B per
// bank on Wormhole where 512-element rows take 43008): not modelled.

// CHECK-LABEL: op constraints of @padded_rows
func.func @padded_rows(%a: tensor<2x1x672x512xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 7x3, shard = 1344x25>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sigmoid: not_implemented: {{.*}} pads its 512-element rows to whole shards
  %r = ttnn.sigmoid %a : tensor<2x1x672x512xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 7x3, shard = 1344x25>> -> tensor<2x1x672x512xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  return
}

// Shards that divide the rows: modelled (the unary program's two CBs).
// CHECK-LABEL: op constraints of @whole_shards
func.func @whole_shards(%a: tensor<2x1x672x512xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 2x8, shard = 1344x32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sigmoid: success cb=16384
  %r = ttnn.sigmoid %a : tensor<2x1x672x512xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 2x8, shard = 1344x32>> -> tensor<2x1x672x512xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  return
}
