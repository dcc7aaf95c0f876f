// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.linear as ttnn 0.81.1 runs it (docs/op-model.md, "Linear"): the
// matmul program, the bias fused into it when a, b and the output are in
// DRAM (or a is block sharded and the output in DRAM), else a broadcast add;
// an activation is one more unary program.
// Figures: the calibration harness's mock Wormhole ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @fused_bias
func.func @fused_bias(%a: tensor<1024x1024xbf16, #dram>, %b: tensor<1024x1024xbf16, #dram>, %bias: tensor<1x1024xbf16, #dram>, %bias32: tensor<1x1024xf32, #dram_f32>) {
  // The 2-D program (4x4 blocks, in0_block_w 4): 65536 + 65536 + 32768 B,
  // and 4 bias tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=172032 l1=0 total=172032 out=0 {{.*}}runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.linear %a, %b bias %bias : tensor<1024x1024xbf16, #dram>, tensor<1024x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<1024x1024xbf16, #dram>
  // Without a bias: ttnn.matmul's program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=163840 l1=0 total=163840 out=0
  %1 = ttnn.linear %a, %b : tensor<1024x1024xbf16, #dram>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #dram>
  // The bias CB is in the bias's format.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=180224 l1=0 total=180224 out=0
  %2 = ttnn.linear %a, %b bias %bias32 : tensor<1024x1024xbf16, #dram>, tensor<1024x1024xbf16, #dram>, tensor<1x1024xf32, #dram_f32> -> tensor<1024x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @bias_add
// STATE-LABEL: op constraints of @bias_add (stateful)
func.func @bias_add(%a: tensor<256x256xbf16, #dram>, %b: tensor<256x256xbf16, #dram>, %bias: tensor<1x256xbf16, #dram>, %bias32: tensor<1x256xf32, #dram_f32>) {
  // An L1 output: MatmulMultiCore (3 x 2 tiles) into a temporary, then the
  // broadcast add (4 x 2 pages, circular buffers): cb = 16384 + 12288, l1 =
  // temporary + output, total = the add's CBs + both.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=28672 l1=4096 total=20480 out=2048
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=28672 l1=4096 total=20480 out=2048 {{.*}}allocs=[l1@{{[0-9]+}}+2048]
  %0 = ttnn.linear %a, %b bias %bias : tensor<256x256xbf16, #dram>, tensor<256x256xbf16, #dram>, tensor<1x256xbf16, #dram> -> tensor<256x256xbf16, #l1>
  // The activation's unary program frees the product; its CBs (2 x 2 pages)
  // are below the matmul's.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=28672 l1=4096 total=20480 out=2048
  %1 = ttnn.linear %a, %b bias %bias activation relu : tensor<256x256xbf16, #dram>, tensor<256x256xbf16, #dram>, tensor<1x256xbf16, #dram> -> tensor<256x256xbf16, #l1>
  // An f32 bias: its CB and the broadcast CB are f32 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=36864 l1=4096 total=28672 out=2048
  %2 = ttnn.linear %a, %b bias %bias32 : tensor<256x256xbf16, #dram>, tensor<256x256xbf16, #dram>, tensor<1x256xf32, #dram_f32> -> tensor<256x256xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @activation
func.func @activation(%a: tensor<1024x256xbf16, #dram>, %b: tensor<256x1024xbf16, #dram>, %bias: tensor<1x1024xbf16, #dram>, %x: tensor<64x1024xbf16, #dram>, %w: tensor<1024x1024xbf16, #dram>) {
  // 16x16 blocks into an L1 temporary; the add's allocation of its output
  // comes while the matmul's 786432 B of CBs are still allocated.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=802816 l1=65536 total=851968 out=32768
  %0 = ttnn.linear %a, %b bias %bias activation gelu : tensor<1024x256xbf16, #dram>, tensor<256x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<1024x1024xbf16, #l1>
  // All in DRAM: the fused bias, then the activation through a DRAM temporary.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=30720 l1=0 total=30720 out=0
  %1 = ttnn.linear %x, %w bias %bias activation silu : tensor<64x1024xbf16, #dram>, tensor<1024x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  return
}

#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 128x128>
#hs_mm = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x256>

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%a: tensor<1024x1024xbf16, #bs>, %b: tensor<1024x1024xbf16, #dram>, %bias: tensor<1x1024xbf16, #dram>, %s: tensor<2048x256xbf16, #hs_mm>, %w: tensor<256x256xbf16, #dram>, %bias256: tensor<1x256xbf16, #dram>) {
  // A block-sharded a: the 2-D program on its grid, then the bias add (a
  // sharded product is never fused with its bias): 131072 + 16384 B of CBs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=147456 l1=65536 total=196608 out=32768
  %0 = ttnn.linear %a, %b bias %bias : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<1024x1024xbf16, #bs>
  // With a DRAM output the bias is fused into the 2-D program (4 tiles).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=172032 l1=0 total=172032 out=0
  %3 = ttnn.linear %a, %b bias %bias : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<1024x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: backend_error: ttnn.linear: a sharded linear takes its activation in the program config's fused_activation, not as an argument (ttnn 0.81.1 rejects it)
  %1 = ttnn.linear %a, %b bias %bias activation relu : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<1024x1024xbf16, #bs>
  // A height-sharded a with a DRAM output: the 1-D program with the bias
  // fused (8 bias tiles, the output block's width).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=163840 l1=0 total=163840 out=0
  %2 = ttnn.linear %s, %w bias %bias256 : tensor<2048x256xbf16, #hs_mm>, tensor<256x256xbf16, #dram>, tensor<1x256xbf16, #dram> -> tensor<2048x256xbf16, #dram>
  return
}
