// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1 tilizes a rank-1 tensor through a 2-D view and reshapes the tiled result back; into
// width shards narrower than the padded row that reshape TT_FATALs (tensor_ops.cpp:380, measured on
// both mock devices: 734 f32 elements into 4x1 shards of 32x192). Which shards pass was not
// measured, so the model answers not_implemented rather than the tilize's figures.

#rm_l1 = #ttnn.layout<row_major, l1, interleaved, f32>
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 4x1, shard = 32x192>

// CHECK-LABEL: op constraints of @rank1_tilize
func.func @rank1_tilize(%a: tensor<734xf32, #rm_l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: not_implemented: ttnn.to_layout: a rank-1 tilize into width or block shards
  %0 = ttnn.to_layout %a : tensor<734xf32, #rm_l1> -> tensor<734xf32, #ws>
  return
}
