// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// layer_norm of an interleaved row-major input into row-major shards: the
// program that tilizes and untilizes in its kernels, with the CBs it has
// into interleaved memory; the shards are allocated as asked (height, width,
// block, uneven too). A row-major last dimension that is not a tile
// multiple is rejected before any placement is looked at. Figures: ttnn
// 0.81.1 on both mock devices (the same on both).

#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#dram_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x8, shard = 2048x32>
#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x4, shard = 256x64>
#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 32x256>
#hs7 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 7x1, shard = 48x320>
#hs_odd = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 7x3, shard = 98x277>

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<1x2x1024x256xbf16, #dram>, %b: tensor<1x2x1024x256xbf16, #l1>, %c: tensor<3x100x320xf32, #dram_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=188416 l1=131072 total=319488 out=131072
  %0 = ttnn.layer_norm %a : tensor<1x2x1024x256xbf16, #dram> -> tensor<1x2x1024x256xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=188416 l1=32768 total=221184 out=32768
  %1 = ttnn.layer_norm %b : tensor<1x2x1024x256xbf16, #l1> -> tensor<1x2x1024x256xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=188416 l1=16384 total=204800 out=16384
  %2 = ttnn.layer_norm %a : tensor<1x2x1024x256xbf16, #dram> -> tensor<1x2x1024x256xbf16, #hs>
  // 300 rows in 7 shards of 48.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=319488 l1=61440 total=380928 out=61440
  %3 = ttnn.layer_norm %c : tensor<3x100x320xf32, #dram_f32> -> tensor<3x100x320xf32, #hs7>
  return
}

// CHECK-LABEL: op constraints of @unaligned_rows
func.func @unaligned_rows(%a: tensor<1x2x1024x277xf32, #dram_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: backend_error: ttnn.layer_norm: a row-major input's last dimension (277) must be a multiple of 32
  %0 = ttnn.layer_norm %a : tensor<1x2x1024x277xf32, #dram_f32> -> tensor<1x2x1024x277xf32, #hs_odd>
  return
}
