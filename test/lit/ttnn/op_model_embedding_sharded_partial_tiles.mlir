// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.embedding into height shards of a tiled result of partial tiles (seq not a multiple of 32):
// ttnn 0.81.1 runs the row-major program into row-major shards of the output's spec, pads the rows
// to whole tiles in such shards (pad's height-only program, a padded row of DFB) and tilizes the
// shards (no CB); the pad is freed after the tilize, the row-major result when the op returns
// (graph trace). Measured on both mock devices (fresh edge draws seed 832789653 embedding #17 and
// 8461306 #46 were not_implemented).

#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#ids_l1 = #ttnn.layout<row_major, l1, interleaved, u32>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#tiled = #ttnn.layout<dram, interleaved, bf16>
#tiled_l1 = #ttnn.layout<l1, interleaved, bf16>
#hs448 = #ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 224x448>
#hs64 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x4, shard = 32x64>
#hs256 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x2, shard = 64x256>
#hs128 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x128>

// CHECK-LABEL: op constraints of @row_major_table
func.func @row_major_table(%a: tensor<1x3397xui32, #ids>, %b: tensor<1x100xui32, #ids_l1>, %c: tensor<4x50xui32, #ids>, %w448: tensor<6126x448xbf16, #rm>, %w64: tensor<500x64xbf16, #rm>, %w256: tensor<1000x256xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=896 l1=602112 total=603008 out=200704
  %0 = ttnn.embedding %a, %w448 : tensor<1x3397xui32, #ids>, tensor<6126x448xbf16, #rm> -> tensor<1x3397x448xbf16, #hs448>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=128 l1=12288 total=12416 out=4096
  %1 = ttnn.embedding %b, %w64 : tensor<1x100xui32, #ids_l1>, tensor<500x64xbf16, #rm> -> tensor<1x100x64xbf16, #hs64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=512 l1=98304 total=98816 out=32768
  %2 = ttnn.embedding %c, %w256 : tensor<4x50xui32, #ids>, tensor<1000x256xbf16, #rm> -> tensor<4x50x256xbf16, #hs256>
  return
}

// CHECK-LABEL: op constraints of @tiled_table
func.func @tiled_table(%b: tensor<1x100xui32, #ids_l1>, %g: tensor<1x40xui32, #ids_l1>, %w64: tensor<500x64xbf16, #tiled>, %w128: tensor<256x128xbf16, #tiled_l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=8192 l1=12288 total=12416 out=4096
  %0 = ttnn.embedding %b, %w64 : tensor<1x100xui32, #ids_l1>, tensor<500x64xbf16, #tiled> -> tensor<1x100x64xbf16, #hs64>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=8448 l1=25600 total=25856 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=8448 l1=25088 total=25344 out=8192
  %1 = ttnn.embedding %g, %w128 : tensor<1x40xui32, #ids_l1>, tensor<256x128xbf16, #tiled_l1> -> tensor<1x40x128xbf16, #hs128>
  return
}
