// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// where (ttnn 0.81.1's ternary program, mock Wormhole): 4 CBs of 2 pages in each tensor's format, and one
// more per operand for a row broadcast (all operands as wide, not all as tall); the native sharded path
// when the operands have one shape and memory config in L1, nothing is uneven and the output is sharded
// on their grid. Mixed placements are legal and stream.

#dram = #ttnn.layout<dram, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>
#hs64 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 64x64>
#uneven = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 96x64>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @placements
func.func @placements(%l: tensor<256x64xbf16, #l1>, %s: tensor<256x64xbf16, #hs>, %d: tensor<256x64xbf16, #dram>) {
  // L1 operands into shards: the output is its shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=12288 l1=4096 total=16384 out=4096
  %0 = ttnn.where %l, %l, %l : tensor<256x64xbf16, #l1>, tensor<256x64xbf16, #l1>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=12288 total=28672 out=12288
  %1 = ttnn.where %l, %l, %l : tensor<256x64xbf16, #l1>, tensor<256x64xbf16, #l1>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #uneven>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=0 l1=8192 total=8192 out=8192
  %2 = ttnn.where %s, %s, %s : tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #hs> -> tensor<256x64xbf16, #hs64>
  // Mixed: everything streams.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=4096 total=20480 out=4096
  %3 = ttnn.where %s, %s, %l : tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=4096 total=20480 out=4096
  %4 = ttnn.where %d, %d, %d : tensor<256x64xbf16, #dram>, tensor<256x64xbf16, #dram>, tensor<256x64xbf16, #dram> -> tensor<256x64xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @broadcasts
func.func @broadcasts(%c: tensor<224x64xf32, #dramf32>, %row: tensor<1x64xbf16, #dram>, %x: tensor<224x64xbf16, #dram>, %col: tensor<224x1xbf16, #dram>) {
  // A row broadcast: 3 more CBs, in the condition's (f32), true's and false's formats.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=36864 l1=0 total=36864 out=0
  %0 = ttnn.where %c, %row, %x : tensor<224x64xf32, #dramf32>, tensor<1x64xbf16, #dram>, tensor<224x64xbf16, #dram> -> tensor<224x64xbf16, #dram>
  // A row and a column: no row broadcast, 4 CBs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=0 total=16384 out=0
  %1 = ttnn.where %x, %row, %col : tensor<224x64xbf16, #dram>, tensor<1x64xbf16, #dram>, tensor<224x1xbf16, #dram> -> tensor<224x64xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%r: tensor<224x64xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: backend_error: ttnn.where: the condition is row_major dram interleaved bf16; ttnn takes it tiled
  %0 = ttnn.where %r, %r, %r : tensor<224x64xbf16, #rm>, tensor<224x64xbf16, #rm>, tensor<224x64xbf16, #rm> -> tensor<224x64xbf16, #rm>
  return
}

#rm_bs = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 8x2, shard = 624x128>
#rm_hs357 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 7x2, shard = 357x256>
#rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x64>

// A row-major sharded condition: the same program on row-major pages, its tiled CBs (4 x 8192 B in
// f32 streaming into other shards; none on the shards alike); a row broadcast adds 3 CBs.
// CHECK-LABEL: op constraints of @row_major_shards
func.func @row_major_shards(%a: tensor<3x4x416x256xf32, #rm_bs>, %b: tensor<256x64xbf16, #rm_hs>, %c: tensor<1x64xbf16, #rm_hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=32768 l1=365568 total=398336 out=365568
  %0 = ttnn.where %a, %a, %a : tensor<3x4x416x256xf32, #rm_bs>, tensor<3x4x416x256xf32, #rm_bs>, tensor<3x4x416x256xf32, #rm_bs> -> tensor<3x4x416x256xf32, #rm_hs357>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=0 l1=8192 total=8192 out=8192
  %1 = ttnn.where %b, %b, %b : tensor<256x64xbf16, #rm_hs>, tensor<256x64xbf16, #rm_hs>, tensor<256x64xbf16, #rm_hs> -> tensor<256x64xbf16, #rm_hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=28672 l1=8192 total=36864 out=8192
  %2 = ttnn.where %b, %b, %c : tensor<256x64xbf16, #rm_hs>, tensor<256x64xbf16, #rm_hs>, tensor<1x64xbf16, #rm_hs> -> tensor<256x64xbf16, #rm_hs>
  return
}
