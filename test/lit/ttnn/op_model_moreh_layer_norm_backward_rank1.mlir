// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.moreh_layer_norm_backward of a rank-1 input: ttnn 0.81.1's gamma/beta
// program runs as on a 1 x W input (11 tiles, one per gradient, one for the
// height mask: the height 1 is not a tile multiple); its input_grad program
// reads the second-to-last dimension and throws (shape_base.cpp). Figures:
// the mock devices (both alike), W = 420 and 512.

// CHECK-LABEL: op constraints of @gamma_grad_420
func.func @gamma_grad_420(%x: tensor<420xbf16, #ttnn.layout<l1, interleaved, bf16>>, %s: tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %g: tensor<1x420xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=26624 l1=0 total=26624 out=0
  %r = ttnn.moreh_layer_norm_backward %x, %x, %s, %s gamma %g {normalized_dims = 1 : i64, input_grad = false, gamma_grad = true} : tensor<420xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<420xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x420xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x420xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @gamma_beta_grads_512
func.func @gamma_beta_grads_512(%x: tensor<512xbf16, #ttnn.layout<l1, interleaved, bf16>>, %s: tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=28672 l1=0 total=28672 out=0
  %r:2 = ttnn.moreh_layer_norm_backward %x, %x, %s, %s {normalized_dims = 1 : i64, input_grad = false, gamma_grad = true, beta_grad = true} : tensor<512xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<512xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x512xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x512xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @input_grad_rank1
func.func @input_grad_rank1(%x: tensor<512xbf16, #ttnn.layout<l1, interleaved, bf16>>, %s: tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: backend_error: {{.*}}rank >= 2 to compute input_grad
  %r = ttnn.moreh_layer_norm_backward %x, %x, %s, %s {normalized_dims = 1 : i64} : tensor<512xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<512xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<512xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
