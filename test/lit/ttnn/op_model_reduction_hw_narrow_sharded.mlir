// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// One H-and-W ReduceDeviceOperation: W, then its column program, whose scaler is the intermediate
// format's (f32 for a bf16 sum) into an interleaved output or after the sharded W program, and the
// input's (bf16) after an interleaved W program into shards. It shows on rows of < 4 tiles, where
// the column program is the larger one (ttnn 0.81.1, both mock devices; the 1017x32 sum was seen
// on fresh draw seed 524006088).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 32x32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x32>
#hs_in = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x64>
#hs_out = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x32>

// CHECK-LABEL: op constraints of @column_scaler
func.func @column_scaler(%x: tensor<1017x32xbf16, #l1>, %y: tensor<62x96xbf16, #dram>, %z: tensor<64x64xbf16, #hs_in>, %d: tensor<64x64xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=14336 l1=133120 total=147456 out=2048
  %0 = ttnn.sum %x {dim_arg = array<i64: 0, -1>, keep_dim = true} : tensor<1017x32xbf16, #l1> -> tensor<1x1xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=14336 l1=10240 total=24576 out=2048
  %1 = ttnn.sum %y {keep_dim = true} : tensor<62x96xbf16, #dram> -> tensor<1x1xbf16, #hs>
  // From height shards: the sharded W program, then an f32 scaler.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=16384 l1=6144 total=22528 out=2048
  %2 = ttnn.sum %z {keep_dim = true} : tensor<64x64xbf16, #hs_in> -> tensor<1x1xbf16, #hs_out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=16384 l1=0 total=16384 out=0
  %3 = ttnn.sum %d {keep_dim = true} : tensor<64x64xbf16, #dram> -> tensor<1x1xbf16, #dram>
  return
}

// One-core height shards take the interleaved W program: max of 240x221 f32 took cb=45056 l1=36864
// total=81920 out=4096 (fresh draw seed 630771013, both devices).
#hs32 = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 256x224>

// CHECK-LABEL: op constraints of @one_core_shards
func.func @one_core_shards(%x: tensor<240x221xf32, #hs32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=45056 l1=36864 total=81920 out=4096
  %0 = ttnn.max %x {keep_dim = false} : tensor<240x221xf32, #hs32> -> tensor<f32, #hs32>
  return
}
