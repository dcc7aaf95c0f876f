// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.scaled_dot_product_attention: a key length that is not a multiple of
// the 32-row chunk adds the padded mask (2 bf16 tiles, sdpa.cpp's
// use_padded_mask); a sharded result on a grid with idle cores. Figures: the
// calibration harness's mock-device ones (both devices).

// sdpa 4x12x84x64 kv 4x4x84x64 dram->dram
// CHECK-LABEL: op constraints of @sdpa_4x12x84x64_kv_4x4x84x64_dram_dram_0
// BH-LABEL: op constraints of @sdpa_4x12x84x64_kv_4x4x84x64_dram_dram_0
func.func @sdpa_4x12x84x64_kv_4x4x84x64_dram_dram_0(%a0: tensor<4x12x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=0 total=63488 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=0 total=63488 out=0
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 : tensor<4x12x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<4x12x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// sdpa 1x4x87x96 kv 1x2x87x96 dram->dram
// CHECK-LABEL: op constraints of @sdpa_1x4x87x96_kv_1x2x87x96_dram_dram_1
// BH-LABEL: op constraints of @sdpa_1x4x87x96_kv_1x2x87x96_dram_dram_1
func.func @sdpa_1x4x87x96_kv_1x2x87x96_dram_dram_1(%a0: tensor<1x4x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<1x2x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x2x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=77824 l1=0 total=77824 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=77824 l1=0 total=77824 out=0
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 : tensor<1x4x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x2x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x2x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x4x87x96xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// sdpa 1x16x1024x64 kv 1x2x341x64 dram->dram
// CHECK-LABEL: op constraints of @sdpa_1x16x1024x64_kv_1x2x341x64_dram_dram_2
// BH-LABEL: op constraints of @sdpa_1x16x1024x64_kv_1x2x341x64_dram_dram_2
func.func @sdpa_1x16x1024x64_kv_1x2x341x64_dram_dram_2(%a0: tensor<1x16x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=0 total=63488 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=0 total=63488 out=0
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 : tensor<1x16x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x16x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// sdpa 1x16x1024x64 kv 1x2x341x64 dram->dram bfp8_b
// CHECK-LABEL: op constraints of @sdpa_1x16x1024x64_kv_1x2x341x64_dram_dram_bfp8_b_3
// BH-LABEL: op constraints of @sdpa_1x16x1024x64_kv_1x2x341x64_dram_dram_bfp8_b_3
func.func @sdpa_1x16x1024x64_kv_1x2x341x64_dram_dram_bfp8_b_3(%a0: tensor<1x16x1024x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %a1: tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %a2: tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=48128 l1=0 total=48128 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=48128 l1=0 total=48128 out=0
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 : tensor<1x16x1024x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<1x2x341x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<1x16x1024x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}

// sdpa 1x8x256x64 kv 1x8x256x64 dram->g:hs:8x8:64x64
// CHECK-LABEL: op constraints of @sdpa_1x8x256x64_kv_1x8x256x64_dram_g_hs_8x8_64x64_4
// BH-LABEL: op constraints of @sdpa_1x8x256x64_kv_1x8x256x64_dram_g_hs_8x8_64x64_4
func.func @sdpa_1x8x256x64_kv_1x8x256x64_dram_g_hs_8x8_64x64_4(%a0: tensor<1x8x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<1x8x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x8x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=55296 l1=8192 total=63488 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=55296 l1=8192 total=63488 out=8192
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 : tensor<1x8x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x8x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x8x256x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x8x256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// sdpa 4x12x84x64 kv 4x4x84x64 dram->g:bs:3x1:1536x64
// CHECK-LABEL: op constraints of @sdpa_4x12x84x64_kv_4x4x84x64_dram_g_bs_3x1_1536x64_5
// BH-LABEL: op constraints of @sdpa_4x12x84x64_kv_4x4x84x64_dram_g_bs_3x1_1536x64_5
func.func @sdpa_4x12x84x64_kv_4x4x84x64_dram_g_bs_3x1_1536x64_5(%a0: tensor<4x12x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=196608 total=260096 out=196608
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=196608 total=260096 out=196608
  %r = ttnn.scaled_dot_product_attention %a0, %a1, %a2 : tensor<4x12x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<4x4x84x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<4x12x84x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 3x1, shard = 1536x64>>
  return
}
