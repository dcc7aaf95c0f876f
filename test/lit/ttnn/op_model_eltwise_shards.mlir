// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Unary eltwise on shards (ttnn 0.81.1's UnaryDeviceOperation, mock Wormhole): the sharded program, whose
// CBs are the shards, runs only for an evenly sharded input into the same shards; any other placement
// (other shards on the same grid, an uneven last shard) streams through 2 + 2 pages of tiles. Grids with
// idle cores are legal. Row-major shards alias only with L1-aligned rows holding whole tiles.

#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>
#hs64 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 64x64>
#uneven = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 96x64>
#idle = #ttnn.layout<l1, height_sharded, bf16, grid = 2x8, shard = 32x64>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 4x1, shard = 32x64>
#rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm100 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x100>
#rm96 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x96>

// CHECK-LABEL: op constraints of @tiled
func.func @tiled(%a: tensor<256x64xbf16, #hs>, %u: tensor<256x64xbf16, #uneven>, %i: tensor<256x64xbf16, #idle>, %w: tensor<192xbf16, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=0 l1=4096 total=4096 out=4096
  %0 = ttnn.relu %a : tensor<256x64xbf16, #hs> -> tensor<256x64xbf16, #hs>
  // Other shards on the same grid (4 of the 8 cores idle): streamed.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=8192 total=16384 out=8192
  %1 = ttnn.relu %a : tensor<256x64xbf16, #hs> -> tensor<256x64xbf16, #hs64>
  // 96-row shards of 256 rows: the last one partial, streamed.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.cbrt: success cb=8192 l1=12288 total=20480 out=12288
  %2 = ttnn.cbrt %u : tensor<256x64xbf16, #uneven> -> tensor<256x64xbf16, #uneven>
  // 16 cores, 8 of them idle, every shard full: the sharded program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=0 l1=4096 total=4096 out=4096
  %3 = ttnn.relu %i : tensor<256x64xbf16, #idle> -> tensor<256x64xbf16, #idle>
  // A 192-element vector in 64-column shards on 4 cores (one idle).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.neg: success cb=0 l1=4096 total=4096 out=4096
  %4 = ttnn.neg %w : tensor<192xbf16, #ws> -> tensor<192xbf16, #ws>
  return
}

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%a: tensor<256x100xbf16, #rm>, %s: tensor<256x100xbf16, #rm100>, %t: tensor<256x96xbf16, #rm96>) {
  // Tile-sized pages stream a row-major tensor too; rows of 200 B take 208 B pages.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=832 total=9024 out=832
  %0 = ttnn.relu %a : tensor<256x100xbf16, #rm> -> tensor<256x100xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=6656 total=14848 out=6656
  %1 = ttnn.relu %s : tensor<256x100xbf16, #rm100> -> tensor<256x100xbf16, #rm100>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=0 l1=6144 total=6144 out=6144
  %2 = ttnn.relu %t : tensor<256x96xbf16, #rm96> -> tensor<256x96xbf16, #rm96>
  return
}
