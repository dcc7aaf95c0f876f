// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm's sharded program on tile padding: padded in height only,
// the same CBs as for whole tiles (they follow the shard shape); a padded
// last dimension adds (2 x shard tile rows + 1) x shard tile columns bf16
// tiles (measured on both devices, bf16 / f32 / bfp8_b, block and width
// shards, ranks 1 to 3).

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x2, shard = 192x352>
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 1x4, shard = 64x128>
#bs8 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 2x2, shard = 64x128>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @height_padding
func.func @height_padding(%a: tensor<3x57x704xbf16, #bs>, %w: tensor<50x512xf32, #ws>, %wb: tensor<512xf32, #dram_f32>, %q: tensor<100x256xbf16, #bs8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=700416 l1=135168 total=835584 out=135168
  %0 = ttnn.layer_norm %a {epsilon = 1.0e-06 : f32} : tensor<3x57x704xbf16, #bs> -> tensor<3x57x704xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=167936 l1=32768 total=200704 out=32768
  %1 = ttnn.layer_norm %w bias %wb {epsilon = 1.0e-06 : f32} : tensor<50x512xf32, #ws>, tensor<512xf32, #dram_f32> -> tensor<50x512xf32, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=135168 l1=8704 total=143872 out=8704
  %2 = ttnn.layer_norm %q {epsilon = 1.0e-06 : f32} : tensor<100x256xbf16, #bs8> -> tensor<100x256xbf16, #bs8>
  return
}

#bs3 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 32x256>
#ws2 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 96x64>
#bs22 = #ttnn.layout<l1, block_sharded, f32, grid = 2x2, shard = 64x96>
#l1_row = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @width_padding
func.func @width_padding(%a: tensor<756xbf16, #bs3>, %w: tensor<756xbf16, #l1_row>, %b: tensor<96x100xbf16, #ws2>, %c: tensor<128x180xf32, #bs22>) {
  // 3 x 8 more bf16 tiles than 768 columns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=188416 l1=16384 total=204800 out=16384
  %0 = ttnn.layer_norm %a weight %w {epsilon = 1.0e-06 : f32} : tensor<756xbf16, #bs3>, tensor<756xbf16, #l1_row> -> tensor<756xbf16, #bs3>
  // 7 x 2 more.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=172032 l1=12288 total=184320 out=12288
  %1 = ttnn.layer_norm %b {epsilon = 1.0e-06 : f32} : tensor<96x100xbf16, #ws2> -> tensor<96x100xbf16, #ws2>
  // 5 x 3 more, bf16 beside f32.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=149504 l1=24576 total=174080 out=24576
  %2 = ttnn.layer_norm %c {epsilon = 1.0e-06 : f32} : tensor<128x180xf32, #bs22> -> tensor<128x180xf32, #bs22>
  return
}
