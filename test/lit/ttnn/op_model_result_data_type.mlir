// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Ops that take no data type (softmax, layer_norm / rms_norm, SDPA,
// rotary_embedding, concatenate_heads: ttnn 0.81.1's signatures) write their
// result in the input's: a result type in another data type would misstate
// what ttnn returns, so the model says not_implemented (the eltwise rule).
// The calls are seed 7's draws with the result's bf16 layout made bfp8_b.

// attention #1: sdpa q 1x32x527x64 dram kv 1x4x527x64 l1 -> 1x32x527x64 l1 causal
// CHECK-LABEL: op constraints of @attention
func.func @attention(%a0: tensor<1x32x527x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<1x4x527x64xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a2: tensor<1x4x527x64xbf16, #ttnn.layout<l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} not_implemented: {{.*}} but ttnn writes it in bf16
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 {is_causal = true} : tensor<1x32x527x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x4x527x64xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x4x527x64xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1x32x527x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}

// concatenate_heads #0: concatenate_heads 1x1x505x64 dram -> l1
// CHECK-LABEL: op constraints of @concatenate_heads
func.func @concatenate_heads(%a0: tensor<1x1x505x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} not_implemented: {{.*}} but ttnn writes it in bf16
  %r = ttnn.concatenate_heads %a0 : tensor<1x1x505x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x505x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}

// normalization #1: rms_norm 672 l1 -> l1 (bias 672 dram) eps 1e-05
// CHECK-LABEL: op constraints of @normalization
func.func @normalization(%a0: tensor<672xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a1: tensor<672xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} not_implemented: {{.*}} but ttnn writes it in bf16
  %r = ttnn.rms_norm %a0 bias %a1 {epsilon = 1.000000e-05 : f32} : tensor<672xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<672xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<672xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}

// rotary embedding #1: rotary_embedding 2x8x128x32 l1 tables 1x1x128x32 dram -> 2x8x128x32 dram
// CHECK-LABEL: op constraints of @rotary_embedding
func.func @rotary_embedding(%a0: tensor<2x8x128x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a1: tensor<1x1x128x32xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x128x32xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} not_implemented: {{.*}} but ttnn writes it in bf16
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<2x8x128x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x128x32xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x128x32xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x8x128x32xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}

// softmax #7: softmax 224x864 dram -> dram dim -1
// CHECK-LABEL: op constraints of @softmax
func.func @softmax(%a0: tensor<224x864xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} not_implemented: {{.*}} but ttnn writes it in bf16
  %r = ttnn.softmax %a0 {dimension = -1 : si32} : tensor<224x864xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<224x864xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}
