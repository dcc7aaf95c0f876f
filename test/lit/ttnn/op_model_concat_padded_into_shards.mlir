// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// A tiled concat along a padded dimension into height or block shards (rows concatenated in place):
// ttnn 0.81.1 untilizes every input with unpadding in its own buffer, concatenates the rows into row-major
// shards of the output's spec (block shards through DRAM and to_memory_config), then runs
// tilize_with_val_padding into the output's shards: one tile row of the whole width in and out (Wt pairs,
// also for block shards narrower than the row). bfp8_b comes out bf16. Measured on both mock devices
// (fresh draws seeds 214009588 concat #4 and #13, 11102 concat #34, and the cases below).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#bs7 = #ttnn.layout<l1, block_sharded, bf16, grid = 7x1, shard = 224x32>
#bs24 = #ttnn.layout<l1, block_sharded, f32, grid = 2x4, shard = 96x64>
#hs2 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x1, shard = 128x672>
#hs8 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x4, shard = 32x64>

// CHECK-LABEL: op constraints of @padded_height
func.func @padded_height(%a: tensor<4x160x32xbf16, #l1>, %b: tensor<4x193x32xbf16, #dram>, %c: tensor<100x256xf32, #dramf32>, %d: tensor<70x256xf32, #l1f32>, %e: tensor<2x2x20x64xbf16, #dram>, %f: tensor<2x2x30x64xbf16, #dram>) {
  // Block shards on one column: two 1-tile untilize pairs, 2 DRAM rows of 64 B, the row-major reshard's
  // scratchpad, 1 tile pair of tilize.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=4096 l1=29312 total=33408 out=14336
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=28992 total=33088 out=14336
  %0 = ttnn.concat %a, %b {dim = 1 : si32} : tensor<4x160x32xbf16, #l1>, tensor<4x193x32xbf16, #dram> -> tensor<4x353x32xbf16, #bs7>
  // f32 block shards of 64 columns of a 256-wide row: the tilize CBs hold 8 f32 tile pairs.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=65536 l1=51200 total=116736 out=24576
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=65536 l1=50176 total=115712 out=24576
  %1 = ttnn.concat %c, %d {dim = 0 : si32} : tensor<100x256xf32, #dramf32>, tensor<70x256xf32, #l1f32> -> tensor<170x256xf32, #bs24>
  // Height shards written by the row-major program itself.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=8192 l1=8192 total=16384 out=4096
  %2 = ttnn.concat %e, %f {dim = 2 : si32} : tensor<2x2x20x64xbf16, #dram>, tensor<2x2x30x64xbf16, #dram> -> tensor<2x2x50x64xbf16, #hs8>
  return
}

// CHECK-LABEL: op constraints of @bfp8_comes_out_bf16
func.func @bfp8_comes_out_bf16(%a: tensor<2x32x659xbf16, #l1bfp8>, %b: tensor<2x93x659xbf16, #l1bfp8>) {
  // 21-tile rows: the untilize CBs, 2 rows of 1344 B, 21 bf16 tile pairs of tilize; the output bf16 shards.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=86016 l1=349376 total=435392 out=172032 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 128x672>]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=86016 l1=348048 total=434064 out=172032 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 128x672>]
  %0 = ttnn.concat %a, %b {dim = 1 : si32} : tensor<2x32x659xbf16, #l1bfp8>, tensor<2x93x659xbf16, #l1bfp8> -> tensor<2x125x659xbf16, #hs2>
  return
}
