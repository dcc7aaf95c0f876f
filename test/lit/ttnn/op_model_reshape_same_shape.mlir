// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.reshape to the same shape: the input itself in its own placement (sharded bfp8_b too), else
// to_memory_config's copy when the last two dimensions are whole tiles; ttnn compares the padded shapes,
// so partial tiles run the tiled program. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#ws_b = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x1, shard = 256x96>

// CHECK-LABEL: op constraints of @same_shape
func.func @same_shape(%a: tensor<64x1024xbf16, #dram>, %b: tensor<3x288x923xbf16, #dram>, %s: tensor<256x96xbf16, #ws_b>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=4096 l1=2048 total=6144 out=2048
  %0 = ttnn.reshape %a {shape = array<i64: 64, 1024>} : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // A 1024 B mapping page and a tile of DFB, a tile of scratchpad.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=26624 total=31744 out=26624
  %1 = ttnn.reshape %b {shape = array<i64: 3, 288, 923>} : tensor<3x288x923xbf16, #dram> -> tensor<3x288x923xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 {{.*}} runtime=0ns
  %2 = ttnn.reshape %s {shape = array<i64: 256, 96>} : tensor<256x96xbf16, #ws_b> -> tensor<256x96xbf16, #ws_b>
  return
}

#ws320 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x3, shard = 32x128>
#bs320 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x5, shard = 32x64>

// Between shards, a padded shape that misses the copy shortcut, or a shape keeping the last
// dimension (and whole tile rows), reaches ttnn's view test, which keeps the input in its own
// placement whatever was asked: the answer's layout is the input's, no buffer (measured on both
// devices: a rank-1 320, seed 513243123; 352x834, seed 269310732 reshape #6; 64x96 to 2x32x96;
// row-major 4x50x64 to 200x64).
#bs834 = #ttnn.layout<l1, block_sharded, bf16, grid = 3x5, shard = 128x192>
#bs834b = #ttnn.layout<l1, block_sharded, bf16, grid = 2x4, shard = 192x224>
#bs96 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x3, shard = 32x32>
#hs96 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x96>
#hs_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x64>
#bs_rm = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x1, shard = 128x64>
// CHECK-LABEL: op constraints of @view_between_shards
func.func @view_between_shards(%a: tensor<320xbf16, #ws320>, %b: tensor<352x834xbf16, #bs834>, %c: tensor<64x96xbf16, #bs96>, %d: tensor<4x50x64xbf16, #hs_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 1x3, shard = 32x128>]
  %0 = ttnn.reshape %a {shape = array<i64: 320>} : tensor<320xbf16, #ws320> -> tensor<320xbf16, #bs320>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 3x5, shard = 128x192>]
  %1 = ttnn.reshape %b {shape = array<i64: 352, 834>} : tensor<352x834xbf16, #bs834> -> tensor<352x834xbf16, #bs834b>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 2x3, shard = 32x32>]
  %2 = ttnn.reshape %c {shape = array<i64: 2, 32, 96>} : tensor<64x96xbf16, #bs96> -> tensor<2x32x96xbf16, #hs96>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x64>]
  %3 = ttnn.reshape %d {shape = array<i64: 200, 64>} : tensor<4x50x64xbf16, #hs_rm> -> tensor<200x64xbf16, #bs_rm>
  return
}
