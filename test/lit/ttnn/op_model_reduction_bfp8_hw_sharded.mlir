// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// bfp8_b reductions over H and W (one ReduceDeviceOperation) into a 32x32 height or width shard:
// sums, means and maxes take the bf16 rules' programs (measured on both mock devices, ttnn 0.81.1:
// 64x128 to 802x422). A bfp8_b min runs the negating column program, into a width shard its
// sharded form (2 input pages, the scaler, two CBs of the column's Ht tiles: 6528 B less than the
// interleaved one for 256x192).

#l1 = #ttnn.layout<l1, interleaved, bfp8_b>
#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#ws = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x1, shard = 32x32>
#hs = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x32>

// CHECK-LABEL: op constraints of @sum_width_shard
func.func @sum_width_shard(%x: tensor<256x192xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=12928 l1=9792 total=22720 out=1088
  %0 = ttnn.sum %x {dim_arg = array<i64: 0, 1>} : tensor<256x192xbf16, #l1> -> tensor<bf16, #ws>
  return
}

// CHECK-LABEL: op constraints of @max_height_shard
func.func @max_height_shard(%x: tensor<802x422xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=12928 l1=29376 total=42304 out=1088
  %0 = ttnn.max %x {dim_arg = array<i64: 0, 1>} : tensor<802x422xbf16, #dram> -> tensor<bf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @min_negating
func.func @min_negating(%x: tensor<256x192xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=21632 l1=9792 total=31424 out=1088
  %0 = ttnn.min %x {dim_arg = array<i64: 0, 1>} : tensor<256x192xbf16, #l1> -> tensor<bf16, #ws>
  return
}
