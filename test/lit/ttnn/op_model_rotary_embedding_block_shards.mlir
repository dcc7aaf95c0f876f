// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.rotary_embedding with block shards: ttnn 0.81.1's program takes a sharded input's shard
// spec (grid and shard) whatever its memory layout, so block shards as wide as the padded head
// dim run as height shards do (their CB is the shard), and a block-sharded output gets that spec
// too (rejected when it does not fit the grid's rows). Measured on both mock devices; found as
// not_implemented on draws 266628611 #25 and stress 44406674 #43.

#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 3x1, shard = 2304x64>
#hs_out = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x2, shard = 448x64>
#dram8 = #ttnn.layout<dram, interleaved, bfp8_b>
// CHECK-LABEL: op constraints of @block_input
func.func @block_input(%x: tensor<2x2x1708x64xbf16, #bs>, %t: tensor<1x1x1708x64xbf16, #dram8>) {
  // The output takes the input's 2304x64 shards, not the 448x64 asked for.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=18368 l1=156672 total=175040 out=156672
  %r = ttnn.rotary_embedding %x, %t, %t : tensor<2x2x1708x64xbf16, #bs>, tensor<1x1x1708x64xbf16, #dram8>, tensor<1x1x1708x64xbf16, #dram8> -> tensor<2x2x1708x64xbf16, #hs_out>
  return
}

#bs_idle = #ttnn.layout<l1, block_sharded, bf16, grid = 2x4, shard = 1024x128>
#dram = #ttnn.layout<dram, interleaved, bf16>
// CHECK-LABEL: op constraints of @idle_grid_columns
func.func @idle_grid_columns(%x: tensor<1x8x256x128xbf16, #bs_idle>, %t: tensor<1x1x256x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=73728 l1=0 total=73728 out=0
  %r = ttnn.rotary_embedding %x, %t, %t : tensor<1x8x256x128xbf16, #bs_idle>, tensor<1x1x256x128xbf16, #dram>, tensor<1x1x256x128xbf16, #dram> -> tensor<1x8x256x128xbf16, #dram>
  return
}

#bs4 = #ttnn.layout<l1, block_sharded, bf16, grid = 4x1, shard = 512x32>
#bs_out = #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 1024x32>
#hs_in = #ttnn.layout<l1, height_sharded, bf16, grid = 2x4, shard = 256x32>
#bs_full = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 32x32>
// CHECK-LABEL: op constraints of @block_output
func.func @block_output(%x: tensor<1x8x234x32xbf16, #bs4>, %y: tensor<1x8x234x32xbf16, #hs_in>, %t: tensor<1x1x234x32xbf16, #dram>) {
  // The input's 512x32 shards on its 4x1 grid, not the 2x2 grid asked for.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=16384 l1=32768 total=49152 out=32768
  %0 = ttnn.rotary_embedding %x, %t, %t : tensor<1x8x234x32xbf16, #bs4>, tensor<1x1x234x32xbf16, #dram>, tensor<1x1x234x32xbf16, #dram> -> tensor<1x8x234x32xbf16, #bs_out>
  // Eight 256-row shards down a grid of two rows: ttnn's shard grid fit TT_FATAL.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: backend_error
  %1 = ttnn.rotary_embedding %y, %t, %t : tensor<1x8x234x32xbf16, #hs_in>, tensor<1x1x234x32xbf16, #dram>, tensor<1x1x234x32xbf16, #dram> -> tensor<1x8x234x32xbf16, #bs_full>
  return
}
