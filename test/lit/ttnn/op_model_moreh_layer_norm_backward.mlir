// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.moreh_layer_norm_backward: ttnn 0.81.1 allocates the gradients, then
// runs its input_grad program (small: 2 N + 14 bf16 tiles for N normalized
// tiles, + 1 with gamma; large: 15) and its gamma/beta program (11 tiles +
// 1 per gradient); the CB peak is the larger. Figures: the calibration
// harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>

// 64x1024 over the last dimension: N = 32, 78 tiles; with gamma 79.
// CHECK-LABEL: op constraints of @input_grad
func.func @input_grad(%dy: tensor<64x1024xbf16, #l1>, %s: tensor<1x64xbf16, #l1>, %g: tensor<1x1024xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=159744 l1=2048 total=161792 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.moreh_layer_norm_backward %dy, %dy, %s, %s {normalized_dims = 1 : i64} : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1>, tensor<1x64xbf16, #l1>, tensor<1x64xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // Three gradients in L1, 2048 B per bank each; the input_grad program's
  // 79 tiles are the CB peak.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=161792 l1=6144 total=167936 out=6144
  %1:3 = ttnn.moreh_layer_norm_backward %dy, %dy, %s, %s gamma %g {normalized_dims = 1 : i64, gamma_grad = true, beta_grad = true} : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1>, tensor<1x64xbf16, #l1>, tensor<1x64xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1>, tensor<1x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @gamma_beta
func.func @gamma_beta(%dy: tensor<64x1024xbf16, #dram>, %s: tensor<1x64xbf16, #dram>, %h: tensor<100x1024xbf16, #dram>, %sh: tensor<1x100xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=24576 l1=0 total=24576 out=0
  %0 = ttnn.moreh_layer_norm_backward %dy, %dy, %s, %s {normalized_dims = 1 : i64, input_grad = false, gamma_grad = true} : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram>, tensor<1x64xbf16, #dram>, tensor<1x64xbf16, #dram> -> tensor<1x1024xbf16, #dram>
  // A height of 100 rows: one mask tile more.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=28672 l1=0 total=28672 out=0
  %1:2 = ttnn.moreh_layer_norm_backward %h, %h, %sh, %sh {normalized_dims = 1 : i64, input_grad = false, gamma_grad = true, beta_grad = true} : tensor<100x1024xbf16, #dram>, tensor<100x1024xbf16, #dram>, tensor<1x100xbf16, #dram>, tensor<1x100xbf16, #dram> -> tensor<1x1024xbf16, #dram>, tensor<1x1024xbf16, #dram>
  return
}

// The switch: 681 tiles (N = 333 with gamma) reach Wormhole's L1 above the
// allocator's base (large, 16 tiles) but not Blackhole's.
// CHECK-LABEL: op constraints of @switch
// BH-LABEL: op constraints of @switch
func.func @switch(%dy: tensor<32x10656xbf16, #dram>, %s: tensor<1x32xbf16, #dram>, %g: tensor<1x10656xbf16, #dram>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=32768 l1=0 total=32768 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=1394688 l1=0 total=1394688 out=0
  %0 = ttnn.moreh_layer_norm_backward %dy, %dy, %s, %s gamma %g {normalized_dims = 1 : i64} : tensor<32x10656xbf16, #dram>, tensor<32x10656xbf16, #dram>, tensor<1x32xbf16, #dram>, tensor<1x32xbf16, #dram>, tensor<1x10656xbf16, #dram> -> tensor<32x10656xbf16, #dram>
  return
}

// ttnn 0.81.1 takes bf16 tensors only.
// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%dy: tensor<64x1024xbf16, #bfp8>, %s: tensor<1x64xbf16, #bfp8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: backend_error: ttnn.moreh_layer_norm_backward: output_grad dram interleaved bfp8_b must be bf16 (ttnn 0.81.1 accepts no other type)
  %0 = ttnn.moreh_layer_norm_backward %dy, %dy, %s, %s {normalized_dims = 1 : i64} : tensor<64x1024xbf16, #bfp8>, tensor<64x1024xbf16, #bfp8>, tensor<1x64xbf16, #bfp8>, tensor<1x64xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  return
}
