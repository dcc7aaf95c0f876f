// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A bf16 sum over H and W (one HW operation, its W result in f32) into shards: the column program's
// scaler is the input's bf16 after the interleaved W program into width shards or one core's height
// shard, else f32 (2048 B more: height shards on two cores, block shards on any grid). Measured on
// both mock devices, 5 shapes x 8 output shardings; the model had given 14336 B for all. The same
// with leading dimensions (43 probes; they had been not_implemented).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs1 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x32>
#hs2 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x32>
#bs2 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x1, shard = 64x64>

// CHECK-LABEL: op constraints of @hw_scaler
func.func @hw_scaler(%a: tensor<300x64xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=14336 l1=43008 total=57344 out=2048
  %0 = ttnn.sum %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<300x64xbf16, #dram> -> tensor<1x1xbf16, #hs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=16384 l1=22528 total=38912 out=2048
  %1 = ttnn.sum %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<300x64xbf16, #dram> -> tensor<1x1xbf16, #hs2>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=16384 l1=22528 total=38912 out=2048
  %2 = ttnn.sum %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<300x64xbf16, #dram> -> tensor<1x1xbf16, #bs2>
  return
}

#l1_4 = #ttnn.layout<l1, interleaved, bf16>
#bs21 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x1, shard = 32x64>
#hs11 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x32>

// CHECK-LABEL: op constraints of @leading_dims
func.func @leading_dims(%a: tensor<2x3x96x32xbf16, #l1_4>, %b: tensor<3x96x64xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=16384 l1=43008 total=59392 out=2048
  %0 = ttnn.sum %a {dim_arg = array<i64: 2, 3>, keep_dim = false} : tensor<2x3x96x32xbf16, #l1_4> -> tensor<2x3xbf16, #bs21>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=10240 l1=24576 total=34816 out=6144
  %1 = ttnn.max %b {dim_arg = array<i64: 1, 2>, keep_dim = true} : tensor<3x96x64xbf16, #dram> -> tensor<3x1x1xbf16, #hs11>
  return
}
