// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn 0.81.1 runs (0, 2, 3, 1), (0, 3, 1, 2) and (0, 3, 2, 1) of a sharded tiled input (and
// transposes of dimensions 1 and 3) as chains of transposes; each inner transpose places its result
// from its input (the shard scaled to the result, a shard synthesized over the compute grid, or L1
// interleaved) and every intermediate lives until the chain ends (DataOps.cpp, kShardedChains).
// Figures measured on both mock devices (draw 406384315 permutes #4, #14 and transpose #5; probes
// over 200 random chains).

// CHECK-LABEL: op constraints of @chains
func.func @chains(%a: tensor<1x4x192x352xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 3x2, shard = 256x192>>, %b: tensor<2x992x470xf32, #ttnn.layout<l1, width_sharded, f32, grid = 3x5, shard = 1984x32>>) {
  // HC into the block shards scaled to 1x192x32x352 (2048x192, 768 KiB a core), then WH into L1.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=8192 l1=854016 total=862208 out=67584
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=821248 total=829440 out=34816
  %0 = ttnn.permute %a {permutation = array<i64: 0, 2, 3, 1>} : tensor<1x4x192x352xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 3x2, shard = 256x192>> -> tensor<1x192x352x4xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // The first WH swap, where the width shard does not scale to 480x992 (L1 interleaved, 2 + 2 f32 tiles), then HC into DRAM.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=16384 l1=61440 total=77824 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=16384 l1=32768 total=49152 out=0
  %1 = ttnn.permute %b {permutation = array<i64: 2, 0, 1>} : tensor<2x992x470xf32, #ttnn.layout<l1, width_sharded, f32, grid = 3x5, shard = 1984x32>> -> tensor<470x2x992xf32, #ttnn.layout<dram, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @sharded_wh_steps
func.func @sharded_wh_steps(%a: tensor<1x1x256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>>, %b: tensor<2x3x256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x3, shard = 256x64>>) {
  // N = C = 1: the first WH promotes the height shards to 64x64 width shards and runs ttnn's sharded
  // WH program on them (no buffer of its own); HC, WH into L1.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=8192 l1=286720 total=294912 out=16384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=278528 total=286720 out=8192
  %0 = ttnn.permute %a {permutation = array<i64: 0, 3, 2, 1>} : tensor<1x1x256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>> -> tensor<1x64x256x1xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // Whole 256x64 slices a shard: the sharded WH program into 64x256 shards, then HC (2 tiles, a face).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4608 l1=32768 total=37376 out=0
  %1 = ttnn.permute %b {permutation = array<i64: 0, 3, 1, 2>} : tensor<2x3x256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x3, shard = 256x64>> -> tensor<2x64x3x256xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%a: tensor<4x1x64x192xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 4x3, shard = 64x64>>, %b: tensor<2x1x100x200xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 2x4, shard = 128x64>>) {
  // ttnn.permute keeps bfp8_b shards: WH on bfp8_b tiles into a synthesized 96x32 block shard; the HC
  // casts its input to bf16, transposes and casts back (both bf16 tensors freed when it returns); WH.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=6272 l1=310464 total=316736 out=26112
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=6272 l1=310464 total=316736 out=13056
  %0 = ttnn.permute %a {permutation = array<i64: 0, 3, 2, 1>} : tensor<4x1x64x192xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 4x3, shard = 64x64>> -> tensor<4x192x64x1xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  // ttnn.transpose of dimensions 1 and 3 casts the whole chain to bf16 (the copy held to the end).
  // (Draw 406384315's transpose #5, 4x1x523x740 from 448x256 block shards, is exact too, past L1.)
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=8192 l1=174080 total=182272 out=27200
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=8192 l1=129024 total=137216 out=14144
  %1 = ttnn.transpose %b {dim0 = 1 : si32, dim1 = 3 : si32} : tensor<2x1x100x200xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 2x4, shard = 128x64>> -> tensor<2x200x100x1xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}
