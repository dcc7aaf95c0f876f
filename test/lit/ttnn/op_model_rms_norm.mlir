// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.rms_norm: the normalization program without the mean (bf16 dest:
// blocks of 8 tiles, bf16 intermediates). 64x1024 bf16: input 32 tiles,
// output 16, x^2 32, 2 + 2 + 2 + 8 = 192512 B; a weight adds 32 + 16 tiles.
// Past the single-pass limit: 112-tile chunks (56 with a weight or an f32
// input). Figures: the calibration harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @rms_norm
// STATE-LABEL: op constraints of @rms_norm (stateful)
func.func @rms_norm(%a: tensor<64x1024xbf16, #l1>, %w: tensor<1x1024xbf16, #l1>, %f: tensor<64x1024xf32, #l1f32>, %b: tensor<64x1024xbf16, #bfp8>, %wide: tensor<64x8192xbf16, #l1>, %huge: tensor<32x9984xbf16, #dram>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rms_norm: success cb=192512 l1=2048 total=194560 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=192512 l1=2048 total=194560 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.rms_norm %a : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=290816 l1=2048 total=292864 out=2048
  %1 = ttnn.rms_norm %a weight %w : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=290816 l1=4096 total=294912 out=4096
  %2 = ttnn.rms_norm %f : tensor<64x1024xf32, #l1f32> -> tensor<64x1024xf32, #l1f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=146432 l1=1088 total=147520 out=1088
  %3 = ttnn.rms_norm %b : tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  // Wt = 256 still fits one pass (1110016 B of CBs).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=1110016 l1=16384 total=1126400 out=16384
  %4 = ttnn.rms_norm %wide : tensor<64x8192xbf16, #l1> -> tensor<64x8192xbf16, #l1>
  // Wt = 312 does not: 112-tile chunks.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=751616 l1=0 total=751616 out=0
  %5 = ttnn.rms_norm %huge : tensor<32x9984xbf16, #dram> -> tensor<32x9984xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: backend_error: ttnn.rms_norm: a height-sharded input needs a sharded program config
  %6 = ttnn.rms_norm %s : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  return
}
