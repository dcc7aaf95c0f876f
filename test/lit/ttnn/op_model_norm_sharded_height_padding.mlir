// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm's sharded program on an input padded in height only: the
// same CBs as for whole tiles (they follow the shard shape; measured on both
// devices, bf16 / f32 / bfp8_b, block and width shards, ranks 2 and 3).

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
