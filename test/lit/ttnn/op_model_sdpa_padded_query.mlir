// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.scaled_dot_product_attention: a query length that is not a multiple of 32 over a
// tile-multiple key length adds one bf16 tile (2048 B) to the CBs of the tile-multiple query length
// (ttnn 0.81.1 on both mock devices, bf16 and bfp8_b).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram8 = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @padded_query
func.func @padded_query(%q: tensor<2x8x412x96xbf16, #l1>, %k: tensor<2x8x256x96xbf16, #dram>, %q2: tensor<3x4x300x64xbf16, #dram>, %k2: tensor<3x4x512x64xbf16, #l1>, %q3: tensor<1x1x50x128xbf16, #dram8>, %k3: tensor<1x1x64x128xbf16, #dram8>) {
  // Sq 416 takes 79872 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=81920 l1=0 total=81920 out=0
  %0 = ttnn.scaled_dot_product_attention %q, %k, %k : tensor<2x8x412x96xbf16, #l1>, tensor<2x8x256x96xbf16, #dram>, tensor<2x8x256x96xbf16, #dram> -> tensor<2x8x412x96xbf16, #dram>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=61440 l1=8192 total=69632 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=57344 l1=4096 total=61440 out=4096
  %1 = ttnn.scaled_dot_product_attention %q2, %k2, %k2 : tensor<3x4x300x64xbf16, #dram>, tensor<3x4x512x64xbf16, #l1>, tensor<3x4x512x64xbf16, #l1> -> tensor<3x4x300x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=67328 l1=0 total=67328 out=0
  %2 = ttnn.scaled_dot_product_attention %q3, %k3, %k3 : tensor<1x1x50x128xbf16, #dram8>, tensor<1x1x64x128xbf16, #dram8>, tensor<1x1x64x128xbf16, #dram8> -> tensor<1x1x50x128xbf16, #dram8>
  return
}
