// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.transpose is ttnn.permute's model for the swap of two dimensions:
// ttnn 0.81.1 runs the same WH, HC and CN transposes (rank <= 4 seen as 4-D)
// or a permute program. The transposes write sharded outputs with the same
// CBs. Figures: the calibration harness's mock-device ones (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 128x64>
#rows = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x64>
#bst = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 256x32>
#ws48 = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 128x128>

// CHECK-LABEL: op constraints of @transposes
func.func @transposes(%a: tensor<1x8x512x64xbf16, #dram>, %b: tensor<1x32x256x64xbf16, #dram>, %c: tensor<2x8x256x64xbf16, #dram>, %d: tensor<256x1024xbf16, #dram>, %h: tensor<4096x128xbf16, #hs>) {
  // HC: 2 tiles and a 16x16 face (the new second-to-last dimension, 8, is not a tile multiple).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=4608 l1=0 total=4608 out=0
  %0 = ttnn.transpose %a {dim0 = 1 : si32, dim1 = 2 : si32} : tensor<1x8x512x64xbf16, #dram> -> tensor<1x512x8x64xbf16, #dram>
  // HC into height shards: the same 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=4096 l1=16384 total=20480 out=16384
  %1 = ttnn.transpose %b {dim0 = 1 : si32, dim1 = 2 : si32} : tensor<1x32x256x64xbf16, #dram> -> tensor<1x256x32x64xbf16, #rows>
  // Dimensions 0 and 2: permute's row-invariant program, 2 tiles and a 32 B face row.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=4128 l1=0 total=4128 out=0
  %2 = ttnn.transpose %c {dim0 = 0 : si32, dim1 = 2 : si32} : tensor<2x8x256x64xbf16, #dram> -> tensor<256x8x2x64xbf16, #dram>
  // WH into block shards: 2 + 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=8192 l1=16384 total=24576 out=16384
  %3 = ttnn.transpose %d {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<256x1024xbf16, #dram> -> tensor<1024x256xbf16, #bst>
  // A height-sharded input's WH transpose into width shards of the transposed shard on its grid:
  // ttnn's sharded WH program, each core its own shard (no CB).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=0 l1=16384 total=16384 out=16384
  %4 = ttnn.transpose %h {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<4096x128xbf16, #hs> -> tensor<128x4096xbf16, #ws>
  // Into other shards: the interleaved WH program's 2 + 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=8192 l1=32768 total=40960 out=32768
  %5 = ttnn.transpose %h {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<4096x128xbf16, #hs> -> tensor<128x4096xbf16, #ws48>
  return
}
