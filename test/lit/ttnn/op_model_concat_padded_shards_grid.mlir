// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A tiled concat along a padded dimension into shards: ttnn 0.81.1 untilizes the inputs and concatenates
// the rows in the output's memory config; rows that are not whole alignment units are transposed first, and
// the transposed concat's shards must fit the output's grid (TensorSpec shard grid fit TT_FATAL; measured on
// both mock devices, fresh draws seeds 71002 and 71003).

// CHECK-LABEL: op constraints of @transposed_rows_do_not_fit
func.func @transposed_rows_do_not_fit(%a: tensor<798xbf16, #ttnn.layout<dram, interleaved, bf16>>, %b: tensor<640xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c: tensor<416x184xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %d: tensor<416x229xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %e: tensor<416x96xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}the row-major concat 1438x1
  %0 = ttnn.concat %a, %b {dim = -1 : si32} : tensor<798xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<640xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1438xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x1440>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}the row-major concat 509x416
  %1 = ttnn.concat %c, %d, %e {dim = -1 : si32} : tensor<416x184xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<416x229xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<416x96xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<416x509xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 7x1, shard = 64x512>>
  return
}
