// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.scaled_dot_product_attention: ttnn 0.81.1's SDPA program with 32 x 32
// chunks. head_dim 64 (DHt = 2), causal, 8 q chunks per head (even: the q CB
// is double-buffered): q 4 + k 4 + v 4 + mask 2 + 4 + 2 x 2 + 5 + out 4 tiles
// = 31 x 2048 = 63488 B. Figures: the calibration harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#drambfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x64>

// CHECK-LABEL: op constraints of @sdpa
// STATE-LABEL: op constraints of @sdpa (stateful)
func.func @sdpa(%q: tensor<1x8x256x64xbf16, #dram>, %kv: tensor<1x2x256x64xbf16, #dram>, %q3: tensor<1x8x96x64xbf16, #dram>, %kb: tensor<1x8x256x64xbf16, #drambfp8>, %q1: tensor<1x8x256x64xbf16, #dram>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=4096 total=67584 out=4096 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=4096 total=67584 out=4096 {{.*}} allocs=[l1@1495040+4096]
  %0 = ttnn.scaled_dot_product_attention %q, %kv, %kv {is_causal = true} : tensor<1x8x256x64xbf16, #dram>, tensor<1x2x256x64xbf16, #dram>, tensor<1x2x256x64xbf16, #dram> -> tensor<1x8x256x64xbf16, #l1>
  // Not causal, one q chunk per core: single-buffered q, no mask.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=55296 l1=0 total=55296 out=0
  %1 = ttnn.scaled_dot_product_attention %q, %q1, %q1 : tensor<1x8x256x64xbf16, #dram>, tensor<1x8x256x64xbf16, #dram>, tensor<1x8x256x64xbf16, #dram> -> tensor<1x8x256x64xbf16, #dram>
  // Causal with 3 q chunks (odd): single-buffered q.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=59392 l1=0 total=59392 out=0
  %2 = ttnn.scaled_dot_product_attention %q3, %q3, %q3 {is_causal = true} : tensor<1x8x96x64xbf16, #dram>, tensor<1x8x96x64xbf16, #dram>, tensor<1x8x96x64xbf16, #dram> -> tensor<1x8x96x64xbf16, #dram>
  // bfp8_b key and value: their CBs in bfp8_b (1088 B tiles).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=55808 l1=0 total=55808 out=0
  %3 = ttnn.scaled_dot_product_attention %q, %kb, %kb {is_causal = true} : tensor<1x8x256x64xbf16, #dram>, tensor<1x8x256x64xbf16, #drambfp8>, tensor<1x8x256x64xbf16, #drambfp8> -> tensor<1x8x256x64xbf16, #dram>
  // A sharded output: the same CBs, its buffer one 32x64 shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=55296 l1=4096 total=59392 out=4096 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x64>]
  %4 = ttnn.scaled_dot_product_attention %q, %q1, %q1 : tensor<1x8x256x64xbf16, #dram>, tensor<1x8x256x64xbf16, #dram>, tensor<1x8x256x64xbf16, #dram> -> tensor<1x8x256x64xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @sdpa_rejected
func.func @sdpa_rejected(%q: tensor<1x8x128x64xbf16, #dram>, %k: tensor<1x8x512x64xbf16, #dram>, %f: tensor<1x8x128x64xf32, #dramf32>, %d: tensor<1x8x128x80xbf16, #dram>, %s: tensor<1x8x256x64xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: backend_error: ttnn.scaled_dot_product_attention: causal attention needs equal query and key lengths, got 128 and 512
  %0 = ttnn.scaled_dot_product_attention %q, %k, %k {is_causal = true} : tensor<1x8x128x64xbf16, #dram>, tensor<1x8x512x64xbf16, #dram>, tensor<1x8x512x64xbf16, #dram> -> tensor<1x8x128x64xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: backend_error: ttnn.scaled_dot_product_attention: the query is f32; ttnn's SDPA takes bf16 or bfp8_b
  %1 = ttnn.scaled_dot_product_attention %f, %f, %f : tensor<1x8x128x64xf32, #dramf32>, tensor<1x8x128x64xf32, #dramf32>, tensor<1x8x128x64xf32, #dramf32> -> tensor<1x8x128x64xf32, #dramf32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: backend_error: ttnn.scaled_dot_product_attention: head_dim 80 is not a multiple of 32
  %2 = ttnn.scaled_dot_product_attention %d, %d, %d : tensor<1x8x128x80xbf16, #dram>, tensor<1x8x128x80xbf16, #dram>, tensor<1x8x128x80xbf16, #dram> -> tensor<1x8x128x80xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: backend_error: ttnn.scaled_dot_product_attention: the query is l1 height_sharded
  %3 = ttnn.scaled_dot_product_attention %s, %s, %s : tensor<1x8x256x64xbf16, #hs>, tensor<1x8x256x64xbf16, #hs>, tensor<1x8x256x64xbf16, #hs> -> tensor<1x8x256x64xbf16, #dram>
  return
}
