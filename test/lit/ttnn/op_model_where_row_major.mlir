// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.where with a row-major sharded condition (ttnn 0.81.1, measured on both mock devices):
// rows padded to whole shards decide whether shards are even (then the shards are the CBs);
// broadcasts stream as the tiled program does (a row broadcast: 3 more CBs); into interleaved
// memory ttnn writes the result in tiles, so a row-major interleaved result is not_implemented.
// Found on stress draws 531971502 #9 and #4, where the model had said not_implemented, and a
// wrong answer while measuring them (hs rows into L1: the model gave 128 B row-major pages).

#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x7, shard = 32x14>
// CHECK-LABEL: op constraints of @padded_rows_even
func.func @padded_rows_even(%a: tensor<64x94xbf16, #bs>) {
  // 94-element rows padded to 98 in 14-wide shards: even, the native path.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=0 l1=1024 total=1024 out=1024
  %r = ttnn.where %a, %a, %a : tensor<64x94xbf16, #bs>, tensor<64x94xbf16, #bs>, tensor<64x94xbf16, #bs> -> tensor<64x94xbf16, #bs>
  return
}

#bs7 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 7x7, shard = 7x14>
// CHECK-LABEL: op constraints of @padded_rows_uneven
func.func @padded_rows_uneven(%a: tensor<46x94xbf16, #bs7>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=224 total=16608 out=224
  %r = ttnn.where %a, %a, %a : tensor<46x94xbf16, #bs7>, tensor<46x94xbf16, #bs7>, tensor<46x94xbf16, #bs7> -> tensor<46x94xbf16, #bs7>
  return
}

#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 32x64>
#row = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x64>
#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
// CHECK-LABEL: op constraints of @broadcast_and_tiled_result
func.func @broadcast_and_tiled_result(%c: tensor<1x64xbf16, #row>, %a: tensor<64x64xbf16, #hs>, %b: tensor<64x64xbf16, #l1_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=28672 l1=4096 total=32768 out=4096
  %0 = ttnn.where %c, %a, %a : tensor<1x64xbf16, #row>, tensor<64x64xbf16, #hs>, tensor<64x64xbf16, #hs> -> tensor<64x64xbf16, #hs>
  // Four tiles, one a bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=2048 total=18432 out=2048
  %1 = ttnn.where %a, %b, %b : tensor<64x64xbf16, #hs>, tensor<64x64xbf16, #l1_rm>, tensor<64x64xbf16, #l1_rm> -> tensor<64x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: not_implemented
  %2 = ttnn.where %a, %b, %b : tensor<64x64xbf16, #hs>, tensor<64x64xbf16, #l1_rm>, tensor<64x64xbf16, #l1_rm> -> tensor<64x64xbf16, #l1_rm>
  return
}
