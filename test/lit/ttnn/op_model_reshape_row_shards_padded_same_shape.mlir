// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.reshape to the same shape of a row-major tensor whose rows are padded to whole width / block
// shards: ttnn 0.81.1's padded shape differs, so it reshapes (reshape.cpp): between shardings in one
// buffer type a view, which TT_FATALs (tensor_ops.cpp:380); else sharded_to_interleaved first, which
// TT_FATALs on shard rows not L1-aligned. Aligned rows into interleaved memory run (not modelled).
// Measured on both mock devices (edge draw seed 134189470 reshape #0, #6, #16, #27 were
// not_implemented).

#ws31 = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 5x5, shard = 448x31>
#bs78 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 6x3, shard = 256x78>
#ws8 = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 4x5, shard = 7389x8>
#bs52 = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 7x3, shard = 1056x52>
#ws32 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 200x32>
#dramf = #ttnn.layout<row_major, dram, interleaved, f32>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @same_shape
func.func @same_shape(%a: tensor<1x2x224x762xf32, #ws31>, %b: tensor<2x4x192x232xbf16, #bs78>, %c: tensor<3x3x821x156xf32, #ws8>, %d: tensor<2x100x90xbf16, #ws32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}whose 124 B shard rows are not 16 B-aligned
  %0 = ttnn.reshape %a {shape = array<i64: 1, 2, 224, 762>} : tensor<1x2x224x762xf32, #ws31> -> tensor<1x2x224x762xf32, #dramf>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}whose 156 B shard rows are not 16 B-aligned
  %1 = ttnn.reshape %b {shape = array<i64: 2, 4, 192, 232>} : tensor<2x4x192x232xbf16, #bs78> -> tensor<2x4x192x232xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}padded to whole shards, as 156 columns (its view TT_FATALs)
  %2 = ttnn.reshape %c {shape = array<i64: 3, 3, 821, 156>} : tensor<3x3x821x156xf32, #ws8> -> tensor<3x3x821x156xf32, #bs52>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented:
  %3 = ttnn.reshape %d {shape = array<i64: 2, 100, 90>} : tensor<2x100x90xbf16, #ws32> -> tensor<2x100x90xbf16, #dram>
  return
}
