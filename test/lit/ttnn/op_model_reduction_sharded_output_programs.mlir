// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Sharded outputs of reductions beyond one W or H program (ttnn 0.81.1,
// measured on both mock devices, the same figures): fast_reduce_nc alone
// writes the output as asked; one HW ReduceDeviceOperation of a 2-D tensor
// into a one-core grid sizes its W result's shard to that result (64 x 1 f32:
// 8192 B beside the 2048 B output); fast_reduce_nc's result before a W
// program takes the output's shard spec as it is, which ttnn's TensorSpec
// rejects when its shards do not cover that result (shard_grid_fit_error); a
// bfp8_b W program on whole tiles writes its shards.

#dram = #ttnn.layout<dram, interleaved, bf16>
#dram_b = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @fast_nc_alone
func.func @fast_nc_alone(%x: tensor<8x64x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=38912 l1=2048 total=40960 out=2048
  %0 = ttnn.sum %x {dim_arg = array<i64: 0>, keep_dim = true} : tensor<8x64x128xbf16, #dram> -> tensor<1x64x128xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x4, shard = 32x32>>
  return
}

// CHECK-LABEL: op constraints of @hw_one_core
func.func @hw_one_core(%x: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=26624 l1=10240 total=36864 out=2048
  %0 = ttnn.sum %x {keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<1x1xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x32>>
  return
}

// CHECK-LABEL: op constraints of @fast_nc_then_w
func.func @fast_nc_then_w(%x: tensor<4x256x512xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error
  %0 = ttnn.sum %x {dim_arg = array<i64: 0, 2>, keep_dim = true} : tensor<4x256x512xbf16, #dram> -> tensor<1x256x1xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x1, shard = 32x32>>
  return
}

// CHECK-LABEL: op constraints of @bfp8_w
func.func @bfp8_w(%x: tensor<256x512xbf16, #dram_b>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=12928 l1=1088 total=14016 out=1088
  %0 = ttnn.sum %x {dim_arg = array<i64: 1>, keep_dim = true} : tensor<256x512xbf16, #dram_b> -> tensor<256x1xbf16, #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x1, shard = 32x32>>
  return
}
