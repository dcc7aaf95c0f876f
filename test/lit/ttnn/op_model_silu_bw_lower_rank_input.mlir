// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// silu_bw with an x of lower rank than grad (leading 1s): sigmoid(x) and the
// temporaries derived from it keep x's shape, so grad * sigmoid(x) and the
// last multiply see operands of two shapes and binary_ng streams them through
// 2-page CBs even where every tensor is sharded alike. Figures: mock-device
// measurements, the same on both devices (fresh stress draw seed 627044355
// activation backward #42 was the first function).

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 7x2, shard = 32x128>
#bs8 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 7x2, shard = 32x128>
#l18 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x256>
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 1x4, shard = 128x64>

// CHECK-LABEL: op constraints of @mixed_types_uneven_shards
func.func @mixed_types_uneven_shards(%g: tensor<1x224x204xbf16, #bs>, %x: tensor<224x204xbf16, #l18>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=14720 l1=29952 total=36480 out=4352
  %0 = ttnn.silu_bw %g, %x : tensor<1x224x204xbf16, #bs>, tensor<224x204xbf16, #l18> -> tensor<1x224x204xbf16, #bs8>
  return
}

// CHECK-LABEL: op constraints of @even_shards
func.func @even_shards(%g: tensor<1x1x256x256xbf16, #hs>, %x: tensor<256x256xbf16, #hs>, %gw: tensor<1x128x256xf32, #ws>, %xw: tensor<128x256xf32, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=18432 l1=196608 total=198656 out=32768
  %0 = ttnn.silu_bw %g, %x : tensor<1x1x256x256xbf16, #hs>, tensor<256x256xbf16, #hs> -> tensor<1x1x256x256xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=24576 l1=196608 total=200704 out=32768
  %1 = ttnn.silu_bw %gw, %xw : tensor<1x128x256xf32, #ws>, tensor<128x256xf32, #ws> -> tensor<1x128x256xf32, #ws>
  return
}
