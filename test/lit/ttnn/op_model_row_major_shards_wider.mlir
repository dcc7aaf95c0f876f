// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Row-major height shards wider than the tensor's rows (3x50 f32 rows in 3x52 shards): ttnn 0.81.1
// runs them (each page a shard-wide row), so the shared layout check does not reject them; their
// pages and programs were not measured, so they are not modelled. Shards as wide as the rows are
// checked as before, and shards narrower than the rows still do not hold the tensor.

#wide = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x1, shard = 3x52>
#exact = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x1, shard = 3x50>
#narrow = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x1, shard = 3x48>

// CHECK-LABEL: op constraints of @wider
func.func @wider(%a: tensor<3x50xf32, #wide>, %b: tensor<3x50xf32, #wide>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: not_implemented: {{.*}}row-major shards wider than the 3x50 tensor's rows
  %0 = ttnn.add %a, %b : tensor<3x50xf32, #wide>, tensor<3x50xf32, #wide> -> tensor<3x50xf32, #wide>
  return
}

// CHECK-LABEL: op constraints of @narrower
func.func @narrower(%a: tensor<3x50xf32, #narrow>, %b: tensor<3x50xf32, #narrow>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: backend_error: {{.*}}does not shard a 3x50 tensor
  %0 = ttnn.add %a, %b : tensor<3x50xf32, #narrow>, tensor<3x50xf32, #narrow> -> tensor<3x50xf32, #narrow>
  return
}
