// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.to_layout with a sharded side: ttnn 0.81.1's sharded tilize and
// untilize programs. Shards of Hs x Ws tiles; "pair" is one tile of each side.
// Figures: the calibration harness's mock-device ones (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
// 4096x128 bf16 on the 8x8 grid, 64x128 a core (2 x 4 tiles), and on 4x8.
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#hs_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#hs2 = #ttnn.layout<l1, height_sharded, bf16, grid = 4x8, shard = 128x128>
// 448x64 on 4 cores of 128 rows: the last shard holds 64.
#uneven = #ttnn.layout<l1, height_sharded, bf16, grid = 1x4, shard = 128x64>
// 256x1024 block sharded (64x128 a core) and width sharded (256x32).
#bs_rm = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x8, shard = 64x128>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x32>
#ws_wide = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x128>
#ws_odd = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x48>

// CHECK-LABEL: op constraints of @untilize
func.func @untilize(%h: tensor<4096x128xbf16, #hs>, %d: tensor<4096x128xbf16, #dram>, %u: tensor<448x64xbf16, #uneven>, %wide: tensor<64x8192xbf16, #dram>) {
  // Into the same sharding: both CBs are the shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=0 l1=16384 total=16384 out=16384 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x128>]
  %0 = ttnn.to_layout %h : tensor<4096x128xbf16, #hs> -> tensor<4096x128xbf16, #hs_rm>
  // Out of the shard into DRAM: an output CB of Ws x min(2, Hs) = 8 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=0 total=16384 out=0
  %1 = ttnn.to_layout %h : tensor<4096x128xbf16, #hs> -> tensor<4096x128xbf16, #rm>
  // Into a shard from DRAM: 128 tile rows over 64 cores, Wt x 2 pairs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=32768 l1=16384 total=49152 out=16384
  %2 = ttnn.to_layout %d : tensor<4096x128xbf16, #dram> -> tensor<4096x128xbf16, #hs_rm>
  // Uneven shards: the input CB is Ws x min(2, Hs) tiles too, not the shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=0 total=16384 out=0
  %3 = ttnn.to_layout %u : tensor<448x64xbf16, #uneven> -> tensor<448x64xbf16, #rm>
  // 256 tiles a row pass ttnn's 157 tiles per CB: its single-core program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: not_implemented: ttnn.to_layout: a row of 256 tiles of dram interleaved bf16 exceeds ttnn's 157 tiles per CB: its single-core untilize is not modelled
  %4 = ttnn.to_layout %wide : tensor<64x8192xbf16, #dram> -> tensor<64x8192xbf16, #ws_wide>
  return
}

// CHECK-LABEL: op constraints of @tilize
func.func @tilize(%h: tensor<4096x128xbf16, #hs_rm>, %b: tensor<256x1024xbf16, #bs_rm>) {
  // Into the same memory layout: the sharded program keeps the input's shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=0 l1=16384 total=16384 out=16384 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>]
  %0 = ttnn.to_layout %h : tensor<4096x128xbf16, #hs_rm> -> tensor<4096x128xbf16, #hs2>
  // Height sharded into L1 interleaved: an output CB of Wt = 4 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=8192 l1=16384 total=24576 out=16384
  %1 = ttnn.to_layout %h : tensor<4096x128xbf16, #hs_rm> -> tensor<4096x128xbf16, #l1>
  // Into DRAM: the interleaved program, Wt pairs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=0 total=16384 out=0
  %2 = ttnn.to_layout %h : tensor<4096x128xbf16, #hs_rm> -> tensor<4096x128xbf16, #dram>
  // Block into width sharding: the interleaved program on the whole row, 32 pairs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=131072 l1=16384 total=147456 out=16384 layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x32>]
  %3 = ttnn.to_layout %b : tensor<256x1024xbf16, #bs_rm> -> tensor<256x1024xbf16, #ws>
  // A shard of partial tiles: ttnn 0.81.1 TT_FATALs on its alignment.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error: ttnn.to_layout: the output shard shape 256x48 is not a multiple of the 32x32 tile
  %4 = ttnn.to_layout %b : tensor<256x1024xbf16, #bs_rm> -> tensor<256x1024xbf16, #ws_odd>
  return
}
