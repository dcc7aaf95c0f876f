// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.typecast of row-major shards into other shards: ttnn 0.81.1's program
// needs as many pages of as many elements on both sides
// (typecast_program_factory.cpp:116, TT_FATAL on both mock devices for 1x160
// shards on 3 cores into 1x69 on 7); shards of one width recut otherwise are
// not measured: not implemented.

// CHECK-LABEL: op constraints of @other_width
func.func @other_width(%a: tensor<480xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x3, shard = 1x160>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: {{.*}} pages of as many elements
  %r = ttnn.typecast %a : tensor<480xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x3, shard = 1x160>> -> tensor<480xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x7, shard = 1x69>>
  return
}

// CHECK-LABEL: op constraints of @same_width_other_grid
func.func @same_width_other_grid(%a: tensor<64x128xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 16x128>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: not_implemented: {{.*}} row-major shards recut
  %r = ttnn.typecast %a : tensor<64x128xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 16x128>> -> tensor<64x128xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x2, shard = 32x128>>
  return
}
