// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's reshape of a sharded tiled input into shards that changes the last dimension,
// from shards narrower than the padded last dimension: ttnn fails some (tensor_ops.cpp, TT_FATAL;
// both mock devices: 451x351 in 160x96 block shards to 158301, stress seed 284182979 #14) and runs
// others (4x1024 in 32x64 width shards to 4096, 4x2x53x160 in 256x32 block shards to 32x40x53:
// stress seeds 397264616 #26, 708750739 #9, where the model had rejected them): not modelled.

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 3x4, shard = 160x96>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 6x5, shard = 32x5280>

// CHECK-LABEL: op constraints of @narrow_shards
func.func @narrow_shards(%a: tensor<451x351xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented: ttnn.reshape: a reshape of {{.*}}(shards narrower than the padded last dimension) into shards changing the last dimension is not modelled
  %0 = ttnn.reshape %a {shape = array<i64: 158301>} : tensor<451x351xbf16, #bs> -> tensor<158301xbf16, #ws>
  return
}


// A bfp8_b input goes through bf16 copies whose views meet other shards: some run (896 in 1x3
// block shards of 32x320 to 64x14 height shards; 612x567 in 160x160 block shards to 306x2x63x9),
// some fail (26x831 in a 32x832 height shard to 21606 in block shards of 32x7232: the view into
// output shards not spanning the result's padded last dimension): fresh draws seed 302483210
// reshape #4, stress 405609447 #36 and #8, both mock devices. The runs are not modelled.
#bs_rank1 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x3, shard = 32x320>
#hs_64 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 64x32>
#hs_832 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x832>
#bs_7232 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x3, shard = 32x7232>
// CHECK-LABEL: op constraints of @bfp8_b_input
func.func @bfp8_b_input(%a: tensor<896xbf16, #bs_rank1>, %b: tensor<26x831xbf16, #hs_832>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented: ttnn.reshape: a reshape of {{.*}}(shards narrower than the padded last dimension) into shards changing the last dimension is not modelled
  %0 = ttnn.reshape %a {shape = array<i64: 64, 14>} : tensor<896xbf16, #bs_rank1> -> tensor<64x14xbf16, #hs_64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn 0.81.1 views a bfp8_b result changing the last dimension only in shards spanning it
  %1 = ttnn.reshape %b {shape = array<i64: 21606>} : tensor<26x831xbf16, #hs_832> -> tensor<21606xbf16, #bs_7232>
  return
}

// An interleaved bfp8_b input into rank-1 shards narrower than the result: ttnn's view fails
// (2x1x113x321 from DRAM to 72546 in block shards of 32x10368: stress seed 397264616 #21) where
// rank-2 and higher results run: not modelled.
#dram8 = #ttnn.layout<dram, interleaved, bfp8_b>
#bs_10368 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x7, shard = 32x10368>
// CHECK-LABEL: op constraints of @bfp8_b_into_rank1_shards
func.func @bfp8_b_into_rank1_shards(%a: tensor<2x1x113x321xbf16, #dram8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented: ttnn.reshape: a bfp8_b reshape into rank-1 shards narrower than the result is not modelled
  %0 = ttnn.reshape %a {shape = array<i64: 72546>} : tensor<2x1x113x321xbf16, #dram8> -> tensor<72546xbf16, #bs_10368>
  return
}
