// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.layer_norm: ttnn 0.81.1's interleaved multi-core normalization (f32
// dest: blocks of 4 tiles, f32 intermediates). 64x1024 bf16 (Wt = 32): input
// 32 tiles, output 8, x - mean and (x - mean)^2 32 f32 tiles each, ... =
// 401408 B; weight and bias add 32 tiles each and 8 f32 tiles. Rows whose
// CBs pass the single-pass limit stream through 56-tile chunks (28 with
// weight or bias). Figures: the calibration harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @layer_norm
// STATE-LABEL: op constraints of @layer_norm (stateful)
func.func @layer_norm(%a: tensor<64x1024xbf16, #l1>, %w: tensor<1x1024xbf16, #l1>, %d: tensor<2x64x1024xbf16, #dram>, %f: tensor<64x1024xf32, #l1f32>, %big: tensor<64x4096xbf16, #l1>, %wbig: tensor<1x4096xbf16, #l1>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.layer_norm: success cb=401408 l1=2048 total=403456 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=401408 l1=2048 total=403456 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.layer_norm %a : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=565248 l1=2048 total=567296 out=2048
  %1 = ttnn.layer_norm %a weight %w bias %w {epsilon = 1.0e-05 : f32} : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // A bias alone: 8 f32 tiles and its 32 bf16 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=499712 l1=2048 total=501760 out=2048
  %7 = ttnn.layer_norm %a bias %w : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=401408 l1=0 total=401408 out=0
  %2 = ttnn.layer_norm %d : tensor<2x64x1024xbf16, #dram> -> tensor<2x64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=483328 l1=4096 total=487424 out=4096
  %3 = ttnn.layer_norm %f : tensor<64x1024xf32, #l1f32> -> tensor<64x1024xf32, #l1f32>
  // Wt = 128: the large-tensor program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=651264 l1=8192 total=659456 out=8192
  %4 = ttnn.layer_norm %big : tensor<64x4096xbf16, #l1> -> tensor<64x4096xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=512000 l1=8192 total=520192 out=8192
  %5 = ttnn.layer_norm %big weight %wbig bias %wbig : tensor<64x4096xbf16, #l1>, tensor<1x4096xbf16, #l1>, tensor<1x4096xbf16, #l1> -> tensor<64x4096xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: backend_error: ttnn.layer_norm: a height-sharded input needs a sharded program config
  %6 = ttnn.layer_norm %s : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  return
}
