// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.repeat's native route (rank 1) ends with interleaved_to_sharded called directly, whose validation
// requires row-major shard rows of whole L1 alignment units (TT_FATAL "valid"), partial last shards or not;
// aligned rows run (measured on both mock devices).

// CHECK-LABEL: op constraints of @unaligned_rows_fail
func.func @unaligned_rows_fail(%a: tensor<126xf32, #ttnn.layout<row_major, l1, interleaved, f32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}}not L1-aligned pages
  %0 = ttnn.repeat %a {repeats = array<i64: 3>} : tensor<126xf32, #ttnn.layout<row_major, l1, interleaved, f32>> -> tensor<378xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x6, shard = 1x63>>
  return
}

// CHECK-LABEL: op constraints of @aligned_partial_shard_runs
func.func @aligned_partial_shard_runs(%a: tensor<100xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=736 total=1792 out=128
  %0 = ttnn.repeat %a {repeats = array<i64: 3>} : tensor<100xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<300xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x5, shard = 1x64>>
  return
}
