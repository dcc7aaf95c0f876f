// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Rank-1 width-sharded inputs of whole tiles run in ttnn 0.81.1 (measured on both mock
// devices: 32 + 32 f32 into DRAM, Wormhole cb=16384 l1=256 total=16640; fresh draw seed
// 839945457), where the model rejected them as ttnn rejects rank-1 height shards
// (op_model_concat_unaligned.mlir): not_implemented, never a rejection. Rank-1 block shards
// TT_FATAL (the untilized rank-1 rows in the input's shard spec; measured on both devices:
// 320 and 832 elements in 32x160 block shards into DRAM, L1 and block shards).

#ws = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 32x32>
#dram = #ttnn.layout<dram, interleaved, f32>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x2, shard = 32x160>

// CHECK-LABEL: op constraints of @whole_tiles
func.func @whole_tiles(%a: tensor<32xf32, #ws>, %b: tensor<32xf32, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: {{.*}}rank-1 width shards of whole tiles is not modelled
  %0 = ttnn.concat %a, %b {dim = 0 : si32} : tensor<32xf32, #ws>, tensor<32xf32, #ws> -> tensor<64xf32, #dram>
  return
}

// CHECK-LABEL: op constraints of @block
func.func @block(%a: tensor<320xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1 cannot untilize rank-1 shards
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<320xbf16, #bs>, tensor<320xbf16, #bs> -> tensor<640xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// Into shards the untilized rank-1 concat takes the output's shards, a tile high (TT_FATAL, "shard
// shape must be 1D"; fresh draw seed 917987003 concat #2).
#ws7 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x7, shard = 32x128>
#bs8 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x8, shard = 32x352>
// CHECK-LABEL: op constraints of @whole_tiles_into_shards
func.func @whole_tiles_into_shards(%a: tensor<896xbf16, #ws7>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}whose shards are not one row high
  %0 = ttnn.concat %a, %a, %a {dim = 0 : si32} : tensor<896xbf16, #ws7>, tensor<896xbf16, #ws7>, tensor<896xbf16, #ws7> -> tensor<2688xbf16, #bs8>
  return
}
