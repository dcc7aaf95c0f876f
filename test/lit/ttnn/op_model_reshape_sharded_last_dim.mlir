// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's reshape of a sharded tiled input into shards that changes the last dimension,
// from shards narrower than the padded last dimension: ttnn runs some (4x1024 in 32x64 width
// shards to 4096, 4x2x53x160 in 256x32 block shards to 32x40x53: stress seeds 397264616 #26,
// 708750739 #9, where the model had rejected them): not modelled. A rank-1 result not a tile
// multiple in shards not spanning its padded length fails from any input and placement (its
// tile-padded copy is viewed there: tensor_ops.cpp:380; 451x351 to 158301, stress 284182979 #14;
// 3x1x63x368 from DRAM to 69552, 1000 to itself, stress 958275236 #43). Both mock devices.

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 3x4, shard = 160x96>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 6x5, shard = 32x5280>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 2x8, shard = 32x64>
#ws512 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x8, shard = 32x512>
#dram = #ttnn.layout<dram, interleaved, bf16>
#ws4352 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x2, shard = 32x4352>
#ws256 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 32x256>

// CHECK-LABEL: op constraints of @narrow_shards
func.func @narrow_shards(%a: tensor<451x351xbf16, #bs>, %b: tensor<4x1024xbf16, #ws64>, %c: tensor<3x1x63x368xbf16, #dram>, %d: tensor<1000xbf16, #ws256>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn 0.81.1 views the rank-1 result of 158301 from its tile-padded copy only in shards spanning it
  %0 = ttnn.reshape %a {shape = array<i64: 158301>} : tensor<451x351xbf16, #bs> -> tensor<158301xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented: ttnn.reshape: a reshape of {{.*}}(shards narrower than the padded last dimension) into shards changing the last dimension is not modelled
  %1 = ttnn.reshape %b {shape = array<i64: 4096>} : tensor<4x1024xbf16, #ws64> -> tensor<4096xbf16, #ws512>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}only in shards spanning it
  %2 = ttnn.reshape %c {shape = array<i64: 69552>} : tensor<3x1x63x368xbf16, #dram> -> tensor<69552xbf16, #ws4352>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}only in shards spanning it
  %3 = ttnn.reshape %d {shape = array<i64: 1000>} : tensor<1000xbf16, #ws256> -> tensor<1000xbf16, #ws256>
  return
}


// A bfp8_b input goes through bf16 copies, the last tile-padded ([1, 32, W'] for a rank-1 result
// of W) and viewed as the result in the output's shards: a rank-1 W not a multiple of 32 changes
// the last dimension there and fails in shards narrower than W' (26x831 to 21606 in 32x7232 block
// shards, 2x1x113x321 from DRAM to 72546: stress seeds 405609447 #8, 397264616 #21); rank-2
// results run in any shards (stress 654820101 #19, #69 and 280267417 #94 were wrong rejections).
// From shards narrower than the padded last dimension (896 in 1x3 block shards of 32x320 to
// 64x14, seed 302483210 #4): not modelled. Both mock devices.
#bs_rank1 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x3, shard = 32x320>
#hs_64 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 64x32>
#hs_832 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x832>
#bs_7232 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x3, shard = 32x7232>
#dram8 = #ttnn.layout<dram, interleaved, bfp8_b>
#bs_10368 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x7, shard = 32x10368>
#hs_96 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x1, shard = 32x96>
#ws_64 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x3, shard = 32x64>
#ws_128 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x1, shard = 128x64>
#bs_64 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 2x2, shard = 32x64>
// CHECK-LABEL: op constraints of @bfp8_b_input
func.func @bfp8_b_input(%a: tensor<896xbf16, #bs_rank1>, %b: tensor<26x831xbf16, #hs_832>, %c: tensor<2x1x113x321xbf16, #dram8>, %d: tensor<64x96xbf16, #hs_96>, %e: tensor<128x64xbf16, #ws_128>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: not_implemented: ttnn.reshape: a reshape of {{.*}}(shards narrower than the padded last dimension) into shards changing the last dimension is not modelled
  %0 = ttnn.reshape %a {shape = array<i64: 64, 14>} : tensor<896xbf16, #bs_rank1> -> tensor<64x14xbf16, #hs_64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn 0.81.1 views the rank-1 result of 21606 from its tile-padded copy only in shards spanning it
  %1 = ttnn.reshape %b {shape = array<i64: 21606>} : tensor<26x831xbf16, #hs_832> -> tensor<21606xbf16, #bs_7232>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}only in shards spanning it
  %2 = ttnn.reshape %c {shape = array<i64: 72546>} : tensor<2x1x113x321xbf16, #dram8> -> tensor<72546xbf16, #bs_10368>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=6272 l1=5312 total=11584 out=2176
  %3 = ttnn.reshape %d {shape = array<i64: 32, 192>} : tensor<64x96xbf16, #hs_96> -> tensor<32x192xbf16, #ws_64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=6272 l1=5312 total=11584 out=2176
  %4 = ttnn.reshape %e {shape = array<i64: 64, 128>} : tensor<128x64xbf16, #ws_128> -> tensor<64x128xbf16, #bs_64>
  return
}
