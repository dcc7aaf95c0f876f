// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// typecast (ttnn 0.81.1, mock Wormhole): 2 + 2 pages of tiles in the two formats, for any placement and
// page layout, other shards and grids of one memory layout included; two memory layouts, and row-major
// shards whose rows are not 16-byte aligned pages, TT_FATAL. Tiles of one size (one data type, f32 <->
// u32) take the sharded program on a sharded input: its CBs are the shards, on as many cores.

#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>
#hs64f32 = #ttnn.layout<l1, height_sharded, f32, grid = 1x8, shard = 64x64>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#dramu32 = #ttnn.layout<dram, interleaved, u32>
#dram = #ttnn.layout<dram, interleaved, bf16>
#rmf32 = #ttnn.layout<row_major, l1, interleaved, f32>
#rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#rms = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x100>
#rmsf32 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 8x1, shard = 32x100>

// CHECK-LABEL: op constraints of @typecast
func.func @typecast(%s: tensor<256x64xbf16, #hs>, %u: tensor<256x64xui32, #dramu32>, %r: tensor<256x100xf32, #rmf32>, %rs: tensor<256x100xbf16, #rms>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=16384 total=28672 out=16384
  %0 = ttnn.typecast %s : tensor<256x64xbf16, #hs> -> tensor<256x64xf32, #hs64f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: ttnn.typecast: the input is l1 height_sharded bf16 (grid 1x8, shard 32x64) but the output is l1 interleaved f32
  %1 = ttnn.typecast %s : tensor<256x64xbf16, #hs> -> tensor<256x64xf32, #l1f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=0 total=12288 out=0
  %2 = ttnn.typecast %u : tensor<256x64xui32, #dramu32> -> tensor<256x64xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=832 total=13120 out=832
  %3 = ttnn.typecast %r : tensor<256x100xf32, #rmf32> -> tensor<256x100xbf16, #rm>
  // 100 bf16 elements: 200 B rows.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: ttnn.typecast: the input's shard rows
  %4 = ttnn.typecast %rs : tensor<256x100xbf16, #rms> -> tensor<256x100xf32, #rmsf32>
  return
}

#hs_b = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>
#hs_b24 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x4, shard = 32x64>
#hs_b3 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 96x64>
#hs_f = #ttnn.layout<l1, height_sharded, f32, grid = 1x8, shard = 32x64>
#hs_u = #ttnn.layout<l1, height_sharded, u32, grid = 1x8, shard = 32x64>

// CHECK-LABEL: op constraints of @sharded_program
func.func @sharded_program(%b: tensor<256x64xbf16, #hs_b>, %f: tensor<256x64xf32, #hs_f>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=0 l1=4096 total=4096 out=4096
  %0 = ttnn.typecast %b : tensor<256x64xbf16, #hs_b> -> tensor<256x64xbf16, #hs_b24>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: ttnn.typecast: the input is l1 height_sharded bf16 (grid 1x8, shard 32x64) but the output is l1 height_sharded bf16 (grid 1x3, shard 96x64); ttnn's sharded typecast keeps the number of cores
  %1 = ttnn.typecast %b : tensor<256x64xbf16, #hs_b> -> tensor<256x64xbf16, #hs_b3>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=0 l1=8192 total=8192 out=8192
  %2 = ttnn.typecast %f : tensor<256x64xf32, #hs_f> -> tensor<256x64xui32, #hs_u>
  return
}
